import Drawing
import Foundation
import GoldenImages
import Testing

@Suite("Comparing images")
struct ComparisonTests {
    @Test func identicalImagesAreEqualAndTheDiffIsTheFadedOriginal() throws {
        let image = filled(width: 20, height: 10, .white).withBlock(x: 2, y: 2, width: 3, height: 3, .black)
        let comparison = try ImageComparison(expected: image, actual: image)
        #expect(comparison.result.status == .equal)
        #expect(comparison.result.differingPixels == 0)
        #expect(comparison.result.regions.isEmpty)
        #expect(comparison.result.message == "identical 20×10 images")
        let diff = comparison.makeDiffImage()
        // pixelmatch's drawGrayPixel: 255 + (Y - 255) × 0.1, truncated: black → 229.5 → 229, white → 255.
        #expect(diff[3, 3] == Pixel.grey(229))
        #expect(diff[10, 5] == Pixel.grey(255))
    }

    /// One decoded image compared with itself (byte-identical files): the diff is drawn into a
    /// new buffer, the expected image keeps its pixels, and the actual one is let go as usual.
    @Test func theDiffTakenFromAnImageComparedWithItselfLeavesItWhole() throws {
        let image = filled(width: 20, height: 10, .white).withBlock(x: 2, y: 2, width: 3, height: 3, .black)
        var comparison = try ImageComparison(expected: image, actual: image)
        let diff = comparison.takeDiffImage()
        #expect(diff == comparison.makeDiffImage())
        #expect(diff[3, 3] == Pixel.grey(229) && diff[10, 5] == Pixel.grey(255))
        #expect(comparison.expected == image)
        #expect(comparison.actual.width == 0 && comparison.actual.pixels.isEmpty)
    }

    @Test func onePixelChanged() throws {
        let expected = filled(width: 16, height: 12, .white)
        let actual = expected.with([(x: 3, y: 4, pixel: .black)])
        let comparison = try ImageComparison(expected: expected, actual: actual)
        let result = comparison.result
        #expect(result.status == .failed)
        #expect(result.differingPixels == 1)
        #expect(result.countedPixels == 1)
        #expect(result.antiAliasedPixels == 0)
        #expect(result.regions == [DiffRegion(bounds: PixelRect(x: 3, y: 4, width: 1, height: 1), pixelCount: 1)])
        #expect(abs(result.ratio - 1.0 / 192.0) < 1e-12)
        let diff = comparison.makeDiffImage()
        #expect(diff[3, 4] == .red)
        #expect(diff.count(of: .red) == 1)
    }

    @Test func takenDiffImageIsTheDiffImageDrawnOverTheActualPixels() throws {
        let expected = filled(width: 16, height: 12, .white).withBlock(x: 1, y: 1, width: 4, height: 4, .black)
        var comparison = try ImageComparison(expected: expected, actual: expected.with([(x: 9, y: 7, pixel: .black)]))
        let drawn = comparison.makeDiffImage()
        let composite = comparison.makeCompositeImage()
        #expect(comparison.takeDiffImage() == drawn)
        #expect(comparison.actual.width == 0 && comparison.actual.pixels.isEmpty)
        #expect(composite.width == 3 * 16 + 4 * 8)

        // Different sizes: the diff covers the overlap, drawn into a new buffer.
        var cropped = try ImageComparison(expected: expected, actual: filled(width: 10, height: 12, .white))
        let overlap = cropped.makeDiffImage()
        #expect(cropped.takeDiffImage() == overlap)
        #expect(overlap.width == 10)
    }

    /// Equal pixels are skipped eight at a time: a change at any column, of any row width, at a
    /// row's start, end or in its tail of fewer than eight, is still found, and one inside an
    /// ignore region still is not.
    @Test(arguments: [1, 7, 8, 9, 15, 16, 17, 23])
    func aChangeIsFoundAtEveryColumnWhateverTheRowWidth(width: Int) throws {
        let expected = filled(width: width, height: 3, .white)
        for x in 0..<width {
            let actual = expected.with([(x: x, y: 1, pixel: .black)])
            let result = try ImageComparison(expected: expected, actual: actual).result
            #expect(result.differingPixels == 1, "width \(width), column \(x)")
            #expect(result.regions == [DiffRegion(bounds: PixelRect(x: x, y: 1, width: 1, height: 1), pixelCount: 1)])
            let masked = try ImageComparison(expected: expected, actual: actual,
                                             tolerance: Tolerance(ignoreRegions: [PixelRect(x: x, y: 1, width: 1, height: 1)]))
            #expect(masked.result.differingPixels == 0 && masked.result.ignoredPixels == 1, "width \(width), column \(x)")
        }
    }

