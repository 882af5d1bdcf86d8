import CardTemplates
import Foundation
import PrintLayout

/// How far a card's files reach past its trim: `--bleed` on `cards` and `print`, `bleed:` in a
/// spec. One grammar for both: `off` (the default), `template` (the template's `card.bleed`) or a
/// length (`1/8in`, `3mm`, `9pt`, a bare number of points).
public enum BleedSetting: Sendable, Hashable, CustomStringConvertible, ExpressibleByBooleanLiteral {
    /// Trim size, with the template's rounded corners.
    case off
    /// The template's own `card.bleed`.
    case template
    /// This much on every side, in place of the template's `card.bleed`.
    case length(Length)

    /// What the option's help and messages show as the accepted forms.
    public static let forms = "off, template (the template's `card.bleed`) or a length such as 1/8in or 3mm"

    /// `true` is the template's bleed, as the flag `cards --bleed` was; `false` is off.
    public init(booleanLiteral value: Bool) {
        self = value ? .template : .off
    }

    /// Parses `off`/`none`/`false`/`0`, `template`/`true` or a length. A negative, absurd or
    /// unit-less-but-not-a-number text is an error saying which forms are taken.
    public init(parsing text: String) throws(RequestError) {
        let word = text.trimmingCharacters(in: .whitespaces).lowercased()
        switch word {
        case "off", "none", "no", "false", "0": self = .off
        case "template", "true", "yes", "on": self = .template
        default:
            do {
                let length = try Length(parsing: text)
                self = length.points == 0 ? .off : .length(length)
            } catch {
                guard case .notALength = error else { throw RequestError(error.description) }
                throw RequestError("\"\(text)\" is not a bleed; use \(Self.forms)")
            }
        }
    }

    /// Whether the files include a bleed at all (square corners).
    public var includesBleed: Bool { self != .off }

    /// The bleed in points for a template whose own `card.bleed` is `templateBleed`.
    public func points(templateBleed: CGFloat) -> CGFloat {
        switch self {
        case .off: 0
        case .template: templateBleed
        case .length(let length): length.points
        }
    }

    public var description: String {
        switch self {
        case .off: "off"
        case .template: "template"
        case .length(let length): length.description
        }
    }

    /// The template with its bleed set as asked: layers that touch the trim then reach this far.
    func applied(to template: CardTemplate) -> CardTemplate {
        guard case .length(let length) = self else { return template }
        var template = template
        template.bleed = length.points
        return template
    }
}

extension BleedSetting: Codable {
    /// `true`/`false` as the flag's old spec form, or any text ``init(parsing:)`` takes.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let flag = try? container.decode(Bool.self) {
            self = flag ? .template : .off
            return
        }
        let text = try container.decode(String.self)
        do { self = try BleedSetting(parsing: text) } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.message)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
