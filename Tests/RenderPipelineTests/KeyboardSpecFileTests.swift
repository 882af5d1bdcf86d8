import CardRenderSupport
import Drawing
import Foundation
import KeyboardDiagrams
import RenderPipeline
import SpecFiles
import Testing

/// `keyboard --spec` files: the batch spec's keyboard keys, decoded and checked by `KeyboardRequest`.
@Suite("Keyboard spec files and output paths")
struct KeyboardSpecFileTests {
    let builder: KeyboardDiagramBuilder

    init() throws {
        builder = KeyboardDiagramBuilder(catalog: try DeviceCatalog.bundled())
    }

    func parse(_ text: String) throws(SpecError) -> KeyboardSpecFile {
        try KeyboardSpecFile.parse(text, file: "spec.yaml", builder: builder)
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
              format: [png, svg]
            diagrams:
              - strategy: bottom-offset
                output: notes/offset
              - orientation: landscape
                keyboard-frame: [0, 181, 667, 194]
                predictive: false
              - scenario: hardware-keyboard
                mistake: height-not-intersection
                format: pdf
              - filmstrip: 6
                view-frame: "0,0,375,600"
            """)
        #expect(spec.diagrams.count == 4)
        let first = spec.diagrams[0].request
        #expect(first.device == "iphone-8")  // the alias resolved to its id
        #expect(first.formats == [.png, .svg])
        #expect(first.output == "notes/offset")
        #expect(spec.diagrams[0].location.line == 5)
        #expect(spec.diagrams[1].request.keyboardFrame == CGRect(x: 0, y: 181, width: 667, height: 194))
        #expect(spec.diagrams[1].request.predictive == false)
        // The scenario fixes the device: the default device does not apply.
        #expect(spec.diagrams[2].request.device == nil)
        #expect(spec.diagrams[2].request.formats == [.pdf])
        #expect(spec.diagrams[2].request.variant == .mistake(.heightInsteadOfIntersection))
        #expect(spec.diagrams[3].request.variant == .filmstrip(frames: 6))
        #expect(spec.diagrams[3].request.viewFrame == CGRect(x: 0, y: 0, width: 375, height: 600))
        let model = try spec.diagrams[1].request.model(builder: builder)
        #expect(model.result.geometry.bottomOffset == 194)
    }

    @Test func acceptsJSONAndABareList() throws {
        let json = try parse(#"{"defaults": {"device": "ipad"}, "diagrams": [{"strategy": "layout-guide"}]}"#)
        #expect(json.diagrams.first?.request.device == "ipad")
        #expect(json.diagrams.first?.request.strategy == .layoutGuide)
        let list = try parse("- device: iphone-x\n- scenario: tab-bar\n")
        #expect(list.diagrams.map(\.request.device) == ["iphone-x", nil])
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
        #expect(error("diagrams:\n  - device: ipone-8\n")?
            .hasPrefix("spec.yaml:2:13: unknown device \"ipone-8\"; did you mean \"iphone-8\"? (valid devices: ") == true)
        #expect(error("diagrams:\n  - strategy: bottom-ofset\n")
            == "spec.yaml:2:15: unknown strategy \"bottom-ofset\"; did you mean \"bottom-offset\"? "
            + "(valid strategies: toolbar, bottom-offset, content-inset, layout-guide)")
        // Every keyboard name is refused in the one form, on the command line as in a spec.
        #expect(error("diagrams:\n  - orientation: sideways\n")
            == "spec.yaml:2:18: unknown orientation \"sideways\"; valid orientations: portrait, landscape")
        #expect(error("diagrams:\n  - keyboard-frame: 0,409,375\n")
            == "spec.yaml:2:21: `keyboard-frame` \"0,409,375\" is not four numbers x,y,w,h")
        #expect(error("diagrams:\n  - view-frame: [0, 0, -375, 667]\n")
            == "spec.yaml:2:17: `view-frame` has a negative size -375 x 667")
        #expect(error("diagrams:\n  - keyboard-frame: nan,0,1,1\n")
            == "spec.yaml:2:21: `keyboard-frame` has a value that is not a finite number within ±1000000 pt")
        #expect(error("diagrams:\n  - filmstrip: 0\n") == "spec.yaml:2:16: `filmstrip` takes 1 to 24 frames, got 0")
        #expect(error("diagrams:\n  - format: [png, tiff]\n") == "spec.yaml:2:19: unknown format 'tiff'; use \(OutputFormat.fileExtensions.joined(separator: ", "))")
        // The key of the batch spec's keyboard jobs; the old spelling is pointed there.
        #expect(error("diagrams:\n  - formats: [png, svg]\n") == "spec.yaml:2:5: unknown key \"formats\"; did you mean \"format\"?")
        #expect(error("diagrams:\n  - scenario: tab-bar\n    device: iphone-8\n")
            == "spec.yaml:3:13: `device` cannot be combined with `scenario`: the scenario fixes it")
        #expect(error("diagrams:\n  - strategy: layout-guide\n    mistake: safe-area-twice\n")?
            .hasPrefix("spec.yaml:3:14: the layout-guide strategy cannot make the safe-area-twice mistake") == true)
        #expect(error("diagrams:\n  - device: ipad\n    device: iphone-8\n")
            == "spec.yaml:3:5: \"device\" is given twice (first at line 2)")
        #expect(error("diagrams: []\n") == "spec.yaml:1:11: `diagrams` is empty")
        #expect(error("") == "spec.yaml:1:1: the spec is empty")
    }

    /// Read as batch specs are: a scenario among the defaults keeps the defaulted device out,
    /// and the command's scale and quality apply where a diagram gives none.
    @Test func readsAsABatchSpecDoesWithTheCommandsDefaults() throws {
        let spec = try KeyboardSpecFile.parse("""
            defaults:
              scenario: tab-bar
              device: iphone-x
              format: webp
            diagrams:
              - strategy: content-inset
              - quality: 50
                scale: 1
            """, file: "spec.yaml", builder: builder, scale: 3, quality: 70)
        #expect(spec.diagrams.map(\.request.device) == [nil, nil])
        #expect(spec.diagrams.map(\.request.scenario) == ["tab-bar", "tab-bar"])
        #expect(spec.diagrams.map(\.request.scale) == [3, 1])
        #expect(spec.diagrams.map(\.request.quality) == [70, 50])
        #expect(error("diagrams:\n  - format: webp\n    quality: 101\n")
            == "spec.yaml:3:14: `quality` must be between 0 and 100, got 101")
        #expect(error("diagrams:\n  - device: ipad\n  - strategy: [toolbar, content-inset]\n")
            == "spec.yaml:3:15: `strategy` must be a single value, not a list")
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
        #expect(throws: SpecError(location: SpecLocation(file: "spec.yaml", line: 4, column: 13),
                                          message: "output path \"escape/two.png\" leaves --out through the symbolic link \"escape\"")) {
            try spec.plannedFiles(under: out, builder: builder)
        }
        // Nothing was written while checking.
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("fine").path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).isEmpty)
    }

    @Test func twoDiagramsCannotWriteTheSameFile() throws {
        let spec = try parse("diagrams:\n  - output: a\n  - device: ipad\n    output: a.png\n")
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("kbspec-\(UUID().uuidString)")
        #expect(throws: SpecError(location: SpecLocation(file: "spec.yaml", line: 4, column: 13),
                                          message: "a.png is already written by the diagram at line 2")) {
            try spec.plannedFiles(under: out, builder: builder)
        }
    }

    /// An animation's diagram is planned under its `-animated` names, in the formats that hold one.
    @Test func anAnimationIsPlannedUnderItsAnimatedNames() throws {
        let spec = try parse("diagrams:\n  - device: iphone-8\n    animate: true\n    format: png,svg\n")
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("kbspec-\(UUID().uuidString)")
        #expect(try spec.plannedFiles(under: out, builder: builder).flatMap { $0 }
            == ["iphone-8-portrait-bottom-offset-animated.png", "iphone-8-portrait-bottom-offset-animated.svg"])
        #expect(error("diagrams:\n  - device: iphone-8\n    animate: true\n    format: pdf\n")
            == "spec.yaml:4:13: `animate` writes png and svg; pdf cannot hold an animation")
    }

    @Test func plansFilesPerFormatWithDefaultNames() throws {
        let spec = try parse("defaults:\n  format: png,svg\ndiagrams:\n  - scenario: split-view\n  - device: ipad\n    mistake: safe-area-twice\n    strategy: content-inset\n")
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("kbspec-\(UUID().uuidString)")
        let planned = try spec.plannedFiles(under: out, builder: builder)
        #expect(planned.flatMap { $0 } == [
            "scenario-split-view-bottom-offset.png", "scenario-split-view-bottom-offset.svg",
            "ipad-portrait-content-inset-mistake-safe-area-twice.png",
            "ipad-portrait-content-inset-mistake-safe-area-twice.svg",
        ])
    }

    @Test func deepNestingIsRefusedBeforeParsingWithItsPlace() {
        func frame(nested levels: Int) -> String {
            "diagrams:\n  - keyboard-frame: " + String(repeating: "[", count: levels) + "0"
                + String(repeating: "]", count: levels) + "\n"
        }
        // The spec's mapping, `diagrams` and the diagram make 3 levels; the frame's lists the rest.
        let limit = SpecFile.maximumDepth
        #expect(error(frame(nested: 10_000)) == "spec.yaml:2:\(21 + limit - 3): the file nests deeper than \(limit) levels")
        #expect(error(frame(nested: limit - 2)) == "spec.yaml:2:\(21 + limit - 3): the file nests deeper than \(limit) levels")
        let underLimit = error(frame(nested: limit - 3))
        #expect(underLimit?.hasPrefix("spec.yaml:2:21:") == true && underLimit?.contains("nests deeper") == false)
        #expect(error("") == "spec.yaml:1:1: the spec is empty")
        #expect(error("diagrams:\n  - device: iphone\u{0}-8\n") == "spec.yaml:2:19: the spec contains a NUL byte, which YAML does not allow")
    }
}
