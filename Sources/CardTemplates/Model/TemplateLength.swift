import Foundation
import PrintLayout

/// A template length before it is placed: points plus a fraction of a reference (the card's or
/// the layer box's width or height, by key). `5mm`, `0.2in`, `1/8in`, `1cm`, `9pt`, `30px` (at the
/// card's dpi), `50%`, or a bare number of points; negative values are allowed (art may start in the bleed).
public struct TemplateLength: Sendable, Equatable {
    /// The absolute part, in points.
    public var points: CGFloat
    /// 0.5 for `50%`.
    public var fraction: CGFloat

    /// `points` plus `fraction` of the reference.
    public init(points: CGFloat = 0, fraction: CGFloat = 0) {
        self.points = points
        self.fraction = fraction
    }

    /// The length in points against `reference` (what 100 % is).
    public func resolved(against reference: CGFloat) -> CGFloat { points + fraction * reference }

    /// The two lengths' points and fractions added: what `+=` gives.
    public static func + (lhs: TemplateLength, rhs: TemplateLength) -> TemplateLength {
        TemplateLength(points: lhs.points + rhs.points, fraction: lhs.fraction + rhs.fraction)
    }

    /// The length with both parts negated: what `-=` adds.
    public static prefix func - (length: TemplateLength) -> TemplateLength {
        TemplateLength(points: -length.points, fraction: -length.fraction)
    }

    static let units = "mm, cm, in, pt, px or %"

    /// Parses `text` in PrintLayout's one length grammar (``WrittenLength``), `px` at `dpi` and `%`
    /// unless `allowPercent` is false. Nil with a reason when it is not a length.
    static func parse(_ text: String, dpi: Double, allowPercent: Bool = true) -> Result<TemplateLength, LengthProblem> {
        do {
            switch try WrittenLength(parsing: text, dpi: CGFloat(dpi), allowsPercent: allowPercent) {
            case let .absolute(length): return .success(TemplateLength(points: length.points))
            case let .fraction(fraction): return .success(TemplateLength(fraction: fraction))
            }
        } catch {
            switch error {
            case .notALength, .notFinite: return .failure(.notALength)
            case .percentWithoutReference: return .failure(.percentNotAllowed)
            case let .unknownUnit(unit): return .failure(.unknownUnit(unit))
            }
        }
    }

    enum LengthProblem: Error {
        case notALength, percentNotAllowed, unknownUnit(String)

        func message(_ key: String, _ text: String) -> String {
            switch self {
            case .notALength: "`\(key)` must be a length like 5mm, 0.2in or 50%, got \"\(text)\""
            case .percentNotAllowed: "`\(key)` cannot be a percentage, got \"\(text)\""
            case let .unknownUnit(unit): "`\(key)` has an unknown unit \"\(unit)\" in \"\(text)\"; use \(units)"
            }
        }
    }
}

/// A value that may be relative to what it extends: `+= 5mm`, `-= 2%`, or a plain length.
enum RelativeLength: Sendable, Equatable {
    case absolute(TemplateLength)
    case offset(TemplateLength)

    static func parse(_ text: String, dpi: Double) -> Result<RelativeLength, TemplateLength.LengthProblem> {
        let trimmed = text.trimmingSpaces
        for (prefix, sign) in [("+=", CGFloat(1)), ("-=", -1)] where trimmed.hasPrefix(prefix) {
            return TemplateLength.parse(String(trimmed.dropFirst(2)), dpi: dpi)
                .map { .offset(sign < 0 ? -$0 : $0) }
        }
        return TemplateLength.parse(trimmed, dpi: dpi).map { .absolute($0) }
    }

    /// This value applied over `base` (nil when nothing is extended).
    func applied(to base: TemplateLength?) -> TemplateLength? {
        switch self {
        case let .absolute(length): length
        case let .offset(delta): base.map { $0 + delta }
        }
    }
}
