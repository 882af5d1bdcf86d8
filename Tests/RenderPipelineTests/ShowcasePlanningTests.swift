import BatchRendering
import Drawing
import Foundation
import Images
import PlayingCards
import RenderPipeline
import SpecFiles
import Testing

/// The showcase and hand as requests plan them, with no command line: one unit each per
/// format, the paths a batch plans from the template alone the ones the plan writes.
@Suite struct ShowcasePlanningTests {
    @Test func cardsPlanAShowcaseInRasterFormatsAndAHandInEvery() throws {
        let templates = try RequestPlanningTests.Templates()
        defer { templates.remove() }
        var request = CardsRequest(template: templates.front, formats: [.png, .svg])
        request.showcase.enabled = true
        request.hand = HandSetting(enabled: true, choice: CardChoice(names: ["b"]))
        let planned = try request.plannedOutputs()
        #expect(planned.paths == ["a.png", "a.svg", "b.png", "b.svg", "showcase.png", "hand.png", "hand.svg", "cards.json"])
        let plan = try request.plan()
        #expect(plan.outputs.sorted() == planned.paths.sorted())
        // Two poker cards at 72 dpi, turned to 0.8 of their 180 pt, 1.1 widths apart, with margins
        // of 0.12 heights and a reflection 0.25 heights long, 0.02 below.
        let showcase = try #require(plan.units.first { $0.path == "showcase.png" })
        let width = 2 * 0.12 * 252 + 144 + 1.1 * 144, height = 2 * 0.12 * 252 + 252 * 1.27
        #expect(showcase.pixelSize?.width == Int(width.rounded(.up)) && showcase.pixelSize?.height == Int(height.rounded(.up)))
        let files = try plan.renderInMemory(workers: 2)
        let image = try PNG.decode(try #require(files.first { $0.path == "showcase.png" }).data)
        #expect(image.width == showcase.pixelSize?.width)
        #expect(image[image.width / 2, 2] == RGBAImage.Pixel(r: 255, g: 255, b: 255, a: 255), "white backdrop")
        // cards.json lists both pictures with their sizes and digests.
        let manifest = try JSONDecoder().decode(CardsManifest.self, from: try #require(files.last).data)
        let listed = try #require(manifest.pictures)
        #expect(listed.map(\.written.path) == ["showcase.png", "hand.png", "hand.svg"])
        #expect(listed[0].width == image.width && listed[0].height == image.height)
        for file in listed {
            #expect(file.written.sha256 == files.first { $0.path == file.written.path }?.facts.sha256, "\(file.written.path)")
        }
    }

    @Test func aNameNoCardHasIsRefusedWithTheNearest() throws {
        let templates = try RequestPlanningTests.Templates(rows: "  - {id: apple}\n  - {id: pear}\n")
        defer { templates.remove() }
        var request = CardsRequest(template: templates.front)
        request.showcase = ShowcaseSetting(enabled: true, choice: CardChoice(names: ["pear", "appel"]))
        let error = try #require(throws: RequestError.self) { try request.plan() }
        #expect(error.message.contains("\"appel\"") && error.message.contains("apple"), "\(error.message)")
    }

    @Test func specKeysDecodeIntoTheSettings() throws {
        let planner = BatchPlanner(build: "test")
        let jobs = try planner.parse("""
        jobs:
          - kind: deck
            showcase: true
            showcase-cards: AS,KH
            showcase-perspective: 0.6
            showcase-face: right
            showcase-fill: transparent
            showcase-trim: 1/16in
            hand: true
            hand-angles: "-45,15"
            hand-fill: "#102030"
            output: d

        """, file: "spec.yaml")
        let request = try #require(try JobKind.named("deck")?.decode(jobs[0].fields) as? DeckRequest)
        #expect(request.showcase.enabled && request.showcase.choice.names == ["AS", "KH"])
        #expect(request.showcase.style.perspective == 0.6 && request.showcase.style.facing == .right)
        #expect(request.showcase.style.background == .clear && request.showcase.style.trim == 4.5)
        #expect(request.hand.enabled && request.hand.style.angles == -45...15)
        #expect(request.hand.style.background == (try Color(hex: "#102030")))
        let plan = try request.plan()
        #expect(plan.outputs.contains("showcase.png") && plan.outputs.contains("hand.png"))
        for (key, value) in [("showcase-face", "up"), ("showcase-fill", "blurple"), ("hand-angles", "\"9\""),
                             ("showcase-trim", "-1mm"), ("hand-radius", "6")] {
            let bad = try planner.parse("jobs:\n  - kind: deck\n    \(key): \(value)\n", file: "spec.yaml")
            let error = try #require(throws: SpecError.self) { try JobKind.named("deck")?.decode(bad[0].fields) }
            // At the value: four spaces, the key and ": ".
            #expect(error.description.hasPrefix("spec.yaml:3:\(key.count + 7): "), "\(key): \(error.description)")
        }
        let both = try planner.parse("jobs:\n  - kind: deck\n    hand-count: 3\n    hand-cards: AS,KS\n", file: "spec.yaml")
        let error = try #require(throws: SpecError.self) { try JobKind.named("deck")?.decode(both[0].fields) }
        #expect(error.description.hasPrefix("spec.yaml:4:17: ") && error.description.contains("not both"), "\(error.description)")
    }
}
