import Drawing
import Foundation
import Geometry

/// The whole deck on one page, each card labelled with its name: for reviewing a deck at a glance.
public enum ContactSheet {
    /// `rows` of cards drawn at `cardScale` of their size on a light table, with a title.
    public static func picture(rows: [[SpriteSheet.Item]], cardSize: CardSize, cardScale: CGFloat = 0.6,
                               title: String) throws -> Picture {
        let card = CGSize(width: cardSize.points.width * cardScale, height: cardSize.points.height * cardScale)
        let labelFont = try Font(.regular, size: max(7, card.height * 0.075))
        let titleFont = try Font(.bold, size: max(10, card.height * 0.11))
        let gap = card.width * 0.14
        let labelHeight = labelFont.lineHeight * 1.4
        let header = titleFont.lineHeight * 2
        let columns = rows.map(\.count).max() ?? 0
        let size = CGSize(width: gap + CGFloat(columns) * (card.width + gap),
                          height: header + CGFloat(rows.count) * (card.height + labelHeight + gap))
        return Picture(size: size, title: title) { canvas in
            canvas.fill(BezierPath(rect: canvas.bounds), with: Color(rgb: 0xE9ECEF))
            StyledText(title, font: titleFont, color: Color(rgb: 0x212529), alignment: .left)
                .draw(at: CGPoint(x: gap, y: header * 0.22), on: canvas)
            for (row, items) in rows.enumerated() {
                for (column, item) in items.enumerated() {
                    let origin = CGPoint(x: gap + CGFloat(column) * (card.width + gap),
                                         y: header + CGFloat(row) * (card.height + labelHeight + gap))
                    try canvas.withSavedState {
                        canvas.translateBy(x: origin.x, y: origin.y)
                        canvas.scaleBy(x: cardScale, y: cardScale)
                        try item.renderer.draw(item.side, in: CGRect(origin: .zero, size: cardSize.points), on: canvas)
                    }
                    StyledText(item.name, font: labelFont, color: Color(rgb: 0x495057), alignment: .center)
                        .draw(in: CGRect(x: origin.x - gap / 2, y: origin.y + card.height + labelHeight * 0.18,
                                         width: card.width + gap, height: labelHeight), on: canvas)
                }
            }
        }
    }

    /// The contact sheet of a deck export: every card, then the backs and jokers.
    public static func picture(for export: DeckExport, cardScale: CGFloat = 0.6) throws -> Picture {
        let sheet = try export.spriteSheet()
        let renderer = export.renderer
        let rows = sheet.rows.map { items in
            items.map { SpriteSheet.Item(name: String($0.name.dropLast(4)), side: $0.side, renderer: $0.renderer) }
        }
        return try picture(rows: rows, cardSize: renderer.size, cardScale: cardScale,
                           title: "cardrender deck · \(renderer.theme.name) · \(renderer.size) "
                               + "(\(CardSize.format(renderer.size.points.width))×\(CardSize.format(renderer.size.points.height)) pt)")
    }
}
