import Drawing
import Foundation
import Geometry
import PlayingCards
import PrintLayout

/// A card a print job places: equal ids are the same picture, drawn once in the PDF however often
/// it is placed. The picture is the card with `bleed` points of ground around its trim.
public struct PrintableCard: Sendable {
    /// Equal ids share one drawing in the PDF.
    public var id: String
    /// Draws the card with `bleed` points of ground around its trim.
    public var picture: @Sendable (_ bleed: CGFloat) -> Picture

    /// A card with this id, drawn by `picture`.
    public init(id: String, picture: @escaping @Sendable (_ bleed: CGFloat) -> Picture) {
        self.id = id
        self.picture = picture
    }

    /// A side of the built-in deck.
    public init(_ side: CardSide, renderer: CardRenderer) {
        self.init(id: side.shortName) { bleed in renderer.picture(for: side, bleed: bleed) }
    }
}

/// Cards imposed on the pages of a print PDF: fronts in slot order, each duplex back page right
/// after its front page with every back behind its front, crop marks, a label in the margin, and
/// optionally cut lines and proof lines.
public struct PrintSheets: Sendable {
    /// The paper, grid and margins.
    public var layout: SheetLayout
    /// The cards in slot order.
    public var fronts: [PrintableCard]
    /// Printed behind the fronts when `duplex` is set: element `i` behind front `i` (empty: no backs).
    public var backs: [PrintableCard]
    /// Named in the label: `classic poker deck`.
    public var deckName: String
    /// Draws crop marks in the margin.
    public var cropMarks: Bool
    /// Draws a hairline on each trim.
    public var cutLines: Bool
    /// Draws bleed, trim and safe-area lines.
    public var proof: Bool
    /// How back pages are mirrored; nil prints fronts only.
    public var duplex: DuplexFlip?

    /// Sheets of the given cards, `backs[i]` behind `fronts[i]`; backs are printed only when
    /// `duplex` is set and there is one for every front.
    public init(layout: SheetLayout, fronts: [PrintableCard], backs: [PrintableCard], deckName: String,
                cropMarks: Bool = true, cutLines: Bool = false, proof: Bool = false, duplex: DuplexFlip? = nil) {
        self.layout = layout
        self.fronts = fronts
        self.backs = backs.count == fronts.count ? backs : []
        self.deckName = deckName
        self.cropMarks = cropMarks
        self.cutLines = cutLines
        self.proof = proof
        self.duplex = duplex
    }

    /// The built-in deck's sides, its back behind them.
    public init(renderer: CardRenderer, layout: SheetLayout, fronts: [CardSide], deckName: String, cropMarks: Bool = true,
                cutLines: Bool = false, proof: Bool = false, duplex: DuplexFlip? = nil) {
        let back = PrintableCard(.back, renderer: renderer)
        self.init(layout: layout, fronts: fronts.map { PrintableCard($0, renderer: renderer) },
                  backs: Array(repeating: back, count: fronts.count), deckName: deckName, cropMarks: cropMarks,
                  cutLines: cutLines, proof: proof, duplex: duplex)
    }

    /// Proof line colours, as print templates draw them: bleed red, trim blue, safe area green.
    public static let bleedLineColor = Color(red: 1, green: 0, blue: 0)
    /// The trim line's colour in proofs.
    public static let trimLineColor = Color(red: 0, green: 0, blue: 1)
    /// The safe-area line's colour in proofs.
    public static let safeLineColor = Color(red: 0, green: 0.6, blue: 0)
    /// Cut lines: a hairline grey, on the trim, so the cut removes them.
    public static let cutLineColor = Color(white: 0.55)
    /// The label's largest size; it shrinks to fit between two crop marks.
    public static let labelFontSize: CGFloat = 6

    /// Sheets of fronts (with their back sheets when duplex).
    public var frontSheetCount: Int { max(1, (fronts.count + layout.capacity - 1) / layout.capacity) }
    /// Pages in the PDF: the front sheets, doubled when backs are printed.
    public var pageCount: Int { frontSheetCount * (printsBacks ? 2 : 1) }

    /// Whether each sheet of fronts is followed by its backs.
    var printsBacks: Bool { duplex != nil && !backs.isEmpty }

    /// The PDF's pages, each card drawn once and placed where it is used.
    public func document() -> Document {
        let bleed = layout.bleed.points
        // One picture per distinct card, so a card asked for twice and the back are drawn once.
        var pictures: [String: Picture] = [:]
        func picture(_ card: PrintableCard) -> Picture {
            if let picture = pictures[card.id] { return picture }
            let picture = card.picture(bleed)
            pictures[card.id] = picture
            return picture
        }
        var pages: [Document.Page] = []
        for sheet in 0..<frontSheetCount {
            let first = sheet * layout.capacity
            let onSheet = Array(fronts.dropFirst(first).prefix(layout.capacity))
            let frontNumber = pages.count + 1
            var front = Document.Page(size: layout.pageSize)
            for (slot, card) in zip(layout.slots, onSheet) {
                front.place(picture(card), transform: placement(in: slot.bleed, clockwise: true))
            }
            decorate(&front, slots: layout.slots, marks: cropMarks ? layout.cropMarks().map { ($0.start, $0.end) } : [],
                     label: label(page: frontNumber, side: "fronts"))
            pages.append(front)
            if let duplex, printsBacks {
                var back = Document.Page(size: layout.pageSize)
                let backSlots = layout.backSlots(flip: duplex)
                // Turned backs turn the other way when the flip mirrors x, so each back's top lies behind its front's.
                let clockwise = !layout.flipMirrorsX(duplex)
                for (slot, backCard) in zip(backSlots, backs.dropFirst(first).prefix(onSheet.count)) {
                    back.place(picture(backCard), transform: placement(in: slot.bleed, clockwise: clockwise))
                }
                // The front's marks, mirrored as the backs are, so they line up through the sheet.
                let behind = { (point: CGPoint) in layout.backRect(behind: CGRect(origin: point, size: .zero), flip: duplex).origin }
                let marks = cropMarks ? layout.cropMarks().map { (behind($0.start), behind($0.end)) } : []
                decorate(&back, slots: backSlots, marks: marks,
                         label: label(page: frontNumber + 1, side: "backs of page \(frontNumber), \(duplex.rawValue) flip"))
                pages.append(back)
            }
        }
        return Document(title: "\(deckName), \(layout.paper) print sheets", pages: pages)
    }

