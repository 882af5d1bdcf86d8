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
    /// The layers it is placed against (``LayerSpec/anchors``): `box` and `content` are where
    /// the layer's own keys put it, until ``TemplateRenderer/placedLayers(of:)`` moves them.
    public var anchors: [LayerAnchor]

    /// A resolved layer; `opacity` 1 and `rotation` 0 leave it as drawn.
    public init(index: Int, box: CGRect, opacity: Double = 1, rotation: Double = 0, content: LayerContent,
                anchors: [LayerAnchor] = []) {
        self.index = index
        self.box = box
        self.opacity = opacity
        self.rotation = rotation
        self.content = content
        self.anchors = anchors
    }

    /// The layer moved by `dx`, `dy` points: its box and every point its content holds.
    public func moved(dx: CGFloat, dy: CGFloat) -> ResolvedLayer {
        guard dx != 0 || dy != 0 else { return self }
        var layer = self
        layer.box = box.offsetBy(dx: dx, dy: dy)
        layer.content = content.moved(dx: dx, dy: dy)
        return layer
    }
}

/// What a layer draws inside its box.
public enum LayerContent: Sendable, Equatable {
    /// The box, each corner rounded by its radius (`CornerRadii.zero` for square), the radii
    /// scaled down together where two on one side would overlap, as CSS does.
    case rect(cornerRadii: CornerRadii, style: ShapeStyle)
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

extension LayerContent {
    /// The content with its card-coordinate points (polygon corners, line ends, gradients) moved.
    func moved(dx: CGFloat, dy: CGFloat) -> LayerContent {
        func move(_ point: CGPoint) -> CGPoint { CGPoint(x: point.x + dx, y: point.y + dy) }
        func move(_ style: ShapeStyle) -> ShapeStyle {
            guard case var .gradient(gradient) = style.fill else { return style }
            switch gradient.shape {
            case let .linear(from, to): gradient.shape = .linear(from: move(from), to: move(to))
            case let .radial(center, radius, focus): gradient.shape = .radial(center: move(center), radius: radius, focus: focus.map(move))
            }
            return ShapeStyle(fill: .gradient(gradient), stroke: style.stroke)
        }
        switch self {
        case let .rect(radii, style): return .rect(cornerRadii: radii, style: move(style))
        case let .ellipse(style): return .ellipse(style: move(style))
        case let .polygon(points, style): return .polygon(points: points.map(move), style: move(style))
        case let .line(from, to, stroke): return .line(from: move(from), to: move(to), stroke: stroke)
        case let .suit(suit, style): return .suit(suit, style: move(style))
        case .image, .text, .playingCard, .vector: return self
        }
    }
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

    /// An existing `.png`, `.jpg`, `.jpeg`, `.webp` or `.svg` file (checked when the card was resolved).
    public var url: URL
    /// How the image is scaled into the box.
    public var fit: ImageFit
    /// The shape the image is clipped to.
    public var clip: Clip
    /// The corner radius of a `rounded-rect` clip, in points (0 otherwise).
    public var cornerRadius: CGFloat
    /// The part of the file drawn (`crop`), cut before the turn and the fit; nil for all of it.
    public var crop: ImageCrop?
    /// Clockwise quarter turns of the (cropped) image before it is fitted (`src-rotate`), 0...3.
    public var quarterTurns: Int
    /// How the image goes on past the box's sides that lie on the trim's edges or beyond, into
    /// the bleed (`bleed`); nil when it stops at its box.
    public var bleed: EdgeExtension?

    /// The image at `url`, cut to `crop`, turned by `quarterTurns`, drawn as `fit` and `clip`
    /// say and extended into the bleed as `bleed` says.
    public init(url: URL, fit: ImageFit, clip: Clip, cornerRadius: CGFloat, crop: ImageCrop? = nil,
                quarterTurns: Int = 0, bleed: EdgeExtension? = nil) {
        self.url = url
        self.fit = fit
        self.clip = clip
        self.cornerRadius = cornerRadius
        self.crop = crop
        self.quarterTurns = quarterTurns
        self.bleed = bleed
    }
}

/// The part of an image file a layer draws: lengths in the file's own units (a raster's
/// pixels, an SVG's points), each a number of them plus a fraction of the file's width (`x`,
/// `width`) or height (`y`, `height`).
public struct ImageCrop: Sendable, Equatable {
    /// The left edge; 0 by default.
    public var x: TemplateLength
    /// The top edge; 0 by default.
    public var y: TemplateLength
    /// The width; nil for the rest of the image right of `x`.
    public var width: TemplateLength?
    /// The height; nil for the rest of the image below `y`.
    public var height: TemplateLength?

    /// A crop from `x`, `y`, `width` by `height`.
    public init(x: TemplateLength = TemplateLength(), y: TemplateLength = TemplateLength(),
                width: TemplateLength? = nil, height: TemplateLength? = nil) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The crop in the units of an image of `size`.
    public func rect(in size: CGSize) -> CGRect {
        let left = x.resolved(against: size.width), top = y.resolved(against: size.height)
        return CGRect(x: left, y: top, width: width?.resolved(against: size.width) ?? size.width - left,
                      height: height?.resolved(against: size.height) ?? size.height - top)
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
    /// An outline around the glyphs, drawn under them; nil for none.
    public var outline: Stroke?

    /// Text with every property given.
    public init(markup: String, font: String, color: Color, alignment: TextBoxAlignment,
                verticalAlignment: VerticalTextAlignment, wrap: TextWrap, ellipsis: TextEllipsis, lineSpacing: Double, minimumFontSize: Double?,
                outline: Stroke? = nil) {
        self.markup = markup
        self.font = font
        self.color = color
        self.alignment = alignment
        self.verticalAlignment = verticalAlignment
        self.wrap = wrap
        self.ellipsis = ellipsis
        self.lineSpacing = lineSpacing
        self.minimumFontSize = minimumFontSize
        self.outline = outline
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
