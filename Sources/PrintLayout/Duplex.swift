import Foundation

/// How a duplex printer turns the sheet between its two sides.
public enum DuplexFlip: String, Sendable, CaseIterable {
    /// Turned about the paper's long edge, like the pages of a portrait book.
    case longEdge = "long-edge"
    /// Turned about the paper's short edge, like a wall calendar.
    case shortEdge = "short-edge"
}

extension SheetLayout {
    /// Whether `flip` mirrors x on the page (else it mirrors y).
    ///
    /// Turning the sheet about an axis mirrors the coordinate across it: about the long edge, the short
    /// dimension. On a portrait page the short dimension is x; on a landscape page it is y. (A driver
    /// that rotates landscape pages onto the paper rotates both sides alike, which leaves this unchanged.)
    public func flipMirrorsX(_ flip: DuplexFlip) -> Bool {
        (flip == .longEdge) == (orientation == .portrait)
    }

    /// Where to draw, on the back page, something that must land behind `frontRect` of the front page.
    public func backRect(behind frontRect: CGRect, flip: DuplexFlip) -> CGRect {
        if flipMirrorsX(flip) {
            return CGRect(x: pageSize.width - frontRect.maxX, y: frontRect.minY, width: frontRect.width, height: frontRect.height)
        }
        return CGRect(x: frontRect.minX, y: pageSize.height - frontRect.maxY, width: frontRect.width, height: frontRect.height)
    }

    /// The back page's slots: element `i` is where the back of the card in front slot `i` goes, with the
    /// column (long-edge on portrait) or row mirrored. `index` stays `i`, the front slot it backs.
    public func backSlots(flip: DuplexFlip) -> [Slot] {
        let mirrorsX = flipMirrorsX(flip)
        return slots.map { front in
            Slot(
                index: front.index,
                column: mirrorsX ? columns - 1 - front.column : front.column,
                row: mirrorsX ? front.row : rows - 1 - front.row,
                trim: backRect(behind: front.trim, flip: flip),
                bleed: backRect(behind: front.bleed, flip: flip)
            )
        }
    }
}
