import Drawing
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import KeyboardDiagrams
import Testing

/// `cardrender keyboard` and `cardrender devices`, run as a user would.
@Suite struct KeyboardCLITests {
    struct Rect: Decodable, Equatable { var x, y, width, height: Double }
    struct Geometry: Decodable {
        struct Result: Decodable {
            var bottomOffset: Double
            var contentInsetBottom: Double
            var keyboardFrameInView: Rect
            var intersection: Rect?
        }
        var result: Result
    }

    /// Runs `keyboard … --json` and decodes the computed geometry.
    static func geometry(_ arguments: [String], out: URL) throws -> Geometry? {
        let result = try CLIRunner.run(["keyboard"] + arguments + ["--json", "--out", out.path])
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        return try? JSONDecoder().decode(Geometry.self, from: Data(result.stdout.utf8))
    }

    @Test func fourPointSevenInchIPhoneReproducesTheLoggedFrames() throws {
        let out = try CLIRunner.temporaryDirectory("keyboard-json")
        defer { try? FileManager.default.removeItem(at: out) }
        let portrait = try #require(try Self.geometry(["--device", "iphone-8"], out: out))
        #expect(portrait.result.bottomOffset == 258)
        #expect(portrait.result.keyboardFrameInView == Rect(x: 0, y: 409, width: 375, height: 258))
        #expect(portrait.result.intersection == Rect(x: 0, y: 409, width: 375, height: 258))

        let landscape = try #require(try Self.geometry(["--device", "iphone-8", "--orientation", "landscape"], out: out))
        #expect(landscape.result.bottomOffset == 194)
        #expect(landscape.result.keyboardFrameInView == Rect(x: 0, y: 181, width: 667, height: 194))
        // --json prints instead of drawing.
        #expect(try CLIChecks.fileTree(out).isEmpty)
    }

    @Test func notchedIPhoneTextViewInsetSubtractsTheSafeArea() throws {
        let out = try CLIRunner.temporaryDirectory("keyboard-inset")
        defer { try? FileManager.default.removeItem(at: out) }
        let geometry = try #require(try Self.geometry(["--device", "iphone-x", "--strategy", "content-inset"], out: out))
        // 335-pt keyboard with the predictive bar, less the 34-pt home indicator area.
        #expect(geometry.result.contentInsetBottom == 301)
    }

    @Test(arguments: ["0,900,375,335", "-400,0,375,335", "0,-400,375,335"])
    func keyboardFrameOffScreenMeansHidden(frame: String) throws {
        let out = try CLIRunner.temporaryDirectory("keyboard-offscreen")
        defer { try? FileManager.default.removeItem(at: out) }
        let geometry = try #require(try Self.geometry(["--device", "iphone-x", "--keyboard-frame", frame], out: out))
        #expect(geometry.result.intersection == nil)
        // No intersection: bottomOffset falls back to the bottom safe area.
        #expect(geometry.result.bottomOffset == 34)
        #expect(geometry.result.contentInsetBottom == 0)

        let drawn = try CLIRunner.run(["keyboard", "--device", "iphone-x", "--keyboard-frame", frame, "--scale", "1",
                                       "--out", out.path])
        #expect(drawn.status == 0, "\(drawn.stderr)")
        let png = try PNG.read(contentsOf: out.appendingPathComponent("iphone-x-portrait-bottom-offset-custom.png"))
        // Still drawn before and after, side by side.
        #expect(png.width > 2 * 375 && png.height > 812)
    }

