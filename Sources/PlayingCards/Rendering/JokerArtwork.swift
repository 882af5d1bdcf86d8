import Drawing
import Foundation
import Geometry

/// A joker: "JOKER" lettered down the upper-left corner and, turned by 180°, the lower-right,
/// and a jester in a three-pointed cap with bells in the middle.
struct JokerArtwork {
    let joker: Joker
    let theme: CardTheme

    var main: Color { theme.color(for: joker) }
    /// The cap's alternate colour: gold for the red joker, grey for the black one.
    var second: Color { joker == .red ? theme.courtGold : Color(rgb: 0x9AA0A6) }
    var third: Color { joker == .red ? theme.courtBlue : Color(rgb: 0x5F6368) }

    func draw(in layout: CardLayout, on canvas: Canvas) throws {
        let letters = try lettering(layout)
        canvas.withSavedState {
            canvas.translateBy(x: layout.upperLeftCornerLabelRect.minX, y: layout.upperLeftCornerLabelRect.minY)
            drawLetters(letters, on: canvas)
        }
        canvas.withSavedState {
            // The CS193p PlayingCardView demo's transform, with the lettering's own size.
            let origin = CGPoint(x: layout.bounds.maxX, y: layout.bounds.maxY)
                .offsetBy(dx: -layout.cornerOffset - letters.size.width, dy: -layout.cornerOffset - letters.size.height)
            canvas.concatenate(CGAffineTransform.identity
                .translatedBy(x: letters.size.width, y: letters.size.height)
                .rotated(by: .pi)
                .concatenating(CGAffineTransform(translationX: origin.x, y: origin.y)))
            drawLetters(letters, on: canvas)
        }
        drawJester(in: layout, on: canvas)
    }

    struct Lettering {
        var font: Font
        var size: CGSize
        var advance: CGFloat
        var capHeight: CGFloat
    }

    func lettering(_ layout: CardLayout) throws -> Lettering {
        let font = try Font(.bold, size: layout.cornerFontSize * 0.72)
        let capHeight = -font.inkBounds(of: "K").minY
        let width = "JOKER".map { font.inkBounds(of: String($0)).width }.max() ?? capHeight
        let advance = capHeight * 1.28
        return Lettering(font: font, size: CGSize(width: max(width, layout.cornerLabelSize.width), height: advance * 4 + capHeight),
                         advance: advance, capHeight: capHeight)
    }

    func drawLetters(_ letters: Lettering, on canvas: Canvas) {
        for (index, character) in "JOKER".enumerated() {
            let text = String(character)
            let ink = letters.font.inkBounds(of: text)
            let baseline = letters.capHeight + letters.advance * CGFloat(index)
            canvas.showText(text, font: letters.font, color: main,
                            baselineAt: CGPoint(x: letters.size.width / 2 - ink.midX, y: baseline))
        }
    }

    // MARK: jester

