import Drawing
import Foundation
import Geometry

/// A sheet showing each drawing primitive once: the sample `cardrender render` starts from.
public enum PrimitivesSample {
    static let panelSize = CGSize(width: 200, height: 170)
    static let columns = 4

    /// The sheet, laid out; throws only when a bundled font is missing.
    public static func picture() throws -> Picture {
        let title = try Font(.bold, size: 11)
        let body = try Font(.regular, size: 10)
        let big = try Font(.bold, size: 18)
        let embedded = try PNG.decode(try PNG.encode(sampleBitmap()))
        let panels: [(String, @Sendable (Canvas, CGRect) throws -> Void)] = [
            ("Rounded rect + addClip()", { _, rect in drawClippedRoundedRect(in: rect) }),
            ("Label rotated by π (affine)", { canvas, rect in drawRotatedLabels(in: rect, canvas: canvas, font: big) }),
            ("Arcs (context and path)", { canvas, rect in drawArcs(in: rect, canvas: canvas) }),
            ("Dashed strokes, caps, joins", { _, rect in drawDashes(in: rect) }),
            ("Linear gradient", { canvas, rect in drawGradient(in: rect, canvas: canvas) }),
            ("Text centred in a rect", { canvas, rect in drawCentredText(in: rect, canvas: canvas, font: body, bold: big) }),
            ("Embedded PNG, aspect fit", { canvas, rect in try drawImage(embedded, in: rect, canvas: canvas, font: body) }),
            ("Quad and cubic curves", { _, rect in drawCurves(in: rect) }),
        ]
        let rows = (panels.count + columns - 1) / columns
        let size = CGSize(width: panelSize.width * CGFloat(columns), height: panelSize.height * CGFloat(rows))
        return Picture(size: size, title: "cardrender primitives") { canvas in
            Color(rgb: 0xF4F1EA).setFill()
            canvas.fill(canvas.bounds)
            for (index, panel) in panels.enumerated() {
                let origin = CGPoint(x: CGFloat(index % columns) * panelSize.width,
                                     y: CGFloat(index / columns) * panelSize.height)
                let frame = CGRect(origin: origin, size: panelSize).insetBy(dx: 6, dy: 6)
                var border = BezierPath(roundedRect: frame, cornerRadius: 8)
                border.lineWidth = 1
                canvas.fill(border, with: .white)
                canvas.stroke(border, with: Color(white: 0.75))
                StyledText(panel.0, font: title, color: Color(white: 0.2), alignment: .center)
                    .draw(in: CGRect(x: frame.minX, y: frame.minY + 5, width: frame.width, height: 14))
                let content = CGRect(x: frame.minX + 10, y: frame.minY + 24, width: frame.width - 20,
                                     height: frame.height - 32)
                try canvas.withSavedState { try panel.1(canvas, content) }
            }
        }
    }

    /// A small bitmap with transparency, so the embedded image shows alpha and aspect fit.
    static func sampleBitmap() -> RGBAImage {
        var image = RGBAImage(width: 48, height: 32)
        for y in 0..<32 {
            for x in 0..<48 {
                let checker = ((x / 8) + (y / 8)) % 2 == 0
                let dx = Double(x) - 23.5, dy = Double(y) - 15.5
                let inside = dx * dx / (22 * 22) + dy * dy / (14 * 14) <= 1
                image[x, y] = inside
                    ? RGBAImage.Pixel(r: checker ? 30 : 240, g: checker ? 110 : 180, b: checker ? 200 : 40, a: 255)
                    : RGBAImage.Pixel(r: 0, g: 0, b: 0, a: 0)
            }
        }
        return image
    }

    static func drawClippedRoundedRect(in rect: CGRect) {
        let card = CGRect(center: CGPoint(x: rect.midX, y: rect.midY), size: CGSize(width: 90, height: 126))
        let roundedRect = BezierPath(roundedRect: card, cornerRadius: card.height * 0.06 * 2)
        roundedRect.addClip()
        Color.white.setFill()
        roundedRect.fill()
        var stripes = BezierPath()
        var x = card.minX - card.height
        while x < card.maxX {
            stripes.move(to: CGPoint(x: x, y: card.maxY))
            stripes.addLine(to: CGPoint(x: x + card.height, y: card.minY))
            x += 10
        }
        stripes.lineWidth = 4
        Color(rgb: 0xC8102E).withAlphaComponent(0.8).setStroke()
        stripes.stroke()
    }

    static func drawRotatedLabels(in rect: CGRect, canvas: Canvas, font: Font) {
        let card = CGRect(center: CGPoint(x: rect.midX, y: rect.midY), size: CGSize(width: 90, height: 126))
        var outline = BezierPath(roundedRect: card, cornerRadius: 7)
        outline.lineWidth = 1
        canvas.stroke(outline, with: .gray)
        let label = StyledText("Q\n♥", font: font, color: Color(rgb: 0xC8102E), alignment: .center)
        let labelSize = label.size()
        let offset: CGFloat = 4
        label.draw(at: card.origin.offsetBy(dx: offset, dy: offset))
        // The CS193p PlayingCardView demo's lower-right corner label: translate by the label's size, rotate by π.
        let origin = CGPoint(x: card.maxX, y: card.maxY).offsetBy(dx: -offset, dy: -offset)
            .offsetBy(dx: -labelSize.width, dy: -labelSize.height)
        canvas.withSavedState {
            canvas.translateBy(x: origin.x, y: origin.y)
            canvas.concatenate(CGAffineTransform.identity
                .translatedBy(x: labelSize.width, y: labelSize.height)
                .rotated(by: CGFloat.pi))
            label.draw(at: .zero)
        }
    }

