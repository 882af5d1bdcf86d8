@testable import CardPreview
import Foundation
import RenderPipeline
import Testing

/// `preview card.svg`: an SVG template's cards are drawn and redrawn like a YAML template's.
@Suite struct SVGTemplatePreviewTests {
    static let card = """
    <svg xmlns="http://www.w3.org/2000/svg" width="2.5in" height="3.5in" viewBox="0 0 180 252">
      <rect id="color" width="180" height="252" style="fill:#ffffff"/>
      <flowRoot id="name" style="font-size:18px;font-family:'DejaVu Sans'"><flowRegion><rect x="10" y="10" width="160" height="40"/></flowRegion><flowPara>Name</flowPara></flowRoot>
      <image id="picture" x="10" y="60" width="40" height="40"/>
    </svg>
    """

    @Test func anSVGTemplateIsDrawnAndARowEditRedrawsOnlyItsCard() throws {
        let fixtures = try PreviewFixtures()
        try fixtures.write("card.svg", Self.card)
        let deck = PreviewDeck(request: PreviewRequest(template: fixtures.path("card.svg"), data: fixtures.path("cards.csv"), dpi: 72).cards)
        #expect(deck.refresh() == PreviewDeck.Refresh(redrawnRows: [1, 2, 3], error: nil))
        #expect(deck.snapshot.widthInches == 2.5 && deck.snapshot.heightInches == 3.5)
        let png = try #require(deck.image(at: 0))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        try fixtures.write("cards.csv", PreviewFixtures.rows.replacingOccurrences(of: "#33cc33", with: "#000000"))
        #expect(deck.refresh().redrawnRows == [2])
        // An image a row names is watched too: the two cards that draw it are redrawn.
        #expect(PreviewDeck.inputFiles(of: try deck.request.load()).contains { $0.hasSuffix("/green.svg") })
        try fixtures.write("green.svg", PreviewFixtures.square("black"))
        #expect(deck.refresh().redrawnRows == [2, 3])
        // The SVG is a watched input: editing it redraws every card.
        try fixtures.write("card.svg", Self.card.replacingOccurrences(of: "font-size:18px", with: "font-size:20px"))
        #expect(deck.refresh().redrawnRows == [1, 2, 3])
    }
}
