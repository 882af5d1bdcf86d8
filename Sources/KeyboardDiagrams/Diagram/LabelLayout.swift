import Foundation
import Geometry

/// A straight line of a drawing: a dimension line, a device edge, the keyboard's top edge.
struct LineSegment: Sendable, Hashable {
    var start: CGPoint
    var end: CGPoint

    init(_ start: CGPoint, _ end: CGPoint) {
        self.start = start
        self.end = end
    }

    init(x1: CGFloat, y1: CGFloat, x2: CGFloat, y2: CGFloat) {
        self.init(CGPoint(x: x1, y: y1), CGPoint(x: x2, y: y2))
    }

    /// The four edges of a rect.
    static func edges(of rect: CGRect) -> [LineSegment] {
        let r = rect.standardized
        return [
            LineSegment(x1: r.minX, y1: r.minY, x2: r.maxX, y2: r.minY),
            LineSegment(x1: r.maxX, y1: r.minY, x2: r.maxX, y2: r.maxY),
            LineSegment(x1: r.maxX, y1: r.maxY, x2: r.minX, y2: r.maxY),
            LineSegment(x1: r.minX, y1: r.maxY, x2: r.minX, y2: r.minY),
        ]
    }

    /// True when some point of the segment lies strictly inside `rect` (Liang–Barsky clipping).
    /// A segment running along an edge or touching a corner does not count.
    func crosses(_ rect: CGRect) -> Bool {
        let r = rect.standardized
        guard !r.isNull, r.width > 0, r.height > 0 else { return false }
        let dx = end.x - start.x, dy = end.y - start.y
        var low: CGFloat = 0, high: CGFloat = 1
        // Each pair: -p·t <= q, the four half-planes of the open rect.
        let checks: [(CGFloat, CGFloat)] = [
            (-dx, start.x - r.minX), (dx, r.maxX - start.x), (-dy, start.y - r.minY), (dy, r.maxY - start.y),
        ]
        for (p, q) in checks {
            if p == 0 {
                // Parallel to this side: outside (or on the side) means no interior point.
                if q <= 0 { return false }
            } else {
                let t = q / p
                if p < 0 { low = max(low, t) } else { high = min(high, t) }
                if low >= high { return false }
            }
        }
        return true
    }

    var bounds: CGRect {
        CGRect(x: min(start.x, end.x), y: min(start.y, end.y), width: abs(end.x - start.x), height: abs(end.y - start.y))
    }
}

/// What a label is, so tests and renderers can tell titles from annotations.
enum LabelRole: String, Sendable, Hashable, CaseIterable {
    case title, subtitle, panelTitle, caption, annotation, dimension, value, computation, legend, timing
}

/// A label's final box, with the leader line drawn to what it names when it had to move away.
struct PlacedLabel: Sendable, Hashable {
    var text: String
    var frame: CGRect
    var role: LabelRole
    /// From the label's edge to the point it names; nil when the label sits next to it.
    var leader: LineSegment?
}

/// A column beside the drawing where labels that fit nowhere else are stacked, each joined to
/// its anchor by a leader line.
struct LabelGutter: Sendable, Hashable {
    enum Alignment: Sendable, Hashable { case leading, trailing }
    /// The column: labels keep inside its x range and y range.
    var column: CGRect
    /// Leading: labels start at the column's left edge (a gutter right of the drawing).
    var alignment: Alignment

    init(column: CGRect, alignment: Alignment) {
        self.column = column
        self.alignment = alignment
    }
}

/// Errors of the label layout: a label that found no free place.
struct LabelLayoutError: Error, Sendable, Equatable, CustomStringConvertible {
    var text: String
    var description: String { "no room for the label \"\(text)\" in the diagram" }
}

