import Drawing
import Foundation
import Geometry
import Testing

@Suite struct WebPTests {
    /// Opaque and translucent colour, a gradient of alpha and anti-aliased edges.
    static let picture = Picture(width: 64, height: 48) { canvas in
        Color.white.setFill()
        BezierPath(roundedRect: canvas.bounds.insetBy(dx: 2, dy: 2), cornerRadius: 8).fill()
        Color(red: 0.8, green: 0.1, blue: 0.2, alpha: 0.5).setFill()
        BezierPath(ovalIn: CGRect(x: 10, y: 6, width: 40, height: 30)).fill()
        Color(red: 0.1, green: 0.3, blue: 0.9).setStroke()
        var line = BezierPath()
        line.move(to: CGPoint(x: 3, y: 45))
        line.addLine(to: CGPoint(x: 61, y: 4))
        line.lineWidth = 1.5
        line.stroke()
    }

    @Test func losslessDecodesToThePixelsOfThePNG() throws {
        let webp = try Self.picture.data(format: .webp, resolution: .scale(2))
        let png = try Self.picture.data(format: .png, resolution: .scale(2))
        let decoded = try WebP.decode(webp)
        #expect(decoded.width == 128 && decoded.height == 96)
        #expect(decoded == (try PNG.decode(png)))
        #expect(webp.starts(with: Array("RIFF".utf8)) && webp[8..<12] == Data("WEBP".utf8))
    }

    @Test func lossyIsCloseToThePNGAndKeepsAlphaExact() throws {
        let png = try PNG.decode(try Self.picture.data(format: .png, resolution: .scale(2)))
        let lossy = try WebP.decode(try Self.picture.webpData(resolution: .scale(2),
                                                                 compression: .lossy(quality: WebP.defaultQuality)))
        #expect(lossy.width == png.width && lossy.height == png.height)
        var difference = 0, colourSamples = 0
        for index in stride(from: 0, to: png.pixels.count, by: 4) where png.pixels[index + 3] == 255 {
            for channel in 0..<3 { difference += abs(Int(png.pixels[index + channel]) - Int(lossy.pixels[index + channel])) }
            colourSamples += 3
        }
        #expect(Double(difference) / Double(colourSamples) < 4, "mean difference per opaque channel")
        let alpha = { (image: RGBAImage) in stride(from: 3, to: image.pixels.count, by: 4).map { image.pixels[$0] } }
        #expect(alpha(lossy) == alpha(png))
    }

    @Test func samePictureSameBytes() throws {
        #expect(try Self.picture.data(format: .webp) == (try Self.picture.data(format: .webp)))
        let lossy = WebP.Compression.lossy(quality: 40)
        #expect(try Self.picture.webpData(compression: lossy) == (try Self.picture.webpData(compression: lossy)))
    }

    @Test func qualityOutsideTheRangeIsRefused() throws {
        let image = try Self.picture.rasterize()
        for quality in [-1, 101] {
            let error = try #require(throws: ImageError.self) { try WebP.encode(image, compression: .lossy(quality: quality)) }
            #expect(error.description == "WebP quality must be between 0 and 100, got \(quality)")
        }
    }

    @Test func sidesOverTheFormatsLimitAreRefusedBeforeEncoding() throws {
        let wide = RGBAImage(width: WebP.maxPixelsPerSide + 1, height: 1)
        let error = try #require(throws: ImageError.self) { try WebP.encode(wide) }
        #expect(error.description.contains("1 to 16383 px a side"))
        #expect(OutputFormat.webp.maxPixelsPerSide == 16383 && OutputFormat.png.maxPixelsPerSide == nil)
    }

    @Test func damagedFilesAreErrorsNotCrashes() throws {
        let webp = try Self.picture.data(format: .webp)
        #expect(throws: ImageError.image("not a WebP file")) { try WebP.decode(Data("RIFF....WEBP".utf8)) }
        #expect(throws: ImageError.self) { try WebP.decode(webp.prefix(webp.count / 2)) }
        let error = try #require(throws: ImageError.self) {
            try WebP.decode(webp, limits: PNG.Limits(maxWidth: 10, maxHeight: 10, maxPixels: 100))
        }
        #expect(error.description.contains("64×48 px, over the limit"))
    }
}
