import Drawing
import Foundation
import Geometry
import PlayingCards
import Testing

@Suite("Tabletop Simulator deck")
struct TabletopSimulatorTests {
    static let poker = CardSize.poker.points

    /// `count` distinct playing cards of the built-in deck (cycling through it), `copies` each.
    static func deck(_ count: Int, copies: Int = 1, hidden: TabletopSimulatorDeck.HiddenFace = .back) throws
        -> TabletopSimulatorDeck {
        let renderer = try CardRenderer(size: .poker)
        let sides = Deck.standard.cards.map { CardSide.card($0.rank, of: $0.suit) }
        let cards = (0..<count).map { index in
            let side = sides[index % sides.count]
            return TabletopSimulatorDeck.Card(name: "card-\(index + 1)", count: copies) { bounds, canvas in
                try renderer.draw(side, in: bounds, on: canvas)
            }
        }
        let back = TabletopSimulatorDeck.Card(name: "back") { bounds, canvas in try renderer.draw(.back, in: bounds, on: canvas) }
        return try TabletopSimulatorDeck(cards: cards, back: back, cardSize: poker, nickname: "test deck", hidden: hidden)
    }

    @Test("sheet grids and sizes for 20, 69, 70, 71 and 300 cards")
    func sheetGrids() throws {
        func shapes(_ count: Int) -> [String] {
            TabletopSimulatorDeck.grids(cardCount: count, cardSize: Self.poker).map { "\($0.columns)x\($0.rows)" }
        }
        // 20 poker cards are largest 5 × 4 (731 × 1024 px each), not on a 10 × 7 sheet.
        #expect(shapes(20) == ["5x4"])
        let twenty = try #require(TabletopSimulatorDeck.grids(cardCount: 20, cardSize: Self.poker).first)
        #expect(twenty.cardWidth == 732 && twenty.cardHeight == 1024 && twenty.sheetWidth == 3660 && twenty.sheetHeight == 4096)
        #expect(shapes(69) == ["10x7"])
        #expect(shapes(70) == ["10x7"])
        #expect(shapes(71) == ["10x7", "1x1"])
        #expect(shapes(300) == ["10x7", "10x7", "10x7", "10x7", "5x4"])
        for count in [1, 20, 69, 70, 71, 300] {
            for grid in TabletopSimulatorDeck.grids(cardCount: count, cardSize: Self.poker) {
                #expect(grid.columns <= 10 && grid.rows <= 7, "\(grid)")
                #expect(grid.sheetWidth <= 4096 && grid.sheetHeight <= 4096, "\(grid)")
                // The largest card that fits its cell: one side touches it, the aspect is kept.
                #expect(grid.cardWidth == 4096 / grid.columns || grid.cardHeight == 4096 / grid.rows, "\(grid)")
                let aspect = Double(grid.cardWidth) / Double(grid.cardHeight)
                #expect(abs(aspect - 180.0 / 252) < 0.003, "\(grid)")
            }
        }
        let full = try #require(TabletopSimulatorDeck.grids(cardCount: 70, cardSize: Self.poker).first)
        #expect(full.cardWidth == 409 && full.cardHeight == 573)
        // A landscape card fills a different grid.
        #expect(TabletopSimulatorDeck.grids(cardCount: 20, cardSize: CGSize(width: 252, height: 180))
            .map { "\($0.columns)x\($0.rows)" } == ["4x5"])
    }

    @Test("with the hidden face in the last slot, sheets hold 69 cards and the back")
    func hiddenFaceInTheLastSlot() throws {
        func shapes(_ count: Int) -> [String] {
            TabletopSimulatorDeck.grids(cardCount: count, cardSize: Self.poker, hidden: .lastSlot).map { "\($0.columns)x\($0.rows)" }
        }
        #expect(shapes(20) == ["6x4"])
        #expect(shapes(69) == ["10x7"])
        #expect(shapes(70) == ["10x7", "2x1"])
        #expect(shapes(71) == ["10x7", "2x2"])
        let deck = try Self.deck(70, hidden: .lastSlot)
        #expect(deck.sheets.map(\.cards) == [0..<69, 69..<70])
        #expect(deck.sheets.map(\.hiddenSlot) == [69, 1])
        #expect(deck.cardID(68) == 168 && deck.cardID(69) == 200)
        let object = deck.savedObject(imageBase: "file:///d/", format: .png)
        #expect(object.objectStates[0].customDeck.values.allSatisfy { !$0.backIsHidden })
        #expect(TabletopSimulatorDeck.fileNames(cardCount: 70, format: .png, hidden: .lastSlot)
                == ["deck-1.png", "deck-2.png", "back.png", "saved-object.json"])
        // The last slot is the back, drawn as every card is.
        let sheet = deck.sheets[1], grid = sheet.grid
        let image = try deck.picture(of: sheet).rasterize(resolution: grid.resolution)
        let back = try deck.picture(of: deck.back, in: grid).rasterize(resolution: grid.resolution)
        let rowBytes = grid.cardWidth * 4
        for y in stride(from: 0, to: grid.cardHeight, by: 7) {
            let start = y * image.width * 4 + grid.cardWidth * 4
            #expect(image.pixels[start..<start + rowBytes] == back.pixels[y * rowBytes..<(y + 1) * rowBytes], "row \(y)")
        }
    }

    @Test("sheets hold 70 cards each; ids are key × 100 + slot")
    func sheetsAndIDs() throws {
        let deck = try Self.deck(71)
        #expect(deck.sheets.map(\.key) == [1, 2])
        #expect(deck.sheets.map(\.cards) == [0..<70, 70..<71])
        #expect(deck.cardID(0) == 100 && deck.cardID(69) == 169 && deck.cardID(70) == 200)
        #expect(TabletopSimulatorDeck.fileNames(cardCount: 71, format: .jpeg)
                == ["deck-1.jpg", "deck-2.jpg", "back.jpg", "saved-object.json"])
    }

    @Test("the saved object decodes with the documented fields")
    func savedObjectFields() throws {
        let deck = try Self.deck(71, copies: 2)
        let data = try deck.savedObject(imageBase: "https://example.com/d/", format: .png).jsonData()
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let states = try #require(json["ObjectStates"] as? [[String: Any]])
        #expect(states.count == 1)
        let object = states[0]
        #expect(object["Name"] as? String == "DeckCustom")
        #expect(object["Nickname"] as? String == "test deck")
        let ids = try #require(object["DeckIDs"] as? [Int])
        // Every card's id, each as many times as its row's count, in order.
        #expect(ids == (0..<71).flatMap { index in Array(repeating: deck.cardID(index), count: 2) })
        let decks = try #require(object["CustomDeck"] as? [String: [String: Any]])
        #expect(decks.keys.sorted() == ["1", "2"])
        let first = try #require(decks["1"]), second = try #require(decks["2"])
        #expect(first["FaceURL"] as? String == "https://example.com/d/deck-1.png")
        #expect(second["FaceURL"] as? String == "https://example.com/d/deck-2.png")
        #expect(first["BackURL"] as? String == "https://example.com/d/back.png")
        #expect(first["NumWidth"] as? Int == 10 && first["NumHeight"] as? Int == 7)
        #expect(second["NumWidth"] as? Int == 1 && second["NumHeight"] as? Int == 1)
        #expect(first["BackIsHidden"] as? Bool == true && first["UniqueBack"] as? Bool == false)
        let cards = try #require(object["ContainedObjects"] as? [[String: Any]])
        #expect(cards.count == ids.count)
        #expect(cards.map { $0["CardID"] as? Int } == ids.map { $0 })
        #expect(cards.allSatisfy { $0["Name"] as? String == "Card" })
        #expect(cards[0]["Nickname"] as? String == "card-1" && cards[141]["Nickname"] as? String == "card-71")
        let ownDeck = try #require(cards[141]["CustomDeck"] as? [String: Any])
        #expect(ownDeck.keys.sorted() == ["2"])
        // The same value through the Codable type, and the same bytes again.
        let decoded = try JSONDecoder().decode(TabletopSavedObject.self, from: data)
        #expect(decoded == deck.savedObject(imageBase: "https://example.com/d/", format: .png))
        #expect(try decoded.jsonData() == data)
    }

    @Test("refuses more than 100 sheets or 10,000 cards before drawing")
    func bounds() throws {
        #expect(throws: PlayingCardsError.self) { try Self.deck(7001) }
        #expect(throws: PlayingCardsError.self) { try Self.deck(101, copies: 100) }
        #expect(throws: PlayingCardsError.self) { try Self.deck(0) }
        #expect(try Self.deck(100, copies: 100).cards.count == 100)
    }

    /// Every card on `sheet` against the card alone, drawn at the sheet's scale.
    func expectCellsEqualSingleCards(_ deck: TabletopSimulatorDeck, sheet index: Int, slots: [Int]? = nil) throws {
        let sheet = deck.sheets[index], grid = sheet.grid
        let image = try deck.picture(of: sheet).rasterize(resolution: grid.resolution)
        #expect(image.width == grid.sheetWidth && image.height == grid.sheetHeight)
        let opaque = image.pixels.withUnsafeBufferPointer { pixels in
            stride(from: 3, to: pixels.count, by: 4).allSatisfy { pixels[$0] == 255 }
        }
        #expect(opaque, "Tabletop Simulator takes RGB images: no pixel may be transparent")
        for slot in slots ?? Array(0..<sheet.cards.count) {
            let single = try deck.picture(of: deck.cards[sheet.cards.lowerBound + slot], in: grid)
                .rasterize(resolution: grid.resolution)
            #expect(single.width == grid.cardWidth && single.height == grid.cardHeight)
            let (left, top) = (slot % grid.columns * grid.cardWidth, slot / grid.columns * grid.cardHeight)
            var differing = 0
            for y in 0..<single.height {
                let sheetRow = ((top + y) * image.width + left) * 4, cardRow = y * single.width * 4
                if image.pixels[sheetRow..<sheetRow + single.width * 4] != single.pixels[cardRow..<cardRow + single.width * 4] {
                    differing += 1
                }
            }
            #expect(differing == 0, "sheet \(sheet.key) slot \(slot): \(differing) rows differ")
        }
    }

    @Test("every card on a sheet is pixel-equal to the card alone at the same scale")
    func cellsArePixelEqual() throws {
        try expectCellsEqualSingleCards(try Self.deck(20), sheet: 0)
        let seventyOne = try Self.deck(71)
        try expectCellsEqualSingleCards(seventyOne, sheet: 0, slots: [0, 69])
        try expectCellsEqualSingleCards(seventyOne, sheet: 1)
    }
}

