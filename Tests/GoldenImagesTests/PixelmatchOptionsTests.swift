import Drawing
import Foundation
import GoldenImages
import Testing

/// pixelmatch's diff image options, its newer OKLab metric and its windowed count.
@Suite("pixelmatch's options")
struct PixelmatchOptionsTests {
    static let green = DiffImageStyle.RGB(r: 0, g: 255, b: 0)
    static let transparent = Pixel(r: 0, g: 0, b: 0, a: 0)

    @Test func diffImageOptionsDrawLikePixelmatch() throws {
        let comparison = try ImageComparison(expected: pixelmatchScene(shifted: false), actual: pixelmatchScene(shifted: true))
        #expect(comparison.result.differingPixels == 33)
        // (style, FNV-1a of pixelmatch 7.2.0's diff image with those options, on the same scene)
        let reference: [(DiffImageStyle, UInt64)] = [
            (DiffImageStyle(diffColorAlt: Self.green), 0xf1ca_8887_6af0_a8b1),
            (DiffImageStyle(diffMask: true), 0x458b_ba0f_920a_2d23),
            (DiffImageStyle(diffColorAlt: Self.green, diffMask: true), 0xaf15_2a24_939f_849d),
            (DiffImageStyle(alpha: 0.5, aaColor: DiffImageStyle.RGB(r: 0, g: 192, b: 0),
                            diffColor: DiffImageStyle.RGB(r: 255, g: 0, b: 255)), 0xee34_4d47_b574_f5bc),
        ]
        for (style, hash) in reference {
            #expect(comparison.makeDiffImage(style: style).fnv1a == hash, "\(style)")
        }
        // Every counted pixel of this scene got darker; a mask leaves the other 3039 transparent.
        #expect(comparison.makeDiffImage(style: DiffImageStyle(diffColorAlt: Self.green)).count(of: Pixel(r: 0, g: 255, b: 0, a: 255)) == 33)
        #expect(comparison.makeDiffImage(style: DiffImageStyle(diffMask: true)).count(of: Self.transparent) == 3039)
        // The tolerance's style is the one makeDiffImage() uses.
        let masked = try ImageComparison(expected: pixelmatchScene(shifted: false), actual: pixelmatchScene(shifted: true),
                                         tolerance: Tolerance(diffImage: DiffImageStyle(diffMask: true)))
        #expect(masked.makeDiffImage().fnv1a == 0x458b_ba0f_920a_2d23)
        #expect(masked.result == comparison.result)
    }

    @Test func lighterAndDarkerPixelsTakeTheirOwnColours() throws {
        let expected = filled(width: 6, height: 2, .grey(128))
        let actual = expected.with([(x: 1, y: 0, pixel: .black), (x: 4, y: 1, pixel: .white)])
        let diff = try ImageComparison(expected: expected, actual: actual).makeDiffImage(
            style: DiffImageStyle(diffColorAlt: Self.green))
        #expect(diff[1, 0] == Pixel(r: 0, g: 255, b: 0, a: 255))  // darker: diffColorAlt
        #expect(diff[4, 1] == .red)                                // lighter: diffColor
    }

    @Test func speckleStaysOrangeInAMask() throws {
        let expected = filled(width: 40, height: 30, .white)
        let actual = ToleranceTests.speckle(on: expected)
        let diff = try ImageComparison(expected: expected, actual: actual, tolerance: Tolerance(minClusterSize: 4))
            .makeDiffImage(style: DiffImageStyle(diffMask: true))
        #expect(diff.count(of: Pixel(r: 255, g: 140, b: 0, a: 255)) == 20)
        #expect(diff.count(of: Self.transparent) == 1200 - 20)
    }

