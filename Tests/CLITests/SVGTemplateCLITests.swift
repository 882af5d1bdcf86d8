import Drawing
import Foundation
import GoldenImageTesting
import Testing

/// `cardrender cards card.svg`: the Inkscape card of docs/examples/svg-template filled from its
/// three rows, through the binary and a batch spec, and its errors as one line with exit 2.
///
/// Goldens (the three cards) are re-recorded with
/// `CARDRENDER_RECORD=all swift test --filter SVGTemplateCLITests`; look at them before committing.
@Suite struct SVGTemplateCLITests {
    /// A copy of the example in a fresh folder, so outputs and edits stay out of the repository.
    static func example(_ name: String) throws -> CardsFixture {
        let fixture = CardsFixture(folder: try CLIRunner.temporaryDirectory(name))
        let source = CLIRunner.repositoryRoot.appendingPathComponent("docs/examples/svg-template")
        for path in ["card.svg", "cards.csv", "art/sun.svg", "art/moon.svg", "art/ember.png"] {
            try fixture.write(path, try Data(contentsOf: source.appendingPathComponent(path)))
        }
        return fixture
    }

    @Test func theExampleRendersThreeCardsTheSameEveryRun() throws {
        let game = try Self.example("svg-template")
        defer { game.remove() }
        CardsCLITests.expectSuccess(try game.cards(["--out", "out"], template: "card.svg"))
        CardsCLITests.expectSuccess(try game.cards(["--out", "again", "-j", "2"], template: "card.svg"))
        let first = try game.tree("out"), second = try game.tree("again")
        #expect(first.keys.sorted() == ["001.png", "002.png", "003.png", "cards.json"])
        for stem in ["001", "002", "003"] {
            #expect(first["\(stem).png"] == second["\(stem).png"], "\(stem) differs between runs")
            // 63 × 88 mm at 300 dpi (744.1 × 1039.4 px, rounded up).
            #expect(try CardsCLITests.pixelSize(game.url("out/\(stem).png")) == (745, 1040))
            assertGolden(of: try PNG.read(contentsOf: game.url("out/\(stem).png")), as: .image, named: "svg-\(stem)")
        }
        // SVG and PDF keep the drawing as vectors.
        CardsCLITests.expectSuccess(try game.cards(["--out", "vector", "--format", "svg,pdf"], template: "card.svg"))
        #expect(try game.tree("vector").keys.sorted().count == 7)
    }

    @Test func aBatchSpecTakesAnSVGTemplate() throws {
        let game = try Self.example("svg-template-batch")
        defer { game.remove() }
        try game.write("spec.yaml", """
        jobs:
          - kind: cards
            template: card.svg
            data: cards.csv
            where: rare == yes
            output: rare
        """)
        func batch() throws -> CLIRunner.Result { try CLIRunner.run(["batch", "spec.yaml", "--out", "out", "--json"], in: game.folder) }
        let first = try batch()
        #expect(first.status == 0 && first.stdout.contains("\"rendered\":1"), "\(first.stdout) \(first.stderr)")
        let rendered = try game.tree("out/rare")
        #expect(rendered.keys.sorted() == ["002.png", "cards.json"])
        #expect(try batch().stdout.contains("\"status\":\"skipped\""))
        // The image the row names is an input: a new moon re-renders the job.
        let moon = String(decoding: try Data(contentsOf: game.url("art/moon.svg")), as: UTF8.self)
        try game.write("art/moon.svg", moon.replacingOccurrences(of: "#5a6fa8", with: "#a85a5a"))
        let recoloured = try batch()
        #expect(recoloured.stdout.contains("\"rendered\":1"), "\(recoloured.stdout)")
        #expect(try game.tree("out/rare")["002.png"] != rendered["002.png"])
    }

    static func expectOneLine(_ result: CLIRunner.Result, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.status == 2, "exit \(result.status): \(result.stderr)", sourceLocation: sourceLocation)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(lines.first.map { $0.hasPrefix("cardrender: error: " + expected) } == true,
                "\(result.stderr)", sourceLocation: sourceLocation)
    }

    @Test func errorsAreOneLineAtTheElementAndNothingIsWritten() throws {
        let game = try Self.example("svg-template-errors")
        defer { game.remove() }
        let svg = String(decoding: try Data(contentsOf: game.url("card.svg")), as: UTF8.self)

        // A placeholder naming no column.
        try game.write("typo.svg", svg.replacingOccurrences(of: "Costs {cost} gold", with: "Costs {cots} gold"))
        Self.expectOneLine(try game.cards(["--out", "typo"], template: "typo.svg"),
                           "typo.svg:82:22: row 1 (cards.csv:2), element #cost-line: no column \"cots\"")
        // A path from the data that leads outside the template's folder.
        try game.write("outside.csv", "title,art\nSneaky,../../etc/hosts.png\n")
        Self.expectOneLine(try game.cards(["--out", "outside"], template: "card.svg", data: "outside.csv"),
                           "card.svg:57:15: row 1 (outside.csv:2), element #art: `href` is \"../../etc/hosts.png\" from the data, "
                           + "which leads outside the template's folder")
        // Malformed XML: a tag closed by the wrong name.
        try game.write("broken.svg", svg.replacingOccurrences(of: "</flowRoot>", with: "</flowroot>"))
        Self.expectOneLine(try game.cards(["--out", "broken"], template: "broken.svg"), "broken.svg:78:68: the SVG is not well-formed XML: a closing tag that does not match the element it closes")
        #expect(try game.tree("typo").isEmpty && game.tree("outside").isEmpty && game.tree("broken").isEmpty)
    }
}

