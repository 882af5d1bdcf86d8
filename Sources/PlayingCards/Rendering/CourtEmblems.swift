import Drawing
import Foundation
import Geometry

/// The things court figures hold. Each is designed in the right hand (the viewer's right, the
/// fist at `hand`) and mirrored for the left, so one drawing serves both sides.
extension CourtArtwork {
    /// When an emblem's parts are drawn: behind the figure, over the robe but under the head,
    /// or in front of everything (fists, blooms, orbs).
    enum EmblemLayer { case behind, overBody, inFront }

    /// Where a fist holding an emblem sits, in the right hand.
    static let hand = CGPoint(x: 88.4, y: 64)
    static let steel = Color(rgb: 0xC9CED6)
    static let wood = Color(rgb: 0x8B5A2B)
    static let leafGreen = Color(rgb: 0x2E7D32)

    func drawEmblems(_ layer: EmblemLayer, _ pen: Pen) {
        for held in figure.held {
            let sidePen = held.side == .right ? pen : pen.mirrored
            drawEmblem(held.emblem, layer: layer, sidePen)
        }
    }

    func drawEmblem(_ emblem: CourtFigure.Emblem, layer: EmblemLayer, _ pen: Pen) {
        switch (emblem, layer) {
        case (.sword, .behind): drawSword(pen, hiltAt: Self.hand, pointing: -.pi / 2, length: 58)
        case (.swordBehindHead, .behind): drawSword(pen, hiltAt: Self.raisedHand, pointing: atan2(23, -58), length: 64)
        case (.swordBehindHead, .overBody): drawRaisedSleeve(pen)
        case (.swordBehindHead, .inFront): drawFist(pen, at: Self.raisedHand)
        case (.axe, .behind): drawAxe(pen)
        case (.orb, .inFront): drawOrb(pen)
        case (.sceptre, .behind): drawSceptreRod(pen)
        case (.sceptre, .inFront): drawSceptreHead(pen)
        case (.flower, .behind): drawStem(pen, top: CGPoint(x: 89, y: 22))
        case (.flower(let flower), .inFront): drawBloom(flower, pen, at: CGPoint(x: 89, y: 19))
        case (.halberd, .behind): drawHalberd(pen)
        case (.arrow, .behind): drawArrow(pen)
        case (.leaf, .behind): drawLeaf(pen)
        case (.staffOnShoulder, .overBody): drawShoulderedStaff(pen)
        default: break
        }
        // Every emblem but the raised sword is held in the fist at the hand.
        if layer == .inFront, emblem != .swordBehindHead {
            drawFist(pen, at: emblem == .staffOnShoulder ? Self.staffHand : Self.hand)
        }
    }

    // MARK: weapons

    /// A sword with its grip at `hilt`, the blade along `angle` (radians, y down).
    func drawSword(_ pen: Pen, hiltAt hilt: CGPoint, pointing angle: CGFloat, length: CGFloat) {
        // Designed upright (blade towards -y), then turned so the blade points along `angle`.
        let placing = CGAffineTransform(rotationAngle: angle + .pi / 2)
            .concatenating(CGAffineTransform(translationX: hilt.x, y: hilt.y))
        let grip = BezierPath(rect: CGRect(x: -1.1, y: -4.5, width: 2.2, height: 9.5))
        pen.fillAndOutline(grip.applying(placing), Self.wood)
        let pommel = BezierPath(ovalIn: CGRect(center: p(0, 6.5), size: CGSize(width: 3.4, height: 3.4)))
        pen.fillAndOutline(pommel.applying(placing), gold)
        var blade = BezierPath()
        blade.move(to: p(-1.7, -6.5))
        blade.addLine(to: p(-1.7, -length + 4))
        blade.addLine(to: p(0, -length))
        blade.addLine(to: p(1.7, -length + 4))
        blade.addLine(to: p(1.7, -6.5))
        blade.close()
        pen.fillAndOutline(blade.applying(placing), Self.steel)
        var fuller = BezierPath()
        fuller.move(to: p(0, -8)); fuller.addLine(to: p(0, -length + 6))
        pen.outline(fuller.applying(placing), width: 0.45)
        let guardBar = BezierPath(roundedRect: CGRect(x: -6, y: -7, width: 12, height: 2.4), cornerRadius: 1)
        pen.fillAndOutline(guardBar.applying(placing), gold)
    }

    /// The king of hearts' raised fist, above the shoulder.
    static let raisedHand = CGPoint(x: 80, y: 21)

