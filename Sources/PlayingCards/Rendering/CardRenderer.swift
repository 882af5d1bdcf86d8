import Drawing
import Foundation
import Geometry

/// Draws cards: the Stanford CS193p demo's `PlayingCardView.draw(_:)` grown into a whole deck. Rounded
/// rect, `addClip()`, white fill and a thin border; then pips, a court design (or a face image)
/// or a joker, and the two corner labels; or a back.
public struct CardRenderer: Sendable {
    /// The card's size in points.
    public var size: CardSize
    /// Colours, back design and pip arrangement.
    public var theme: CardTheme
    /// Court-card pictures replacing the drawn court designs.
    public var faceImages: FaceImages
    /// The CS193p demo's `faceCardScale`: how much of the card a face image or court panel takes.
    public var faceCardScale: CGFloat

    let rankFont: Font
    let cornerLabel: CornerLabelMetrics
    let tenCondensing: CGFloat
    let letterFont: Font

    /// A renderer; throws when the bundled font cannot be loaded.
    public init(size: CardSize = .poker, theme: CardTheme = .classic, faceImages: FaceImages = FaceImages(),
                faceCardScale: CGFloat = CardLayout.defaultFaceCardScale) throws {
        self.size = size
        self.theme = theme
        self.faceImages = faceImages
        self.faceCardScale = faceCardScale
        let fontSize = CardLayout.cornerFontSize(for: size.points, ratio: theme.cornerFontSizeRatio)
        let font = try Font(.bold, size: fontSize)
        rankFont = font
        letterFont = try Font(.bold, size: 10)
        // Measure ink, not advances, so labels centre on what is seen.
        let capHeight = -font.inkBounds(of: "K").minY
        let letters = Rank.allCases.filter { $0 != .ten }.map { font.inkBounds(of: $0.label).width }
        let widest = letters.max() ?? fontSize * 0.8
        // "10" is condensed to the width of the widest letter plus a little, as printed decks do.
        let tenWidth = font.inkBounds(of: "10").width
        let condensing = min(1, widest * 1.12 / max(tenWidth, 1))
        tenCondensing = condensing
        cornerLabel = CornerLabelMetrics(rankWidth: max(widest, tenWidth * condensing), rankHeight: capHeight,
                                         suitSize: fontSize * 0.78, gap: fontSize * 0.2)
    }

    /// The layout of a card at the origin.
    public var layout: CardLayout {
        layout(in: CGRect(origin: .zero, size: size.points))
    }

    /// The layout of a card in `bounds`.
    public func layout(in bounds: CGRect) -> CardLayout {
        CardLayout(bounds: bounds, cornerFontSizeRatio: theme.cornerFontSizeRatio, cornerLabel: cornerLabel,
                   faceCardScale: faceCardScale, arrangement: theme.pipArrangement)
    }

    /// The card as a picture of `size` points, ready for PNG, SVG or PDF.
    public func picture(for side: CardSide) -> Picture {
        let renderer = self
        return Picture(size: size.points, title: side.longName) { canvas in
            try renderer.draw(side, in: canvas.bounds, on: canvas)
        }
    }

    /// Draws the card into `bounds` of `canvas` (used for single cards and for sheets).
    public func draw(_ side: CardSide, in bounds: CGRect, on canvas: Canvas) throws {
        let layout = layout(in: bounds)
        try canvas.withSavedState {
            let roundedRect = BezierPath(roundedRect: bounds, cornerRadius: layout.cornerRadius)
            canvas.fill(roundedRect, with: .white)
            // Only backs and face images can reach the edge, so only they draw under the card's
            // clip (`addClip()` in the CS193p demo). Pips, courts and jokers stay inside on their
            // own, and leaving them unclipped keeps SVG small: Cairo 1.16's SVG writer repeats
            // the clip path for every element drawn under it.
            switch side {
            case .back:
                canvas.withSavedState {
                    canvas.clip(to: roundedRect)
                    BackArtwork(design: theme.backDesign, color: theme.backColor).draw(in: layout, on: canvas)
                }
            case .front(let face):
                try drawFront(face, layout: layout, on: canvas)
            }
            // The border goes last and inside the card, so nothing paints over it.
            let inset = layout.borderWidth / 2
            var border = BezierPath(roundedRect: bounds.insetBy(dx: inset, dy: inset),
                                    cornerRadius: layout.cornerRadius - inset)
            border.lineWidth = layout.borderWidth
            canvas.stroke(border, with: theme.borderColor)
        }
    }

