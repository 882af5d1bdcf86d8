import BundledFonts
import Drawing
import Foundation
import Geometry
import Testing

@Suite struct TextTests {
    @Test func measuredSizeGrowsWithFontSize() throws {
        var previous = CGSize.zero
        for size in [8.0, 12, 24, 48] {
            let text = StyledText("K♠ 10", font: try Font(.regular, size: size))
            let measured = text.size()
            #expect(measured.width > previous.width)
            #expect(measured.height > previous.height)
            // Width scales linearly with the size (no hinting): within 0.5%.
            let perPoint = measured.width / size
            let reference = StyledText("K♠ 10", font: try Font(.regular, size: 100)).size().width / 100
            #expect(abs(perPoint - reference) / reference < 0.005)
            previous = measured
        }
    }

    @Test func multiLineTextStacksLines() throws {
        let font = try Font(.bold, size: 20)
        let one = StyledText("A", font: font).size()
        let two = StyledText("A\n♠", font: font).size()
        #expect(abs(two.height - 2 * one.height) < 0.001)
        #expect(abs(one.height - font.lineHeight) < 0.001)
    }

    @Test func boldIsWiderThanRegular() throws {
        let regular = StyledText("Queen", font: try Font(.regular, size: 20)).size().width
        let bold = StyledText("Queen", font: try Font(.bold, size: 20)).size().width
        #expect(bold > regular)
    }

    @Test func textCentredInRectIsCentred() throws {
        let font = try Font(.bold, size: 30)
        let picture = Picture(width: 200, height: 100) { canvas in
            StyledText("HH", font: font).draw(centeredIn: canvas.bounds)
        }
        let image = try picture.rasterize()
        var minX = Int.max, maxX = Int.min
        for y in 0..<image.height { for x in 0..<image.width where image[x, y].a > 128 {
            minX = min(minX, x); maxX = max(maxX, x)
        } }
        // "HH" has equal side bearings, so its ink is centred within a pixel or two.
        #expect(abs((minX + maxX) / 2 - 100) <= 2)
    }

    @Test func textRotatedByPiLandsWhereTheTransformSays() throws {
        // Ink of a label drawn at a box's origin, then the same label rotated by π about the
        // box, as the lecture's lower-right corner: the ink's bounds map exactly.
        let font = try Font(.bold, size: 24)
        let label = StyledText("7", font: font)
        let box = label.size()
        func inkBounds(_ image: RGBAImage) -> CGRect {
            var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min
            for y in 0..<image.height { for x in 0..<image.width where image[x, y].a > 128 {
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
            } }
            return CGRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
        }
        let origin = CGPoint(x: 40, y: 30)
        let upright = try Picture(width: 120, height: 100) { _ in label.draw(at: origin) }.rasterize()
        let transform = CGAffineTransform.identity.translatedBy(x: box.width, y: box.height).rotated(by: .pi)
        let rotated = try Picture(width: 120, height: 100) { canvas in
            canvas.translateBy(x: origin.x, y: origin.y)
            canvas.concatenate(transform)
            label.draw(at: .zero)
        }.rasterize()
        let up = inkBounds(upright)
        let expected = up.offsetBy(dx: -origin.x, dy: -origin.y).applying(transform).offsetBy(dx: origin.x, dy: origin.y)
        let actual = inkBounds(rotated)
        #expect(abs(actual.minX - expected.minX) <= 1 && abs(actual.minY - expected.minY) <= 1)
        #expect(abs(actual.width - expected.width) <= 1 && abs(actual.height - expected.height) <= 1)
        // And pixel for pixel the rotated ink is the upright ink turned by 180° inside the box.
        var mismatches = 0
        for y in Int(up.minY)..<Int(up.maxY) { for x in Int(up.minX)..<Int(up.maxX) {
            let p = CGPoint(x: CGFloat(x) + 0.5 - origin.x, y: CGFloat(y) + 0.5 - origin.y).applying(transform)
            let rx = Int((p.x + origin.x).rounded(.down)), ry = Int((p.y + origin.y).rounded(.down))
            if abs(Int(upright[x, y].a) - Int(rotated[rx, ry].a)) > 40 { mismatches += 1 }
        } }
        #expect(mismatches == 0)
    }