    static func drawArcs(in rect: CGRect, canvas: Canvas) {
        // The CS193p demo's first draw(_:) example, context style then path style.
        let center = CGPoint(x: rect.minX + rect.width * 0.3, y: rect.midY)
        canvas.addArc(center: center, radius: 38, startAngle: 0, endAngle: 2 * CGFloat.pi, clockwise: true)
        canvas.setLineWidth(5)
        Color.green.setFill()
        Color.red.setStroke()
        canvas.strokePath()
        canvas.fillPath() // The path was consumed by strokePath: nothing is filled, as in UIKit's Core Graphics.
        var path = BezierPath(arcCenter: CGPoint(x: rect.minX + rect.width * 0.74, y: rect.midY), radius: 38,
                              startAngle: 0, endAngle: 2 * CGFloat.pi, clockwise: true)
        path.lineWidth = 5
        path.stroke()
        path.fill()
        var pie = BezierPath()
        let pieCenter = CGPoint(x: rect.minX + rect.width * 0.74, y: rect.midY)
        pie.move(to: pieCenter)
        pie.addArc(withCenter: pieCenter, radius: 30, startAngle: -CGFloat.pi / 2, endAngle: CGFloat.pi / 4,
                   clockwise: true)
        pie.close()
        canvas.fill(pie, with: Color(rgb: 0x1F4E9E))
    }

    static func drawDashes(in rect: CGRect) {
        let patterns: [([CGFloat], LineCap, Color)] = [
            ([], .butt, .black), ([10, 5], .butt, Color(rgb: 0xC8102E)), ([2, 6], .round, Color(rgb: 0x1F4E9E)),
            ([14, 4, 2, 4], .square, Color(rgb: 0x2E7D32)),
        ]
        for (index, (dash, cap, color)) in patterns.enumerated() {
            let y = rect.minY + 12 + CGFloat(index) * 18
            var line = BezierPath()
            line.move(to: CGPoint(x: rect.minX + 6, y: y))
            line.addLine(to: CGPoint(x: rect.maxX - 6, y: y))
            line.lineWidth = 4
            line.lineCapStyle = cap
            line.setLineDash(dash)
            color.setStroke()
            line.stroke()
        }
        var zigzag = BezierPath()
        zigzag.move(to: CGPoint(x: rect.minX + 10, y: rect.maxY - 8))
        for i in 1...6 {
            zigzag.addLine(to: CGPoint(x: rect.minX + 10 + CGFloat(i) * 26, y: rect.maxY - (i % 2 == 0 ? 8 : 36)))
        }
        zigzag.lineWidth = 7
        zigzag.lineJoinStyle = .round
        Color(white: 0.3).setStroke()
        zigzag.stroke()
    }

    static func drawGradient(in rect: CGRect, canvas: Canvas) {
        let area = rect.insetBy(dx: 4, dy: 4)
        canvas.drawLinearGradient(colors: [Color(rgb: 0x0B3D91), Color(rgb: 0x7FB2F0), .white],
                                  locations: [0, 0.6, 1],
                                  from: CGPoint(x: area.minX, y: area.minY), to: CGPoint(x: area.maxX, y: area.maxY),
                                  in: BezierPath(roundedRect: area, cornerRadius: 12))
    }

    static func drawCentredText(in rect: CGRect, canvas: Canvas, font: Font, bold: Font) {
        let box = rect.insetBy(dx: 10, dy: 10)
        var frame = BezierPath(rect: box)
        frame.lineWidth = 0.5
        frame.setLineDash([3, 3])
        canvas.stroke(frame, with: .gray)
        var cross = BezierPath()
        cross.move(to: CGPoint(x: box.midX, y: box.minY)); cross.addLine(to: CGPoint(x: box.midX, y: box.maxY))
        cross.move(to: CGPoint(x: box.minX, y: box.midY)); cross.addLine(to: CGPoint(x: box.maxX, y: box.midY))
        cross.lineWidth = 0.5
        canvas.stroke(cross, with: Color(rgb: 0xC8102E).withAlphaComponent(0.5))
        StyledText("Centred\ntwo lines", font: bold, color: .black, alignment: .center)
            .draw(centeredIn: box)
    }

    static func drawImage(_ image: RGBAImage, in rect: CGRect, canvas: Canvas, font: Font) throws {
        let target = rect.insetBy(dx: 20, dy: 6)
        var frame = BezierPath(rect: target)
        frame.lineWidth = 0.5
        frame.setLineDash([3, 3])
        canvas.stroke(frame, with: .gray)
        try canvas.draw(image, in: target, fit: .contain)
    }

    static func drawCurves(in rect: CGRect) {
        var wave = BezierPath()
        wave.move(to: CGPoint(x: rect.minX + 5, y: rect.midY))
        wave.addQuadCurve(to: CGPoint(x: rect.midX, y: rect.midY), controlPoint: CGPoint(x: rect.minX + rect.width / 4, y: rect.minY))
        wave.addCurve(to: CGPoint(x: rect.maxX - 5, y: rect.midY),
                      controlPoint1: CGPoint(x: rect.midX + 20, y: rect.maxY + 10),
                      controlPoint2: CGPoint(x: rect.maxX - 30, y: rect.minY - 10))
        wave.lineWidth = 3
        Color(rgb: 0x6A1B9A).setStroke()
        wave.stroke()
        let oval = BezierPath(ovalIn: CGRect(x: rect.midX - 30, y: rect.maxY - 34, width: 60, height: 30))
        Color(rgb: 0xF9A825).setFill()
        oval.fill()
    }
}