    /// The card as printed with bleed: a picture of the trim grown by `bleed` points on every side,
    /// the trim `bleed` points in from its edges. The white ground and a back's coloured field fill
    /// the whole picture, so a cut that strays outwards leaves no sliver of paper; the corners are
    /// square (rounding them is the cutter's job) and there is no border stroke at the trim. Pips,
    /// labels and courts sit where they do on the normal card. With no bleed this is `picture(for:)`.
    public func picture(for side: CardSide, bleed: CGFloat) -> Picture {
        guard bleed > 0 else { return picture(for: side) }
        let renderer = self
        let trimSize = size.points
        let canvasSize = CGSize(width: trimSize.width + 2 * bleed, height: trimSize.height + 2 * bleed)
        return Picture(size: canvasSize, title: side.longName) { canvas in
            try renderer.draw(side, trim: CGRect(origin: CGPoint(x: bleed, y: bleed), size: trimSize),
                              bleedBox: canvas.bounds, on: canvas)
        }
    }

    /// Draws the card with its trim at `trim` and its ground carried out to `bleedBox`, which
    /// contains the trim (see ``picture(for:bleed:)``).
    public func draw(_ side: CardSide, trim: CGRect, bleedBox: CGRect, on canvas: Canvas) throws {
        let layout = layout(in: trim)
        try canvas.withSavedState {
            canvas.fill(BezierPath(rect: bleedBox), with: .white)
            switch side {
            case .back:
                BackArtwork(design: theme.backDesign, color: theme.backColor).draw(in: layout, on: canvas,
                                                                                   groundReaching: bleedBox)
            case .front(let face):
                try drawFront(face, layout: layout, on: canvas)
            }
        }
    }

    func drawFront(_ face: PlayingCard, layout: CardLayout, on canvas: Canvas) throws {
        switch face {
        case .joker(let joker):
            try JokerArtwork(joker: joker, theme: theme).draw(in: layout, on: canvas)
        case .standard(let card):
            try drawFace(of: card, layout: layout, on: canvas)
        }
    }

    func drawFace(of card: Card, layout: CardLayout, on canvas: Canvas) throws {
        try drawCentre(of: card, layout: layout, on: canvas)
        drawCornerLabels(rank: card.rank, suit: card.suit, color: theme.color(for: card.suit), layout: layout, on: canvas)
    }

    // MARK: parts, for templates that place a card's parts themselves

    /// The middle of a front laid out for a card of `bounds`: pips, the ace, the court figure (or
    /// face image) or the joker, without the ground, the border or (for standard cards) the corner
    /// indices.
    public func drawCentre(of face: PlayingCard, in bounds: CGRect, on canvas: Canvas) throws {
        let layout = layout(in: bounds)
        switch face {
        case .joker(let joker): try JokerArtwork(joker: joker, theme: theme).draw(in: layout, on: canvas)
        case .standard(let card): try drawCentre(of: card, layout: layout, on: canvas)
        }
    }

    /// The two corner indices of `card` laid out for a card of `bounds`: rank over suit at the
    /// upper left, and the same turned by 180° at the lower right.
    public func drawCornerIndices(of card: Card, in bounds: CGRect, on canvas: Canvas) {
        drawCornerLabels(rank: card.rank, suit: card.suit, color: theme.color(for: card.suit), layout: layout(in: bounds),
                         on: canvas)
    }

    func drawCentre(of card: Card, layout: CardLayout, on canvas: Canvas) throws {
        let color = theme.color(for: card.suit)
        if card.rank.isCourt {
            if let image = faceImages[card] {
                try drawFaceImage(image, layout: layout, on: canvas)
            } else {
                CourtArtwork(card: card, theme: theme, letterFont: letterFont).draw(in: layout, on: canvas)
            }
        } else if card.rank == .ace {
            drawAce(of: card.suit, layout: layout, color: color, on: canvas)
        } else {
            for pip in layout.pips(for: card.rank) {
                canvas.fill(Self.pipPath(card.suit, pip), with: color)
            }
        }
    }

    static func pipPath(_ suit: Suit, _ pip: PipPlacement) -> BezierPath {
        let path = SuitShape.path(for: suit, in: pip.rect)
        return pip.isRotated ? path.applying(Self.halfTurn(about: pip.center)) : path
    }

    /// A 180° turn about `center`.
    static func halfTurn(about center: CGPoint) -> CGAffineTransform {
        CGAffineTransform(translationX: -center.x, y: -center.y)
            .concatenating(CGAffineTransform(rotationAngle: .pi))
            .concatenating(CGAffineTransform(translationX: center.x, y: center.y))
    }

