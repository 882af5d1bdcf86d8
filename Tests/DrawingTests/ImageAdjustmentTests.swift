import Drawing
import Foundation
import Geometry
import Testing

/// Cropping and quarter-turning images (raster pixels copied, SVGs clipped and turned as
/// vectors), JPEG and WebP read as rasters, and an image extended past its rectangle.
@Suite struct ImageAdjustmentTests {
    /// 3 × 2: red, green, blue over white, black, grey.
    static let six = RGBAImage(width: 3, height: 2, pixels: [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255,
                                                             255, 255, 255, 255, 0, 0, 0, 255, 128, 128, 128, 255])

    @Test func rasterCropIsInsideTheImageOrNil() throws {
        let right = try #require(Self.six.cropped(x: 1, y: 0, width: 2, height: 2))
        #expect(right.width == 2 && right.height == 2)
        #expect(right[0, 0] == Self.six[1, 0] && right[1, 1] == Self.six[2, 1])
        #expect(Self.six.cropped(x: 2, y: 0, width: 2, height: 1) == nil)
        #expect(Self.six.cropped(x: -1, y: 0, width: 1, height: 1) == nil)
        #expect(Self.six.cropped(x: 0, y: 0, width: 0, height: 1) == nil)
        // An Image's crop is rounded to whole pixels, and checked without a copy.
        let image = Image.raster(Self.six)
        #expect(image.canBeCropped(to: CGRect(x: 0.6, y: 0, width: 2.2, height: 2)))
        #expect(image.cropped(to: CGRect(x: 0.6, y: 0, width: 2.2, height: 2)) == .raster(right))
        #expect(!image.canBeCropped(to: CGRect(x: 1.6, y: 0, width: 2, height: 2)))
        #expect(!image.canBeCropped(to: CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 2)))
    }

    @Test func quarterTurnsReorderPixels() {
        let turned = Self.six.turnedClockwise(quarterTurns: 1)
        #expect(turned.width == 2 && turned.height == 3)
        // Clockwise: the bottom-left (white) comes to the top-left, the top-left (red) to the top-right.
        #expect(turned[0, 0] == Self.six[0, 1] && turned[1, 0] == Self.six[0, 0] && turned[1, 2] == Self.six[2, 0])
        #expect(Self.six.turnedClockwise(quarterTurns: 2)[0, 0] == Self.six[2, 1])
        #expect(Self.six.turnedClockwise(quarterTurns: 3) == Self.six.turnedClockwise(quarterTurns: -1))
        #expect(Self.six.turnedClockwise(quarterTurns: 4) == Self.six)
    }

    /// The two-squares SVG (red left, blue right) cut to its right half is blue; turned a
    /// quarter, its red half is on top.
    @Test func svgCropAndTurnStayVectors() throws {
        let svg = try VectorImage(data: Data(ImageFixtures.twoSquaresSVG.utf8), name: "two.svg")
        let blue = try #require(svg.cropped(to: CGRect(x: 10, y: 0, width: 10, height: 10)))
        #expect(blue.size == CGSize(width: 10, height: 10))
        #expect(svg.cropped(to: CGRect(x: 15, y: 0, width: 10, height: 10)) == nil)
        let turned = svg.turnedClockwise(quarterTurns: 1)
        #expect(turned.size == CGSize(width: 10, height: 20))
        let picture = Picture(size: CGSize(width: 20, height: 20)) { canvas in
            try canvas.draw(.vector(blue), in: CGRect(x: 0, y: 0, width: 10, height: 10), fit: .stretch)
            try canvas.draw(.vector(turned), in: CGRect(x: 10, y: 0, width: 10, height: 20), fit: .stretch)
        }
        let pixels = try picture.rasterize(scale: 1)
        #expect(pixels[5, 5] == RGBAImage.Pixel(r: 0, g: 0, b: 255, a: 255))
        #expect(pixels[15, 5] == RGBAImage.Pixel(r: 255, g: 0, b: 0, a: 255))
        #expect(pixels[15, 15] == RGBAImage.Pixel(r: 0, g: 0, b: 255, a: 255))
        // A crop of the turned image is taken in its turned coordinates: its bottom half is blue.
        let bottom = try #require(turned.cropped(to: CGRect(x: 0, y: 10, width: 10, height: 10)))
        let alone = try Picture(size: CGSize(width: 10, height: 10)) { canvas in
            try canvas.draw(.vector(bottom), in: CGRect(x: 0, y: 0, width: 10, height: 10), fit: .stretch)
        }.rasterize(scale: 1)
        #expect(alone[5, 5] == RGBAImage.Pixel(r: 0, g: 0, b: 255, a: 255))
    }

    @Test func jpegAndWebPAreRasters() throws {
        let art = RGBAImage(width: 16, height: 8, fill: (200, 100, 50, 255))
        for (name, data) in [("art.jpg", try JPEG.encode(art, quality: 95)), ("art.webp", try WebP.encode(art))] {
            let image = try Image(data: data, name: name, maxPixels: 1000)
            guard case let .raster(pixels) = image else {
                Issue.record("\(name) is not a raster")
                continue
            }
            #expect(pixels.width == 16 && pixels.height == 8, "\(name)")
            // The header is read first: over the budget, nothing is decoded.
            #expect(throws: DrawingError.self) { try Image(data: data, name: name, maxPixels: 100) }
        }
    }

