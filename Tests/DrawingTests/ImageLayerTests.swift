import Drawing
import Foundation
import Geometry
import Testing

/// Image files for the tests, written to a fresh temporary folder.
enum ImageFixtures {
    /// 20×10: a red square on the left, a blue one on the right.
    static let twoSquaresSVG = """
        <svg xmlns="http://www.w3.org/2000/svg" width="20" height="10">
          <rect x="0" y="0" width="10" height="10" fill="#ff0000"/>
          <rect x="10" y="0" width="10" height="10" fill="#0000ff"/>
        </svg>
        """

    /// A club-like icon: three circles and a stem, on a 100×100 viewBox with no width or height.
    static let iconSVG = """
        <?xml version="1.0" encoding="UTF-8"?>
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
          <circle cx="50" cy="28" r="20" fill="#1a7f37"/>
          <circle cx="28" cy="58" r="20" fill="#1a7f37"/>
          <circle cx="72" cy="58" r="20" fill="#1a7f37"/>
          <path d="M50 50 L62 92 L38 92 Z" fill="#0b3d1b"/>
        </svg>
        """

    static func directory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("image-layers-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func write(_ text: String, named name: String, in directory: URL) throws -> URL {
        let url = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url
    }

    /// A `width`×`height` opaque image: the left half `left`, the right half `right`.
    static func halves(width: Int, height: Int, left: RGBAImage.Pixel, right: RGBAImage.Pixel) -> RGBAImage {
        var image = RGBAImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width { image[x, y] = x < width / 2 ? left : right }
        }
        return image
    }

    static let red = RGBAImage.Pixel(r: 255, g: 0, b: 0, a: 255)
    static let blue = RGBAImage.Pixel(r: 0, g: 0, b: 255, a: 255)
    static let green = RGBAImage.Pixel(r: 0, g: 255, b: 0, a: 255)
    static let clear = RGBAImage.Pixel(r: 0, g: 0, b: 0, a: 0)

    static func writePNG(_ image: RGBAImage, named name: String, in directory: URL) throws -> URL {
        let url = directory.appendingPathComponent(name)
        try PNG.write(image, to: url)
        return url
    }
}

@Suite struct ImageLayerTests {
    // MARK: fitting

