import Drawing
import Foundation
import Geometry

/// Cards fanned out as if held in a hand, each turned about one point below them: a picture
/// for a rules sheet, as Squib's `hand` makes. The turns are affine, so the fan stays vector
/// in SVG and PDF.
public struct HandFan: Sendable {
    /// The fan's shape and backdrop.
    public struct Style: Sendable, Equatable {
        /// From a card's bottom edge down to the point the cards turn about, over the card's height (0 to 5).
        public var radius = 0.3
        /// The first card's turn and the last's, in degrees clockwise from upright (-180 to 180).
        public var angles: ClosedRange<Double> = -30...30
        /// Points trimmed off every edge of each card before it is shown (its bleed, say).
        public var trim: CGFloat = 0
        /// The backdrop; `Color.clear` leaves it transparent.
        public var background = Color.white

        /// The default fan: a 60° spread about a point 30% of a card's height below it, on white.
        public init() {}
    }

    /// The cards, from the bottom of the fan (drawn first, leftmost) to the top.
    public let cards: [SpriteSheet.Item]
    /// A card's trim size in points.
    public let cardSize: CGSize
    /// The cards' own corner radius in points, kept when they are trimmed.
    public let cornerRadius: CGFloat
    /// The fan's shape.
    public let style: Style

    /// A fan of `cards` of `cardSize`; refuses a trim that leaves nothing of a card.
    public init(cards: [SpriteSheet.Item], cardSize: CGSize, cornerRadius: CGFloat, style: Style = Style()) throws(PlayingCardsError) {
        guard !cards.isEmpty else { throw .tooLarge("a hand needs at least one card") }
        guard style.trim * 2 < min(cardSize.width, cardSize.height) else {
            throw .invalidSize("the hand trim (\(CardSize.format(style.trim)) pt a side) leaves nothing of a "
                               + "\(CardSize.format(cardSize.width)) × \(CardSize.format(cardSize.height)) pt card")
        }
        self.cards = cards
        self.cardSize = cardSize
        self.cornerRadius = cornerRadius
        self.style = style
    }

    /// A trimmed card's size.
    var shownCard: CGSize { CGSize(width: cardSize.width - 2 * style.trim, height: cardSize.height - 2 * style.trim) }
    /// From the pivot up to a card's bottom edge.
    var radius: CGFloat { shownCard.height * style.radius }
    /// Around everything.
    var margin: CGFloat { shownCard.height * 0.12 }

    /// Card `index`'s turn in radians: the angles spread evenly, one card in the middle of them.
    public func angle(of index: Int) -> Double {
        let range = style.angles
        let share = cards.count == 1 ? 0.5 : Double(index) / Double(cards.count - 1)
        return (range.lowerBound + share * (range.upperBound - range.lowerBound)) * .pi / 180
    }

    /// Card `index`'s corners relative to the pivot, turned.
    func corners(of index: Int) -> [CGPoint] {
        let card = shownCard, angle = angle(of: index), (sine, cosine) = (CGFloat(sin(angle)), CGFloat(cos(angle)))
        let top = -(radius + card.height), bottom = -radius, left = -card.width / 2, right = card.width / 2
        return [CGPoint(x: left, y: top), CGPoint(x: right, y: top), CGPoint(x: right, y: bottom), CGPoint(x: left, y: bottom)]
            .map { CGPoint(x: $0.x * cosine - $0.y * sine, y: $0.x * sine + $0.y * cosine) }
    }

    /// The turned cards' bounding box, relative to the pivot.
    var extent: CGRect {
        let points = cards.indices.flatMap(corners(of:))
        let minX = points.map(\.x).min() ?? 0, maxX = points.map(\.x).max() ?? 0
        let minY = points.map(\.y).min() ?? 0, maxY = points.map(\.y).max() ?? 0
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// The picture's size in points.
    public var size: CGSize {
        let extent = extent
        return CGSize(width: extent.width + 2 * margin, height: extent.height + 2 * margin)
    }

    /// A soft shadow around a card, a little below and to the right, so white cards stand out
    /// from a white backdrop and from the card under them: rings of faint black, each wider
    /// than the last (Cairo has no blur, and rings stay vector in SVG and PDF).
    func drawShadow(of card: CGSize, on canvas: Canvas) {
        let step = card.height * 0.005, shade = Color(white: 0, alpha: 0.035)
        for ring in 1...5 {
            let spread = CGFloat(ring) * step
            let rect = CGRect(x: step - spread, y: 1.5 * step - spread, width: card.width + 2 * spread,
                              height: card.height + 2 * spread)
            canvas.fill(BezierPath(roundedRect: rect, cornerRadius: max(0, cornerRadius) + spread), with: shade)
        }
    }

    /// The fan as a picture.
    public func picture() -> Picture {
        let fan = self, extent = extent, card = shownCard, trim = style.trim, full = cardSize
        let pivot = CGPoint(x: margin - extent.minX, y: margin - extent.minY)
        let outline = BezierPath(roundedRect: CGRect(origin: .zero, size: card), cornerRadius: max(0, cornerRadius))
        return Picture(size: size, title: "hand") { canvas in
            if fan.style.background.alpha > 0 {
                canvas.fill(BezierPath(rect: canvas.bounds), with: fan.style.background)
            }
            for (index, item) in fan.cards.enumerated() {
                try canvas.withSavedState {
                    canvas.translateBy(x: pivot.x, y: pivot.y)
                    canvas.rotate(by: CGFloat(fan.angle(of: index)))
                    canvas.translateBy(x: -card.width / 2, y: -(fan.radius + card.height))
                    fan.drawShadow(of: card, on: canvas)
                    canvas.clip(to: outline)
                    try item.draw(CGRect(x: -trim, y: -trim, width: full.width, height: full.height), canvas)
                }
            }
        }
    }
}
