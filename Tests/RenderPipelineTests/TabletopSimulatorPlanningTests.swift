import BatchRendering
import Drawing
import Foundation
import PlayingCards
import RenderPipeline
import SpecFiles
import Testing

/// The Tabletop Simulator deck as requests plan it, with no command line: each sheet and the
/// back a unit of its own, the saved object written with the manifest, the paths a batch plans
/// from the template alone the ones the plan writes.
@Suite struct TabletopSimulatorPlanningTests {
    @Test func cardsPlanTheSheetsAndBackAsUnitsAndTheSavedObjectBeforeTheManifest() throws {
        let templates = try RequestPlanningTests.Templates()
        defer { templates.remove() }
        var request = CardsRequest(template: templates.front, back: templates.back)
        request.tabletop = TabletopSimulatorSetting(enabled: true, format: .jpeg, baseURL: "https://example.com/t")
        let planned = try request.plannedOutputs()
        #expect(planned.paths == ["a.png", "b.png", "back.png", "tabletop-simulator/deck-1.jpg", "tabletop-simulator/back.jpg",
                                  "tabletop-simulator/saved-object.json", "cards.json"])
        let plan = try request.plan()
        #expect(plan.outputs.sorted() == planned.paths.sorted())
        #expect(plan.derivedPaths == ["tabletop-simulator/saved-object.json", "cards.json"])
        let sheet = try #require(plan.units.first { $0.path == "tabletop-simulator/deck-1.jpg" })
        // Its pixel size, checked against the budget before drawing, is its grid's.
        let grid = TabletopSimulatorDeck.Grid.fitting(2, cardSize: CardSize.poker.points)
        #expect(sheet.pixelSize?.width == grid.sheetWidth && sheet.pixelSize?.height == grid.sheetHeight)
        let files = try plan.renderInMemory(workers: 2)
        let saved = try #require(files.first { $0.path == "tabletop-simulator/saved-object.json" })
        let object = try JSONDecoder().decode(TabletopSavedObject.self, from: saved.data)
        #expect(object.objectStates.first?.customDeck["1"]?.faceURL == "https://example.com/t/deck-1.jpg")
        #expect(object.objectStates.first?.deckIDs == [100, 101])
        let manifest = try JSONDecoder().decode(CardsManifest.self, from: try #require(files.last).data)
        #expect(manifest.tabletopSimulator?.savedObject == saved.facts)
        #expect(manifest.tabletopSimulator?.images.map(\.written.path) == ["tabletop-simulator/deck-1.jpg",
                                                                           "tabletop-simulator/back.jpg"])
    }

    @Test func aDeckOverTenThousandCardsIsRefusedWhenPlanned() throws {
        let templates = try RequestPlanningTests.Templates(rows: "  - {id: a, count: 6000}\n  - {id: b, count: 5000}\n")
        defer { templates.remove() }
        var request = CardsRequest(template: templates.front, back: templates.back)
        #expect(try request.plannedOutputs().paths.count == 4)
        request.tabletop.enabled = true
        let error = try #require(throws: PlayingCardsError.self) { try request.plannedOutputs() }
        #expect("\(error)".contains("at most 10000 cards"), "\(error)")
    }

    @Test func aRequestLocatedInAFolderNamesItsImagesByFileURL() throws {
        var request = DeckRequest()
        request.tabletop.enabled = true
        let located = request.locating(in: URL(fileURLWithPath: "/srv/decks/red", isDirectory: true))
        #expect(located.tabletop.baseURL == "file:///srv/decks/red/tabletop-simulator/")
        // A given URL stays; without the deck, nothing changes.
        request.tabletop.baseURL = "https://example.com/"
        #expect(request.locating(in: URL(fileURLWithPath: "/x")).tabletop.baseURL == "https://example.com/")
        #expect(DeckRequest().locating(in: URL(fileURLWithPath: "/x")).tabletop.baseURL == nil)
    }

    @Test func specKeysDecodeIntoTheSetting() throws {
        let planner = BatchPlanner(build: "test")
        let jobs = try planner.parse("""
        jobs:
          - kind: deck
            tabletop-simulator: true
            tabletop-format: jpg
            base-url: https://example.com/d/
            output: d

        """, file: "spec.yaml")
        let request = try #require(try JobKind.named("deck")?.decode(jobs[0].fields) as? DeckRequest)
        #expect(request.tabletop == TabletopSimulatorSetting(enabled: true, format: .jpeg, baseURL: "https://example.com/d/"))
        let bad = try planner.parse("jobs:\n  - kind: deck\n    tabletop-simulator: true\n    tabletop-format: webp\n",
                                    file: "spec.yaml")
        let error = try #require(throws: SpecError.self) { try JobKind.named("deck")?.decode(bad[0].fields) }
        #expect(error.description.hasPrefix("spec.yaml:4:"), "\(error.description)")
    }
}
