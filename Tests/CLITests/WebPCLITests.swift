import Drawing
import Foundation
import Testing

/// `--format webp` and `format: webp`: lossless WebP files that decode to the PNG's pixels, with
/// their pixel sizes in the manifests, the same bytes whatever the thread count.
@Suite struct WebPCLITests {
    static func decode(_ url: URL) throws -> RGBAImage { try WebP.decode(try Data(contentsOf: url)) }

    static func json(_ url: URL) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any] ?? [:]
    }

    @Test func aCardInWebPDecodesToThePixelsOfItsPNG() throws {
        let dir = try CLIRunner.temporaryDirectory("webp-card")
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try CLIRunner.run(["card", "QH", "--format", "png,webp", "--scale", "1", "--out", dir.path])
        #expect(result.status == 0, "\(result.stderr)")
        let webp = try Self.decode(dir.appendingPathComponent("QH.webp"))
        #expect(webp == (try PNG.read(contentsOf: dir.appendingPathComponent("QH.png"))))
        #expect(webp.width > 0 && webp.pixels.contains { $0 != 0 })
    }

    @Test func aDeckInWebPIsTheSameBytesOnOneOrTwoThreadsAndDeckJSONStatesItsPixels() throws {
        let dir = try CLIRunner.temporaryDirectory("webp-deck")
        defer { try? FileManager.default.removeItem(at: dir) }
        let one = dir.appendingPathComponent("one"), two = dir.appendingPathComponent("two")
        for (out, jobs) in [(one, "1"), (two, "2")] {
            let result = try CLIRunner.run(["deck", "--size", "100x140", "--scale", "1", "--format", "webp",
                                            "--out", out.path, "-j", jobs])
            #expect(result.status == 0, "\(result.stderr)")
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: one.path).sorted()
        #expect(names == (try FileManager.default.contentsOfDirectory(atPath: two.path).sorted()))
        #expect(names.filter { $0.hasSuffix(".webp") }.count == 53)
        for name in names {
            #expect(try Data(contentsOf: one.appendingPathComponent(name)) == (try Data(contentsOf: two.appendingPathComponent(name))),
                    "\(name)")
        }
        let files = try Self.json(one.appendingPathComponent("deck.json"))["files"] as? [[String: Any]] ?? []
        #expect(files.count == 53)
        for file in files {
            let path = try #require(file["path"] as? String)
            #expect(path.hasSuffix(".webp"))
            let data = try Data(contentsOf: one.appendingPathComponent(path))
            let header = try #require(OutputFormat.webp.pixelSize(of: data))
            #expect(file["width"] as? Int == 100 && file["height"] as? Int == 140, "\(path)")
            #expect(header == (100, 140), "\(path)")
        }
    }

    @Test func templateCardsInWebPListTheirPixelsInCardsJSON() throws {
        let game = try CardsFixture.make("webp-cards")
        defer { game.remove() }
        let result = try game.cards(["--format", "png,webp", "--dpi", "72", "--out", "out"])
        #expect(result.status == 0, "\(result.stderr)")
        let cards = try Self.json(game.url("out/cards.json"))["cards"] as? [[String: Any]] ?? []
        #expect(cards.count == CardsFixture.stems.count)
        for card in cards {
            for file in card["files"] as? [[String: Any]] ?? [] where file["format"] as? String == "webp" {
                let path = try #require(file["path"] as? String)
                let image = try Self.decode(game.url("out/" + path))
                // Poker, 180 × 252 pt, at 72 dpi.
                #expect(file["width"] as? Int == 180 && file["height"] as? Int == 252, "\(path)")
                #expect(image.width == 180 && image.height == 252, "\(path)")
                let png = try PNG.read(contentsOf: game.url("out/" + path.replacingOccurrences(of: ".webp", with: ".png")))
                #expect(image == png, "\(path)")
            }
        }
    }

    @Test func batchFormatWebPRecordsPixelSizesInTheManifest() throws {
        let dir = try CLIRunner.temporaryDirectory("webp-batch")
        defer { try? FileManager.default.removeItem(at: dir) }
        let spec = dir.appendingPathComponent("spec.yaml")
        try Data("""
        jobs:
          - kind: keyboard
            device: iphone-8
            scale: 1
            format: webp
            output: keyboard
          - kind: card
            card: AS
            size: 60x84pt
            scale: 2
            format: [png, webp]
            quality: 90
            output: cards
        """.utf8).write(to: spec)
        let out = dir.appendingPathComponent("out")
        let result = try CLIRunner.run(["batch", spec.path, "--out", out.path, "--quiet"])
        #expect(result.status == 0, "\(result.stderr)")
        let jobs = try Self.json(out.appendingPathComponent("manifest.json"))["jobs"] as? [String: [String: Any]] ?? [:]
        let outputs = jobs.values.flatMap { $0["outputs"] as? [[String: Any]] ?? [] }
        let webps = outputs.filter { ($0["path"] as? String)?.hasSuffix(".webp") == true }
        #expect(webps.count == 2, "\(outputs)")
        for output in webps {
            let path = try #require(output["path"] as? String)
            let image = try Self.decode(out.appendingPathComponent(path))
            #expect(output["pixelWidth"] as? Int == image.width && output["pixelHeight"] as? Int == image.height, "\(path)")
        }
        #expect(webps.contains { $0["pixelWidth"] as? Int == 120 && $0["pixelHeight"] as? Int == 168 })
        // The card's WebP is lossy (`quality: 90`): close to its PNG, not equal.
        let card = try Self.decode(out.appendingPathComponent("cards/AS.webp"))
        #expect(card != (try PNG.read(contentsOf: out.appendingPathComponent("cards/AS.png"))))
    }

    @Test func aWebPWiderThanTheFormatHoldsIsRefusedBeforeRendering() throws {
        let dir = try CLIRunner.temporaryDirectory("webp-wide")
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try CLIRunner.run(["card", "AS", "--size", "8192x100", "--scale", "2", "--format", "webp",
                                        "--max-pixels", "100000000", "--out", dir.path])
        #expect(result.status == 2)
        #expect(result.stderrLines.count == 1, "\(result.stderr)")
        #expect(result.stderr.contains("WebP holds at most 16383 px a side"), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { !$0.hasPrefix(".") }.isEmpty)
    }

    @Test func qualityWritesLossyWebPCloseToThePNGAndSmallerThanLossless() throws {
        let dir = try CLIRunner.temporaryDirectory("webp-lossy")
        defer { try? FileManager.default.removeItem(at: dir) }
        let lossless = dir.appendingPathComponent("lossless"), lossy = dir.appendingPathComponent("lossy")
        #expect(try CLIRunner.run(["card", "QH", "--format", "png,webp", "--out", lossless.path]).status == 0)
        for attempt in ["a", "b"] {
            let result = try CLIRunner.run(["card", "QH", "--format", "webp", "--quality", "75",
                                            "--out", lossy.appendingPathComponent(attempt).path])
            #expect(result.status == 0, "\(result.stderr)")
        }
        let lossyData = try Data(contentsOf: lossy.appendingPathComponent("a/QH.webp"))
        #expect(lossyData == (try Data(contentsOf: lossy.appendingPathComponent("b/QH.webp"))))
        #expect(lossyData.count < (try Data(contentsOf: lossless.appendingPathComponent("QH.webp"))).count)
        let png = try PNG.read(contentsOf: lossless.appendingPathComponent("QH.png"))
        let image = try WebP.decode(lossyData)
        #expect(image.width == png.width && image.height == png.height)
        var difference = 0
        for index in png.pixels.indices where index % 4 != 3 && png.pixels[index - index % 4 + 3] == 255 {
            difference += abs(Int(png.pixels[index]) - Int(image.pixels[index]))
        }
        let opaqueChannels = stride(from: 3, to: png.pixels.count, by: 4).filter { png.pixels[$0] == 255 }.count * 3
        #expect(Double(difference) / Double(opaqueChannels) < 4, "mean difference per opaque channel")
    }

    @Test(arguments: [
        (["card", "AS", "--format", "webp", "--quality", "101"], "--quality must be between 0 and 100, got 101"),
        (["deck", "--format", "webp", "--quality", "-1"], "--quality must be between 0 and 100, got -1"),
        (["card", "AS", "--format", "png,svg", "--quality", "80"], "--quality applies to webp, jpg output; add it to the formats"),
        (["keyboard", "--format", "webp", "--quality", "200"], "--quality must be between 0 and 100, got 200"),
        (["card", "AS", "--format", "webp", "--quality", "high"], "--quality"),
    ])
    func aBadQualityIsOneLineAndExitTwo(_ arguments: [String], _ message: String) throws {
        let dir = try CLIRunner.temporaryDirectory("webp-bad-quality")
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try CLIRunner.run(arguments + ["--out", dir.appendingPathComponent("out").path])
        #expect(result.status == 2, "\(arguments)")
        #expect(result.stderrLines.count == 1, "\(arguments): \(result.stderr)")
        #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out").path))
    }

    @Test func aBadQualityInASpecNamesItsLine() throws {
        let dir = try CLIRunner.temporaryDirectory("webp-spec-quality")
        defer { try? FileManager.default.removeItem(at: dir) }
        let spec = dir.appendingPathComponent("spec.yaml")
        try Data("jobs:\n  - kind: card\n    card: AS\n    format: webp\n    quality: 120\n    output: cards\n".utf8).write(to: spec)
        let result = try CLIRunner.run(["batch", spec.path, "--out", dir.appendingPathComponent("out").path])
        #expect(result.status == 2)
        #expect(result.stderrLines.count == 1, "\(result.stderr)")
        #expect(result.stderr.contains("spec.yaml:5:"), "\(result.stderr)")
        #expect(result.stderr.contains("`quality` must be between 0 and 100, got 120"), "\(result.stderr)")
    }
}
