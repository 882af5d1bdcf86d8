import Drawing
import Foundation
import Testing

/// `cardrender-golden`: the same `diff`, `verify` and `report` as `cardrender`'s, in an executable
/// that loads no drawing library.
@Suite struct LeanGoldenToolCLITests {
    static let lean = CLIRunner.executable(named: "cardrender-golden")

    func pair(in dir: URL) throws -> (URL, URL) {
        let a = dir.appendingPathComponent("goldens/card.png"), b = dir.appendingPathComponent("actual/card.png")
        for (url, block) in [(a, false), (b, true)] {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try PNG.encode(GoldenCLITests.image(block: block)).write(to: url)
        }
        return (a, b)
    }

    @Test func printsAndExitsAsCardrenderDoes() throws {
        let dir = try CLIRunner.temporaryDirectory("lean")
        defer { try? FileManager.default.removeItem(at: dir) }
        let (a, b) = try pair(in: dir)
        let goldens = a.deletingLastPathComponent().path, actual = b.deletingLastPathComponent().path
        for arguments in [["diff", a.path, a.path], ["diff", a.path, b.path], ["diff", a.path, b.path, "--json"],
                          ["diff", a.path, b.path, "--max-diff-pixels", "120"],
                          ["verify", "--goldens", goldens, "--actual", actual, "-j", "1"],
                          ["verify", "--goldens", goldens, "--actual", goldens, "-j", "2"]] {
            let full = try CLIRunner.run(arguments)
            let leanRun = try CLIRunner.run(arguments, program: Self.lean)
            #expect(leanRun.status == full.status, "\(arguments)")
            #expect(leanRun.stdout == full.stdout, "\(arguments)")
            #expect(!leanRun.stdout.isEmpty, "\(arguments)")
        }
        let missing = try CLIRunner.run(["diff", a.path, dir.appendingPathComponent("none.png").path], program: Self.lean)
        #expect(missing.status == 2)
        #expect(missing.stderrLines == ["cardrender-golden: error: cannot read image \(dir.path)/none.png: no such file"])
    }

    @Test func writesTheSameDiffImageAndReport() throws {
        let dir = try CLIRunner.temporaryDirectory("lean-files")
        defer { try? FileManager.default.removeItem(at: dir) }
        let (a, b) = try pair(in: dir)
        for (name, program) in [("full", CLIRunner.executable), ("lean", Self.lean)] {
            let result = try CLIRunner.run(["diff", a.path, b.path, "--diff-out", dir.appendingPathComponent("\(name).png").path],
                                           program: program)
            #expect(result.status == 1)
        }
        let full = try Data(contentsOf: dir.appendingPathComponent("full.png"))
        #expect(try Data(contentsOf: dir.appendingPathComponent("lean.png")) == full)
    }

    /// The point of the tool: none of Cairo, Pango, librsvg or GLib is a dependency of it.
    @Test func linksNoDrawingLibrary() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/ldd")
        process.arguments = [Self.lean.path]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let listing = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(listing.contains("libpng"))
        for library in ["libcairo", "libpango", "librsvg", "libglib", "libfontconfig", "libharfbuzz"] {
            #expect(!listing.contains(library), "\(library) in \(listing)")
        }
    }
}
