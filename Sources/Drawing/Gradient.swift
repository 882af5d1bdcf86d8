import Foundation
import Geometry

/// A colour gradient in user space, like `CGGradient` with its geometry: linear along a line, or
/// radial from a centre out to a radius. Outside its ends the end colours extend (Cairo's
/// `CAIRO_EXTEND_PAD`).
public struct Gradient: Sendable, Hashable {
    /// Which way colours change: along a line or out from a centre.
    public enum Shape: Sendable, Hashable {
        /// Colours change along the line from `from` (location 0) to `to` (location 1).
        case linear(from: CGPoint, to: CGPoint)
        /// Colours change from `focus` (location 0; the centre unless given) out to the circle of
        /// `radius` around `center` (location 1).
        case radial(center: CGPoint, radius: CGFloat, focus: CGPoint? = nil)
    }

    /// A colour at a location from 0 (the start) to 1 (the end).
    public struct Stop: Sendable, Hashable {
        /// Where the colour is, from 0 (the start) to 1 (the end).
        public var location: Double
        /// The colour at `location`.
        public var color: Color

        /// A stop of `color` at `location`.
        public init(location: Double, color: Color) {
            self.location = location
            self.color = color
        }
    }

    /// The line or circle the colours change along.
    public var shape: Shape
    /// Stops in any order; locations are clamped to 0...1 and sorted when drawn.
    public var stops: [Stop]

    /// A gradient of `stops` along `shape`.
    public init(_ shape: Shape, stops: [Stop]) {
        self.shape = shape
        self.stops = stops
    }

    /// Colours spread evenly from location 0 to 1.
    public init(_ shape: Shape, colors: [Color]) {
        let last = Double(max(1, colors.count - 1))
        self.init(shape, stops: colors.enumerated().map { Stop(location: Double($0.offset) / last, color: $0.element) })
    }

    /// Stops as Cairo takes them: locations in 0...1, sorted (stable, so equal locations keep
    /// their order and make a hard edge).
    var cairoStops: [(location: Double, color: Color)] {
        stops.enumerated()
            .map { (index: $0.offset, location: $0.element.location.clamped01, color: $0.element.color) }
            .sorted { ($0.location, $0.index) < ($1.location, $1.index) }
            .map { ($0.location, $0.color) }
    }
}

/// How an area is filled: one colour or a gradient.
public enum Paint: Sendable, Hashable {
    /// One colour (possibly translucent).
    case color(Color)
    /// A linear or radial gradient.
    case gradient(Gradient)
}

extension Canvas {
    /// Fills `path` with `paint`: its colour or its gradient.
    public func fill(_ path: BezierPath, with paint: Paint) {
        switch paint {
        case let .color(color): fill(path, with: color)
        case let .gradient(gradient): fill(path, with: gradient)
        }
    }

    /// Fills `path` with `gradient` (using the path's fill rule).
    public func fill(_ path: BezierPath, with gradient: Gradient) {
        guard !gradient.stops.isEmpty else { return }
        context.save()
        defer { context.restore() }
        context.setSource(gradient)
        context.newPath()
        addPath(path)
        context.setFillRule(path.usesEvenOddFillRule ? .evenOdd : .nonZero)
        context.fill(preserve: false)
    }

    /// Strokes `path` with `gradient` and the path's line settings.
    public func stroke(_ path: BezierPath, with gradient: Gradient) {
        guard !gradient.stops.isEmpty else { return }
        context.save()
        defer { context.restore() }
        context.setLineWidth(path.lineWidth)
        context.setLineJoin(path.lineJoinStyle)
        context.setLineCap(path.lineCapStyle)
        context.setDash(path.lineDash, phase: path.lineDashPhase)
        context.setSource(gradient)
        context.newPath()
        addPath(path)
        context.stroke(preserve: false)
    }
}

extension CairoContext {
    func setSource(_ gradient: Gradient) {
        switch gradient.shape {
        case let .linear(from, to):
            setLinearGradient(from: from, to: to, stops: gradient.cairoStops)
        case let .radial(center, radius, focus):
            setRadialGradient(center: center, radius: radius, focus: focus ?? center, stops: gradient.cairoStops)
        }
    }
}
