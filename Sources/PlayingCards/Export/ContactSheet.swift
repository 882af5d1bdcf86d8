import Drawing
import Foundation
import Geometry

/// The whole deck on one page, each card labelled with its name: for reviewing a deck at a glance.
public enum ContactSheet {
    /// `rows` of cards drawn at `cardScale` of their size on a light table, each labelled, with a title.
    public static func picture(rows: [[SpriteSheet.Item]], cardSize: CardSize, cardScale: CGFloat = 0.6,
                               title: String) throws -> Picture {
        let card = CGSize(width: cardSize.points.width * cardScale, height: cardSize.points.height * cardScale)
        let labelFont = try Font(.regular, size: min(12, max(7, card.height * 0.075)))
        let titleFont = try Font(.bold, size: min(18, max(10, card.height * 0.11)))
        // Cells are at least wide enough for a label like "back-rosette".
        let cell = CGSize(width: max(card.width, labelFont.width(of: "back-rosette")), height: card.height)
        let gap = max(8, cell.width * 0.14)
        let labelHeight = labelFont.lineHeight * 1.4
        let header = titleFont.lineHeight * 2
        let columns = rows.map(\.count).max() ?? 0
        let size = CGSize(width: max(gap + CGFloat(columns) * (cell.width + gap), titleFont.width(of: title) + 2 * gap),
                          height: header + CGFloat(rows.count) * (cell.height + labelHeight + gap))
        return Picture(size: size, title: title) { canvas in
            canvas.fill(BezierPath(rect: canvas.bounds), with: Color(rgb: 0xE9ECEF))
            StyledText(title, font: titleFont, color: Color(rgb: 0x212529), alignment: .left)
                .draw(at: CGPoint(x: gap, y: header * 0.22), on: canvas)
            for (row, items) in rows.enumerated() {
                for (column, item) in items.enumerated() {
                    let cellOrigin = CGPoint(x: gap + CGFloat(column) * (cell.width + gap),
                                             y: header + CGFloat(row) * (cell.height + labelHeight + gap))
                    let origin = CGPoint(x: cellOrigin.x + (cell.width - card.width) / 2, y: cellOrigin.y)
                    try canvas.withSavedState {
                        canvas.translateBy(x: origin.x, y: origin.y)
                        canvas.scaleBy(x: cardScale, y: cardScale)
                        try item.draw(CGRect(origin: .zero, size: cardSize.points), canvas)
                    }
                    StyledText(item.name, font: labelFont, color: Color(rgb: 0x495057), alignment: .center)
                        .draw(in: CGRect(x: cellOrigin.x - gap / 2, y: cellOrigin.y + cell.height + labelHeight * 0.18,
                                         width: cell.width + gap, height: labelHeight), on: canvas)
                }
            }
        }
    }

    /// The contact sheet of a deck export: every card, then the backs and jokers, each shown
    /// at most `thumbnail` points whatever the card size, so the page always fits the pixel limit.
    public static func picture(for export: DeckExport, thumbnail: CGSize = CGSize(width: 108, height: 200)) throws
        -> Picture {
        let points = export.renderer.size.points
        let cardScale = min(thumbnail.width / max(1e-3, points.width), thumbnail.height / max(1e-3, points.height))
        let renderer = export.renderer
        let rows = export.sheetRows.map { items in
            items.map { SpriteSheet.Item(name: String($0.name.dropLast(4)), draw: $0.draw) }
        }
        return try picture(rows: rows, cardSize: renderer.size, cardScale: cardScale,
                           title: "cardrender deck · \(renderer.theme.name) · \(renderer.size) "
                               + "(\(CardSize.format(points.width))×\(CardSize.format(points.height)) pt)")
    }
}
