import Drawing
import Foundation
import Testing

/// A text box's `outline`: drawn under the glyphs in its own colour, in PNG and in SVG and PDF,
/// its width bounded before anything is laid out.
@Suite struct TextOutlineTests {
    static let rect = CGRect(x: 10, y: 10, width: 180, height: 50)

    static func render(_ box: TextBox) throws -> RGBAImage {
        try Picture(width: 200, height: 70) { canvas in
            canvas.fill(BezierPath(rect: canvas.bounds), with: Color.white)
            try box.draw(in: rect, on: canvas)
        }.rasterize()
    }

    static func count(_ image: RGBAImage, _ include: (RGBAImage.Pixel) -> Bool) -> Int {
        var count = 0
        for y in 0..<image.height { for x in 0..<image.width where include(image[x, y]) { count += 1 } }
        return count
    }

    static func isRed(_ pixel: RGBAImage.Pixel) -> Bool { pixel.r > 200 && pixel.g < 60 && pixel.b < 60 }
    static func isBlack(_ pixel: RGBAImage.Pixel) -> Bool { pixel.r < 30 && pixel.g < 30 && pixel.b < 30 }

    @Test func outlineGoesAroundTheGlyphsUnderTheirFill() throws {
        let plain = TextBox(markup: "<b>HOLD</b>", font: "DejaVu Sans 30", color: .black)
        var outlined = plain
        outlined.outline = Stroke(color: Color(red: 1, green: 0, blue: 0), width: 4)
        let before = try Self.render(plain), after = try Self.render(outlined)
        #expect(Self.count(before, Self.isRed) == 0)
        // Half the width shows outside the glyphs: a red ring of some hundreds of pixels.
        #expect(Self.count(after, Self.isRed) > 300)
        // The fill is drawn over the outline: every pixel the glyphs fill solid stays black.
        var covered = 0
        for y in 0..<before.height { for x in 0..<before.width where Self.isBlack(before[x, y]) {
            #expect(Self.isBlack(after[x, y]), "(\(x), \(y)) is \(after[x, y]) with the outline")
            covered += 1
        } }
        #expect(covered > 500)
        // The layout does not change: the outline is paint, not text.
        #expect(try plain.layout(in: Self.rect.size) == outlined.layout(in: Self.rect.size))
    }

    @Test func zeroWidthOutlineDrawsNothing() throws {
        let plain = TextBox(markup: "HOLD", font: "DejaVu Sans 30")
        var outlined = plain
        outlined.outline = Stroke(color: Color(red: 1, green: 0, blue: 0), width: 0)
        #expect(try Self.render(plain) == Self.render(outlined))
    }

    @Test func outlineIsAStrokeInSVGAndPDF() throws {
        let box = TextBox(markup: "HOLD", font: "DejaVu Sans 30", color: .white,
                          outline: Stroke(color: Color(red: 1, green: 0, blue: 0), width: 2))
        let picture = Picture(width: 200, height: 70) { canvas in try box.draw(in: Self.rect, on: canvas) }
        let svg = String(decoding: try picture.svgData(), as: UTF8.self)
        #expect(svg.contains("stroke:rgb(100%,0%,0%)") || svg.contains("stroke=\"rgb(100%, 0%, 0%)\""), "\(svg.prefix(2000))")
        #expect(svg.contains("stroke-width:2") || svg.contains("stroke-width=\"2\""), "\(svg.prefix(2000))")
        let pdf = try picture.pdfData()
        #expect(pdf.starts(with: Data("%PDF".utf8)))
        // The PDF's streams are compressed: it is told apart from the same text without an outline.
        let plain = TextBox(markup: "HOLD", font: "DejaVu Sans 30", color: .white)
        let plainPDF = try Picture(width: 200, height: 70) { canvas in try plain.draw(in: Self.rect, on: canvas) }.pdfData()
        #expect(pdf != plainPDF && pdf.count > plainPDF.count)
    }

    @Test func outlineWidthIsBoundedBeforeLayout() throws {
        for width in [-1, TextBox.maximumOutlineWidth + 1, .infinity, .nan] {
            let box = TextBox(markup: "HOLD", font: "DejaVu Sans 30", outline: Stroke(color: .black, width: width))
            #expect(throws: DrawingError.self) { try box.layout(in: CGSize(width: 100, height: 50)) }
        }
        let widest = TextBox(markup: "HOLD", font: "DejaVu Sans 30", outline: Stroke(color: .black, width: TextBox.maximumOutlineWidth))
        _ = try widest.layout(in: CGSize(width: 100, height: 50))
    }

