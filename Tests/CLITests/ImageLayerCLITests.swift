import Drawing
import Foundation
import GoldenImageTesting
import Testing

/// Image layers' `bleed: mirror | stretch`, `crop` and `src-rotate` through the binary: `cards
/// --bleed` and `print --bleed` extend art drawn to the trim into the bleed, crops and turns
/// of PNG, JPEG and SVG art, and a crop outside its image as one line with exit 2.
///
/// Goldens are re-recorded with `CARDRENDER_RECORD=all swift test --filter ImageLayerCLITests`;
/// look at them before committing.
@Suite struct ImageLayerCLITests {
    /// A landscape drawn to a 250 × 350 px trim (a poker card at 100 dpi): sky, sun, hills and
    /// a dark frame line 6 px inside the edge, so a mirrored and a stretched bleed look different.
    static func landscape(width: Int = 250, height: Int = 350) -> RGBAImage {
        var image = RGBAImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let fx = Double(x) / Double(width), fy = Double(y) / Double(height)
                let hill = 0.62 + 0.08 * sin(fx * 9) + 0.04 * cos(fx * 23)
                let sun = hypot(Double(x) - 0.7 * Double(width), Double(y) - 0.22 * Double(height)) < 0.1 * Double(width)
                var pixel: (Double, Double, Double)
                if fy > hill {
                    pixel = (40 + 60 * fy, 110 + 50 * sin(fx * 40) * 0.3, 50)
                } else if sun {
                    pixel = (250, 200, 60)
                } else {
                    pixel = (90 + 120 * fy, 150 + 80 * fy, 235)
                }
                if x == 6 || y == 6 || x == width - 7 || y == height - 7 { pixel = (30, 30, 60) }
                if (x < 3 || y < 3) && (x + y) % 6 < 3 { pixel = (230, 60, 40) }
                image[x, y] = RGBAImage.Pixel(r: UInt8(min(255, max(0, pixel.0))), g: UInt8(min(255, max(0, pixel.1))),
                                              b: UInt8(min(255, max(0, pixel.2))), a: 255)
            }
        }
        return image
    }

    static func template(bleed mode: String) -> String {
        """
        card: {size: poker, dpi: 100, corner-radius: 0.125in, bleed: 0.125in, background: "#ffffff"}
        layers:
          - {type: image, src: art/landscape.png, fit: cover, bleed: \(mode)}
          - {type: text, x: 10%, y: 80%, width: 80%, height: 10%, text: "Bleed: \(mode)", font: DejaVu Sans Bold 14,
             color: white, align: center, valign: middle}
        """
    }

    static func game(_ name: String) throws -> CardsFixture {
        let game = try CardsFixture.make(name)
        try game.write("art/landscape.png", try PNG.encode(landscape()))
        return game
    }

    /// `cards --bleed`: the art, drawn to the trim, goes on into the template's 1/8 in bleed.
    @Test(arguments: ["mirror", "stretch"])
    func cardsWithBleed(mode: String) throws {
        let game = try Self.game("image-bleed-\(mode)")
        defer { game.remove() }
        try game.write("bleed.yaml", Self.template(bleed: mode))
        CardsCLITests.expectSuccess(try game.cards(["--bleed", "--out", "out"], template: "bleed.yaml", data: nil))
        let card = try PNG.read(contentsOf: game.url("out/001.png"))
        // 2.75 × 3.75 in at 100 dpi.
        #expect(card.width == 275 && card.height == 375)
        // Nothing of the white background shows in the bleed: the art fills it to the corners.
        for (x, y) in [(0, 0), (274, 0), (0, 374), (274, 374), (137, 0), (0, 187)] {
            #expect(card[x, y] != RGBAImage.Pixel(r: 255, g: 255, b: 255, a: 255), "(\(x), \(y)) is background")
        }
        assertGolden(of: card, as: .image, named: "bleed-\(mode)")
    }

    /// `print --template … --bleed 1/8in`: on the page the card's bleed holds the art's edge
    /// pixels mirrored, at 72 dpi where one art pixel is one page pixel.
    @Test func printMirrorsTheEdgeIntoThePrintBleed() throws {
        let game = try CardsFixture.make("image-bleed-print")
        defer { game.remove() }
        let art = Self.landscape(width: 72, height: 90)
        try game.write("art/small.png", try PNG.encode(art))
        try game.write("small.yaml", """
        card: {size: 72x90pt, dpi: 72, corner-radius: 0}
        layers:
          - {type: image, src: art/small.png, fit: stretch, bleed: mirror}
        """)
        let result = try CLIRunner.run(["print", "--template", "small.yaml", "--paper", "90x108pt", "--margin", "0",
                                        "--bleed", "1/8in", "--no-crop-marks", "--pages-png", "72", "--out", "sheet"],
                                       in: game.folder)
        #expect(result.status == 0, "\(result.stderr)")
        let pages = try FileManager.default.contentsOfDirectory(atPath: game.url("sheet").path).filter { $0.hasSuffix(".png") }.sorted()
        let page = try PNG.read(contentsOf: game.url("sheet/\(try #require(pages.first, "no page PNG"))"))
        #expect(page.width == 90 && page.height == 108)
        func mirrored(_ index: Int, _ count: Int) -> Int { index < 0 ? -1 - index : index >= count ? 2 * count - 1 - index : index }
        var wrong: [String] = []
        for y in 0..<108 {
            for x in 0..<90 where page[x, y] != art[mirrored(x - 9, 72), mirrored(y - 9, 90)] {
                if wrong.count < 5 { wrong.append("(\(x), \(y))") }
            }
        }
        #expect(wrong.isEmpty, "page pixels that are not the mirrored art: \(wrong)")
    }

    /// One card with three image layers: a PNG cut to its sun and turned a quarter, a JPEG
    /// turned half round, an SVG cut to its top half and turned a quarter back.
    @Test func cropAndTurnGolden() throws {
        let game = try Self.game("image-crop")
        defer { game.remove() }
        try game.write("art/landscape.jpg", try JPEG.encode(Self.landscape(), quality: 92))
        try game.write("art/flag.svg", """
        <svg xmlns="http://www.w3.org/2000/svg" width="90" height="60" viewBox="0 0 90 60">
          <rect width="90" height="30" fill="#1d3557"/><rect y="30" width="90" height="30" fill="#e63946"/>
          <circle cx="20" cy="15" r="10" fill="#f1faee"/>
        </svg>
        """)
        try game.write("crop.yaml", """
        card: {size: poker, dpi: 100, background: "#f4f1de"}
        layers:
          - {type: image, x: 5%, y: 4%, width: 42%, height: 44%, src: art/landscape.png, fit: contain,
             crop: {x: 55%, y: 5%, width: 40%, height: 40%}, src-rotate: 90}
          - {type: image, x: 53%, y: 4%, width: 42%, height: 44%, src: art/landscape.jpg, fit: contain, src-rotate: 180}
          - {type: image, x: 5%, y: 52%, width: 90%, height: 44%, src: art/flag.svg, fit: contain,
             crop: {x: 0, y: 0, height: 50%}, src-rotate: 270}
        """)
        CardsCLITests.expectSuccess(try game.cards(["--out", "out"], template: "crop.yaml", data: nil))
        let card = try PNG.read(contentsOf: game.url("out/001.png"))
        assertGolden(of: card, as: .image, named: "crop-and-turn")
    }

    /// A crop from the data that reaches past the image: one line naming the template's value
    /// and the row, exit 2, nothing written.
    @Test func aCropOutsideTheImageIsOneLine() throws {
        let game = try Self.game("image-crop-error")
        defer { game.remove() }
        try game.write("crop.yaml", """
        card: {size: poker, dpi: 100}
        layers:
          - type: image
            src: art/landscape.png
            crop: {x: "{x}", width: 100}
        """)
        try game.write("rows.csv", "x\n10\n200\n")
        let result = try game.cards(["--out", "out"], template: "crop.yaml", data: "rows.csv")
        #expect(result.status == 2)
        #expect(result.stderr == "cardrender: error: crop.yaml:5:11: row 2 (rows.csv:3), layer 1 (image): "
                + "`crop` x 200, y 0, 100×350 reaches outside the 250×350 image landscape.png\n")
        #expect(!FileManager.default.fileExists(atPath: game.url("out").path))
    }
}
