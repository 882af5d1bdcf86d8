internal import CCairo
import Foundation
import Geometry

/// The thin layer over `cairo_t`: every call into Cairo's drawing API goes through here.
/// Cairo's errors are sticky, so status is checked at construction and at commit points
/// (`checkStatus()`), not after every call.
final class CairoContext {
    let raw: OpaquePointer

    init(surface: CairoSurface) throws(DrawingError) {
        raw = cairo_create(surface.raw)
        try CairoContext.check(cairo_status(raw), while: "creating a drawing context")
    }

    deinit { cairo_destroy(raw) }

    func checkStatus(while action: String) throws(DrawingError) {
        try CairoContext.check(cairo_status(raw), while: action)
    }

    static func check(_ status: cairo_status_t, while action: String) throws(DrawingError) {
        guard status != CAIRO_STATUS_SUCCESS else { return }
        let message = String(cString: cairo_status_to_string(status))
        if status == CAIRO_STATUS_NO_MEMORY {
            throw .outOfMemory(action)
        }
        throw .cairo(action: action, message: message)
    }

    // MARK: state
    func save() { cairo_save(raw) }
    func restore() { cairo_restore(raw) }

    func translate(_ x: CGFloat, _ y: CGFloat) { cairo_translate(raw, Double(x), Double(y)) }
    func scale(_ x: CGFloat, _ y: CGFloat) { cairo_scale(raw, Double(x), Double(y)) }
    func rotate(_ angle: CGFloat) { cairo_rotate(raw, Double(angle)) }

    func concatenate(_ t: CGAffineTransform) {
        var matrix = cairo_matrix_t(xx: Double(t.a), yx: Double(t.b), xy: Double(t.c),
                                    yy: Double(t.d), x0: Double(t.tx), y0: Double(t.ty))
        cairo_transform(raw, &matrix)
    }

    var currentTransform: CGAffineTransform {
        var m = cairo_matrix_t()
        cairo_get_matrix(raw, &m)
        return CGAffineTransform(a: CGFloat(m.xx), b: CGFloat(m.yx), c: CGFloat(m.xy),
                                 d: CGFloat(m.yy), tx: CGFloat(m.x0), ty: CGFloat(m.y0))
    }

    func setSource(_ c: Color) { cairo_set_source_rgba(raw, c.red, c.green, c.blue, c.alpha) }

    func setLineWidth(_ w: CGFloat) { cairo_set_line_width(raw, Double(w)) }

    func setLineJoin(_ join: LineJoin) {
        switch join {
        case .miter: cairo_set_line_join(raw, CAIRO_LINE_JOIN_MITER)
        case .round: cairo_set_line_join(raw, CAIRO_LINE_JOIN_ROUND)
        case .bevel: cairo_set_line_join(raw, CAIRO_LINE_JOIN_BEVEL)
        }
    }

    func setLineCap(_ cap: LineCap) {
        switch cap {
        case .butt: cairo_set_line_cap(raw, CAIRO_LINE_CAP_BUTT)
        case .round: cairo_set_line_cap(raw, CAIRO_LINE_CAP_ROUND)
        case .square: cairo_set_line_cap(raw, CAIRO_LINE_CAP_SQUARE)
        }
    }

    func setDash(_ pattern: [CGFloat], phase: CGFloat) {
        let doubles = pattern.map(Double.init)
        doubles.withUnsafeBufferPointer { buffer in
            cairo_set_dash(raw, buffer.baseAddress, Int32(buffer.count), Double(phase))
        }
    }

