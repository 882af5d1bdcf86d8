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

    @Test func aGoldenWithTheActualBytesSharesTheDecodedImage() throws {
        let scratch = try ScratchFolder()
        try scratch.write(GoldenStoreTests.golden, to: "golden.png")
        let actual = try Paths.readImage(scratch.file("golden.png"))
        let golden = try Paths.readImage(scratch.file("golden.png"), sameBytesAs: actual)
        #expect(golden.image == actual.image)
        #expect(Self.storageAddress(golden.image) == Self.storageAddress(actual.image))
    }

    @Test func aGoldenWithOtherBytesIsDecodedEvenWhenItsPixelsAreEqual() throws {
        let scratch = try ScratchFolder()
        try scratch.write(GoldenStoreTests.golden, to: "golden.png")
        try scratch.write(GoldenStoreTests.golden, to: "palette.png", encoding: .palette)
        let actual = try Paths.readImage(scratch.file("golden.png"))
        let golden = try Paths.readImage(scratch.file("palette.png"), sameBytesAs: actual)
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
}
