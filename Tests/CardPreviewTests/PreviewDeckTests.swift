@testable import CardPreview
import Foundation
import RenderPipeline
import Testing

@Suite struct PreviewDeckTests {
    func deck(_ fixtures: PreviewFixtures) -> PreviewDeck {
        PreviewDeck(request: PreviewRequest(template: fixtures.path("card.yaml"), data: fixtures.path("cards.csv"), dpi: 72).cards)
    }

    @Test func firstRefreshDrawsEveryCard() throws {
        let fixtures = try PreviewFixtures()
        let deck = deck(fixtures)
        let refresh = deck.refresh()
        #expect(refresh == PreviewDeck.Refresh(redrawnRows: [1, 2, 3], error: nil))
        let snapshot = deck.snapshot
        #expect(snapshot.cards.map(\.name) == ["Alpha", "Beta", "Gamma"])
        #expect(snapshot.widthInches == 2.5 && snapshot.heightInches == 3.5)
        let png = try #require(deck.image(at: 0))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(deck.image(at: 3) == nil)
    }

    @Test func aOneRowEditRedrawsOnlyThatRow() throws {
        let fixtures = try PreviewFixtures()
        let deck = deck(fixtures)
        deck.refresh()
        let before = deck.snapshot
        let untouched = try #require(deck.image(at: 0))
        try fixtures.write("cards.csv", PreviewFixtures.rows.replacingOccurrences(of: "#33cc33", with: "#000000"))
        let refresh = deck.refresh()
        #expect(refresh.redrawnRows == [2])
        let after = deck.snapshot
        #expect(after.generation == before.generation + 1)
        #expect(after.cards[0].version == before.cards[0].version)
        #expect(after.cards[1].version == after.generation)
        #expect(after.cards[2].version == before.cards[2].version)
        #expect(deck.image(at: 0) == untouched)
        // Nothing changed: nothing is drawn and the page is not told.
        #expect(deck.refresh().redrawnRows.isEmpty)
        #expect(deck.snapshot.generation == after.generation)
    }

    @Test func anImageEditRedrawsTheCardsThatDrawIt() throws {
        let fixtures = try PreviewFixtures()
        let deck = deck(fixtures)
        deck.refresh()
        try fixtures.write("green.svg", PreviewFixtures.square("black"))
        #expect(deck.refresh().redrawnRows == [2, 3])
    }

    @Test func insertingARowAboveRedrawsOnlyTheNewCard() throws {
        let fixtures = try PreviewFixtures()
        let deck = deck(fixtures)
        deck.refresh()
        try fixtures.write("cards.csv", PreviewFixtures.rows.replacingOccurrences(of: "name,color,picture\n",
                                                                                   with: "name,color,picture\nZero,#999999,red.svg\n"))
        #expect(deck.refresh().redrawnRows == [1])
        #expect(deck.snapshot.cards.map(\.row) == [1, 2, 3, 4])
    }

    @Test func anErrorKeepsTheLastGoodCardsAndClearsWhenFixed() throws {
        let fixtures = try PreviewFixtures()
        let deck = deck(fixtures)
        deck.refresh()
        let good = deck.snapshot
        try fixtures.write("card.yaml", PreviewFixtures.template.replacingOccurrences(of: "\"{color}\"", with: "\"{colour}\""))
        let failed = deck.refresh()
        let message = try #require(failed.error)
        #expect(message.contains("card.yaml:"), "\(message)")
        #expect(message.contains("colour"), "\(message)")
        #expect(!message.contains("\n"))
        let shown = deck.snapshot
        #expect(shown.error == message)
        #expect(shown.cards == good.cards)
        #expect(deck.image(at: 1) != nil)
        // The same error again is no news to the page.
        deck.refresh()
        #expect(deck.snapshot.generation == shown.generation)
        try fixtures.write("card.yaml", PreviewFixtures.template)
        #expect(deck.refresh().error == nil)
        #expect(deck.snapshot.error == nil)
        #expect(deck.snapshot.cards.map(\.name) == ["Alpha", "Beta", "Gamma"])
    }

    @Test func aCSVErrorNamesTheFileAndLine() throws {
        let fixtures = try PreviewFixtures()
        let deck = deck(fixtures)
        deck.refresh()
        try fixtures.write("cards.csv", PreviewFixtures.rows + "\nDelta,\"#123456,red.svg\n")
        let message = try #require(deck.refresh().error)
        #expect(message.contains("cards.csv:5"), "\(message)")
    }

    @Test func theWatchedFilesAreEveryInput() throws {
        let fixtures = try PreviewFixtures()
        let deck = deck(fixtures)
        deck.refresh()
        let watched = Set(deck.inputFiles.map { URL(fileURLWithPath: $0).lastPathComponent })
        #expect(watched.isSuperset(of: ["card.yaml", "cards.csv", "red.svg", "green.svg"]))
    }

