import Foundation

/// A card's `WxH` as written, for templates and the built-in deck alike: two sides split at `x`
/// or `×`, a unit written only after the height applying to the width too (`63x88mm`), and the
/// refusal of a bare side too small to be meant as points (`2.5x3.5`).
public enum WrittenSize {
    /// Sides under this many points must have a unit: a bare number is points, and `2.5x3.5`
    /// (meant as inches) would silently make a card of 2.5 × 3.5 pt, a few pixels.
    public static let smallestSideWithoutUnit: CGFloat = 72

    /// The width and height as length texts (lowercased, trimmed), the width given the height's
    /// unit when it has none; nil when `text` is not two sides.
    public static func sides(of text: String) -> (width: String, height: String)? {
        let parts = text.trimmingCharacters(in: .whitespaces).lowercased().split(whereSeparator: { $0 == "×" })
            .flatMap { $0.split(separator: "x", maxSplits: 1) }
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2 else { return nil }
        let unit = String(parts[1].drop(while: { !$0.isLetter }))
        return (parts[0].contains(where: \.isLetter) ? parts[0] : parts[0] + unit, parts[1])
    }

    /// Why `text` (split into `sides`) needs a unit, suggesting the size with the unit the other
    /// side has, else inches for small numbers, else millimetres; nil when no side is a bare
    /// number under ``smallestSideWithoutUnit``. `offeringPoints` adds the spelling that keeps
    /// points, for sizes where a tiny card is a real choice.
    public static func missingUnit(in sides: (width: String, height: String), text: String,
                                   offeringPoints: Bool = false) -> String? {
        let written = [sides.width, sides.height]
        let numbers = written.map { Double($0) }
        guard numbers.contains(where: { $0.map { $0 > 0 && $0 < Double(smallestSideWithoutUnit) } ?? false }) else { return nil }
        let given = written.first { Double($0) == nil }.map { String($0.drop(while: { !$0.isLetter })) }
        let values = written.map { String($0.prefix(while: { !$0.isLetter })).trimmingCharacters(in: .whitespaces) }
        let unit = given ?? (numbers.allSatisfy { ($0 ?? 0) <= 20 } ? "in" : "mm")
        let size = values.joined(separator: "x")
        return "card size \"\(text)\" needs a unit: a bare number is points, so this card would be "
            + "\(values.joined(separator: " × ")) pt; write \(size)\(unit)"
            + (offeringPoints ? " (or \(size)pt for so small a card)" : "")
    }
}
