import BatchRendering
import Foundation
import GoldenImageTesting
import Images
import Testing

/// `--showcase` and `--hand` on `cards` and `deck`, and `showcase:` / `hand:` in batch jobs: a
/// few cards in perspective with their reflections, and a fan of cards, each one picture.
///
/// The goldens are re-recorded with `CARDRENDER_RECORD=all swift test --filter ShowcaseCLITests`;
/// look at them before committing.
@Suite struct ShowcaseCLITests {
    @Test func cardsShowcaseAndHandGoldens() throws {
        let game = try CardsFixture.make("showcase-cards")
        defer { game.remove() }
        CardsCLITests.expectSuccess(try game.cards(["--dpi", "60", "--showcase", "--hand", "--out", "out"]))
        let files = try game.tree("out")
        #expect(files.keys.sorted() == (CardsFixture.stems.map { "\($0).png" } + ["cards.json", "hand.png", "showcase.png"]).sorted())
        let showcase = try PNG.read(contentsOf: game.url("out/showcase.png"))
        // Three poker cards (150 × 210 px at 60 dpi) turned to 0.8 of their width, 1.1 widths apart,
        // a margin of 0.12 card heights, a reflection of 0.25 heights 0.02 below.
        let margin = 0.12 * 210.0, turned = 0.8 * 150.0
        let width = 2 * margin + turned + 2 * 1.1 * turned, height = 2 * margin + 210 + 0.02 * 210 + 0.25 * 210
        #expect(showcase.width == Int(width.rounded(.up)), "\(showcase.width)")
        #expect(showcase.height == Int(height.rounded(.up)), "\(showcase.height)")
        assertGolden(of: showcase, as: .image, named: "cards-showcase")
        assertGolden(of: try PNG.read(contentsOf: game.url("out/hand.png")), as: .image, named: "cards-hand")
    }

    /// Chosen by name, on a transparent backdrop, facing right; the hand in SVG stays vector.
    @Test func namedCardsTransparentAndVector() throws {
        let game = try CardsFixture.make("showcase-named")
        defer { game.remove() }
        CardsCLITests.expectSuccess(try game.cards([
            "--dpi", "40", "--format", "svg", "--showcase", "--showcase-cards", "03-Flood,01-Spark", "--showcase-fill",
            "transparent", "--showcase-face", "right", "--hand", "--hand-cards", "02-wall", "--hand-fill", "#203040",
            "--out", "out"]))
        let files = try game.tree("out")
        // SVG cards: the showcase is pixels (a perspective warp), so PNG; the hand is SVG like the cards.
        #expect(files.keys.sorted() == (CardsFixture.stems.map { "\($0).svg" } + ["cards.json", "hand.svg", "showcase.png"]).sorted())
        let showcase = try PNG.read(contentsOf: game.url("out/showcase.png"))
        #expect(showcase[0, 0].a == 0, "transparent backdrop")
        #expect(String(decoding: try #require(files["hand.svg"]), as: UTF8.self).contains("<svg"))
    }

