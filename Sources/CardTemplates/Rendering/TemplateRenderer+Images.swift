import Drawing
import Foundation
import Geometry
import SpecFiles

extension TemplateRenderer {
    /// How far past the trim an extended image may go: the largest card side, more than any
    /// bleed; the card's clip (its bleed box on a print) stops it.
    static let extensionReach: CGFloat = CardTemplate.maximumCardSide

    /// Refuses a crop reaching outside the image, at the layer's `crop`, with the row. Nothing
    /// is copied here: a raster is cut when a card is drawn, so rows asking for many different
    /// crops of one large image never hold more than the cards being drawn.
    static func checkCrop(of image: Image, for imageLayer: ImageLayer, card: TemplateCard, layer: ResolvedLayer,
                          in template: CardTemplate) throws(SpecError) {
        guard let crop = imageLayer.crop else { return }
        let rect = crop.rect(in: image.size)
        guard !image.canBeCropped(to: rect) else { return }
        let size = "\(ValueParser.format(Double(image.size.width)))×\(ValueParser.format(Double(image.size.height)))"
        let asked = [rect.minX, rect.minY, rect.width, rect.height].map { ValueParser.format((Double($0) * 100).rounded() / 100) }
        let error = Self.error("`crop` x \(asked[0]), y \(asked[1]), \(asked[2])×\(asked[3]) reaches outside the "
                               + "\(size) image \(imageLayer.url.lastPathComponent)", card: card, layer: layer, in: template)
        let spec = template.layers.indices.contains(layer.index) ? template.layers[layer.index] : nil
        throw SpecError(error.message, at: spec?.entries["crop"]?.location ?? error.location)
    }

    /// Draws an image layer: the file cut and turned as the layer asks, fitted into `box`; with
    /// `bleed`, extended past each side of `box` on or beyond the trim's edge.
    func draw(_ image: ImageLayer, in box: CGRect, on canvas: Canvas) throws {
        guard var drawn = images[image.url] else { throw DrawingError.image("image \(image.url.path) was not loaded") }
        if let crop = image.crop {
            guard let cropped = drawn.cropped(to: crop.rect(in: drawn.size)) else {
                throw DrawingError.image("the crop reaches outside the image \(image.url.path)")
            }
            drawn = cropped
        }
        drawn = drawn.turnedClockwise(quarterTurns: image.quarterTurns)
        guard let bleed = image.bleed else {
            try canvas.draw(drawn, in: box, fit: image.fit, clippedTo: Self.clip(image, in: box))
            return
        }
        try canvas.draw(drawn, in: box, fit: image.fit, extending: bleed, by: extensionOutsets(of: box))
    }

    /// ``extensionReach`` past each side of `box` that lies on the trim's edge or beyond it, 0
    /// past the others.
    func extensionOutsets(of box: CGRect) -> EdgeInsets {
        let trim = template.trimBox, tolerance: CGFloat = 0.01, reach = Self.extensionReach
        return EdgeInsets(top: box.minY <= trim.minY + tolerance ? reach : 0, left: box.minX <= trim.minX + tolerance ? reach : 0,
                          bottom: box.maxY >= trim.maxY - tolerance ? reach : 0, right: box.maxX >= trim.maxX - tolerance ? reach : 0)
    }
}
