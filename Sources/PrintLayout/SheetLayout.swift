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
/// - Cards may be turned a quarter turn (``rotatesCards``): every slot then holds the card on its
///   side, its top towards the page's right, and trims, bleeds and crop marks are the turned card's.
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
    /// The card's trim size in points, upright (the same for every card).
    public let cardSize: CGSize
    /// Whether every card is turned a quarter turn clockwise in its slot (its top towards the
    /// page's right), because that fits more on the page.
    public let rotatesCards: Bool
    /// A slot's trim size: ``cardSize``, its sides swapped when the cards are turned.
    public var slotSize: CGSize { rotatesCards ? CGSize(width: cardSize.height, height: cardSize.width) : cardSize }
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
    /// `rotation` says whether cards may be turned a quarter turn: with `.automatic` they are only
    /// when that fits more than upright cards in every orientation `choice` allows (so with an
    /// automatic orientation, which turns the page instead, they never are).
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
        orientation choice: OrientationChoice = .automatic,
        rotation: CardRotationChoice = .never
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
        let fitsUpright = cardSize.width <= portrait.width + Self.tolerance && cardSize.height <= portrait.height + Self.tolerance
        let fitsTurned = cardSize.height <= portrait.width + Self.tolerance && cardSize.width <= portrait.height + Self.tolerance
        guard fitsUpright || (rotation != .never && fitsTurned) else {
            throw .paperSmallerThanCard("a \(card) does not fit on \(paper) paper (\(Self.describe(portrait)))")
        }
        guard gutter.points <= max(portrait.width, portrait.height) else {
            throw .gutterTooLarge("a gutter of \(gutter) is wider than \(paper) paper (\(Self.describe(portrait)))")
        }

        func grid(_ orientation: Orientation, turned: Bool) -> (columns: Int, rows: Int) {
            let page = paper.size(in: orientation)
            let card = turned ? CGSize(width: cardSize.height, height: cardSize.width) : cardSize
            let columns = Self.count(along: page.width, card: card.width, bleed: bleed.points, margin: margin.points, gutter: gutter.points)
            let rows = Self.count(along: page.height, card: card.height, bleed: bleed.points, margin: margin.points, gutter: gutter.points)
            return (columns, rows)
        }
        let portraitGrid = grid(.portrait, turned: false)
        let landscapeGrid = grid(.landscape, turned: false)
        let orientations: [Orientation] = switch choice {
        case .portrait: [.portrait]
        case .landscape: [.landscape]
        case .automatic: [.portrait, .landscape]
        }
        let turns: [Bool] = switch rotation {
        case .never: [false]
        case .always: [true]
        case .automatic: [false, true]
        }
        // Upright before turned, portrait before landscape: a later candidate must fit strictly more.
        var best: (orientation: Orientation, turned: Bool, grid: (columns: Int, rows: Int))?
        for turned in turns {
            for orientation in orientations {
                let candidate = grid(orientation, turned: turned)
                if best.map({ candidate.columns * candidate.rows > $0.grid.columns * $0.grid.rows }) ?? true {
                    best = (orientation, turned, candidate)
                }
            }
        }
        let chosen = best?.orientation ?? .portrait
        let turned = best?.turned ?? false
        let (columns, rows) = best?.grid ?? (0, 0)
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
        self.rotatesCards = turned
        self.bleed = bleed
        self.margin = margin
        self.gutter = gutter
        self.columns = columns
        self.rows = rows
        let b = bleed.points
        let slotSize = turned ? CGSize(width: cardSize.height, height: cardSize.width) : cardSize
        let pitch = CGSize(width: slotSize.width + 2 * b + gutter.points, height: slotSize.height + 2 * b + gutter.points)
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
                    width: slotSize.width + 2 * b,
                    height: slotSize.height + 2 * b
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
