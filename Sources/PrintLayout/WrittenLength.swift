import Foundation

/// A length as written, in the project's one grammar for lengths: a decimal or a fraction `a/b`,
/// then a unit: `pt`, `in`, `mm`, `cm`, `px` where a dpi is known, `%` where there is a reference
/// length (a template layer's box, say); a bare number is points. Spaces around the number and
/// the unit and the unit's case do not matter. The sign is kept: the reader decides whether a
/// negative length means something, and how large one may be.
///
/// `Length(parsing:)` (print options, paper and card sizes) and templates' lengths both read
/// through it, so the same text is the same distance everywhere.
public enum WrittenLength: Sendable, Hashable {
    /// A distance (`3mm`, `1/8in`, `9`).
    case absolute(Length)
    /// A fraction of the reference: 0.5 for `50%`.
    case fraction(CGFloat)

    /// Why a text is not a length.
    public enum Problem: Error, Sendable, Hashable {
        /// No number, or not a decimal or fraction (`mm`, `1/0in`, `0x10`).
        case notALength
        /// Infinity, NaN, or a decimal too long for a number.
        case notFinite
        /// A unit the grammar does not know here, as written (lowercased): `furlongs`, or `px`
        /// without a dpi.
        case unknownUnit(String)
        /// `%` where there is no reference length.
        case percentWithoutReference
    }

    /// Parses `text`. `dpi` gives `px` its size (without one `px` is an unknown unit);
    /// `allowsPercent` accepts `%`.
    public init(parsing text: String, dpi: CGFloat? = nil, allowsPercent: Bool = false) throws(Problem) {
        let lowered = text.trimmingCharacters(in: .whitespaces).lowercased()
        if ["inf", "-inf", "+inf", "nan"].contains(where: { lowered.hasPrefix($0) }) { throw .notFinite }
        let unitStart = lowered.firstIndex(where: { $0.isLetter || $0 == "%" }) ?? lowered.endIndex
        let numberText = lowered[..<unitStart].trimmingCharacters(in: .whitespaces)
        let unit = String(lowered[unitStart...])
        guard let number = Self.number(numberText) else { throw .notALength }
        let points: CGFloat
        switch unit {
        case "%":
            guard allowsPercent else { throw .percentWithoutReference }
            guard number.isFinite else { throw .notFinite }
            self = .fraction(number / 100)
            return
        case "px":
            guard let dpi else { throw .unknownUnit(unit) }
            points = number * 72 / dpi
        case "":
            points = number
        default:
            guard let known = Length.Unit(rawValue: unit) else { throw .unknownUnit(unit) }
            points = Length(number, known).points
        }
        guard number.isFinite else { throw .notFinite }
        self = .absolute(Length(points: points))
    }

    /// A decimal or `a/b` (a decimal too long for a Double comes back infinite).
    static func number(_ text: String) -> CGFloat? {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        switch parts.count {
        case 1:
            return decimal(parts[0])
        case 2:
            guard let numerator = decimal(parts[0]), let denominator = decimal(parts[1]), denominator != 0 else { return nil }
            return numerator / denominator
        default:
            return nil
        }
    }

    private static func decimal(_ text: Substring) -> CGFloat? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        // Double("1e400") is inf and Double("0x10") is 16: only plain decimals are lengths.
        guard !trimmed.isEmpty, trimmed.allSatisfy({ $0.isASCII && ($0.isNumber || "+-.".contains($0)) }) else { return nil }
        return Double(trimmed).map { CGFloat($0) }
    }
}
