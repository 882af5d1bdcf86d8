import BatchRendering
import Drawing
import Foundation
import PlayingCards
@testable import RenderPipeline
import Testing

/// The Card Game Simulator game as requests plan it, with no command line: the paths a batch
/// plans from the template alone are the ones the plan writes, and the zip stops at its limit.
@Suite struct CardGameSimulatorPlanningTests {
    @Test func cardsPlanTheGameFolderOrZipAsTheBatchPlansIt() throws {
        let templates = try RequestPlanningTests.Templates()
        defer { templates.remove() }
        var request = CardsRequest(template: templates.front, back: templates.back)
        request.cardGameSimulator = CardGameSimulatorSetting(enabled: true)
        let planned = try request.plannedOutputs()
        let folder = "card-game-simulator/front/"
        #expect(planned.paths == ["a.png", "b.png", "back.png"]
                + ["sets/front/a.png", "sets/front/b.png", "CardBack.png", "cgs.json", "AllCards.json", "AllSets.json",
                   "decks/front.txt"].map { folder + $0 } + ["cards.json"])
        #expect(try request.plan().outputs.sorted() == planned.paths.sorted())
        request.cardGameSimulator.zip = true
        let zipped = try request.plannedOutputs()
        #expect(zipped.paths == ["a.png", "b.png", "back.png", "card-game-simulator/front.cgs.zip", "cards.json"])
        #expect(try request.plan().outputs.sorted() == zipped.paths.sorted())
    }

    @Test func aZipPastItsLimitFailsInsteadOfGrowing() throws {
        let card = TabletopCard(name: "a") { bounds, canvas in canvas.fill(BezierPath(rect: bounds), with: .black) }
        let game = try CardGameSimulatorGame(name: "g", cards: [card], back: card, cardSize: CardSize.poker.points,
                                             resolution: .scale(1))
        let setting = CardGameSimulatorSetting(enabled: true, zip: true)
        let unit = try #require(try setting.plan(game, maxZipBytes: 100).first)
        guard case .file(_, let render) = unit.content else { Issue.record("the zip is one file"); return }
        #expect(throws: RequestError.self) { try render() }
        let whole = try #require(try setting.plan(game).first)
        guard case .file(_, let renderWhole) = whole.content else { Issue.record("the zip is one file"); return }
        #expect(try renderWhole().count > 100)
    }
}