    @Test func oklabSeparatesTheColourPairsOfPixelmatchIssue127() throws {
        // The pairs of pixelmatch issue #127, as its development line's test names them, with the HyAB
        // distance and the decisions of both metrics at the default threshold 0.1 (YIQ allows 352.15).
        let pairs: [(Pixel, Pixel, String, Double, Bool, Bool)] = [
            (Pixel(r: 41, g: 56, b: 157, a: 255), Pixel(r: 41, g: 56, b: 0, a: 255), "very different",
             -0.3231943727071397, true, true),
            (Pixel(r: 39, g: 44, b: 92, a: 255), Pixel(r: 39, g: 44, b: 14, a: 255), "clearly different",
             -0.16909145327481512, false, true),
            (Pixel(r: 0, g: 254, b: 252, a: 255), Pixel(r: 94, g: 254, b: 252, a: 255), "nearly identical",
             0.03604173037211129, true, false),
            (Pixel(r: 0, g: 254, b: 252, a: 255), Pixel(r: 47, g: 254, b: 252, a: 255), "imperceptible",
             0.009359537672980183, true, false),
            // The toe: near black, OKLab's plain cube root would call these far apart.
            (.black, .grey(13), "near-black, below", 0.06550990299123348, false, false),
            (.black, .grey(23), "near-black, above", 0.10322285354866398, false, true),
        ]
        for (first, second, label, distance, yiqDiffers, oklabDiffers) in pairs {
            #expect(abs(ColorDelta.oklab(first, second) - distance) < 1e-12, "\(label)")
            let a = filled(width: 1, height: 1, first), b = filled(width: 1, height: 1, second)
            let yiq = try ImageComparison(expected: a, actual: b).result
            let oklab = try ImageComparison(expected: a, actual: b, tolerance: Tolerance(metric: .oklab)).result
            #expect((yiq.differingPixels == 1) == yiqDiffers, "\(label), YIQ")
            #expect((oklab.differingPixels == 1) == oklabDiffers, "\(label), OKLab")
        }
        // Black to white is 1 on the OKLab scale.
        #expect(abs(ColorDelta.oklab(.black, .white) - 1) < 1e-6)
    }

    @Test func theWindowIsPixelmatchsWindowSize() throws {
        // pixelmatch's development-line test: a 3×3 block on a 10×10 image.
        let expected = filled(width: 10, height: 10, .white)
        let actual = expected.withBlock(x: 2, y: 2, width: 3, height: 3, .black)
        func densest(_ window: Int) throws -> ImageDiffResult.DensestWindow? {
            try ImageComparison(expected: expected, actual: actual,
                                tolerance: Tolerance(includeAntiAliasing: true, window: window)).result.densestWindow
        }
        #expect(try densest(3)?.pixelCount == 9)
        #expect(try densest(2)?.pixelCount == 4)
        #expect(try densest(100)?.pixelCount == 9)
        #expect(try densest(100)?.window == 10)  // clamped to the image, as pixelmatch does
        #expect(try ImageComparison(expected: expected, actual: expected, tolerance: Tolerance(window: 3)).result.densestWindow == nil)

        // The limits apply to the window's count: 4 in the densest 2×2.
        func status(_ tolerance: Tolerance) throws -> ImageDiffResult.Status {
            try ImageComparison(expected: expected, actual: actual, tolerance: tolerance).result.status
        }
        #expect(try status(Tolerance(maxDiffPixels: 3, includeAntiAliasing: true, window: 2)) == .failed)
        // 9 in the densest 4×4.
        #expect(try status(Tolerance(maxDiffPixels: 9, includeAntiAliasing: true, window: 4)) == .withinTolerance)
        #expect(try status(Tolerance(maxDiffPixels: 8, includeAntiAliasing: true, window: 4)) == .failed)
        // A ratio is of the window's pixels: 4 of 16.
        #expect(try status(Tolerance(maxDiffRatio: 0.25, includeAntiAliasing: true, window: 4)) == .failed)
        #expect(try status(Tolerance(maxDiffRatio: 0.6, includeAntiAliasing: true, window: 4)) == .withinTolerance)
        let message = try ImageComparison(expected: expected, actual: actual,
                                          tolerance: Tolerance(maxDiffPixels: 3, includeAntiAliasing: true, window: 2))
            .result.message
        #expect(message.contains("4 px in the densest 2×2 window, at (2,2); allowed 3"), "\(message)")
    }

    /// Scenes with blocks, lines and speckle, for checking that two ways of saying the same agree.
    static func scenes() -> [(RGBAImage, RGBAImage)] {
        let base = filled(width: 48, height: 30, .white)
        return [
            (base, ToleranceTests.speckle(on: base)),
            (base, base.withBlock(x: 5, y: 3, width: 4, height: 4, .black)),
            (base, base.withBlock(x: 0, y: 0, width: 48, height: 1, .black).withBlock(x: 40, y: 10, width: 2, height: 3, .red)),
            (pixelmatchScene(shifted: false), pixelmatchScene(shifted: true)),
            (base, base),
        ]
    }