    /// A 3 × 2 image drawn 1:1 at (3, 3) on a 9 × 8 canvas, extended 3 px past every side (more
    /// than its height: a mirror reflects again in the far edge).
    @Test(arguments: EdgeExtension.allCases)
    func extendedPastEverySide(mode: EdgeExtension) throws {
        let picture = Picture(size: CGSize(width: 9, height: 8)) { canvas in
            try canvas.draw(.raster(Self.six), in: CGRect(x: 3, y: 3, width: 3, height: 2), fit: .stretch,
                            extending: mode, by: EdgeInsets(all: 3))
        }
        let pixels = try picture.rasterize(scale: 1)
        func source(_ index: Int, _ count: Int) -> Int {
            switch mode {
            case .stretch: min(max(index, 0), count - 1)
            // Reflected again past the far edge, when the extension is wider than the image.
            case .mirror: { let m = (index % (2 * count) + 2 * count) % (2 * count); return m < count ? m : 2 * count - 1 - m }()
            }
        }
        for y in 0..<8 {
            for x in 0..<9 {
                let expected = Self.six[source(x - 3, 3), source(y - 3, 2)]
                #expect(pixels[x, y] == expected, "(\(x), \(y)) \(mode)")
            }
        }
    }

    /// A `contain` image extends only past the sides it reaches: its letterbox stays empty.
    @Test func aContainLetterboxIsNotFilled() throws {
        let picture = Picture(size: CGSize(width: 9, height: 10)) { canvas in
            try canvas.draw(.raster(Self.six), in: CGRect(x: 3, y: 3, width: 3, height: 4), fit: .contain,
                            extending: .stretch, by: EdgeInsets(all: 3))
        }
        let pixels = try picture.rasterize(scale: 1)
        // The image sits at rows 4 and 5; rows 3 and 6 are its letterbox.
        #expect(pixels[4, 3].a == 0 && pixels[4, 6].a == 0 && pixels[0, 3].a == 0)
        #expect(pixels[0, 4] == Self.six[0, 0] && pixels[8, 5] == Self.six[2, 1])
    }

    /// An SVG extended from a box at fractional pixels leaves no seam where its vectors meet
    /// the rasterised copy around them, neither of the background nor of a shape the top one
    /// covers: every pixel is the top shape's opaque colour.
    @Test func anExtendedSVGHasNoSeam() throws {
        let svg = try VectorImage(data: Data("""
            <svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="#cc0000"/>\
            <rect width="10" height="10" fill="#336699"/></svg>
            """.utf8), name: "solid.svg")
        let picture = Picture(size: CGSize(width: 20, height: 20)) { canvas in
            try canvas.draw(.vector(svg), in: CGRect(x: 5.3, y: 5.3, width: 9.4, height: 9.4), fit: .stretch,
                            extending: .mirror, by: EdgeInsets(all: 10))
        }
        let pixels = try picture.rasterize(scale: 1.5)
        var seams: [String] = []
        for y in 0..<pixels.height {
            for x in 0..<pixels.width where pixels[x, y] != RGBAImage.Pixel(r: 0x33, g: 0x66, b: 0x99, a: 255) {
                if seams.count < 4 { seams.append("(\(x), \(y)) \(pixels[x, y])") }
            }
        }
        #expect(seams.isEmpty, "\(seams)")
    }

    @Test func extendedPixelsReflectOrRepeat() throws {
        let mirrored = try #require(Self.six.extended(top: 1, left: 4, bottom: 0, right: 1, mirrored: true, maxPixels: 100))
        #expect(mirrored.width == 8 && mirrored.height == 3)
        // Row 0 is row 0 reflected; columns 0...3 reflect columns 0, 1, 2, then 2 again (the far edge).
        #expect((0..<8).map { mirrored[$0, 0] } == [2, 2, 1, 0, 0, 1, 2, 2].map { Self.six[$0, 0] })
        let repeated = try #require(Self.six.extended(top: 0, left: 2, bottom: 2, right: 0, mirrored: false, maxPixels: 100))
        #expect(repeated[0, 3] == Self.six[0, 1] && repeated[4, 0] == Self.six[2, 0])
        #expect(Self.six.extended(top: 10, left: 10, bottom: 10, right: 10, mirrored: true, maxPixels: 100) == nil)
        #expect(Self.six.extended(top: -1, left: 0, bottom: 0, right: 0, mirrored: true, maxPixels: 100) == nil)
    }

    /// In a PDF the extension is one picture, not Cairo's tiling pattern, whose tile edge lies
    /// on the image's edge (the trim), where viewers such as poppler draw a hairline.
    @Test(arguments: EdgeExtension.allCases)
    func pdfHoldsOnePictureNotATilingPattern(mode: EdgeExtension) throws {
        let picture = Picture(size: CGSize(width: 40, height: 40)) { canvas in
            canvas.clip(to: BezierPath(rect: canvas.bounds))
            try canvas.draw(.raster(Self.six), in: CGRect(x: 5, y: 5, width: 30, height: 30), fit: .stretch,
                            extending: mode, by: EdgeInsets(all: 1000))
        }
        let pdf = String(decoding: try picture.data(format: .pdf), as: UTF8.self)
        #expect(!pdf.contains("/PatternType 1"))
        #expect(pdf.contains("/Subtype /Image"))
    }
}
