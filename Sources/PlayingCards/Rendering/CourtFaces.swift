import Drawing
import Foundation
import Geometry

/// Faces drawn on the head oval of `drawNeckAndHead`: full face, or in profile (one eye, the
/// nose past the head's outline, the ear behind), designed looking right.
extension CourtArtwork {
    func drawFace(_ pen: Pen, headY: CGFloat = 30, mouth: Bool = true, smiling: Bool = false) {
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
        guard mouth else { return }
        if smiling {
            // A wide open grin turned up at the corners.
            var grin = BezierPath()
            grin.move(to: p(46.6, headY + 6.6))
            grin.addQuadCurve(to: p(53.4, headY + 6.6), controlPoint: p(50, headY + 11))
            grin.addQuadCurve(to: p(46.6, headY + 6.6), controlPoint: p(50, headY + 7.8))
            grin.close()
            pen.fillAndOutline(grin, theme.courtRed, width: 0.4)
        } else {
            var lips = BezierPath()
            lips.move(to: p(47.6, headY + 7.4))
            lips.addQuadCurve(to: p(52.4, headY + 7.4), controlPoint: p(50, headY + 9.6))
            lips.addQuadCurve(to: p(47.6, headY + 7.4), controlPoint: p(50, headY + 6.6))
            lips.close()
            pen.fill(lips, theme.courtRed)
        }
    }

    /// The face in profile looking right; a mirrored pen turns it to the left.
    func drawProfileFace(_ pen: Pen, headY: CGFloat = 30, mouth: Bool = true) {
        // The nose stands out past the head; its fill covers the head's outline where it joins.
        var nose = BezierPath()
        nose.move(to: p(59.4, headY - 3))
        nose.addLine(to: p(60.2, headY - 3))
        nose.addCurve(to: p(64, headY + 3.6), controlPoint1: p(61.4, headY - 0.6), controlPoint2: p(63.4, headY + 1.8))
        nose.addCurve(to: p(60.2, headY + 5), controlPoint1: p(63.4, headY + 4.8), controlPoint2: p(61.6, headY + 5))
        nose.addLine(to: p(59.4, headY + 5))
        nose.close()
        pen.fill(nose, theme.skin)
        var ridge = BezierPath()
        ridge.move(to: p(60.2, headY - 3))
        ridge.addCurve(to: p(64, headY + 3.6), controlPoint1: p(61.4, headY - 0.6), controlPoint2: p(63.4, headY + 1.8))
        ridge.addCurve(to: p(60.2, headY + 5), controlPoint1: p(63.4, headY + 4.8), controlPoint2: p(61.6, headY + 5))
        pen.outline(ridge)
        // One eye, looking ahead.
        var eye = BezierPath()
        eye.move(to: p(53.8, headY - 0.5))
        eye.addQuadCurve(to: p(57.4, headY - 0.7), controlPoint: p(55.6, headY - 2.4))
        eye.addQuadCurve(to: p(53.8, headY - 0.5), controlPoint: p(55.8, headY + 1.1))
        eye.close()
        pen.fill(eye, .white)
        pen.fill(BezierPath(ovalIn: CGRect(center: p(56.3, headY - 0.6), size: CGSize(width: 1.4, height: 1.4))), ink)
        var brow = BezierPath()
        brow.move(to: p(53.2, headY - 3.4))
        brow.addQuadCurve(to: p(58, headY - 3.8), controlPoint: p(55.6, headY - 5.2))
        pen.outline(brow, width: 0.7)
        if mouth {
            var lips = BezierPath()
            lips.move(to: p(57, headY + 7.6))
            lips.addQuadCurve(to: p(60, headY + 7.1), controlPoint: p(58.8, headY + 8.9))
            lips.addQuadCurve(to: p(57, headY + 7.6), controlPoint: p(58.6, headY + 6.6))
            lips.close()
            pen.fill(lips, theme.courtRed)
        }
        drawEar(pen, at: p(45.5, headY + 1))
    }

    /// An ear seen from the side: an oval with an inner curl.
    func drawEar(_ pen: Pen, at center: CGPoint) {
        let ear = BezierPath(ovalIn: CGRect(center: center, size: CGSize(width: 3.8, height: 5.6)))
        pen.fillAndOutline(ear, theme.skin, width: 0.5)
        var curl = BezierPath()
        curl.move(to: p(center.x + 0.6, center.y - 1.6))
        curl.addQuadCurve(to: p(center.x + 0.4, center.y + 1.6), controlPoint: p(center.x - 1.4, center.y))
        pen.outline(curl, width: 0.4)
    }
}
