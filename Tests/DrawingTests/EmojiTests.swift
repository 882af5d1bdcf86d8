@testable import Drawing
import Foundation
import Geometry
import Testing

/// Emoji from the bundled Noto Color Emoji: in colour, at the size of the text around them, in
/// every style, through `TextBox` and `StyledText` alike; symbols it lacks still come from Symbola.
@Suite struct EmojiTests {
    /// The pixels of `image` that are mostly opaque, and of those the ones clearly coloured (not
    /// grey: channels more than 60 apart), with the box holding the opaque ones.
    struct Ink {
        var bounds: CGRect
        var opaque: Int
        var coloured: Int

        init?(_ image: RGBAImage) {
            var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min
            var opaque = 0, coloured = 0
            for y in 0..<image.height {
                for x in 0..<image.width {
                    let pixel = image[x, y]
                    guard pixel.a > 128 else { continue }
                    opaque += 1
                    let channels = [pixel.r, pixel.g, pixel.b]
                    if (channels.max() ?? 0) - (channels.min() ?? 0) > 60 { coloured += 1 }
                    minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
                }
            }
            guard opaque > 0 else { return nil }
            bounds = CGRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
            self.opaque = opaque
            self.coloured = coloured
        }
    }

    static func drawn(_ markup: String, size: CGFloat, font: String = "DejaVu Sans") throws -> Ink? {
        let box = TextBox(markup: markup, font: "\(font) \(Int(size))", color: .black, wrap: .none)
        let image = try Picture(width: size * 3, height: size * 2) { canvas in
            try box.draw(in: canvas.bounds, on: canvas)
        }.rasterize(scale: 2)
        return Ink(image)
    }

    /// 😀 (which DejaVu also has, in black and white) and 🔥 (which it lacks), plain, bold and
    /// italic: mostly coloured pixels, and an ink box that grows with the font size, about one
    /// em across (not Noto Color Emoji's 109-pixel bitmap whatever the size).
    @Test(arguments: ["😀", "🔥", "<b>😀</b>", "<i>🔥</i>", "<b><i>😀</i></b>"])
    func emojiAreColouredAndScaleWithTheFontSize(_ emoji: String) throws {
        let small = try #require(try Self.drawn(emoji, size: 12), "\(emoji) at 12 pt is blank")
        let large = try #require(try Self.drawn(emoji, size: 36), "\(emoji) at 36 pt is blank")
        for (size, ink) in [(12.0, small), (36.0, large)] {
            #expect(Double(ink.coloured) > 0.5 * Double(ink.opaque), "\(emoji) at \(size) pt: \(ink.coloured) of \(ink.opaque) coloured")
            // At 2×, one em is 2 × size pixels; the emoji's bitmap is a little wider than tall.
            #expect(ink.bounds.width > 1.6 * size && ink.bounds.width < 2.8 * size, "\(emoji) at \(size) pt: \(ink.bounds)")
            #expect(ink.bounds.height > 1.6 * size && ink.bounds.height < 2.8 * size, "\(emoji) at \(size) pt: \(ink.bounds)")
        }
        let ratio = large.bounds.width / small.bounds.width
        #expect(abs(ratio - 3) < 0.3, "\(emoji): 36 pt is \(ratio) × 12 pt")
    }

    /// Labels drawn with a `Font` (corner indices, captions) get the colour emoji too.
    @Test func styledTextDrawsEmojiInColour() throws {
        let text = StyledText("😀🔥", font: try Font(size: 20), color: .black)
        let image = try Picture(width: 80, height: 40) { canvas in
            text.draw(at: CGPoint(x: 4, y: 4), on: canvas)
        }.rasterize(scale: 2)
        let ink = try #require(Ink(image))
        #expect(Double(ink.coloured) > 0.5 * Double(ink.opaque), "\(ink.coloured) of \(ink.opaque) coloured")
        #expect(ink.bounds.height > 30 && ink.bounds.height < 56, "\(ink.bounds)")
    }

    /// Emoji come from Noto Color Emoji even when the named family has a black-and-white glyph
    /// (DejaVu's 😀); a symbol shown as text stays DejaVu's, and one Noto Color Emoji lacks (the
    /// mahjong tile 🀅) comes from Symbola. Sequences shape to one glyph: a flag, a skin tone, a family.
    @Test func eachCharacterComesFromTheRightBundledFont() throws {
        func families(_ text: String) throws -> [String] {
            try TextBox(markup: text, font: "DejaVu Sans 12", wrap: .none).glyphs(in: CGSize(width: 2000, height: 50)).map(\.family)
        }
        #expect(try families("😀") == ["Noto Color Emoji"])
        #expect(try families("☎️") == ["Noto Color Emoji"])
        #expect(try families("✂") == ["DejaVu Sans"])
        #expect(try families("🀅") == ["Symbola"])
        for sequence in ["🇰🇷", "👍🏽", "👨‍👩‍👧", "1️⃣"] {
            #expect(try families(sequence) == ["Noto Color Emoji"], "\(sequence)")
        }
        let layout = try TextBox(markup: "😀🇰🇷👨‍👩‍👧🀅✂", font: "DejaVu Sans 12").layout(in: CGSize(width: 500, height: 50))
        #expect(layout.charactersWithoutGlyph.isEmpty, "\(layout.missingGlyphsDescription ?? "")")
    }

    /// SVG and PDF get each emoji as a colour image at its bitmap's own size (about 136 × 128
    /// pixels for 12 pt text), once per document however often it is drawn.
    @Test func vectorOutputEmbedsEachEmojiOnceAtItsBitmapSize() throws {
        let picture = Picture(width: 200, height: 40) { canvas in
            _ = try TextBox(markup: "🔥 A 🔥 😀", font: "DejaVu Sans 12").draw(in: canvas.bounds, on: canvas)
        }
        let svg = String(decoding: try picture.svgData(), as: UTF8.self)
        let sizes = svg.matches(of: /<image[^>]* width="(\d+)" height="(\d+)"/).map { (Int($0.1) ?? 0, Int($0.2) ?? 0) }
        #expect(sizes.count == 2, "\(sizes)")
        #expect(sizes.allSatisfy { $0.0 >= 100 && $0.1 >= 100 }, "\(sizes)")
        let pdf = String(decoding: try picture.pdfData(), as: UTF8.self)
        // Two emoji images, each with its soft mask (the alpha), 136 pixels wide.
        #expect(pdf.matches(of: /\/Subtype \/Image\s*\/Width 136/).count == 4)
    }

    /// A character no bundled font has is still reported among emoji, and the emoji are not.
    @Test func aMissingGlyphAmongEmojiIsStillReported() throws {
        let layout = try TextBox(markup: "🔥\u{0378}😀", font: "DejaVu Sans 12").layout(in: CGSize(width: 500, height: 50))
        #expect(layout.charactersWithoutGlyph == ["\u{0378}"])
    }

    @Test func emojiPresentationIsWhatNeedsTheColourFont() {
        #expect(EmojiPresentation.appears(in: "Fire 😀"))
        #expect(EmojiPresentation.appears(in: "☎\u{FE0F}"))
        #expect(EmojiPresentation.appears(in: "🇰🇷"))
        #expect(!EmojiPresentation.appears(in: "☎ ✂ ♠ 1 #"))
        #expect(!EmojiPresentation.appears(in: "Queen of Spades"))
    }
}
