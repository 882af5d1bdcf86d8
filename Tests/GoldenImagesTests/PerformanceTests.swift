import Drawing
import Foundation
import GoldenImages
import Testing

@Suite("Speed of large comparisons")
struct PerformanceTests {
    /// A 2000×2000 image with a different grey on every row and column, so no pixel looks like its neighbours.
    static func texture(offset: UInt8) -> RGBAImage {
        let width = 2000, height = 2000
        var row = [UInt8](repeating: 255, count: width * 4)
        for x in 0..<width {
            let value = UInt8(truncatingIfNeeded: x &* 7) &+ offset
            row[x * 4] = value
            row[x * 4 + 1] = value &+ 40
            row[x * 4 + 2] = value &+ 80
        }
        var pixels = [UInt8]()
        pixels.reserveCapacity(width * height * 4)
        for y in 0..<height {
            let shift = (y % 13) * 4
            pixels.append(contentsOf: row[shift...])
            pixels.append(contentsOf: row[..<shift])
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    @Test func twoThousandSquaredComparisonsAreFast() throws {
        let expected = filled(width: 2000, height: 2000, .white)
        let blockChanged = expected.withBlock(x: 800, y: 800, width: 400, height: 400, Pixel(r: 30, g: 60, b: 200, a: 255))
        let clock = ContinuousClock()

        var identical: ImageDiffResult?
        let identicalTime = try clock.measure {
            identical = try ImageComparison(expected: expected, actual: expected).result
        }
        #expect(identical?.status == .equal)

        var block: ImageDiffResult?
        var diff: RGBAImage?
        let blockTime = try clock.measure {
            let comparison = try ImageComparison(expected: expected, actual: blockChanged)
            block = comparison.result
            diff = comparison.makeDiffImage()
        }
        #expect(block?.differingPixels == 160_000)
        #expect(block?.regions.first?.bounds == PixelRect(x: 800, y: 800, width: 400, height: 400))
        #expect(diff?[1000, 1000] == .red)

        // Every pixel differs, and every one goes through the anti-aliasing detector.
        let first = Self.texture(offset: 0), second = Self.texture(offset: 90)
        var everywhere: ImageDiffResult?
        let everywhereTime = try clock.measure {
            everywhere = try ImageComparison(expected: first, actual: second,
                                             tolerance: Tolerance(minClusterSize: 4, density: .init(minPixels: 10, window: 8))).result
        }
        #expect(everywhere?.differingPixels ?? 0 > 3_000_000)
        print("2000×2000 compare: identical \(identicalTime), 400×400 block + diff image \(blockTime), all pixels differ \(everywhereTime)")
    }
}
