import CardTemplates
import Drawing
import Foundation
import Testing

/// Image layers' `bleed: mirror | stretch` (art drawn to the trim, extended into a print's
/// bleed), `crop` and `src-rotate`, checked pixel by pixel at 72 dpi, where one pixel of the
/// art is one point of the card and one pixel of the output.
@Suite struct ImageLayerAdjustmentTests {
    /// 60 × 80 px, every pixel a different opaque colour: red counts columns, green rows.
    static let art = pattern(width: 60, height: 80) { x, y in [UInt8(x * 4), UInt8(y * 3), UInt8((x + y) % 2 * 200)] }

    static func pattern(width: Int, height: Int, _ colour: (Int, Int) -> [UInt8]) -> RGBAImage {
        var pixels: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width { pixels += colour(x, y) + [255] }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// A 60 × 80 pt card at 72 dpi whose one image layer is `layer` (YAML lines after `type: image`).
    static func card(_ layer: String, art: RGBAImage = art, file: String = "art.png") throws
        -> (renderer: TemplateRenderer, card: TemplateCard, fixtures: Fixtures) {
        let fixtures = try Fixtures()
        try fixtures.write(file, try PNG.encode(art))
        let template = try fixtures.template("card.yaml", """
        card: {size: 60x80pt, dpi: 72, corner-radius: 0, background: "#00ff00"}
        layers:
          - type: image
            src: \(file)
        \(layer.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n"))
        """)
        let cards = try template.cards(from: nil)
        let card = try #require(cards.first)
        return (try TemplateRenderer(template: template, cards: cards), card, fixtures)
    }

    /// Where an index outside 0..<count reads from, by `mode`.
    static func source(_ index: Int, count: Int, _ mode: EdgeExtension) -> Int {
        switch mode {
        case .stretch: return min(max(index, 0), count - 1)
        case .mirror: return index < 0 ? -1 - index : index >= count ? 2 * count - 1 - index : index
        }
    }

    /// A 1/8 in (9 pt) print bleed: every pixel of it is the art's edge pixel mirrored or
    /// repeated, corners included, and the trim is the art as drawn.
    @Test(arguments: EdgeExtension.allCases)
    func artDrawnToTheTrimFillsThePrintBleed(mode: EdgeExtension) throws {
        let (renderer, card, fixtures) = try Self.card("fit: stretch\nbleed: \(mode.rawValue)")
        _ = fixtures
        let printed = try renderer.picture(for: card, bleed: 9).rasterize(scale: 1)
        #expect(printed.width == 78 && printed.height == 98)
        var wrong: [String] = []
        for y in 0..<printed.height {
            for x in 0..<printed.width {
                let expected = Self.art[Self.source(x - 9, count: 60, mode), Self.source(y - 9, count: 80, mode)]
                if printed[x, y] != expected, wrong.count < 5 { wrong.append("(\(x), \(y)): \(printed[x, y]) ≠ \(expected)") }
            }
        }
        #expect(wrong.isEmpty, "\(wrong)")
    }

    /// The same layer without `bleed` leaves the print's bleed to the background, and a box that
    /// stops short of a trim edge is extended only on the sides that reach it.
    @Test func onlyTheSidesOnTheTrimAreExtended() throws {
        let plain = try Self.card("fit: stretch")
        let unextended = try plain.renderer.picture(for: plain.card, bleed: 9).rasterize(scale: 1)
        #expect(unextended[0, 0] == RGBAImage.Pixel(r: 0, g: 255, b: 0, a: 255))
        // Left and top on the trim; right and bottom 10 pt inside it.
        let (renderer, card, fixtures) = try Self.card("x: 0\ny: 0\nwidth: 50\nheight: 70\nfit: stretch\nbleed: stretch",
                                                       art: Self.art.cropped(x: 0, y: 0, width: 50, height: 70)!)
        _ = fixtures
        let printed = try renderer.picture(for: card, bleed: 9).rasterize(scale: 1)
        #expect(printed[0, 0] == Self.art[0, 0])
        #expect(printed[9 + 49, 0] == Self.art[49, 0])
        #expect(printed[9 + 50, 20] == RGBAImage.Pixel(r: 0, g: 255, b: 0, a: 255), "right of the box stays background")
        #expect(printed[20, 9 + 70] == RGBAImage.Pixel(r: 0, g: 255, b: 0, a: 255), "below the box stays background")
    }

    /// `crop` in pixels and in %, then `src-rotate`, before a `stretch` fit: at 1:1 the card is
    /// exactly the cut, turned pixels.
    @Test func cropThenTurnBeforeTheFit() throws {
        // 80 × 60 of the art's pixels, turned a quarter clockwise: 60 × 80, the card's size.
        let wide = Self.pattern(width: 100, height: 100) { x, y in [UInt8(x * 2), UInt8(y * 2), 7] }
        for crop in ["{x: 10, y: 20, width: 80, height: 60}", "{x: 10%, y: 20px, width: 80%, height: 60%}"] {
            let (renderer, card, fixtures) = try Self.card("fit: stretch\ncrop: \(crop)\nsrc-rotate: 90", art: wide)
            _ = fixtures
            let drawn = try renderer.picture(for: card).rasterize(scale: 1)
            let expected = try #require(wide.cropped(x: 10, y: 20, width: 80, height: 60)).turnedClockwise(quarterTurns: 1)
            #expect(drawn.width == 60 && drawn.height == 80)
            #expect(drawn == expected, "crop \(crop)")
            // A quarter clockwise: the cut's bottom-left corner is now the top-left.
            #expect(drawn[0, 0] == wide[10, 79])
        }
    }

    @Test func turnsAreQuarterTurnsInEitherDirection() throws {
        for (degrees, turns) in [(0, 0), (90, 1), (180, 2), (270, 3), (-90, 3), (450, 1)] {
            let (renderer, card, fixtures) = try Self.card("src-rotate: \(degrees)")
            _ = (renderer, fixtures)
            guard case let .image(image) = try #require(card.layers.first).content else {
                Issue.record("not an image")
                continue
            }
            #expect(image.quarterTurns == turns, "\(degrees)°")
        }
    }