    @Test func aChangedBlockIsOneRegion() throws {
        let expected = filled(width: 40, height: 30, .white)
        let actual = expected.withBlock(x: 7, y: 5, width: 10, height: 8, Pixel(r: 20, g: 90, b: 200, a: 255))
        let result = try ImageComparison(expected: expected, actual: actual).result
        #expect(result.differingPixels == 80)
        #expect(result.regionCount == 1)
        #expect(result.regions.first?.bounds == PixelRect(x: 7, y: 5, width: 10, height: 8))
        #expect(result.regions.first?.pixelCount == 80)
        #expect(result.message.hasPrefix("80 of 1200 pixels differ (6.67%), 1 region: 80 px in 10×8 at (7,5); allowed 0"))
    }

    @Test func aFaintColourChangeBelowTheThresholdIsNoDifference() throws {
        // Grey 100 → 126: squared YIQ distance 341.58 ≤ 352.15 (35215 × 0.1²); → 127: 368.36 > 352.15.
        let expected = filled(width: 10, height: 10, .grey(100))
        let faint = try ImageComparison(expected: expected, actual: filled(width: 10, height: 10, .grey(126))).result
        #expect(faint.status == .withinTolerance)
        #expect(faint.differingPixels == 0)
        #expect(faint.changedWithinThreshold == 100)
        let visible = try ImageComparison(expected: expected, actual: filled(width: 10, height: 10, .grey(127))).result
        #expect(visible.status == .failed)
        #expect(visible.differingPixels == 100)
        // A lower threshold sees the faint change too.
        let strict = try ImageComparison(expected: expected, actual: filled(width: 10, height: 10, .grey(126)),
                                         tolerance: Tolerance(threshold: 0.05)).result
        #expect(strict.differingPixels == 100)
    }

    @Test func anAntiAliasedEdgeShiftedByHalfAPixelIsDetectedAndNotCounted() throws {
        // A black bar over columns 10..<20 moves right by half a pixel: columns 10 and 20 turn mid-grey.
        func bar(shifted: Bool) -> RGBAImage {
            makeImage(width: 30, height: 12) { x, _ in
                if shifted { return x == 10 || x == 20 ? .grey(128) : (x > 10 && x < 20 ? .black : .white) }
                return (10..<20).contains(x) ? .black : .white
            }
        }
        let comparison = try ImageComparison(expected: bar(shifted: false), actual: bar(shifted: true))
        #expect(comparison.result.differingPixels == 0)
        #expect(comparison.result.antiAliasedPixels == 24)
        #expect(comparison.result.status == .withinTolerance)
        #expect(comparison.makeDiffImage().count(of: Pixel(r: 255, g: 255, b: 0, a: 255)) == 24)

        let withAntiAliasing = try ImageComparison(expected: bar(shifted: false), actual: bar(shifted: true),
                                                   tolerance: Tolerance(includeAntiAliasing: true)).result
        #expect(withAntiAliasing.differingPixels == 24)
        #expect(withAntiAliasing.antiAliasedPixels == 0)
    }

    @Test func withWhiteBlendingAlphaOnlyChangesCountOnlyWhenTheyShowAgainstWhite() throws {
        let white = Tolerance(alphaBlending: .white)
        let red = filled(width: 8, height: 8, .red)
        // Opaque red → alpha 200 blends to (255, 55, 55): visible.
        let fading = try ImageComparison(expected: red, actual: filled(width: 8, height: 8, Pixel(r: 255, g: 0, b: 0, a: 200)),
                                         tolerance: white)
        #expect(fading.result.differingPixels == 64)
        // Fully transparent pixels of different colours both blend to white: bytes differ, pixels don't.
        let invisible = try ImageComparison(expected: filled(width: 8, height: 8, Pixel(r: 0, g: 0, b: 0, a: 0)),
                                            actual: filled(width: 8, height: 8, Pixel(r: 255, g: 255, b: 255, a: 0)),
                                            tolerance: white)
        #expect(invisible.result.status == .withinTolerance)
        #expect(invisible.result.differingPixels == 0)
        #expect(invisible.result.changedWithinThreshold == 64)
        // White at alpha 250 is still white against white.
        let whiteAlpha = try ImageComparison(expected: filled(width: 8, height: 8, .white),
                                             actual: filled(width: 8, height: 8, .grey(255, alpha: 250)), tolerance: white)
        #expect(whiteAlpha.result.differingPixels == 0)
    }

