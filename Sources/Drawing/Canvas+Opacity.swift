import Foundation

extension Canvas {
    /// Runs `body` with its drawing composited at `alpha` (0...1) as one group, like a layer's
    /// opacity: overlapping shapes inside do not show through each other
    /// (`cairo_push_group`, `cairo_pop_group_to_source`, `cairo_paint_with_alpha`). The graphics
    /// state is restored afterwards, even if `body` throws.
    public func withOpacity<R>(_ alpha: Double, _ body: () throws -> R) rethrows -> R {
        let alpha = alpha.clamped01
        guard alpha < 1 else { return try withSavedState(body) }
        context.pushGroup()
        defer {
            context.popGroupToSource()
            context.paint(alpha: alpha)
        }
        return try withSavedState(body)
    }
}
