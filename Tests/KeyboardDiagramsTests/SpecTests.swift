import CardRenderSupport
import Drawing
import Foundation
import SpecFiles
import Testing
@testable import KeyboardDiagrams

@Suite("Diagram specs and output paths")
struct SpecTests {
    let builder: KeyboardDiagramBuilder

    init() throws {
        builder = KeyboardDiagramBuilder(catalog: try DeviceCatalog.bundled())
    }

    func parse(_ text: String) throws(KeyboardSpecError) -> KeyboardDiagramSpec {
        try KeyboardDiagramSpec.parse(text, file: "spec.yaml", builder: builder)
    }

    func error(_ text: String) -> String? {
        do {
            _ = try parse(text)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func readsDefaultsAndDiagrams() throws {
        let spec = try parse("""
            defaults:
              device: iphone-7
              formats: [png, svg]
            diagrams:
              - strategy: bottom-offset
                output: notes/offset
              - orientation: landscape
                keyboard-frame: [0, 181, 667, 194]
                predictive: false
              - scenario: hardware-keyboard
                mistake: height-not-intersection
                formats: pdf
              - filmstrip: 6
                view-frame: "0,0,375,600"
            """)
        #expect(spec.entries.count == 4)
        let first = spec.entries[0].order
        #expect(first.device == "iphone-8")  // the alias resolved to its id
        #expect(first.formats == [.png, .svg])
        #expect(first.output == "notes/offset")
        #expect(spec.entries[0].location.line == 5)
        #expect(spec.entries[1].order.keyboardFrame == CGRect(x: 0, y: 181, width: 667, height: 194))
        #expect(spec.entries[1].order.predictive == false)
        // The scenario fixes the device: the default device does not apply.
        #expect(spec.entries[2].order.device == nil)
        #expect(spec.entries[2].order.formats == [.pdf])
        #expect(spec.entries[2].order.variant == .mistake(.heightInsteadOfIntersection))
        #expect(spec.entries[3].order.variant == .filmstrip(frames: 6))
        #expect(spec.entries[3].order.viewFrame == CGRect(x: 0, y: 0, width: 375, height: 600))
        let model = try spec.entries[1].order.model(builder: builder)
        #expect(model.result.geometry.bottomOffset == 194)
    }

    @Test func acceptsJSONAndABareList() throws {
        let json = try parse(#"{"defaults": {"device": "ipad"}, "diagrams": [{"strategy": "layout-guide"}]}"#)
        #expect(json.entries.first?.order.device == "ipad")
        #expect(json.entries.first?.order.strategy == .layoutGuide)
        let list = try parse("- device: iphone-x\n- scenario: tab-bar\n")
        #expect(list.entries.map(\.order.device) == ["iphone-x", nil])
    }

    @Test func unknownKeysSuggestTheNearestOne() {
        #expect(error("diagrams:\n  - devcie: iphone-8\n")
            == "spec.yaml:2:5: unknown key \"devcie\"; did you mean \"device\"?")
        #expect(error("defaults:\n  strategi: toolbar\ndiagrams:\n  - device: ipad\n")
            == "spec.yaml:2:3: unknown key \"strategi\"; did you mean \"strategy\"?")
        #expect(error("diagram:\n  - device: ipad\n") == "spec.yaml:1:1: unknown key \"diagram\"; did you mean \"diagrams\"?")
        #expect(error("diagrams:\n  - colour: red\n")?.hasPrefix("spec.yaml:2:5: unknown key \"colour\"; valid: device,") == true)
    }

    @Test func badValuesNameTheirLineAndColumn() {
        #expect(error("diagrams:\n  - device: ipone-8\n")
            == "spec.yaml:2:13: unknown device \"ipone-8\"; did you mean \"iphone-8\"?")
        #expect(error("diagrams:\n  - strategy: bottom-ofset\n")
            == "spec.yaml:2:15: unknown strategy \"bottom-ofset\" (toolbar, bottom-offset, content-inset, layout-guide); "
            + "did you mean \"bottom-offset\"?")
        #expect(error("diagrams:\n  - keyboard-frame: 0,409,375\n")
            == "spec.yaml:2:21: keyboard-frame \"0,409,375\" is not four numbers x,y,w,h")
        #expect(error("diagrams:\n  - view-frame: [0, 0, -375, 667]\n")
            == "spec.yaml:2:17: view-frame has a negative size -375 x 667")
        #expect(error("diagrams:\n  - keyboard-frame: nan,0,1,1\n")
            == "spec.yaml:2:21: keyboard-frame has a value that is not a finite number within ±1000000 pt")
        #expect(error("diagrams:\n  - filmstrip: 0\n") == "spec.yaml:2:16: \"filmstrip\" must be between 1 and 24 frames, not 0")
        #expect(error("diagrams:\n  - formats: [png, tiff]\n") == "spec.yaml:2:20: unknown format \"tiff\" (png, svg, pdf)")
        #expect(error("diagrams:\n  - scenario: tab-bar\n    device: iphone-8\n")
            == "spec.yaml:3:5: \"device\" cannot be combined with \"scenario\": the scenario fixes it")
        #expect(error("diagrams:\n  - strategy: layout-guide\n    mistake: safe-area-twice\n")?
            .hasPrefix("spec.yaml:2:5: the layout-guide strategy cannot make the safe-area-twice mistake") == true)
        #expect(error("diagrams:\n  - device: ipad\n    device: iphone-8\n")
            == "spec.yaml:3:5: \"device\" is given twice (first at line 2)")
        #expect(error("diagrams: []\n") == "spec.yaml:1:11: \"diagrams\" is empty")
        #expect(error("") == "spec.yaml:1:1: the spec is empty")
    }

    @Test func malformedYAMLIsOneLineWithItsPosition() throws {
        let message = try #require(error("diagrams:\n  - device: ipad\n   strategy: [toolbar\n"))
        #expect(message.hasPrefix("spec.yaml:"))
        #expect(message.contains("malformed YAML"))
        #expect(!message.contains("\n"))
        let mark = message.split(separator: ":")
        #expect(Int(mark[1]) != nil && Int(mark[2]) != nil)
    }

    @Test func outputPathsStayInsideTheOutputFolder() throws {
        #expect(throws: OutputPathError.absolute("/etc/x")) { try OutputPaths.components(of: "/etc/x") }
        #expect(throws: OutputPathError.parentReference("a/../../x")) { try OutputPaths.components(of: "a/../../x") }
        #expect(throws: OutputPathError.empty) { try OutputPaths.components(of: " ./ ") }
        #expect(try OutputPaths.components(of: "./a//b/c.png") == ["a", "b", "c.png"])
        #expect(error("diagrams:\n  - output: ../outside\n")
            == "spec.yaml:2:13: output path \"../outside\" uses \"..\"; it must stay inside --out")
        #expect(error("diagrams:\n  - output: /tmp/x\n")
            == "spec.yaml:2:13: output path \"/tmp/x\" is absolute; give a path inside --out")
    }

    @Test func symlinksThatLeaveTheOutputFolderAreRefused() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("kbspec-\(UUID().uuidString)")
        let out = base.appendingPathComponent("out"), outside = base.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: out.appendingPathComponent("inner"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: base) }
        try FileManager.default.createSymbolicLink(at: out.appendingPathComponent("escape"), withDestinationURL: outside)
        try FileManager.default.createSymbolicLink(at: out.appendingPathComponent("alias"),
                                                   withDestinationURL: out.appendingPathComponent("inner"))
        #expect(throws: OutputPathError.escapesThroughSymlink(path: "escape/a.png", link: "escape")) {
            try OutputPaths.resolve("escape/a.png", under: out)
        }
        // A link that stays inside is fine, and so is a folder that does not exist yet.
        #expect(try OutputPaths.resolve("alias/a.png", under: out).lastPathComponent == "a.png")
        #expect(try OutputPaths.resolve("new/deeper/a.png", under: out).path.hasSuffix("out/new/deeper/a.png"))

        let spec = try parse("diagrams:\n  - output: fine/one\n  - device: ipad\n    output: escape/two\n")
        #expect(throws: KeyboardSpecError(location: SpecLocation(file: "spec.yaml", line: 4, column: 13),
                                          message: "output path \"escape/two.png\" leaves --out through the symbolic link \"escape\"")) {
            try spec.outputs(under: out, builder: builder)
        }
        // Nothing was written while checking.
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("fine").path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).isEmpty)
    }

    @Test func twoDiagramsCannotWriteTheSameFile() throws {
        let spec = try parse("diagrams:\n  - output: a\n  - device: ipad\n    output: a.png\n")
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("kbspec-\(UUID().uuidString)")
        #expect(throws: KeyboardSpecError(location: SpecLocation(file: "spec.yaml", line: 4, column: 13),
                                          message: "a.png is already written by the diagram at line 2")) {
            try spec.outputs(under: out, builder: builder)
        }
    }

    @Test func plansFilesPerFormatWithDefaultNames() throws {
        let spec = try parse("defaults:\n  formats: png,svg\ndiagrams:\n  - scenario: split-view\n  - device: ipad\n    mistake: safe-area-twice\n    strategy: content-inset\n")
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("kbspec-\(UUID().uuidString)")
        let planned = try spec.outputs(under: out, builder: builder)
        #expect(planned.flatMap(\.files).map(\.relativePath) == [
            "keyboard/scenario-split-view-bottom-offset.png", "keyboard/scenario-split-view-bottom-offset.svg",
            "keyboard/ipad-portrait-content-inset-mistake-safe-area-twice.png",
            "keyboard/ipad-portrait-content-inset-mistake-safe-area-twice.svg",
        ])
    }

    @Test func geometryJSONHasTheLoggedNumbers() throws {
        let order = KeyboardDiagramOrder(device: "iphone-7", orientation: .portrait, strategy: .toolbar, filmstrip: 3)
        let object = try #require(JSONSerialization.jsonObject(with: order.geometryJSON(builder: builder)) as? [String: Any])
        let result = try #require(object["result"] as? [String: Any])
        #expect(result["bottomOffset"] as? Double == 258)
        #expect(result["contentInsetBottom"] as? Double == 258)
        let frame = try #require(result["keyboardFrameInView"] as? [String: Double])
        #expect(frame == ["x": 0, "y": 409, "width": 375, "height": 258])
        let toolbar = try #require(result["toolbarFrameAfter"] as? [String: Double])
        #expect(toolbar == ["x": 0, "y": 365, "width": 375, "height": 44])
        #expect((object["filmstrip"] as? [Any])?.count == 3)
        // A keyboard entirely off screen is valid: hidden, no intersection, the safe-area fallback.
        let hidden = KeyboardDiagramOrder(device: "iphone-x", keyboardFrame: CGRect(x: 0, y: 900, width: 375, height: 335))
        let hiddenObject = try #require(JSONSerialization.jsonObject(with: hidden.geometryJSON(builder: builder)) as? [String: Any])
        let hiddenResult = try #require(hiddenObject["result"] as? [String: Any])
        #expect(hiddenResult["intersection"] is NSNull)
        #expect(hiddenResult["bottomOffset"] as? Double == 34)
    }

    @Test func deviceTableListsFiguresWithConfidence() throws {
        let table = builder.catalog.tableDescription()
        let lines = table.split(separator: "\n").map(String.init)
        #expect(lines[0].hasPrefix("ID"))
        let iPhone8 = try #require(lines.first { $0.hasPrefix("iphone-8 ") })
        #expect(iPhone8.contains("375x667"))
        #expect(iPhone8.contains("216 A / 258 B"))
        #expect(iPhone8.contains("162 A / 194 B"))
        let pro = try #require(lines.first { $0.hasPrefix("ipad-pro-11 ") })
        #expect(pro.contains("? / 333 d"))
        #expect(table.contains("  keyboard.height (ipad-pro-11, ipad-pro-12.9): use heightWithPredictive"))
        #expect(pro.contains("hw bar 55 B"))
        #expect(table.contains("Sources:"))
        let decoded = try JSONDecoder().decode(DeviceCatalog.self, from: builder.catalog.jsonData())
        #expect(decoded == builder.catalog)
    }

    @Test func deepNestingIsRefusedBeforeParsingWithItsPlace() {
        func frame(nested levels: Int) -> String {
            "diagrams:\n  - keyboard-frame: " + String(repeating: "[", count: levels) + "0"
                + String(repeating: "]", count: levels) + "\n"
        }
        // The spec's mapping, `diagrams` and the diagram make 3 levels; the frame's lists the rest.
        let limit = SpecFile.maximumDepth
        #expect(error(frame(nested: 10_000)) == "spec.yaml:2:\(21 + limit - 3): the spec nests deeper than \(limit) levels")
        #expect(error(frame(nested: limit - 2)) == "spec.yaml:2:\(21 + limit - 3): the spec nests deeper than \(limit) levels")
        let underLimit = error(frame(nested: limit - 3))
        #expect(underLimit?.hasPrefix("spec.yaml:2:21:") == true && underLimit?.contains("nests deeper") == false)
        #expect(error("") == "spec.yaml:1:1: the spec is empty")
        #expect(error("diagrams:\n  - device: iphone\u{0}-8\n") == "spec.yaml:2:19: the spec contains a NUL byte, which YAML does not allow")
    }
}
