import Foundation
import Testing

/// A lone `&` in a text layer is an ampersand: written in the template, in plain data or in a
/// `{column:markup}` value, it renders as `&amp;` would, instead of failing to parse as markup.
@Suite struct AmpersandCLITests {
    @Test func aLoneAmpersandRendersAsAnEscapedOne() throws {
        let lone = CardsErrorCLITests.replacing("text: \"{title}\"", with: "text: \"{title} & R&D\"")
        let escaped = CardsErrorCLITests.replacing("text: \"{title}\"", with: "text: \"{title} &amp; R&amp;D\"")
        let csv = CardsFixture.csv.replacingOccurrences(of: "Deal 1 damage. Gain", with: "Deal 1 & draw 1. Gain")
        let escapedCSV = CardsFixture.csv.replacingOccurrences(of: "Deal 1 damage. Gain", with: "Deal 1 &amp; draw 1. Gain")
        let game = try CardsFixture.make("cards-ampersand", template: lone, csv: csv)
        defer { game.remove() }
        try game.write("escaped.yaml", escaped)
        try game.write("escaped.csv", escapedCSV)
        CardsCLITests.expectSuccess(try game.cards(["--dpi", "72", "--out", "lone"]))
        CardsCLITests.expectSuccess(try game.cards(["--dpi", "72", "--out", "escaped"], template: "escaped.yaml", data: "escaped.csv"))
        let written = try game.tree("lone").filter { $0.key.hasSuffix(".png") }
        #expect(written.count == 3)
        #expect(written == (try game.tree("escaped").filter { $0.key.hasSuffix(".png") }))
    }
}
