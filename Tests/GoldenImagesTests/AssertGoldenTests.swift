import Drawing
import Foundation
import Geometry
import GoldenImageTesting
import GoldenImages
import Testing
import XCTest

/// Goldens of this file live in `__Goldens__/AssertGoldenTests/` next to it.
@Suite("assertGolden in Swift Testing")
struct AssertGoldenTests {
    /// A committed golden, verified like any test of this project: CI runs with CARDRENDER_RECORD=never.
    @Test func aCommittedGoldenMatches() {
        let outcome = assertGolden(of: pixelmatchScene(shifted: true), named: "pixelmatch-scene-shifted")
        #expect(outcome?.kind == .matched)
        #expect(outcome?.goldenPath.hasSuffix("/Tests/GoldenImagesTests/__Goldens__/AssertGoldenTests/pixelmatch-scene-shifted.png") == true)
    }

    @Test func aMismatchIsRecordedAsAnIssueNamingTheArtifacts() throws {
        let name = "scratch-\(UUID().uuidString)"
        let golden = GoldenTesting.goldenURL(named: name, testFile: #filePath)
        let artifacts = GoldenTesting.artifactsURL(named: name, testFile: #filePath)
        defer {
            try? FileManager.default.removeItem(at: golden)
            try? FileManager.default.removeItem(at: artifacts)
        }
        try PNG.encode(pixelmatchScene(shifted: false)).write(to: golden)

        var outcome: GoldenOutcome?
        withKnownIssue {
            outcome = assertGolden(of: pixelmatchScene(shifted: true), named: name, record: .never)
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.hasPrefix("golden '\(name)': ") && text.contains(artifacts.appendingPathComponent("diff.png").path)
                && text.contains("81 of 3072 pixels differ")
        }
        #expect(outcome?.kind == .failed)
        #expect(outcome?.result?.differingPixels == 81)
        for file in ["expected.png", "actual.png", "diff.png", "composite.png"] {
            #expect(FileManager.default.fileExists(atPath: artifacts.appendingPathComponent(file).path), "\(file)")
        }
        // `never` left the golden as it was.
        #expect(try PNG.read(contentsOf: golden) == pixelmatchScene(shifted: false))
    }

    @Test func recordingFailsOnceThenVerifies() throws {
        let name = "scratch-\(UUID().uuidString)"
        let golden = GoldenTesting.goldenURL(named: name, testFile: #filePath)
        defer { try? FileManager.default.removeItem(at: golden) }
        let picture = Picture(width: 6, height: 4) { canvas in
            canvas.setFillColor(.red)
            canvas.addRect(CGRect(x: 1, y: 1, width: 3, height: 2))
            canvas.fillPath()
        }
        withKnownIssue {
            #expect(assertGolden(of: picture, named: name, record: .missing)?.kind == .recorded)
        }
        let recorded = try PNG.read(contentsOf: golden)
        #expect(recorded.width == 6 && recorded.height == 4)
        #expect(recorded[2, 2] == .red)
        #expect(recorded[0, 0].a == 0)
        #expect(assertGolden(of: picture, named: name, record: .never)?.kind == .matched)
    }

    @Test func badNamesAreRefusedBeforeAnythingIsWritten() {
        for name in ["", "../escape", "a/b", ".hidden"] {
            withKnownIssue {
                #expect(assertGolden(of: pixelmatchScene(shifted: false), named: name, record: .all) == nil)
            }
        }
        let folder = GoldenTesting.goldenURL(named: "x", testFile: #filePath).deletingLastPathComponent()
        #expect(!FileManager.default.fileExists(atPath: folder.deletingLastPathComponent()
            .appendingPathComponent("escape.png").path))
    }

    @Test func goldenAndArtifactPathsArePredictable() {
        #expect(GoldenTesting.goldenURL(named: "ace of spades", testFile: "/repo/Tests/CardsTests/DeckTests.swift").path
                == "/repo/Tests/CardsTests/__Goldens__/DeckTests/ace of spades.png")
        #expect(GoldenTesting.artifactsURL(named: "ace", testFile: "/repo/Tests/CardsTests/DeckTests.swift",
                                           environment: ["CARDRENDER_ARTIFACTS": "/ci/artifacts"]).path
                == "/ci/artifacts/DeckTests/ace")
    }
}

/// The same helper under XCTest: a matching golden records no failure.
final class AssertGoldenXCTests: XCTestCase {
    func testACommittedGoldenMatchesUnderXCTest() {
        let outcome = assertGolden(of: pixelmatchScene(shifted: true), named: "pixelmatch-scene-shifted")
        XCTAssertEqual(outcome?.kind, .matched)
    }
}
