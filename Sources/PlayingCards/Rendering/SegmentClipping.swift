import Foundation

/// Line segments cut to a rectangle by arithmetic (Liang–Barsky) rather than by a clip path:
/// Cairo 1.16's SVG writer repeats the clip path for every element drawn under a clip, so
/// patterns clipped this way keep SVG files small.
enum SegmentClipping {
    static func clip(_ start: CGPoint, _ end: CGPoint, to rect: CGRect) -> (CGPoint, CGPoint)? {
        let dx = end.x - start.x, dy = end.y - start.y
        var t0: CGFloat = 0, t1: CGFloat = 1
        for (p, q) in [(-dx, start.x - rect.minX), (dx, rect.maxX - start.x), (-dy, start.y - rect.minY),
                       (dy, rect.maxY - start.y)] {
            if p == 0 {
                if q < 0 { return nil }
                continue
            }
            let t = q / p
            if p < 0 { t0 = max(t0, t) } else { t1 = min(t1, t) }
            if t0 > t1 { return nil }
        }
        return (CGPoint(x: start.x + t0 * dx, y: start.y + t0 * dy), CGPoint(x: start.x + t1 * dx, y: start.y + t1 * dy))
    }
}