    @Test func differentSizesFailButTheOverlapIsStillCompared() throws {
        let expected = filled(width: 10, height: 10, .white)
        let actual = filled(width: 12, height: 8, .white).with([(x: 1, y: 1, pixel: .black)])
        let comparison = try ImageComparison(expected: expected, actual: actual)
        let result = comparison.result
        #expect(result.status == .failed)
        #expect(!result.sizesMatch)
        #expect(result.expectedSize == ImageSize(width: 10, height: 10))
        #expect(result.actualSize == ImageSize(width: 12, height: 8))
        #expect(result.comparedSize == ImageSize(width: 10, height: 8))
        #expect(result.differingPixels == 1)
        #expect(result.message.hasPrefix("size differs: expected 10×10, actual 12×8; in the 10×8 overlap 1 of 80"))
        let diff = comparison.makeDiffImage()
        #expect(diff.width == 10 && diff.height == 8)
        #expect(diff[1, 1] == .red)

        // Same pixels in the overlap: still a failure.
        let sameOverlap = try ImageComparison(expected: expected, actual: filled(width: 10, height: 11, .white)).result
        #expect(sameOverlap.status == .failed)
        #expect(sameOverlap.differingPixels == 0)
    }

    @Test func emptyImagesCompareWithoutCrashing() throws {
        let empty = RGBAImage(width: 0, height: 0)
        #expect(try ImageComparison(expected: empty, actual: empty).result.status == .equal)
        let result = try ImageComparison(expected: empty, actual: filled(width: 3, height: 3, .white)).result
        #expect(result.status == .failed)
        #expect(result.comparedSize == ImageSize(width: 0, height: 0))
    }

    @Test func countsAndDiffImageMatchPixelmatch() throws {
        let expected = pixelmatchScene(shifted: false)
        let actual = pixelmatchScene(shifted: true)
        // The scene is built byte for byte like the reference run's.
        #expect(expected.fnv1a == 0xd533_81f1_e77f_2ca5)
        #expect(actual.fnv1a == 0x3d94_b78d_2c74_4041)

        // (blending, threshold, includeAA) → (pixelmatch 7.2.0's count, its yellow pixels, FNV-1a of its diff
        // image). The semi-transparent strip changes alpha, which shows differently on the checkerboard.
        let reference: [(Tolerance.AlphaBlending, Double, Bool, Int, Int, UInt64)] = [
            (.checkerboard, 0.1, false, 33, 74, 0x549b_624f_1fbe_f57f),
            (.checkerboard, 0.1, true, 107, 0, 0xc14d_aeb8_56ea_e4fb),
            (.checkerboard, 0.05, false, 33, 88, 0x6480_7145_6d09_53af),
            (.checkerboard, 0.3, false, 30, 26, 0x7246_a1ec_a799_dc21),
            (.checkerboard, 0.0, false, 116, 119, 0x641e_47c3_04b3_843a),
            (.white, 0.1, false, 81, 74, 0x8533_6b8e_6fe8_f47b),
            (.white, 0.1, true, 155, 0, 0xf058_b6b3_8bc5_4f13),
            (.white, 0.05, false, 121, 96, 0x0ccc_c326_dc9c_d227),
            (.white, 0.3, false, 30, 26, 0x7246_a1ec_a799_dc21),
            (.white, 0.0, false, 121, 114, 0x557e_df88_8d78_a6f3),
        ]
        for (blending, threshold, includeAA, count, yellow, diffHash) in reference {
            let comparison = try ImageComparison(
                expected: expected, actual: actual,
                tolerance: Tolerance(threshold: threshold, includeAntiAliasing: includeAA, alphaBlending: blending))
            let label = "\(blending), threshold \(threshold), includeAA \(includeAA)"
            #expect(comparison.result.differingPixels == count, "\(label)")
            #expect(comparison.result.antiAliasedPixels == yellow, "\(label)")
            #expect(comparison.makeDiffImage().fnv1a == diffHash, "\(label)")
        }
    }

