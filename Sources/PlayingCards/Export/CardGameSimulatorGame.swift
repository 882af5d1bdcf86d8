import CardRenderSupport
import Drawing
import Foundation

/// A game folder for Card Game Simulator, as its public specification (the FinolDigital.Cgs.Json
/// README and its `cgs.json`, `AllCards.json` and `AllSets.json` schemas) lays it out: `cgs.json`
/// naming the game and the card size, `AllCards.json` and `AllSets.json` listing the cards in
/// one set, one image per card in `sets/<set>/<card id>.png`, the back as `CardBack.png`, and a
/// deck in `decks/<name>.txt` holding every card as many times as the deck does.
///
/// When the cards' backs differ (`cardBacks`), each distinct back is `backs/<back id>.png`,
/// listed in `cgsJSON`'s `cardBackFaceImageUrls` and named by its cards' `backs`.
public struct CardGameSimulatorGame: Sendable {
    /// Distinct cards a game may hold.
    public static let maxCards = 10_000
    /// Cards its deck may hold, copies included.
    public static let maxCopies = 10_000
    /// The folder, inside the output folder, that holds the game folder (or its zip).
    public static let folder = "card-game-simulator"
    /// The image format: PNG, the specification's default `cardImageFileType`.
    public static let imageFormat = OutputFormat.png
    /// The zip's extension: what cgs.games takes as an upload.
    public static let zipExtension = ".cgs.zip"

    /// The game's name: `cgs.json`'s `name`, its Game:Id (with no `autoUpdateUrl`), the game
    /// folder's and the set's name.
    public let name: String
    /// Every distinct card, in deck order.
    public let cards: [TabletopCard]
    /// Each card's id (its image's file name), in `cards` order: its name with only letters,
    /// digits, `.`, `_` and `-`, unique.
    public let cardIDs: [String]
    /// The back, `CardBack.png`.
    public let back: TabletopCard
    /// Each card's own back, in `cards` order, when the backs differ; nil: `back` for every card.
    public let cardBacks: [TabletopCard]?
    /// The card's trim size in points.
    public let cardSize: CGSize
    /// The resolution each image is drawn at.
    public let resolution: Resolution

    /// The game `name` of `cards` with `back` (or each with its `cardBacks` entry), drawn at
    /// `resolution`. Refuses more than `maxCards` cards or `maxCopies` copies, none at all, or a
    /// `cardBacks` not one per card, before anything is drawn.
    public init(name: String, cards: [TabletopCard], back: TabletopCard, cardBacks: [TabletopCard]? = nil,
                cardSize: CGSize, resolution: Resolution) throws(PlayingCardsError) {
        try Self.checkSize(counts: cards.map(\.count))
        if let cardBacks, cardBacks.count != cards.count {
            throw .tooLarge("a Card Game Simulator game with a back per card needs \(cards.count) backs, got \(cardBacks.count)")
        }
        self.name = Self.identifier(name)
        self.cards = cards
        cardIDs = Self.uniqueIdentifiers(cards.map(\.name))
        self.back = back
        self.cardBacks = cardBacks
        self.cardSize = cardSize
        self.resolution = resolution
    }

    /// Refuses a game of cards held `counts` times each with no card, more than `maxCards`
    /// distinct cards or more than `maxCopies` cards in all.
    public static func checkSize(counts: [Int]) throws(PlayingCardsError) {
        guard !counts.isEmpty else { throw .tooLarge("a Card Game Simulator game needs at least one card") }
        guard counts.count <= maxCards else {
            throw .tooLarge("\(counts.count) cards; a Card Game Simulator game written here holds at most \(maxCards)")
        }
        var copies = 0
        for count in counts {
            guard count >= 0, copies <= maxCopies - count else {
                throw .tooLarge("a Card Game Simulator deck holds at most \(maxCopies) cards, copies included")
            }
            copies += count
        }
    }

    /// `text` with every character but ASCII letters, digits, `.`, `_` and `-` made `-`, and no
    /// leading dot: a name that is a file name on every system and needs no escaping in a URL.
    public static func identifier(_ text: String) -> String {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-")
        let mapped = String(text.prefix(100).map { allowed.contains($0) ? $0 : "-" })
        let trimmed = mapped.drop { $0 == "." }
        return trimmed.isEmpty ? "cards" : String(trimmed)
    }

    /// `names` as identifiers, a later repeat numbered (`-2`, `-3` …) to keep each unique.
    static func uniqueIdentifiers(_ names: [String]) -> [String] {
        var used = Set<String>()
        return names.map { name in
            let base = identifier(name)
            var candidate = base, number = 1
            while !used.insert(candidate.lowercased()).inserted {
                number += 1
                candidate = "\(base)-\(number)"
            }
            return candidate
        }
    }

    // MARK: files

    /// The distinct backs by id, in order of first use, and each card's back id; nil when every
    /// card shows `back`.
    public var backFaces: (ids: [String], backs: [TabletopCard], ofCard: [String])? {
        guard let cardBacks else { return nil }
        var ids: [String] = [], backs: [TabletopCard] = [], ofCard: [String] = []
        let unique = Self.uniqueIdentifiers(cardBacks.map(\.name))
        var idOfName: [String: String] = [:]
        for (back, id) in zip(cardBacks, unique) {
            if let known = idOfName[back.name] { ofCard.append(known); continue }
            idOfName[back.name] = id
            ids.append(id)
            backs.append(back)
            ofCard.append(id)
        }
        return (ids, backs, ofCard)
    }

