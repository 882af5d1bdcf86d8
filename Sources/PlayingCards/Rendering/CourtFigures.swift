import Drawing
import Foundation
import Geometry

/// The three figures, drawn back to front in design units; what each court of a rank holds and
/// how it looks comes from ``CourtFigure``.
extension CourtArtwork {
    /// The pen for a part designed looking right, mirrored when the head looks left.
    func facingPen(_ pen: Pen, _ facing: CourtFigure.Side) -> Pen {
        facing == .right ? pen : pen.mirrored
    }

    // MARK: king

    func drawKing(_ pen: Pen) {
        drawEmblems(.behind, pen)
        drawBody(pen, pattern: suitEmbroidery)
        drawErmineCape(pen)
        drawEmblems(.overBody, pen)
        drawNeckAndHead(pen)
        switch figure.head {
        case .front: drawKingsFrontHead(pen)
        case .profile(let facing): drawKingsProfileHead(facingPen(pen, facing))
        }
        drawCrown(pen)
        drawEmblems(.inFront, pen)
        drawMedallion(pen, center: p(50, 66.5), radius: 5.6)
    }

    static let kingsHair = Color(rgb: 0xEDE6D6)

    func drawErmineCape(_ pen: Pen) {
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

    /// White hair at both sides, a full beard, and a moustache unless the figure goes without.
    func drawKingsFrontHead(_ pen: Pen) {
        var hair = BezierPath()
        hair.move(to: p(39, 22)); hair.addCurve(to: p(38.5, 38), controlPoint1: p(36, 27), controlPoint2: p(36.5, 34))
        hair.addLine(to: p(41, 32)); hair.close()
        hair.move(to: p(61, 22)); hair.addCurve(to: p(61.5, 38), controlPoint1: p(64, 27), controlPoint2: p(63.5, 34))
        hair.addLine(to: p(59, 32)); hair.close()
        pen.fillAndOutline(hair, Self.kingsHair)
        var beard = BezierPath()
        beard.move(to: p(40.5, 33))
        beard.addCurve(to: p(50, 51), controlPoint1: p(40, 42), controlPoint2: p(45, 49))
        beard.addCurve(to: p(59.5, 33), controlPoint1: p(55, 49), controlPoint2: p(60, 42))
        beard.addCurve(to: p(50, 38.5), controlPoint1: p(57, 37), controlPoint2: p(53, 38.5))
        beard.addCurve(to: p(40.5, 33), controlPoint1: p(47, 38.5), controlPoint2: p(43, 37))
        beard.close()
        pen.fillAndOutline(beard, Self.kingsHair)
        var strands = BezierPath()
        for x: CGFloat in [45, 50, 55] {
            strands.move(to: p(x, 41)); strands.addQuadCurve(to: p(50 + (x - 50) * 0.5, 48.5), controlPoint: p(x, 45))
        }
        pen.outline(strands, width: 0.4)
        drawFace(pen, mouth: !figure.moustache)
        guard figure.moustache else { return }
        var moustache = BezierPath()
        moustache.move(to: p(50, 35.4))
        moustache.addCurve(to: p(43.5, 37.6), controlPoint1: p(47.5, 34.6), controlPoint2: p(45, 35.4))
        moustache.addCurve(to: p(50, 37), controlPoint1: p(46, 37.8), controlPoint2: p(48, 37.6))
        moustache.addCurve(to: p(56.5, 37.6), controlPoint1: p(52, 37.6), controlPoint2: p(54, 37.8))
        moustache.addCurve(to: p(50, 35.4), controlPoint1: p(55, 35.4), controlPoint2: p(52.5, 34.6))
        moustache.close()
        pen.fillAndOutline(moustache, Self.kingsHair, width: 0.45)
    }

    /// The king in profile, designed looking right: hair falling behind the ear, a beard
    /// jutting forward from the jaw, one eye.
    func drawKingsProfileHead(_ pen: Pen) {
        var hair = BezierPath()
        hair.move(to: p(40.5, 21))
        hair.addCurve(to: p(37.5, 40), controlPoint1: p(36.5, 26), controlPoint2: p(35.5, 34))
        hair.addLine(to: p(44, 37.5))
        hair.addLine(to: p(43.5, 22))
        hair.close()
        pen.fillAndOutline(hair, Self.kingsHair)
        var beard = BezierPath()
        beard.move(to: p(45.5, 33))
        beard.addCurve(to: p(57, 50.5), controlPoint1: p(45, 43), controlPoint2: p(50.5, 49.5))
        beard.addCurve(to: p(61.2, 36.8), controlPoint1: p(60.5, 47), controlPoint2: p(62, 41))
        beard.addCurve(to: p(45.5, 33), controlPoint1: p(56, 39.5), controlPoint2: p(49, 38))
        beard.close()
        pen.fillAndOutline(beard, Self.kingsHair)
        var strands = BezierPath()
        for x: CGFloat in [50, 54.5] {
            strands.move(to: p(x, 40.5)); strands.addQuadCurve(to: p(x + 2, 48), controlPoint: p(x, 45))
        }
        pen.outline(strands, width: 0.4)
        drawProfileFace(pen, mouth: false)
        var moustache = BezierPath()
        moustache.move(to: p(56, 35.4))
        moustache.addCurve(to: p(62.6, 36.4), controlPoint1: p(58.5, 34.4), controlPoint2: p(61, 35))
        moustache.addCurve(to: p(56, 37.6), controlPoint1: p(60.5, 38), controlPoint2: p(58, 38))
        moustache.close()
        pen.fillAndOutline(moustache, Self.kingsHair, width: 0.45)
    }

    /// A jewelled band and five points, the middle one carrying the suit.
    func drawCrown(_ pen: Pen) {
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
    }

    // MARK: queen

    func drawQueen(_ pen: Pen) {
        drawEmblems(.behind, pen)
        drawQueensHair(pen)
        drawBody(pen, pattern: rosettes)
        drawRuff(pen)
        drawNeckAndHead(pen)
        drawQueensFringe(pen)
        drawFace(pen)
        drawTiara(pen)
        drawEmblems(.inFront, pen)
        drawMedallion(pen, center: p(50, 65), radius: 5.6)
    }

    static let queensHair = Color(rgb: 0x8B5A2B)

    /// Long hair falling behind the shoulders.
    func drawQueensHair(_ pen: Pen) {
        var hair = BezierPath()
        hair.move(to: p(50, 14.5))
        hair.addCurve(to: p(36, 32), controlPoint1: p(40, 14.5), controlPoint2: p(36, 22))
        hair.addCurve(to: p(33, 52), controlPoint1: p(36, 40), controlPoint2: p(31, 46))
        hair.addLine(to: p(67, 52))
        hair.addCurve(to: p(64, 32), controlPoint1: p(69, 46), controlPoint2: p(64, 40))
        hair.addCurve(to: p(50, 14.5), controlPoint1: p(64, 22), controlPoint2: p(60, 14.5))
        hair.close()
        pen.fillAndOutline(hair, Self.queensHair)
    }

    /// A fringe of hair over the forehead.
    func drawQueensFringe(_ pen: Pen) {
        var fringe = BezierPath()
        fringe.move(to: p(39.6, 28))
        fringe.addCurve(to: p(50, 19), controlPoint1: p(39, 21), controlPoint2: p(44, 18))
        fringe.addCurve(to: p(60.4, 28), controlPoint1: p(56, 18), controlPoint2: p(61, 21))
        fringe.addCurve(to: p(50, 21.5), controlPoint1: p(57, 23), controlPoint2: p(54, 21.5))
        fringe.addCurve(to: p(39.6, 28), controlPoint1: p(46, 21.5), controlPoint2: p(43, 23))
        fringe.close()
        pen.fillAndOutline(fringe, Self.queensHair)
    }

    /// Lace collar: a scalloped ruff around the neck.
    func drawRuff(_ pen: Pen) {
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
    }

    /// Three arches with pearls, a jewel in the suit's colour at the centre.
    func drawTiara(_ pen: Pen) {
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
    }

    // MARK: jack

    func drawJack(_ pen: Pen) {
        drawEmblems(.behind, pen)
        drawBody(pen, pattern: doubletStripes)
        drawEmblems(.overBody, pen)
        drawJacksCollar(pen)
        drawNeckAndHead(pen)
        switch figure.head {
        case .front:
            drawJacksFrontHair(pen)
            drawFace(pen, smiling: figure.smiles)
        case .profile(let facing):
            let facingPen = facingPen(pen, facing)
            drawJacksProfileHair(facingPen)
            drawProfileFace(facingPen)
        }
        if figure.capFeather { drawCapFeather(pen) }
        drawCap(pen)
        drawEmblems(.inFront, pen)
        drawMedallion(pen, center: p(50, 64), radius: 5.6)
    }

    static let jacksHair = Color(rgb: 0xD39B2A)

    /// A plain turned-down collar.
    func drawJacksCollar(_ pen: Pen) {
        var collar = BezierPath()
        collar.move(to: p(40, 46)); collar.addLine(to: p(50, 53)); collar.addLine(to: p(60, 46))
        collar.addLine(to: p(55, 44.5)); collar.addLine(to: p(50, 48)); collar.addLine(to: p(45, 44.5))
        collar.close()
        pen.fillAndOutline(collar, .white)
    }

    /// Bobbed golden hair at both sides of the face.
    func drawJacksFrontHair(_ pen: Pen) {
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
        pen.fillAndOutline(hair, Self.jacksHair)
    }

    /// Golden hair covering the back of the head, designed looking right.
    func drawJacksProfileHair(_ pen: Pen) {
        var hair = BezierPath()
        hair.move(to: p(52, 23.5))
        hair.addLine(to: p(39.5, 23.5))
        hair.addCurve(to: p(38.6, 37.5), controlPoint1: p(37.6, 28), controlPoint2: p(37.4, 33))
        hair.addCurve(to: p(47.5, 37.5), controlPoint1: p(41, 39), controlPoint2: p(45, 39))
        hair.addCurve(to: p(48.5, 26), controlPoint1: p(48.5, 33), controlPoint2: p(47, 28))
        hair.addLine(to: p(58, 26))
        hair.addLine(to: p(59.5, 24))
        hair.close()
        pen.fillAndOutline(hair, Self.jacksHair)
    }

    /// The long feather in the suit colour only the jack of clubs wears.
    func drawCapFeather(_ pen: Pen) {
        var feather = BezierPath()
        feather.move(to: p(57, 17))
        feather.addCurve(to: p(74, 1), controlPoint1: p(62, 8), controlPoint2: p(68, 3))
        feather.addCurve(to: p(60, 19), controlPoint1: p(72, 8), controlPoint2: p(67, 15))
        feather.close()
        pen.fillAndOutline(feather, main)
        var quill = BezierPath()
        quill.move(to: p(58.5, 18)); quill.addQuadCurve(to: p(73, 2), controlPoint: p(66, 8))
        pen.outline(quill, width: 0.45, color: .white)
    }

    /// A round cap with a gold band carrying the suit.
    func drawCap(_ pen: Pen) {
        var cap = BezierPath()
        cap.move(to: p(37, 21.5))
        cap.addCurve(to: p(50, 8), controlPoint1: p(37, 13), controlPoint2: p(43, 8))
        cap.addCurve(to: p(63, 21.5), controlPoint1: p(57, 8), controlPoint2: p(63, 13))
        cap.close()
        pen.fillAndOutline(cap, secondary)
        let capBand = BezierPath(rect: CGRect(x: 37, y: 19.5, width: 26, height: 3.6))
        pen.fillAndOutline(capBand, gold)
        pen.suit(card.suit, center: p(50, 14.5), size: 5.5, color: gold)
    }
}