/// A small greedy label placer: every label is a rect; each is put at the first of its candidate
/// positions that overlaps no placed label, no leader line, no key line and no protected text of the
/// drawing, and otherwise in a gutter column at the free slot nearest its anchor, with a leader line.
/// Pure geometry: no drawing, so tests can check the boxes.
struct LabelLayout: Sendable {
    /// Where labels may go (the canvas).
    let bounds: CGRect
    /// Clear space kept around every label, in points.
    var margin: CGFloat
    private(set) var placed: [PlacedLabel] = []
    private(set) var keyLines: [LineSegment] = []
    /// Text of the drawing that must stay readable (a keyboard's suggestions and key caps).
    private(set) var protectedText: [CGRect] = []
    /// Shapes no label may cover (a keyboard's keys), though a leader may cross them.
    private(set) var protectedAreas: [CGRect] = []

    init(bounds: CGRect, margin: CGFloat = 3) {
        self.bounds = bounds
        self.margin = margin
    }

    mutating func addKeyLines(_ lines: [LineSegment]) { keyLines += lines }
    mutating func addKeyLine(_ line: LineSegment) { keyLines.append(line) }
    mutating func addProtectedText(_ boxes: [CGRect]) { protectedText += boxes }
    mutating func addProtectedAreas(_ boxes: [CGRect]) { protectedAreas += boxes }

    /// True when `rect` is inside the bounds and clear of labels, leaders, key lines and protected text.
    func isFree(_ rect: CGRect) -> Bool { isFree(rect, margin: margin) }

    private func isFree(_ rect: CGRect, margin: CGFloat) -> Bool {
        guard bounds.contains(rect) else { return false }
        let padded = rect.insetBy(dx: -margin, dy: -margin)
        for label in placed {
            if label.frame.intersects(padded) { return false }
            if let leader = label.leader, leader.crosses(padded) { return false }
        }
        // Lines and drawn text may come closer than the label margin, but never into the text's box.
        let clearance = rect.insetBy(dx: -1, dy: -1)
        if protectedText.contains(where: { $0.intersects(clearance) }) { return false }
        if protectedAreas.contains(where: { $0.intersects(rect) }) { return false }
        return !keyLines.contains { $0.crosses(clearance) }
    }

    /// Places a label at the first free candidate, else in the gutter; nil when neither has room.
    @discardableResult
    mutating func place(_ text: String, size: CGSize, role: LabelRole, candidates: [CGRect],
                               anchor: CGPoint? = nil, gutter: LabelGutter? = nil) -> PlacedLabel? {
        for candidate in candidates {
            let rect = CGRect(origin: candidate.origin, size: size)
            if isFree(rect) {
                let label = PlacedLabel(text: text, frame: rect, role: role, leader: nil)
                placed.append(label)
                return label
            }
        }
        guard let gutter, let anchor else { return nil }
        return placeInGutter(text, size: size, role: role, anchor: anchor, gutter: gutter)
    }

    /// Like `place`, but throws when the label fits nowhere.
    @discardableResult
    mutating func require(_ text: String, size: CGSize, role: LabelRole, candidates: [CGRect],
                                 anchor: CGPoint? = nil, gutter: LabelGutter? = nil) throws(LabelLayoutError) -> PlacedLabel {
        guard let label = place(text, size: size, role: role, candidates: candidates, anchor: anchor, gutter: gutter) else {
            throw LabelLayoutError(text: text)
        }
        return label
    }

    /// The gutter slot nearest the anchor's height whose box and leader are clear.
    private mutating func placeInGutter(_ text: String, size: CGSize, role: LabelRole, anchor: CGPoint,
                                        gutter: LabelGutter) -> PlacedLabel? {
        let column = gutter.column
        guard size.width <= column.width + 0.5, size.height <= column.height else { return nil }
        let x = gutter.alignment == .leading ? column.minX : column.maxX - size.width
        let lowest = column.minY, highest = column.maxY - size.height
        let preferred = min(max(anchor.y - size.height / 2, lowest), highest)
        // Scan outwards from the preferred height: +0, +1, -1, +2, -2 …
        let reach = Int((highest - lowest).rounded(.up)) + 1
        for distance in 0...reach {
            for sign in distance == 0 ? [CGFloat(1)] : [1, -1] {
                let y = preferred + sign * CGFloat(distance)
                guard y >= lowest - 0.01, y <= highest + 0.01 else { continue }
                let rect = CGRect(x: x, y: y, width: size.width, height: size.height)
                guard isFree(rect) else { continue }
                let leader = Self.leader(from: rect, to: anchor)
                if let leader, placed.contains(where: { leader.crosses($0.frame.insetBy(dx: -1, dy: -1)) })
                    || protectedText.contains(where: { leader.crosses($0) }) { continue }
                let label = PlacedLabel(text: text, frame: rect, role: role, leader: leader)
                placed.append(label)
                return label
            }
        }
        return nil
    }

