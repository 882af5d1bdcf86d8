import CardRenderSupport
import Drawing
import Foundation
import Geometry
import PlayingCards
import SpecFiles

/// Draws a template's cards with Cairo: the background, then every layer bottom first, each
/// turned and faded as it asks. Every image, icon and font the cards use is loaded once, when
/// the renderer is made, so a missing or broken file is an error before anything is drawn; after
/// that, drawing a card reads no file.
public struct TemplateRenderer: Sendable {
    /// The template the cards are drawn from, with its `extends` chain resolved.
    public let template: CardTemplate
    let fonts: FontLibrary
    let images: [URL: Image]
    let icons: [String: InlineIcon]
    /// The image files SVG templates' drawings embed.
    let embeddedFiles: [URL]

    /// Loads the template's font files and icons and every image `cards` draw. Errors are one
    /// line at the template value that names the file, with the row and layer that use it. An
    /// image (a PNG, or one an SVG embeds) over `maxImagePixels` is refused from its header,
    /// before it is decoded.
    public init(template: CardTemplate, cards: [TemplateCard],
                maxImagePixels: Int = RenderLimits.defaultMaxPixels) throws(SpecError) {
        self.template = template
        do {
            fonts = try FontLibrary(addingFontFilesAt: template.fontFiles.map(\.path))
        } catch {
            throw SpecError("fonts: \(error.description)", at: SpecLocation(file: template.displayName))
        }
        var images: [URL: Image] = [:]
        var icons: [String: InlineIcon] = [:]
        var embedded = Set<URL>()
        for (name, url) in template.icons.sorted(by: { $0.key < $1.key }) {
            let image: Image
            do { image = try Image.load(contentsOf: url, maxPixels: maxImagePixels) } catch {
                throw SpecError("icon `\(name)`: \(error.description)", at: SpecLocation(file: template.displayName))
            }
            images[url] = image
            icons[name] = InlineIcon(aspectRatio: image.size.height > 0 ? image.size.width / image.size.height : 1,
                                     identity: url.path) { rect, canvas in
                try canvas.draw(image, in: rect, fit: .contain)
            }
        }
        for card in cards {
            for layer in card.layers {
                if case let .vector(drawing, files) = layer.content {
                    do { try drawing.check(maxPixels: maxImagePixels) } catch {
                        throw Self.error(error.description, card: card, layer: layer, in: template)
                    }
                    embedded.formUnion(files)
                }
                guard case let .image(imageLayer) = layer.content else { continue }
                if images[imageLayer.url] == nil {
                    do {
                        images[imageLayer.url] = try Image.load(contentsOf: imageLayer.url, maxPixels: maxImagePixels)
                    } catch {
                        throw Self.error(error.description, card: card, layer: layer, in: template)
                    }
                }
                if let loaded = images[imageLayer.url] {
                    try Self.checkCrop(of: loaded, for: imageLayer, card: card, layer: layer, in: template)
                }
            }
        }
        self.images = images
        self.icons = icons
        self.embeddedFiles = embedded.sorted { $0.path < $1.path }
    }

    /// Every file the cards draw from: images, icons and font files.
    public var files: [URL] { images.keys.sorted { $0.path < $1.path } + embeddedFiles + template.fontFiles }

    /// `row 4 (cards.csv:5), layer 7 (image): …` at the layer in the template.
    static func error(_ message: String, card: TemplateCard, layer: ResolvedLayer, in template: CardTemplate) -> SpecError {
        let spec = template.layers.indices.contains(layer.index) ? template.layers[layer.index] : nil
        let what = spec?.label ?? "layer \(layer.index + 1)"
        return SpecError("\(card.rowLabel), \(what): \(message)", at: spec?.location ?? SpecLocation(file: template.displayName))
    }

    // MARK: pictures

