import Foundation
import Geometry

/// The radius of each corner of a rounded rectangle, in points, as CSS's `border-radius` gives
/// them: top-left, top-right, bottom-right, bottom-left.
public struct CornerRadii: Sendable, Hashable {
    /// The top-left corner's radius, in points.
    public var topLeft: CGFloat
    /// The top-right corner's radius, in points.
    public var topRight: CGFloat
    /// The bottom-right corner's radius, in points.
    public var bottomRight: CGFloat
    /// The bottom-left corner's radius, in points.
    public var bottomLeft: CGFloat

    /// Each corner's radius.
    public init(topLeft: CGFloat, topRight: CGFloat, bottomRight: CGFloat, bottomLeft: CGFloat) {
        self.topLeft = topLeft
        self.topRight = topRight
        self.bottomRight = bottomRight
        self.bottomLeft = bottomLeft
    }

    /// The same radius at every corner.
    public init(all radius: CGFloat) {
        self.init(topLeft: radius, topRight: radius, bottomRight: radius, bottomLeft: radius)
    }

    /// Square corners.
    public static let zero = CornerRadii(all: 0)

    /// The radii in CSS order: top-left, top-right, bottom-right, bottom-left.
    public var inCSSOrder: [CGFloat] { [topLeft, topRight, bottomRight, bottomLeft] }

    /// Whether every corner has the same radius.
    public var isUniform: Bool { Set(inCSSOrder).count == 1 }

    /// Whether every corner is square.
    public var isZero: Bool { inCSSOrder.allSatisfy { $0 <= 0 } }

    /// The radii scaled down together, as CSS does (Backgrounds and Borders Level 3, "Overlapping
    /// Curves"), until the two radii on each side fit its length; negative radii count as 0.
    public func fitted(in size: CGSize) -> CornerRadii {
        let radii = CornerRadii(topLeft: max(0, topLeft), topRight: max(0, topRight),
                                bottomRight: max(0, bottomRight), bottomLeft: max(0, bottomLeft))
        let sides: [(length: CGFloat, radii: CGFloat)] = [
            (size.width, radii.topLeft + radii.topRight), (size.height, radii.topRight + radii.bottomRight),
            (size.width, radii.bottomRight + radii.bottomLeft), (size.height, radii.bottomLeft + radii.topLeft),
        ]
        let factor = sides.reduce(CGFloat(1)) { smallest, side in
            side.radii > 0 ? min(smallest, max(0, side.length) / side.radii) : smallest
        }
        guard factor < 1 else { return radii }
        return CornerRadii(topLeft: radii.topLeft * factor, topRight: radii.topRight * factor,
                           bottomRight: radii.bottomRight * factor, bottomLeft: radii.bottomLeft * factor)
    }
}

extension BezierPath {
    /// A rectangle whose corners are quarter circles of their own radii, fitted to the rectangle
    /// as CSS fits them (``CornerRadii/fitted(in:)``); a corner of radius 0 stays square.
    public init(roundedRect rect: CGRect, cornerRadii: CornerRadii) {
        let r = rect.standardized
        let radii = cornerRadii.fitted(in: r.size)
        guard !radii.isZero else { self.init(rect: r); return }
        self.init()
        let half = CGFloat.pi / 2
        let corners: [(radius: CGFloat, centre: CGPoint, start: CGFloat)] = [
            (radii.topRight, CGPoint(x: r.maxX - radii.topRight, y: r.minY + radii.topRight), -half),
            (radii.bottomRight, CGPoint(x: r.maxX - radii.bottomRight, y: r.maxY - radii.bottomRight), 0),
            (radii.bottomLeft, CGPoint(x: r.minX + radii.bottomLeft, y: r.maxY - radii.bottomLeft), half),
            (radii.topLeft, CGPoint(x: r.minX + radii.topLeft, y: r.minY + radii.topLeft), .pi),
        ]
        move(to: CGPoint(x: r.minX + radii.topLeft, y: r.minY))
        for corner in corners {
            let angle = corner.start
            // Where the corner's arc starts: on the side leading into it.
            addLine(to: CGPoint(x: corner.centre.x + corner.radius * cos(angle), y: corner.centre.y + corner.radius * sin(angle)))
            if corner.radius > 0 {
                addArc(withCenter: corner.centre, radius: corner.radius, startAngle: angle, endAngle: angle + half, clockwise: true)
            }
        }
        close()
    }
}