    @Test func yiqDeltasAgreeWithPixelmatchsFormulaWorkedByHand() {
        // Values from pixelmatch's colorDelta evaluated independently in double precision, blending with white.
        let cases: [(Pixel, Pixel, Double)] = [
            (.black, .white, 32857.13315714265),
            (.white, .black, -32857.13315714265),
            (.red, Pixel(r: 0, g: 0, b: 255, a: 255), -17620.62777490937),
            (Pixel(r: 255, g: 0, b: 0, a: 128), .white, 5952.839274768925),
            (Pixel(r: 10, g: 20, b: 30, a: 255), Pixel(r: 12, g: 20, b: 30, a: 255), 0.640384273869178),
            (Pixel(r: 0, g: 0, b: 0, a: 0), Pixel(r: 255, g: 255, b: 255, a: 0), 0),
            (.red, Pixel(r: 255, g: 0, b: 0, a: 0), 23625.694204214447),
            (.grey(100), .grey(126), 341.58280683165617),
            (.grey(100), .grey(127), 368.36370736727446),
        ]
        for (first, second, expected) in cases {
            let delta = ColorDelta.yiq(first, second, alphaBlending: .white)
            #expect(abs(delta - expected) <= 1e-9 * max(1, abs(expected)), "\(first) vs \(second): \(delta)")
        }
        let brightness = ColorDelta.brightness(Pixel(r: 100, g: 150, b: 200, a: 255), Pixel(r: 90, g: 150, b: 200, a: 255))
        #expect(abs(brightness - 2.9889531) < 1e-12)
        #expect(abs(ColorDelta.maxDelta(threshold: 0.1) - 352.15) < 1e-9)
    }

    @Test func resultIsCodableAsJSON() throws {
        let expected = filled(width: 16, height: 12, .white)
        let result = try ImageComparison(expected: expected, actual: expected.with([(x: 3, y: 4, pixel: .black)])).result
        let json = try JSONEncoder().encode(result)
        let decoded = try JSONDecoder().decode(ImageDiffResult.self, from: json)
        #expect(decoded == result)
        let text = String(decoding: json, as: UTF8.self)
        #expect(text.contains("\"status\":\"failed\""))
        #expect(text.contains("\"differingPixels\":1"))
    }

    @Test func invalidTolerancesAreRefusedWithAReason() {
        let image = filled(width: 2, height: 2, .white)
        #expect(throws: ComparisonError.invalidTolerance("threshold must be between 0 and 1, got 1.5")) {
            try ImageComparison(expected: image, actual: image, tolerance: Tolerance(threshold: 1.5))
        }
        #expect(throws: ComparisonError.invalidTolerance("minimum cluster size must be at least 1, got 0")) {
            try ImageComparison(expected: image, actual: image, tolerance: Tolerance(minClusterSize: 0))
        }
    }

    @Test func compositeShowsExpectedActualAndDiffSideBySide() throws {
        let expected = filled(width: 5, height: 4, .white)
        let actual = filled(width: 6, height: 7, .black)
        let composite = try ImageComparison(expected: expected, actual: actual).makeCompositeImage(gutter: 2)
        // 2 + 5 + 2 + 6 + 2 + 5 (diff of the 5×4 overlap) + 2; tallest 7 + 2 × 2.
        #expect(composite.width == 24)
        #expect(composite.height == 11)
        #expect(composite[2, 2] == .white)          // expected's first pixel
        #expect(composite[9, 2] == .black)          // actual's first pixel
        #expect(composite[14, 8] == .black)         // actual's last pixel
        #expect(composite[17, 2] == .red)           // the diff
        #expect(composite[2, 9] == Pixel.grey(200)) // padding under the shorter image
        #expect(composite[0, 0] == Pixel.grey(200)) // gutter
    }
}