    /// The sleeve of the raised arm, from the shoulder up to the fist.
    func drawRaisedSleeve(_ pen: Pen) {
        var sleeve = BezierPath()
        sleeve.move(to: p(70, 58))
        sleeve.addCurve(to: p(75.5, 25.5), controlPoint1: p(72, 46), controlPoint2: p(74.5, 34))
        sleeve.addLine(to: p(84.5, 25.5))
        sleeve.addCurve(to: p(83, 64), controlPoint1: p(85.5, 38), controlPoint2: p(84.5, 52))
        sleeve.close()
        pen.fillAndOutline(sleeve, secondary)
        var cuffs = BezierPath()
        for y: CGFloat in [28, 30.5] {
            cuffs.move(to: p(75.4, y)); cuffs.addLine(to: p(84.6, y))
        }
        pen.outline(cuffs, width: 0.9, color: gold)
    }

    func drawAxe(_ pen: Pen) {
        let shaft = BezierPath(rect: CGRect(x: 87.4, y: 6, width: 2, height: Self.seamY - 6))
        pen.fillAndOutline(shaft, Self.wood)
        var head = BezierPath()
        // The crescent blade on the outer side, a spike behind, a point on top.
        head.move(to: p(89.4, 11.5))
        head.addLine(to: p(93, 11.5))
        head.addCurve(to: p(97.5, 3.5), controlPoint1: p(95, 10.5), controlPoint2: p(96.5, 7.5))
        head.addCurve(to: p(97.5, 26.5), controlPoint1: p(100, 11), controlPoint2: p(100, 19))
        head.addCurve(to: p(93, 18.5), controlPoint1: p(96.5, 22.5), controlPoint2: p(95, 19.5))
        head.addLine(to: p(89.4, 18.5))
        head.close()
        head.move(to: p(87.4, 13.2))
        head.addLine(to: p(82.8, 15))
        head.addLine(to: p(87.4, 16.8))
        head.close()
        head.move(to: p(88.4, 1))
        head.addLine(to: p(90, 6))
        head.addLine(to: p(86.8, 6))
        head.close()
        pen.fillAndOutline(head, Self.steel)
    }

    func drawHalberd(_ pen: Pen) {
        let shaft = BezierPath(rect: CGRect(x: 87.4, y: 14, width: 2, height: Self.seamY - 14))
        pen.fillAndOutline(shaft, Self.wood)
        var blade = BezierPath()
        blade.move(to: p(88.4, 2))
        blade.addLine(to: p(90.8, 10))
        blade.addLine(to: p(89.4, 14))
        blade.addLine(to: p(87.4, 14))
        blade.addLine(to: p(86, 10))
        blade.close()
        blade.move(to: p(89.4, 15))
        blade.addCurve(to: p(97, 13), controlPoint1: p(92, 15), controlPoint2: p(95, 12))
        blade.addCurve(to: p(97, 24), controlPoint1: p(95.5, 17), controlPoint2: p(95.5, 20))
        blade.addCurve(to: p(89.4, 21), controlPoint1: p(95, 22), controlPoint2: p(92, 21))
        blade.close()
        pen.fillAndOutline(blade, Self.steel)
        // A pennant in the suit colour.
        var pennant = BezierPath()
        pennant.move(to: p(87.4, 16))
        pennant.addLine(to: p(75, 19.5))
        pennant.addLine(to: p(79, 22))
        pennant.addLine(to: p(75, 24.5))
        pennant.addLine(to: p(87.4, 27))
        pennant.close()
        pen.fillAndOutline(pennant, main)
    }

    /// An arrow held point up, its fletching below the fist.
    func drawArrow(_ pen: Pen) {
        let shaft = BezierPath(rect: CGRect(x: 87.7, y: 9, width: 1.4, height: Self.seamY - 9))
        pen.fillAndOutline(shaft, Self.wood)
        var point = BezierPath()
        point.move(to: p(88.4, 0.5))
        point.addLine(to: p(91.6, 10.5))
        point.addLine(to: p(88.4, 8.6))
        point.addLine(to: p(85.2, 10.5))
        point.close()
        pen.fillAndOutline(point, Self.steel)
        var fletching = BezierPath()
        for sign: CGFloat in [-1, 1] {
            fletching.move(to: p(88.4 + sign * 0.7, 70))
            fletching.addLine(to: p(88.4 + sign * 4.2, 73.5))
            fletching.addLine(to: p(88.4 + sign * 4.2, 80))
            fletching.addLine(to: p(88.4 + sign * 0.7, 77))
            fletching.close()
        }
        pen.fillAndOutline(fletching, secondary, width: 0.45)
    }

    // MARK: regalia

