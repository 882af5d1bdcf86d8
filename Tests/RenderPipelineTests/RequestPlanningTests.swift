import Drawing
import Foundation
import RenderPipeline
import Testing

/// What requests plan before anything renders: a batch schedules and checks its jobs from
/// `plannedOutputs()`, so those paths must be the ones `plan()` writes.
@Suite struct RequestPlanningTests {
    /// A folder with `front.yaml` (two cards from inline data, poker size at 72 dpi) and `back.yaml`.
    struct Templates {
        let folder: URL
        var front: String { folder.appendingPathComponent("front.yaml").path }
        var back: String { folder.appendingPathComponent("back.yaml").path }

        init(rows: String = "  - {id: a}\n  - {id: b}\n") throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("planning-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let layers = "layers:\n  - type: rect\n    x: 10%\n    y: 10%\n    width: 50%\n    height: 50%\n    fill: white\n"
            try Data("card:\n  size: poker\n  dpi: 72\n  name: \"{id}\"\ndata:\n\(rows)\(layers)".utf8)
                .write(to: folder.appendingPathComponent("front.yaml"))
            try Data("card:\n  size: poker\n  dpi: 72\n\(layers)".utf8).write(to: folder.appendingPathComponent("back.yaml"))
        }

        func remove() { try? FileManager.default.removeItem(at: folder) }
    }

    @Test func cardsPlannedOutputsAreThePathsThePlanWrites() throws {
        let templates = try Templates()
        defer { templates.remove() }
        let request = CardsRequest(template: templates.front, formats: [.png, .svg], back: templates.back, sheet: true,
                                   contactSheet: true)
        let planned = try request.plannedOutputs()
        #expect(planned.paths == ["a.png", "a.svg", "b.png", "b.svg", "back.png", "back.svg",
                                  "sheet.png", "sheet.json", "contact-sheet.png", "cards.json"])
        #expect(try request.plan().outputs.sorted() == planned.paths.sorted())
        // Poker at 72 dpi is 180×252 px: three pictures, two formats.
        #expect(planned.cost == 180 * 252 * 3 * 2)
    }

    @Test func cardsPlannedOutputsFollowTheDPIAndLeaveOutWhatIsNotAsked() throws {
        let templates = try Templates()
        defer { templates.remove() }
        let request = CardsRequest(template: templates.front, dpi: 144)
        let planned = try request.plannedOutputs()
        #expect(planned.paths == ["a.png", "b.png", "cards.json"])
        #expect(try request.plan().outputs == planned.paths)
        #expect(planned.cost == 360 * 504 * 2)
    }

    /// With no card there is no sheet to draw: only the manifest, which says so.
    @Test func cardsWithNoRowsPlanOnlyTheManifest() throws {
        let templates = try Templates(rows: "  []\n")
        defer { templates.remove() }
        let request = CardsRequest(template: templates.front, sheet: true, contactSheet: true)
        let planned = try request.plannedOutputs()
        #expect(planned.paths == ["cards.json"])
        #expect(planned.cost == 0)
        let plan = try request.plan()
        #expect(plan.outputs == ["cards.json"])
        #expect(!plan.warnings.isEmpty)
    }

    @Test func keyboardPlannedOutputsMatchThePlanWithoutLayingItOut() throws {
        let request = KeyboardRequest(device: "iphone-8", formats: [.png, .svg], scale: 2)
        let planned = try request.plannedOutputs()
        #expect(planned.paths == ["iphone-8-portrait-bottom-offset.png", "iphone-8-portrait-bottom-offset.svg"])
        #expect(try request.plan().outputs == planned.paths)
        // A raster at 2x costs four times its vector twin.
        #expect(planned.cost == 1_200_000 * 4 + 1_200_000)
    }

    @Test func aKeyboardFilmstripIsPlannedAtThreeTimesTheCost() throws {
        let single = try KeyboardRequest(device: "iphone-8", formats: [.svg]).plannedOutputs()
        let request = KeyboardRequest(device: "iphone-8", filmstrip: 4, formats: [.svg])
        let planned = try request.plannedOutputs()
        #expect(planned.cost == single.cost * 3)
        #expect(try request.plan().outputs == planned.paths)
        #expect(planned.paths != single.paths)
    }

    /// A device named by an alias is drawn as the device it stands for, and the plan says so.
    @Test func aKeyboardAliasIsAWarningOfThePlan() throws {
        let plan = try KeyboardRequest(device: "iphone-13", formats: [.svg]).plan()
        #expect(plan.warnings.count == 1)
        #expect(plan.warnings.first?.hasPrefix("iphone-13 is drawn as iphone-12") == true, "\(plan.warnings)")
        #expect(try KeyboardRequest(device: "iphone-12", formats: [.svg]).plan().warnings.isEmpty)
    }

    @Test func pagePNGNumbersGrowWithThePageCount() {
        #expect(PrintRequest.pagePNGPath(pdf: "deck-print.pdf", page: 7, of: 100) == "deck-print-page-007.png")
        #expect(PrintRequest.pagePNGPath(pdf: "deck-print.pdf", page: 100, of: 100) == "deck-print-page-100.png")
        #expect(PrintRequest.pagePNGPath(pdf: "a/b.c.pdf", page: 9, of: 9) == "a/b.c-page-9.png")
    }
}

