import Drawing
import Foundation
import PlayingCards
import Testing

@Suite("Card Game Simulator game")
struct CardGameSimulatorTests {
    static let poker = CardSize.poker.points

    static func card(_ name: String, count: Int = 1) -> TabletopCard {
        TabletopCard(name: name, count: count) { bounds, canvas in
            canvas.fill(BezierPath(rect: bounds), with: .black)
        }
    }


    /// `data`, which must be there, read as JSON of type `T`.
    static func decode<T>(_ data: Data?, as type: T.Type) throws -> T {
        let data = try #require(data)
        let value = try JSONSerialization.jsonObject(with: data)
        return try #require(value as? T)
    }

    /// The keys the specification's schemas name (FinolDigital.Cgs.Json, schema/cgs.json,
    /// AllCards.json, AllSets.json), as written there.
    static let cgsKeys: Set<String> = ["name", "autoUpdate", "cardSize", "cardImageFileType", "cardBackImageFileType",
                                       "cardNameIsUnique", "deckFileType", "deckFileTxtId", "cardBackFaceImageUrls"]

    @Test("cgs.json, AllCards.json and AllSets.json decode with the specification's field names")
    func documentedFields() throws {
        let game = try CardGameSimulatorGame(name: "Skirmish Deck", cards: [Self.card("01-Spark", count: 3), Self.card("02-Wall")],
                                             back: Self.card("back"), cardSize: Self.poker, resolution: .dpi(300))
        let files = Dictionary(uniqueKeysWithValues: try game.textFiles().map { ($0.path, $0.data) })
        #expect(files.keys.sorted() == ["AllCards.json", "AllSets.json", "cgs.json", "decks/Skirmish-Deck.txt"])
        let definition = try Self.decode(files["cgs.json"], as: [String: Any].self)
        #expect(Set(definition.keys).isSubset(of: Self.cgsKeys), "\(definition.keys.sorted())")
        #expect(definition["name"] as? String == "Skirmish-Deck")
        #expect(definition["autoUpdate"] as? Int == -1)
        let size = try #require(definition["cardSize"] as? [String: Double])
        #expect(size == ["x": 2.5, "y": 3.5], "a poker card is 2.5 × 3.5 in")
        #expect(definition["cardImageFileType"] as? String == "png" && definition["cardBackImageFileType"] as? String == "png")
        #expect(definition["cardNameIsUnique"] as? Bool == false)
        #expect(definition["deckFileType"] as? String == "txt" && definition["deckFileTxtId"] as? String == "id")
        #expect(definition["cardBackFaceImageUrls"] == nil)
        let cards = try Self.decode(files["AllCards.json"], as: [[String: String]].self)
        #expect(cards == [["id": "01-Spark", "name": "01-Spark", "set": "Skirmish-Deck"],
                          ["id": "02-Wall", "name": "02-Wall", "set": "Skirmish-Deck"]])
        let sets = try Self.decode(files["AllSets.json"], as: [[String: String]].self)
        #expect(sets == [["code": "Skirmish-Deck", "name": "Skirmish-Deck"]])
        // The txt deck format: <Quantity> [<Card:Id>] <Card:Name> (<Card:SetCode>).
        #expect(files["decks/Skirmish-Deck.txt"].map { String(decoding: $0, as: UTF8.self) }
                == "3 [01-Spark] 01-Spark (Skirmish-Deck)\n1 [02-Wall] 02-Wall (Skirmish-Deck)\n")
        #expect(game.images.map(\.path) == ["sets/Skirmish-Deck/01-Spark.png", "sets/Skirmish-Deck/02-Wall.png", "CardBack.png"])
        #expect(game.images.allSatisfy { $0.picture.size == Self.poker })
        // The Codable type reads back what it wrote, the same bytes.
        let decoded = try JSONDecoder().decode(CardGameSimulatorGame.Definition.self, from: try #require(files["cgs.json"]))
        #expect(decoded == game.definition)
    }

    @Test("card ids are file names, unique whatever the names")
    func identifiers() throws {
        let game = try CardGameSimulatorGame(name: "../x", cards: ["a/b", "a b", "A-B", "..", "Ünï"].map { Self.card($0) },
                                             back: Self.card("back"), cardSize: Self.poker, resolution: .scale(1))
        #expect(game.name == "-x")
        #expect(game.cardIDs == ["a-b", "a-b-2", "A-B-3", "cards", "-n-"])
        #expect(game.paths.allSatisfy { !$0.contains("..") })
    }

    @Test("backs that differ by card are backs/<id>.png, listed in cgs.json and named by each card")
    func backsByCard() throws {
        let (red, blue) = (Self.card("back-1"), Self.card("back-2"))
        let game = try CardGameSimulatorGame(name: "g", cards: [Self.card("a"), Self.card("b"), Self.card("c")], back: red,
                                             cardBacks: [red, blue, red], cardSize: Self.poker, resolution: .scale(1))
        #expect(game.images.map(\.path) == ["sets/g/a.png", "sets/g/b.png", "sets/g/c.png", "CardBack.png",
                                             "backs/back-1.png", "backs/back-2.png"])
        let files = Dictionary(uniqueKeysWithValues: try game.textFiles().map { ($0.path, $0.data) })
        let definition = try Self.decode(files["cgs.json"], as: [String: Any].self)
        #expect(definition["cardBackFaceImageUrls"] as? [[String: String]] == [["id": "back-1"], ["id": "back-2"]])
        let cards = try Self.decode(files["AllCards.json"], as: [[String: Any]].self)
        #expect(cards.map { $0["backs"] as? [String] } == [["back-1"], ["back-2"], ["back-1"]])
    }

    @Test("refuses no card, too many cards or copies, and backs not one per card, before drawing")
    func bounds() throws {
        let back = Self.card("back")
        func game(_ cards: [TabletopCard], backs: [TabletopCard]? = nil) throws -> CardGameSimulatorGame {
            try CardGameSimulatorGame(name: "g", cards: cards, back: back, cardBacks: backs, cardSize: Self.poker, resolution: .scale(1))
        }
        #expect(throws: PlayingCardsError.self) { try game([]) }
        #expect(throws: PlayingCardsError.self) { try game((0...10_000).map { Self.card("\($0)") }) }
        #expect(throws: PlayingCardsError.self) { try game([Self.card("a", count: 6_000), Self.card("b", count: 5_000)]) }
        #expect(throws: PlayingCardsError.self) { try game([Self.card("a")], backs: []) }
        #expect(try game([Self.card("a", count: 10_000)]).cards.count == 1)
    }
}
