import Foundation

/// Sizes of crop marks, in the conventions of prepress tools.
///
/// A crop (trim) mark continues a trim line outside the artwork so a cutter can line up a ruler. By
/// convention marks start outside the bleed, never touching it, and are about 1/4 in long (6 mm is the
/// length the Ghent Workgroup recommends), drawn with a hairline (0.25 pt).
public struct CropMarkStyle: Sendable, Hashable {
    /// How long a mark is when there is room: 1/4 in.
    public var length: Length
    /// The gap between a card's bleed box and the start of a mark, so a mark is never printed on bleed
    /// that a slightly wide cut leaves on the card: 1/16 in. The mark's distance from the trim is
    /// therefore the bleed plus this.
    public var gapBeyondBleed: Length
    /// The stroke width to draw marks with: 0.25 pt.
    public var lineWidth: Length
    /// Marks shorter than this (where the page edge or the next card is too close) are left out: 1 mm.
    public var minimumLength: Length

    /// A style; every default is the convention above.
    public init(
        length: Length = .inches(0.25),
        gapBeyondBleed: Length = .inches(1.0 / 16),
        lineWidth: Length = .points(0.25),
        minimumLength: Length = .millimetres(1)
    ) {
        self.length = length
        self.gapBeyondBleed = gapBeyondBleed
        self.lineWidth = lineWidth
        self.minimumLength = minimumLength
    }

    /// 1/4 in marks, 1/16 in beyond the bleed, 0.25 pt lines, none under 1 mm.
    public static let standard = CropMarkStyle()
}

/// One crop mark: a segment on the continuation of a trim line.
public struct CropMark: Sendable, Hashable {
    /// Which way the trim line it continues runs.
    public enum Direction: Sendable, Hashable {
        /// A vertical trim line (`x` constant), marked above and below the cards.
        case vertical
        /// A horizontal trim line (`y` constant), marked left and right of the cards.
        case horizontal
    }

    /// Whether the mark continues a vertical or a horizontal trim line.
    public var direction: Direction
    /// The end nearer the cards.
    public var start: CGPoint
    /// The end further from the cards.
    public var end: CGPoint

    /// From `start` to `end`, in points; shorter than the style's length where the page edge or the next card is close.
    public var length: CGFloat { hypot(end.x - start.x, end.y - start.y) }
}

extension SheetLayout {
    /// The crop marks of this sheet: for every distinct trim line, a mark beyond each end of the grid.
    ///
    /// - Outer marks start ``CropMarkStyle/gapBeyondBleed`` outside the grid's bleed frame and run
    ///   towards the page edge for ``CropMarkStyle/length``, shortened at the page edge. They may reach
    ///   into the margin: there they print on printers that print closer to the edge, and where a printer
    ///   cannot, only the mark is lost, never a card.
    /// - With a gutter, a trim line also gets a mark in each gutter it crosses, kept the same gap from
    ///   the bleed boxes on both sides, when the gutter leaves room for ``CropMarkStyle/minimumLength``.
    ///   With no gutter (and so no room between cards) marks sit only outside the grid.
    /// - No mark touches any card's bleed box.
    public func cropMarks(style: CropMarkStyle = .standard) -> [CropMark] {
        guard !slots.isEmpty else { return [] }
        let frame = bleedFrame
        let gap = style.gapBeyondBleed.points
        let minimum = style.minimumLength.points
        let verticalLines = Self.distinct(slots.flatMap { [$0.trim.minX, $0.trim.maxX] })
        let horizontalLines = Self.distinct(slots.flatMap { [$0.trim.minY, $0.trim.maxY] })
        var marks: [CropMark] = []

        func add(_ direction: CropMark.Direction, at line: CGFloat, from near: CGFloat, to far: CGFloat) {
            guard abs(far - near) >= minimum - Self.tolerance else { return }
            let point = { (along: CGFloat) in direction == .vertical ? CGPoint(x: line, y: along) : CGPoint(x: along, y: line) }
            marks.append(CropMark(direction: direction, start: point(near), end: point(far)))
        }

        // Outside the grid, towards the page edges.
        let length = style.length.points
        for x in verticalLines {
            add(.vertical, at: x, from: frame.minY - gap, to: max(frame.minY - gap - length, 0))
            add(.vertical, at: x, from: frame.maxY + gap, to: min(frame.maxY + gap + length, pageSize.height))
        }
        for y in horizontalLines {
            add(.horizontal, at: y, from: frame.minX - gap, to: max(frame.minX - gap - length, 0))
            add(.horizontal, at: y, from: frame.maxX + gap, to: min(frame.maxX + gap + length, pageSize.width))
        }

        // Inside gutters: the band between two rows (or columns) holds no bleed box, so a mark there on a
        // trim line's continuation is clear of every card. Centred in the band, at most `length` long.
        func gutterMarks(_ direction: CropMark.Direction, lines: [CGFloat], bands: [(CGFloat, CGFloat)]) {
            for (low, high) in bands {
                let room = (high - gap) - (low + gap)
                guard room >= minimum - Self.tolerance else { continue }
                let middle = (low + high) / 2
                let half = min(room, length) / 2
                for line in lines { add(direction, at: line, from: middle - half, to: middle + half) }
            }
        }
        if gutter.points > 0 {
            let rowBands = (0..<max(rows - 1, 0)).map { row in
                (slots[row * columns].bleed.maxY, slots[(row + 1) * columns].bleed.minY)
            }
            let columnBands = (0..<max(columns - 1, 0)).map { column in
                (slots[column].bleed.maxX, slots[column + 1].bleed.minX)
            }
            gutterMarks(.vertical, lines: verticalLines, bands: rowBands)
            gutterMarks(.horizontal, lines: horizontalLines, bands: columnBands)
        }
        return marks
    }

    /// Sorted, with values closer than the tolerance (a trim line two cards share) kept once.
    static func distinct(_ values: [CGFloat]) -> [CGFloat] {
        values.sorted().reduce(into: [CGFloat]()) { kept, value in
            if let last = kept.last, abs(value - last) <= tolerance { return }
            kept.append(value)
        }
    }
}
