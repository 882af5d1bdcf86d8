import Drawing
import Foundation
import Geometry

/// What a diagram draws, recorded while it is laid out and replayed on any canvas, so the
/// PNG, SVG and PDF of one diagram come from the same list and the layout can be inspected
/// without rendering.
struct DisplayList: Sendable {
    enum Item: Sendable {
        case fill(BezierPath, Color)
        case stroke(BezierPath, Color)
        case text(StyledText, CGRect)
        /// Items drawn with `clip` intersected into the clip.
        case clipped(BezierPath, [Item])
        case gradient(BezierPath, [Color], from: CGPoint, to: CGPoint)
    }

    private(set) var items: [Item] = []

    mutating func fill(_ path: BezierPath, _ color: Color) { items.append(.fill(path, color)) }
    mutating func fill(_ rect: CGRect, _ color: Color) { items.append(.fill(BezierPath(rect: rect), color)) }

    mutating func stroke(_ path: BezierPath, _ color: Color, width: CGFloat = 1, dash: [CGFloat] = [],
                         cap: LineCap = .butt, join: LineJoin = .miter) {
        var path = path
        path.lineWidth = width
        path.lineCapStyle = cap
        path.lineJoinStyle = join
        if !dash.isEmpty { path.setLineDash(dash) }
        items.append(.stroke(path, color))
    }

    mutating func line(_ segment: LineSegment, _ color: Color, width: CGFloat = 1, dash: [CGFloat] = [],
                       cap: LineCap = .butt) {
        var path = BezierPath()
        path.move(to: segment.start)
        path.addLine(to: segment.end)
        stroke(path, color, width: width, dash: dash, cap: cap)
    }

    mutating func text(_ text: StyledText, in rect: CGRect) { items.append(.text(text, rect)) }

    mutating func gradient(_ path: BezierPath, colors: [Color], from: CGPoint, to: CGPoint) {
        items.append(.gradient(path, colors, from: from, to: to))
    }

    /// Records what `body` adds, drawn clipped to `clip`.
    mutating func clipped(to clip: BezierPath, _ body: (inout DisplayList) throws -> Void) rethrows {
        var inner = DisplayList()
        try body(&inner)
        if !inner.items.isEmpty { items.append(.clipped(clip, inner.items)) }
    }

    mutating func append(_ other: DisplayList) { items += other.items }

    func draw(on canvas: Canvas) {
        Self.draw(items, on: canvas)
    }

    private static func draw(_ items: [Item], on canvas: Canvas) {
        for item in items {
            switch item {
            case let .fill(path, color): canvas.fill(path, with: color)
            case let .stroke(path, color): canvas.stroke(path, with: color)
            case let .text(text, rect): text.draw(in: rect, on: canvas)
            case let .clipped(clip, inner):
                canvas.withSavedState {
                    canvas.clip(to: clip)
                    draw(inner, on: canvas)
                }
            case let .gradient(path, colors, from, to):
                canvas.drawLinearGradient(colors: colors, from: from, to: to, in: path)
            }
        }
    }
}