    /// The playing cards draw no pixels, so their fan in SVG and PDF has none either.
    @Test func aDeckHandInSVGIsVectors() throws {
        let dir = try CLIRunner.temporaryDirectory("hand-svg")
        defer { try? FileManager.default.removeItem(at: dir) }
        CardsCLITests.expectSuccess(try CLIRunner.run(["deck", "--size", "100x140", "--format", "svg,pdf", "--hand",
                                                       "--out", "out"], in: dir))
        let svg = String(decoding: try Data(contentsOf: dir.appendingPathComponent("out/hand.svg")), as: UTF8.self)
        #expect(svg.contains("<path") && !svg.contains("<image"), "the fan is drawn as vectors")
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("out/hand.pdf").path))
    }

    @Test func aDeckShowcaseAndHandAreTheSameBytesOnOneOrTwoThreads() throws {
        let dir = try CLIRunner.temporaryDirectory("showcase-deck")
        defer { try? FileManager.default.removeItem(at: dir) }
        var outputs: [[Data]] = []
        for jobs in ["1", "2"] {
            let out = dir.appendingPathComponent("j" + jobs)
            let result = try CLIRunner.run(["deck", "--size", "100x140", "--scale", "1", "--jokers", "--showcase",
                                            "--showcase-cards", "AS,KH,QD,JC,RJ", "--showcase-spacing", "0.9", "--hand",
                                            "--hand-count", "13", "--hand-angles", "-50,50", "--hand-radius", "1",
                                            "--out", out.path, "-j", jobs])
            CardsCLITests.expectSuccess(result)
            outputs.append(try ["showcase.png", "hand.png"].map { try Data(contentsOf: out.appendingPathComponent($0)) })
            // deck.json lists them with the digests of the bytes written.
            let manifest = try TabletopSimulatorCLITests.json(out.appendingPathComponent("deck.json"))
            let pictures = try #require(manifest["pictures"] as? [[String: Any]])
            #expect(pictures.compactMap { $0["path"] as? String } == ["showcase.png", "hand.png"])
            #expect(pictures.first?["sha256"] as? String
                    == Checksum.sha256(try Data(contentsOf: out.appendingPathComponent("showcase.png"))))
        }
        #expect(outputs[0] == outputs[1])
        assertGolden(of: try PNG.decode(outputs[0][0]), as: .image, named: "deck-showcase")
        assertGolden(of: try PNG.decode(outputs[0][1]), as: .image, named: "deck-hand")
    }

    /// A card whose name is the showcase's or the hand's gets `-2`, whether or not they are asked for,
    /// so a card's file name never depends on `--showcase`.
    @Test func cardsNeverTakeTheShowcasesOrTheHandsName() throws {
        let template = CardsFixture.template.replacingOccurrences(of: "name: \"{id}-{title}\"", with: "name: \"{title}\"")
        let csv = CardsFixture.csv.replacingOccurrences(of: "01,Spark", with: "01,showcase")
            .replacingOccurrences(of: "02,Wall", with: "02,hand")
        let game = try CardsFixture.make("showcase-names", template: template, csv: csv)
        defer { game.remove() }
        for (out, extra) in [("plain", [String]()), ("pictures", ["--showcase", "--hand"])] {
            CardsCLITests.expectSuccess(try game.cards(["--dpi", "30", "--out", out] + extra))
        }
        #expect(try game.tree("plain").keys.sorted() == ["Flood.png", "cards.json", "hand-2.png", "showcase-2.png"])
        #expect(try game.tree("pictures").keys.sorted() == ["Flood.png", "cards.json", "hand-2.png", "hand.png", "showcase-2.png",
                                                           "showcase.png"])
    }

    @Test func badOptionsAreOneLineAndExit2() throws {
        let dir = try CLIRunner.temporaryDirectory("showcase-errors")
        defer { try? FileManager.default.removeItem(at: dir) }
        let cases: [([String], [String])] = [
            (["--showcase-perspective", "0.7"], ["--showcase-perspective", "--showcase"]),
            (["--showcase", "--showcase-perspective", "2"], ["--showcase-perspective", "0.5 to 1", "got 2"]),
            (["--showcase", "--showcase-scale", "nan"], ["--showcase-scale"]),
            (["--showcase", "--showcase-count", "0"], ["--showcase-count", "1 to 60"]),
            (["--showcase", "--showcase-count", "2", "--showcase-cards", "AS"], ["--showcase-count", "--showcase-cards"]),
            (["--showcase", "--showcase-fill", "blurple"], ["--showcase-fill", "blurple"]),
            (["--showcase", "--showcase-trim", "-2mm"], ["--showcase-trim"]),
            (["--showcase", "--showcase-trim", "2in"], ["trim", "leaves nothing"]),
            (["--showcase", "--showcase-cards", "AS,ZZ"], ["\"ZZ\"", "no card"]),
            (["--showcase", "--showcase-face", "up"], ["--showcase-face"]),
            (["--hand", "--hand-angles", "30,-30"], ["--hand-angles", "clockwise"]),
            (["--hand", "--hand-angles", "0,400"], ["--hand-angles", "-180 to 180"]),
            (["--hand", "--hand-angles", "12"], ["--hand-angles", "two angles"]),
            (["--hand", "--hand-radius", "9"], ["--hand-radius", "0 to 5"]),
            (["--hand-count", "3"], ["--hand-count", "--hand"]),
            (["--hand", "--hand-cards", "KS,10h,Kx"], ["\"Kx\"", "did you mean"]),
        ]
        for (arguments, fragments) in cases {
            let result = try CLIRunner.run(["deck", "--size", "100x140", "--scale", "1", "--out", "out"] + arguments, in: dir)
            CLIChecks.expectRefusal(result, mentioning: fragments, "\(arguments)")
        }
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out/showcase.png").path))
    }

    /// The picture's pixels are checked against --max-pixels before anything is drawn.
    @Test func anOversizedShowcaseIsRefusedBeforeDrawing() throws {
        let dir = try CLIRunner.temporaryDirectory("showcase-budget")
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try CLIRunner.run(["deck", "--size", "100x140", "--scale", "1", "--showcase", "--showcase-count", "60",
                                        "--showcase-scale", "4", "--showcase-spacing", "3", "--max-pixels", "2000000",
                                        "--out", "out"], in: dir)
        CLIChecks.expectRefusal(result, mentioning: ["showcase.png", "over the limit of 2 MP"], "budget")
        let out = dir.appendingPathComponent("out").path
        let written = FileManager.default.fileExists(atPath: out) ? try FileManager.default.contentsOfDirectory(atPath: out) : []
        #expect(written.isEmpty, "\(written)")
    }

    @Test func aBatchJobWritesThemAndPointsAtABadValue() throws {
        let game = try CardsFixture.make("showcase-batch")
        defer { game.remove() }
        try game.write("spec.yaml", """
        jobs:
          - kind: cards
            template: template.yaml
            data: cards.csv
            dpi: 40
            showcase: true
            showcase-count: 2
            hand: true
            hand-angles: "-20,20"
            output: game
          - kind: deck
            size: 100x140
            scale: 1
            showcase: true
            output: deck

        """)
        let run = try CLIRunner.run(["batch", "spec.yaml", "--out", "out", "--quiet"], in: game.folder)
        #expect(run.status == 0, "\(run.stderr)")
        for path in ["out/game/showcase.png", "out/game/hand.png", "out/deck/showcase.png"] {
            #expect(FileManager.default.fileExists(atPath: game.url(path).path), "\(path)")
        }
        try game.write("bad.yaml", """
        jobs:
          - kind: deck
            showcase: true
            showcase-reflection: 3
            output: deck

        """)
        let result = try CLIRunner.run(["batch", "bad.yaml", "--out", "bad", "--quiet"], in: game.folder)
        CLIChecks.expectRefusal(result, mentioning: ["bad.yaml:4:26", "`showcase-reflection`", "0 to 1"], "spec")
    }
}
