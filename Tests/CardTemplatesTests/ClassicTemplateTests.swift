import CardTemplates
import Drawing
import Foundation
import PlayingCards
import Testing

/// docs/examples/classic: the built-in deck rebuilt from template layers (a white rounded rect,
/// `pips`, `corners` and a stroked `rect` for the border) must look like the built-in card.
@Suite struct ClassicTemplateTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/examples/classic")

    /// Pixels per point for both renders.
    static let scale = 2.0

    /// The share of pixels that may differ between the template's card and the built-in one by
    /// more than `channelTolerance` (of 255) in any channel: 0.05 %, about 90 of the 181,440
    /// pixels. The two draw the same paths, so they agree to the pixel; the margin only allows
    /// for antialiasing. Without its corner indices, with them 1 pt out of place, or without its
    /// pips a card differs in 0.5 % to 50 % of its pixels (see the last test).
    static let maximumDifferingShare = 0.0005
    static let channelTolerance = 2

    struct Loaded {
        var template: CardTemplate
        var cards: [TemplateCard]
        var renderer: TemplateRenderer

        func card(_ name: String) throws -> TemplateCard {
            try #require(cards.first { $0.fileStem == name }, "no card \(name)")
        }
    }

    static func load() throws -> Loaded {
        let template = try CardTemplate.load(contentsOf: folder.appendingPathComponent("classic.yaml"), displayName: "classic.yaml")
        let data = try CardData.load(contentsOf: folder.appendingPathComponent("deck.csv"), displayName: "deck.csv")
        let cards = try template.cards(from: data)
        return Loaded(template: template, cards: cards, renderer: try TemplateRenderer(template: template, cards: cards))
    }

    /// The built-in card's pixels.
    static func builtIn(_ name: String) throws -> RGBAImage {
        let renderer = try CardRenderer(size: .poker, theme: .classic)
        return try renderer.picture(for: .front(try PlayingCard(parsing: name))).rasterize(scale: scale)
    }

    /// The share of pixels that differ by more than `channelTolerance` in any channel, and the
    /// share that differ at all.
    static func difference(_ a: RGBAImage, _ b: RGBAImage) throws -> (beyondTolerance: Double, any: Double) {
        try #require(a.width == b.width && a.height == b.height, "\(a.width)×\(a.height) against \(b.width)×\(b.height)")
        var beyond = 0, any = 0
        for pixel in 0..<(a.width * a.height) {
            var largest = 0
            for channel in 0..<4 {
                largest = max(largest, abs(Int(a.pixels[pixel * 4 + channel]) - Int(b.pixels[pixel * 4 + channel])))
            }
            if largest > 0 { any += 1 }
            if largest > channelTolerance { beyond += 1 }
        }
        let total = Double(a.width * a.height)
        return (Double(beyond) / total, Double(any) / total)
    }

    @Test func deckHasEveryCardNamedLikeTheBuiltInDeck() throws {
        let loaded = try Self.load()
        let expected = Deck.standard.cards.map(\.shortName) + ["RJ", "BJ"]
        #expect(loaded.cards.map(\.fileStem) == expected)
        #expect(loaded.template.size == CardSize.poker.points)
        // The template's numbers are the built-in card's at poker size.
        let layout = try CardRenderer(size: .poker, theme: .classic).layout
        let trim = CGRect(origin: .zero, size: CardSize.poker.points)
        let layers = try #require(loaded.cards.first?.layers)
        #expect(layers.count == 4)
        let white = try #require(layers.first)
        guard case let .rect(whiteRadius, whiteStyle) = white.content else {
            Issue.record("the first layer is not the white card")
            return
        }
        #expect(white.box == trim)
        #expect(whiteStyle == ShapeStyle(fill: .color(.white), stroke: nil))
        #expect(whiteRadius.isUniform && abs(whiteRadius.topLeft - layout.cornerRadius) < 1e-9)
        let border = try #require(layers.last)
        guard case let .rect(radius, style) = border.content else {
            Issue.record("the last layer is not the border")
            return
        }
        let inset = layout.borderWidth / 2
        #expect(style.fill == nil)
        #expect(style.stroke?.color == CardTheme.classic.borderColor)
        #expect(abs((style.stroke?.width ?? 0) - layout.borderWidth) < 1e-9)
        #expect(radius.isUniform && abs(radius.topLeft - (layout.cornerRadius - inset)) < 1e-9)
        let expectedBorder = trim.insetBy(dx: inset, dy: inset)
        #expect(abs(border.box.minX - expectedBorder.minX) < 1e-9 && abs(border.box.minY - expectedBorder.minY) < 1e-9
            && abs(border.box.width - expectedBorder.width) < 1e-9 && abs(border.box.height - expectedBorder.height) < 1e-9,
            "border box \(border.box), built-in \(expectedBorder)")
    }

    @Test(arguments: ["AS", "10H", "QC", "7D", "KS", "RJ"])
    func matchesTheBuiltInCard(_ name: String) throws {
        let loaded = try Self.load()
        let card = try loaded.card(name)
        let rendered = try loaded.renderer.picture(for: card).rasterize(scale: Self.scale)
        let difference = try Self.difference(rendered, try Self.builtIn(name))
        #expect(difference.beyondTolerance <= Self.maximumDifferingShare,
                "\(name): \(String(format: "%.4f", difference.beyondTolerance * 100))% of pixels differ from the built-in card")
    }

    /// The comparison would catch a template that lost or misplaced a part.
    @Test(arguments: ["AS", "10H", "QC", "7D"])
    func failsWithoutCornersWithCornersMovedOrWithoutPips(_ name: String) throws {
        let loaded = try Self.load()
        let card = try loaded.card(name)
        let expected = try Self.builtIn(name)
        func isPart(_ layer: ResolvedLayer, _ part: PlayingCardLayer.Part) -> Bool {
            if case let .playingCard(content) = layer.content { return content.part == part }
            return false
        }
        var withoutCorners = card
        withoutCorners.layers.removeAll { isPart($0, .corners) }
        var cornersMoved = card
        for index in cornersMoved.layers.indices where isPart(cornersMoved.layers[index], .corners) {
            cornersMoved.layers[index].box = cornersMoved.layers[index].box.offsetBy(dx: 1, dy: 0)
        }
        var withoutPips = card
        withoutPips.layers.removeAll { isPart($0, .pips) }
        #expect(withoutCorners.layers.count == card.layers.count - 1)
        #expect(withoutPips.layers.count == card.layers.count - 1)
        for (what, broken) in [("without corners", withoutCorners), ("corners moved 1 pt", cornersMoved),
                               ("without pips", withoutPips)] {
            let rendered = try loaded.renderer.picture(for: broken).rasterize(scale: Self.scale)
            let difference = try Self.difference(rendered, expected)
            #expect(difference.beyondTolerance > Self.maximumDifferingShare * 5,
                    "\(name) \(what): only \(difference.beyondTolerance * 100)% of pixels differ")
        }
    }
}
