import Drawing
import Foundation
import Geometry
import SpecFiles

/// An image file as one layer draws it: the file, the part of it kept and its turn.
struct AdjustedImageKey: Hashable {
    var url: URL
    /// The crop in the file's units (x, y, width, height), empty for the whole file.
    var crop: [CGFloat]
    var quarterTurns: Int
}

extension TemplateRenderer {
    /// How far past the trim an extended image may go: the largest card side, more than any
    /// bleed; the card's clip (its bleed box on a print) stops it.
    static let extensionReach: CGFloat = CardTemplate.maximumCardSide

    static func key(for image: ImageLayer, size: CGSize) -> AdjustedImageKey {
        let crop = image.crop.map { (crop) -> [CGFloat] in
            let rect = crop.rect(in: size)
            return [rect.minX, rect.minY, rect.width, rect.height]
        } ?? []
        return AdjustedImageKey(url: image.url, crop: crop, quarterTurns: image.quarterTurns)
    }

    /// Adds `image` cut and turned as `imageLayer` asks to `adjusted` (nothing when it asks for
    /// neither); a crop reaching outside the image is an error at the layer's `crop`.
    static func adjust(_ image: Image, for imageLayer: ImageLayer, card: TemplateCard, layer: ResolvedLayer,
                       in template: CardTemplate, into adjusted: inout [AdjustedImageKey: Image]) throws(SpecError) {
        guard imageLayer.crop != nil || imageLayer.quarterTurns != 0 else { return }
        let key = key(for: imageLayer, size: image.size)
        guard adjusted[key] == nil else { return }
        var result = image
        if let crop = imageLayer.crop {
            let rect = crop.rect(in: image.size)
            guard let cropped = image.cropped(to: rect) else {
                let size = "\(ValueParser.format(Double(image.size.width)))×\(ValueParser.format(Double(image.size.height)))"
                let asked = [rect.minX, rect.minY, rect.width, rect.height].map { ValueParser.format((Double($0) * 100).rounded() / 100) }
                let spec = template.layers.indices.contains(layer.index) ? template.layers[layer.index] : nil
                var error = Self.error("`crop` x \(asked[0]), y \(asked[1]), \(asked[2])×\(asked[3]) reaches outside the "
                                       + "\(size) image \(imageLayer.url.lastPathComponent)", card: card, layer: layer, in: template)
                if let location = spec?.entries["crop"]?.location { error = SpecError(error.message, at: location) }
                throw error
            }
            result = cropped
        }
        adjusted[key] = result.turnedClockwise(quarterTurns: imageLayer.quarterTurns)
    }

    /// Draws an image layer: the file as loaded, or cut and turned, fitted into `box`; with
    /// `bleed`, extended past each side of `box` on or beyond the trim's edge.
    func draw(_ image: ImageLayer, in box: CGRect, on canvas: Canvas) throws {
        guard let loaded = images[image.url] else { throw DrawingError.image("image \(image.url.path) was not loaded") }
        var drawn = loaded
        if image.crop != nil || image.quarterTurns != 0 {
            guard let adjusted = adjustedImages[Self.key(for: image, size: loaded.size)] else {
                throw DrawingError.image("image \(image.url.path) was not cut and turned")
            }
            drawn = adjusted
        }
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
