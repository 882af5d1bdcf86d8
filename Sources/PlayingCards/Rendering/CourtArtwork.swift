import Drawing
import Foundation
import Geometry

/// The vector court design drawn when no face image is given: a framed panel holding a
/// half-length figure (king with crown, queen with tiara, jack with cap), each of the twelve
/// told apart by what it holds and how its head is turned (``CourtFigure``), a suit symbol in
/// the panel corner and the rank letter on a medallion. The upper half is drawn once and repeated turned by 180° about the panel's
/// centre, so the card reads the same either way up, like a printed double-headed court.
struct CourtArtwork {
    let card: Card
    let theme: CardTheme
    let letterFont: Font
    /// What the figure holds and how it looks; the card's own unless a test swaps it.
    let figure: CourtFigure

    init(card: Card, theme: CardTheme, letterFont: Font, figure: CourtFigure? = nil) {
        self.card = card
        self.theme = theme
        self.letterFont = letterFont
        self.figure = figure ?? .of(card)
    }

    /// The figure is designed 100 units wide; y = `seamY` is the panel's centre line and the
    /// design reaches up to `figureTop` (above 0, to leave air under the frame).
    static let seamY: CGFloat = 82
    static let figureTop: CGFloat = -5

    var main: Color { theme.color(for: card.suit) }
    /// The second robe colour: blue beside red suits, red beside the others.
    var secondary: Color { main.red > main.blue + 0.2 ? theme.courtBlue : theme.courtRed }
    var gold: Color { theme.courtGold }
    var ink: Color { theme.ink }
    var paper: Color { Color(rgb: 0xFFFCF2) }

    func draw(in layout: CardLayout, on canvas: Canvas) {
        let panel = layout.courtPanelRect
        guard !panel.isNull, panel.width > 4, panel.height > 4 else { return }
        canvas.fill(BezierPath(rect: panel), with: paper)
        let upper = CGRect(x: panel.minX, y: panel.minY, width: panel.width, height: panel.height / 2)
        // Nothing in a half crosses the centre line (the seam line drawn last covers the
        // edges meeting there), so no clip is needed and vector output stays small.
        for turned in [false, true] {
            canvas.withSavedState {
                if turned { canvas.concatenate(CardRenderer.halfTurn(about: panel.center)) }
                drawHalf(in: upper, on: canvas)
            }
        }
        drawFrame(panel, on: canvas)
    }

    // MARK: frame

    func drawFrame(_ panel: CGRect, on canvas: Canvas) {
        let line = max(0.35, panel.width * 0.008)
        var seam = BezierPath()
        seam.move(to: CGPoint(x: panel.minX, y: panel.midY))
        seam.addLine(to: CGPoint(x: panel.maxX, y: panel.midY))
        seam.lineWidth = line
        canvas.stroke(seam, with: ink)
        var outer = BezierPath(rect: panel.insetBy(dx: line / 2, dy: line / 2))
        outer.lineWidth = line
        canvas.stroke(outer, with: ink)
        var inner = BezierPath(rect: panel.insetBy(dx: line * 2.6, dy: line * 2.6))
        inner.lineWidth = line * 0.9
        canvas.stroke(inner, with: gold)
    }

    // MARK: one half

    func drawHalf(in half: CGRect, on canvas: Canvas) {
        drawBackground(half, on: canvas)
        let scale = min(half.width / 100, half.height / (Self.seamY - Self.figureTop))
        let design = CGAffineTransform(scaleX: scale, y: scale)
            .concatenating(CGAffineTransform(translationX: half.midX - 50 * scale,
                                             y: half.maxY - Self.seamY * scale))
        let pen = Pen(canvas: canvas, transform: design, scale: scale, ink: ink)
        switch card.rank {
        case .king: drawKing(pen)
        case .queen: drawQueen(pen)
        default: drawJack(pen)
        }
        drawCornerPip(half, on: canvas)
    }

    /// A fine diagonal hatch in the suit colour behind the figure.
    func drawBackground(_ half: CGRect, on canvas: Canvas) {
        var hatch = BezierPath()
        let step = max(1.5, half.width * 0.045)
        var x = half.minX - half.height
        while x < half.maxX {
            if let (a, b) = SegmentClipping.clip(CGPoint(x: x, y: half.maxY), CGPoint(x: x + half.height, y: half.minY),
                                                 to: half) {
                hatch.move(to: a)
                hatch.addLine(to: b)
            }
            x += step
        }
        hatch.lineWidth = max(0.2, step * 0.12)
        canvas.stroke(hatch, with: main.withAlphaComponent(0.16))
    }

    func drawCornerPip(_ half: CGRect, on canvas: Canvas) {
        let side = half.width * 0.16
        let x = figure.cornerPipSide == .right ? half.maxX - half.width * 0.13 : half.minX + half.width * 0.13
        let rect = CGRect(center: CGPoint(x: x, y: half.minY + half.width * 0.14), size: CGSize(width: side, height: side))
        canvas.fill(SuitShape.path(for: card.suit, in: rect), with: main)
    }

