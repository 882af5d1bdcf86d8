import Drawing
import Foundation
import Geometry
@testable import GoldenImageTesting
import GoldenImages
import Testing

/// Goldens of this file live in `__Goldens__/GoldenStrategyTests/` next to it.
@Suite("Golden strategies: images, text, SVG, JSON")
struct GoldenStrategyTests {
    /// A drawing without text, so its SVG does not depend on font outlines.
    static let shapes = Picture(width: 40, height: 30) { canvas in
        canvas.setFillColor(.red)
        canvas.addRect(CGRect(x: 4, y: 4, width: 20, height: 12))
        canvas.fillPath()
        canvas.setFillColor(Color(rgb: 0x1E3CC8))
        canvas.fill(BezierPath(ovalIn: CGRect(x: 22, y: 10, width: 14, height: 14)))
    }

    struct DeckSummary: Encodable {
        var theme: String
        var cardsPerSuit: [String: Int]
        var sheet: String
    }

    static let summary = DeckSummary(
        theme: "classic", cardsPerSuit: ["spades": 13, "hearts": 13, "diamonds": 13, "clubs": 13, "jokers": 2],
        sheet: "cards/sheet.png")

    // MARK: Committed goldens of every strategy

    @Test func committedGoldensOfEachStrategyMatch() {
        let image = assertGolden(of: pixelmatchScene(shifted: true), as: .image, named: "scene")
        let picture = assertGolden(of: Self.shapes, as: .image(scale: 2))
        let svg = assertGolden(of: Self.shapes, as: .svg)
        let json = assertGolden(of: Self.summary, as: .json)
        for outcome in [image, picture, svg, json] { #expect(outcome?.status == .matched) }
        #expect(picture?.goldenPath.hasSuffix("/GoldenStrategyTests/committedGoldensOfEachStrategyMatch.1.png") == true)
        #expect(svg?.goldenPath.hasSuffix("/GoldenStrategyTests/committedGoldensOfEachStrategyMatch.2.svg") == true)
        #expect(json?.goldenPath.hasSuffix("/GoldenStrategyTests/committedGoldensOfEachStrategyMatch.3.json") == true)
    }

    // MARK: JSON

    @Test func jsonHasSortedKeysAndIsStable() throws {
        let strategy = GoldenStrategy<DeckSummary, String>.json
        let text = try strategy.snapshot(Self.summary)
        #expect(text == """
            {
              "cardsPerSuit" : {
                "clubs" : 13,
                "diamonds" : 13,
                "hearts" : 13,
                "jokers" : 2,
                "spades" : 13
              },
              "sheet" : "cards/sheet.png",
              "theme" : "classic"
            }

            """)
        // Dictionaries hash differently in each process and instance; the bytes must not.
        for _ in 0..<20 {
            var shuffled = Self.summary
            shuffled.cardsPerSuit = Dictionary(uniqueKeysWithValues: Self.summary.cardsPerSuit.shuffled())
            #expect(try strategy.snapshot(shuffled) == text)
        }
        #expect(strategy.pathExtension == "json")
    }

    // MARK: Text and the line diff in failure messages

    @Test func aTextFailureShowsTheDiffLinesAndWritesAPatch() throws {
        let scratch = Scratch(pathExtension: "txt")
        defer { scratch.remove() }
        let expected = (1...12).map { "line \($0)" }.joined(separator: "\n") + "\n"
        let actual = expected.replacingOccurrences(of: "line 6\n", with: "line six\n")
        try Data(expected.utf8).write(to: scratch.golden)

        var outcome: GoldenOutcome?
        withKnownIssue {
            outcome = assertGolden(of: actual, as: .lines, named: scratch.name, record: .never)
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.hasPrefix("golden '\(scratch.name)': Tests/GoldenImagesTests/__Goldens__/GoldenStrategyTests/\(scratch.name).txt: 1 line removed, 1 added")
                && text.contains("""
                    @@ -3,7 +3,7 @@
                     line 3
                     line 4
                     line 5
                    -line 6
                    +line six
                     line 7
                     line 8
                     line 9
                    """)
        }
        #expect(outcome?.status == .failed)
        let artifacts = try #require(outcome?.artifacts)
        #expect(artifacts.expected.map { URL(fileURLWithPath: $0).lastPathComponent } == "expected.txt")
        #expect(try String(contentsOfFile: try #require(artifacts.diff), encoding: .utf8).hasPrefix("""
            --- expected
            +++ actual
            @@ -3,7 +3,7 @@
            """))
        #expect(try String(contentsOf: scratch.golden, encoding: .utf8) == expected)
    }

    @Test func anSVGFailureShowsWhichElementsChanged() throws {
        let scratch = Scratch(pathExtension: "svg")
        defer { scratch.remove() }
        try GoldenStrategy<Picture, String>.svg.snapshot(Self.shapes).write(to: scratch.golden, atomically: true,
                                                                             encoding: .utf8)
        let recoloured = Picture(width: 40, height: 30) { canvas in
            canvas.setFillColor(.red)
            canvas.addRect(CGRect(x: 4, y: 4, width: 20, height: 12))
            canvas.fillPath()
            canvas.setFillColor(Color(rgb: 0x00A000))
            canvas.fill(BezierPath(ovalIn: CGRect(x: 22, y: 10, width: 14, height: 14)))
        }
        withKnownIssue {
            #expect(assertGolden(of: recoloured, as: .svg, named: scratch.name, record: .never)?.status == .failed)
        } matching: { issue in
            let lines = issue.comments.map(\.rawValue).joined().split(separator: "\n")
            return lines.contains { $0.hasPrefix("-") && $0.contains("fill:rgb(11.764706%,23.529412%,78.431373%)") }
                && lines.contains { $0.hasPrefix("+") && $0.contains("fill:rgb(0%,62.745098%,0%)") }
        }
    }

    @Test func recordModesApplyToTextGoldens() throws {
        let scratch = Scratch(pathExtension: "txt")
        defer { scratch.remove() }
        withKnownIssue {
            #expect(assertGolden(of: "a\n", as: .lines, named: scratch.name, record: .never)?.status == .missingGolden)
        }
        #expect(!FileManager.default.fileExists(atPath: scratch.golden.path))
        withKnownIssue {
            #expect(assertGolden(of: "a\n", as: .lines, named: scratch.name, record: .missing)?.status == .recorded)
        }
        #expect(assertGolden(of: "a\n", as: .lines, named: scratch.name, record: .never)?.status == .matched)
        withKnownIssue {
            #expect(assertGolden(of: "b\n", as: .lines, named: scratch.name, record: .failed)?.status == .rerecorded)
        }
        #expect(try String(contentsOf: scratch.golden, encoding: .utf8) == "b\n")
        // A golden that is not UTF-8 is an error, unless every golden is being rewritten.
        try Data([0xFF, 0xFE, 0x00]).write(to: scratch.golden)
        withKnownIssue {
            #expect(assertGolden(of: "c\n", as: .lines, named: scratch.name, record: .failed) == nil)
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("is not UTF-8 text")
        }
        withKnownIssue {
            #expect(assertGolden(of: "c\n", as: .lines, named: scratch.name, record: .all)?.status == .rerecorded)
        }
        #expect(try String(contentsOf: scratch.golden, encoding: .utf8) == "c\n")
    }

    // MARK: Pullback

    @Test func pullbackKeepsTheFormatAndTheExtension() throws {
        struct Hand { var cards: [String] }
        let hand = GoldenStrategy<String, String>.lines.pullback { (hand: Hand) in hand.cards.joined(separator: "\n") }
        #expect(hand.pathExtension == "txt")
        #expect(try hand.snapshot(Hand(cards: ["AS", "KH"])) == "AS\nKH")
        let mismatch = try hand.diffing.diff("AS\nKH", "AS\nQH")
        #expect(mismatch?.details?.contains("-KH\n+QH") == true)
        #expect(try hand.diffing.diff("AS", "AS") == nil)
    }

    @Test func theImageStrategyComparesWithTolerance() throws {
        let expected = pixelmatchScene(shifted: false), actual = pixelmatchScene(shifted: true)
        let strict = try #require(try GoldenDiffing.image(tolerance: Tolerance()).diff(expected, actual))
        #expect(strict.imageComparison?.result.differingPixels == 33)  // pixelmatch 7.2.0 with its checkerboard behind the semi-transparent pixels
        #expect(strict.diff?.fileName == "diff.png" && strict.composite?.fileName == "composite.png")
        #expect(try GoldenDiffing.image(tolerance: Tolerance(maxDiffPixels: 33)).diff(expected, actual) == nil)
    }
}

/// A golden in this file's `__Goldens__` folder with a unique name, removed with its artifacts.
struct Scratch {
    let name = "scratch-\(UUID().uuidString)"
    let golden: URL
    let artifacts: URL

    init(pathExtension: String, testFile: String = #filePath) {
        golden = GoldenTesting.goldenURL(named: name, testFile: testFile, pathExtension: pathExtension)
        artifacts = GoldenTesting.artifactsURL(named: name, testFile: testFile)
        try? FileManager.default.createDirectory(at: golden.deletingLastPathComponent(), withIntermediateDirectories: true)
    }

    func remove() {
        try? FileManager.default.removeItem(at: golden)
        try? FileManager.default.removeItem(at: artifacts)
    }
}
