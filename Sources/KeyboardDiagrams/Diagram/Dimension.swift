import Drawing
import Foundation
import Geometry

/// A vertical dimension: a measured span beside the device, with extension lines back to what
/// it measures and a label in the gutter.
struct Dimension: Sendable {
    /// Canvas y of the span's ends (top < bottom).
    var top: CGFloat
    var bottom: CGFloat
    var text: StyledText
    var color: Color
    /// Canvas x where the extension lines start (the measured view's right edge).
    var measuredEdgeX: CGFloat

    var span: CGFloat { bottom - top }

    /// Arrowhead size.
    static let arrowLength: CGFloat = 7
    static let arrowHalfWidth: CGFloat = 3.2

    /// The lines labels must avoid, for a dimension drawn at `laneX`.
    func keyLines(laneX: CGFloat) -> [LineSegment] {
        var lines = [
            LineSegment(x1: measuredEdgeX + 2, y1: top, x2: laneX + 4, y2: top),
            LineSegment(x1: measuredEdgeX + 2, y1: bottom, x2: laneX + 4, y2: bottom),
            LineSegment(x1: laneX, y1: top, x2: laneX, y2: bottom),
        ]
        if span < 2 * Self.arrowLength + 4 {
            // Short spans get their arrows outside, pointing in.
            lines.append(LineSegment(x1: laneX, y1: top - Self.arrowLength - 5, x2: laneX, y2: top))
            lines.append(LineSegment(x1: laneX, y1: bottom, x2: laneX, y2: bottom + Self.arrowLength + 5))
        }
        return lines
    }

    func draw(laneX: CGFloat, into list: inout DisplayList, lineWidth: CGFloat) {
        let extensionColor = color.withAlphaComponent(0.75)
        for y in [top, bottom] {
            list.line(LineSegment(x1: measuredEdgeX + 2, y1: y, x2: laneX + 4, y2: y), extensionColor, width: 0.8, dash: [3, 2])
        }
        let a = Self.arrowLength, w = Self.arrowHalfWidth
        if span >= 2 * a + 4 {
            list.line(LineSegment(x1: laneX, y1: top + 1, x2: laneX, y2: bottom - 1), color, width: lineWidth)
            list.fill(Self.arrow(tip: CGPoint(x: laneX, y: top), pointingUp: true, length: a, halfWidth: w), color)
            list.fill(Self.arrow(tip: CGPoint(x: laneX, y: bottom), pointingUp: false, length: a, halfWidth: w), color)
        } else {
            list.line(LineSegment(x1: laneX, y1: top - a - 5, x2: laneX, y2: bottom + a + 5), color, width: lineWidth)
            list.fill(Self.arrow(tip: CGPoint(x: laneX, y: top), pointingUp: false, length: a, halfWidth: w), color)
            list.fill(Self.arrow(tip: CGPoint(x: laneX, y: bottom), pointingUp: true, length: a, halfWidth: w), color)
        }
    }

    static func arrow(tip: CGPoint, pointingUp: Bool, length: CGFloat, halfWidth: CGFloat) -> BezierPath {
        let base = pointingUp ? tip.y + length : tip.y - length
        var path = BezierPath()
        path.move(to: tip)
        path.addLine(to: CGPoint(x: tip.x - halfWidth, y: base))
        path.addLine(to: CGPoint(x: tip.x + halfWidth, y: base))
        path.close()
        return path
    }
}