    @Test func drawingWritesPNGAndSVGOfTheSameSize() throws {
        let out = try CLIRunner.temporaryDirectory("keyboard-draw")
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try CLIRunner.run(["keyboard", "--device", "iphone-8", "--scale", "1", "--format", "png,svg",
                                        "--out", out.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try Set(CLIChecks.fileTree(out).keys)
                == ["iphone-8-portrait-bottom-offset.png", "iphone-8-portrait-bottom-offset.svg"])
        let png = try PNG.read(contentsOf: out.appendingPathComponent("iphone-8-portrait-bottom-offset.png"))
        // Before and after side by side: wider than two 375-pt screens, taller than one 667-pt screen.
        #expect(png.width > 2 * 375 && png.height > 667)
        let svg = try Data(contentsOf: out.appendingPathComponent("iphone-8-portrait-bottom-offset.svg"))
        #expect(XMLParser(data: svg).parse())
        let svgText = String(decoding: svg, as: UTF8.self)
        #expect(svgText.contains(#"width="\#(png.width)pt""#))
        #expect(svgText.contains(#"height="\#(png.height)pt""#))

        // --scale 2 doubles the pixels of the same drawing.
        let twice = try CLIRunner.run(["keyboard", "--device", "iphone-8", "--scale", "2", "--out",
                                       out.appendingPathComponent("2x").path])
        #expect(twice.status == 0, "\(twice.stderr)")
        let png2 = try PNG.read(contentsOf: out.appendingPathComponent("2x/iphone-8-portrait-bottom-offset.png"))
        #expect(png2.width == 2 * png.width && png2.height == 2 * png.height)
    }

    @Test func devicesListsTheCatalogAsTextAndJSON() throws {
        let text = try CLIRunner.run(["devices"])
        #expect(text.status == 0, "\(text.stderr)")
        let json = try CLIRunner.run(["devices", "--json"])
        #expect(json.status == 0, "\(json.stderr)")

        let catalog = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let devices = try #require(catalog["devices"] as? [[String: Any]])
        let ids = devices.compactMap { $0["id"] as? String }
        #expect(ids.count == devices.count)
        #expect(ids.count >= 8)
        for id in ["iphone-8", "iphone-x", "ipad"] { #expect(ids.contains(id), "\(ids)") }

        // The table has a row per device, starting with its id.
        let rows = text.stdout.split(separator: "\n").map(String.init)
        for id in ids {
            #expect(rows.contains { $0.hasPrefix(id + " ") }, "no row for \(id)")
        }
        let iphone8 = try #require(rows.first { $0.hasPrefix("iphone-8 ") })
        #expect(iphone8.contains("375x667"))

        // Every figure names a key of the sources table, and nothing points at private notes.
        let sources = try #require(catalog["sources"] as? [String: String])
        func citedSources(_ value: Any) -> [String] {
            if let object = value as? [String: Any] {
                if let source = object["source"] as? String, object["confidence"] != nil { return [source] }
                return object.values.flatMap(citedSources)
            }
            return (value as? [Any])?.flatMap(citedSources) ?? []
        }
        let cited = citedSources(catalog)
        #expect(cited.count > 100)
        for key in Set(cited) { #expect(sources[key] != nil, "figures cite \(key), which the sources table lacks") }
        let notes = try Regex(#"\bseed[\s_-]*0\d\d|\bseeds/|\bshared/"#).ignoresCase()
        for output in [text.stdout, json.stdout] { #expect(output.firstMatch(of: notes) == nil) }
    }

    /// Bad keyboard input, with what the one error line must mention.
    struct BadInput: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var mentions: [String]
        var testDescription: String { arguments.joined(separator: " ") }
    }

    @Test(arguments: [
        BadInput(arguments: ["--device", "iphone8"], mentions: ["\"iphone8\"", "did you mean \"iphone-8\""]),
        BadInput(arguments: ["--device", "ipone-x"], mentions: ["did you mean \"iphone-x\""]),
        BadInput(arguments: ["--strategy", "bottomoffset"], mentions: ["did you mean \"bottom-offset\""]),
        BadInput(arguments: ["--strategy", "magic"], mentions: ["magic", "content-inset"]),
        BadInput(arguments: ["--keyboard-frame", "1,2,3"], mentions: ["--keyboard-frame", "1,2,3"]),
        BadInput(arguments: ["--keyboard-frame", "0,0,a,10"], mentions: ["--keyboard-frame"]),
        BadInput(arguments: ["--keyboard-frame", "0,0,-5,10"], mentions: ["--keyboard-frame", "-5"]),
        BadInput(arguments: ["--keyboard-frame", "0,0,nan,10"], mentions: ["--keyboard-frame", "finite"]),
        BadInput(arguments: ["--keyboard-frame", "0,0,375,inf"], mentions: ["--keyboard-frame", "finite"]),
        BadInput(arguments: ["--view-frame", "0,0,375"], mentions: ["--view-frame"]),
        BadInput(arguments: ["--scenario", "tabbar"], mentions: ["did you mean \"tab-bar\"", "hardware-keyboard", "keyboard-hidden"]),
        BadInput(arguments: ["--mistake", "safe-area"], mentions: ["did you mean \"safe-area-twice\"", "forgot-conversion"]),
        BadInput(arguments: ["--language", "kr"], mentions: ["\"kr\"", "ko", "ja", "zh-Hans"]),
    ])
    func badInputIsOneLineExitTwoAndWritesNothing(_ input: BadInput) throws {
        let dir = try CLIRunner.temporaryDirectory("keyboard-bad")
        defer { try? FileManager.default.removeItem(at: dir) }
        for json in [false, true] {
            let arguments = ["keyboard"] + input.arguments + (json ? ["--json"] : []) + ["--out", dir.path]
            let result = try CLIRunner.run(arguments)
            CLIChecks.expectRefusal(result, mentioning: input.mentions, arguments.joined(separator: " "))
            #expect(result.stdout.isEmpty)
        }
        #expect(try CLIChecks.fileTree(dir).isEmpty)
    }

    /// Scenario and mistake names cannot be guessed: `keyboard --help` lists every one the library has.
    @Test func helpListsEveryScenarioAndMistake() throws {
        let result = try CLIRunner.run(["keyboard", "--help"])
        #expect(result.status == 0)
        // Help wraps its lines; read each option's text as one line.
        let help = result.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        func optionHelp(_ option: String, before next: String) -> String {
            guard let start = help.range(of: "\(option) <"), let end = help.range(of: "\(next) <", range: start.upperBound..<help.endIndex)
            else { return "" }
            return String(help[start.upperBound..<end.lowerBound])
        }
        let builder = KeyboardDiagramBuilder(catalog: try DeviceCatalog.bundled())
        let scenarios = optionHelp("--scenario", before: "--mistake")
        #expect(builder.scenarios.count >= 10)
        for scenario in builder.scenarios { #expect(scenarios.contains(" \(scenario.id)"), "--scenario help lacks \(scenario.id)") }
        let mistakes = optionHelp("--mistake", before: "--keyboard-frame")
        for mistake in KeyboardMistake.allCases { #expect(mistakes.contains(" \(mistake.rawValue)"), "--mistake help lacks \(mistake.rawValue)") }
        let devices = optionHelp("--device", before: "--orientation")
        for device in builder.catalog.devices { #expect(devices.contains(" \(device.id)"), "--device help lacks \(device.id)") }
    }

    /// An unknown name is refused with every valid one listed, after a "did you mean" when one is close.
    @Test func unknownNamesListTheValidOnes() throws {
        let builder = KeyboardDiagramBuilder(catalog: try DeviceCatalog.bundled())
        let cases: [(option: String, typed: String, nearest: String?, valid: [String])] = [
            ("--device", "iphone8", "iphone-8", builder.catalog.devices.map(\.id)),
            ("--device", "pixel-7", nil, builder.catalog.devices.map(\.id)),
            ("--scenario", "sideways", nil, builder.scenarios.map(\.id)),
            ("--scenario", "hardware", "hardware-keyboard", builder.scenarios.map(\.id)),
            ("--mistake", "typo", nil, KeyboardMistake.allCases.map(\.rawValue)),
            ("--strategy", "magic", nil, AvoidanceStrategy.allCases.map(\.rawValue)),
            ("--orientation", "sideways", nil, Orientation.allCases.map(\.rawValue)),
        ]
        for (option, typed, nearest, valid) in cases {
            let result = try CLIRunner.run(["keyboard", option, typed, "--json"])
            let hint = nearest.map { ["did you mean \"\($0)\""] } ?? []
            CLIChecks.expectRefusal(result, mentioning: ["\"\(typed)\""] + hint + valid, "\(option) \(typed)")
            if nearest == nil { #expect(!result.stderr.contains("did you mean"), "\(option) \(typed): \(result.stderr)") }
        }
    }

    struct MistakeReport: Decodable {
        struct Scenario: Decodable { var id: String }
        struct Outcome: Decodable { var differs: Bool; var harmlessReason: String? }
        var scenario: Scenario?
        var mistake: Outcome
    }

    /// `keyboard --mistake X` alone shows a setting where the mistake changes the value; with a
    /// device where it changes nothing, it says so and why.
    @Test func aMistakeAloneIsShownWhereItMatters() throws {
        let out = try CLIRunner.temporaryDirectory("keyboard-mistake")
        defer { try? FileManager.default.removeItem(at: out) }
        for mistake in KeyboardMistake.allCases {
            let result = try CLIRunner.run(["keyboard", "--mistake", mistake.rawValue, "--json", "--out", out.path])
            #expect(result.status == 0, "\(mistake.rawValue): \(result.stderr)")
            let report = try JSONDecoder().decode(MistakeReport.self, from: Data(result.stdout.utf8))
            #expect(report.scenario?.id == mistake.defaultScenarioID)
            #expect(report.mistake.differs, "\(mistake.rawValue) changes nothing by default")
        }
        let plain = try CLIRunner.run(["keyboard", "--device", "iphone-8", "--mistake", "forgot-conversion", "--json",
                                       "--out", out.path])
        let report = try JSONDecoder().decode(MistakeReport.self, from: Data(plain.stdout.utf8))
        #expect(!report.mistake.differs)
        #expect(report.mistake.harmlessReason?.contains("window's origin") == true)
        let drawn = try CLIRunner.run(["keyboard", "--mistake", "forgot-conversion", "--scale", "1", "--out", out.path])
        #expect(drawn.status == 0, "\(drawn.stderr)")
        #expect(drawn.stdout.contains("/scenario-form-sheet-overlap-bottom-offset-mistake-forgot-conversion.png"))
    }

    /// `--language` and a spec's `language:` give the notes and the file name of that language.
    @Test func languageOptionAndSpecKey() throws {
        let dir = try CLIRunner.temporaryDirectory("keyboard-language")
        defer { try? FileManager.default.removeItem(at: dir) }
        let json = try CLIRunner.run(["keyboard", "--language", "ko", "--json", "--out", dir.path])
        #expect(json.status == 0, "\(json.stderr)")
        #expect(json.stdout.contains("\"note\" : \"예측 입력 바가 있는 도킹된 키보드.\""))
        let drawn = try CLIRunner.run(["keyboard", "--language", "ja", "--scale", "1", "--out", dir.path])
        #expect(drawn.status == 0, "\(drawn.stderr)")
        #expect(drawn.stdout.contains("/iphone-8-portrait-bottom-offset-ja.png"))
        let spec = try Self.runSpec("diagrams:\n  - scenario: tab-bar\n    language: zh-Hans\n    output: tab-bar-zh\n",
                                    named: "zh.yaml", in: dir)
        #expect(spec.status == 0, "\(spec.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("out/tab-bar-zh.png").path))
        let bad = try Self.runSpec("diagrams:\n  - language: klingon\n", named: "bad.yaml", in: dir)
        CLIChecks.expectRefusal(bad, mentioning: ["bad.yaml:2:", "\"klingon\"", "zh-Hans"], "bad.yaml")
    }

    /// Writes `text` as `name` in `dir` and runs `keyboard --spec name` from `dir`.
    static func runSpec(_ text: String, named name: String, in dir: URL) throws -> CLIRunner.Result {
        try Data(text.utf8).write(to: dir.appendingPathComponent(name))
        return try CLIRunner.run(["keyboard", "--spec", name, "--scale", "1", "--out", "out"], in: dir)
    }

    @Test func malformedYAMLNamesFileLineAndColumn() throws {
        let dir = try CLIRunner.temporaryDirectory("keyboard-yaml")
        defer { try? FileManager.default.removeItem(at: dir) }
        // Line 3 is indented one space short of its mapping.
        let misindented = try Self.runSpec("diagrams:\n  - strategy: toolbar\n   device: iphone-8\n",
                                           named: "misindented.yaml", in: dir)
        CLIChecks.expectRefusal(misindented, mentioning: ["misindented.yaml:3:4:", "YAML"], "misindented.yaml")
        let tab = try Self.runSpec("diagrams:\n  - strategy: toolbar\n\tdevice: iphone-8\n", named: "tab.yaml", in: dir)
        CLIChecks.expectRefusal(tab, mentioning: ["tab.yaml:3:1:", "tab"], "tab.yaml")
        let unknownKey = try Self.runSpec("diagrams:\n  - strategy: toolbar\n    devise: iphone-8\n",
                                          named: "key.yaml", in: dir)
        CLIChecks.expectRefusal(unknownKey, mentioning: ["key.yaml:3:5:", "\"devise\"", "did you mean \"device\""], "key.yaml")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out").path))
    }

    @Test(arguments: ["../x", "notes/../../x", "/tmp/cardrender-spec-escape"])
    func specOutputOutsideOutIsRefusedAndNothingWritten(output: String) throws {
        let dir = try CLIRunner.temporaryDirectory("keyboard-escape")
        defer { try? FileManager.default.removeItem(at: dir) }
        let work = dir.appendingPathComponent("work")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        // The first diagram is fine; the second one would escape, so neither may be written.
        let spec = """
            defaults:
              device: iphone-8
              format: [png, svg]
            diagrams:
              - strategy: toolbar
                output: fine
              - strategy: bottom-offset
                output: \(output)

            """
        let result = try Self.runSpec(spec, named: "escape.yaml", in: work)
        CLIChecks.expectRefusal(result, mentioning: ["escape.yaml:8:", output], "output \(output)")
        #expect(try CLIChecks.fileTree(work.appendingPathComponent("out")).isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: work.path) == ["escape.yaml"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["work"])
        #expect(!FileManager.default.fileExists(atPath: "/tmp/cardrender-spec-escape.png"))
    }

    /// One schema: a diagram of `keyboard --spec` and a batch `kind: keyboard` job take the same keys
    /// and draw the same bytes.
    @Test func aSpecDiagramAndABatchJobWithTheSameKeysDrawTheSameFile() throws {
        let dir = try CLIRunner.temporaryDirectory("keyboard-schema")
        defer { try? FileManager.default.removeItem(at: dir) }
        let keys = "device: iphone-x\n    strategy: content-inset\n    keyboard-frame: 0,477,375,335\n    format: svg\n    scale: 1\n"
        let spec = try Self.runSpec("diagrams:\n  - " + keys + "    output: one\n", named: "spec.yaml", in: dir)
        #expect(spec.status == 0, "\(spec.stderr)")
        try Data(("jobs:\n  - kind: keyboard\n    " + keys + "    output: batch\n").utf8)
            .write(to: dir.appendingPathComponent("batch.yaml"))
        let batch = try CLIRunner.run(["batch", "batch.yaml", "--out", "out", "--quiet"], in: dir)
        #expect(batch.status == 0, "\(batch.stderr)")
        let fromSpec = try Data(contentsOf: dir.appendingPathComponent("out/one.svg"))
        let fromBatch = try Data(contentsOf: dir.appendingPathComponent("out/batch/iphone-x-portrait-content-inset-custom.svg"))
        #expect(fromSpec == fromBatch)
    }

    @Test func specRendersEveryDiagramUnderOut() throws {
        let dir = try CLIRunner.temporaryDirectory("keyboard-spec")
        defer { try? FileManager.default.removeItem(at: dir) }
        let spec = """
            defaults:
              device: iphone-8
              format: [png, svg]
            diagrams:
              - strategy: toolbar
                output: notes/toolbar
              - scenario: hardware-keyboard

            """
        let result = try Self.runSpec(spec, named: "spec.yaml", in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        let tree = try CLIChecks.fileTree(dir.appendingPathComponent("out"))
        #expect(Set(tree.keys) == ["notes/toolbar.png", "notes/toolbar.svg",
                                   "scenario-hardware-keyboard-bottom-offset.png",
                                   "scenario-hardware-keyboard-bottom-offset.svg"])
        #expect(try PNG.read(contentsOf: dir.appendingPathComponent("out/notes/toolbar.png")).width > 2 * 375)
    }
}