    // MARK: figures

    func drawBody(_ pen: Pen, pattern: (Pen) -> Void) {
        let seam = Self.seamY
        // Torso: sloping shoulders, then straight sides down to the centre line.
        var robe = BezierPath()
        robe.move(to: p(44, 46))
        robe.addCurve(to: p(20, 55), controlPoint1: p(35, 47.5), controlPoint2: p(24, 50))
        robe.addCurve(to: p(17, 68), controlPoint1: p(17.5, 58.5), controlPoint2: p(17, 63))
        robe.addLine(to: p(17, seam))
        robe.addLine(to: p(83, seam))
        robe.addLine(to: p(83, 68))
        robe.addCurve(to: p(80, 55), controlPoint1: p(83, 63), controlPoint2: p(82.5, 58.5))
        robe.addCurve(to: p(56, 46), controlPoint1: p(76, 50), controlPoint2: p(65, 47.5))
        robe.close()
        pen.fill(robe, main)
        pattern(pen)
        pen.outline(robe)
        // The front of the garment in the second colour, edged in gold.
        var front = BezierPath()
        front.move(to: p(44.5, 47))
        front.addLine(to: p(55.5, 47))
        front.addLine(to: p(61, seam))
        front.addLine(to: p(39, seam))
        front.close()
        pen.fill(front, secondary)
        pen.outline(front, width: 1.5, color: gold)
        pen.outline(front)
        // Sleeves down each side, but for an arm raised to the head.
        for side in [CourtFigure.Side.left, .right] where side != figure.raisedArm {
            let sign: CGFloat = side == .left ? -1 : 1
            var sleeve = BezierPath()
            sleeve.move(to: p(50 + sign * 28, 54.2))
            sleeve.addCurve(to: p(50 + sign * 34, 62), controlPoint1: p(50 + sign * 32, 55.5), controlPoint2: p(50 + sign * 34, 58.5))
            sleeve.addLine(to: p(50 + sign * 34, seam))
            sleeve.addLine(to: p(50 + sign * 26, seam))
            sleeve.addLine(to: p(50 + sign * 26, 62))
            sleeve.addCurve(to: p(50 + sign * 24, 56.3), controlPoint1: p(50 + sign * 26, 59), controlPoint2: p(50 + sign * 25.5, 57.5))
            sleeve.close()
            pen.fillAndOutline(sleeve, secondary)
            var cuffs = BezierPath()
            for y: CGFloat in [70, 72.5] {
                cuffs.move(to: p(50 + sign * 26, y)); cuffs.addLine(to: p(50 + sign * 34, y))
            }
            pen.outline(cuffs, width: 0.9, color: gold)
        }
        // Belt on the centre line, shared with the other half.
        let belt = BezierPath(rect: CGRect(x: 17, y: seam - 4.2, width: 66, height: 4.2))
        pen.fillAndOutline(belt, gold)
        var studs = BezierPath()
        for x in stride(from: 21.0, through: 79.0, by: 7.25) {
            studs.append(BezierPath(ovalIn: CGRect(center: p(x, seam - 2.1), size: CGSize(width: 1.3, height: 1.3))))
        }
        pen.fill(studs, ink)
    }

    /// A fist round a staff at `center` (the staff is drawn first).
    func drawFist(_ pen: Pen, at center: CGPoint) {
        let fist = BezierPath(roundedRect: CGRect(center: center, size: CGSize(width: 7.4, height: 6.4)), cornerRadius: 2.6)
        pen.fillAndOutline(fist, theme.skin)
        var fingers = BezierPath()
        for dy: CGFloat in [-1.1, 0.5] {
            fingers.move(to: p(center.x - 3.7, center.y + dy)); fingers.addLine(to: p(center.x + 1.6, center.y + dy))
        }
        pen.outline(fingers, width: 0.4)
    }

    /// Rows of small gold suit symbols, the embroidery of a court robe.
    func suitEmbroidery(_ pen: Pen) {
        for (row, y) in [58.0, 65.5, 73.0].enumerated() {
            for x in [28.5, 35.5, 64.5, 71.5] where !(row == 0 && (x == 28.5 || x == 71.5)) {
                pen.suit(card.suit, center: p(x, y), size: 3.6, color: gold)
            }
        }
    }

    func drawNeckAndHead(_ pen: Pen, headY: CGFloat = 30) {
        let neck = BezierPath(rect: CGRect(x: 45, y: headY + 9, width: 10, height: 8))
        pen.fillAndOutline(neck, theme.skin)
        let head = BezierPath(ovalIn: CGRect(x: 39.5, y: headY - 12.5, width: 21, height: 25))
        pen.fillAndOutline(head, theme.skin)
    }