    /// A line from the nearest point of the label's box to the anchor, nil when the anchor touches the box.
    static func leader(from rect: CGRect, to anchor: CGPoint) -> LineSegment? {
        let edge = CGPoint(x: min(max(anchor.x, rect.minX), rect.maxX), y: min(max(anchor.y, rect.minY), rect.maxY))
        let length = hypot(edge.x - anchor.x, edge.y - anchor.y)
        return length < 4 ? nil : LineSegment(edge, anchor)
    }

    /// Reserves a box that is laid out by hand (a title, a legend entry), refusing overlaps
    /// (lines of a text block may sit closer together than the margin).
    mutating func reserve(_ text: String, frame: CGRect, role: LabelRole) throws(LabelLayoutError) {
        guard isFree(frame, margin: 0.5) else { throw LabelLayoutError(text: text) }
        placed.append(PlacedLabel(text: text, frame: frame, role: role, leader: nil))
    }

    // MARK: checks

    /// Pairs of labels whose boxes overlap (should be empty).
    var overlappingLabels: [(PlacedLabel, PlacedLabel)] {
        var result: [(PlacedLabel, PlacedLabel)] = []
        for i in placed.indices {
            for j in placed.indices where j > i {
                let overlap = placed[i].frame.intersection(placed[j].frame)
                if !overlap.isNull, overlap.width > 0, overlap.height > 0 { result.append((placed[i], placed[j])) }
            }
        }
        return result
    }

    /// Labels covering protected text (should be empty).
    var labelsCoveringProtectedText: [(PlacedLabel, CGRect)] {
        placed.flatMap { label in
            protectedText.filter { !$0.intersection(label.frame).isEmpty }.map { (label, $0) }
        }
    }
}

/// Candidate rects of a given size inside a rect, in the order a person would try them.
enum LabelCandidates {
    /// Inside `rect` row by row from the top, a row every `step` points and the last at the bottom
    /// (left, right, centre in each row), `inset` from the edges: for labels that should stay on a
    /// large area such as a keyboard. Fine rows let a label settle in the first gap between the
    /// text drawn there (under a keyboard's suggestions, between its rows of keys).
    static func grid(_ rect: CGRect, size: CGSize, inset: CGFloat = 6, step: CGFloat = 2) -> [CGRect] {
        let w = size.width, h = size.height
        let r = rect.insetBy(dx: inset, dy: inset)
        guard r.width >= w, r.height >= h, step > 0 else { return [] }
        let lowest = r.maxY - h
        let count = Int(((lowest - r.minY) / step).rounded(.down))
        var ys = (0...count).map { r.minY + CGFloat($0) * step }
        if let last = ys.last, lowest - last > 0.01 { ys.append(lowest) }
        return ys.flatMap { y in
            [r.minX, r.maxX - w, r.midX - w / 2].map { CGRect(x: $0, y: y, width: w, height: h) }
        }
    }

    /// Inside `rect` at its corners (top-left first) and centre, `inset` from the edges.
    static func inside(_ rect: CGRect, size: CGSize, inset: CGFloat = 6) -> [CGRect] {
        let w = size.width, h = size.height
        let r = rect.insetBy(dx: inset, dy: inset)
        guard r.width >= w, r.height >= h else { return [] }
        return [
            CGRect(x: r.minX, y: r.minY, width: w, height: h),
            CGRect(x: r.maxX - w, y: r.minY, width: w, height: h),
            CGRect(x: r.midX - w / 2, y: r.midY - h / 2, width: w, height: h),
            CGRect(x: r.minX, y: r.maxY - h, width: w, height: h),
            CGRect(x: r.maxX - w, y: r.maxY - h, width: w, height: h),
        ]
    }
}