    @Test func densityAndWindowAgree() throws {
        // "Fail where some K×K window holds N" is "at most N - 1 in any K×K window".
        for (index, (expected, actual)) in Self.scenes().enumerated() {
            for window in [1, 2, 3, 5, 8, 20, 30, 64] {
                for pixels in [1, 2, 3, 4, 6, 9, 16, 40] where pixels <= window * window {
                    let density = try ImageComparison(
                        expected: expected, actual: actual,
                        tolerance: Tolerance(density: .init(minPixels: pixels, window: window))).result
                    let windowed = try ImageComparison(
                        expected: expected, actual: actual,
                        tolerance: Tolerance(maxDiffPixels: pixels - 1, window: window)).result
                    #expect(density.passed == windowed.passed, "scene \(index), \(pixels) in \(window)×\(window)")
                    #expect(density.densestWindow == windowed.densestWindow, "scene \(index), window \(window)")
                }
            }
        }
    }

    @Test func newOptionsAreValidated() {
        let image = filled(width: 2, height: 2, .white)
        let refused: [(Tolerance, String)] = [
            (Tolerance(window: 0), "window must be at least 1, got 0"),
            (Tolerance(density: .init(minPixels: 2, window: 4), window: 4),
             "density and window both limit N×N squares; use one of them"),
            // Limits no image can reach, which would pass every image.
            (Tolerance(density: .init(minPixels: 2, window: 1)),
             "density 2 px in a 1×1 window can never be reached: the window holds 1 px"),
            (Tolerance(density: .init(minPixels: 17, window: 4)),
             "density 17 px in a 4×4 window can never be reached: the window holds 16 px"),
            (Tolerance(maxDiffPixels: 4, window: 2),
             "max differing pixels 4 with a 2×2 window allows every pixel of it (4) to differ; allow fewer"),
            (Tolerance(diffImage: DiffImageStyle(alpha: 1.5)), "diff image alpha must be between 0 and 1, got 1.5"),
            (Tolerance(diffImage: DiffImageStyle(alpha: .nan)), "diff image alpha must be between 0 and 1, got nan"),
        ]
        for (tolerance, reason) in refused {
            #expect(throws: ComparisonError.invalidTolerance(reason)) {
                try ImageComparison(expected: image, actual: image, tolerance: tolerance)
            }
            #expect(throws: ComparisonError.invalidTolerance(reason)) { try tolerance.validate() }
        }
        // Reachable limits, huge windows included (their area does not overflow).
        for tolerance in [Tolerance(density: .init(minPixels: 4, window: 2)), Tolerance(density: .init(minPixels: 5, window: .max)),
                          Tolerance(maxDiffPixels: 3, window: 2), Tolerance(maxDiffPixels: .max - 1, window: .max)] {
            #expect(throws: Never.self) { try tolerance.validate() }
        }
    }

    @Test func toleranceJSONWithoutTheNewKeysDecodesToTheirDefaults() throws {
        let old = Data(#"{"threshold":0.2,"minClusterSize":3,"includeAntiAliasing":true,"ignoreRegions":[]}"#.utf8)
        let decoded = try JSONDecoder().decode(Tolerance.self, from: old)
        #expect(decoded == Tolerance(threshold: 0.2, minClusterSize: 3, includeAntiAliasing: true))
        #expect(decoded.metric == .yiq && decoded.alphaBlending == .checkerboard && decoded.diffImage == .pixelmatch)
        let full = Tolerance(threshold: 0.05, metric: .oklab, alphaBlending: .white, window: 8,
                             diffImage: DiffImageStyle(alpha: 0.3, diffColorAlt: Self.green, diffMask: true))
        #expect(try JSONDecoder().decode(Tolerance.self, from: JSONEncoder().encode(full)) == full)
    }

    @Test func diffColoursParseAsHexOrPixelmatchTriples() {
        #expect(DiffImageStyle.RGB(parsing: "#00ff80") == DiffImageStyle.RGB(r: 0, g: 255, b: 128))
        #expect(DiffImageStyle.RGB(parsing: "f00") == DiffImageStyle.RGB(r: 255, g: 0, b: 0))
        #expect(DiffImageStyle.RGB(parsing: "0, 192,0") == DiffImageStyle.RGB(r: 0, g: 192, b: 0))
        for bad in ["", "red", "#12345", "256,0,0", "1,2", "1,2,3,4", "#ff000080", "-1,0,0"] {
            #expect(DiffImageStyle.RGB(parsing: bad) == nil, "\(bad)")
        }
    }
}
