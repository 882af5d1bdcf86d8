import Foundation
import Geometry
import Images

/// A drawing context, like `CGContext` on top of Cairo's `cairo_t`: a path is built and then
/// consumed by `fillPath`, `strokePath` or `clip`; state lives on a save/restore stack that
/// `withSavedState` scopes with a closure; the current transform maps user space (points)
/// to the output.
///
/// A canvas is used by one thread at a time, the one rendering its picture.
public final class Canvas: @unchecked Sendable {
    let context: CairoContext
    /// The picture's size in points.
    public let size: CGSize
    /// The picture's rectangle in points, at the origin.
    public var bounds: CGRect { CGRect(origin: .zero, size: size) }

    private struct Style { var fill = Color.black; var stroke = Color.black }
    private var style = Style()
    private var savedStyles: [Style] = []

    /// The canvas being rendered on this task, used by `BezierPath.fill()` and friends, like
    /// `UIGraphicsGetCurrentContext()`.
    @TaskLocal public static var current: Canvas?

    init(context: CairoContext, size: CGSize) {
        self.context = context
        self.size = size
    }

    // MARK: state

    /// Runs `body` with the graphics state saved and restores it afterwards, even if `body` throws.
    public func withSavedState<R>(_ body: () throws -> R) rethrows -> R {
        context.save()
        savedStyles.append(style)
        defer {
            style = savedStyles.removeLast()
            context.restore()
        }
        return try body()
    }

    /// Moves the origin of user space.
    public func translateBy(x: CGFloat, y: CGFloat) { context.translate(x, y) }
    /// Scales user space about its origin.
    public func scaleBy(x: CGFloat, y: CGFloat) { context.scale(x, y) }
    /// Rotates user space by `angle` radians.
    public func rotate(by angle: CGFloat) { context.rotate(angle) }
    /// Applies `transform` on top of the current transform.
    public func concatenate(_ transform: CGAffineTransform) { context.concatenate(transform) }
    /// The transform from user space to the output.
    public var currentTransform: CGAffineTransform { context.currentTransform }

    /// The colour ``fillPath(rule:)`` and the fill calls use, until restored.
    public func setFillColor(_ color: Color) { style.fill = color }
    /// The colour ``strokePath()`` and the stroke calls use, until restored.
    public func setStrokeColor(_ color: Color) { style.stroke = color }
    /// The current fill colour.
    public var fillColor: Color { style.fill }
    /// The current stroke colour.
    public var strokeColor: Color { style.stroke }

    /// Stroke width in user-space points.
    public func setLineWidth(_ width: CGFloat) { context.setLineWidth(width) }
    /// How stroked corners are drawn.
    public func setLineJoin(_ join: LineJoin) { context.setLineJoin(join) }
    /// How stroked ends are drawn.
    public func setLineCap(_ cap: LineCap) { context.setLineCap(cap) }
    /// Dash lengths, on and off in turn (empty: solid).
    public func setLineDash(_ pattern: [CGFloat], phase: CGFloat = 0) { context.setDash(pattern, phase: phase) }

    // MARK: context-style path drawing (the path is consumed by fillPath/strokePath/clip)

