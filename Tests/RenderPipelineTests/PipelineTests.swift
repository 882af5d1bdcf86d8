import BatchRendering
import CardRenderSupport
import Drawing
import Foundation
import PlayingCards
import RenderPipeline
import Testing

/// A library user's path: a request value through the pipeline, without the command line.
@Suite struct PipelineTests {
    func temporaryFolder(_ name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("pipeline-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func aCardRequestIsWrittenWithTheFactsOfItsBytes() throws {
        let out = try temporaryFolder("card")
        defer { try? FileManager.default.removeItem(at: out) }
        var look = CardLook()
        look.size = "60x84pt"
        look.scale = 1
        look.formats = [.png, .svg]
        let request = CardRequest(card: "QH", names: .long, look: look)
        try request.validate(as: .spec)
        let written = try request.plan().write(into: out, workers: 2)
        #expect(written.map(\.path) == ["queen-of-hearts.png", "queen-of-hearts.svg"])
        for file in written {
            let data = try Data(contentsOf: out.appendingPathComponent(file.path))
            #expect(WrittenFile(path: file.path, data: data) == file)
        }
        #expect(written[0].pixelWidth == 60 && written[0].pixelHeight == 84)
        #expect(written[1].pixelWidth == nil)
        // In memory, the same bytes.
        let rendered = try request.plan().renderInMemory(workers: 1)
        #expect(rendered.map(\.facts) == written)
    }

    @Test func aDeckRequestWritesDeckJSONStatingTheWrittenBytes() throws {
        let out = try temporaryFolder("deck")
        defer { try? FileManager.default.removeItem(at: out) }
        var look = CardLook()
        look.size = "50x70pt"
        look.scale = 1
        let plan = try DeckRequest(jokers: true, look: look).plan().moved(under: "cards")
        #expect(plan.outputs.last == "cards/deck.json")
        let written = try plan.write(into: out, workers: 2)
        #expect(written.count == 52 + 2 + 1 + 1)
        let manifest = try JSONDecoder().decode(DeckManifest.self,
                                                from: Data(contentsOf: out.appendingPathComponent("cards/deck.json")))
        let ace = try #require(manifest.files.first { $0.card == "AS" }?.file)
        #expect(ace.written.path == "AS.png")
        #expect(ace.written.sha256 == Checksum.sha256(try Data(contentsOf: out.appendingPathComponent("cards/AS.png"))))
        #expect(ace.width == 50 && ace.height == 70)
    }

    @Test func invalidRequestsNameTheKeyInTheFrontEndsWords() {
        var look = CardLook()
        look.faceScale = 2
        #expect(throws: RequestError("--face-scale must be between 0.5 and 1, got 2.0", key: "face-scale")) {
            try CardRequest(card: "AS", look: look).validate(as: .commandLine)
        }
        #expect(throws: RequestError("`face-scale` must be between 0.5 and 1, got 2.0", key: "face-scale")) {
            try DeckRequest(look: look).validate(as: .spec)
        }
        #expect(throws: RequestError("`mistake` and `filmstrip` draw different diagrams; pick one", key: "filmstrip")) {
            try KeyboardRequest(mistake: .forgotCoordinateConversion, filmstrip: 3).validate(as: .spec)
        }
    }

    @Test func aSpecRunsThroughTheBatchRunnerWithoutTheCommandLine() throws {
        let out = try temporaryFolder("batch")
        defer { try? FileManager.default.removeItem(at: out) }
        let planner = BatchPlanner(build: "test build")
        let text = """
            jobs:
              - kind: card
                card: [AS, KD]
                size: 60x84pt
                scale: 1
                output: cards
              - kind: keyboard
                device: iphone-8
                scale: 0.25
                format: svg
                output: diagrams
            """
        let specJobs = try planner.parse(text, file: "spec.yaml")
        let jobs = try planner.jobs(specJobs, specFolder: nil, workers: 2)
        #expect(jobs.map(\.outputs) == [["cards/AS.png"], ["cards/KD.png"], ["diagrams/iphone-8-portrait-bottom-offset.svg"]])
        let runner = BatchRunner(options: .init(workers: 2, tool: "test", build: planner.build))
        let outcome = try runner.run(jobs, in: try OutputFolder(out), progress: nil)
        #expect(outcome.rendered == 3 && outcome.failures.isEmpty)
        let manifest = try Manifest.read(from: out)
        let ace = try #require(manifest.jobs[jobs[0].id]?.outputs.first)
        #expect(ace == WrittenFile(path: "cards/AS.png", data: try Data(contentsOf: out.appendingPathComponent("cards/AS.png"))))
        // Planned again, nothing changed: the same input keys, so a re-run renders nothing.
        let again = try planner.jobs(try planner.parse(text, file: "spec.yaml"), specFolder: nil, workers: 1)
        #expect(again.map(\.inputKey) == jobs.map(\.inputKey))
        // A changed value changes the key.
        let bigger = try planner.jobs(try planner.parse("jobs:\n  - kind: card\n    card: AS\n    size: 60x84pt\n    scale: 2\n    output: cards\n",
                                                        file: "spec.yaml"), specFolder: nil, workers: 1)
        #expect(bigger[0].inputKey != jobs[0].inputKey)
    }
}
