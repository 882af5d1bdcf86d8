import Drawing
import Foundation
import Testing

/// A markup error names the user's own elements and the line and column of the user's own
/// text, not Pango's `<markup>` wrapper, its byte offsets, or the text after icons are replaced.
@Suite struct MarkupProblemTests {
    static func problem(_ markup: String, icons: [String: InlineIcon] = [:]) -> String {
        do {
            _ = try TextBox(markup: markup, font: "DejaVu Sans 12", icons: icons).layout(in: CGSize(width: 200, height: 100))
            return "no error"
        } catch {
            return error.description
        }
    }

    static let coin = InlineIcon(aspectRatio: 1, identity: "coin") { _, _ in }

    @Test func anElementLeftOpenIsNamedWhereItOpens() {
        #expect(Self.problem("Every <b>creature gets -1 power.") == "text markup: <b> is never closed (opened at column 7 of the text)")
        #expect(Self.problem("two\n<i>lines") == "text markup: <i> is never closed (opened at line 2, column 1 of the text)")
        #expect(!Self.problem("Every <b>creature").contains("markup”"))
    }

    @Test func placesAreCharactersOfTheTextAsWritten() {
        // `é` is two bytes, `:coin:` one character to Pango: neither moves the column.
        #expect(Self.problem("é <i>b</b> c") == "text markup: </b> at column 7 of the text does not close <i> (opened at column 3 of the text)")
        #expect(Self.problem(":coin: <i>b</b> c", icons: ["coin": Self.coin])
            == "text markup: </b> at column 12 of the text does not close <i> (opened at column 8 of the text)")
        #expect(Self.problem("<icon name=\"coin\"/> x </b>", icons: ["coin": Self.coin])
            == "text markup: </b> closes an element that is not open (at column 23 of the text)")
        #expect(Self.problem("AB <foo>x</foo>") == "text markup: Unknown tag 'foo' (at column 4 of the text)")
        #expect(Self.problem("Salt & pepper") == "text markup: a `&` that starts no entity; write it as &amp; (at column 6 of the text)")
    }
}
