import Drawing
import Foundation
import Geometry

/// A few cards standing on a glossy table, each turned in perspective with its reflection below
/// it: a picture for a rules sheet or a store page, as Squib's `showcase` makes.
///
/// Each card is a plane turned about its vertical middle line, the eye level with the card's
/// centre: its near edge keeps the card's height, its far edge is `perspective` times as tall,
/// and the card's width shrinks to `perspective` times its own. The reflection is the card
/// mirrored below its bottom edge in the same plane, so it turns with it. Cairo maps pictures
/// through affine transforms only, so each card is rasterised, given its reflection, and warped
/// through the exact projective map, pixel by pixel (`RGBAImage.warped(through:…)`).
public struct Showcase: Sendable {
    /// Which way the cards turn: towards the left (their left edges farther away) or the right.
    public enum Facing: String, Sendable, Hashable, CaseIterable, Codable {
        /// The left edges are farther away.
        case left
        /// The right edges are farther away.
        case right
    }

    /// How the cards stand: size, turn, reflection, spacing and backdrop.
    public struct Style: Sendable, Equatable {
        /// The cards' height in the picture over their own (0.1 to 4).
        public var scale = 1.0
        /// The far edge's height over the near edge's (0.5 to 1; 1 is flat).
        public var perspective = 0.8
        /// Points trimmed off every edge of each card before it is shown (its bleed, say).
        public var trim: CGFloat = 0
        /// The reflection's opacity where it meets the card (0 to 1; 0 shows none).
        public var reflection = 0.2
        /// The reflection's length over the card's height (0 to 1): it fades to nothing there.
        public var fade = 0.25
        /// Where each card starts after the one before, in turned card widths (0.3 to 3; below 1 they overlap).
        public var spacing = 1.1
        /// Which way the cards turn.
        public var facing = Facing.left
        /// The backdrop; `Color.clear` leaves it transparent.
        public var background = Color.white

        /// The default style: Squib's showcase, left-facing cards on white.
        public init() {}
    }

    /// The cards, left to right.
    public let cards: [SpriteSheet.Item]
    /// A card's trim size in points.
    public let cardSize: CGSize
    /// The cards' own corner radius in points, kept when they are trimmed.
    public let cornerRadius: CGFloat
    /// How they stand.
    public let style: Style
    /// Pixels per point the picture is rendered at (the cards are rasterised to match).
    public let pixelsPerPoint: Double

    /// A showcase of `cards` of `cardSize`; refuses a trim that leaves nothing of a card.
    public init(cards: [SpriteSheet.Item], cardSize: CGSize, cornerRadius: CGFloat, style: Style = Style(),
                resolution: Resolution) throws(PlayingCardsError) {
        guard !cards.isEmpty else { throw .tooLarge("a showcase needs at least one card") }
        guard style.trim * 2 < min(cardSize.width, cardSize.height) else {
            throw .invalidSize("the showcase trim (\(CardSize.format(style.trim)) pt a side) leaves nothing of a "
                               + "\(CardSize.format(cardSize.width)) × \(CardSize.format(cardSize.height)) pt card")
        }
        self.cards = cards
        self.cardSize = cardSize
        self.cornerRadius = cornerRadius
        self.style = style
        pixelsPerPoint = resolution.pixelsPerPoint
    }

    // MARK: layout, in points

    /// A card as shown: trimmed and scaled.
    var shownCard: CGSize {
        CGSize(width: (cardSize.width - 2 * style.trim) * style.scale, height: (cardSize.height - 2 * style.trim) * style.scale)
    }
    /// A turned card's width.
    var turnedWidth: CGFloat { shownCard.width * style.perspective }
    /// Between a card's bottom and its reflection.
    var gap: CGFloat { shownCard.height * 0.02 }
    /// The reflection's length.
    var reflectionLength: CGFloat { style.reflection > 0 ? shownCard.height * style.fade : 0 }
    /// Around everything.
    var margin: CGFloat { shownCard.height * 0.12 }

