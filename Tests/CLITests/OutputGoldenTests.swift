import Foundation
import GoldenImageTesting
import Testing

/// The user-facing text formats the CLI writes, pinned byte for byte: `deck.json` and the sprite
/// atlas, every `--json` output, and SVG. People parse these files in their own tools, so a change
/// must be a decision: re-record with `CARDRENDER_RECORD=all swift test --filter OutputGoldenTests`,
/// read the diff, and commit the new goldens.
@Suite("CLI output goldens")
struct OutputGoldenTests {
    /// A file's text (or a command's stdout) as written, compared line by line.
    static func text(_ pathExtension: String) -> GoldenStrategy<String, String> {
        GoldenStrategy(pathExtension: pathExtension, diffing: .lines)
    }

    static func run(_ arguments: [String], in folder: URL, expectStatus status: Int32 = 0,
                    sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let result = try CLIRunner.run(arguments, in: folder)
        #expect(result.status == status, "\(arguments): exit \(result.status), \(result.stderr)",
                sourceLocation: sourceLocation)
        // Paths are printed absolute; the temporary folder's name changes every run.
        return result.stdout.replacingOccurrences(of: folder.path + "/", with: "")
            .replacingOccurrences(of: folder.path, with: ".")
    }

    static func contents(_ url: URL) throws -> String {
        String(decoding: try Data(contentsOf: url), as: UTF8.self)
    }

    @Test func deckManifestAndAtlas() throws {
        let folder = try CLIRunner.temporaryDirectory("golden-deck")
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try Self.run(["deck", "--jokers", "--sheet", "--names", "long", "--scale", "1", "--format", "png,svg",
                          "--out", "deck"], in: folder)
        assertGolden(of: try Self.contents(folder.appendingPathComponent("deck/deck.json")), as: Self.text("json"),
                     named: "deck-json")
        assertGolden(of: try Self.contents(folder.appendingPathComponent("deck/sheet.json")), as: Self.text("json"),
                     named: "sheet-json")
    }

    @Test func cardAndDiagramSVG() throws {
        let folder = try CLIRunner.temporaryDirectory("golden-svg")
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try Self.run(["card", "KH", "--format", "svg", "--out", "cards"], in: folder)
        assertGolden(of: try Self.contents(folder.appendingPathComponent("cards/KH.svg")), as: Self.text("svg"),
                     named: "king-of-hearts-svg")
        _ = try Self.run(["keyboard", "--device", "iphone-8", "--format", "svg", "--out", "diagrams"], in: folder)
        let diagrams = try FileManager.default.contentsOfDirectory(
            at: folder.appendingPathComponent("diagrams"), includingPropertiesForKeys: nil)
        #expect(diagrams.count == 1, "\(diagrams)")
        if let diagram = diagrams.first {
            assertGolden(of: try Self.contents(diagram), as: Self.text("svg"), named: "iphone-8-diagram-svg")
        }
    }

    @Test func keyboardAndDevicesJSON() throws {
        let folder = try CLIRunner.temporaryDirectory("golden-json")
        defer { try? FileManager.default.removeItem(at: folder) }
        assertGolden(of: try Self.run(["keyboard", "--json"], in: folder), as: Self.text("json"),
                     named: "keyboard-default")
        assertGolden(of: try Self.run(["keyboard", "--scenario", "form-sheet-overlap", "--mistake", "forgot-conversion",
                                       "--json"], in: folder),
                     as: Self.text("json"), named: "keyboard-form-sheet-mistake")
        assertGolden(of: try Self.run(["keyboard", "--device", "iphone-x", "--orientation", "landscape",
                                       "--strategy", "content-inset", "--json"], in: folder),
                     as: Self.text("json"), named: "keyboard-iphone-x-landscape")
        assertGolden(of: try Self.run(["devices", "--json"], in: folder), as: Self.text("json"), named: "devices")
    }

    @Test func diffAndVerifyJSON() throws {
        let folder = try CLIRunner.temporaryDirectory("golden-compare")
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try Self.run(["card", "KH", "--scale", "1", "--out", "expected"], in: folder)
        _ = try Self.run(["card", "KH", "--scale", "1", "--out", "actual"], in: folder)
        _ = try Self.run(["card", "QH", "--scale", "1", "--out", "actual"], in: folder)
        // The queen in the king's place: a real difference, with its regions.
        try FileManager.default.removeItem(at: folder.appendingPathComponent("actual/KH.png"))
        try FileManager.default.copyItem(at: folder.appendingPathComponent("actual/QH.png"),
                                         to: folder.appendingPathComponent("actual/KH.png"))
        try FileManager.default.removeItem(at: folder.appendingPathComponent("actual/QH.png"))
        assertGolden(of: try Self.run(["diff", "expected/KH.png", "actual/KH.png", "--json"], in: folder,
                                      expectStatus: 1),
                     as: Self.text("json"), named: "diff-king-queen")
        assertGolden(of: try Self.run(["diff", "expected/KH.png", "expected/KH.png", "--json"], in: folder),
                     as: Self.text("json"), named: "diff-identical")
        assertGolden(of: Self.withoutTimes(try Self.run(["verify", "--goldens", "expected", "--actual", "actual", "--json"],
                                                        in: folder, expectStatus: 1)),
                     as: Self.text("json"), named: "verify-failing")
    }

    /// Batch events carry run times; every other field is pinned.
    @Test func batchEvents() throws {
        let folder = try CLIRunner.temporaryDirectory("golden-batch")
        defer { try? FileManager.default.removeItem(at: folder) }
        let spec = """
        jobs:
          - kind: card
            card: [AS, 10H]
            output: cards
          - kind: keyboard
            device: iphone-8
            output: keyboard
          - kind: card
            card: ZZ
            output: jokers
        """
        try Data(spec.utf8).write(to: folder.appendingPathComponent("spec.yaml"))
        // ZZ is refused while planning, before anything renders.
        let refused = try CLIRunner.run(["batch", "spec.yaml", "--json", "--out", "out"], in: folder)
        #expect(refused.status == 2 && refused.stdout.isEmpty, "\(refused.stdout) \(refused.stderr)")

        try Data(spec.replacingOccurrences(of: "ZZ", with: "RJ").utf8).write(to: folder.appendingPathComponent("spec.yaml"))
        let first = try Self.run(["batch", "spec.yaml", "--json", "--out", "out"], in: folder)
        let again = try Self.run(["batch", "spec.yaml", "--json", "--out", "out"], in: folder)
        assertGolden(of: Self.events(first), as: Self.text("jsonl"), named: "batch-first-run")
        assertGolden(of: Self.events(again), as: Self.text("jsonl"), named: "batch-unchanged-run")
    }

    /// Run times (`"seconds":0.051`, `"seconds" : 0.004`) become `_`.
    static func withoutTimes(_ json: String) -> String {
        json.replacingOccurrences(of: #""seconds"( ?): ?[0-9.eE+-]+"#, with: #""seconds"$1: _"#,
                                  options: .regularExpression)
    }

    /// Batch events without run times, job events sorted: jobs finish in any order.
    static func events(_ output: String) -> String {
        let lines = withoutTimes(output).split(separator: "\n").map(String.init)
        let jobs = lines.filter { $0.hasPrefix(#"{"event":"job""#) }.sorted()
        let others = lines.filter { !$0.hasPrefix(#"{"event":"job""#) }
        #expect(others.count == 2, "\(output)")
        return ([others.first ?? ""] + jobs + [others.last ?? ""]).joined(separator: "\n") + "\n"
    }
}
