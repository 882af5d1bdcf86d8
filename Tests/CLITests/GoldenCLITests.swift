import Drawing
import Foundation
import Testing

/// `cardrender diff` and `cardrender verify`, run as a user would.
@Suite struct GoldenCLITests {
    static func image(block: Bool) -> RGBAImage {
        var image = RGBAImage(width: 64, height: 48, fill: (250, 250, 250, 255))
        if block {
            for y in 10..<20 { for x in 30..<42 { image[x, y] = RGBAImage.Pixel(r: 200, g: 20, b: 20, a: 255) } }
        }
        return image
    }

    func write(_ image: RGBAImage, _ url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try PNG.encode(image).write(to: url)
    }

    @Test func diffExitCodesAndJSON() throws {
        let dir = try CLIRunner.temporaryDirectory("diff")
        defer { try? FileManager.default.removeItem(at: dir) }
        let a = dir.appendingPathComponent("a.png"), b = dir.appendingPathComponent("b.png")
        try write(Self.image(block: false), a)
        try write(Self.image(block: true), b)
        #expect(try CLIRunner.run(["diff", a.path, a.path]).status == 0)
        let differing = try CLIRunner.run(["diff", a.path, b.path, "--json", "--diff-out", dir.appendingPathComponent("d.png").path])
        #expect(differing.status == 1)
        let json = try JSONSerialization.jsonObject(with: Data(differing.stdout.utf8)) as? [String: Any]
        #expect((json?["result"] as? [String: Any])?["differingPixels"] as? Int == 120)
        #expect(try PNG.read(contentsOf: dir.appendingPathComponent("d.png")).width == 64)
        // Within tolerance, and masked by an ignore region that covers exactly the block.
        #expect(try CLIRunner.run(["diff", a.path, b.path, "--max-diff-pixels", "120"]).status == 0)
        #expect(try CLIRunner.run(["diff", a.path, b.path, "--max-diff-pixels", "119"]).status == 1)
        #expect(try CLIRunner.run(["diff", a.path, b.path, "--ignore", "30,10,12,10"]).status == 0)
        #expect(try CLIRunner.run(["diff", a.path, b.path, "--ignore", "30,10,12,9"]).status == 1)
    }

    @Test func diffErrorsExitTwoWithOneLine() throws {
        let dir = try CLIRunner.temporaryDirectory("diff-bad")
        defer { try? FileManager.default.removeItem(at: dir) }
        let good = dir.appendingPathComponent("good.png")
        try write(Self.image(block: false), good)
        let empty = dir.appendingPathComponent("empty.png"), text = dir.appendingPathComponent("text.png")
        try Data().write(to: empty)
        try Data("not a png".utf8).write(to: text)
        let truncated = dir.appendingPathComponent("truncated.png")
        try PNG.encode(Self.image(block: true)).prefix(60).write(to: truncated)
        for args in [[good.path, empty.path], [good.path, text.path], [good.path, truncated.path],
                     [good.path, dir.appendingPathComponent("missing.png").path], [good.path, good.path, "--threshold", "2"],
                     [good.path, good.path, "--ignore", "1,2,3"]] {
            let result = try CLIRunner.run(["diff"] + args)
            #expect(result.status == 2, "\(args)")
            #expect(result.stderrLines.count == 1, "\(args): \(result.stderr)")
        }
    }

    @Test func verifyRecordsMissingGoldensAndReports() throws {
        let dir = try CLIRunner.temporaryDirectory("verify")
        defer { try? FileManager.default.removeItem(at: dir) }
        let goldens = dir.appendingPathComponent("goldens"), actual = dir.appendingPathComponent("actual")
        try write(Self.image(block: false), actual.appendingPathComponent("cards/a.png"))
        try write(Self.image(block: false), actual.appendingPathComponent("cards/b.png"))
        try write(Self.image(block: false), goldens.appendingPathComponent("cards/a.png"))
        let before = try Data(contentsOf: goldens.appendingPathComponent("cards/a.png"))
        // `never`: the missing golden is a failure and nothing is written.
        let never = try CLIRunner.run(["verify", "--goldens", goldens.path, "--actual", actual.path, "--record", "never"])
        #expect(never.status == 1)
        #expect(!FileManager.default.fileExists(atPath: goldens.appendingPathComponent("cards/b.png").path))
        // `missing`: b is recorded, a (passing) is not touched.
        let missing = try CLIRunner.run(["verify", "--goldens", goldens.path, "--actual", actual.path, "--record", "missing"])
        #expect(FileManager.default.fileExists(atPath: goldens.appendingPathComponent("cards/b.png").path))
        #expect(try Data(contentsOf: goldens.appendingPathComponent("cards/a.png")) == before)
        _ = missing
        // A real change: failure with HTML and JUnit reports.
        try write(Self.image(block: true), actual.appendingPathComponent("cards/a.png"))
        let report = dir.appendingPathComponent("report.html"), junit = dir.appendingPathComponent("junit.xml")
        let failed = try CLIRunner.run(["verify", "--goldens", goldens.path, "--actual", actual.path, "--record", "never",
                                        "--report", report.path, "--junit", junit.path])
        #expect(failed.status == 1)
        let html = try String(contentsOf: report, encoding: .utf8)
        #expect(html.contains("cards/a.png"))
        #expect(html.contains("data:image/png;base64,"))
        #expect(try String(contentsOf: junit, encoding: .utf8).contains("<testsuite"))
        #expect(try Data(contentsOf: goldens.appendingPathComponent("cards/a.png")) == before)
    }

    @Test func verifyWithAGoldenFolderThatIsAFileIsAnError() throws {
        let dir = try CLIRunner.temporaryDirectory("verify-bad")
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("goldens")
        try Data("x".utf8).write(to: file)
        let result = try CLIRunner.run(["verify", "--goldens", file.path, "--actual", dir.path])
        #expect(result.status == 2)
        #expect(result.stderrLines.count == 1)
    }
}