    func drawJester(in layout: CardLayout, on canvas: Canvas) {
        let area = layout.courtPanelRect
        // Designed in a 100 × 130 box, centred.
        let scale = min(area.width / 100, area.height / 130)
        let transform = CGAffineTransform(scaleX: scale, y: scale)
            .concatenating(CGAffineTransform(translationX: area.midX - 50 * scale, y: area.midY - 65 * scale))
        let pen = Pen(canvas: canvas, transform: transform, scale: scale, ink: theme.ink)
        // A star burst behind the figure.
        var burst = BezierPath()
        let center = p(50, 62)
        for index in 0..<32 {
            let angle = CGFloat(index) * .pi / 16
            let radius: CGFloat = index % 2 == 0 ? 60 : 38
            let point = p(center.x + cos(angle) * radius, center.y + sin(angle) * radius)
            if index == 0 { burst.move(to: point) } else { burst.addLine(to: point) }
        }
        burst.close()
        pen.fill(burst, main.withAlphaComponent(0.1))
        // Body: a harlequin tunic ending in a pointed hem with bells.
        var tunic = BezierPath()
        let hemPoints = 6
        tunic.move(to: p(36, 90))
        tunic.addLine(to: p(64, 90))
        tunic.addCurve(to: p(84, 121), controlPoint1: p(76, 94), controlPoint2: p(83, 106))
        for index in 0..<hemPoints {
            let x0 = 84 - CGFloat(index) * 68 / CGFloat(hemPoints)
            let x1 = x0 - 68 / CGFloat(hemPoints)
            tunic.addLine(to: p((x0 + x1) / 2, 129))
            tunic.addLine(to: p(x1, 121))
        }
        tunic.addCurve(to: p(36, 90), controlPoint1: p(17, 106), controlPoint2: p(24, 94))
        tunic.close()
        pen.fill(tunic, second)
        pen.clipped(to: tunic) {
            var harlequin = BezierPath()
            for row in 0..<7 {
                for column in -1..<9 {
                    let cx = CGFloat(column) * 12 + (row % 2 == 0 ? 0 : 6) + 8
                    let cy = 92 + CGFloat(row) * 7
                    harlequin.move(to: p(cx, cy - 3.5)); harlequin.addLine(to: p(cx + 6, cy))
                    harlequin.addLine(to: p(cx, cy + 3.5)); harlequin.addLine(to: p(cx - 6, cy)); harlequin.close()
                }
            }
            pen.fill(harlequin, main)
        }
        pen.outline(tunic)
        for index in 0..<hemPoints {
            let x = 84 - (CGFloat(index) + 0.5) * 68 / CGFloat(hemPoints)
            bell(pen, at: p(x, 130.5), size: 3.4)
        }
        // Pointed collar with bells.
        var collar = BezierPath()
        let points = 7
        collar.move(to: p(29, 86))
        for index in 0..<points {
            let x0 = 29 + CGFloat(index) * 42 / CGFloat(points)
            let x1 = x0 + 42 / CGFloat(points)
            collar.addLine(to: p((x0 + x1) / 2, 99))
            collar.addLine(to: p(x1, 86))
        }
        collar.addQuadCurve(to: p(29, 86), controlPoint: p(50, 79))
        collar.close()
        pen.fill(collar, .white)
        pen.outline(collar)
        for index in 0..<points {
            let x = 29 + (CGFloat(index) + 0.5) * 42 / CGFloat(points)
            bell(pen, at: p(x, 100.5), size: 3)
        }
        // Head.
        let head = BezierPath(ovalIn: CGRect(x: 36, y: 53, width: 28, height: 32))
        pen.fill(head, theme.skin)
        pen.outline(head)
        for x: CGFloat in [44, 56] {
            var eye = BezierPath()
            eye.move(to: p(x - 2.8, 68)); eye.addQuadCurve(to: p(x + 2.8, 68), controlPoint: p(x, 64.6))
            pen.outline(eye, width: 1)
            pen.fill(BezierPath(ovalIn: CGRect(center: p(x - 0.5, 73), size: CGSize(width: 4, height: 2.6))),
                     theme.courtRed.withAlphaComponent(0.3))
        }
        var smile = BezierPath()
        smile.move(to: p(42.5, 75)); smile.addQuadCurve(to: p(57.5, 75), controlPoint: p(50, 84))
        smile.addQuadCurve(to: p(42.5, 75), controlPoint: p(50, 79))
        smile.close()
        pen.fill(smile, theme.courtRed)
        pen.outline(smile, width: 0.5)
        let nose = BezierPath(ovalIn: CGRect(center: p(50, 71), size: CGSize(width: 4, height: 4)))
        pen.fill(nose, theme.courtRed)
        pen.outline(nose, width: 0.4)
        // Cap: three floppy points in alternating colours, each with a bell.
        var left = BezierPath()
        left.move(to: p(37, 60))
        left.addCurve(to: p(9, 66), controlPoint1: p(28, 40), controlPoint2: p(6, 38))
        left.addCurve(to: p(46, 55), controlPoint1: p(16, 50), controlPoint2: p(30, 46))
        left.close()
        var right = left.applying(CGAffineTransform(translationX: -50, y: 0)
            .concatenating(CGAffineTransform(scaleX: -1, y: 1))
            .concatenating(CGAffineTransform(translationX: 50, y: 0)))
        right.lineWidth = left.lineWidth
        var middle = BezierPath()
        middle.move(to: p(42, 56))
        middle.addCurve(to: p(70, 14), controlPoint1: p(38, 30), controlPoint2: p(54, 12))
        middle.addCurve(to: p(58, 56), controlPoint1: p(58, 22), controlPoint2: p(54, 36))
        middle.close()
        for (shape, color) in [(middle, second), (left, main), (right, main)] {
            pen.fill(shape, color)
            pen.outline(shape)
        }
        let band = BezierPath(roundedRect: CGRect(x: 35, y: 55, width: 30, height: 7), cornerRadius: 3.5)
        pen.fill(band, third)
        pen.outline(band)
        for tip in [p(9, 66), p(70, 14), p(91, 66)] { bell(pen, at: tip, size: 5.4) }
    }

    func bell(_ pen: Pen, at point: CGPoint, size: CGFloat) {
        let ball = BezierPath(ovalIn: CGRect(center: point, size: CGSize(width: size, height: size)))
        pen.fill(ball, theme.courtGold)
        pen.outline(ball, width: 0.5)
        var slot = BezierPath()
        slot.move(to: p(point.x - size * 0.3, point.y + size * 0.1)); slot.addLine(to: p(point.x + size * 0.3, point.y + size * 0.1))
        pen.outline(slot, width: 0.45)
    }

    private func p(_ x: CGFloat, _ y: CGFloat) -> CGPoint { CGPoint(x: x, y: y) }
}