    /// Card `index`'s image, relative to the game folder.
    public func cardImagePath(_ index: Int) -> String { "sets/\(name)/\(cardIDs[index]).png" }
    /// The back's image, relative to the game folder.
    public static let cardBackPath = "CardBack.png"
    /// The deck file, relative to the game folder.
    public var deckPath: String { "decks/\(name).txt" }
    /// The JSON files, relative to the game folder.
    public static let jsonPaths = (game: "cgs.json", cards: "AllCards.json", sets: "AllSets.json")

    /// Every image: the cards, `CardBack.png`, then the distinct backs, relative to the game folder.
    public var images: [(path: String, picture: Picture)] {
        var images = cards.indices.map { (cardImagePath($0), cards[$0].picture(size: cardSize)) }
        images.append((Self.cardBackPath, back.picture(size: cardSize)))
        if let faces = backFaces {
            images += zip(faces.ids, faces.backs).map { ("backs/\($0).png", $1.picture(size: cardSize)) }
        }
        return images
    }

    /// The files whose bytes are known without drawing: the JSON files and the deck.
    public func textFiles() throws -> [(path: String, data: Data)] {
        [(Self.jsonPaths.game, try StableJSON.data(definition, trailingNewline: true)),
         (Self.jsonPaths.cards, try StableJSON.data(allCards, trailingNewline: true)),
         (Self.jsonPaths.sets, try StableJSON.data([CardSet(code: name, name: name)], trailingNewline: true)),
         (deckPath, Data(deckText.utf8))]
    }

    /// Every file's path relative to the game folder, images first, as `images` and `textFiles` give them.
    public var paths: [String] {
        images.map(\.path) + [Self.jsonPaths.game, Self.jsonPaths.cards, Self.jsonPaths.sets, deckPath]
    }

    /// The deck in the `txt` deck format: `<Quantity> [<Card:Id>] <Card:Name> (<Card:SetCode>)`
    /// per card the deck holds, in order.
    public var deckText: String {
        zip(cards, cardIDs).filter { $0.0.count > 0 }.map { card, id in
            "\(card.count) [\(id)] \(Self.oneLine(card.name)) (\(name))\n"
        }.joined()
    }

    static func oneLine(_ text: String) -> String {
        String(text.map { $0.isNewline ? " " : $0 })
    }

    // MARK: JSON

    /// `cgs.json`: the fields this game sets, in the specification's names.
    public struct Definition: Sendable, Codable, Equatable {
        /// The game's name and Game:Id.
        public var name: String
        /// Days to use cached files: -1, never download (the game is local).
        public var autoUpdate = -1
        /// The card's width and height in inches.
        public var cardSize: Size
        /// The card images' extension.
        public var cardImageFileType = "png"
        /// The backs' extension.
        public var cardBackImageFileType = "png"
        /// Cards may share a name (a template's rows may), so a `txt` deck names each by id.
        public var cardNameIsUnique = false
        /// The deck file format.
        public var deckFileType = "txt"
        /// The field a `txt` deck line names a card by besides its name.
        public var deckFileTxtId = "id"
        /// The distinct backs when the cards' backs differ: `backs/<id>.png` each.
        public var cardBackFaceImageUrls: [BackFace]?

        /// A width and height in inches (`Float2`).
        public struct Size: Sendable, Codable, Equatable {
            /// Width in inches.
            public var x: Double
            /// Height in inches.
            public var y: Double
        }

        /// A back other than `CardBack`: its id names `backs/<id>.png`. No `url`: the game is
        /// local and never downloads it.
        public struct BackFace: Sendable, Codable, Equatable {
            /// The back's id, as the cards' `backs` name it.
            public var id: String
        }
    }

    /// One card of `AllCards.json`.
    public struct CardEntry: Sendable, Codable, Equatable {
        /// The card's id: its image's file name.
        public var id: String
        /// The card's name.
        public var name: String
        /// The set's code.
        public var set: String
        /// The card's back ids, when the backs differ.
        public var backs: [String]?
    }

    /// One set of `AllSets.json`.
    public struct CardSet: Sendable, Codable, Equatable {
        /// The set's code: its folder under `sets/`.
        public var code: String
        /// The set's name.
        public var name: String
    }

    /// `cgs.json`: the card size in inches (to 1/10,000), PNG images, a local game.
    public var definition: Definition {
        func inches(_ points: CGFloat) -> Double { (Double(points) / 72 * 10_000).rounded() / 10_000 }
        return Definition(name: name, cardSize: .init(x: inches(cardSize.width), y: inches(cardSize.height)),
                          cardBackFaceImageUrls: backFaces.map { $0.ids.map { Definition.BackFace(id: $0) } })
    }

    /// `AllCards.json`: every card with its id, name and set, and its back when the backs differ.
    public var allCards: [CardEntry] {
        let backs = backFaces?.ofCard
        return cards.indices.map { index in
            CardEntry(id: cardIDs[index], name: Self.oneLine(cards[index].name), set: name, backs: backs.map { [$0[index]] })
        }
    }
}
