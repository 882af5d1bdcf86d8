import Drawing
import Foundation
import PlayingCards

/// One layer of one card, ready to draw: every length in points in card coordinates (origin at
/// the trim's top-left corner, y down), every colour parsed, every `{column}` substituted.
/// Invisible layers are never resolved, so every `ResolvedLayer` is drawn.
public struct ResolvedLayer: Sendable, Equatable {
    /// The layer's place in the template's `layers` list, 0-based (messages count from 1).
    public var index: Int
    /// The layer's box. A layer with no position (no `x`, `y`, `width`, `height` and no `layout`)
    /// covers the whole card including the bleed: the trim box grown by the bleed on every side.
    public var box: CGRect
    /// 0...1, applied to the whole layer.
    public var opacity: Double
    /// Radians, clockwise on the page (y down), about the centre of `box`.
    public var rotation: Double
    public var content: LayerContent

    public init(index: Int, box: CGRect, opacity: Double = 1, rotation: Double = 0, content: LayerContent) {
        self.index = index
        self.box = box
        self.opacity = opacity
        self.rotation = rotation
        self.content = content
    }
}

/// What a layer draws inside its box.
public enum LayerContent: Sendable, Equatable {
    /// The box, its corners rounded by `cornerRadius` (0 for square).
    case rect(cornerRadius: CGFloat, style: ShapeStyle)
    /// The ellipse inscribed in the box.
    case ellipse(style: ShapeStyle)
    /// A closed polygon; the points are absolute card coordinates (a regular `sides:` polygon is
    /// already turned into points, inscribed in the box, first vertex at the top).
    case polygon(points: [CGPoint], style: ShapeStyle)
    /// A straight line between two absolute card points.
    case line(from: CGPoint, to: CGPoint, stroke: Stroke)
    case image(ImageLayer)
    case text(TextLayer)
    /// A card of the built-in deck, or a part of it, drawn into the box.
    case playingCard(PlayingCardLayer)
    /// One suit shape fitted into the box.
    case suit(Suit, style: ShapeStyle)
}

/// Fill and outline of a shape; either may be absent (`none`).
public struct ShapeStyle: Sendable, Equatable {
    public var fill: Paint?
    public var stroke: Stroke?

    public init(fill: Paint?, stroke: Stroke?) {
        self.fill = fill
        self.stroke = stroke
    }
}

/// An outline: colour and width in points, centred on the path.
public struct Stroke: Sendable, Equatable {
    public var color: Color
    public var width: CGFloat

    public init(color: Color, width: CGFloat) {
        self.color = color
        self.width = width
    }
}

/// A PNG or SVG file drawn into the box.
public struct ImageLayer: Sendable, Equatable {
    /// How the image's own size maps onto the box.
    public enum Fit: String, Sendable, Equatable, CaseIterable {
        /// Scaled to fit inside, aspect kept, centred.
        case contain
        /// Scaled to cover the box, aspect kept, centred, the overflow clipped to the box.
        case cover
        /// Scaled to the box exactly, aspect ignored.
        case stretch
    }

    /// The shape the image is clipped to.
    public enum Clip: String, Sendable, Equatable, CaseIterable {
        case none
        case rect
        case roundedRect = "rounded-rect"
        case ellipse
    }

    /// An existing `.png` or `.svg` file (checked when the card was resolved).
    public var url: URL
    public var fit: Fit
    public var clip: Clip
    /// The corner radius of a `rounded-rect` clip, in points (0 otherwise).
    public var cornerRadius: CGFloat

    public init(url: URL, fit: Fit, clip: Clip, cornerRadius: CGFloat) {
        self.url = url
        self.fit = fit
        self.clip = clip
        self.cornerRadius = cornerRadius
    }
}

/// Pango markup laid out in the box.
public struct TextLayer: Sendable, Equatable {
    public enum Alignment: String, Sendable, Equatable, CaseIterable { case left, center, right, justify }
    public enum VerticalAlignment: String, Sendable, Equatable, CaseIterable { case top, middle, bottom }
    public enum Wrap: String, Sendable, Equatable, CaseIterable { case word, char, none }
    public enum Ellipsis: String, Sendable, Equatable, CaseIterable { case none, start, middle, end }

    /// Pango markup with every `{column}` substituted (escaped unless written `{column:markup}`).
    /// Icons are still written as the template wrote them (`:coin:` or `<icon name="coin"/>`).
    public var markup: String
    /// A Pango font description, size in points: `DejaVu Serif Bold 14` (default `DejaVu Sans 12`).
    public var font: String
    public var color: Color
    public var alignment: Alignment
    public var verticalAlignment: VerticalAlignment
    public var wrap: Wrap
    public var ellipsis: Ellipsis
    /// A multiple of the normal line height (default 1).
    public var lineSpacing: Double
    /// When set, the text shrinks from the font's size until it fits the box, not below this size in points.
    public var minimumFontSize: Double?

    public init(markup: String, font: String, color: Color, alignment: Alignment, verticalAlignment: VerticalAlignment,
                wrap: Wrap, ellipsis: Ellipsis, lineSpacing: Double, minimumFontSize: Double?) {
        self.markup = markup
        self.font = font
        self.color = color
        self.alignment = alignment
        self.verticalAlignment = verticalAlignment
        self.wrap = wrap
        self.ellipsis = ellipsis
        self.lineSpacing = lineSpacing
        self.minimumFontSize = minimumFontSize
    }
}

/// A card of the built-in deck (`playing-card`), or only its pips and court art (`pips`) or only
/// its two corner indices (`corners`), drawn into the box.
public struct PlayingCardLayer: Sendable, Equatable {
    public enum Part: String, Sendable, Equatable, CaseIterable {
        case whole = "playing-card"
        case pips
        case corners
    }

    public var part: Part
    /// A face or `back` (the back only for `whole`).
    public var side: CardSide
    public var theme: CardTheme

    public init(part: Part, side: CardSide, theme: CardTheme) {
        self.part = part
        self.side = side
        self.theme = theme
    }
}
