import Drawing
import Foundation
import PlayingCards

/// One card, or its back, in each requested format (`cardrender card`, `kind: card`).
public struct CardRequest: RenderRequest, Equatable {
    /// `AS`, `10H`, `queen-of-hearts`, `RJ` …
    public var card: String
    /// Draws the card's back instead of its face.
    public var faceDown = false
    /// How the file is named: short (`AS`) or long (`ace-of-spades`).
    public var names: CardFileNaming = .short
    /// Size, theme, resolution and formats.
    public var look = CardLook()

    /// A request for one card with the given look.
    public init(card: String, faceDown: Bool = false, names: CardFileNaming = .short, look: CardLook = CardLook()) {
        self.card = card
        self.faceDown = faceDown
        self.names = names
        self.look = look
    }

    enum Key: String, CodingKey, CaseIterable {
        case card, faceDown = "face-down", names
    }

    /// The spec keys a `card` job accepts.
    public static let keys = Key.allCases.map(\.rawValue) + CardLook.Key.allCases.map(\.rawValue)

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        card = try container.decode(String.self, forKey: .card)
        faceDown = try container.value(.faceDown, or: faceDown)
        names = try container.value(.names, or: names)
        look = try CardLook(from: try decoder.container(keyedBy: CardLook.Key.self))
    }

    public func validate(as source: RequestSource) throws(RequestError) {
        do { _ = try PlayingCard(parsing: card) } catch { throw RequestError(error.description, key: "card") }
        try look.validate(as: source)
    }

    /// The side to draw; throws when `card` names no card.
    public var side: CardSide {
        get throws { faceDown ? .back : .front(try PlayingCard(parsing: card)) }
    }

    public func plan() throws -> OutputPlan {
        let side = try side
        let picture = try look.makeRenderer().picture(for: side)
        return OutputPlan(files: FileToRender.all(names.name(for: side), picture, formats: look.formats,
                                                  resolution: look.resolution).map { $0.atQuality(look.quality) })
    }

    public var inputFolders: [String] { look.inputFolders }
}