    /// An orb with a band and a cross, sitting on the fist.
    func drawOrb(_ pen: Pen) {
        let center = p(Self.hand.x, 55.2)
        var cross = BezierPath(rect: CGRect(x: center.x - 0.8, y: 45, width: 1.6, height: 6.5))
        cross.append(BezierPath(rect: CGRect(x: center.x - 2.4, y: 46.8, width: 4.8, height: 1.6)))
        pen.fillAndOutline(cross, gold, width: 0.4)
        let ball = BezierPath(ovalIn: CGRect(center: center, size: CGSize(width: 9, height: 9)))
        pen.fillAndOutline(ball, gold)
        var band = BezierPath()
        band.move(to: p(center.x - 4.5, center.y)); band.addLine(to: p(center.x + 4.5, center.y))
        band.move(to: p(center.x, center.y - 4.5)); band.addLine(to: p(center.x, center.y))
        pen.outline(band, width: 0.9, color: secondary)
    }

    func drawSceptreRod(_ pen: Pen) {
        let rod = BezierPath(rect: CGRect(x: 87.6, y: 32, width: 1.6, height: Self.seamY - 32))
        pen.fillAndOutline(rod, gold)
        // The turned knobs of a bedpost.
        for y: CGFloat in [41, 75] {
            let knob = BezierPath(ovalIn: CGRect(center: p(88.4, y), size: CGSize(width: 3.6, height: 2.4)))
            pen.fillAndOutline(knob, gold, width: 0.45)
        }
    }

    /// A ball with a pointed finial, below the corner pip on that side.
    func drawSceptreHead(_ pen: Pen) {
        var finial = BezierPath()
        finial.move(to: p(88.4, 23))
        finial.addQuadCurve(to: p(90.2, 29), controlPoint: p(88.6, 26.5))
        finial.addLine(to: p(86.6, 29))
        finial.addQuadCurve(to: p(88.4, 23), controlPoint: p(88.2, 26.5))
        finial.close()
        pen.fillAndOutline(finial, gold, width: 0.45)
        let ball = BezierPath(ovalIn: CGRect(center: p(88.4, 31), size: CGSize(width: 5.4, height: 5.4)))
        pen.fillAndOutline(ball, gold)
        let jewel = BezierPath(ovalIn: CGRect(center: p(88.4, 31), size: CGSize(width: 2.2, height: 2.2)))
        pen.fillAndOutline(jewel, secondary, width: 0.35)
    }

    // MARK: plants

    /// A green stem from the fist up to `top`, with one leaf.
    func drawStem(_ pen: Pen, top: CGPoint) {
        var stem = BezierPath()
        stem.move(to: p(88, 64))
        stem.addCurve(to: top, controlPoint1: p(87, 50), controlPoint2: p(top.x + 2, 38))
        pen.outline(stem, width: 1.4, color: Self.leafGreen)
        var leaf = BezierPath()
        leaf.move(to: p(88.6, 42))
        leaf.addQuadCurve(to: p(80, 34), controlPoint: p(81.5, 41.5))
        leaf.addQuadCurve(to: p(88.6, 42), controlPoint: p(87.5, 35))
        leaf.close()
        pen.fillAndOutline(leaf, Self.leafGreen, width: 0.4)
    }

    func drawBloom(_ flower: CourtFigure.Flower, _ pen: Pen, at bloom: CGPoint) {
        // Drawn a third larger than designed, so the flower reads at the card's normal size.
        let pen = pen.scaled(by: 1.35, about: bloom)
        switch flower {
        case .rose: drawRose(pen, at: bloom)
        case .tulip: drawTulip(pen, at: bloom)
        case .daisy: drawDaisy(pen, at: bloom)
        case .lily: drawLily(pen, at: bloom)
        }
    }

    /// Five round petals in the suit colour around a gold heart.
    func drawRose(_ pen: Pen, at bloom: CGPoint) {
        for index in 0..<5 {
            let angle = CGFloat(index) * 2 * .pi / 5 - .pi / 2
            let center = p(bloom.x + cos(angle) * 3.6, bloom.y + sin(angle) * 3.6)
            let petal = BezierPath(ovalIn: CGRect(center: center, size: CGSize(width: 5.2, height: 5.2)))
            pen.fillAndOutline(petal, main, width: 0.45)
        }
        let heart = BezierPath(ovalIn: CGRect(center: bloom, size: CGSize(width: 3.6, height: 3.6)))
        pen.fillAndOutline(heart, gold, width: 0.45)
    }

    /// A closed cup of three pointed petals in the suit colour.
    func drawTulip(_ pen: Pen, at bloom: CGPoint) {
        let (x, y) = (bloom.x, bloom.y)
        var cup = BezierPath()
        cup.move(to: p(x, y + 6))
        cup.addCurve(to: p(x - 5, y - 5), controlPoint1: p(x - 5.5, y + 5.5), controlPoint2: p(x - 6, y))
        cup.addLine(to: p(x - 2.3, y - 2))
        cup.addLine(to: p(x, y - 6.5))
        cup.addLine(to: p(x + 2.3, y - 2))
        cup.addLine(to: p(x + 5, y - 5))
        cup.addCurve(to: p(x, y + 6), controlPoint1: p(x + 6, y), controlPoint2: p(x + 5.5, y + 5.5))
        cup.close()
        pen.fillAndOutline(cup, main, width: 0.45)
        var folds = BezierPath()
        folds.move(to: p(x - 2.3, y - 2)); folds.addQuadCurve(to: p(x - 0.6, y + 5.4), controlPoint: p(x - 2.6, y + 3))
        folds.move(to: p(x + 2.3, y - 2)); folds.addQuadCurve(to: p(x + 0.6, y + 5.4), controlPoint: p(x + 2.6, y + 3))
        pen.outline(folds, width: 0.4)
    }

