import Drawing
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

@Suite struct BasicCLITests {
    @Test func versionAndHelp() throws {
        let version = try CLIRunner.run(["--version"])
        #expect(version.status == 0)
        #expect(version.stdout.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ".").count == 3)
        let help = try CLIRunner.run(["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("render"))
    }

    @Test func unknownSubcommandIsOneLineAndExitTwo() throws {
        let result = try CLIRunner.run(["paint-everything"])
        #expect(result.status == 2)
        #expect(result.stderrLines.count == 1)
        #expect(result.stderr.hasPrefix("cardrender: error: "))
        #expect(result.stderr.contains("paint-everything"))
    }

    @Test func unknownOptionIsOneLine() throws {
        let result = try CLIRunner.run(["render", "--colour", "red"])
        #expect(result.status == 2)
        #expect(result.stderrLines.count == 1)
    }

    @Test func unwritableOutIsOneLineAndWritesNothing() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("not-a-folder")
        try Data("keep me".utf8).write(to: file)
        for out in [file.path, file.appendingPathComponent("below").path, "/proc/cardrender-cannot-create"] {
            let result = try CLIRunner.run(["render", "--out", out])
            #expect(result.status == 2, "--out \(out)")
            #expect(result.stderrLines.count == 1, "--out \(out): \(result.stderr)")
            #expect(result.stderr.contains("cannot write") || result.stderr.contains("not writable"))
        }
        #expect(try Data(contentsOf: file) == Data("keep me".utf8))
    }

    @Test func renderWritesTheSampleSheetInThreeFormats() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try CLIRunner.run(["render", "--out", dir.path, "-j", "2"])
        #expect(result.status == 0, "\(result.stderr)")
        let png = try PNG.read(contentsOf: dir.appendingPathComponent("samples/primitives.png"))
        #expect(png.width == 1600 && png.height == 680)
        let svg = try Data(contentsOf: dir.appendingPathComponent("samples/primitives.svg"))
        #expect(XMLParser(data: svg).parse())
        let pdf = try Data(contentsOf: dir.appendingPathComponent("samples/primitives.pdf"))
        #expect(pdf.starts(with: Array("%PDF".utf8)))
        // No temporary files are left behind.
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("samples").path)
        #expect(!names.contains { $0.hasPrefix(".") })
    }

    @Test(arguments: [
        ["card", "AS", "--size", "1e19x100"], ["card", "AS", "--scale", "inf"], ["card", "AS", "--dpi", "1e19"],
        ["card", "AS", "--size", "100x1e308", "--scale", "1"],
        ["keyboard", "--keyboard-frame", "0,0,-1e19,10", "--json"], ["keyboard", "--keyboard-frame", "0,0,1e19,10", "--json"],
        ["keyboard", "--view-frame", "1e300,0,10,10", "--json"], ["keyboard", "--filmstrip", "2000000000", "--json"],
    ])
    func hugeNumbersAreRefusedNotCrashes(_ arguments: [String]) throws {
        let dir = try CLIRunner.temporaryDirectory("huge")
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try CLIRunner.run(arguments + ["--out", dir.appendingPathComponent("out").path])
        #expect(result.status == 2, "\(arguments)")
        #expect(result.stderrLines.count == 1, "\(arguments): \(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test func badJobCountIsRefused() throws {
        let result = try CLIRunner.run(["render", "-j", "0"])
        #expect(result.status == 2)
        #expect(result.stderrLines.count == 1)
    }
}