/// `--bleed` and `bleed:`: one grammar for the command line and the spec.
@Suite struct BleedSettingTests {
    @Test(arguments: ["off", "none", "no", "false", "0", "0mm", " OFF "])
    func offWords(text: String) throws {
        #expect(try BleedSetting(parsing: text) == .off)
    }

    @Test(arguments: ["template", "true", "yes", "on", "Template"])
    func templateWords(text: String) throws {
        #expect(try BleedSetting(parsing: text) == .template)
    }

    @Test func lengthsReplaceTheTemplatesBleed() throws {
        let metric = try BleedSetting(parsing: "3mm")
        #expect(metric.description == "3mm")
        #expect(abs(metric.points(templateBleed: 9) - 3 / 25.4 * 72) < 1e-9)
        #expect(try BleedSetting(parsing: "1/8in").points(templateBleed: 0) == 9)
        #expect(try BleedSetting(parsing: "4").points(templateBleed: 0) == 4)
        #expect(BleedSetting.template.points(templateBleed: 7) == 7)
        #expect(BleedSetting.off.points(templateBleed: 7) == 0)
        #expect(metric.includesBleed && BleedSetting.template.includesBleed && !BleedSetting.off.includesBleed)
        // What it prints is what it reads back.
        for setting in [metric, .template, .off] {
            #expect(try BleedSetting(parsing: setting.description) == setting)
        }
    }

    @Test func badBleedsSayWhichFormsAreTaken() {
        #expect(throws: RequestError("\"banana\" is not a bleed; use off, template (the template's `card.bleed`) "
                                     + "or a length such as 1/8in or 3mm")) {
            try BleedSetting(parsing: "banana")
        }
        #expect(throws: RequestError("length \"-1mm\" is negative; use zero or more")) { try BleedSetting(parsing: "-1mm") }
    }

    /// A spec's `bleed: true` and `bleed: false` are the flag's old form; text takes the grammar.
    @Test func specValuesDecodeBooleansAndText() throws {
        struct Job: Decodable { var bleed: BleedSetting }
        func decode(_ json: String) throws -> BleedSetting {
            try JSONDecoder().decode(Job.self, from: Data("{\"bleed\": \(json)}".utf8)).bleed
        }
        #expect(try decode("true") == .template)
        #expect(try decode("false") == .off)
        #expect(try decode("\"3mm\"").description == "3mm")
        #expect(try decode("\"template\"") == .template)
        let error = #expect(throws: DecodingError.self) { try decode("\"banana\"") }
        guard case .dataCorrupted(let context) = error else {
            Issue.record("expected corrupted data, got \(String(describing: error))")
            return
        }
        #expect(context.debugDescription == "\"banana\" is not a bleed; use \(BleedSetting.forms)")
        #expect(context.codingPath.map(\.stringValue) == ["bleed"])
        let bool: BleedSetting = true
        #expect(bool == .template)
    }
}