extension TabletopSimulatorTests {
    /// `count` distinct cards whose backs take turns between two designs.
    static func deckWithBacksByCard(_ count: Int, hidden: TabletopSimulatorDeck.HiddenFace = .back) throws -> TabletopSimulatorDeck {
        let plain = try deck(count, hidden: hidden)
        let designs = try [BackDesign.lattice, .rosette].map { design in
            var theme = CardTheme.classic
            theme.backDesign = design
            let renderer = try CardRenderer(size: .poker, theme: theme)
            return TabletopSimulatorDeck.Card(name: "back-\(design.rawValue)") { bounds, canvas in
                try renderer.draw(.back, in: bounds, on: canvas)
            }
        }
        let backs = (0..<count).map { designs[$0 % 2] }
        return try TabletopSimulatorDeck(cards: plain.cards, back: designs[0], cardBacks: backs, cardSize: poker,
                                         nickname: "test deck", hidden: hidden)
    }

    @Test("backs that differ by card are back sheets cut like the face sheets, each back pixel-equal in its face's slot")
    func backSheets() throws {
        let deck = try Self.deckWithBacksByCard(71)
        #expect(deck.hasUniqueBacks)
        #expect(TabletopSimulatorDeck.fileNames(cardCount: 71, format: .png, uniqueBacks: true)
                == ["deck-1.png", "deck-2.png", "backs-1.png", "backs-2.png", "saved-object.json"])
        for (index, slots) in [(0, [0, 1, 68, 69]), (1, [0])] {
            let sheet = deck.sheets[index], grid = sheet.grid
            let image = try deck.backPicture(of: sheet).rasterize(resolution: grid.resolution)
            #expect(image.width == grid.sheetWidth && image.height == grid.sheetHeight)
            var cells: [Int: [UInt8]] = [:]
            for slot in slots {
                let card = sheet.cards.lowerBound + slot
                let single = try deck.picture(of: deck.backOfCard(card), in: grid).rasterize(resolution: grid.resolution)
                let (left, top) = (slot % grid.columns * grid.cardWidth, slot / grid.columns * grid.cardHeight)
                var cell: [UInt8] = []
                for y in 0..<single.height {
                    let start = ((top + y) * image.width + left) * 4
                    cell += image.pixels[start..<start + single.width * 4]
                }
                #expect(cell == Array(single.pixels), "sheet \(sheet.key) slot \(slot)")
                cells[slot] = cell
            }
            if index == 0 { #expect(cells[0] != cells[1], "the two designs alternate") }
        }
        let object = deck.savedObject(imageBase: "https://example.com/d/", format: .png)
        let decks = object.objectStates[0].customDeck
        #expect(decks["1"]?.backURL == "https://example.com/d/backs-1.png" && decks["2"]?.backURL == "https://example.com/d/backs-2.png")
        #expect(decks.values.allSatisfy { $0.uniqueBack && $0.backIsHidden })
        let json = try #require(try JSONSerialization.jsonObject(with: object.jsonData()) as? [String: Any])
        let first = (json["ObjectStates"] as? [[String: Any]])?.first?["CustomDeck"] as? [String: [String: Any]]
        #expect(first?["1"]?["UniqueBack"] as? Bool == true)
        // One back for every card keeps the single back image.
        #expect(try Self.deck(3).savedObject(imageBase: "x/", format: .png).objectStates[0].customDeck["1"]?.uniqueBack == false)
    }

    @Test("with backs by card and the hidden face in the last slot, both sheets draw the deck's back there")
    func backSheetsWithTheHiddenFaceInTheLastSlot() throws {
        let deck = try Self.deckWithBacksByCard(3, hidden: .lastSlot)
        let sheet = deck.sheets[0], grid = sheet.grid
        let hiddenSlot = try #require(sheet.hiddenSlot)
        let image = try deck.backPicture(of: sheet).rasterize(resolution: grid.resolution)
        let back = try deck.picture(of: deck.back, in: grid).rasterize(resolution: grid.resolution)
        let (left, top) = (hiddenSlot % grid.columns * grid.cardWidth, hiddenSlot / grid.columns * grid.cardHeight)
        for y in stride(from: 0, to: grid.cardHeight, by: 5) {
            let start = ((top + y) * image.width + left) * 4, rowBytes = grid.cardWidth * 4
            #expect(image.pixels[start..<start + rowBytes] == back.pixels[y * rowBytes..<(y + 1) * rowBytes], "row \(y)")
        }
        #expect(throws: PlayingCardsError.self) {
            try TabletopSimulatorDeck(cards: deck.cards, back: deck.back, cardBacks: [deck.back], cardSize: Self.poker, nickname: "x")
        }
    }
}
