import Drawing
import Foundation
import Geometry
import Testing

@Suite struct JPEGTests {
    @Test func decodesCloseToThePNGLaidOnWhite() throws {
        let png = try PNG.decode(try WebPTests.picture.data(format: .png, resolution: .scale(2)))
        let jpeg = try WebPTests.picture.data(format: .jpeg, resolution: .scale(2))
        #expect(jpeg.starts(with: [0xFF, 0xD8, 0xFF]))
        let decoded = try JPEG.decode(jpeg)
        #expect(decoded.width == 128 && decoded.height == 96)
        var difference = 0
        for index in stride(from: 0, to: png.pixels.count, by: 4) {
            let alpha = Int(png.pixels[index + 3])
            #expect(decoded.pixels[index + 3] == 255)
            for channel in 0..<3 {
                let onWhite = (Int(png.pixels[index + channel]) * alpha + 255 * (255 - alpha) + 127) / 255
                difference += abs(onWhite - Int(decoded.pixels[index + channel]))
            }
        }
        #expect(Double(difference) / Double(png.width * png.height * 3) < 3, "mean difference per channel")
    }

    @Test func sameBytesEveryTimeAndQualityChangesThem() throws {
        let first = try WebPTests.picture.data(format: .jpeg, resolution: .scale(2))
        #expect(try WebPTests.picture.data(format: .jpeg, resolution: .scale(2)) == first)
        let small = try WebPTests.picture.data(format: .jpeg, resolution: .scale(2), quality: 20)
        #expect(small.count < first.count)
        #expect(OutputFormat.jpeg.pixelSize(of: small)?.width == 128)
    }

    @Test func refusesBadQualityAndNonJPEGData() throws {
        let image = RGBAImage(width: 2, height: 2, fill: (255, 0, 0, 255))
        #expect(throws: ImageError.self) { try JPEG.encode(image, quality: 0) }
        #expect(throws: ImageError.self) { try JPEG.encode(RGBAImage(width: 0, height: 0)) }
        #expect(throws: ImageError.self) { try JPEG.decode(Data("not a picture".utf8)) }
        #expect(JPEG.pixelSize(of: Data([0xFF, 0xD8, 0xFF, 0x00, 0x01])) == nil)
    }
}