    /// Ten white rays around a gold heart.
    func drawDaisy(_ pen: Pen, at bloom: CGPoint) {
        for index in 0..<10 {
            let turn = CGAffineTransform(rotationAngle: CGFloat(index) * .pi / 5)
                .concatenating(CGAffineTransform(translationX: bloom.x, y: bloom.y))
            let ray = BezierPath(ovalIn: CGRect(x: -1.1, y: -7.4, width: 2.2, height: 5.6))
            pen.fillAndOutline(ray.applying(turn), .white, width: 0.4)
        }
        let heart = BezierPath(ovalIn: CGRect(center: bloom, size: CGSize(width: 4.4, height: 4.4)))
        pen.fillAndOutline(heart, gold, width: 0.45)
    }

    /// Three long white petals fanned upwards, with gold stamens.
    func drawLily(_ pen: Pen, at bloom: CGPoint) {
        let base = p(bloom.x, bloom.y + 5)
        for angle: CGFloat in [-0.6, 0.6, 0] {
            let turn = CGAffineTransform(rotationAngle: angle)
                .concatenating(CGAffineTransform(translationX: base.x, y: base.y))
            var petal = BezierPath()
            petal.move(to: .zero)
            petal.addCurve(to: p(0, -11), controlPoint1: p(-3.6, -3), controlPoint2: p(-2.6, -8))
            petal.addCurve(to: .zero, controlPoint1: p(2.6, -8), controlPoint2: p(3.6, -3))
            petal.close()
            pen.fillAndOutline(petal.applying(turn), .white, width: 0.45)
        }
        for dx: CGFloat in [-1.6, 0, 1.6] {
            let anther = BezierPath(ovalIn: CGRect(center: p(base.x + dx, base.y - 6.5 + abs(dx)), size: CGSize(width: 1.3, height: 1.3)))
            pen.fill(anther, gold)
        }
    }

    /// A broad leaf on a short stem, point up, with its veins.
    func drawLeaf(_ pen: Pen) {
        var stem = BezierPath()
        stem.move(to: p(88.6, 64)); stem.addQuadCurve(to: p(88, 38), controlPoint: p(89.5, 50))
        pen.outline(stem, width: 1.4, color: Self.leafGreen)
        var leaf = BezierPath()
        leaf.move(to: p(88, 40))
        leaf.addCurve(to: p(89.5, 5), controlPoint1: p(79.5, 31), controlPoint2: p(81, 14))
        leaf.addCurve(to: p(88, 40), controlPoint1: p(97.5, 14), controlPoint2: p(97, 31))
        leaf.close()
        pen.fillAndOutline(leaf, Self.leafGreen)
        var veins = BezierPath()
        veins.move(to: p(88, 39)); veins.addQuadCurve(to: p(89.4, 7), controlPoint: p(89.5, 22))
        for y: CGFloat in [32, 25, 18] {
            let midX = 88.4 + (39 - y) * 0.04
            veins.move(to: p(midX, y)); veins.addLine(to: p(midX - 4.6, y - 4))
            veins.move(to: p(midX, y)); veins.addLine(to: p(midX + 4.6, y - 4))
        }
        pen.outline(veins, width: 0.45, color: Color(rgb: 0xA5D6A7))
    }

    // MARK: staff

    /// The jack of spades' fist, low on the staff.
    static let staffHand = CGPoint(x: 86, y: 67.9)

    /// A staff resting on the shoulder, a gold knob at its top beside the head.
    func drawShoulderedStaff(_ pen: Pen) {
        var staff = BezierPath()
        staff.move(to: p(92, 78)); staff.addLine(to: p(65, 33))
        pen.outline(staff, width: 3.4)
        pen.outline(staff, width: 2.2, color: Self.wood)
        let knob = BezierPath(ovalIn: CGRect(center: p(64.5, 32), size: CGSize(width: 4.6, height: 4.6)))
        pen.fillAndOutline(knob, gold)
        var tassel = BezierPath()
        tassel.move(to: p(66, 34))
        tassel.addQuadCurve(to: p(70.5, 42), controlPoint: p(70, 36))
        tassel.addLine(to: p(67.5, 41))
        tassel.close()
        pen.fillAndOutline(tassel, main, width: 0.45)
    }
}
