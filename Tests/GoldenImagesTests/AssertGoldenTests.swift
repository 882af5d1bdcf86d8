import Drawing
import Foundation
import Geometry
@testable import GoldenImageTesting
import GoldenImages
import Testing
import XCTest

/// Goldens of this file live in `__Goldens__/AssertGoldenTests/` next to it.
@Suite("assertGolden in Swift Testing")
struct AssertGoldenTests {
    /// A committed golden, verified like any test of this project: CI runs with CARDRENDER_RECORD=never.
    @Test func aCommittedGoldenMatches() {
        let outcome = assertGolden(of: pixelmatchScene(shifted: true), named: "pixelmatch-scene-shifted")
        #expect(outcome?.status == .matched)
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
            // The golden is named relative to the package; the artifacts, outside it, in full.
            return text.hasPrefix("golden '\(name)': Tests/GoldenImagesTests/__Goldens__/AssertGoldenTests/\(name).png: ")
                && text.contains(artifacts.appendingPathComponent("diff.png").path)
                && text.contains("33 of 3072 pixels differ")
        }
        #expect(outcome?.status == .failed)
        #expect(outcome?.result?.differingPixels == 33)
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
            #expect(assertGolden(of: picture, named: name, record: .missing)?.status == .recorded)
        }
        let recorded = try PNG.read(contentsOf: golden)
        #expect(recorded.width == 6 && recorded.height == 4)
        #expect(recorded[2, 2] == .red)
        #expect(recorded[0, 0].a == 0)
        #expect(assertGolden(of: picture, named: name, record: .never)?.status == .matched)
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

    /// Without `named:` a golden takes the test's name and a counter, in the order of the assertions.
    @Test func goldensAreNamedAfterTheTest() {
        let first = assertGolden(of: pixelmatchScene(shifted: false))
        let second = assertGolden(of: pixelmatchScene(shifted: true))
        #expect(first?.status == .matched)
        #expect(second?.status == .matched)
        #expect(first?.goldenPath.hasSuffix("/__Goldens__/AssertGoldenTests/goldensAreNamedAfterTheTest.1.png") == true)
        #expect(second?.goldenPath.hasSuffix("/__Goldens__/AssertGoldenTests/goldensAreNamedAfterTheTest.2.png") == true)
    }

    /// Runs in parallel with the test above: each test counts from 1.
    @Test func countersArePerTest() {
        #expect(assertGolden(of: "first\n", as: .lines)?.goldenPath.hasSuffix("/countersArePerTest.1.txt") == true)
        #expect(assertGolden(of: "second\n", as: .lines)?.goldenPath.hasSuffix("/countersArePerTest.2.txt") == true)
    }

    /// Swift Testing's test name, not the calling function's, so helpers name goldens after the test.
    @Test func theTestNameComesFromSwiftTesting() {
        #expect(GoldenNaming.testName(function: "someHelper()") == "theTestNameComesFromSwiftTesting()")
    }

    @Test func testNamesBecomeFileNames() {
        #expect(GoldenNaming.sanitized("kingOfHearts()") == "kingOfHearts")
        #expect(GoldenNaming.sanitized("classicDeck(name:side:)") == "classicDeck")
        #expect(GoldenNaming.sanitized("`ace high`()") == "ace-high")
        #expect(GoldenNaming.sanitized("Über/../cards  ♥ test") == "Über-cards-test")
        #expect(GoldenNaming.sanitized("()") == "golden")
    }

    @Test func countersAreSafeAcrossThreads() async {
        let counters = GoldenNameCounters()
        let drawn = await withTaskGroup(of: [(key: String, value: Int)].self) { group in
            for task in 0..<8 {
                group.addTask { (0..<200).map { _ in (key: "test \(task % 2)", value: counters.next(for: "test \(task % 2)")) } }
            }
            return await group.reduce(into: []) { $0 += $1 }
        }
        for key in ["test 0", "test 1"] {
            #expect(drawn.filter { $0.key == key }.map(\.value).sorted() == Array(1...800))
        }
    }

    /// The cases of a parameterized test would share derived names, so they must pass their own.
    @Test(arguments: ["hearts", "spades"])
    func parameterizedTestsMustNameTheirGoldens(suit: String) {
        withKnownIssue {
            #expect(assertGolden(of: suit, as: .lines) == nil)
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("a parameterized test must name its goldens")
        }
    }

    /// Expected, actual, diff and composite are what a failure attaches, named after the golden.
    @Test func failureFilesBecomeAttachmentsNamedAfterTheGolden() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("golden-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let golden = folder.appendingPathComponent("KH.png")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try PNG.encode(pixelmatchScene(shifted: false)).write(to: golden)

        let verification = try GoldenVerifier.verify(
            pixelmatchScene(shifted: true), diffing: .image(tolerance: nil), golden: golden, pathExtension: "png",
            mode: .never, artifactsDirectory: folder.appendingPathComponent("artifacts"), display: \.path)
        #expect(verification.outcome.status == .failed)
        let location = GoldenSourceLocation(fileID: #fileID, filePath: #filePath, line: #line, column: #column)
        let attachments = GoldenAttachments.swiftTestingAttachments(
            GoldenAttachments.named(verification.artifactFiles, golden: "KH"), at: location)
        #expect(attachments.map(\.preferredName) == ["KH-expected.png", "KH-actual.png", "KH-diff.png", "KH-composite.png"])
        #expect(attachments.first?.attachableValue == Array(try Data(contentsOf: golden)))
        #expect(try PNG.decode(Data(attachments[1].attachableValue)) == pixelmatchScene(shifted: true))
    }

    @Test func pathsInMessagesAreRelativeToThePackage() {
        let root = URL(fileURLWithPath: "/repo")
        #expect(GoldenTesting.displayPath(URL(fileURLWithPath: "/repo/Tests/A/__Goldens__/A/x.png"), packageRoot: root)
                == "Tests/A/__Goldens__/A/x.png")
        #expect(GoldenTesting.displayPath(URL(fileURLWithPath: "/repository/x.png"), packageRoot: root) == "/repository/x.png")
        #expect(GoldenTesting.displayPath(URL(fileURLWithPath: "/tmp/x.png"), packageRoot: nil) == "/tmp/x.png")
        #expect(GoldenTesting.packageRoot(containing: #filePath)?.appendingPathComponent("Tests/GoldenImagesTests/AssertGoldenTests.swift").path
                == URL(fileURLWithPath: #filePath).standardizedFileURL.path)
    }

    @Test func goldenAndArtifactPathsArePredictable() {
        #expect(GoldenTesting.goldenURL(named: "ace of spades", testFile: "/repo/Tests/CardsTests/DeckTests.swift").path
                == "/repo/Tests/CardsTests/__Goldens__/DeckTests/ace of spades.png")
        #expect(GoldenTesting.goldenURL(named: "deck.1", testFile: "/repo/Tests/CardsTests/DeckTests.swift",
                                        pathExtension: "json").path
                == "/repo/Tests/CardsTests/__Goldens__/DeckTests/deck.1.json")
        #expect(GoldenTesting.artifactsURL(named: "ace", testFile: "/repo/Tests/CardsTests/DeckTests.swift",
                                           environment: ["CARDRENDER_ARTIFACTS": "/ci/artifacts"]).path
                == "/ci/artifacts/failures/DeckTests/ace")
    }
}

/// The same helper under XCTest: a matching golden records no failure.
final class AssertGoldenXCTests: XCTestCase {
    func testACommittedGoldenMatchesUnderXCTest() {
        let outcome = assertGolden(of: pixelmatchScene(shifted: true), named: "pixelmatch-scene-shifted")
        XCTAssertEqual(outcome?.status, .matched)
    }

    /// XCTest has no current test for the library to ask, so `#function` names the goldens.
    func testDerivedNamesUnderXCTest() {
        let first = assertGolden(of: pixelmatchScene(shifted: false))
        let second = assertGolden(of: "second\n", as: .lines)
        XCTAssertEqual(first?.status, .matched)
        XCTAssertEqual(first.map { URL(fileURLWithPath: $0.goldenPath).lastPathComponent }, "testDerivedNamesUnderXCTest.1.png")
        XCTAssertEqual(second.map { URL(fileURLWithPath: $0.goldenPath).lastPathComponent }, "testDerivedNamesUnderXCTest.2.txt")
    }
}