    /// The picture's size in points.
    public var size: CGSize {
        let width = 2 * margin + turnedWidth + CGFloat(cards.count - 1) * turnedWidth * style.spacing
        return CGSize(width: width, height: 2 * margin + shownCard.height + gap + reflectionLength)
    }

    /// Where card `index`'s corners go (top left, top right, bottom right, bottom left), in points.
    public func quad(of index: Int) -> [CGPoint] {
        let card = shownCard, left = margin + CGFloat(index) * turnedWidth * style.spacing, right = left + turnedWidth
        let top = margin, bottom = margin + card.height, inset = card.height * (1 - style.perspective) / 2
        switch style.facing {
        case .left:
            return [CGPoint(x: left, y: top + inset), CGPoint(x: right, y: top), CGPoint(x: right, y: bottom),
                    CGPoint(x: left, y: bottom - inset)]
        case .right:
            return [CGPoint(x: left, y: top), CGPoint(x: right, y: top + inset), CGPoint(x: right, y: bottom - inset),
                    CGPoint(x: left, y: bottom)]
        }
    }

    // MARK: drawing

    /// The picture; at `pixelsPerPoint` each card is warped at the output's own pixels.
    public func picture() -> Picture {
        let showcase = self
        return Picture(size: size, title: "showcase") { canvas in
            if showcase.style.background.alpha > 0 {
                canvas.fill(BezierPath(rect: canvas.bounds), with: showcase.style.background)
            }
            // The nearer edge of a card is in front of its neighbour's farther one.
            let order = showcase.style.facing == .left ? Array(showcase.cards.indices.reversed()) : Array(showcase.cards.indices)
            for index in order { try showcase.draw(index, on: canvas) }
        }
    }

    /// The card trimmed to its rounded shape, as its own picture at the shown size.
    func trimmedPicture(of card: SpriteSheet.Item) -> Picture {
        let trim = style.trim, full = cardSize, radius = max(0, cornerRadius)
        let size = CGSize(width: full.width - 2 * trim, height: full.height - 2 * trim)
        return Picture(size: size, title: card.name) { canvas in
            canvas.clip(to: BezierPath(roundedRect: CGRect(origin: .zero, size: size), cornerRadius: radius))
            try card.draw(CGRect(x: -trim, y: -trim, width: full.width, height: full.height), canvas)
        }
    }

    func draw(_ index: Int, on canvas: Canvas) throws {
        let scale = pixelsPerPoint, card = shownCard
        let raster = try trimmedPicture(of: cards[index]).rasterize(resolution: .scale(scale * style.scale))
        let standing = raster.withReflection(gap: Int((gap * scale).rounded()), length: Int((reflectionLength * scale).rounded()),
                                             strength: style.reflection)
        let quad = quad(of: index).map { CGPoint(x: $0.x * scale, y: $0.y * scale) }
        guard let transform = ProjectiveTransform(from: CGRect(x: 0, y: 0, width: card.width * scale, height: card.height * scale),
                                                  to: quad) else { return }
        let corners = [CGPoint(x: 0, y: 0), CGPoint(x: standing.width, y: 0), CGPoint(x: standing.width, y: standing.height),
                       CGPoint(x: 0, y: standing.height)].compactMap(transform.apply)
        let pictureWidth = Double(size.width) * scale, pictureHeight = Double(size.height) * scale
        let minX = max(0, (corners.map(\.x).min() ?? 0).rounded(.down)), minY = max(0, (corners.map(\.y).min() ?? 0).rounded(.down))
        let maxX = min(pictureWidth, (corners.map(\.x).max() ?? 0).rounded(.up))
        let maxY = min(pictureHeight, (corners.map(\.y).max() ?? 0).rounded(.up))
        guard maxX > minX, maxY > minY,
              let warped = standing.warped(through: transform, width: Int(maxX - minX), height: Int(maxY - minY),
                                           originX: Int(minX), originY: Int(minY)) else { return }
        try canvas.draw(.raster(warped), in: CGRect(x: minX / scale, y: minY / scale, width: (maxX - minX) / scale,
                                                    height: (maxY - minY) / scale), fit: .stretch)
    }
}
