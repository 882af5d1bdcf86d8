import BatchRendering
import CardTemplates
import Drawing
import Foundation

extension CardsRequest {
    /// Everything one card's picture is drawn from: the card's filled layers and background, the
    /// template's size, corners, bleed and resolution, and the content (SHA-256) of every file
    /// it draws (its images, the template's icons and fonts). Two equal keys draw the same
    /// pixels, so a card whose key is unchanged since the last render need not be drawn again.
    /// Where the row sits in the data (its number, its line) is not part of it: inserting a row
    /// above leaves the cards below as they were.
    public struct CardKey: Sendable, Equatable {
        var layers: [ResolvedLayer]
        var background: Paint
        var size: CGSize
        var cornerRadius: CGFloat
        var bleed: CGFloat
        var dpi: Double
        var files: [String: String]
    }

    /// The key of each of `loaded.cards`, in their order, then of each distinct back, in
    /// `loaded.backs` order. Each file is read and hashed once, however many cards draw it.
    public func cardKeys(of loaded: Loaded) -> [CardKey] {
        var digests: [URL: String] = [:]
        func digest(_ url: URL) -> String {
            if let known = digests[url] { return known }
            // An unreadable file was already an error in `load()`; if it went away since, the
            // key still differs from the one that read it.
            let value = (try? Data(contentsOf: url)).map { Checksum.sha256($0) } ?? "unreadable"
            digests[url] = value
            return value
        }
        func key(_ card: TemplateCard, _ template: CardTemplate) -> CardKey {
            let images = card.layers.compactMap { layer -> URL? in
                if case let .image(image) = layer.content { return image.url }
                return nil
            }
            let files = images + template.icons.values + template.fontFiles
            return CardKey(layers: card.layers, background: card.background, size: template.size,
                           cornerRadius: template.cornerRadius, bleed: bleed.includesBleed ? template.bleed : 0,
                           dpi: resolution(for: template).pixelsPerInch,
                           files: Dictionary(files.map { ($0.path, digest($0)) }, uniquingKeysWith: { first, _ in first }))
        }
        var keys = loaded.cards.map { key($0, loaded.template) }
        for (back, renderer) in zip(loaded.backs?.backs ?? [], loaded.backRenderers) {
            keys.append(key(back.card, renderer.template))
        }
        return keys
    }
}
