import Foundation

/// A card size games are printed and sleeved in, by the name designers use for it: the one list
/// of named card sizes that `--size`, templates' `card.size` and help text read. Published
/// dimensions and where they come from are in docs/sources.md (Card sizes).
public struct NamedCardSize: Sendable, Hashable {
    /// The name as written: `poker`, `mini-euro`.
    public var name: String
    /// The trim width, in the unit it is published in.
    public var width: Length
    /// The trim height, in the unit it is published in.
    public var height: Length
    /// `2.5×3.5 in` or `44×68 mm`: the size as published, for help text.
    public var published: String

    init(_ name: String, _ width: CGFloat, by height: CGFloat, _ unit: Length.Unit) {
        self.name = name
        self.width = Length(width, unit)
        self.height = Length(height, unit)
        published = "\(Length.format(width))×\(Length.format(height)) \(unit.rawValue)"
    }

    /// Width and height in points, portrait.
    public var points: CGSize { CGSize(width: width.points, height: height.points) }

    /// 2.5 × 3.5 in: playing cards and most trading card games.
    public static let poker = NamedCardSize("poker", 2.5, by: 3.5, .inches)
    /// 2.25 × 3.5 in: narrower playing cards, for holding many.
    public static let bridge = NamedCardSize("bridge", 2.25, by: 3.5, .inches)

    /// Every named size, poker and bridge first (the playing-card sizes), then the smallest to the largest.
    public static let all: [NamedCardSize] = [
        .poker, .bridge,
        NamedCardSize("mini-usa", 41, by: 63, .millimetres),
        NamedCardSize("mini", 1.75, by: 2.5, .inches),
        NamedCardSize("mini-euro", 44, by: 68, .millimetres),
        NamedCardSize("chimera", 57.5, by: 89, .millimetres),
        NamedCardSize("japanese", 59, by: 86, .millimetres),
        NamedCardSize("euro", 59, by: 92, .millimetres),
        NamedCardSize("square", 70, by: 70, .millimetres),
        NamedCardSize("tarot", 70, by: 120, .millimetres),
    ]

    /// The size named `text` (any case, surrounding spaces ignored), or nil.
    public static func named(_ text: String) -> NamedCardSize? {
        let lowered = text.trimmingCharacters(in: .whitespaces).lowercased()
        return all.first { $0.name == lowered }
    }

    /// `poker (2.5×3.5 in), bridge (2.25×3.5 in), …`: every name with its size, for help text.
    public static var listed: String { all.map { "\($0.name) (\($0.published))" }.joined(separator: ", ") }
}
