import Drawing
import Foundation
import Geometry

/// The four suit symbols as vector paths, so no output depends on an emoji or symbol font.
///
/// Each shape is designed in a unit square (y down), centred, touching the top and bottom
/// edges; `path(in:)` scales it uniformly into a box and applies the suit's optical scale.
public enum SuitShape {
    /// The suit's outline filling `rect` (aspect kept, centred), scaled by the optical scale.
    public static func path(for suit: Suit, in rect: CGRect, applyingOpticalScale: Bool = true) -> BezierPath {
        let side = min(rect.width, rect.height) * (applyingOpticalScale ? CGFloat(suit.opticalScale) : 1)
        let transform = CGAffineTransform.identity
            .translatedBy(x: rect.midX - side / 2, y: rect.midY - side / 2)
            .scaledBy(x: side, y: side)
        return unitPath(for: suit).applying(transform)
    }

    /// The outline in the unit square.
    public static func unitPath(for suit: Suit) -> BezierPath {
        switch suit {
        case .spades: spade
        case .hearts: heart
        case .diamonds: diamond
        case .clubs: club
        }
    }

    private static func p(_ x: CGFloat, _ y: CGFloat) -> CGPoint { CGPoint(x: x, y: y) }

    static let heart: BezierPath = {
        var path = BezierPath()
        path.move(to: p(0.5, 0.22))
        path.addCurve(to: p(0.26, 0.04), controlPoint1: p(0.46, 0.10), controlPoint2: p(0.37, 0.04))
        path.addCurve(to: p(0.02, 0.30), controlPoint1: p(0.12, 0.04), controlPoint2: p(0.02, 0.15))
        path.addCurve(to: p(0.5, 0.97), controlPoint1: p(0.02, 0.56), controlPoint2: p(0.33, 0.72))
        path.addCurve(to: p(0.98, 0.30), controlPoint1: p(0.67, 0.72), controlPoint2: p(0.98, 0.56))
        path.addCurve(to: p(0.74, 0.04), controlPoint1: p(0.98, 0.15), controlPoint2: p(0.88, 0.04))
        path.addCurve(to: p(0.5, 0.22), controlPoint1: p(0.63, 0.04), controlPoint2: p(0.54, 0.10))
        path.close()
        return path
    }()

    static let spade: BezierPath = {
        var path = BezierPath()
        path.move(to: p(0.5, 0.0))
        path.addCurve(to: p(0.05, 0.55), controlPoint1: p(0.38, 0.2), controlPoint2: p(0.05, 0.33))
        path.addCurve(to: p(0.28, 0.79), controlPoint1: p(0.05, 0.70), controlPoint2: p(0.16, 0.79))
        path.addCurve(to: p(0.46, 0.70), controlPoint1: p(0.37, 0.79), controlPoint2: p(0.43, 0.75))
        // The stem flares out to a flat foot.
        path.addCurve(to: p(0.33, 1.0), controlPoint1: p(0.45, 0.85), controlPoint2: p(0.41, 0.94))
        path.addLine(to: p(0.67, 1.0))
        path.addCurve(to: p(0.54, 0.70), controlPoint1: p(0.59, 0.94), controlPoint2: p(0.55, 0.85))
        path.addCurve(to: p(0.72, 0.79), controlPoint1: p(0.57, 0.75), controlPoint2: p(0.63, 0.79))
        path.addCurve(to: p(0.95, 0.55), controlPoint1: p(0.84, 0.79), controlPoint2: p(0.95, 0.70))
        path.addCurve(to: p(0.5, 0.0), controlPoint1: p(0.95, 0.33), controlPoint2: p(0.62, 0.2))
        path.close()
        return path
    }()

    static let diamond: BezierPath = {
        var path = BezierPath()
        path.move(to: p(0.5, 0.0))
        path.addQuadCurve(to: p(0.86, 0.5), controlPoint: p(0.66, 0.27))
        path.addQuadCurve(to: p(0.5, 1.0), controlPoint: p(0.66, 0.73))
        path.addQuadCurve(to: p(0.14, 0.5), controlPoint: p(0.34, 0.73))
        path.addQuadCurve(to: p(0.5, 0.0), controlPoint: p(0.34, 0.27))
        path.close()
        return path
    }()

    static let club: BezierPath = {
        // Three lobes (all drawn clockwise, so the non-zero rule unites them), a core joining
        // them, and a flared stem.
        let radius: CGFloat = 0.215
        var path = BezierPath()
        for center in [p(0.5, 0.235), p(0.255, 0.56), p(0.745, 0.56)] {
            path.move(to: CGPoint(x: center.x + radius, y: center.y))
            path.addArc(withCenter: center, radius: radius, startAngle: 0, endAngle: 2 * .pi, clockwise: true)
            path.close()
        }
        path.move(to: p(0.5, 0.30))
        path.addLine(to: p(0.66, 0.56))
        path.addLine(to: p(0.5, 0.70))
        path.addLine(to: p(0.34, 0.56))
        path.close()
        path.move(to: p(0.46, 0.60))
        path.addLine(to: p(0.54, 0.60))
        path.addCurve(to: p(0.68, 1.0), controlPoint1: p(0.55, 0.82), controlPoint2: p(0.60, 0.93))
        path.addLine(to: p(0.32, 1.0))
        path.addCurve(to: p(0.46, 0.60), controlPoint1: p(0.40, 0.93), controlPoint2: p(0.45, 0.82))
        path.close()
        return path
    }()
}
