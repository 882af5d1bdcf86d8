import Drawing
import Foundation
import GoldenImages
import Testing

@Suite("Tolerances, regions and masks")
struct ToleranceTests {
    /// 20 isolated black pixels, 6 px apart, on a 40×30 white image.
    static func speckle(on image: RGBAImage) -> RGBAImage {
        var changes: [(x: Int, y: Int, pixel: Pixel)] = []
        for row in 0..<4 {
            for column in 0..<5 { changes.append((x: 2 + 6 * column, y: 3 + 6 * row, pixel: .black)) }
        }
        return image.with(changes)
    }

    @Test func twoSeparateBlobsAreTwoRegionsWithTheirBoxes() throws {
        let expected = filled(width: 50, height: 40, .white)
        let actual = expected
            .withBlock(x: 3, y: 4, width: 5, height: 2, .black)
            // An L shape: its box is larger than its pixel count.
            .withBlock(x: 30, y: 20, width: 1, height: 6, .black)
            .withBlock(x: 31, y: 25, width: 4, height: 1, .black)
        let result = try ImageComparison(expected: expected, actual: actual).result
        #expect(result.regionCount == 2)
        #expect(result.regions == [
            DiffRegion(bounds: PixelRect(x: 3, y: 4, width: 5, height: 2), pixelCount: 10),
            DiffRegion(bounds: PixelRect(x: 30, y: 20, width: 5, height: 6), pixelCount: 10),
        ])
    }

    /// Without a minimum cluster size a region is grown keeping only its frontier, in a ring that
    /// starts at 1,024 pixels and doubles: a region whose frontier outgrows it (a full 1200×900
    /// block, a comb of 450 teeth joined at the top) is found whole, with its box and count, as the
    /// path that keeps every pixel for a minimum size finds it.
    @Test func aRegionWhoseFrontierOutgrowsTheFirstRingIsFoundWhole() throws {
        let expected = filled(width: 1200, height: 900, .white)
        var comb = expected.withBlock(x: 0, y: 0, width: 1200, height: 1, .black)
        for tooth in 0..<450 { comb = comb.withBlock(x: tooth * 2 + 100, y: 1, width: 1, height: 800, .black) }
        let cases: [(RGBAImage, DiffRegion)] = [
            (expected.withBlock(x: 0, y: 0, width: 1200, height: 900, .black),
             DiffRegion(bounds: PixelRect(x: 0, y: 0, width: 1200, height: 900), pixelCount: 1_080_000)),
            (comb, DiffRegion(bounds: PixelRect(x: 0, y: 0, width: 1200, height: 801), pixelCount: 1200 + 450 * 800)),
        ]
        for (actual, region) in cases {
            for minimum in [1, 2] {
                let result = try ImageComparison(expected: expected, actual: actual,
                                                 tolerance: Tolerance(minClusterSize: minimum)).result
                #expect(result.regions == [region], "minimum \(minimum)")
            }
        }
    }

    @Test func diagonalNeighboursAreOneRegion() throws {
        let expected = filled(width: 10, height: 10, .white)
        let actual = expected.with([(x: 1, y: 1, pixel: .black), (x: 2, y: 2, pixel: .black), (x: 3, y: 3, pixel: .black)])
        let result = try ImageComparison(expected: expected, actual: actual).result
        #expect(result.regions == [DiffRegion(bounds: PixelRect(x: 1, y: 1, width: 3, height: 3), pixelCount: 3)])
    }

    @Test func speckleFailsABareCountButPassesAMinimumClusterSize() throws {
        let expected = filled(width: 40, height: 30, .white)
        let speckled = Self.speckle(on: expected)

        let bare = try ImageComparison(expected: expected, actual: speckled).result
        #expect(bare.status == .failed)
        #expect(bare.differingPixels == 20)
        #expect(bare.regionCount == 20)

        let clustered = try ImageComparison(expected: expected, actual: speckled,
                                            tolerance: Tolerance(minClusterSize: 4))
        #expect(clustered.result.status == .withinTolerance)
        #expect(clustered.result.differingPixels == 20)
        #expect(clustered.result.countedPixels == 0)
        #expect(clustered.result.regionCount == 0)
        // Speckle below the cluster size is drawn orange, not red.
        let diff = clustered.makeDiffImage()
        #expect(diff.count(of: Pixel(r: 255, g: 140, b: 0, a: 255)) == 20)
        #expect(diff.count(of: .red) == 0)

        // A real 2×2 change among the speckle still fails.
        let withBlob = speckled.withBlock(x: 34, y: 25, width: 2, height: 2, .black)
        let blob = try ImageComparison(expected: expected, actual: withBlob, tolerance: Tolerance(minClusterSize: 4)).result
        #expect(blob.status == .failed)
        #expect(blob.countedPixels == 4)
        #expect(blob.regions == [DiffRegion(bounds: PixelRect(x: 34, y: 25, width: 2, height: 2), pixelCount: 4)])
    }

    @Test func densityFailsOnlyWhereDifferencesCrowd() throws {
        let expected = filled(width: 40, height: 30, .white)
        let speckled = Self.speckle(on: expected)
        let density = Tolerance(density: .init(minPixels: 3, window: 5))

        // 6 px apart: no 5×5 window holds more than 1.
        let sparse = try ImageComparison(expected: expected, actual: speckled, tolerance: density).result
        #expect(sparse.status == .withinTolerance)
        #expect(sparse.densestWindow?.pixelCount == 1)

        // Three more pixels next to (2,3) make a 5×5 window with 4.
        let crowded = speckled.with([(x: 4, y: 3, pixel: .black), (x: 2, y: 5, pixel: .black), (x: 4, y: 5, pixel: .black)])
        let dense = try ImageComparison(expected: expected, actual: crowded, tolerance: density).result
        #expect(dense.status == .failed)
        #expect(dense.densestWindow?.pixelCount == 4)
        #expect(dense.densestWindow?.x == 0)
        #expect(dense.densestWindow?.y == 1)
    }

    @Test func pixelAndRatioLimits() throws {
        let expected = filled(width: 10, height: 10, .white)
        let actual = expected.withBlock(x: 0, y: 0, width: 5, height: 1, .black)  // 5 pixels of 100
        func status(_ tolerance: Tolerance) throws -> ImageDiffResult.Status {
            try ImageComparison(expected: expected, actual: actual, tolerance: tolerance).result.status
        }
        #expect(try status(Tolerance(maxDiffPixels: 5)) == .withinTolerance)
        #expect(try status(Tolerance(maxDiffPixels: 4)) == .failed)
        #expect(try status(Tolerance(maxDiffRatio: 0.05)) == .withinTolerance)
        #expect(try status(Tolerance(maxDiffRatio: 0.049)) == .failed)
        // Both set: the stricter one applies.
        #expect(try status(Tolerance(maxDiffPixels: 10, maxDiffRatio: 0.04)) == .failed)
        #expect(Tolerance(maxDiffPixels: 10, maxDiffRatio: 0.04).allowedPixels(of: 100) == 4)
        #expect(Tolerance().allowedPixels(of: 100) == 0)
    }

    @Test func anIgnoreRegionMasksExactlyItsPixels() throws {
        let expected = pixelmatchScene(shifted: false)
        let actual = pixelmatchScene(shifted: true)
        // Covers part of the disk's shifted edge and half of the red block.
        let mask = PixelRect(x: 36, y: 8, width: 17, height: 12)
        let unmasked = try ImageComparison(expected: expected, actual: actual)
        let masked = try ImageComparison(expected: expected, actual: actual, tolerance: Tolerance(ignoreRegions: [mask]))

        let before = unmasked.makeDiffImage(), after = masked.makeDiffImage()
        var redInside = 0, yellowInside = 0
        for y in 0..<expected.height {
            for x in 0..<expected.width {
                if mask.contains(x: x, y: y) {
                    if before[x, y] == .red { redInside += 1 }
                    if before[x, y] == Pixel(r: 255, g: 255, b: 0, a: 255) { yellowInside += 1 }
                    #expect(after[x, y] != .red)
                } else {
                    // Outside the mask nothing changes, not even anti-aliasing next to it.
                    #expect(after[x, y] == before[x, y], "(\(x), \(y))")
                }
            }
        }
        #expect(redInside > 0 && yellowInside > 0)
        #expect(masked.result.ignoredPixels == 17 * 12)
        #expect(masked.result.differingPixels == unmasked.result.differingPixels - redInside)
        #expect(masked.result.antiAliasedPixels == unmasked.result.antiAliasedPixels - yellowInside)
    }

    @Test func ignoreRegionsAreClippedToTheImage() throws {
        let expected = filled(width: 10, height: 10, .white)
        let actual = expected.with([(x: 9, y: 9, pixel: .black), (x: 0, y: 0, pixel: .black)])
        let result = try ImageComparison(expected: expected, actual: actual,
                                         tolerance: Tolerance(ignoreRegions: [PixelRect(x: 8, y: 8, width: 50, height: 50)])).result
        #expect(result.ignoredPixels == 4)
        #expect(result.differingPixels == 1)
        #expect(result.regions.first?.bounds == PixelRect(x: 0, y: 0, width: 1, height: 1))
    }
}