    /// Where a card's picture (its bleed box, upright) goes to fill `box`: moved there, or when
    /// the layout turns cards, turned a quarter turn (`clockwise` or not) into it.
    func placement(in box: CGRect, clockwise: Bool) -> CGAffineTransform {
        guard layout.rotatesCards else { return CGAffineTransform(translationX: box.minX, y: box.minY) }
        // y grows downwards, so a positive angle turns clockwise on the page.
        return clockwise ? CGAffineTransform(a: 0, b: 1, c: -1, d: 0, tx: box.maxX, ty: box.minY)
            : CGAffineTransform(a: 0, b: -1, c: 1, d: 0, tx: box.minX, ty: box.maxY)
    }

    /// `classic poker deck, page 1 of 6 (fronts)` over `A4 portrait, 100% scale: print at actual size`
    /// (`A4 portrait, cards turned 90°, …` when they are).
    func label(page: Int, side: String) -> [String] {
        ["\(deckName), page \(page) of \(pageCount) (\(side))",
         "\(layout.paper) \(layout.orientation.rawValue)\(layout.rotatesCards ? ", cards turned 90°" : ""), "
            + "100% scale: print at actual size"]
    }

    func decorate(_ page: inout Document.Page, slots: [SheetLayout.Slot], marks: [(start: CGPoint, end: CGPoint)], label lines: [String]) {
        let cutLines = self.cutLines, proof = self.proof
        let markWidth = CropMarkStyle.standard.lineWidth.points
        let labelRect = labelArea()
        page.draw { canvas in
            if cutLines {
                let frame = slots.reduce(CGRect.null) { $0.union($1.trim) }
                var path = BezierPath()
                for x in Set(slots.flatMap { [$0.trim.minX, $0.trim.maxX] }).sorted() {
                    path.move(to: CGPoint(x: x, y: frame.minY))
                    path.addLine(to: CGPoint(x: x, y: frame.maxY))
                }
                for y in Set(slots.flatMap { [$0.trim.minY, $0.trim.maxY] }).sorted() {
                    path.move(to: CGPoint(x: frame.minX, y: y))
                    path.addLine(to: CGPoint(x: frame.maxX, y: y))
                }
                path.lineWidth = markWidth
                canvas.stroke(path, with: Self.cutLineColor)
            }
            if proof {
                for (rect, color) in [(\SheetLayout.Slot.bleed, Self.bleedLineColor), (\.trim, Self.trimLineColor)] {
                    var path = BezierPath()
                    for slot in slots { path.append(BezierPath(rect: slot[keyPath: rect])) }
                    path.lineWidth = markWidth
                    canvas.stroke(path, with: color)
                }
                var safe = BezierPath()
                for slot in slots { safe.append(BezierPath(rect: slot.safeArea())) }
                safe.lineWidth = markWidth
                safe.setLineDash([2, 2])
                canvas.stroke(safe, with: Self.safeLineColor)
            }
            if !marks.isEmpty {
                var path = BezierPath()
                for mark in marks {
                    path.move(to: mark.start)
                    path.addLine(to: mark.end)
                }
                path.lineWidth = markWidth
                canvas.stroke(path, with: .black)
            }
            try Self.drawLabel(lines, in: labelRect, on: canvas)
        }
    }

    /// Below the grid, between the trim lines of the column nearest the page's centre (crop marks
    /// run down from every trim line), from just past the bleed to the page edge.
    func labelArea() -> CGRect {
        let gap = CropMarkStyle.standard.gapBeyondBleed.points
        let bottom = layout.bleedFrame.maxY + gap
        let centre = layout.pageSize.width / 2
        let column = layout.slots.prefix(layout.columns).min { abs($0.trim.midX - centre) < abs($1.trim.midX - centre) }
        let span = column?.trim ?? layout.trimFrame
        let inset = min(gap, span.width / 4)
        return CGRect(x: span.minX + inset, y: bottom, width: span.width - 2 * inset,
                      height: max(layout.pageSize.height - bottom, 0))
    }

    /// Lines centred in `area`, at ``labelFontSize`` or smaller so the widest fits.
    static func drawLabel(_ lines: [String], in area: CGRect, on canvas: Canvas) throws {
        guard area.width > 0, area.height > 0 else { return }
        let regular = try Font(.regular, size: labelFontSize)
        let widest = lines.map { regular.width(of: $0) }.max() ?? 0
        let size = max(3, min(labelFontSize, labelFontSize * area.width / max(widest, 1)))
        let font = regular.withSize(size)
        let lineHeight = size * 1.25
        let top = area.minY + max(0, (area.height - lineHeight * CGFloat(lines.count)) / 2)
        for (index, line) in lines.enumerated() {
            let rect = CGRect(x: area.minX, y: top + CGFloat(index) * lineHeight, width: area.width, height: lineHeight)
            StyledText(line, font: font, color: .black, alignment: .center).draw(in: rect, on: canvas)
        }
    }
}
