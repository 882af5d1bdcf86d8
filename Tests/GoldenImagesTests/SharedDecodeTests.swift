import CardRenderSupport
import Foundation
@testable import GoldenImages
import Images
import Testing

/// A golden with the same bytes as the actual image holds the same pixels: it is not decoded again
/// (most pairs of a passing run are byte-identical files), and a file that differs still is.
@Suite("Byte-identical files are decoded once")
struct SharedDecodeTests {
    private static func storageAddress(_ image: RGBAImage) -> UnsafeRawPointer? {
        image.pixels.withUnsafeBytes { $0.baseAddress }
    }

    /// A file read and decoded as verify reads a golden beside the actual image.
    private static func readImage(_ url: URL, sameBytesAs known: (image: RGBAImage, data: Data)) throws
        -> (image: RGBAImage, data: Data) {
        let data = try Paths.readData(url)
        return (try Paths.decode(data, from: url, sameBytesAs: known), data)
    }

    @Test func aGoldenWithTheActualBytesSharesTheDecodedImage() throws {
        let scratch = try ScratchFolder()
        try scratch.write(GoldenStoreTests.golden, to: "golden.png")
        let actual = try Paths.readImage(scratch.file("golden.png"))
        let golden = try Self.readImage(scratch.file("golden.png"), sameBytesAs: actual)
        #expect(golden.image == actual.image)
        #expect(Self.storageAddress(golden.image) == Self.storageAddress(actual.image))
    }

    @Test func aGoldenWithOtherBytesIsDecodedEvenWhenItsPixelsAreEqual() throws {
        let scratch = try ScratchFolder()
        try scratch.write(GoldenStoreTests.golden, to: "golden.png")
        try scratch.write(GoldenStoreTests.golden, to: "palette.png", encoding: .palette)
        let actual = try Paths.readImage(scratch.file("golden.png"))
        let golden = try Self.readImage(scratch.file("palette.png"), sameBytesAs: actual)
        #expect(golden.data != actual.data && golden.image == actual.image)
        #expect(Self.storageAddress(golden.image) != Self.storageAddress(actual.image))
    }

    @Test func byteIdenticalFilesCompareAsIdenticalThroughOneDecode() throws {
        let scratch = try ScratchFolder()
        try scratch.write(GoldenStoreTests.golden, to: "a.png")
        try scratch.write(GoldenStoreTests.golden, to: "b.png")
        let (first, second) = try FileComparison.readImages(scratch.file("a.png"), scratch.file("b.png"))
        #expect(Self.storageAddress(first) == Self.storageAddress(second))
        let report = try FileComparison(expected: scratch.file("a.png"), actual: scratch.file("b.png"),
                                        diffImage: scratch.file("diff.png")).run()
        #expect(report.passed && report.result.status == .equal && report.result.differingPixels == 0)
        #expect(scratch.exists("diff.png"))
    }

    @Test func aCorruptFileIsRefusedEvenWhenBothSidesHoldIt() throws {
        let scratch = try ScratchFolder()
        let broken = try PNG.encode(GoldenStoreTests.golden).prefix(50)
        try broken.write(to: scratch.file("a.png"))
        try broken.write(to: scratch.file("b.png"))
        #expect(throws: GoldenError.self) {
            _ = try FileComparison(expected: scratch.file("a.png"), actual: scratch.file("b.png")).run()
        }
    }

    /// Files that hardly compress are decoded one after the other (so one file's bytes are let go
    /// before the other decodes); rendered pictures side by side. Both give the same images.
    @Test func incompressibleFilesAreDecodedOneAfterTheOtherWithTheSameResult() throws {
        let scratch = try ScratchFolder()
        var generator = SplitMix64(seed: 7)
        func noise() -> RGBAImage {
            var image = RGBAImage(width: 64, height: 64, fill: (0, 0, 0, 255))
            for y in 0..<64 { for x in 0..<64 {
                let bits = generator.next()
                image[x, y] = RGBAImage.Pixel(r: UInt8(truncatingIfNeeded: bits), g: UInt8(truncatingIfNeeded: bits >> 8),
                                              b: UInt8(truncatingIfNeeded: bits >> 16), a: 255)
            } }
            return image
        }
        let first = noise(), second = noise()
        try PNG.encode(first).write(to: scratch.file("noise-1.png"))
        try PNG.encode(second).write(to: scratch.file("noise-2.png"))
        try scratch.write(GoldenStoreTests.golden, to: "a.png")
        try scratch.write(GoldenStoreTests.golden, to: "b.png", encoding: .palette)
        let noiseFiles = try ["noise-1.png", "noise-2.png"].map { Result<Data, GoldenError>.success(try Data(contentsOf: scratch.file($0))) }
        let renderFiles = try ["a.png", "b.png"].map { Result<Data, GoldenError>.success(try Data(contentsOf: scratch.file($0))) }
        #expect(!FileComparison.decodesSideBySide(noiseFiles))
        #expect(FileComparison.decodesSideBySide(renderFiles))
        let (decodedFirst, decodedSecond) = try FileComparison.readImages(scratch.file("noise-1.png"), scratch.file("noise-2.png"))
        #expect(decodedFirst == first && decodedSecond == second)
        let report = try FileComparison(expected: scratch.file("noise-1.png"), actual: scratch.file("noise-2.png")).run()
        let inMemory = try ImageComparison(expected: first, actual: second, tolerance: Tolerance())
        #expect(report.result == inMemory.result && report.result.differingPixels > 0)
    }

    /// The diff image of equal images is the faded expected image, every pixel an opaque grey:
    /// it is written as 8-bit greyscale, with the pixels the drawing gave.
    @Test func theDiffImageOfEqualImagesIsWrittenInGreyscale() throws {
        let scratch = try ScratchFolder()
        try scratch.write(GoldenStoreTests.golden, to: "a.png")
        try scratch.write(GoldenStoreTests.golden, to: "b.png", encoding: .palette)
        for (second, greyscale) in [("a.png", true), ("b.png", true)] {
            let report = try FileComparison(expected: scratch.file("a.png"), actual: scratch.file(second),
                                            diffImage: scratch.file("diff.png")).run()
            #expect(report.passed)
            let file = try Data(contentsOf: scratch.file("diff.png"))
            #expect((try PNG.header(of: file).colourType == .greyscale) == greyscale)
            let drawn = try ImageComparison(expected: GoldenStoreTests.golden, actual: GoldenStoreTests.golden,
                                            tolerance: Tolerance()).makeDiffImage()
            #expect(try PNG.decode(file) == drawn)
        }
        var masked = Tolerance()
        masked.diffImage.diffMask = true
        _ = try FileComparison(expected: scratch.file("a.png"), actual: scratch.file("a.png"), tolerance: masked,
                               diffImage: scratch.file("mask.png")).run()
        #expect(try PNG.header(of: Data(contentsOf: scratch.file("mask.png"))).colourType != .greyscale)
    }
}