    /// An SVG stays vectors inside its box and is extended around it; cropped and turned like a raster.
    @Test func svgIsCroppedTurnedAndExtended() throws {
        let svg = """
        <svg xmlns="http://www.w3.org/2000/svg" width="60" height="80">
          <rect width="60" height="80" fill="#0000ff"/><rect width="30" height="40" fill="#ff0000"/>
        </svg>
        """
        let fixtures = try Fixtures()
        try fixtures.write("art.svg", svg)
        let template = try fixtures.template("card.yaml", """
        card: {size: 60x80pt, dpi: 72, corner-radius: 0, background: "#00ff00"}
        layers:
          - {type: image, src: art.svg, fit: stretch, bleed: mirror, crop: {x: 0, y: 0, width: 100%, height: 50%}, src-rotate: 180}
        """)
        let cards = try template.cards(from: nil)
        let renderer = try TemplateRenderer(template: template, cards: cards)
        let printed = try renderer.picture(for: cards[0], bleed: 9).rasterize(scale: 1)
        let red = RGBAImage.Pixel(r: 255, g: 0, b: 0, a: 255), blue = RGBAImage.Pixel(r: 0, g: 0, b: 255, a: 255)
        // The top half (red left, blue right), turned half round: blue left, red right.
        #expect(printed[9 + 10, 9 + 40] == blue)
        #expect(printed[9 + 50, 9 + 40] == red)
        // Mirrored into the bleed on the right and on the left.
        #expect(printed[75, 49] == red)
        #expect(printed[2, 49] == blue)
        #expect(printed[75, 2] == red, "the top-right corner of the bleed")
    }

    @Test func errorsNameTheValueAndTheRow() throws {
        let cases: [(layer: String, message: String)] = [
            ("crop: {x: 50, y: 0, width: 20}", "card.yaml:5:11: the card (no data), layer 1 (image): `crop` x 50, y 0, 20×80 reaches outside the 60×80 image art.png"),
            ("crop: {x: 10mm}", "card.yaml:5:15: the card (no data), layer 1 (image): crop `x` must be a number of the image's pixels (or `px`) or a percentage from 0% to 100%, got \"10mm\""),
            ("crop: {width: 0}", "card.yaml:5:19: the card (no data), layer 1 (image): crop `width` must be more than 0, got \"0\""),
            ("crop: {left: 3}", "card.yaml:5:12: the card (no data), layer 1 (image): unknown key \"left\""),
            ("src-rotate: 45", "card.yaml:5:17: the card (no data), layer 1 (image): `src-rotate` turns the image by quarter turns: 0, 90, 180 or 270, got \"45\"; to turn the layer by any angle, use `rotate`"),
            ("bleed: reflect", "card.yaml:5:12: the card (no data), layer 1 (image): unknown `bleed` value \"reflect\""),
            ("bleed: mirror\nclip: ellipse", "card.yaml:6:11: the card (no data), layer 1 (image): `bleed: mirror` extends the image past its box, which `clip: ellipse` would hide; leave out `clip`"),
            ("bleed: stretch\nrotate: 10", "card.yaml:6:13: the card (no data), layer 1 (image): `bleed: stretch` extends the image along the trim's edges, so the layer cannot be rotated; turn the image with `src-rotate` instead"),
        ]
        for (layer, message) in cases {
            let got = specError { _ = try Self.card(layer) }
            #expect(got?.hasPrefix(message) == true, "\(layer)\n got: \(got ?? "no error")\nwant: \(message)")
        }
    }
}