extension SVGTemplateCLITests {
    /// A back drawn in SVG is filled from each card's row: one back per distinct value of the
    /// columns its ids name.
    @Test func anSVGBackIsFilledFromEachRow() throws {
        let game = try Self.example("svg-template-backs")
        defer { game.remove() }
        try game.write("back.svg", """
        <svg xmlns="http://www.w3.org/2000/svg" width="63mm" height="88mm" viewBox="0 0 63 88">
          <rect id="frame" width="63" height="88" style="fill:#000000"/>
          <text id="label" x="31.5" y="44" style="font-size:6px;text-anchor:middle">{title}</text>
        </svg>
        """)
        CardsCLITests.expectSuccess(try game.cards(["--out", "out", "--back", "back.svg"], template: "card.svg"))
        let files = try game.tree("out")
        #expect(files.keys.sorted() == ["001.png", "002.png", "003.png", "back-1.png", "back-2.png", "back-3.png", "cards.json"])
        #expect(Set([files["back-1.png"], files["back-2.png"], files["back-3.png"]]).count == 3)
    }

    /// An image an SVG template embeds may be 7 MiB: as a `data:` URL it stays under what libxml2
    /// reads of one attribute for librsvg, and it is drawn. One byte more is refused in one line
    /// naming the row, before anything is drawn.
    @Test func anImageOfSevenMiBIsDrawnAndALargerOneIsRefusedNamingItsRow() throws {
        let game = CardsFixture(folder: try CLIRunner.temporaryDirectory("svg-template-image-bound"))
        defer { game.remove() }
        try game.write("card.svg", """
            <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10mm" height="10mm" viewBox="0 0 10 10">
            <image id="art" width="10" height="10" xlink:href=""/>
            </svg>
            """)
        // A red square, padded with a comment to exactly `bytes`.
        func paddedSVG(bytes: Int) -> Data {
            let head = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\"><rect width=\"10\" height=\"10\" fill=\"#ff0000\"/><!--"
            let tail = "--></svg>"
            return Data((head + String(repeating: "x", count: bytes - head.utf8.count - tail.utf8.count) + tail).utf8)
        }
        try game.write("art/fits.svg", paddedSVG(bytes: 7 << 20))
        try game.write("art/over.svg", paddedSVG(bytes: (7 << 20) + 1))
        try game.write("fits.csv", "art\nart/fits.svg\n")
        try game.write("over.csv", "art\nart/over.svg\n")
        let fits = try game.cards(["--out", "fits", "--dpi", "72"], template: "card.svg", data: "fits.csv")
        CardsCLITests.expectSuccess(fits)
        let card = try PNG.read(contentsOf: game.url("fits/001.png"))
        let centre = (card.height / 2 * card.width + card.width / 2) * 4
        #expect(Array(card.pixels[centre..<centre + 4]) == [255, 0, 0, 255])
        let over = try game.cards(["--out", "over"], template: "card.svg", data: "over.csv")
        #expect(over.status == 2, "\(over.stderr)")
        #expect(over.stderrLines == ["cardrender: error: card.svg:2:53: row 1 (over.csv:2), the image over.svg is 7340033 bytes, "
                                     + "more than the 7 MiB an image in an SVG template may have"])
        #expect(try game.tree("over").isEmpty)
    }

    /// An image the SVG template embeds is held to --max-pixels, raised or not: 41 MP is refused by
    /// default (one line naming the row) and drawn with the budget raised past it.
    @Test func anEmbeddedImageIsHeldToMaxPixelsAsGiven() throws {
        let game = CardsFixture(folder: try CLIRunner.temporaryDirectory("svg-template-max-pixels"))
        defer { game.remove() }
        try game.write("card.svg", """
            <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10mm" height="10mm" viewBox="0 0 10 10">
            <text id="title" x="1" y="3" font-size="2">x</text><image width="10" height="10" xlink:href="big.png"/>
            </svg>
            """)
        try game.write("big.png", try PNG.encode(RGBAImage(width: 6404, height: 6404, fill: (255, 0, 0, 255))))
        try game.write("cards.csv", "title\nA\n")
        let refused = try game.cards(["--out", "refused", "--dpi", "72"], template: "card.svg")
        #expect(refused.status == 2, "\(refused.stderr)")
        #expect(refused.stderrLines.count == 1 && refused.stderr.contains("row 1 (cards.csv:2)")
                && refused.stderr.contains("6404×6404 px (41.0 MP), over the limit of 40 MP"), "\(refused.stderr)")
        #expect(try game.tree("refused").isEmpty)
        CardsCLITests.expectSuccess(try game.cards(["--out", "drawn", "--dpi", "72", "--max-pixels", "42000000"], template: "card.svg"))
        let card = try PNG.read(contentsOf: game.url("drawn/001.png"))
        let centre = (card.height / 2 * card.width + card.width / 2) * 4
        #expect(Array(card.pixels[centre..<centre + 4]) == [255, 0, 0, 255])
    }
}
