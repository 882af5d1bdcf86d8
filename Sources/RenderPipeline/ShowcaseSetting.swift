import CardRenderSupport
import CardTemplates
import Drawing
import Foundation
import PlayingCards
import PrintLayout
import SpecFiles

extension Showcase.Facing: SpecNamed {}

/// Which cards a showcase or a hand shows: the first `count`, or those named (by their file
/// names: `02-Fireball`, `AS`), in the order named.
public struct CardChoice: Sendable, Equatable {
    /// How many of the first cards, when no names are given.
    public var count: Int
    /// The cards by name; empty for the first `count`.
    public var names: [String] = []

    /// Cards a picture may show.
    public static let maxCards = 60

    /// The first `count` cards, or those `names` name.
    public init(count: Int = 5, names: [String] = []) {
        self.count = count
        self.names = names
    }

    func validate(countKey: String, namesKey: String, as source: RequestSource) throws(RequestError) {
        guard (1...Self.maxCards).contains(count) else {
            throw RequestError("\(source.name(countKey)) must be from 1 to \(Self.maxCards) cards, got \(count)", key: countKey)
        }
        guard names.count <= Self.maxCards else {
            throw RequestError("\(source.name(namesKey)) names \(names.count) cards; at most \(Self.maxCards)", key: namesKey)
        }
        if let empty = names.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces).isEmpty }) {
            throw RequestError("\(source.name(namesKey)): name \(empty + 1) is empty", key: namesKey)
        }
    }

    /// The chosen cards among `items`; a name no card has is refused with the nearest one.
    func chosen(from items: [SpriteSheet.Item], for picture: String, namesKey: String) throws(RequestError) -> [SpriteSheet.Item] {
        guard !names.isEmpty else { return Array(items.prefix(count)) }
        var chosen: [SpriteSheet.Item] = []
        for name in names {
            let wanted = name.trimmingCharacters(in: .whitespaces)
            guard let item = items.first(where: { $0.name == wanted }) ?? items.first(where: {
                $0.name.caseInsensitiveCompare(wanted) == .orderedSame }) else {
                throw RequestError("the \(picture) shows \"\(wanted)\", but no card is named so"
                                   + NearestName.hint(for: wanted, among: items.map(\.name)), key: namesKey)
            }
            chosen.append(item)
        }
        return chosen
    }
}

/// What a `cards` or `deck` request needs to draw its cards as pictures of several: the cards
/// that may be chosen, their size and corners, and the request's formats and resolution.
struct CardPictureSource {
    var items: [SpriteSheet.Item]
    var cardSize: CGSize
    var cornerRadius: CGFloat
    var formats: [OutputFormat]
    var resolution: Resolution
    var quality: Int?
}

extension CardPictureSource {
    /// The showcase's and hand's files as `cards.json` and `deck.json` list them, from what was
    /// written; nil when there are none.
    static func listed(_ files: [FileToRender], facts: [String: WrittenFile]) throws -> [ListedCardFile]? {
        guard !files.isEmpty else { return nil }
        return try files.map { file in
            guard let written = facts[file.path] else { throw RequestError("\(file.path) was not rendered") }
            return ListedCardFile(written: written, format: file.format, pictureSize: file.picture.size)
        }
    }
}

/// Decoding helpers for the showcase's and hand's keys.
extension KeyedDecodingContainer {
    /// A length (`1/8in`, `3mm`, or a number of points) in points.
    func length(_ key: Key, or fallback: CGFloat) throws -> CGFloat {
        guard contains(key) else { return fallback }
        let text: String
        if let number = try? decode(Double.self, forKey: key) { text = String(number) } else { text = try decode(String.self, forKey: key) }
        do { return try Length(parsing: text).points } catch {
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: error.description)
        }
    }

    /// A colour (`#rrggbb`, a CSS name or `transparent`).
    func color(_ key: Key, or fallback: Color) throws -> Color {
        guard let text = try decodeIfPresent(String.self, forKey: key) else { return fallback }
        guard let color = Color(templateText: text) else {
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: PictureOptionText.colorRefusal(text))
        }
        return color
    }
}

/// The words of the showcase's and hand's option errors, shared by both front ends.
public enum PictureOptionText {
    /// Why `text` is not a fill colour.
    public static func colorRefusal(_ text: String) -> String {
        "must be a colour (#rrggbb, #rrggbbaa, a CSS name) or transparent, got \"\(text.escapingLineBreaks)\""
    }

    /// Checks `value` is a number within `range`, naming the option.
    static func check(_ value: Double, in range: ClosedRange<Double>, _ key: String, as source: RequestSource,
                      what: String) throws(RequestError) {
        guard value.isFinite, range.contains(value) else {
            throw RequestError("\(source.name(key)) must be from \(format(range.lowerBound)) to \(format(range.upperBound))"
                               + " (\(what)), got \(format(value))", key: key)
        }
    }