    /// The card at its trim size with rounded corners, or, with `bleed`, grown by the template's
    /// bleed on every side with square corners (as print services take cards).
    public func picture(for card: TemplateCard, includingBleed bleed: Bool = false) -> Picture {
        let renderer = self
        let bleedBox = template.bleedBox
        guard bleed, template.bleed > 0 else {
            return Picture(size: template.size, title: card.fileStem) { canvas in
                try renderer.draw(card, in: canvas.bounds, on: canvas)
            }
        }
        return Picture(size: bleedBox.size, title: card.fileStem) { canvas in
            try canvas.withSavedState {
                canvas.translateBy(x: -bleedBox.minX, y: -bleedBox.minY)
                try renderer.drawCard(card, clip: BezierPath(rect: bleedBox), on: canvas)
            }
        }
    }

    /// The card as printed with `bleed` points around its trim: square corners, the background
    /// and full-card layers reaching into the bleed (as far as the template's own bleed goes;
    /// beyond it the background alone fills).
    public func picture(for card: TemplateCard, bleed: CGFloat) -> Picture {
        guard bleed > 0 else { return picture(for: card) }
        let renderer = self
        let box = template.trimBox.insetBy(dx: -bleed, dy: -bleed)
        return Picture(size: box.size, title: card.fileStem) { canvas in
            try canvas.withSavedState {
                canvas.translateBy(x: -box.minX, y: -box.minY)
                try renderer.drawCard(card, clip: BezierPath(rect: box), on: canvas)
            }
        }
    }

    /// Draws the card's trim into `bounds` (scaled to it), clipped to its rounded corners: for
    /// sheets, where the card is one of many.
    public func draw(_ card: TemplateCard, in bounds: CGRect, on canvas: Canvas) throws {
        let size = template.size
        try canvas.withSavedState {
            canvas.translateBy(x: bounds.minX, y: bounds.minY)
            canvas.scaleBy(x: bounds.width / max(size.width, 1e-9), y: bounds.height / max(size.height, 1e-9))
            try drawCard(card, clip: BezierPath(roundedRect: template.trimBox, cornerRadius: template.cornerRadius), on: canvas)
        }
    }

    /// The card in card coordinates: the clip (the trim's rounded rect, or the bleed box), the
    /// background over everything the clip lets through, then the layers where they are placed.
    func drawCard(_ card: TemplateCard, clip: BezierPath, on canvas: Canvas) throws {
        let layers = try placedLayers(of: card)
        try canvas.withSavedState {
            canvas.clip(to: clip)
            canvas.fill(clip, with: card.background)
            for layer in layers {
                do { try draw(layer, on: canvas) } catch let error as SpecError { throw error } catch {
                    throw Self.error(ErrorLine.of(error), card: card, layer: layer, in: template)
                }
            }
        }
    }

    // MARK: layers

    func draw(_ layer: ResolvedLayer, on canvas: Canvas) throws {
        try canvas.withSavedState {
            if layer.rotation != 0 {
                let centre = CGPoint(x: layer.box.midX, y: layer.box.midY)
                canvas.concatenate(CGAffineTransform.identity.translatedBy(x: centre.x, y: centre.y)
                    .rotated(by: CGFloat(layer.rotation)).translatedBy(x: -centre.x, y: -centre.y))
            }
            if layer.opacity < 1 {
                try canvas.withOpacity(layer.opacity) { try drawContent(of: layer, on: canvas) }
            } else {
                try drawContent(of: layer, on: canvas)
            }
        }
    }

    func drawContent(of layer: ResolvedLayer, on canvas: Canvas) throws {
        let box = layer.box
        switch layer.content {
        case let .rect(radii, style):
            draw(radii.isZero ? BezierPath(rect: box)
                 : radii.isUniform ? BezierPath(roundedRect: box, cornerRadius: radii.topLeft)
                 : BezierPath(roundedRect: box, cornerRadii: radii),
                 style: style, on: canvas)
        case let .ellipse(style):
            draw(BezierPath(ovalIn: box), style: style, on: canvas)
        case let .polygon(points, style):
            draw(BezierPath(polygon: points), style: style, on: canvas)
        case let .line(from, to, stroke):
            draw(BezierPath(line: from, to: to), style: ShapeStyle(fill: nil, stroke: stroke), on: canvas)
        case let .suit(suit, style):
            draw(SuitShape.path(for: suit, in: box), style: style, on: canvas)
        case let .image(image):
            try draw(image, in: box, on: canvas)
        case let .text(text):
            try textBox(text).draw(in: box, on: canvas)
        case let .playingCard(part):
            try draw(part, in: box, on: canvas)
        case let .vector(drawing, _):
            try drawing.draw(in: box, on: canvas)
        }
    }

