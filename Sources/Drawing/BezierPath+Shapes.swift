import Foundation
import Geometry

extension BezierPath {
    /// A closed polygon through `points` in order; fewer than two points give an empty path.
    public init(polygon points: [CGPoint]) {
        self.init()
        guard points.count >= 2, let first = points.first else { return }
        move(to: first)
        for point in points.dropFirst() { addLine(to: point) }
        close()
    }

    /// A regular polygon whose vertices lie on the ellipse inscribed in `rect`, the first one at
    /// the top centre turned clockwise by `rotation` radians, the rest following clockwise (y
    /// grows downwards). Fewer than 3 sides, or a rect that is not finite, give an empty path.
    public init(regularPolygonIn rect: CGRect, sides: Int, rotation: CGFloat = 0) {
        let r = rect.standardized
        guard sides >= 3, sides <= 100_000, r.minX.isFinite, r.minY.isFinite, r.width.isFinite, r.height.isFinite,
              rotation.isFinite else {
            self.init()
            return
        }
        let step = 2 * CGFloat.pi / CGFloat(sides)
        let points = (0..<sides).map { index in
            let angle = -CGFloat.pi / 2 + rotation + step * CGFloat(index)
            return CGPoint(x: r.midX + r.width / 2 * cos(angle), y: r.midY + r.height / 2 * sin(angle))
        }
        self.init(polygon: points)
    }

    /// A straight line segment, for stroking.
    public init(line from: CGPoint, to: CGPoint) {
        self.init()
        move(to: from)
        addLine(to: to)
    }
}