    @Test func overflowAndMissingGlyphsAreWarningsOnTheirCard() throws {
        let fixtures = try PreviewFixtures()
        let deck = deck(fixtures)
        try fixtures.write("cards.csv", PreviewFixtures.rows.replacingOccurrences(
            of: "Beta,", with: "Beta \u{0378} \(String(repeating: "very long name ", count: 40)),"))
        deck.refresh()
        let cards = deck.snapshot.cards
        #expect(cards[0].warnings.isEmpty)
        #expect(cards[1].warnings.contains { $0.contains("does not fit") && $0.contains("row 2") }, "\(cards[1].warnings)")
        #expect(cards[1].warnings.contains { $0.contains("no glyph for U+0378") }, "\(cards[1].warnings)")
        #expect(deck.snapshot.error == nil)
    }

    @Test func badMarkupIsTheErrorAtTheTemplateLine() throws {
        let fixtures = try PreviewFixtures()
        let deck = deck(fixtures)
        deck.refresh()
        try fixtures.write("card.yaml", PreviewFixtures.template.replacingOccurrences(of: "text: \"{name}\"", with: "text: \"<b>{name}\""))
        let message = try #require(deck.refresh().error)
        #expect(message.contains("card.yaml:") && message.contains("row 1"), "\(message)")
        #expect(deck.snapshot.cards.count == 3)
    }

    @Test func eachCardShowsTheBackItsRowChooses() throws {
        let fixtures = try PreviewFixtures()
        // The back's background is the row's colour: Alpha, Beta and Gamma get three backs.
        try fixtures.write("back.yaml", "card: {size: poker, background: \"{color}\"}\nlayers: []\n")
        let deck = PreviewDeck(request: PreviewRequest(template: fixtures.path("card.yaml"), data: fixtures.path("cards.csv"),
                                                       back: fixtures.path("back.yaml"), dpi: 72).cards)
        #expect(deck.refresh().error == nil)
        #expect(deck.snapshot.backVersions == [1, 1, 1])
        #expect(deck.snapshot.cards.map(\.back) == [0, 1, 2])
        let beta = try #require(deck.backImage(at: 1))
        try fixtures.write("cards.csv", PreviewFixtures.rows.replacingOccurrences(of: "#cc3333", with: "#33cc33"))
        // Alpha now has Beta's colour: one back for both, and Gamma's is the second.
        #expect(deck.refresh().error == nil)
        #expect(deck.snapshot.cards.map(\.back) == [0, 0, 1])
        #expect(deck.backImage(at: 0) == beta)
        #expect(deck.backImage(at: 2) == nil)
    }

    @Test func theBackIsDrawnOnceAndAgainOnlyWhenItChanges() throws {
        let fixtures = try PreviewFixtures()
        let back = "card: {size: poker, background: \"#223344\"}\nlayers: []\n"
        try fixtures.write("back.yaml", back)
        let deck = PreviewDeck(request: PreviewRequest(template: fixtures.path("card.yaml"), data: fixtures.path("cards.csv"),
                                                       back: fixtures.path("back.yaml"), dpi: 72).cards)
        #expect(deck.refresh().redrawnRows == [1, 2, 3, 0])
        let png = try #require(deck.backImage(at: 0))
        #expect(deck.snapshot.backVersions == [1])
        #expect(deck.snapshot.cards.map(\.back) == [0, 0, 0])
        try fixtures.write("cards.csv", PreviewFixtures.rows.replacingOccurrences(of: "Alpha", with: "Alef"))
        #expect(deck.refresh().redrawnRows == [1])
        #expect(deck.backImage(at: 0) == png)
        try fixtures.write("back.yaml", back.replacingOccurrences(of: "#223344", with: "#443322"))
        #expect(deck.refresh().redrawnRows == [0])
        #expect(deck.snapshot.backVersions == [3])
        #expect(deck.backImage(at: 0) != png)
    }
}

/// An image layer's `crop`, `src-rotate` and `bleed` are part of each card's key: editing one
/// in the template redraws the cards that draw the image, and nothing else changes.
@Suite struct PreviewImageOptionTests {
    @Test(arguments: ["crop: {x: 0, y: 0, width: 50%}", "src-rotate: 90", "bleed: mirror"])
    func anImageOptionEditRedrawsEveryCard(option: String) throws {
        let fixtures = try PreviewFixtures()
        let deck = PreviewDeck(request: PreviewRequest(template: fixtures.path("card.yaml"), data: fixtures.path("cards.csv"),
                                                       dpi: 72).cards)
        deck.refresh()
        let edited = PreviewFixtures.template.replacingOccurrences(of: "    src: \"{picture}\"",
                                                                   with: "    src: \"{picture}\"\n    \(option)")
        #expect(edited != PreviewFixtures.template)
        try fixtures.write("card.yaml", edited)
        let refresh = deck.refresh()
        #expect(refresh.error == nil)
        #expect(refresh.redrawnRows == [1, 2, 3])
        #expect(deck.refresh().redrawnRows.isEmpty)
    }
}