    static func format(_ value: Double) -> String { String(format: "%g", value) }
}

/// Whether a `cards` or `deck` request also writes `showcase.png` (`--showcase`,
/// `showcase: true`): a few cards in perspective on a glossy table, in each raster format the
/// request writes (PNG when it writes none), drawn as one unit on the workers.
public struct ShowcaseSetting: Sendable, Equatable {
    /// Writes the showcase.
    public var enabled = false
    /// The cards shown.
    public var choice = CardChoice()
    /// How they stand.
    public var style = Showcase.Style()

    /// The file stem.
    public static let stem = "showcase"

    /// Off, or on with the given cards and style.
    public init(enabled: Bool = false, choice: CardChoice = CardChoice(), style: Showcase.Style = Showcase.Style()) {
        self.enabled = enabled
        self.choice = choice
        self.style = style
    }

    enum Key: String, CodingKey, CaseIterable {
        case enabled = "showcase", count = "showcase-count", cards = "showcase-cards", scale = "showcase-scale",
             perspective = "showcase-perspective", trim = "showcase-trim", reflection = "showcase-reflection",
             fade = "showcase-fade", spacing = "showcase-spacing", facing = "showcase-face", fill = "showcase-fill"
    }

    /// The spec keys.
    public static let keys = Key.allCases.map(\.rawValue)

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        enabled = try container.value(.enabled, or: enabled)
        if container.contains(.count), container.contains(.cards) {
            throw DecodingError.dataCorruptedError(forKey: .cards, in: container,
                                                   debugDescription: "give `showcase-count` or `showcase-cards`, not both")
        }
        choice.count = try container.value(.count, or: choice.count)
        choice.names = try container.stringOrList(.cards).flatMap(Self.names)
        style.scale = try container.value(.scale, or: style.scale)
        style.perspective = try container.value(.perspective, or: style.perspective)
        style.trim = try container.length(.trim, or: style.trim)
        style.reflection = try container.value(.reflection, or: style.reflection)
        style.fade = try container.value(.fade, or: style.fade)
        style.spacing = try container.value(.spacing, or: style.spacing)
        style.facing = try container.value(.facing, or: style.facing)
        style.background = try container.color(.fill, or: style.background)
    }

    /// `AS,KH` as two names.
    public static func names(_ text: String) -> [String] {
        text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// Every number within its range; the cards by count or by name, not both; nothing given
    /// on the command line without `--showcase`.
    public func validate(as source: RequestSource, given: Set<String> = []) throws(RequestError) {
        if source == .commandLine, !enabled, let first = Key.allCases.dropFirst().first(where: { given.contains($0.rawValue) }) {
            throw RequestError("\(source.name(first.rawValue)) sets the showcase; add \(source.name(Key.enabled.rawValue))",
                               key: first.rawValue)
        }
        try choice.validate(countKey: Key.count.rawValue, namesKey: Key.cards.rawValue, as: source)
        let check = PictureOptionText.check
        try check(style.scale, 0.1...4, Key.scale.rawValue, source, "the cards' size over their own")
        try check(style.perspective, 0.5...1, Key.perspective.rawValue, source, "the far edge's height over the near edge's")
        try check(style.reflection, 0...1, Key.reflection.rawValue, source, "the reflection's opacity")
        try check(style.fade, 0...1, Key.fade.rawValue, source, "the reflection's length over the card's height")
        try check(style.spacing, 0.3...3, Key.spacing.rawValue, source, "card widths from one card to the next")
    }

    /// The showcase in each raster format of `source` (PNG when it has none).
    func files(of source: CardPictureSource) throws -> [FileToRender] {
        guard enabled else { return [] }
        let cards = try choice.chosen(from: source.items, for: "showcase", namesKey: Key.cards.rawValue)
        let showcase = try Showcase(cards: cards, cardSize: source.cardSize, cornerRadius: source.cornerRadius, style: style,
                                    resolution: source.resolution)
        return Self.formats(source.formats).map { format in
            FileToRender("\(Self.stem).\(format.fileExtension)", showcase.picture(), format: format,
                         resolution: source.resolution).atQuality(source.quality)
        }
    }

    /// The raster formats of `formats`, or PNG: the warp is made of pixels.
    static func formats(_ formats: [OutputFormat]) -> [OutputFormat] {
        let raster = formats.filter(\.isRaster)
        return raster.isEmpty ? [.png] : raster
    }

    /// The files' names, for a batch planning its jobs.
    func paths(formats: [OutputFormat]) -> [String] {
        enabled ? Self.formats(formats).map { "\(Self.stem).\($0.fileExtension)" } : []
    }
}

