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
}
