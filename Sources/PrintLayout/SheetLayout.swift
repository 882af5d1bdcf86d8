import Foundation
import Geometry

/// Cards imposed on one side of a sheet: the n-up grid, centred on the page, and each card's place.
///
/// Coordinates are page points with the origin at the top-left and y growing downwards, as the
/// project's `Canvas` draws (Cairo's convention; PDF pages are drawn through it).
///
/// - Each card takes its **bleed box**: the trim rect grown by ``bleed`` on every side.
/// - The ``gutter`` is the space between the bleed boxes of neighbouring cards. With no bleed and no
///   gutter (the default) neighbouring cards share a trim line, so one cut serves two cards.
/// - Bleed boxes stay inside the page inset by ``margin``; crop marks may reach into the margin
///   (see ``cropMarks(style:)``).
/// - Columns and rows are as many as fit; the grid is centred on the page.
public struct SheetLayout: Sendable, Hashable {
    /// What home printers can print: 0.25 in (6.35 mm, 18 pt) from every edge.
    ///
    /// Desktop printers hold the paper by its edges and cannot print within a few millimetres of them;
    /// the unprintable strip differs between models (printer drivers state it as the PPD
    /// `*ImageableArea`, commonly 1/12 to 1/3 in) and 0.25 in is the value commonly given as safe on
    /// most of them. It still fits 3 × 3 poker cards on Letter (3 × 3.5 in + 2 × 0.25 in = 11 in).
    public static let defaultMargin = Length.inches(0.25)
    /// No gutter: one cut between two cards serves both.
    public static let defaultGutter = Length.zero

    /// One card position on the sheet.
    public struct Slot: Sendable, Hashable {
        /// Reading order: left to right, then top to bottom.
        public var index: Int
        /// From the left, counting from zero.
        public var column: Int
        /// From the top, counting from zero.
        public var row: Int
        /// Where the card is cut.
        public var trim: CGRect
        /// The trim grown by the bleed: how far the card's background is drawn.
        public var bleed: CGRect

        /// The trim inset by `inset`: where text and pips are safe from a cut that strays inwards.
        /// Proofs draw it with the trim and bleed lines.
        public func safeArea(inset: Length = SheetLayout.defaultSafeInset) -> CGRect {
            trim.inset(by: EdgeInsets(all: inset.points))
        }
    }

    /// 1/8 in: the safe zone printers and print-on-demand templates keep inside the trim
    /// (The Game Crafter's poker safe zone is 2.25 × 3.25 in on a 2.5 × 3.5 in card).
    public static let defaultSafeInset = Length.inches(0.125)

    /// The paper as given.
    public let paper: Paper
    /// The orientation chosen (when asked for `automatic`, the one that holds more cards).
    public let orientation: Orientation
    /// The page size in points, in ``orientation``.
    public let pageSize: CGSize
    /// The card's trim size in points (the same for every slot; cards are never rotated).
    public let cardSize: CGSize
    /// How far each card's background reaches beyond its trim.
    public let bleed: Length
    /// Space kept clear at every page edge (printers cannot print to the edge).
    public let margin: Length
    /// Space between neighbouring cards' bleed boxes.
    public let gutter: Length
    /// Cards across the page.
    public let columns: Int
    /// Cards down the page.
    public let rows: Int
    /// Every slot, in reading order.
    public let slots: [Slot]

    /// Cards per page.
    public var capacity: Int { columns * rows }

    /// The page inset by the margin: where bleed boxes may go.
    public var printableArea: CGRect {
        CGRect(origin: .zero, size: pageSize).inset(by: EdgeInsets(all: margin.points))
    }

    /// The union of all trim rects.
    public var trimFrame: CGRect { slots.reduce(CGRect.null) { $0.union($1.trim) } }

    /// The union of all bleed boxes.
    public var bleedFrame: CGRect { slots.reduce(CGRect.null) { $0.union($1.bleed) } }