    func drawMedallion(_ pen: Pen, center: CGPoint, radius: CGFloat) {
        let disc = BezierPath(ovalIn: CGRect(center: center, size: CGSize(width: radius * 2, height: radius * 2)))
        pen.fillAndOutline(disc, gold)
        pen.text(card.rank.label, font: letterFont, centeredAt: center, height: radius * 1.15, color: main)
    }

    /// Diagonal gold stripes, the slashed doublet of a jack.
    func doubletStripes(_ pen: Pen) {
        var stripes = BezierPath()
        // Across the straight part of the robe, below the shoulders.
        let robe = CGRect(x: 17, y: 57, width: 66, height: Self.seamY - 57)
        for x in stride(from: -10.0, through: 100.0, by: 6.0) {
            if let (a, b) = SegmentClipping.clip(p(x, 84), p(x + 30, 44), to: robe) {
                stripes.move(to: a); stripes.addLine(to: b)
            }
        }
        pen.outline(stripes, width: 1.1, color: gold.withAlphaComponent(0.75))
    }

    /// Small gold four-petal rosettes, the brocade of a queen's gown.
    func rosettes(_ pen: Pen) {
        for (row, y) in [59.0, 66.5, 74.0].enumerated() {
            for x in [29.0, 36.0, 64.0, 71.0] where !(row == 0 && (x == 29 || x == 71)) {
                for angle in stride(from: 0.0, to: 2 * Double.pi, by: Double.pi / 2) {
                    let c = p(x + cos(angle) * 1.2, y + sin(angle) * 1.2)
                    pen.fill(BezierPath(ovalIn: CGRect(center: c, size: CGSize(width: 1.6, height: 1.6))), gold)
                }
            }
        }
    }

    func p(_ x: CGFloat, _ y: CGFloat) -> CGPoint { CGPoint(x: x, y: y) }
}

/// Draws paths given in design units through one transform, with outlines whose width is
/// also in design units.
struct Pen {
    let canvas: Canvas
    let transform: CGAffineTransform
    let scale: CGFloat
    let ink: Color

    /// The same pen drawing mirrored about the design's centre line (x = 50), so a part
    /// designed on the right lands on the left.
    var mirrored: Pen {
        let mirror = CGAffineTransform(a: -1, b: 0, c: 0, d: 1, tx: 100, ty: 0)
        return Pen(canvas: canvas, transform: mirror.concatenating(transform), scale: scale, ink: ink)
    }

    /// The same pen drawing `factor` times larger about `center`.
    func scaled(by factor: CGFloat, about center: CGPoint) -> Pen {
        let zoom = CGAffineTransform(translationX: -center.x, y: -center.y)
            .concatenating(CGAffineTransform(scaleX: factor, y: factor))
            .concatenating(CGAffineTransform(translationX: center.x, y: center.y))
        return Pen(canvas: canvas, transform: zoom.concatenating(transform), scale: scale, ink: ink)
    }

    func fill(_ path: BezierPath, _ color: Color) {
        canvas.fill(path.applying(transform), with: color)
    }

    func outline(_ path: BezierPath, width: CGFloat = 0.6, color: Color? = nil) {
        stroke(path.applying(transform), width: width, color: color ?? ink)
    }

    /// A filled shape with its ink outline, the path mapped once for both.
    func fillAndOutline(_ path: BezierPath, _ color: Color, width: CGFloat = 0.6) {
        let mapped = path.applying(transform)
        canvas.fill(mapped, with: color)
        stroke(mapped, width: width, color: ink)
    }

    private func stroke(_ mapped: BezierPath, width: CGFloat, color: Color) {
        var mapped = mapped
        mapped.lineWidth = width * scale
        mapped.lineJoinStyle = .round
        mapped.lineCapStyle = .round
        canvas.stroke(mapped, with: color)
    }

    func clipped(to path: BezierPath, _ body: () -> Void) {
        canvas.withSavedState {
            canvas.clip(to: path.applying(transform))
            body()
        }
    }

    func suit(_ suit: Suit, center: CGPoint, size: CGFloat, color: Color, outlined: Bool = false) {
        let path = SuitShape.path(for: suit, in: CGRect(center: center, size: CGSize(width: size, height: size)))
        fill(path, color)
        if outlined { outline(path, width: 0.4, color: .white) }
    }

    /// One capital letter centred on `center`, its cap height `height` design units.
    func text(_ string: String, font: Font, centeredAt center: CGPoint, height: CGFloat, color: Color) {
        let ink = font.inkBounds(of: string)
        guard ink.height > 0 else { return }
        let sized = font.withSize(font.size * height / ink.height)
        let bounds = sized.inkBounds(of: string)
        canvas.withSavedState {
            canvas.concatenate(transform)
            canvas.showText(string, font: sized, color: color,
                            baselineAt: CGPoint(x: center.x - bounds.midX, y: center.y - bounds.midY))
        }
    }
}
