import Foundation
import Geometry

/// The size of a corner label (rank over suit) and of its two parts, in points. The renderer
/// measures the font once; tests pass numbers.
public struct CornerLabelMetrics: Sendable, Hashable {
    /// Widest rank text as drawn (the renderer condenses "10" to keep the corner narrow).
    public var rankWidth: CGFloat
    /// Height of the rank's capitals, from the label's top edge to the baseline.
    public var rankHeight: CGFloat
    /// Side of the suit symbol's box under the rank.
    public var suitSize: CGFloat
    /// Space between the rank's baseline and the suit's box.
    public var gap: CGFloat

    /// Metrics measured from a font (``estimated(fontSize:)`` guesses them without one).
    public init(rankWidth: CGFloat, rankHeight: CGFloat, suitSize: CGFloat, gap: CGFloat) {
        self.rankWidth = rankWidth
        self.rankHeight = rankHeight
        self.suitSize = suitSize
        self.gap = gap
    }

    /// Typical proportions of a bold sans-serif at `fontSize`, for callers without a font.
    public static func estimated(fontSize: CGFloat) -> CornerLabelMetrics {
        CornerLabelMetrics(rankWidth: 0.85 * fontSize, rankHeight: 0.73 * fontSize,
                           suitSize: 0.78 * fontSize, gap: 0.2 * fontSize)
    }

    /// The label's box: the wider of rank and suit, rank above suit.
    public var size: CGSize {
        CGSize(width: max(rankWidth, suitSize), height: rankHeight + gap + suitSize)
    }
}

/// Where one pip goes: its box (the suit shape is fitted into it) and whether it is drawn
/// upside down, as pips in the lower half of a real card are.
public struct PipPlacement: Sendable, Hashable {
    /// The box the suit shape is fitted into.
    public var rect: CGRect
    /// Drawn upside down, as in the lower half of a card.
    public var isRotated: Bool

    /// A pip in `rect`, upside down when `isRotated`.
    public init(rect: CGRect, isRotated: Bool) {
        self.rect = rect
        self.isRotated = isRotated
    }

    /// The centre of the pip's box.
    public var center: CGPoint { CGPoint(x: rect.midX, y: rect.midY) }
}

/// The geometry of a card face, computed from its bounds only: numbers in, rectangles out, so
/// every rule can be unit-tested without drawing. Proportions are those of the Stanford CS193p
/// PlayingCardView demo.
public struct CardLayout: Sendable, Hashable {
    /// The CS193p demo's corner radius: 6 % of the card's height.
    public static let cornerRadiusToBoundsHeight: CGFloat = 0.06
    /// The CS193p demo's inset of the corner labels: a third of the corner radius.
    public static let cornerOffsetToCornerRadius: CGFloat = 0.33
    /// The CS193p demo's corner font size: 8.5 % of the card's height.
    public static let cornerFontSizeToBoundsHeight: CGFloat = 0.085
    /// The CS193p demo's `faceCardScale`: the court picture's share of the card.
    public static let defaultFaceCardScale: CGFloat = 0.75

    /// The CS193p demo's `pipsPerRowForRank` table: index = rank (1 = ace), each entry the pips in each row.
    public static let pipsPerRowForRank: [[Int]] = [
        [0], [1], [1, 1], [1, 1, 1], [2, 2], [2, 1, 2], [2, 2, 2], [2, 1, 2, 2], [2, 2, 2, 2], [2, 2, 1, 2, 2],
        [2, 2, 2, 2, 2],
    ]

    /// The card's rectangle.
    public var bounds: CGRect
    /// Corner font size as a fraction of the height: 0.085 as in the CS193p demo, larger for big indices.
    public var cornerFontSizeRatio: CGFloat
    /// The corner label's rank and suit boxes.
    public var cornerLabel: CornerLabelMetrics
    /// How much of the card a face image or court panel takes.
    public var faceCardScale: CGFloat
    /// Which pip rows each rank uses.
    public var arrangement: PipArrangement

    /// The layout of a card in `bounds`; the defaults are the CS193p demo's proportions.
    public init(bounds: CGRect, cornerFontSizeRatio: CGFloat = CardLayout.cornerFontSizeToBoundsHeight,
                cornerLabel: CornerLabelMetrics? = nil, faceCardScale: CGFloat = CardLayout.defaultFaceCardScale,
                arrangement: PipArrangement = .classic) {
        self.bounds = bounds
        self.cornerFontSizeRatio = cornerFontSizeRatio
        self.cornerLabel = cornerLabel ?? .estimated(fontSize: Self.cornerFontSize(for: bounds.size, ratio: cornerFontSizeRatio))
        self.faceCardScale = faceCardScale
        self.arrangement = arrangement
    }

    // MARK: the CS193p demo's proportions

    /// The rounded rect's corner radius.
    public var cornerRadius: CGFloat { bounds.height * Self.cornerRadiusToBoundsHeight }
    /// How far the corner labels sit in from the edges.
    public var cornerOffset: CGFloat { cornerRadius * Self.cornerOffsetToCornerRadius }
    /// The corner index's font size for these bounds.
    public var cornerFontSize: CGFloat { Self.cornerFontSize(for: bounds.size, ratio: cornerFontSizeRatio) }