    /// Lays `cardSize` (trim, in points) out on `paper`.
    ///
    /// Throws a one-line error when the card size is not positive, when the card's trim is larger than
    /// the paper, when margins and bleed leave room for no card, or when the gutter is wider than the paper.
    /// Margin, bleed and gutter must be zero or more and finite.
    public init(
        paper: Paper,
        cardSize: CGSize,
        bleed: Length = .zero,
        margin: Length = SheetLayout.defaultMargin,
        gutter: Length = SheetLayout.defaultGutter,
        orientation choice: OrientationChoice = .automatic
    ) throws(PrintLayoutError) {
        guard cardSize.width.isFinite, cardSize.height.isFinite, cardSize.width > 0, cardSize.height > 0 else {
            throw .invalidCardSize("invalid card size \(Length.format(cardSize.width))x\(Length.format(cardSize.height)) pt: both sides must be greater than zero")
        }
        for (name, length) in [("bleed", bleed), ("margin", margin), ("gutter", gutter)] {
            guard length.points.isFinite else { throw .notFiniteLength("\(name) \(length.points)") }
            guard length.points >= 0 else { throw .negativeLength("\(name) \(length)") }
        }
        let card = "\(Length.format(cardSize.width))x\(Length.format(cardSize.height)) pt card"
        let portrait = paper.size(in: .portrait)
        guard cardSize.width <= portrait.width + Self.tolerance, cardSize.height <= portrait.height + Self.tolerance else {
            throw .paperSmallerThanCard("a \(card) does not fit on \(paper) paper (\(Self.describe(portrait)))")
        }
        guard gutter.points <= max(portrait.width, portrait.height) else {
            throw .gutterTooLarge("a gutter of \(gutter) is wider than \(paper) paper (\(Self.describe(portrait)))")
        }

        func grid(_ orientation: Orientation) -> (columns: Int, rows: Int) {
            let page = paper.size(in: orientation)
            let columns = Self.count(along: page.width, card: cardSize.width, bleed: bleed.points, margin: margin.points, gutter: gutter.points)
            let rows = Self.count(along: page.height, card: cardSize.height, bleed: bleed.points, margin: margin.points, gutter: gutter.points)
            return (columns, rows)
        }
        let portraitGrid = grid(.portrait)
        let landscapeGrid = grid(.landscape)
        let chosen: Orientation = switch choice {
        case .portrait: .portrait
        case .landscape: .landscape
        case .automatic: landscapeGrid.columns * landscapeGrid.rows > portraitGrid.columns * portraitGrid.rows ? .landscape : .portrait
        }
        let (columns, rows) = chosen == .portrait ? portraitGrid : landscapeGrid
        guard columns > 0, rows > 0 else {
            let other = chosen == .portrait ? landscapeGrid : portraitGrid
            let hint = other.columns * other.rows > 0
                ? "; \(chosen == .portrait ? "landscape" : "portrait") fits \(other.columns)×\(other.rows)" : ""
            throw .nothingFits("margins of \(margin) and bleed of \(bleed) leave no room for a \(card) on \(paper) \(chosen.rawValue)\(hint)")
        }

        self.paper = paper
        self.orientation = chosen
        self.pageSize = paper.size(in: chosen)
        self.cardSize = cardSize
        self.bleed = bleed
        self.margin = margin
        self.gutter = gutter
        self.columns = columns
        self.rows = rows
        let b = bleed.points
        let pitch = CGSize(width: cardSize.width + 2 * b + gutter.points, height: cardSize.height + 2 * b + gutter.points)
        let gridSize = CGSize(
            width: CGFloat(columns) * pitch.width - gutter.points,
            height: CGFloat(rows) * pitch.height - gutter.points
        )
        let origin = CGPoint(x: (pageSize.width - gridSize.width) / 2, y: (pageSize.height - gridSize.height) / 2)
        var slots: [Slot] = []
        slots.reserveCapacity(columns * rows)
        for row in 0..<rows {
            for column in 0..<columns {
                let bleedBox = CGRect(
                    x: origin.x + CGFloat(column) * pitch.width,
                    y: origin.y + CGFloat(row) * pitch.height,
                    width: cardSize.width + 2 * b,
                    height: cardSize.height + 2 * b
                )
                slots.append(Slot(index: slots.count, column: column, row: row, trim: bleedBox.insetBy(dx: b, dy: b), bleed: bleedBox))
            }
        }
        self.slots = slots
    }

    /// How many bleed boxes fit along `side` inside the margins: n boxes and n − 1 gutters.
    static func count(along side: CGFloat, card: CGFloat, bleed: CGFloat, margin: CGFloat, gutter: CGFloat) -> Int {
        let available = side - 2 * margin
        let box = card + 2 * bleed
        guard available + tolerance >= box else { return 0 }
        return Int(((available + gutter + tolerance) / (box + gutter)).rounded(.down))
    }

    /// Rounding room: Letter holds exactly 3 poker cards plus two 0.25 in margins.
    static let tolerance: CGFloat = 1e-6

    static func describe(_ size: CGSize) -> String {
        "\(Length.format(Length(points: size.width).millimetres))×\(Length.format(Length(points: size.height).millimetres)) mm"
    }
}
