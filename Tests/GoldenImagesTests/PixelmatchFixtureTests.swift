import Drawing
import Foundation
import GoldenImages
import Testing

/// pixelmatch's own test images (`__Goldens__/PixelmatchFixtureTests/`, see NOTICE there) with the
/// counts its test suite expects, and FNV-1a hashes of the diff images it ships next to them: those
/// of version 7.2.0 for YIQ, those of its development line (commit c6fee35) for OKLab.
@Suite("pixelmatch's fixtures")
struct PixelmatchFixtureTests {
    static func fixture(_ name: String) throws -> RGBAImage {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("__Goldens__/PixelmatchFixtureTests", isDirectory: true)
        return try PNG.read(contentsOf: folder.appendingPathComponent(name + ".png"))
    }

    struct Case: Sendable, CustomStringConvertible {
        var expected: String
        var actual: String
        var tolerance: Tolerance
        var count: Int
        var diffHash: UInt64

        var description: String { "\(expected)/\(actual) \(tolerance.metric) t=\(tolerance.threshold)" }
    }

    static let green = DiffImageStyle.RGB(r: 0, g: 255, b: 0)

    static let cases: [Case] = [
        // pixelmatch 7.2.0, test/test.js
        Case(expected: "1a", actual: "1b", tolerance: Tolerance(threshold: 0.05), count: 143, diffHash: 0xf620_14f3_6518_ab5f),
        Case(expected: "1a", actual: "1b", tolerance: Tolerance(), count: 106, diffHash: 0xc357_9d9c_af1f_0976),
        Case(expected: "1a", actual: "1b", tolerance: Tolerance(threshold: 0.05, diffImage: DiffImageStyle(diffMask: true)),
             count: 143, diffHash: 0x7147_2ed6_b060_b327),
        Case(expected: "1a", actual: "1a", tolerance: Tolerance(threshold: 0, diffImage: DiffImageStyle(diffMask: true)),
             count: 0, diffHash: 0xfc31_bff5_90c2_2325),
        Case(expected: "7a", actual: "7b", tolerance: Tolerance(diffImage: DiffImageStyle(diffColorAlt: green)),
             count: 2448, diffHash: 0x64e5_79de_65b9_3f59),
        // An opaque image against one whose pixels are half transparent: only the checkerboard sees it.
        Case(expected: "8a", actual: "5b", tolerance: Tolerance(threshold: 0.05), count: 32896, diffHash: 0x8c35_e41b_b701_0bdb),
        // pixelmatch's development line, the same calls with its OKLab metric
        Case(expected: "1a", actual: "1b", tolerance: Tolerance(threshold: 0.05, metric: .oklab), count: 154,
             diffHash: 0x37b8_abbd_fc96_2c90),
        Case(expected: "1a", actual: "1b", tolerance: Tolerance(metric: .oklab), count: 120, diffHash: 0x631e_f83b_13b0_2785),
        Case(expected: "1a", actual: "1b",
             tolerance: Tolerance(threshold: 0.05, metric: .oklab, diffImage: DiffImageStyle(diffMask: true)),
             count: 154, diffHash: 0xeeea_3bae_8541_4231),
        Case(expected: "7a", actual: "7b", tolerance: Tolerance(metric: .oklab, diffImage: DiffImageStyle(diffColorAlt: green)),
             count: 2440, diffHash: 0x4e87_fb04_8e28_6043),
        Case(expected: "8a", actual: "5b", tolerance: Tolerance(threshold: 0.05, metric: .oklab), count: 32896,
             diffHash: 0x8c35_e41b_b701_0bdb),
    ]

    @Test(arguments: cases) func countsAndDiffImagesArePixelmatchs(_ reference: Case) throws {
        let comparison = try ImageComparison(expected: try Self.fixture(reference.expected),
                                             actual: try Self.fixture(reference.actual), tolerance: reference.tolerance)
        #expect(comparison.result.differingPixels == reference.count)
        #expect(comparison.makeDiffImage().fnv1a == reference.diffHash)
    }

    @Test func halfTransparentPixelsAgainstOpaqueOnesPassOnlyWhenBlendedWithWhite() throws {
        let expected = try Self.fixture("8a"), actual = try Self.fixture("5b")
        let white = try ImageComparison(expected: expected, actual: actual,
                                        tolerance: Tolerance(threshold: 0.05, alphaBlending: .white)).result
        #expect(white.status == .withinTolerance)
        #expect(white.differingPixels == 0)
        #expect(white.changedWithinThreshold == 32896)
    }
}
