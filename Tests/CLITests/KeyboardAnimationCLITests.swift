import Drawing
import Foundation
import Testing

/// `cardrender keyboard --animate` and a batch job's `animate: true`, run as a user would.
@Suite struct KeyboardAnimationCLITests {
    static let name = "iphone-8-portrait-bottom-offset-animated"

    @Test func animateWritesAnAPNGAndAnSVGWithTheSameBytesOnOneThreadOrTwo() throws {
        let dir = try CLIRunner.temporaryDirectory("keyboard-animate")
        defer { try? FileManager.default.removeItem(at: dir) }
        for threads in ["1", "2"] {
            let result = try CLIRunner.run(["keyboard", "--animate", "--format", "png,svg", "--scale", "0.5", "-j", threads,
                                            "--out", "out-\(threads)"], in: dir)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(try CLIChecks.fileTree(dir.appendingPathComponent("out-\(threads)")).keys.sorted() == ["\(Self.name).png", "\(Self.name).svg"])
        }
        for ext in ["png", "svg"] {
            let one = try Data(contentsOf: dir.appendingPathComponent("out-1/\(Self.name).\(ext)"))
            let two = try Data(contentsOf: dir.appendingPathComponent("out-2/\(Self.name).\(ext)"))
            #expect(one == two, "\(ext) differs between -j 1 and -j 2")
        }
        let apng = try Data(contentsOf: dir.appendingPathComponent("out-1/\(Self.name).png"))
        let frames = try APNG.decodeFrames(apng)
        #expect(frames.count == 31)
        // A viewer without APNG shows the first frame: the keyboard not yet on screen.
        #expect(try PNG.decode(apng) == frames[0].image)
        #expect(frames[0].image != frames[30].image)
    }

    @Test func aBatchJobAndASpecDiagramAnimateToo() throws {
        let dir = try CLIRunner.temporaryDirectory("keyboard-animate-batch")
        defer { try? FileManager.default.removeItem(at: dir) }
        let keys = "animate: true\n    format: png\n    scale: 0.5\n"
        try Data(("jobs:\n  - kind: keyboard\n    " + keys + "    output: batch\n").utf8)
            .write(to: dir.appendingPathComponent("batch.yaml"))
        let batch = try CLIRunner.run(["batch", "batch.yaml", "--out", "out", "--quiet"], in: dir)
        #expect(batch.status == 0, "\(batch.stderr)")
        try Data(("diagrams:\n  - " + keys + "    output: spec-animated\n").utf8).write(to: dir.appendingPathComponent("spec.yaml"))
        let spec = try CLIRunner.run(["keyboard", "--spec", "spec.yaml", "--out", "out"], in: dir)
        #expect(spec.status == 0, "\(spec.stderr)")
        let fromBatch = try Data(contentsOf: dir.appendingPathComponent("out/batch/\(Self.name).png"))
        let fromSpec = try Data(contentsOf: dir.appendingPathComponent("out/spec-animated.png"))
        #expect(fromBatch == fromSpec)
        #expect(try APNG.decodeFrames(fromBatch).count == 31)
    }

    @Test(arguments: [
        (["--animate", "--filmstrip", "4"], ["--animate", "--filmstrip"]),
        (["--animate", "--mistake", "safe-area-twice"], ["--animate", "--mistake"]),
        (["--animate", "--format", "png,pdf"], ["--animate", "pdf"]),
        (["--animate", "--format", "webp"], ["--animate", "webp"]),
    ])
    func animateWithWhatItCannotDrawIsRefused(arguments: [String], fragments: [String]) throws {
        let dir = try CLIRunner.temporaryDirectory("keyboard-animate-bad")
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try CLIRunner.run(["keyboard"] + arguments + ["--out", "out"], in: dir)
        CLIChecks.expectRefusal(result, mentioning: fragments, arguments.joined(separator: " "))
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out").path))
    }

    @Test func aSpecsBadAnimateValueIsNamedAtItsLine() throws {
        let dir = try CLIRunner.temporaryDirectory("keyboard-animate-spec-bad")
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data("diagrams:\n  - device: iphone-x\n    animate: maybe\n".utf8).write(to: dir.appendingPathComponent("bad.yaml"))
        let bad = try CLIRunner.run(["keyboard", "--spec", "bad.yaml", "--out", "out"], in: dir)
        CLIChecks.expectRefusal(bad, mentioning: ["bad.yaml:3:", "animate"], "bad.yaml")
        try Data("diagrams:\n  - animate: true\n    format: [svg, pdf]\n".utf8).write(to: dir.appendingPathComponent("pdf.yaml"))
        let pdf = try CLIRunner.run(["keyboard", "--spec", "pdf.yaml", "--out", "out"], in: dir)
        CLIChecks.expectRefusal(pdf, mentioning: ["pdf.yaml:3:", "`animate`", "pdf"], "pdf.yaml")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out").path))
    }

    /// Every frame is the size of the first, which the pixel budget checks before any frame is drawn.
    @Test func anAnimationOverThePixelBudgetIsRefusedBeforeDrawing() throws {
        let dir = try CLIRunner.temporaryDirectory("keyboard-animate-budget")
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try CLIRunner.run(["keyboard", "--animate", "--scale", "4", "--max-pixels", "1000000", "--out", "out"], in: dir)
        CLIChecks.expectRefusal(result, mentioning: ["\(Self.name).png", "4320×3132 px", "--max-pixels"], "budget")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out").path))
    }
}