    /// `ratio` × the height, as in the CS193p demo, except on cards narrower than 1 : 1.6 (bridge
    /// is 1 : 1.56), where the width caps it so the two indices still leave room between them.
    public static func cornerFontSize(for size: CGSize, ratio: CGFloat) -> CGFloat {
        min(size.height, size.width * 1.6) * ratio
    }
    /// A thin border, about half a point on a poker card.
    public var borderWidth: CGFloat { max(0.25, bounds.height * 0.002) }

    // MARK: corner labels

    /// The size of one corner label.
    public var cornerLabelSize: CGSize { cornerLabel.size }

    /// `bounds.origin.offsetBy(dx: cornerOffset, dy: cornerOffset)`, sized to the label.
    public var upperLeftCornerLabelRect: CGRect {
        CGRect(origin: bounds.origin.offsetBy(dx: cornerOffset, dy: cornerOffset), size: cornerLabelSize)
    }

    /// The CS193p demo's frame origin for the lower-right label: the far corner moved in by the
    /// offset and by the label's size.
    public var lowerRightCornerLabelOrigin: CGPoint {
        CGPoint(x: bounds.maxX, y: bounds.maxY)
            .offsetBy(dx: -cornerOffset, dy: -cornerOffset)
            .offsetBy(dx: -cornerLabelSize.width, dy: -cornerLabelSize.height)
    }

    /// The lower-right label's frame, before its rotation.
    public var lowerRightCornerLabelRect: CGRect {
        CGRect(origin: lowerRightCornerLabelOrigin, size: cornerLabelSize)
    }

    /// The CS193p demo's label transform: `identity.translatedBy(labelW, labelH).rotated(by: .pi)`,
    /// which turns the label about its own centre.
    public var lowerRightCornerLabelRotation: CGAffineTransform {
        CGAffineTransform.identity
            .translatedBy(x: cornerLabelSize.width, y: cornerLabelSize.height)
            .rotated(by: CGFloat.pi)
    }

    /// Label space (origin at the label's top-left) to card space for the lower-right label:
    /// the rotation, then the move to its frame origin.
    public var lowerRightCornerLabelTransform: CGAffineTransform {
        lowerRightCornerLabelRotation.concatenating(
            CGAffineTransform(translationX: lowerRightCornerLabelOrigin.x, y: lowerRightCornerLabelOrigin.y))
    }

    /// Inside a label: the rank's box (top, centred) and the suit's box under it.
    public var labelRankRect: CGRect {
        CGRect(x: (cornerLabelSize.width - cornerLabel.rankWidth) / 2, y: 0,
               width: cornerLabel.rankWidth, height: cornerLabel.rankHeight)
    }

    /// Inside a label: the suit's box under the rank, centred.
    public var labelSuitRect: CGRect {
        CGRect(x: (cornerLabelSize.width - cornerLabel.suitSize) / 2, y: cornerLabel.rankHeight + cornerLabel.gap,
               width: cornerLabel.suitSize, height: cornerLabel.suitSize)
    }

    // MARK: pips

    /// `bounds.insetBy(cornerOffset).insetBy(dx: labelWidth, dy: labelHeight / 2)`, as in the CS193p demo.
    public var pipRect: CGRect {
        bounds.insetBy(dx: cornerOffset, dy: cornerOffset)
            .insetBy(dx: cornerLabelSize.width, dy: cornerLabelSize.height / 2)
    }

    /// The side of a pip's box.
    ///
    /// CS193p demo: like `createPipString(thatFits:)`, the pip fits both the row spacing of the
    /// densest rank (5 rows) and half the width (2 columns).
    /// Classic: the pip fits 4 rows with gaps of 60 % of a pip between them and 3 columns
    /// with gaps, which gives the proportions of printed decks (about 0.14 of the height).
    public var pipSize: CGFloat {
        let rect = pipRect
        guard !rect.isNull, rect.width > 0, rect.height > 0 else { return 0 }
        switch arrangement {
        case .lecture:
            let maxRows = CGFloat(Self.pipsPerRowForRank.map(\.count).max() ?? 1)
            let maxColumns = CGFloat(Self.pipsPerRowForRank.compactMap { $0.max() }.max() ?? 1)
            return min(rect.height / maxRows, rect.width / maxColumns)
        case .classic:
            return min(rect.height / (4 + 3 * 0.6), rect.width / 3.6)
        }
    }

    /// The pips of a number card (ace to ten); empty for courts.
    public func pips(for rank: Rank) -> [PipPlacement] {
        guard !rank.isCourt else { return [] }
        if rank == .ace { return [PipPlacement(rect: acePipRect(large: false), isRotated: false)] }
        switch arrangement {
        case .lecture: return lecturePips(for: rank)
        case .classic: return classicPips(for: rank)
        }
    }

