import Foundation

/// A sheet of paper: a named size or any `WxH` with units. Sizes are kept as given; ``size(in:)`` turns
/// them to an orientation.
public struct Paper: Sendable, Hashable, CustomStringConvertible {
    /// `A4`, `Letter`… or nil for a size given as `WxH`.
    public var name: String?
    /// Width and height in points, as given.
    public var points: CGSize

    /// Paper of `width` × `height` as given, named when it is a standard size.
    public init(name: String? = nil, width: Length, height: Length) {
        self.name = name
        points = CGSize(width: width.points, height: height.points)
    }

    /// ISO 216: 594 × 841 mm.
    public static let a1 = Paper(name: "A1", width: .millimetres(594), height: .millimetres(841))
    /// ISO 216: 420 × 594 mm.
    public static let a2 = Paper(name: "A2", width: .millimetres(420), height: .millimetres(594))
    /// ISO 216: 297 × 420 mm.
    public static let a3 = Paper(name: "A3", width: .millimetres(297), height: .millimetres(420))
    /// ISO 216: 210 × 297 mm (595.2756 × 841.8898 pt).
    public static let a4 = Paper(name: "A4", width: .millimetres(210), height: .millimetres(297))
    /// ISO 216: 148 × 210 mm.
    public static let a5 = Paper(name: "A5", width: .millimetres(148), height: .millimetres(210))
    /// ANSI A: 8.5 × 11 in (612 × 792 pt).
    public static let letter = Paper(name: "Letter", width: .inches(8.5), height: .inches(11))
    /// 8.5 × 14 in (612 × 1008 pt).
    public static let legal = Paper(name: "Legal", width: .inches(8.5), height: .inches(14))
    /// ANSI B: 11 × 17 in (792 × 1224 pt).
    public static let tabloid = Paper(name: "Tabloid", width: .inches(11), height: .inches(17))
    /// Letter cut in half: 5.5 × 8.5 in (396 × 612 pt), also called Statement.
    public static let halfLetter = Paper(name: "Half-Letter", width: .inches(5.5), height: .inches(8.5))

    /// The named sizes, in the order help text lists them.
    public static let named: [(name: String, paper: Paper)] = [
        ("A4", .a4), ("Letter", .letter), ("A3", .a3), ("Tabloid", .tabloid), ("Legal", .legal),
        ("A5", .a5), ("Half-Letter", .halfLetter), ("A2", .a2), ("A1", .a1),
    ]

    /// A name (any case: `a4`, `Letter`, `half-letter` or `half letter`) or `WxH` with units:
    /// `210x297mm`, `8.5x11in`, `8.5inx297mm`.
    /// A unit written once, after the height, applies to both sides.
    public init(parsing text: String) throws(PrintLayoutError) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let key = trimmed.lowercased().replacingOccurrences(of: " ", with: "-").replacingOccurrences(of: "_", with: "-")
        if let named = Self.named.first(where: { $0.name.lowercased() == key }) {
            self = named.paper
            return
        }
        let sides = trimmed.lowercased().split(whereSeparator: { $0 == "x" || $0 == "×" }).map(String.init)
        guard sides.count == 2 else { throw .unknownPaper(trimmed) }
        var widthText = sides[0].trimmingCharacters(in: .whitespaces)
        let heightText = sides[1].trimmingCharacters(in: .whitespaces)
        // `8.5x11` has no unit at all: say how to write a paper, not which unit is missing.
        guard let unitStart = heightText.firstIndex(where: \.isLetter) else { throw .unknownPaper(trimmed) }
        if !widthText.contains(where: \.isLetter) {
            widthText += heightText[unitStart...]
        }
        let width = try Length(parsing: widthText)
        let height = try Length(parsing: heightText)
        guard width.points > 0, height.points > 0 else { throw .unknownPaper(trimmed) }
        self.init(width: width, height: height)
    }

    /// The page size in `orientation`: portrait puts the short side across.
    public func size(in orientation: Orientation) -> CGSize {
        let short = min(points.width, points.height)
        let long = max(points.width, points.height)
        return orientation == .portrait ? CGSize(width: short, height: long) : CGSize(width: long, height: short)
    }

    /// `A4`, or for a `WxH` paper its size in millimetres: `100x150mm`.
    public var description: String {
        name ?? "\(Length.format(Length(points: points.width).millimetres))x\(Length.format(Length(points: points.height).millimetres))mm"
    }
}

/// Which way a page is turned.
public enum Orientation: String, Sendable, CaseIterable {
    /// The short side across the top.
    case portrait
    /// The long side across the top.
    case landscape
}

/// Whether cards are turned a quarter turn on a sheet: never, always, or when that fits more.
public enum CardRotationChoice: String, Sendable, CaseIterable {
    /// Turned only when that fits more cards than upright in every orientation allowed.
    case automatic
    /// Always upright.
    case never
    /// Always on their side, their tops towards the page's right.
    case always
}

/// The orientation a user asks for: one of the two, or whichever fits the most cards.
public enum OrientationChoice: String, Sendable, CaseIterable {
    /// Whichever orientation holds more cards; portrait when they hold the same.
    case automatic
    /// Taller than wide.
    case portrait
    /// Wider than tall.
    case landscape
}