    func drawAce(of suit: Suit, layout: CardLayout, color: Color, on canvas: Canvas) {
        guard suit == .spades else {
            canvas.fill(SuitShape.path(for: suit, in: layout.acePipRect(large: false)), with: color)
            return
        }
        // The ace of spades carries the deck's emblem: a larger spade with an inner line and
        // a small medallion, as printers have done since the card bore the stamp duty.
        let rect = layout.acePipRect(large: true)
        let spade = SuitShape.path(for: .spades, in: rect)
        canvas.fill(spade, with: color)
        var inner = SuitShape.path(for: .spades, in: rect.zoom(by: 0.84))
        inner.apply(CGAffineTransform(translationX: 0, y: -rect.height * 0.035))
        inner.lineWidth = max(0.4, rect.height * 0.012)
        canvas.withSavedState {
            // The line follows the blade only, not the stem.
            canvas.clip(to: BezierPath(rect: CGRect(x: rect.minX, y: rect.minY, width: rect.width, height: rect.height * 0.7)))
            canvas.stroke(inner, with: .white)
        }
        let medallion = CGRect(center: CGPoint(x: rect.midX, y: rect.minY + rect.height * 0.52),
                               size: CGSize(width: rect.width * 0.2, height: rect.width * 0.2))
        canvas.fill(BezierPath(ovalIn: medallion), with: theme.courtGold)
        var ring = BezierPath(ovalIn: medallion)
        ring.lineWidth = max(0.3, rect.height * 0.008)
        canvas.stroke(ring, with: .white)
        canvas.fill(SuitShape.path(for: .spades, in: medallion.zoom(by: 0.55)), with: color)
    }

    func drawFaceImage(_ image: RGBAImage, layout: CardLayout, on canvas: Canvas) throws {
        try canvas.withSavedState {
            // Everything but the corner indices: the image may be as large as it likes and
            // still never covers them.
            canvas.clip(to: BezierPath(roundedRect: layout.bounds, cornerRadius: layout.cornerRadius))
            var allowed = BezierPath(rect: layout.bounds)
            for rect in layout.cornerLabelKeepOutRects { allowed.append(BezierPath(rect: rect)) }
            allowed.usesEvenOddFillRule = true
            canvas.clip(to: allowed)
            try canvas.draw(image, in: layout.faceImageRect, fit: .contain)
        }
    }

    // MARK: corner labels

    /// Upper-left at `bounds.origin + cornerOffset`; lower-right the same label under the
    /// CS193p demo's transform, so it is exactly the upper-left one turned by 180°.
    func drawCornerLabels(rank: Rank, suit: Suit, color: Color, layout: CardLayout, on canvas: Canvas) {
        canvas.withSavedState {
            canvas.translateBy(x: layout.upperLeftCornerLabelRect.minX, y: layout.upperLeftCornerLabelRect.minY)
            drawCornerLabel(rank: rank, suit: suit, color: color, layout: layout, on: canvas)
        }
        canvas.withSavedState {
            canvas.concatenate(layout.lowerRightCornerLabelTransform)
            drawCornerLabel(rank: rank, suit: suit, color: color, layout: layout, on: canvas)
        }
    }

    /// `point` moved to the nearest whole device pixel. Cairo places glyph images on whole
    /// pixels, so a text origin between pixels would land differently in the upright and the
    /// turned label; on whole pixels the two are exact 180° copies (the card's size in pixels
    /// is whole, so the turned origin is whole too).
    static func snappedToDevicePixels(_ point: CGPoint, on canvas: Canvas) -> CGPoint {
        let transform = canvas.currentTransform
        let device = point.applying(transform)
        let snapped = CGPoint(x: device.x.rounded(), y: device.y.rounded())
        return snapped.applying(transform.inverted())
    }

    /// One label in its own space: origin at its top-left corner.
    func drawCornerLabel(rank: Rank, suit: Suit, color: Color, layout: CardLayout, on canvas: Canvas) {
        let rankRect = layout.labelRankRect
        let ink = rankFont.inkBounds(of: rank.label)
        let condensing = rank == .ten ? tenCondensing : 1
        // Centre the ink horizontally; the baseline sits at the bottom of the rank box.
        let origin = Self.snappedToDevicePixels(CGPoint(x: rankRect.midX - ink.midX * condensing, y: rankRect.maxY),
                                                on: canvas)
        canvas.withSavedState {
            canvas.translateBy(x: origin.x, y: origin.y)
            canvas.scaleBy(x: condensing, y: 1)
            canvas.showText(rank.label, font: rankFont, color: color, baselineAt: .zero)
        }
        canvas.fill(SuitShape.path(for: suit, in: layout.labelSuitRect), with: color)
    }
}