    /// The ace's single large pip, centred; `large` for the ace of spades' bigger emblem.
    public func acePipRect(large: Bool) -> CGRect {
        let rect = pipRect
        let side = min(rect.width, rect.height) * (large ? 0.72 : 0.5)
        return CGRect(center: CGPoint(x: bounds.midX, y: bounds.midY), size: CGSize(width: side, height: side))
    }

    private func placement(_ center: CGPoint, size: CGFloat) -> PipPlacement {
        // Pips whose centre lies below the card's middle are drawn upside down.
        PipPlacement(rect: CGRect(center: center, size: CGSize(width: size, height: size)),
                     isRotated: center.y > bounds.midY + 1e-9)
    }

    private func lecturePips(for rank: Rank) -> [PipPlacement] {
        let rows = Self.pipsPerRowForRank[rank.order]
        let rect = pipRect
        // The CS193p demo sized a glyph's line to the cell; its ink fills about 80 % of that.
        let size = pipSize * 0.8
        let rowSpacing = rect.height / CGFloat(rows.count)
        var result: [PipPlacement] = []
        for (index, count) in rows.enumerated() {
            let row = CGRect(x: rect.minX, y: rect.minY + rowSpacing * CGFloat(index), width: rect.width,
                             height: rowSpacing)
            let cells = count == 2 ? [row.leftHalf, row.rightHalf] : count == 1 ? [row] : []
            result += cells.map { placement(CGPoint(x: $0.midX, y: $0.midY), size: size) }
        }
        return result
    }

    /// Column (0 left, 1 centre, 2 right) and row position (0 top pip, 1 bottom pip) of each pip.
    public static func classicPositions(for rank: Rank) -> [(column: Int, row: CGFloat)] {
        let sides: (([CGFloat]) -> [(column: Int, row: CGFloat)]) = { rows in
            rows.flatMap { [(column: 0, row: $0), (column: 2, row: $0)] }
        }
        let centre: (([CGFloat]) -> [(column: Int, row: CGFloat)]) = { rows in rows.map { (column: 1, row: $0) } }
        switch rank {
        case .ace: return centre([0.5])
        case .two: return centre([0, 1])
        case .three: return centre([0, 0.5, 1])
        case .four: return sides([0, 1])
        case .five: return sides([0, 1]) + centre([0.5])
        case .six: return sides([0, 0.5, 1])
        case .seven: return sides([0, 0.5, 1]) + centre([0.25])
        case .eight: return sides([0, 0.5, 1]) + centre([0.25, 0.75])
        case .nine: return sides([0, 1.0 / 3, 2.0 / 3, 1]) + centre([0.5])
        case .ten: return sides([0, 1.0 / 3, 2.0 / 3, 1]) + centre([1.0 / 6, 5.0 / 6])
        case .jack, .queen, .king: return []
        }
    }

    private func classicPips(for rank: Rank) -> [PipPlacement] {
        let rect = pipRect
        let size = pipSize
        // Side columns sit a fifth of the pip rect in from its edges, as on printed cards.
        let columns = [rect.minX + rect.width * 0.2, rect.midX, rect.maxX - rect.width * 0.2]
        let top = rect.minY + size / 2
        let span = rect.height - size
        return Self.classicPositions(for: rank).map { position in
            placement(CGPoint(x: columns[position.column], y: top + span * position.row), size: size)
        }
    }

    // MARK: court cards

    /// Where a face image goes: the CS193p demo's `bounds.zoom(by: faceCardScale)`.
    public var faceImageRect: CGRect { bounds.zoom(by: faceCardScale) }

    /// Room kept free around each corner label; face art never enters it.
    public var cornerLabelClearance: CGFloat { cornerOffset * 0.6 }

    /// The corner index areas, grown by the clearance: what face images are clipped away from.
    public var cornerLabelKeepOutRects: [CGRect] {
        [upperLeftCornerLabelRect, lowerRightCornerLabelRect].map {
            $0.insetBy(dx: -cornerLabelClearance, dy: -cornerLabelClearance)
        }
    }

    /// The framed panel of the vector court design: `faceImageRect`, made narrower (or, on
    /// cards too narrow for that, shorter) where needed so it never reaches the corner
    /// indices; always centred, so the design can be point-symmetric about the card's centre.
    public var courtPanelRect: CGRect {
        let zoomed = faceImageRect
        let keepOut = cornerLabelKeepOutRects[0]
        let gap = cornerOffset * 0.25
        let insetX = zoomed.minX - bounds.minX, insetY = zoomed.minY - bounds.minY
        guard zoomed.intersects(keepOut) else { return zoomed }
        let candidates = [
            bounds.insetBy(dx: max(insetX, keepOut.maxX - bounds.minX + gap), dy: insetY),
            bounds.insetBy(dx: insetX, dy: max(insetY, keepOut.maxY - bounds.minY + gap)),
        ].filter { !$0.isNull && $0.width > 0 && $0.height > 0 }
        return candidates.max { $0.width * $0.height < $1.width * $1.height }
            ?? CGRect(center: CGPoint(x: bounds.midX, y: bounds.midY), size: .zero)
    }
}