    func setFillRule(_ rule: FillRule) {
        cairo_set_fill_rule(raw, rule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
    }

    // MARK: path construction
    func newPath() { cairo_new_path(raw) }
    func move(to p: CGPoint) { cairo_move_to(raw, Double(p.x), Double(p.y)) }
    func line(to p: CGPoint) { cairo_line_to(raw, Double(p.x), Double(p.y)) }
    func curve(to p: CGPoint, _ c1: CGPoint, _ c2: CGPoint) {
        cairo_curve_to(raw, Double(c1.x), Double(c1.y), Double(c2.x), Double(c2.y), Double(p.x), Double(p.y))
    }
    func closePath() { cairo_close_path(raw) }
    func rectangle(_ r: CGRect) {
        cairo_rectangle(raw, Double(r.minX), Double(r.minY), Double(r.width), Double(r.height))
    }

    /// `clockwise` is in UIKit's sense (y grows downwards), which is Cairo's positive direction.
    func arc(center: CGPoint, radius: CGFloat, start: CGFloat, end: CGFloat, clockwise: Bool) {
        if clockwise {
            cairo_arc(raw, Double(center.x), Double(center.y), Double(radius), Double(start), Double(end))
        } else {
            cairo_arc_negative(raw, Double(center.x), Double(center.y), Double(radius), Double(start), Double(end))
        }
    }

    var hasCurrentPoint: Bool { cairo_has_current_point(raw) != 0 }

    var currentPoint: CGPoint {
        var x = 0.0, y = 0.0
        cairo_get_current_point(raw, &x, &y)
        return CGPoint(x: x, y: y)
    }

    // MARK: painting
    func fill(preserve: Bool) { preserve ? cairo_fill_preserve(raw) : cairo_fill(raw) }
    func stroke(preserve: Bool) { preserve ? cairo_stroke_preserve(raw) : cairo_stroke(raw) }
    func clip(preserve: Bool) { preserve ? cairo_clip_preserve(raw) : cairo_clip(raw) }
    /// `cairo_clip_extents`: the bounding box of the current clip, in user space.
    var clipExtents: CGRect {
        var x1 = 0.0, y1 = 0.0, x2 = 0.0, y2 = 0.0
        cairo_clip_extents(raw, &x1, &y1, &x2, &y2)
        return CGRect(x: x1, y: y1, width: x2 - x1, height: y2 - y1)
    }
    func paint() { cairo_paint(raw) }

    /// Paints `surface` with its origin at the user-space origin (`cairo_set_source_surface`,
    /// `cairo_paint`).
    func paint(_ surface: CairoSurface) {
        cairo_set_source_surface(raw, surface.raw, 0, 0)
        cairo_paint(raw)
    }

    /// `cairo_show_page`: ends the current page of a paged surface and starts a blank one.
    func showPage() { cairo_show_page(raw) }
    func paint(alpha: Double) { cairo_paint_with_alpha(raw, alpha) }

    func setLinearGradient(from start: CGPoint, to end: CGPoint, stops: [(location: Double, color: Color)]) {
        let pattern = cairo_pattern_create_linear(Double(start.x), Double(start.y), Double(end.x), Double(end.y))
        for stop in stops {
            cairo_pattern_add_color_stop_rgba(pattern, stop.location, stop.color.red, stop.color.green,
                                              stop.color.blue, stop.color.alpha)
        }
        cairo_set_source(raw, pattern)
        cairo_pattern_destroy(pattern)
    }

    /// `cairo_pattern_create_radial` from a zero-radius circle at `focus` to the circle of
    /// `radius` around `center`.
    func setRadialGradient(center: CGPoint, radius: CGFloat, focus: CGPoint, stops: [(location: Double, color: Color)]) {
        let pattern = cairo_pattern_create_radial(Double(focus.x), Double(focus.y), 0,
                                                  Double(center.x), Double(center.y), Double(max(0, radius)))
        for stop in stops {
            cairo_pattern_add_color_stop_rgba(pattern, stop.location, stop.color.red, stop.color.green,
                                              stop.color.blue, stop.color.alpha)
        }
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        cairo_set_source(raw, pattern)
        cairo_pattern_destroy(pattern)
    }

    /// `cairo_push_group`: drawing goes to a temporary surface until `popGroupToSource`.
    func pushGroup() { cairo_push_group(raw) }
    /// `cairo_pop_group_to_source`: the group drawn since `pushGroup` becomes the source.
    func popGroupToSource() { cairo_pop_group_to_source(raw) }

    /// Paints `image` (an ARGB32 image surface) scaled into `rect`.
    /// Paints the image scaled onto `rect`; with `edges`, it goes on past `rect` as far as
    /// `area` (the area painted, `rect` without `edges`), reflected or padded.
    func paintImage(_ image: CairoSurface, pixelWidth: Int, pixelHeight: Int, in rect: CGRect,
                    extending edges: EdgeExtension? = nil, over area: CGRect? = nil) {
        guard pixelWidth > 0, pixelHeight > 0, rect.width > 0, rect.height > 0 else { return }
        let painted = edges == nil ? rect : area ?? rect
        cairo_save(raw)
        cairo_rectangle(raw, Double(painted.minX), Double(painted.minY), Double(painted.width), Double(painted.height))
        cairo_clip(raw)
        cairo_translate(raw, Double(rect.minX), Double(rect.minY))
        cairo_scale(raw, Double(rect.width) / Double(pixelWidth), Double(rect.height) / Double(pixelHeight))
        cairo_set_source_surface(raw, image.raw, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(raw), CAIRO_FILTER_GOOD)
        switch edges {
        case .mirror: cairo_pattern_set_extend(cairo_get_source(raw), CAIRO_EXTEND_REFLECT)
        case .stretch: cairo_pattern_set_extend(cairo_get_source(raw), CAIRO_EXTEND_PAD)
        case nil: break
        }
        cairo_paint(raw)
        cairo_restore(raw)
    }
}