    func draw(_ path: BezierPath, style: ShapeStyle, on canvas: Canvas) {
        if let fill = style.fill { canvas.fill(path, with: fill) }
        if let stroke = style.stroke, stroke.width > 0 {
            var outline = path
            outline.lineWidth = stroke.width
            canvas.stroke(outline, with: stroke.color)
        }
    }

    static func clip(_ image: ImageLayer, in box: CGRect) -> BezierPath? {
        switch image.clip {
        case .none: nil
        case .rect: BezierPath(rect: box)
        case .roundedRect: BezierPath(roundedRect: box, cornerRadius: image.cornerRadius)
        case .ellipse: BezierPath(ovalIn: box)
        }
    }

    func draw(_ layer: PlayingCardLayer, in box: CGRect, on canvas: Canvas) throws {
        let renderer = try CardRenderer(size: CardSize(width: box.width, height: box.height), theme: layer.theme)
        switch (layer.part, layer.side) {
        case (.whole, let side):
            try renderer.draw(side, in: box, on: canvas)
        case (.pips, .front(let face)):
            try renderer.drawCentre(of: face, in: box, on: canvas)
        case (.corners, .front(.standard(let card))):
            renderer.drawCornerIndices(of: card, in: box, on: canvas)
        case (.corners, .front(.joker)):
            break // a joker's indices are part of its artwork (`pips`)
        case (_, .back):
            try renderer.draw(.back, in: box, on: canvas)
        }
    }

    // MARK: text

    /// The layer's text box, with the template's icons and fonts.
    public func textBox(_ text: TextLayer) -> TextBox {
        TextBox(markup: text.markup, font: text.font, color: text.color, alignment: text.alignment,
                verticalAlignment: text.verticalAlignment, wrap: text.wrap,
                lineSpacing: CGFloat(text.lineSpacing), ellipsis: text.ellipsis,
                autoFit: text.minimumFontSize.map { AutoFit(minimumSize: CGFloat($0)) }, icons: icons, library: fonts,
                outline: text.outline)
    }

    /// Lays out every text layer of `cards` without drawing: markup and font errors are thrown
    /// (with row and layer); each text with a character no font has a glyph for, and each text
    /// that does not fit its box even at its smallest size, is returned as a warning line.
    /// Ellipsized text is what its layer asked for, not a warning.
    public func checkText(of cards: [TemplateCard]) throws(SpecError) -> [String] {
        var warnings: [String] = []
        for card in cards {
            for layer in try placedLayers(of: card) {
                guard case let .text(text) = layer.content else { continue }
                let layout: TextLayout
                do { layout = try textBox(text).layout(in: layer.box.size) } catch {
                    throw Self.error(error.description, card: card, layer: layer, in: template)
                }
                if let missing = layout.missingGlyphsDescription {
                    warnings.append(Self.error(missing, card: card, layer: layer, in: template).description)
                }
                guard !layout.fits, !layout.isEllipsized else { continue }
                let size = String(format: "%g", Double(layout.fontSize))
                let box = String(format: "%g×%g pt", Double(layer.box.width), Double(layer.box.height))
                let advice = text.minimumFontSize == nil ? "; give the layer `fit: {min-size: …}` or a larger box"
                    : " (its smallest size)"
                warnings.append(Self.error("text does not fit its \(box) box at \(size) pt\(advice)", card: card,
                                           layer: layer, in: template).description)
            }
        }
        return warnings
    }
}