    /// The outline's width times the characters it goes around is bounded, and so are the
    /// characters: 500 characters with a 4 pt outline are the most, one more is refused before layout.
    @Test func outlineWidthTimesLengthIsBounded() throws {
        let text = String(repeating: "a", count: 500)
        let most = TextBox(markup: text, font: "DejaVu Sans 8", outline: Stroke(color: .black, width: 4))
        _ = try most.layout(in: CGSize(width: 200, height: 200))
        let tooMuch = TextBox(markup: text + "a", font: "DejaVu Sans 8", outline: Stroke(color: .black, width: 4))
        #expect(throws: DrawingError.font("a 4 pt outline may go around at most 500 characters, and the text has 501; "
                                          + "make the outline thinner or the text shorter")) {
            try tooMuch.layout(in: CGSize(width: 200, height: 200))
        }
        // Without an outline the same text is laid out.
        _ = try TextBox(markup: text + "a", font: "DejaVu Sans 8").layout(in: CGSize(width: 200, height: 200))
        // However thin the outline, it goes around at most 1,000 characters.
        let thin = TextBox(markup: String(repeating: "a", count: 1001), font: "DejaVu Sans 8", outline: Stroke(color: .black, width: 0.1))
        #expect(throws: DrawingError.font("an outlined text may have at most 1000 characters, and this one has 1001")) {
            try thin.layout(in: CGSize(width: 200, height: 200))
        }
    }
}

/// Rounded rectangles with a radius per corner, fitted as CSS fits them.
@Suite struct CornerRadiiTests {
    @Test func radiiThatFitAreKept() {
        let radii = CornerRadii(topLeft: 10, topRight: 0, bottomRight: 20, bottomLeft: 5)
        #expect(radii.fitted(in: CGSize(width: 100, height: 100)) == radii)
        #expect(!radii.isUniform && !radii.isZero)
        #expect(CornerRadii(all: 3).isUniform && CornerRadii.zero.isZero)
    }

    @Test func overlappingRadiiScaleDownTogetherAsInCSS() {
        // Top side: 60 + 60 on 100 pt, the tightest: every radius × 100/120.
        let fitted = CornerRadii(topLeft: 60, topRight: 60, bottomRight: 10, bottomLeft: 0).fitted(in: CGSize(width: 100, height: 200))
        let factor: CGFloat = 100.0 / 120.0
        #expect(abs(fitted.topLeft - 60 * factor) < 1e-9 && abs(fitted.topRight - 60 * factor) < 1e-9)
        #expect(abs(fitted.bottomRight - 10 * factor) < 1e-9 && fitted.bottomLeft == 0)
        // One radius alone is clamped to the shorter side, as a uniform radius is to half of it.
        let one = CornerRadii(topLeft: 500, topRight: 0, bottomRight: 0, bottomLeft: 0).fitted(in: CGSize(width: 40, height: 80))
        #expect(one.topLeft == 40)
        #expect(CornerRadii(all: 500).fitted(in: CGSize(width: 40, height: 80)) == CornerRadii(all: 20))
        #expect(CornerRadii(all: -4).fitted(in: CGSize(width: 40, height: 80)) == .zero)
    }

    @Test func onlyTheRoundedCornersLoseTheirPoint() throws {
        let radii = CornerRadii(topLeft: 20, topRight: 0, bottomRight: 20, bottomLeft: 0)
        let image = try Picture(width: 100, height: 60) { canvas in
            canvas.fill(BezierPath(roundedRect: CGRect(x: 0, y: 0, width: 100, height: 60), cornerRadii: radii), with: Color.black)
        }.rasterize()
        #expect(image[0, 0].a == 0 && image[99, 59].a == 0)
        #expect(image[99, 0].a == 255 && image[0, 59].a == 255)
        #expect(image[50, 30].a == 255)
    }

    @Test func uniformRadiiDrawTheSameAsOneRadius() throws {
        let rect = CGRect(x: 3, y: 4, width: 90, height: 50)
        func render(_ path: BezierPath) throws -> RGBAImage {
            try Picture(width: 100, height: 60) { canvas in canvas.fill(path, with: Color.black) }.rasterize()
        }
        #expect(try render(BezierPath(roundedRect: rect, cornerRadii: CornerRadii(all: 12)))
                == render(BezierPath(roundedRect: rect, cornerRadius: 12)))
    }
}
