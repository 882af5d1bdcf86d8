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
    /// A rect without an outline or rounded corners, or a `cover` or `stretch` image clipped to
    /// nothing but its box, that is not rotated and reaches a trim edge goes on to the bleed's
    /// edge there (``CardTemplate/grownIntoBleed(_:)``); a rect's gradient stays where the box
    /// as written puts it.
    public var box: CGRect
    /// 0...1, applied to the whole layer.
    public var opacity: Double
    /// Radians, clockwise on the page (y down), about the centre of `box`.
    public var rotation: Double
    /// What the layer draws in `box`.
    public var content: LayerContent

    /// A resolved layer; `opacity` 1 and `rotation` 0 leave it as drawn.
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
    /// An image fitted into the box.
    case image(ImageLayer)
    /// Text laid out in the box.
    case text(TextLayer)
    /// A card of the built-in deck, or a part of it, drawn into the box.
    case playingCard(PlayingCardLayer)
    /// One suit shape fitted into the box.
    case suit(Suit, style: ShapeStyle)
    /// An SVG template's drawing, filled from the card's row, stretched to the box; `files` are
    /// the images it embeds (those the SVG names and those the row names), so a change to one
    /// is seen.
    case vector(VectorImage, files: [URL])
}

/// Fill and outline of a shape; either may be absent (`none`).
public struct ShapeStyle: Sendable, Equatable {
    /// What fills the shape; nil for no fill.
    public var fill: Paint?
    /// The outline; nil for none.
    public var stroke: Stroke?

    /// A style with `fill` and `stroke`, either of them nil for none.
    public init(fill: Paint?, stroke: Stroke?) {
        self.fill = fill
        self.stroke = stroke
    }
}

/// An outline: colour and width in points, centred on the path.
public struct Stroke: Sendable, Equatable {
    /// The outline's colour.
    public var color: Color
    /// The outline's width in points.
    public var width: CGFloat

    /// An outline `width` points wide in `color`.
    public init(color: Color, width: CGFloat) {
        self.color = color
        self.width = width
    }
}

/// A PNG or SVG file drawn into the box.
public struct ImageLayer: Sendable, Equatable {
    /// The shape the image is clipped to.
    public enum Clip: String, Sendable, Equatable, CaseIterable {
        /// Not clipped (a `cover` image is still kept inside its box).
        case none
        /// The box.
        case rect
        /// The box with its corners rounded by `cornerRadius`.
        case roundedRect = "rounded-rect"
        /// The ellipse inscribed in the box.
        case ellipse
    }

    /// An existing `.png` or `.svg` file (checked when the card was resolved).
    public var url: URL
    /// How the image is scaled into the box.
    public var fit: ImageFit
    /// The shape the image is clipped to.
    public var clip: Clip
    /// The corner radius of a `rounded-rect` clip, in points (0 otherwise).
    public var cornerRadius: CGFloat

    /// The image at `url` drawn as `fit` and `clip` say.
    public init(url: URL, fit: ImageFit, clip: Clip, cornerRadius: CGFloat) {
        self.url = url
        self.fit = fit
        self.clip = clip
        self.cornerRadius = cornerRadius
    }
}

/// Pango markup laid out in the box, placed with Drawing's text box types (the names a template
/// writes for them are read in `LayerResolver`).
public struct TextLayer: Sendable, Equatable {
    /// Pango markup with every `{column}` substituted (escaped unless written `{column:markup}`).
    /// Icons are still written as the template wrote them (`:coin:` or `<icon name="coin"/>`).
    public var markup: String
    /// A Pango font description, size in points: `DejaVu Serif Bold 14` (default `DejaVu Sans 12`).
    public var font: String
    /// The text's colour where the markup does not set one (default black).
    public var color: Color
    /// How lines sit across the box (default `left`).
    public var alignment: TextBoxAlignment
    /// Where the lines sit in the box's height (default `top`).
    public var verticalAlignment: VerticalTextAlignment
    /// Where lines break (default `word`).
    public var wrap: TextWrap
    /// Where text that does not fit is cut (default `none`).
    public var ellipsis: TextEllipsis
    /// A multiple of the normal line height (default 1).
    public var lineSpacing: Double
    /// When set, the text shrinks from the font's size until it fits the box, not below this size in points.
    public var minimumFontSize: Double?

    /// Text with every property given.
    public init(markup: String, font: String, color: Color, alignment: TextBoxAlignment,
                verticalAlignment: VerticalTextAlignment, wrap: TextWrap, ellipsis: TextEllipsis, lineSpacing: Double, minimumFontSize: Double?) {
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
    /// Which part of the card is drawn.
    public enum Part: String, Sendable, Equatable, CaseIterable {
        /// The whole card (`playing-card`): ground, middle, corner indices and border, or the back.
        case whole = "playing-card"
        /// The middle only: pips, the ace, the court figure or the joker.
        case pips
        /// The two corner indices only (nothing for a joker, whose indices are part of its art).
        case corners
    }

    /// Which part of the card is drawn.
    public var part: Part
    /// A face or `back` (the back only for `whole`).
    public var side: CardSide
    /// The deck's colours and proportions (default `classic`).
    public var theme: CardTheme

    /// `part` of `side` in `theme`.
    public init(part: Part, side: CardSide, theme: CardTheme) {
        self.part = part
        self.side = side
        self.theme = theme
    }
}