    @Test func aMissingFontFileIsOneLineNamingIt() {
        #expect {
            _ = try Font(fileAt: "/nonexistent/Fonts/Nope.ttf", size: 12)
        } throws: { error in
            "\(error)" == "font file /nonexistent/Fonts/Nope.ttf not found"
        }
    }

    // MARK: one text engine: a Font lays text out with Pango, as a TextBox does

    @Test func fontTextIsKernedAndMeasuresAsATextBoxLine() throws {
        let font = try Font(.regular, size: 40)
        // DejaVu Sans kerns "AV": the pair is narrower than its letters' advances added up.
        #expect(font.width(of: "AV") < font.width(of: "A") + font.width(of: "V") - 1)
        for text in ["AV", "Queen of Hearts", "K♠ 10"] {
            let line = try TextBox(markup: text, font: "DejaVu Sans 40", wrap: .none).layout(in: CGSize(width: 2000, height: 100))
            #expect(abs(font.width(of: text) - line.size.width) < 0.001, "\(text)")
            #expect(abs(font.lineHeight - line.size.height) < 0.001, "\(text)")
        }
    }

    @Test func styledTextDrawsTheSamePixelsAsATextBox() throws {
        let font = try Font(.bold, size: 22)
        let styled = try Picture(width: 240, height: 60) { _ in
            StyledText("Wave · Tide 10", font: font, color: .black).draw(at: CGPoint(x: 10, y: 12))
        }.rasterize()
        let boxed = try Picture(width: 240, height: 60) { canvas in
            try TextBox(markup: "Wave · Tide 10", font: "DejaVu Sans Bold 22", wrap: .none)
                .draw(in: CGRect(x: 10, y: 12, width: 230, height: 40), on: canvas)
        }.rasterize()
        #expect(styled == boxed)
        #expect((0..<styled.height).contains { y in (0..<styled.width).contains { styled[$0, y].a > 128 } })
    }

    @Test func aCharacterTheFileLacksComesFromTheBundledFonts() throws {
        // DejaVu Serif has no U+2605 BLACK STAR; DejaVu Sans has. Pango falls back per character,
        // so the star is DejaVu Sans's glyph, not a missing-glyph box.
        let serif = try Font(fileAt: BundledFonts.url(for: BundledFonts.serif).path, size: 40)
        let sans = try Font(.regular, size: 40)
        let star = serif.inkBounds(of: "★"), sansStar = sans.inkBounds(of: "★")
        #expect(abs(star.minX - sansStar.minX) < 0.01 && abs(star.minY - sansStar.minY) < 0.01)
        #expect(abs(star.width - sansStar.width) < 0.01 && abs(star.height - sansStar.height) < 0.01)
        #expect(abs(serif.width(of: "★") - sans.width(of: "★")) < 0.01)
        // The serif's own letters stay its own: a serif "H" is wider than the sans one.
        #expect(serif.width(of: "H") != sans.width(of: "H"))
    }

    @Test func textMeasuresAndDrawsTheSameOnEveryThread() async throws {
        let font = try Font(.bold, size: 17)
        let texts = ["A", "10", "Queen", "Other app", "‹ Back", "keyboard 291 pt"]
        func render() throws -> ([CGFloat], RGBAImage) {
            let widths = texts.map { font.width(of: $0) + font.inkBounds(of: $0).height + font.ascent }
            let image = try Picture(width: 200, height: 140) { _ in
                for (index, text) in texts.enumerated() {
                    StyledText(text, font: font.withSize(10 + CGFloat(index))).draw(at: CGPoint(x: 4, y: CGFloat(index) * 22))
                }
            }.rasterize()
            return (widths, image)
        }
        let reference = try render()
        let results = try await withThrowingTaskGroup(of: ([CGFloat], RGBAImage).self) { group in
            for _ in 0..<8 { group.addTask { try render() } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        for result in results {
            #expect(result.0 == reference.0)
            #expect(result.1 == reference.1)
        }
    }
}