    @Test func fitRectsAreCentred() {
        let size = CGSize(width: 40, height: 20)
        let box = CGRect(x: 10, y: 10, width: 20, height: 20)
        #expect(Canvas.rect(for: size, in: box, fit: .contain)
                == CGRect(x: 10, y: 15, width: 20, height: 10))
        #expect(Canvas.rect(for: size, in: box, fit: .cover)
                == CGRect(x: 0, y: 10, width: 40, height: 20))
        #expect(Canvas.rect(for: size, in: box, fit: .stretch) == box)
        #expect(ImageFit(rawValue: "cover") == .cover)
    }

    @Test func containLeavesBandsEmptyAndStretchFillsTheRect() throws {
        let image = Image.raster(ImageFixtures.halves(width: 40, height: 20, left: ImageFixtures.red,
                                                      right: ImageFixtures.blue))
        let box = CGRect(x: 0, y: 0, width: 40, height: 40)
        let contained = try Picture(width: 40, height: 40) { canvas in
            try canvas.draw(image, in: box, fit: .contain)
        }.rasterize()
        #expect(contained[20, 5] == ImageFixtures.clear)
        #expect(contained[5, 20] == ImageFixtures.red)
        #expect(contained[35, 20] == ImageFixtures.blue)
        let stretched = try Picture(width: 40, height: 40) { canvas in
            try canvas.draw(image, in: box, fit: .stretch)
        }.rasterize()
        #expect(stretched[5, 2] == ImageFixtures.red)
        #expect(stretched[35, 37] == ImageFixtures.blue)
    }

    @Test func coverImageIsClippedToItsRect() throws {
        let image = Image.raster(RGBAImage(width: 40, height: 20, fill: (255, 0, 0, 255)))
        let box = CGRect(x: 10, y: 10, width: 20, height: 20)
        let pixels = try Picture(width: 40, height: 40) { canvas in
            try canvas.draw(image, in: box, fit: .cover)
        }.rasterize()
        for y in 0..<40 {
            for x in 0..<40 {
                let inside = box.contains(CGPoint(x: Double(x) + 0.5, y: Double(y) + 0.5))
                #expect(pixels[x, y] == (inside ? ImageFixtures.red : ImageFixtures.clear), "pixel \(x),\(y)")
            }
        }
    }

    @Test func anEllipseClipLeavesTheCornersTransparent() throws {
        let image = Image.raster(RGBAImage(width: 30, height: 50, fill: (0, 255, 0, 255)))
        let box = CGRect(x: 0, y: 0, width: 40, height: 40)
        let pixels = try Picture(width: 40, height: 40) { canvas in
            try canvas.draw(image, in: box, fit: .cover, clippedTo: BezierPath(ovalIn: box))
        }.rasterize()
        for corner in [(1, 1), (38, 1), (1, 38), (38, 38)] {
            #expect(pixels[corner.0, corner.1].a == 0)
        }
        #expect(pixels[20, 20] == ImageFixtures.green)
        #expect(pixels[20, 1] == ImageFixtures.green)
    }

    // MARK: SVG

    @Test func svgSizeComesFromWidthAndHeight() throws {
        let image = try VectorImage(data: Data(ImageFixtures.twoSquaresSVG.utf8), name: "squares.svg")
        #expect(image.size == CGSize(width: 20, height: 10))
        let scaled = try VectorImage(data: Data("""
            <svg xmlns="http://www.w3.org/2000/svg" width="40" height="20" viewBox="0 0 20 10"/>
            """.utf8), name: "scaled.svg")
        #expect(scaled.size == CGSize(width: 40, height: 20))
        // Absolute units at 72 per inch: an inch is 72 pt.
        let inch = try VectorImage(data: Data("""
            <svg xmlns="http://www.w3.org/2000/svg" width="25.4mm" height="0.5in"/>
            """.utf8), name: "inch.svg")
        #expect(abs(inch.size.width - 72) < 1e-4 && abs(inch.size.height - 36) < 1e-4)
    }

    @Test func svgSizeComesFromTheViewBoxWithoutWidthAndHeight() throws {
        let image = try VectorImage(data: Data(ImageFixtures.iconSVG.utf8), name: "icon.svg")
        #expect(image.size == CGSize(width: 100, height: 100))
        let wide = try VectorImage(data: Data("""
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="5 5 30 15"/>
            """.utf8), name: "wide.svg")
        #expect(wide.size == CGSize(width: 30, height: 15))
    }

    @Test(arguments: [1.0, 3.0, 10.0, 20.0])
    func svgStaysSharpAtEverySize(scale: Double) throws {
        let image = Image.vector(try VectorImage(data: Data(ImageFixtures.twoSquaresSVG.utf8), name: "squares.svg"))
        let width = 20 * scale, height = 10 * scale
        let pixels = try Picture(width: width, height: height) { canvas in
            try canvas.draw(image, in: canvas.bounds, fit: .contain)
        }.rasterize()
        let middle = Int(10 * scale)
        // Drawn as vectors, the edge between the squares falls exactly between two pixel columns.
        for y in [0, Int(5 * scale), Int(10 * scale) - 1] {
            #expect(pixels[middle - 1, y] == ImageFixtures.red)
            #expect(pixels[middle, y] == ImageFixtures.blue)
            #expect(pixels[0, y] == ImageFixtures.red)
            #expect(pixels[Int(width) - 1, y] == ImageFixtures.blue)
        }
    }

    @Test func svgFitsLikeARasterImage() throws {
        let image = Image.vector(try VectorImage(data: Data(ImageFixtures.twoSquaresSVG.utf8), name: "squares.svg"))
        // Cover a 10×10 box: the 20×10 document keeps its size, centred, and only its middle shows.
        let pixels = try Picture(width: 30, height: 30) { canvas in
            try canvas.draw(image, in: CGRect(x: 10, y: 10, width: 10, height: 10), fit: .cover)
        }.rasterize()
        #expect(pixels[10, 15] == ImageFixtures.red)
        #expect(pixels[19, 15] == ImageFixtures.blue)
        #expect(pixels[9, 15] == ImageFixtures.clear)
        #expect(pixels[20, 15] == ImageFixtures.clear)
        // Stretch distorts: the red half fills the left half of a square.
        let stretched = try Picture(width: 30, height: 30) { canvas in
            try canvas.draw(image, in: canvas.bounds, fit: .stretch)
        }.rasterize()
        #expect(stretched[14, 29] == ImageFixtures.red)
        #expect(stretched[15, 0] == ImageFixtures.blue)
    }

    // MARK: loading and errors

    @Test func loadTellsPNGFromSVGByTheirBytes() throws {
        let folder = try ImageFixtures.directory()
        let raster = ImageFixtures.halves(width: 4, height: 2, left: ImageFixtures.red, right: ImageFixtures.blue)
        // Named .svg on purpose: the bytes decide.
        let pngURL = try ImageFixtures.writePNG(raster, named: "really-a-png.svg", in: folder)
        #expect(try Image.load(contentsOf: pngURL) == .raster(raster))
        let svgURL = try ImageFixtures.write(ImageFixtures.iconSVG, named: "icon.png", in: folder)
        guard case .vector(let vector) = try Image.load(contentsOf: svgURL) else {
            Issue.record("an SVG loaded as a raster image")
            return
        }
        #expect(vector.name == svgURL.path)
        #expect(try Image.load(contentsOf: svgURL).size == CGSize(width: 100, height: 100))
        #expect(try Image.load(contentsOf: pngURL).size == CGSize(width: 4, height: 2))
    }

    func error(loading url: URL) -> String? {
        do {
            _ = try Image.load(contentsOf: url)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func aMissingFileIsNamed() throws {
        let url = try ImageFixtures.directory().appendingPathComponent("missing.png")
        #expect(error(loading: url) == "image \(url.path) not found")
        #expect(throws: DrawingError.image("image \(url.path) not found")) { try VectorImage(contentsOf: url) }
    }

    @Test func aFileThatIsNeitherPNGNorSVGIsNamed() throws {
        let url = try ImageFixtures.write("name,suit\nace,spades\n", named: "cards.csv",
                                          in: try ImageFixtures.directory())
        #expect(error(loading: url) == "\(url.path) is not a PNG, JPEG, WebP or SVG image")
    }

    @Test func aDamagedPNGIsOneLineNamingTheFile() throws {
        let folder = try ImageFixtures.directory()
        var bytes = try PNG.encode(RGBAImage(width: 8, height: 8, fill: (1, 2, 3, 255)))
        bytes = bytes.prefix(bytes.count - 20)
        let url = folder.appendingPathComponent("cut.png")
        try bytes.write(to: url)
        let message = try #require(error(loading: url))
        #expect(message.hasPrefix("\(url.path): PNG is truncated"))
        #expect(!message.contains("\n"))
    }

    @Test func invalidSVGIsOneLineFromLibrsvg() throws {
        let folder = try ImageFixtures.directory()
        let url = try ImageFixtures.write("<svg xmlns=\"http://www.w3.org/2000/svg\">\n<rect>\n</svg>\n",
                                          named: "broken.svg", in: folder)
        let message = try #require(error(loading: url))
        // libxml2 reports the unclosed element at the end of the data: line 4, column 1.
        #expect(message.hasPrefix("\(url.path):4:1: invalid SVG: "))
        #expect(message.count > "\(url.path):4:1: invalid SVG: ".count)
        #expect(!message.contains("\n"))
        // Errors without a position keep librsvg's whole message.
        #expect(throws: DrawingError.image("page.svg: invalid SVG: XML does not have <svg> root")) {
            try VectorImage(data: Data("<html/>".utf8), name: "page.svg")
        }
    }

    @Test func anSVGWithoutASizeIsRefused() throws {
        #expect(throws: DrawingError.image(
            "bare.svg: the SVG has no size; give its svg element a width and height or a viewBox")) {
            try VectorImage(data: Data("<svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8), name: "bare.svg")
        }
    }

    // MARK: vector output

    static func iconPicture(_ image: Image) -> Picture {
        Picture(width: 60, height: 60) { canvas in
            try canvas.draw(image, in: CGRect(x: 5, y: 5, width: 50, height: 50), fit: .contain)
        }
    }

    @Test func anSVGImageStaysVectorInSVGAndPDFOutput() throws {
        let icon = Image.vector(try VectorImage(data: Data(ImageFixtures.iconSVG.utf8), name: "icon.svg"))
        let svg = String(decoding: try Self.iconPicture(icon).svgData(), as: UTF8.self)
        #expect(!svg.contains("<image"))
        #expect(svg.contains("<path"))
        // The top circle of the icon, scaled by a half into the 50 pt box at (5, 5).
        #expect(svg.contains("d=\"M 40 19 C 40 24.523438"))
        let pdf = String(decoding: try Self.iconPicture(icon).pdfData(), as: UTF8.self)
        #expect(!pdf.contains("/Subtype /Image"))
    }

    @Test func aPNGImageIsEmbeddedInSVGAndPDFOutput() throws {
        let raster = Image.raster(ImageFixtures.halves(width: 8, height: 8, left: ImageFixtures.red,
                                                       right: ImageFixtures.blue))
        let svg = String(decoding: try Self.iconPicture(raster).svgData(), as: UTF8.self)
        #expect(svg.contains("<image"))
        #expect(svg.contains("data:image/png;base64,"))
        let pdf = String(decoding: try Self.iconPicture(raster).pdfData(), as: UTF8.self)
        #expect(pdf.contains("/Subtype /Image"))
    }

    // MARK: determinism

    static func mixedPicture() throws -> Picture {
        let icon = Image.vector(try VectorImage(data: Data(ImageFixtures.iconSVG.utf8), name: "icon.svg"))
        let photo = Image.raster(ImageFixtures.halves(width: 16, height: 9, left: ImageFixtures.green,
                                                      right: ImageFixtures.blue))
        return Picture(width: 120, height: 80) { canvas in
            canvas.fill(BezierPath(ovalIn: CGRect(x: 0, y: 0, width: 80, height: 80)),
                        with: Gradient(.radial(center: CGPoint(x: 40, y: 40), radius: 40, focus: CGPoint(x: 30, y: 30)),
                                       colors: [.white, .red, .black]))
            try canvas.draw(photo, in: CGRect(x: 70, y: 10, width: 40, height: 40), fit: .cover,
                            clippedTo: BezierPath(roundedRect: CGRect(x: 70, y: 10, width: 40, height: 40), cornerRadius: 8))
            try canvas.withOpacity(0.7) {
                try canvas.draw(icon, in: CGRect(x: 60, y: 40, width: 60, height: 40), fit: .contain)
            }
        }
    }

    @Test func sameBytesOnFourThreads() async throws {
        let picture = try Self.mixedPicture()
        let png = try picture.pngData(resolution: .scale(2))
        let svg = try picture.svgData()
        let pdf = try picture.pdfData()
        let results = try await withThrowingTaskGroup(of: [Data].self) { group in
            for _ in 0..<4 {
                group.addTask {
                    var outputs: [Data] = []
                    for _ in 0..<3 {
                        outputs += [try picture.pngData(resolution: .scale(2)), try picture.svgData(),
                                    try picture.pdfData()]
                    }
                    return outputs
                }
            }
            var all: [[Data]] = []
            for try await outputs in group { all.append(outputs) }
            return all
        }
        #expect(results.count == 4)
        for outputs in results {
            #expect(outputs == [png, svg, pdf, png, svg, pdf, png, svg, pdf])
        }
    }

    // MARK: a sample sheet, written for a person to look at

    @Test func sampleSheet() throws {
        let folder = try ImageFixtures.directory()
        var photo = RGBAImage(width: 64, height: 40)
        for y in 0..<40 {
            for x in 0..<64 {
                photo[x, y] = RGBAImage.Pixel(r: UInt8(x * 4), g: UInt8(y * 6), b: UInt8(255 - x * 2), a: 255)
            }
        }
        let photoURL = try ImageFixtures.writePNG(photo, named: "photo.png", in: folder)
        let iconURL = try ImageFixtures.write(ImageFixtures.iconSVG, named: "icon.svg", in: folder)
        let loadedPhoto = try Image.load(contentsOf: photoURL)
        let icon = try Image.load(contentsOf: iconURL)
        let picture = Picture(width: 420, height: 150) { canvas in
            canvas.fill(BezierPath(rect: canvas.bounds), with: .white)
            let oval = CGRect(x: 10, y: 10, width: 90, height: 130)
            try canvas.draw(loadedPhoto, in: oval, fit: .cover, clippedTo: BezierPath(ovalIn: oval))
            try canvas.draw(icon, in: CGRect(x: 110, y: 10, width: 20, height: 20), fit: .contain)
            try canvas.draw(icon, in: CGRect(x: 110, y: 40, width: 40, height: 40), fit: .contain)
            try canvas.draw(icon, in: CGRect(x: 150, y: 10, width: 130, height: 130), fit: .contain)
            canvas.fill(BezierPath(ovalIn: CGRect(x: 285, y: 40, width: 60, height: 60)),
                        with: Gradient(.radial(center: CGPoint(x: 315, y: 70), radius: 30, focus: CGPoint(x: 305, y: 60)),
                                       colors: [.white, Color(rgb: 0x2060C0), Color(rgb: 0x102040)]))
            var hexagon = BezierPath(regularPolygonIn: CGRect(x: 350, y: 40, width: 60, height: 60), sides: 6)
            canvas.fill(hexagon, with: Gradient(.linear(from: CGPoint(x: 350, y: 40), to: CGPoint(x: 410, y: 100)),
                                                colors: [.yellow, .red]))
            hexagon.lineWidth = 2
            canvas.stroke(hexagon, with: .black)
        }
        let sample = FileManager.default.temporaryDirectory.appendingPathComponent("images-sample.png")
        try picture.write(to: sample, resolution: .scale(2))
        let pixels = try picture.rasterize(scale: 2)
        #expect(pixels[22, 22] == RGBAImage.Pixel(r: 255, g: 255, b: 255, a: 255))  // outside the oval
        #expect(pixels[110, 150].a == 255)
        #expect(pixels[2 * 380, 2 * 70] != RGBAImage.Pixel(r: 255, g: 255, b: 255, a: 255))
    }
}
