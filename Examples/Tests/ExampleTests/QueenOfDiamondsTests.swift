import Drawing
import GoldenImageTesting
import PlayingCards
import Testing

extension GoldenStrategy where Value == CardSide, Format == RGBAImage {
    /// A card side drawn in the four-colour theme, at 2x.
    static var fourColorCard: GoldenStrategy {
        GoldenStrategy<Picture, RGBAImage>.image(scale: 2).pullback { (side: CardSide) in
            try CardRenderer(theme: .fourColor).picture(for: side)
        }
    }
}

@Test func queenOfDiamonds() {
    assertGolden(of: CardSide.card(.queen, of: .diamonds), as: .fourColorCard)
}
