import Drawing
import GoldenImageTesting
import PlayingCards
import Testing

/// Reference renders at 125 × 175 pt, 1x, compared with the default tolerance.
///
/// When the design is meant to change, re-record them with
/// `CARDRENDER_RECORD=all swift test --filter PlayingCardsTests.GoldenTests`, look at the PNGs in
/// `__Goldens__/GoldenTests/`, and commit them.
@Suite("Card goldens")
struct GoldenTests {
    static let size = CardSize(width: 125, height: 175)

    @Test(arguments: [
        ("AS", CardSide.card(.ace, of: .spades)), ("7H", .card(.seven, of: .hearts)), ("10C", .card(.ten, of: .clubs)),
        ("QD", .card(.queen, of: .diamonds)), ("KS", .card(.king, of: .spades)), ("back-lattice", .back),
        ("joker-red", .joker(.red)),
    ])
    func classicDeck(name: String, side: CardSide) throws {
        let renderer = try CardRenderer(size: Self.size, theme: .classic)
        assertGolden(of: renderer.picture(for: side), scale: 1, named: name)
    }

    /// Every court figure is its own design; KS and QD are pinned with the deck above.
    @Test(arguments: ["KH", "KD", "KC", "QS", "QH", "QC", "JS", "JH", "JD", "JC"])
    func courtFigure(name: String) throws {
        let renderer = try CardRenderer(size: Self.size, theme: .classic)
        assertGolden(of: renderer.picture(for: .front(try PlayingCard(parsing: name))), scale: 1, named: name)
    }

    @Test func fiveOfDiamondsInFourColours() throws {
        let renderer = try CardRenderer(size: Self.size, theme: .fourColor)
        assertGolden(of: renderer.picture(for: .card(.five, of: .diamonds)), scale: 1, named: "5D-four-color")
    }

    @Test func rosetteBack() throws {
        var theme = CardTheme.classic
        theme.backDesign = .rosette
        theme.backColor = Color(rgb: 0x8E1B3A)
        let renderer = try CardRenderer(size: Self.size, theme: theme)
        assertGolden(of: renderer.picture(for: .back), scale: 1, named: "back-rosette")
    }
}
