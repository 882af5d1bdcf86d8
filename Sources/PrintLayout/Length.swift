import Foundation

/// A distance on paper, kept in PostScript points (1/72 in), the unit of PDF pages and of the project's canvases.
///
/// Parse one from what a user types (`3mm`, `0.125in`, `1/8in`, `9pt`); every parse error is one line
/// that names the text.
public struct Length: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The units a length may be written in.
    public enum Unit: String, Sendable, CaseIterable {
        /// PostScript points, 1/72 in: `9pt`.
        case points = "pt"
        /// `0.125in` or `1/8in`.
        case inches = "in"
        /// `3mm`.
        case millimetres = "mm"
        /// `2.5cm`, ten millimetres each.
        case centimetres = "cm"

        /// Points in one of this unit: 1 in = 72 pt exactly, 1 mm = 72 / 25.4 pt, 1 cm = 10 mm.
        public var points: CGFloat {
            switch self {
            case .points: 1
            case .inches: 72
            case .millimetres: 72 / 25.4
            case .centimetres: 720 / 25.4
            }
        }
    }

    /// The distance in points.
    public var points: CGFloat

    /// A length of `points` points.
    public init(points: CGFloat) {
        self.points = points
    }

    /// `value` in `unit`: `Length(3, .millimetres)`.
    public init(_ value: CGFloat, _ unit: Unit) {
        // Centimetres are counted as ten millimetres, so `2.5cm` and `25mm` are the same bits.
        points = unit == .centimetres ? value * 10 * Unit.millimetres.points : value * unit.points
    }

    /// `value` points.
    public static func points(_ value: CGFloat) -> Length { Length(value, .points) }
    /// `value` inches (72 pt each).
    public static func inches(_ value: CGFloat) -> Length { Length(value, .inches) }
    /// `value` millimetres (72 / 25.4 pt each).
    public static func millimetres(_ value: CGFloat) -> Length { Length(value, .millimetres) }

    /// No distance: no bleed, no gutter.
    public static let zero = Length(points: 0)

    /// The distance in `unit`.
    public func value(in unit: Unit) -> CGFloat { points / unit.points }

    /// The length in inches.
    public var inches: CGFloat { value(in: .inches) }
    /// The length in millimetres.
    public var millimetres: CGFloat { value(in: .millimetres) }

    /// Pixels this length covers at `dotsPerInch`, not rounded.
    public func pixels(atDPI dotsPerInch: CGFloat) -> CGFloat { inches * dotsPerInch }

    /// 100 in (2.54 m): larger than A0's long side (46.8 in), so anything over it is a typo, not a paper.
    public static let largestAccepted = Length.inches(100)

    /// Parses a number and its unit in ``WrittenLength``'s grammar: `3mm`, `0.125in`, `1/8in`, `9pt`,
    /// `2.5cm`, `2.5 in`; a bare number is in points (`9`), as everywhere in the project (templates,
    /// `--size`). Refuses `px` and `%` (a distance on paper has neither a dpi nor a reference), negative,
    /// non-finite and absurd lengths (over `largest`, by default ``largestAccepted``).
    public init(parsing text: String, largest: Length = Length.largestAccepted) throws(PrintLayoutError) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let written: WrittenLength
        do { written = try WrittenLength(parsing: trimmed) } catch {
            switch error {
            case .notALength: throw .notALength(trimmed)
            case .notFinite: throw .notFiniteLength(trimmed)
            case .unknownUnit, .percentWithoutReference: throw .unknownUnit(trimmed)
            }
        }
        guard case let .absolute(length) = written else { throw .unknownUnit(trimmed) }
        guard length.points >= 0 else { throw .negativeLength(trimmed) }
        guard length <= largest else { throw .absurdLength(trimmed) }
        self = length
    }

    public static func < (lhs: Length, rhs: Length) -> Bool { lhs.points < rhs.points }

    /// In the unit that states it most simply: inches with at most 3 decimals (`0.125in`), else
    /// millimetres with at most 2 (`3mm`), else points.
    public var description: String {
        for (unit, scale) in [(Unit.inches, CGFloat(1000)), (.millimetres, 100)] {
            let scaled = value(in: unit) * scale
            if abs(scaled - scaled.rounded()) < 1e-6 { return "\(Self.format(scaled.rounded() / scale))\(unit.rawValue)" }
        }
        return "\(Self.format(points))pt"
    }

    /// Shortest decimal with at most 4 places: 595.2756, 18, 0.125.
    static func format(_ value: CGFloat) -> String {
        let rounded = (value * 10_000).rounded() / 10_000
        if let whole = Int(exactly: rounded) { return String(whole) }
        return String(Double(rounded))
    }
}
