import Foundation
import Geometry

/// How two stroked segments meet at a corner, like `CGLineJoin`.
public enum LineJoin: Sendable, Hashable {
    /// A sharp point, a rounded corner, or the corner cut off square.
    case miter, round, bevel
}

/// How a stroke ends where a path is open, like `CGLineCap`.
public enum LineCap: Sendable, Hashable {
    /// Flat at the end point, rounded past it, or squared off half a line width past it.
    case butt, round, square
}

/// Which points a self-intersecting path encloses, like `CGPathFillRule`.
public enum FillRule: Sendable, Hashable {
    /// Inside where the winding number is not zero, or where it is odd (holes stay holes).
    case nonZero, evenOdd
}

/// A reusable vector path, like `UIBezierPath`: it records its elements and its stroke
/// settings, and can be filled, stroked or used as a clip any number of times.
public struct BezierPath: Sendable, Hashable {
    /// One recorded drawing step, in the path's own coordinates.
    public enum Element: Sendable, Hashable {
        /// Starts a new subpath at the point.
        case move(to: CGPoint)
        /// A straight segment to the point.
        case line(to: CGPoint)
        /// A quadratic Bézier segment.
        case quadCurve(to: CGPoint, control: CGPoint)
        /// A cubic Bézier segment.
        case curve(to: CGPoint, control1: CGPoint, control2: CGPoint)
        /// `clockwise` in UIKit's sense: y grows downwards, angles in radians from +x.
        case arc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool)
        /// A straight segment back to the subpath's start, joined to it.
        case close
    }

    /// The steps in the order they were added.
    public private(set) var elements: [Element] = []
    /// Stroke width in points.
    public var lineWidth: CGFloat = 1
    /// How stroked corners are drawn.
    public var lineJoinStyle: LineJoin = .miter
    /// How the ends of open subpaths are drawn.
    public var lineCapStyle: LineCap = .butt
    /// Fills and clips with the even-odd rule instead of non-zero winding.
    public var usesEvenOddFillRule = false
    /// Dash lengths, on and off in turn (empty: a solid line); set with ``setLineDash(_:phase:)``.
    public private(set) var lineDash: [CGFloat] = []
    /// How far into the dash pattern the stroke starts.
    public private(set) var lineDashPhase: CGFloat = 0

    /// An empty path with the default stroke settings.
    public init() {}

    /// A closed rectangle, drawn clockwise from its top-left corner.
    public init(rect: CGRect) {
        let r = rect.standardized
        move(to: CGPoint(x: r.minX, y: r.minY))
        addLine(to: CGPoint(x: r.maxX, y: r.minY))
        addLine(to: CGPoint(x: r.maxX, y: r.maxY))
        addLine(to: CGPoint(x: r.minX, y: r.maxY))
        close()
    }

    /// A rectangle with true circular corners, drawn as four quarter-circle arcs. The radius is
    /// clamped to half the shorter side, as UIKit does.
    public init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
        let r = rect.standardized
        let radius = max(0, min(cornerRadius, r.width / 2, r.height / 2))
        guard radius > 0 else { self.init(rect: r); return }
        self.init()
        let half = CGFloat.pi / 2
        move(to: CGPoint(x: r.minX + radius, y: r.minY))
        addLine(to: CGPoint(x: r.maxX - radius, y: r.minY))
        addArc(withCenter: CGPoint(x: r.maxX - radius, y: r.minY + radius), radius: radius,
               startAngle: -half, endAngle: 0, clockwise: true)
        addLine(to: CGPoint(x: r.maxX, y: r.maxY - radius))
        addArc(withCenter: CGPoint(x: r.maxX - radius, y: r.maxY - radius), radius: radius,
               startAngle: 0, endAngle: half, clockwise: true)
        addLine(to: CGPoint(x: r.minX + radius, y: r.maxY))
        addArc(withCenter: CGPoint(x: r.minX + radius, y: r.maxY - radius), radius: radius,
               startAngle: half, endAngle: .pi, clockwise: true)
        addLine(to: CGPoint(x: r.minX, y: r.minY + radius))
        addArc(withCenter: CGPoint(x: r.minX + radius, y: r.minY + radius), radius: radius,
               startAngle: .pi, endAngle: 3 * half, clockwise: true)
        close()
    }

    /// An ellipse inscribed in `rect`.
    public init(ovalIn rect: CGRect) {
        let r = rect.standardized
        // Four cubic quarter-ellipses; k is the standard circle approximation constant.
        let k: CGFloat = 0.5522847498307936
        let cx = r.midX, cy = r.midY, rx = r.width / 2, ry = r.height / 2
        move(to: CGPoint(x: cx + rx, y: cy))
        addCurve(to: CGPoint(x: cx, y: cy + ry), controlPoint1: CGPoint(x: cx + rx, y: cy + k * ry),
                 controlPoint2: CGPoint(x: cx + k * rx, y: cy + ry))
        addCurve(to: CGPoint(x: cx - rx, y: cy), controlPoint1: CGPoint(x: cx - k * rx, y: cy + ry),
                 controlPoint2: CGPoint(x: cx - rx, y: cy + k * ry))
        addCurve(to: CGPoint(x: cx, y: cy - ry), controlPoint1: CGPoint(x: cx - rx, y: cy - k * ry),
                 controlPoint2: CGPoint(x: cx - k * rx, y: cy - ry))
        addCurve(to: CGPoint(x: cx + rx, y: cy), controlPoint1: CGPoint(x: cx + k * rx, y: cy - ry),
                 controlPoint2: CGPoint(x: cx + rx, y: cy - k * ry))
        close()
    }

    /// A full circle (or an arc) like `UIBezierPath(arcCenter:radius:startAngle:endAngle:clockwise:)`.
    public init(arcCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        addArc(withCenter: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
    }

    /// Whether nothing has been added.
    public var isEmpty: Bool { elements.isEmpty }

    /// Starts a new subpath at `point`.
    public mutating func move(to point: CGPoint) { elements.append(.move(to: point)) }
    /// Adds a straight segment from the current point to `point`.
    public mutating func addLine(to point: CGPoint) { elements.append(.line(to: point)) }
    /// Adds a quadratic Bézier segment to `point`.
    public mutating func addQuadCurve(to point: CGPoint, controlPoint: CGPoint) {
        elements.append(.quadCurve(to: point, control: controlPoint))
    }
    /// Adds a cubic Bézier segment to `point`.
    public mutating func addCurve(to point: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
        elements.append(.curve(to: point, control1: controlPoint1, control2: controlPoint2))
    }
    /// Adds an arc of the circle around `center`, with a line to its start when a subpath is open.
    public mutating func addArc(withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat,
                                endAngle: CGFloat, clockwise: Bool) {
        elements.append(.arc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle,
                             clockwise: clockwise))
    }
    /// Closes the current subpath with a line back to its start.
    public mutating func close() { elements.append(.close) }

    /// Appends another path's elements (its stroke settings are ignored).
    public mutating func append(_ other: BezierPath) { elements += other.elements }

    /// Sets the dash pattern; negative and non-finite lengths are dropped.
    public mutating func setLineDash(_ pattern: [CGFloat], phase: CGFloat = 0) {
        lineDash = pattern.filter { $0.isFinite && $0 >= 0 }
        lineDashPhase = phase
    }

    /// Transforms every point. Arcs become cubic Bézier segments so that non-uniform
    /// transforms stay exact to the curve approximation.
    public mutating func apply(_ t: CGAffineTransform) {
        var result: [Element] = []
        var current = CGPoint.zero
        for element in elements {
            switch element {
            case .move(let p): result.append(.move(to: p.applying(t))); current = p
            case .line(let p): result.append(.line(to: p.applying(t))); current = p
            case let .quadCurve(p, c):
                result.append(.quadCurve(to: p.applying(t), control: c.applying(t))); current = p
            case let .curve(p, c1, c2):
                result.append(.curve(to: p.applying(t), control1: c1.applying(t), control2: c2.applying(t)))
                current = p
            case let .arc(center, radius, start, end, clockwise):
                let segments = BezierPath.arcSegments(center: center, radius: radius, start: start, end: end,
                                                      clockwise: clockwise)
                let first = segments.first?.from ?? current
                result.append(.line(to: first.applying(t)))
                for s in segments {
                    result.append(.curve(to: s.to.applying(t), control1: s.c1.applying(t), control2: s.c2.applying(t)))
                    current = s.to
                }
            case .close: result.append(.close)
            }
        }
        elements = result
    }

    /// A copy with every point transformed.
    public func applying(_ t: CGAffineTransform) -> BezierPath {
        var copy = self
        copy.apply(t)
        return copy
    }

    /// Cubic Bézier pieces (each at most 90°) approximating a circular arc.
    static func arcSegments(center: CGPoint, radius: CGFloat, start: CGFloat, end: CGFloat,
                            clockwise: Bool) -> [(from: CGPoint, c1: CGPoint, c2: CGPoint, to: CGPoint)] {
        var sweep = end - start
        let full = 2 * CGFloat.pi
        if clockwise { while sweep < 0 { sweep += full } } else { while sweep > 0 { sweep -= full } }
        let count = max(1, Int((abs(sweep) / (CGFloat.pi / 2)).rounded(.up)))
        let step = sweep / CGFloat(count)
        let k = 4.0 / 3.0 * tan(step / 4)
        var pieces: [(CGPoint, CGPoint, CGPoint, CGPoint)] = []
        for i in 0..<count {
            let a0 = start + step * CGFloat(i), a1 = a0 + step
            let p0 = CGPoint(x: center.x + radius * cos(a0), y: center.y + radius * sin(a0))
            let p3 = CGPoint(x: center.x + radius * cos(a1), y: center.y + radius * sin(a1))
            let c1 = CGPoint(x: p0.x - k * radius * sin(a0), y: p0.y + k * radius * cos(a0))
            let c2 = CGPoint(x: p3.x + k * radius * sin(a1), y: p3.y - k * radius * cos(a1))
            pieces.append((p0, c1, c2, p3))
        }
        return pieces
    }

    // MARK: drawing against the current canvas, like UIBezierPath

    /// Fills with the current canvas's fill colour.
    public func fill() { Canvas.current?.fill(self) }
    /// Strokes with the current canvas's stroke colour and this path's line settings.
    public func stroke() { Canvas.current?.stroke(self) }
    /// Intersects the current canvas's clip with this path.
    public func addClip() { Canvas.current?.clip(to: self) }
}