    /// Discards the current path.
    public func beginPath() { context.newPath() }
    /// Starts a subpath at `point`.
    public func move(to point: CGPoint) { context.move(to: point) }
    /// Adds a straight segment to `point`.
    public func addLine(to point: CGPoint) { context.line(to: point) }
    /// Adds a cubic Bézier segment to `point`.
    public func addCurve(to point: CGPoint, control1: CGPoint, control2: CGPoint) {
        context.curve(to: point, control1, control2)
    }
    /// Adds a quadratic Bézier segment to `point`.
    public func addQuadCurve(to point: CGPoint, control: CGPoint) {
        let start = context.hasCurrentPoint ? context.currentPoint : control
        context.curve(to: point,
                      CGPoint(x: start.x + 2 / 3 * (control.x - start.x), y: start.y + 2 / 3 * (control.y - start.y)),
                      CGPoint(x: point.x + 2 / 3 * (control.x - point.x), y: point.y + 2 / 3 * (control.y - point.y)))
    }
    /// Adds an arc; `clockwise` in UIKit's sense (y grows downwards).
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        context.arc(center: center, radius: radius, start: startAngle, end: endAngle, clockwise: clockwise)
    }
    /// Adds a closed rectangle.
    public func addRect(_ rect: CGRect) { context.rectangle(rect) }
    /// Closes the current subpath.
    public func closePath() { context.closePath() }
    /// Adds `path`'s elements to the current path (not its stroke settings).
    public func addPath(_ path: BezierPath) {
        for element in path.elements {
            switch element {
            case .move(let p): context.move(to: p)
            case .line(let p): context.line(to: p)
            case let .quadCurve(p, c): addQuadCurve(to: p, control: c)
            case let .curve(p, c1, c2): context.curve(to: p, c1, c2)
            case let .arc(center, radius, start, end, clockwise):
                context.arc(center: center, radius: radius, start: start, end: end, clockwise: clockwise)
            case .close: context.closePath()
            }
        }
    }

    /// Fills the current path with the fill colour and consumes it.
    public func fillPath(rule: FillRule = .nonZero) {
        context.setFillRule(rule)
        context.setSource(style.fill)
        context.fill(preserve: false)
    }

    /// Strokes the current path with the stroke colour and line settings, and consumes it.
    public func strokePath() {
        context.setSource(style.stroke)
        context.stroke(preserve: false)
    }

    /// Narrows the clip to the current path and consumes it; restored with the saved state.
    public func clip(rule: FillRule = .nonZero) {
        context.setFillRule(rule)
        context.clip(preserve: false)
    }

    // MARK: paths as values

    /// Fills `path` with the fill colour and its own fill rule.
    public func fill(_ path: BezierPath) {
        context.newPath()
        addPath(path)
        fillPath(rule: path.usesEvenOddFillRule ? .evenOdd : .nonZero)
    }

    /// Fills `path` with `color`, leaving the fill colour as it was.
    public func fill(_ path: BezierPath, with color: Color) {
        withSavedState { setFillColor(color); fill(path) }
    }

    /// Strokes `path` with its own line settings and the stroke colour.
    public func stroke(_ path: BezierPath) {
        context.save()
        defer { context.restore() }
        context.setLineWidth(path.lineWidth)
        context.setLineJoin(path.lineJoinStyle)
        context.setLineCap(path.lineCapStyle)
        context.setDash(path.lineDash, phase: path.lineDashPhase)
        context.newPath()
        addPath(path)
        strokePath()
    }

    /// Strokes `path` with `color`, leaving the stroke colour as it was.
    public func stroke(_ path: BezierPath, with color: Color) {
        withSavedState { setStrokeColor(color); stroke(path) }
    }

    /// Narrows the clip to `path`.
    public func clip(to path: BezierPath) {
        context.newPath()
        addPath(path)
        clip(rule: path.usesEvenOddFillRule ? .evenOdd : .nonZero)
    }

    /// Fills a rectangle with the fill colour.
    public func fill(_ rect: CGRect) { fill(BezierPath(rect: rect)) }

    /// Fills the whole current clip with the fill colour.
    public func paint() {
        context.setSource(style.fill)
        context.paint()
    }

    // MARK: gradients and images

    /// Fills the current clip (or `path`, when given) with a linear gradient from `start` to `end`.
    public func drawLinearGradient(colors: [Color], locations: [Double]? = nil, from start: CGPoint, to end: CGPoint,
                                   in path: BezierPath? = nil) {
        guard !colors.isEmpty else { return }
        let stops: [(location: Double, color: Color)] = colors.enumerated().map { index, color in
            let location = locations.flatMap { index < $0.count ? $0[index] : nil }
                ?? (colors.count == 1 ? 0 : Double(index) / Double(colors.count - 1))
            return (location, color)
        }
        context.save()
        defer { context.restore() }
        context.setLinearGradient(from: start, to: end, stops: stops)
        if let path {
            context.newPath()
            addPath(path)
            context.fill(preserve: false)
        } else {
            context.paint()
        }
    }

    /// Draws a raster image into `rect`, scaled as `fit` says (stretched unless told).
    public func draw(_ image: RGBAImage, in rect: CGRect, fit: ImageFit = .stretch) throws {
        guard image.width > 0, image.height > 0 else { return }
        let surface = try CairoSurface.image(from: image)
        let target = Canvas.rect(for: CGSize(width: image.width, height: image.height), in: rect, fit: fit)
        context.save()
        defer { context.restore() }
        if fit == .cover { context.rectangle(rect); context.clip(preserve: false) }
        context.paintImage(surface, pixelWidth: image.width, pixelHeight: image.height, in: target)
    }

    /// Where an image of `size` lands in `rect` when fitted as `fit` says.
    public static func rect(for size: CGSize, in rect: CGRect, fit: ImageFit) -> CGRect {
        guard size.width > 0, size.height > 0 else { return rect }
        switch fit {
        case .stretch: return rect
        case .contain, .cover:
            let sx = rect.width / size.width, sy = rect.height / size.height
            let s = fit == .contain ? min(sx, sy) : max(sx, sy)
            let w = size.width * s, h = size.height * s
            return CGRect(x: rect.midX - w / 2, y: rect.midY - h / 2, width: w, height: h)
        }
    }

    // MARK: text

    /// Draws one line of text with its baseline's left end at `point`, laid out by Pango. The
    /// path being built is kept.
    public func showText(_ text: String, font: Font, color: Color, baselineAt point: CGPoint) {
        guard let line = font.line(text) else { return }
        context.setSource(color)
        line.draw(on: context.raw, baselineAt: point)
    }
}