/// Whether a `cards` or `deck` request also writes `hand.png` (`--hand`, `hand: true`): a few
/// cards fanned out as if held, in each format the request writes (vector in SVG and PDF).
public struct HandSetting: Sendable, Equatable {
    /// Writes the hand.
    public var enabled = false
    /// The cards held.
    public var choice = CardChoice()
    /// The fan's shape.
    public var style = HandFan.Style()

    /// The file stem.
    public static let stem = "hand"

    /// Off, or on with the given cards and fan.
    public init(enabled: Bool = false, choice: CardChoice = CardChoice(), style: HandFan.Style = HandFan.Style()) {
        self.enabled = enabled
        self.choice = choice
        self.style = style
    }

    enum Key: String, CodingKey, CaseIterable {
        case enabled = "hand", count = "hand-count", cards = "hand-cards", radius = "hand-radius", angles = "hand-angles",
             trim = "hand-trim", fill = "hand-fill"
    }

    /// The spec keys.
    public static let keys = Key.allCases.map(\.rawValue)

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        enabled = try container.value(.enabled, or: enabled)
        if container.contains(.count), container.contains(.cards) {
            throw DecodingError.dataCorruptedError(forKey: .cards, in: container,
                                                   debugDescription: "give `hand-count` or `hand-cards`, not both")
        }
        choice.count = try container.value(.count, or: choice.count)
        choice.names = try container.stringOrList(.cards).flatMap(ShowcaseSetting.names)
        style.radius = try container.value(.radius, or: style.radius)
        if container.contains(.angles) {
            // `[-30, 30]` or `-30,30`.
            let text = try container.stringOrList(.angles).joined(separator: ",")
            do { style.angles = try Self.angles(parsing: text) } catch {
                throw DecodingError.dataCorruptedError(forKey: .angles, in: container, debugDescription: error.message)
            }
        }
        style.trim = try container.length(.trim, or: style.trim)
        style.background = try container.color(.fill, or: style.background)
    }

    /// The largest turn either way, in degrees.
    public static let maxAngle = 180.0

    /// `-30,30`: the first card's turn and the last's, in degrees.
    public static func angles(parsing text: String) throws(RequestError) -> ClosedRange<Double> {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        let numbers = parts.compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 2, numbers.count == 2 else {
            throw RequestError("give two angles in degrees, the first card's and the last's: -30,30; got \"\(text.escapingLineBreaks)\"",
                               key: Key.angles.rawValue)
        }
        return try angles(numbers)
    }

    static func angles(_ numbers: [Double]) throws(RequestError) -> ClosedRange<Double> {
        guard numbers.allSatisfy({ $0.isFinite && abs($0) <= maxAngle }) else {
            throw RequestError("angles must be from -180 to 180 degrees, got \(numbers.map(PictureOptionText.format).joined(separator: ","))",
                               key: Key.angles.rawValue)
        }
        guard numbers[0] <= numbers[1] else {
            throw RequestError("the first card's angle (\(PictureOptionText.format(numbers[0]))) must not be past the last's "
                               + "(\(PictureOptionText.format(numbers[1]))): angles grow clockwise", key: Key.angles.rawValue)
        }
        return numbers[0]...numbers[1]
    }

    /// Every number within its range; nothing given on the command line without `--hand`.
    public func validate(as source: RequestSource, given: Set<String> = []) throws(RequestError) {
        if source == .commandLine, !enabled, let first = Key.allCases.dropFirst().first(where: { given.contains($0.rawValue) }) {
            throw RequestError("\(source.name(first.rawValue)) sets the hand; add \(source.name(Key.enabled.rawValue))",
                               key: first.rawValue)
        }
        try choice.validate(countKey: Key.count.rawValue, namesKey: Key.cards.rawValue, as: source)
        try PictureOptionText.check(style.radius, in: 0...5, Key.radius.rawValue, as: source,
                                    what: "from a card's bottom to the fan's centre, in card heights")
        _ = try Self.angles([style.angles.lowerBound, style.angles.upperBound])
    }

    /// The hand in each format of `source`.
    func files(of source: CardPictureSource) throws -> [FileToRender] {
        guard enabled else { return [] }
        let cards = try choice.chosen(from: source.items, for: "hand", namesKey: Key.cards.rawValue)
        let fan = try HandFan(cards: cards, cardSize: source.cardSize, cornerRadius: source.cornerRadius, style: style)
        return source.formats.map { format in
            FileToRender("\(Self.stem).\(format.fileExtension)", fan.picture(), format: format,
                         resolution: source.resolution).atQuality(source.quality)
        }
    }

    /// The files' names, for a batch planning its jobs.
    func paths(formats: [OutputFormat]) -> [String] {
        enabled ? formats.map { "\(Self.stem).\($0.fileExtension)" } : []
    }
}
