import Drawing
import Foundation
import Testing
@testable import PlayingCards

/// The twelve court figures: each its own picture, and each the same either way up.
@Suite("Court figures")
struct CourtFigureTests {
    static let courts: [Card] = [Rank.king, .queen, .jack].flatMap { rank in Suit.allCases.map { Card(rank, of: $0) } }

    /// Classic colours with every suit in the same ink, so two courts of a rank differ only where
    /// their figures do (and in their small suit symbols).
    static var oneColourTheme: CardTheme {
        var theme = CardTheme.classic
        for suit in Suit.allCases { theme.setColor(theme.spades, for: suit) }
        return theme
    }

    /// The share of the court panel's pixels that differ between two renders.
    static func panelDifference(_ a: RGBAImage, _ b: RGBAImage, renderer: CardRenderer) -> PixelTools.Difference {
        let panel = PixelTools.pixelRegion(renderer.layout.courtPanelRect, scale: 1, margin: 1, in: a)
        return PixelTools.difference(a, b, in: panel, threshold: 48)
    }

    /// `card` drawn by the renderer, or with `figure` in place of its own.
    static func render(_ card: Card, figure: CourtFigure? = nil, renderer: CardRenderer) throws -> RGBAImage {
        guard let figure else { return try renderer.picture(for: .card(card.rank, of: card.suit)).rasterize(scale: 1) }
        let artwork = CourtArtwork(card: card, theme: renderer.theme, letterFont: renderer.letterFont, figure: figure)
        let layout = renderer.layout
        return try Picture(size: renderer.size.points, title: card.shortName) { canvas in
            canvas.fill(BezierPath(roundedRect: layout.bounds, cornerRadius: layout.cornerRadius), with: .white)
            artwork.draw(in: layout, on: canvas)
        }.rasterize(scale: 1)
    }

    @Test func theTwelveCourtsArePairwiseDifferentPictures() throws {
        let renderer = try CardRenderer(size: .poker, theme: Self.oneColourTheme)
        let images = try Self.courts.map { try Self.render($0, renderer: renderer) }
        for i in images.indices {
            for j in images.indices where j > i {
                let (a, b) = (Self.courts[i], Self.courts[j])
                let difference = Self.panelDifference(images[i], images[j], renderer: renderer)
                guard a.rank == b.rank else {
                    #expect(difference.fractionOver > 0.05, "\(a.shortName) and \(b.shortName): \(difference)")
                    continue
                }
                // Two courts of a rank also differ in their suit symbols; `b` drawn with `a`'s
                // figure measures that part. One figure for all four suits differs by that much
                // and no more; figures of their own add at least 0.5 % of the panel.
                let bAsA = try Self.render(b, figure: .of(a), renderer: renderer)
                let suitsOnly = Self.panelDifference(images[i], bAsA, renderer: renderer)
                #expect(difference.pixelsOver > suitsOnly.pixelsOver + difference.pixels / 200,
                        "\(a.shortName) and \(b.shortName) differ hardly more than their suit symbols: \(difference), suits \(suitsOnly)")
            }
        }
    }

    @Test func theSuitsOnlyControlDrawsWhatTheRendererDraws() throws {
        // The measure the pairwise test subtracts: with the king of spades' figure the king of
        // clubs differs from the king of spades in its suit symbols only, and drawn that way
        // through CourtArtwork it is exactly what the renderer draws for the king of spades.
        let renderer = try CardRenderer(size: .poker, theme: Self.oneColourTheme)
        let kingOfSpades = Card(.king, of: .spades)
        let rendered = try Self.render(kingOfSpades, renderer: renderer)
        let redrawn = try Self.render(kingOfSpades, figure: .of(kingOfSpades), renderer: renderer)
        #expect(Self.panelDifference(rendered, redrawn, renderer: renderer).pixelsOver == 0)
        let clubsAsSpades = try Self.render(Card(.king, of: .clubs), figure: .of(kingOfSpades), renderer: renderer)
        let kingOfClubs = try Self.render(Card(.king, of: .clubs), renderer: renderer)
        let suitsOnly = Self.panelDifference(rendered, clubsAsSpades, renderer: renderer)
        let whole = Self.panelDifference(rendered, kingOfClubs, renderer: renderer)
        #expect(suitsOnly.pixelsOver > 0 && whole.pixelsOver > suitsOnly.pixelsOver, "suits \(suitsOnly), whole \(whole)")
    }

    @Test func theFiguresFollowTheEnglishPattern() {
        let figures = Dictionary(uniqueKeysWithValues: Self.courts.map { ($0.shortName, CourtFigure.of($0)) })
        let inProfile = figures.filter { if case .profile = $0.value.head { true } else { false } }.keys
        #expect(Set(inProfile) == ["JS", "JH", "KD"], "the one-eyed courts: \(inProfile.sorted())")
        func holders(_ emblem: CourtFigure.Emblem) -> Set<String> {
            Set(figures.filter { $0.value.held.contains { $0.emblem == emblem } }.keys)
        }
        #expect(holders(.swordBehindHead) == ["KH"])
        #expect(holders(.axe) == ["KD"])
        #expect(holders(.sword) == ["KS", "KC"])
        #expect(holders(.orb) == ["KC"])
        #expect(holders(.sceptre) == ["QS"])
        #expect(holders(.leaf) == ["JH"])
        #expect(holders(.arrow) == ["JC"])
        let flowers = figures.filter { $0.value.held.contains { if case .flower = $0.emblem { true } else { false } } }
        #expect(Set(flowers.keys) == ["QS", "QH", "QD", "QC"])
        #expect(Set(flowers.values.map(\.held)).count == 4, "each queen's flower is her own")
        #expect(Set(figures.filter { !$0.value.moustache && $0.key.hasPrefix("K") }.keys) == ["KH"])
        #expect(Set(figures.filter { $0.value.capFeather }.keys) == ["JC"])
        #expect(Set(figures.values).count == 12)
    }

    @Test(arguments: CardTheme.all)
    func everyCourtReadsTheSameUpsideDownInEveryTheme(theme: CardTheme) throws {
        let renderer = try CardRenderer(size: .poker, theme: theme)
        for card in Self.courts {
            let image = try renderer.picture(for: .card(card.rank, of: card.suit)).rasterize(scale: 1)
            let difference = Self.panelDifference(image, PixelTools.rotated180(image), renderer: renderer)
            #expect(difference.fractionOver < 0.005, "\(card.shortName) in \(theme.name): \(difference)")
        }
    }
}
