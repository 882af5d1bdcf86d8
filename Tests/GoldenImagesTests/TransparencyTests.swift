import Drawing
import Foundation
import Geometry
import GoldenImages
import Testing

/// Semi-transparent pixels are blended with pixelmatch 7's checkerboard before comparing, so a
/// change of transparency is a change; `.white` is pixelmatch's `checkerboard: false`.
@Suite("Transparency")
struct TransparencyTests {
    @Test func opaqueWhiteAgainstFullyTransparentDiffersEverywhere() throws {
        let white = filled(width: 256, height: 256, .white)
        let transparent = filled(width: 256, height: 256, Pixel(r: 0, g: 0, b: 0, a: 0))
        let checkerboard = try ImageComparison(expected: white, actual: transparent).result
        #expect(checkerboard.status == .failed)
        #expect(checkerboard.differingPixels == 65536)
        #expect(checkerboard.antiAliasedPixels == 0)

        let blendedWithWhite = try ImageComparison(expected: white, actual: transparent,
                                                   tolerance: Tolerance(alphaBlending: .white)).result
        #expect(blendedWithWhite.status == .withinTolerance)
        #expect(blendedWithWhite.differingPixels == 0)
        #expect(blendedWithWhite.changedWithinThreshold == 65536)
    }

    @Test func halfTransparentBlackDiffersFromMidGreyOnlyOnTheCheckerboard() throws {
        // pixelmatch 7.2.0's own test of its checkerboard option, on every position of a 16×16 image.
        let blackHalf = filled(width: 16, height: 16, Pixel(r: 0, g: 0, b: 0, a: 128))
        let grey = filled(width: 16, height: 16, .grey(127))
        #expect(try ImageComparison(expected: blackHalf, actual: grey).result.differingPixels == 256)
        let white = try ImageComparison(expected: blackHalf, actual: grey, tolerance: Tolerance(alphaBlending: .white)).result
        #expect(white.differingPixels == 0)
        #expect(white.status == .withinTolerance)
        // The same with the OKLab metric.
        #expect(try ImageComparison(expected: blackHalf, actual: grey, tolerance: Tolerance(metric: .oklab))
            .result.differingPixels == 256)
        #expect(try ImageComparison(expected: blackHalf, actual: grey,
                                    tolerance: Tolerance(metric: .oklab, alphaBlending: .white)).result.differingPixels == 0)
    }

    @Test func theCheckerboardIsPixelmatchsPattern() {
        // 48 + 159 × (k % 2), 48 + 159 × ((k / φ | 0) % 2), 48 + 159 × ((k / φ² | 0) % 2) for k = 4 × index,
        // evaluated by pixelmatch 7.2.0's JavaScript; past 869 million pixels k / φ wraps like a 32-bit int.
        let expected: [(Int, [Double])] = [
            (0, [48, 48, 48]), (1, [48, 48, 207]), (2, [48, 48, 207]), (3, [48, 207, 48]), (4, [48, 207, 48]),
            (5, [48, 48, 207]), (7, [48, 207, 48]), (100, [48, 207, 48]), (1000, [48, 48, 207]),
            (900_000_000, [48, -111, 48]), (1_000_000_000, [48, 48, 207]), (2_000_000_000, [48, 207, 48]),
        ]
        for (index, rgb) in expected {
            #expect(ColorDelta.background(pixelIndex: index) == rgb, "pixel \(index)")
        }
        #expect(ColorDelta.background(pixelIndex: 3, alphaBlending: .white) == [255, 255, 255])
    }

    @Test func blendedDeltasAreIndex72s() {
        // pixelmatch 7.2.0's colorDelta at pixel 0 and pixel 1 (different backgrounds) and with white.
        let cases: [(Pixel, Pixel, Double, Double, Double)] = [
            (Pixel(r: 255, g: 0, b: 0, a: 128), .white, 20673.24833386086, 18359.585110204098, 5952.839274768927),
            (Pixel(r: 0, g: 0, b: 0, a: 128), .grey(127), 5370.52915871854, 4780.507802411143, 0),
            (.white, Pixel(r: 0, g: 0, b: 0, a: 0), -21651.600133032, -19272.8947766002, 0),
            (Pixel(r: 0, g: 0, b: 0, a: 0), Pixel(r: 255, g: 255, b: 255, a: 0), 0, 0, 0),
        ]
        for (first, second, atZero, atOne, white) in cases {
            for (value, expected) in [(ColorDelta.yiq(first, second), atZero),
                                      (ColorDelta.yiq(first, second, pixelIndex: 1), atOne),
                                      (ColorDelta.yiq(first, second, alphaBlending: .white), white)] {
                #expect(abs(value - expected) <= 1e-9 * max(1, abs(expected)), "\(first) vs \(second): \(value)")
            }
        }
        // The anti-aliasing detector's brightness: for opaque pixels the difference of Y.
        #expect(abs(ColorDelta.brightness(.grey(100), .grey(90)) - 10 * (0.29889531 + 0.58662247 + 0.11448223)) < 1e-12)
    }

    /// A 60×84 card: white, corners of radius 10 clipped away (transparent, anti-aliased).
    static func card() throws -> RGBAImage {
        try Picture(width: 60, height: 84) { canvas in
            let shape = BezierPath(roundedRect: canvas.bounds, cornerRadius: 10)
            shape.addClip()
            Color.white.setFill()
            shape.fill()
            Color.black.setFill()
            canvas.fill(CGRect(x: 20, y: 30, width: 20, height: 24))
        }.rasterize(scale: 1)
    }

    /// The same card drawn over white: its corners are white instead of transparent.
    static func whiteCorners(_ image: RGBAImage) -> RGBAImage {
        var copy = image
        for y in 0..<image.height {
            for x in 0..<image.width where image[x, y].a < 255 {
                let p = image[x, y]
                let alpha = Int(p.a)
                func over(_ c: UInt8) -> UInt8 {
                    let blended: Int = Int(c) * alpha + 255 * (255 - alpha) + 127
                    return UInt8(blended / 255)
                }
                copy[x, y] = Pixel(r: over(p.r), g: over(p.g), b: over(p.b), a: 255)
            }
        }
        return copy
    }

    @Test func aCardWhoseTransparentCornersTurnWhiteFailsItsGolden() throws {
        let card = try Self.card()
        #expect(card[0, 0].a == 0 && card[30, 40].a == 255)
        let filledCorners = Self.whiteCorners(card)
        #expect(filledCorners != card)

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("transparency-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let golden = folder.appendingPathComponent("card.png")
        try PNG.encode(card).write(to: golden)

        // What assertGolden runs, with its default tolerance.
        let outcome = try GoldenStore.verify(filledCorners, golden: golden, mode: .never,
                                             artifactsDirectory: folder.appendingPathComponent("artifacts"))
        #expect(outcome.status == .failed)
        let result = try #require(outcome.result)
        // Four corners, each more than half transparent, all differ.
        #expect(result.differingPixels > 4 * 10)
        #expect(result.regionCount == 4)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("artifacts/diff.png").path))

        // Blended with white the corners look the same: what used to pass.
        let white = try GoldenStore.verify(filledCorners, golden: golden, tolerance: Tolerance(alphaBlending: .white),
                                           mode: .never, artifactsDirectory: nil)
        #expect(white.status == .matched)
        // And the card itself still matches its golden.
        #expect(try GoldenStore.verify(card, golden: golden, mode: .never, artifactsDirectory: nil).status == .matched)
    }
}
