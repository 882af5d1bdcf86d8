import Drawing
import Foundation
import Geometry

/// The vector court design drawn when no face image is given: a framed panel holding a
/// half-length figure (king with crown and sceptre, queen with tiara and flower, jack with
/// feathered cap and halberd), a suit symbol in the panel corner and the rank letter on a
/// medallion. The upper half is drawn once and repeated turned by 180° about the panel's
/// centre, so the card reads the same either way up, like a printed double-headed court.
struct CourtArtwork {
    let card: Card
    let theme: CardTheme
    let letterFont: Font

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
        // The queen holds her flower on the left, so her pip sits on the right.
        let x = card.rank == .queen ? half.maxX - half.width * 0.13 : half.minX + half.width * 0.13
        let rect = CGRect(center: CGPoint(x: x, y: half.minY + half.width * 0.14), size: CGSize(width: side, height: side))
        canvas.fill(SuitShape.path(for: card.suit, in: rect), with: main)
    }

    // MARK: figures

    /// Which side the figure holds its emblem on (the arm there is raised to a hand).
    enum HoldingSide { case left, right }

    func drawBody(_ pen: Pen, holding: HoldingSide, pattern: (Pen) -> Void) {
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
        // Sleeves down each side; on the holding side the forearm comes forward to the hand.
        for side in [HoldingSide.left, .right] {
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
        _ = holding
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

    func drawFace(_ pen: Pen, headY: CGFloat = 30, mouth: Bool = true) {
        for x: CGFloat in [45.6, 54.4] {
            pen.fill(BezierPath(ovalIn: CGRect(x: x - 1.3, y: headY - 1.6, width: 2.6, height: 1.9)), .white)
            pen.fill(BezierPath(ovalIn: CGRect(x: x - 0.7, y: headY - 1.3, width: 1.4, height: 1.4)), ink)
            var brow = BezierPath()
            brow.move(to: p(x - 2.4, headY - 3.2))
            brow.addQuadCurve(to: p(x + 2.4, headY - 3.4), controlPoint: p(x, headY - 5))
            pen.outline(brow, width: 0.7)
        }
        var nose = BezierPath()
        nose.move(to: p(50.4, headY - 1))
        nose.addQuadCurve(to: p(49.2, headY + 4.6), controlPoint: p(49, headY + 2.5))
        nose.addQuadCurve(to: p(51.4, headY + 4.6), controlPoint: p(50.3, headY + 5.6))
        pen.outline(nose, width: 0.55)
        if mouth {
            var lips = BezierPath()
            lips.move(to: p(47.6, headY + 7.4))
            lips.addQuadCurve(to: p(52.4, headY + 7.4), controlPoint: p(50, headY + 9.6))
            lips.addQuadCurve(to: p(47.6, headY + 7.4), controlPoint: p(50, headY + 6.6))
            lips.close()
            pen.fill(lips, theme.courtRed)
        }
    }

    func drawMedallion(_ pen: Pen, center: CGPoint, radius: CGFloat) {
        let disc = BezierPath(ovalIn: CGRect(center: center, size: CGSize(width: radius * 2, height: radius * 2)))
        pen.fillAndOutline(disc, gold)
        pen.text(card.rank.label, font: letterFont, centeredAt: center, height: radius * 1.15, color: main)
    }

    func drawKing(_ pen: Pen) {
        // Sceptre behind the shoulder, topped by the suit.
        let rod = BezierPath(rect: CGRect(x: 88.3, y: 12, width: 2.4, height: Self.seamY - 12))
        pen.fillAndOutline(rod, gold)
        drawBody(pen, holding: .right, pattern: suitEmbroidery)
        // Ermine cape over the shoulders.
        var cape = BezierPath()
        cape.move(to: p(22, 52))
        cape.addCurve(to: p(44, 45), controlPoint1: p(30, 48), controlPoint2: p(38, 46))
        cape.addLine(to: p(56, 45))
        cape.addCurve(to: p(78, 52), controlPoint1: p(62, 46), controlPoint2: p(70, 48))
        cape.addCurve(to: p(50, 59), controlPoint1: p(70, 57), controlPoint2: p(60, 59))
        cape.addCurve(to: p(22, 52), controlPoint1: p(40, 59), controlPoint2: p(30, 57))
        cape.close()
        pen.fillAndOutline(cape, .white)
        for x in stride(from: 28.0, through: 72.0, by: 7.3) {
            pen.fill(ermine(at: p(x, x == 50 ? 55 : 53.4)), ink)
        }
        drawNeckAndHead(pen)
        // Hair, beard and moustache, white with age.
        let hairColor = Color(rgb: 0xEDE6D6)
        var hair = BezierPath()
        hair.move(to: p(39, 22)); hair.addCurve(to: p(38.5, 38), controlPoint1: p(36, 27), controlPoint2: p(36.5, 34))
        hair.addLine(to: p(41, 32)); hair.close()
        hair.move(to: p(61, 22)); hair.addCurve(to: p(61.5, 38), controlPoint1: p(64, 27), controlPoint2: p(63.5, 34))
        hair.addLine(to: p(59, 32)); hair.close()
        pen.fillAndOutline(hair, hairColor)
        var beard = BezierPath()
        beard.move(to: p(40.5, 33))
        beard.addCurve(to: p(50, 51), controlPoint1: p(40, 42), controlPoint2: p(45, 49))
        beard.addCurve(to: p(59.5, 33), controlPoint1: p(55, 49), controlPoint2: p(60, 42))
        beard.addCurve(to: p(50, 38.5), controlPoint1: p(57, 37), controlPoint2: p(53, 38.5))
        beard.addCurve(to: p(40.5, 33), controlPoint1: p(47, 38.5), controlPoint2: p(43, 37))
        beard.close()
        pen.fillAndOutline(beard, hairColor)
        var strands = BezierPath()
        for x: CGFloat in [45, 50, 55] {
            strands.move(to: p(x, 41)); strands.addQuadCurve(to: p(50 + (x - 50) * 0.5, 48.5), controlPoint: p(x, 45))
        }
        pen.outline(strands, width: 0.4)
        drawFace(pen, mouth: false)
        var moustache = BezierPath()
        moustache.move(to: p(50, 35.4))
        moustache.addCurve(to: p(43.5, 37.6), controlPoint1: p(47.5, 34.6), controlPoint2: p(45, 35.4))
        moustache.addCurve(to: p(50, 37), controlPoint1: p(46, 37.8), controlPoint2: p(48, 37.6))
        moustache.addCurve(to: p(56.5, 37.6), controlPoint1: p(52, 37.6), controlPoint2: p(54, 37.8))
        moustache.addCurve(to: p(50, 35.4), controlPoint1: p(55, 35.4), controlPoint2: p(52.5, 34.6))
        moustache.close()
        pen.fillAndOutline(moustache, hairColor, width: 0.45)
        // Crown: a jewelled band and five points, the middle one carrying the suit.
        var crown = BezierPath()
        crown.move(to: p(38.5, 19.5))
        crown.addLine(to: p(37.5, 6))
        crown.addLine(to: p(43, 12.5))
        crown.addLine(to: p(46, 5))
        crown.addLine(to: p(50, 11.5))
        crown.addLine(to: p(54, 5))
        crown.addLine(to: p(57, 12.5))
        crown.addLine(to: p(62.5, 6))
        crown.addLine(to: p(61.5, 19.5))
        crown.close()
        pen.fillAndOutline(crown, gold)
        let band = BezierPath(rect: CGRect(x: 38, y: 15.5, width: 24, height: 4.5))
        pen.fillAndOutline(band, gold)
        for (index, x) in [42.0, 50.0, 58.0].enumerated() {
            let jewel = BezierPath(ovalIn: CGRect(center: p(x, 17.75), size: CGSize(width: 2.6, height: 2.6)))
            pen.fillAndOutline(jewel, index == 1 ? secondary : main, width: 0.35)
        }
        for point in [p(37.5, 6), p(46, 5), p(54, 5), p(62.5, 6)] {
            let pearl = BezierPath(ovalIn: CGRect(center: point, size: CGSize(width: 2.4, height: 2.4)))
            pen.fillAndOutline(pearl, .white, width: 0.4)
        }
        pen.suit(card.suit, center: p(50, 7.5), size: 6, color: main)
        // The sceptre's head, the hand holding it, and the medallion with the rank letter.
        let orb = BezierPath(ovalIn: CGRect(center: p(89.5, 13), size: CGSize(width: 4.4, height: 4.4)))
        pen.fillAndOutline(orb, gold)
        pen.suit(card.suit, center: p(89.5, 5.6), size: 9, color: main, outlined: true)
        drawFist(pen, at: p(88.2, 64))
        drawMedallion(pen, center: p(50, 66.5), radius: 5.6)
    }

    /// An ermine tail: a small spot with three marks above it.
    func ermine(at point: CGPoint) -> BezierPath {
        var spot = BezierPath()
        spot.move(to: p(point.x, point.y - 2))
        spot.addLine(to: p(point.x + 0.9, point.y + 1.4))
        spot.addLine(to: p(point.x - 0.9, point.y + 1.4))
        spot.close()
        for dx: CGFloat in [-1.3, 0, 1.3] {
            spot.append(BezierPath(ovalIn: CGRect(center: p(point.x + dx, point.y - 2.6), size: CGSize(width: 0.9, height: 0.9))))
        }
        return spot
    }

    func drawQueen(_ pen: Pen) {
        // The flower's stem behind the shoulder.
        var stem = BezierPath()
        stem.move(to: p(12, 64))
        stem.addCurve(to: p(11, 22), controlPoint1: p(13, 50), controlPoint2: p(9, 38))
        stem.lineWidth = 1.3
        pen.outline(stem, width: 1.4, color: Color(rgb: 0x2E7D32))
        var leaf = BezierPath()
        leaf.move(to: p(11.4, 42))
        leaf.addQuadCurve(to: p(20, 34), controlPoint: p(18.5, 41.5))
        leaf.addQuadCurve(to: p(11.4, 42), controlPoint: p(12.5, 35))
        leaf.close()
        pen.fillAndOutline(leaf, Color(rgb: 0x2E7D32), width: 0.4)
        // Long hair falling behind the shoulders.
        let hairColor = Color(rgb: 0x8B5A2B)
        var hair = BezierPath()
        hair.move(to: p(50, 14.5))
        hair.addCurve(to: p(36, 32), controlPoint1: p(40, 14.5), controlPoint2: p(36, 22))
        hair.addCurve(to: p(33, 52), controlPoint1: p(36, 40), controlPoint2: p(31, 46))
        hair.addLine(to: p(67, 52))
        hair.addCurve(to: p(64, 32), controlPoint1: p(69, 46), controlPoint2: p(64, 40))
        hair.addCurve(to: p(50, 14.5), controlPoint1: p(64, 22), controlPoint2: p(60, 14.5))
        hair.close()
        pen.fillAndOutline(hair, hairColor)
        drawBody(pen, holding: .left, pattern: rosettes)
        // Lace collar: a scalloped ruff around the neck.
        var ruff = BezierPath()
        let scallops = 9
        ruff.move(to: p(33, 50))
        for index in 0..<scallops {
            let x0 = 33 + CGFloat(index) * 34 / CGFloat(scallops)
            let x1 = x0 + 34 / CGFloat(scallops)
            ruff.addQuadCurve(to: p(x1, 50), controlPoint: p((x0 + x1) / 2, 55.5))
        }
        ruff.addCurve(to: p(33, 50), controlPoint1: p(60, 42.5), controlPoint2: p(40, 42.5))
        ruff.close()
        pen.fillAndOutline(ruff, .white)
        drawNeckAndHead(pen)
        // A fringe of hair over the forehead.
        var fringe = BezierPath()
        fringe.move(to: p(39.6, 28))
        fringe.addCurve(to: p(50, 19), controlPoint1: p(39, 21), controlPoint2: p(44, 18))
        fringe.addCurve(to: p(60.4, 28), controlPoint1: p(56, 18), controlPoint2: p(61, 21))
        fringe.addCurve(to: p(50, 21.5), controlPoint1: p(57, 23), controlPoint2: p(54, 21.5))
        fringe.addCurve(to: p(39.6, 28), controlPoint1: p(46, 21.5), controlPoint2: p(43, 23))
        fringe.close()
        pen.fillAndOutline(fringe, hairColor)
        drawFace(pen)
        // Tiara: three arches with pearls, a jewel in the suit's colour at the centre.
        var tiara = BezierPath()
        tiara.move(to: p(40, 19))
        tiara.addCurve(to: p(45, 9.5), controlPoint1: p(40, 14), controlPoint2: p(42, 10))
        tiara.addCurve(to: p(50, 6), controlPoint1: p(46.5, 8), controlPoint2: p(48, 6))
        tiara.addCurve(to: p(55, 9.5), controlPoint1: p(52, 6), controlPoint2: p(53.5, 8))
        tiara.addCurve(to: p(60, 19), controlPoint1: p(58, 10), controlPoint2: p(60, 14))
        tiara.addLine(to: p(40, 19))
        tiara.close()
        pen.fillAndOutline(tiara, gold)
        let tiaraBand = BezierPath(rect: CGRect(x: 39.5, y: 16.2, width: 21, height: 3.3))
        pen.fillAndOutline(tiaraBand, secondary)
        for x in stride(from: 41.5, through: 58.5, by: 2.8) {
            pen.fill(BezierPath(ovalIn: CGRect(center: p(x, 17.85), size: CGSize(width: 1.3, height: 1.3))), .white)
        }
        pen.suit(card.suit, center: p(50, 11.8), size: 6.5, color: main)
        for point in [p(45, 9.5), p(50, 4.4), p(55, 9.5)] {
            let pearl = BezierPath(ovalIn: CGRect(center: point, size: CGSize(width: 2.4, height: 2.4)))
            pen.fillAndOutline(pearl, .white, width: 0.4)
        }
        // The flower: five petals in the suit colour around a gold heart, held in the hand.
        let bloom = p(11, 19)
        for index in 0..<5 {
            let angle = CGFloat(index) * 2 * .pi / 5 - .pi / 2
            let center = p(bloom.x + cos(angle) * 3.6, bloom.y + sin(angle) * 3.6)
            let petal = BezierPath(ovalIn: CGRect(center: center, size: CGSize(width: 5.2, height: 5.2)))
            pen.fillAndOutline(petal, main, width: 0.45)
        }
        let heart = BezierPath(ovalIn: CGRect(center: bloom, size: CGSize(width: 3.6, height: 3.6)))
        pen.fillAndOutline(heart, gold, width: 0.45)
        drawFist(pen, at: p(12.4, 64))
        drawMedallion(pen, center: p(50, 65), radius: 5.6)
    }

    func drawJack(_ pen: Pen) {
        // Halberd behind the shoulder: shaft, spear point and axe blade.
        let shaft = BezierPath(rect: CGRect(x: 88.5, y: 14, width: 2, height: Self.seamY - 14))
        pen.fillAndOutline(shaft, Color(rgb: 0x8B5A2B))
        var blade = BezierPath()
        blade.move(to: p(89.5, 2))
        blade.addLine(to: p(91.9, 10))
        blade.addLine(to: p(90.5, 14))
        blade.addLine(to: p(88.5, 14))
        blade.addLine(to: p(87.1, 10))
        blade.close()
        blade.move(to: p(90.5, 15))
        blade.addCurve(to: p(98, 13), controlPoint1: p(93, 15), controlPoint2: p(96, 12))
        blade.addCurve(to: p(98, 24), controlPoint1: p(96.5, 17), controlPoint2: p(96.5, 20))
        blade.addCurve(to: p(90.5, 21), controlPoint1: p(96, 22), controlPoint2: p(93, 21))
        blade.close()
        pen.fillAndOutline(blade, Color(rgb: 0xC9CED6))
        // A pennant in the suit colour.
        var pennant = BezierPath()
        pennant.move(to: p(88.5, 16))
        pennant.addLine(to: p(76, 19.5))
        pennant.addLine(to: p(80, 22))
        pennant.addLine(to: p(76, 24.5))
        pennant.addLine(to: p(88.5, 27))
        pennant.close()
        pen.fillAndOutline(pennant, main)
        drawBody(pen, holding: .right, pattern: doubletStripes)
        // A plain turned-down collar.
        var collar = BezierPath()
        collar.move(to: p(40, 46)); collar.addLine(to: p(50, 53)); collar.addLine(to: p(60, 46))
        collar.addLine(to: p(55, 44.5)); collar.addLine(to: p(50, 48)); collar.addLine(to: p(45, 44.5))
        collar.close()
        pen.fillAndOutline(collar, .white)
        drawNeckAndHead(pen)
        // Bobbed golden hair.
        let hairColor = Color(rgb: 0xD39B2A)
        var hair = BezierPath()
        hair.move(to: p(38.6, 36))
        hair.addCurve(to: p(39.5, 24), controlPoint1: p(37.5, 32), controlPoint2: p(38, 27))
        hair.addLine(to: p(60.5, 24))
        hair.addCurve(to: p(61.4, 36), controlPoint1: p(62, 27), controlPoint2: p(62.5, 32))
        hair.addCurve(to: p(58.5, 35), controlPoint1: p(60.5, 36.5), controlPoint2: p(59.5, 36))
        hair.addLine(to: p(58.5, 26))
        hair.addLine(to: p(41.5, 26))
        hair.addLine(to: p(41.5, 35))
        hair.addCurve(to: p(38.6, 36), controlPoint1: p(40.5, 36), controlPoint2: p(39.5, 36.5))
        hair.close()
        pen.fillAndOutline(hair, hairColor)
        drawFace(pen)
        // Cap with a gold band and a long feather in the suit colour.
        var feather = BezierPath()
        feather.move(to: p(57, 17))
        feather.addCurve(to: p(74, 1), controlPoint1: p(62, 8), controlPoint2: p(68, 3))
        feather.addCurve(to: p(60, 19), controlPoint1: p(72, 8), controlPoint2: p(67, 15))
        feather.close()
        pen.fillAndOutline(feather, main)
        var quill = BezierPath()
        quill.move(to: p(58.5, 18)); quill.addQuadCurve(to: p(73, 2), controlPoint: p(66, 8))
        pen.outline(quill, width: 0.45, color: .white)
        var cap = BezierPath()
        cap.move(to: p(37, 21.5))
        cap.addCurve(to: p(50, 8), controlPoint1: p(37, 13), controlPoint2: p(43, 8))
        cap.addCurve(to: p(63, 21.5), controlPoint1: p(57, 8), controlPoint2: p(63, 13))
        cap.close()
        pen.fillAndOutline(cap, secondary)
        let capBand = BezierPath(rect: CGRect(x: 37, y: 19.5, width: 26, height: 3.6))
        pen.fillAndOutline(capBand, gold)
        pen.suit(card.suit, center: p(50, 14.5), size: 5.5, color: gold)
        drawFist(pen, at: p(88.6, 64))
        drawMedallion(pen, center: p(50, 64), radius: 5.6)
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

    private func p(_ x: CGFloat, _ y: CGFloat) -> CGPoint { CGPoint(x: x, y: y) }
}

/// Draws paths given in design units through one transform, with outlines whose width is
/// also in design units.
struct Pen {
    let canvas: Canvas
    let transform: CGAffineTransform
    let scale: CGFloat
    let ink: Color

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
