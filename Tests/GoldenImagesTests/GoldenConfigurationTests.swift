import Drawing
import Foundation
@testable import GoldenImageTesting
import GoldenImages
import Testing
import XCTest

/// One pixel of the scene changed: fails the default tolerance, passes `loose`.
private let onePixelOff = pixelmatchScene(shifted: false).with([(x: 2, y: 2, pixel: .black)])
private let loose = Tolerance(maxDiffPixels: 5)

@Suite("Golden configuration: precedence")
struct GoldenConfigurationPrecedenceTests {
    @Test func anExplicitModeBeatsTheConfigurationWhichBeatsTheEnvironment() throws {
        let environment = ["CARDRENDER_RECORD": "all"]
        let configured = GoldenConfiguration(record: .failed)
        #expect(try GoldenConfiguration.resolvedRecordMode(explicit: .never, configured: configured,
                                                           environment: environment) == .never)
        #expect(try GoldenConfiguration.resolvedRecordMode(explicit: nil, configured: configured,
                                                           environment: environment) == .failed)
        #expect(try GoldenConfiguration.resolvedRecordMode(explicit: nil, configured: GoldenConfiguration(),
                                                           environment: environment) == .all)
        #expect(try GoldenConfiguration.resolvedRecordMode(explicit: nil, configured: GoldenConfiguration(),
                                                           environment: [:]) == .missing)
        #expect(throws: GoldenError.invalidRecordMode(value: "sometimes", source: "CARDRENDER_RECORD")) {
            try GoldenConfiguration.resolvedRecordMode(explicit: nil, configured: GoldenConfiguration(),
                                                       environment: ["CARDRENDER_RECORD": "sometimes"])
        }
    }

    @Test func anExplicitToleranceBeatsTheConfiguredOne() {
        let configured = GoldenConfiguration(tolerance: loose)
        #expect(GoldenConfiguration.resolvedTolerance(.exact, configured: configured) == .exact)
        #expect(GoldenConfiguration.resolvedTolerance(nil, configured: configured) == loose)
        #expect(GoldenConfiguration.resolvedTolerance(nil, configured: GoldenConfiguration()) == .default)
    }

    @Test func innerScopesOverrideTheFieldsTheySet() {
        withGoldenConfiguration(record: .failed, tolerance: loose) {
            withGoldenConfiguration(record: .never) {
                #expect(GoldenConfiguration.current == GoldenConfiguration(record: .never, tolerance: loose))
            }
            #expect(GoldenConfiguration.current == GoldenConfiguration(record: .failed, tolerance: loose))
        }
        #expect(GoldenConfiguration.current == GoldenConfiguration())
    }
}

/// The trait sets the mode for every test of the suite, over `CARDRENDER_RECORD` (which `make test` sets).
@Suite("Golden configuration: the .goldens trait", .goldens(record: .failed, tolerance: loose))
struct GoldenTraitTests {
    @Test func theTraitConfiguresEachTest() {
        #expect(GoldenConfiguration.current == GoldenConfiguration(record: .failed, tolerance: loose))
    }

    @Test func theTraitsRecordModeRewritesAFailingGolden() throws {
        let scratch = Scratch(pathExtension: "txt")
        defer { scratch.remove() }
        try Data("before\n".utf8).write(to: scratch.golden)
        withKnownIssue {
            #expect(assertGolden(of: "after\n", as: .lines, named: scratch.name)?.status == .rerecorded)
        }
        #expect(try String(contentsOf: scratch.golden, encoding: .utf8) == "after\n")
    }

    @Test func theTraitsToleranceApplies() throws {
        let scratch = Scratch(pathExtension: "png")
        defer { scratch.remove() }
        try PNG.encode(pixelmatchScene(shifted: false)).write(to: scratch.golden)
        #expect(assertGolden(of: onePixelOff, named: scratch.name)?.status == .matched)
        // The assertion's own arguments still win.
        withKnownIssue {
            #expect(assertGolden(of: onePixelOff, named: scratch.name, tolerance: .default, record: .never)?.status == .failed)
        }
    }

    @Test(.goldens(record: .never)) func aTestsTraitOverridesTheSuites() {
        #expect(GoldenConfiguration.current == GoldenConfiguration(record: .never, tolerance: loose))
    }

    /// Each test case gets counters of its own, so a repeated run names its goldens the same way.
    @Test func eachTestCountsFromOne() {
        #expect(GoldenNaming.nextName(fileID: #fileID, function: #function) == "eachTestCountsFromOne.1")
        #expect(GoldenNaming.nextName(fileID: #fileID, function: #function) == "eachTestCountsFromOne.2")
    }

    @Suite(.goldens(record: .all))
    struct Nested {
        @Test func aNestedSuitesTraitOverridesTheOuterOne() {
            #expect(GoldenConfiguration.current == GoldenConfiguration(record: .all, tolerance: loose))
        }
    }
}

/// XCTest's equivalent of the trait: `invokeTest` wrapped in `withGoldenConfiguration`.
final class GoldenConfigurationXCTests: XCTestCase {
    override func invokeTest() {
        withGoldenConfiguration(record: .never, tolerance: loose) { super.invokeTest() }
    }

    func testTheWrappedTestSeesTheConfiguration() {
        XCTAssertEqual(GoldenConfiguration.current, GoldenConfiguration(record: .never, tolerance: loose))
    }

    func testTheConfiguredToleranceAndModeApply() throws {
        let scratch = Scratch(pathExtension: "png")
        defer { scratch.remove() }
        try PNG.encode(pixelmatchScene(shifted: false)).write(to: scratch.golden)
        XCTAssertEqual(assertGolden(of: onePixelOff, named: scratch.name)?.status, .matched)
        // The wrapper's mode wins over CARDRENDER_RECORD, whatever the run sets it to.
        XCTAssertEqual(try GoldenConfiguration.resolvedRecordMode(explicit: nil, environment: ["CARDRENDER_RECORD": "all"]),
                       .never)
    }
}
