import Drawing
import Foundation
import Geometry
import PlayingCards
import PrintLayout

/// Cards as a print-on-demand service takes them: each one alone on the service's canvas (trim
/// plus bleed), no die line, and a PDF of one card a page, each card's back before its front.
public struct PrintOnDemandCards: Sendable {
    /// Draws at the size's trim.
    public var renderer: CardRenderer
    /// The service's card size, bleed and resolution.
    public var size: PrintOnDemandSize

    /// Cards drawn by `renderer` on the canvas of `size`.
    public init(renderer: CardRenderer, size: PrintOnDemandSize) {
        self.renderer = renderer
        self.size = size
    }

    /// The card on the service's canvas, its trim centred. Where the bleed is uneven (63 × 88 mm on
    /// a poker canvas) the card is drawn with the larger bleed and the canvas cuts the rest.
    public func picture(for side: CardSide) -> Picture {
        let bleed = max(size.bleed.width, size.bleed.height)
        let card = renderer.picture(for: side, bleed: bleed)
        let canvas = size.canvas
        let origin = CGPoint(x: (canvas.width - card.size.width) / 2, y: (canvas.height - card.size.height) / 2)
        return Picture(size: canvas, title: card.title) { canvas in
            try canvas.withSavedState {
                canvas.translateBy(x: origin.x, y: origin.y)
                try card.draw(on: canvas)
            }
        }
    }

    /// One page per side in `PrintOnDemandPage.backThenFront(cardCount:)` order, each page the canvas.
    public func document(fronts: [CardSide], title: String) -> Document {
        let back = picture(for: .back)
        var pictures: [CardSide: Picture] = [:]
        let pages = PrintOnDemandPage.backThenFront(cardCount: fronts.count).map { page -> Document.Page in
            switch page.side {
            case .back: return Document.Page(back)
            case .front:
                let side = fronts[page.card]
                if pictures[side] == nil { pictures[side] = picture(for: side) }
                return Document.Page(pictures[side] ?? back)
            }
        }
        return Document(title: title, pages: pages)
    }
}
