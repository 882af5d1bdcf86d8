import Drawing
import Foundation
import GoldenImageTesting
import Testing

/// Outlined text, per-corner radii and layers placed against other layers, through the binary:
/// each drawn into PNG goldens (re-recorded with `CARDRENDER_RECORD=all swift test --filter
/// TemplateLayerCLITests`; look at the pictures before committing), and the template mistakes
/// each one line at the template's place, exit 2.
@Suite struct TemplateLayerCLITests {
    static let outlineTemplate = """
        card: {size: 180x120pt, background: "#35608f", corner-radius: 0}
        layers:
          - {type: text, x: 0, y: 14, width: 100%, height: 40, text: "{title}", font: DejaVu Sans Bold 26, color: "#ffd34d",
             align: center, stroke: {color: "#1a1a1a", width: 4pt}}
          - {type: text, x: 0, y: 62, width: 100%, height: 40, text: "{title}", font: DejaVu Sans Bold 26, color: "#ffd34d",
             align: center}
        """

    @Test func outlinedTitleInPNGSVGAndPDF() throws {
        let game = try CardsFixture.make("outlined-title", template: Self.outlineTemplate, csv: "title\nDragon\n")
        defer { game.remove() }
        CardsCLITests.expectSuccess(try game.cards(["--dpi", "144", "--format", "png,svg,pdf", "--out", "out"]))
        assertGolden(of: try PNG.read(contentsOf: game.url("out/001.png")), as: .image, named: "outlined-title")
        let svg = String(decoding: try Data(contentsOf: game.url("out/001.svg")), as: UTF8.self)
        #expect(svg.contains("stroke-width:4") && svg.contains("stroke:rgb(10.196078%,10.196078%,10.196078%)"),
                "\(svg.prefix(1500))")
        #expect(try Data(contentsOf: game.url("out/001.pdf")).starts(with: Data("%PDF".utf8)))
    }

    @Test func aTooWideOutlineIsOneLineAtTheTemplate() throws {
        let template = Self.outlineTemplate.replacingOccurrences(of: "width: 4pt", with: "width: 2in")
        let game = try CardsFixture.make("outline-too-wide", template: template, csv: "title\nDragon\n")
        defer { game.remove() }
        let result = try game.cards(["--out", "out"])
        #expect(result.status == 2)
        #expect(result.stderr == "cardrender: error: template.yaml:4:55: row 1 (cards.csv:2), layer 1 (text): "
                + "the text's stroke `width` must be a length from 0 to 72pt, got \"2in\"\n")
        #expect(try game.tree("out").isEmpty)
    }

    @Test func cornersRoundedOneByOne() throws {
        let game = try CardsFixture.make("corner-radii", template: """
            card: {size: 180x120pt, background: "#f4efe4", corner-radius: 0}
            layers:
              - {type: rect, x: 10, y: 10, width: 75, height: 45, radius: {top-left: 16, bottom-right: 16}, fill: "#2f6f4f"}
              - {type: rect, x: 95, y: 10, width: 75, height: 45, radius: [0, 22, 0, 8], fill: "#8f3535", stroke: "#111",
                 stroke-width: 2}
              - {type: rect, x: 10, y: 65, width: 75, height: 45, radius: "{radii}", fill: "#35608f"}
              - {type: rect, x: 95, y: 65, width: 75, height: 45, radius: {top-left: 60, top-right: 60}, fill: "#6f4f8f"}
            """, csv: "radii\n20 0\n")
        defer { game.remove() }
        CardsCLITests.expectSuccess(try game.cards(["--dpi", "144", "--out", "out"]))
        assertGolden(of: try PNG.read(contentsOf: game.url("out/001.png")), as: .image, named: "corner-radii")
    }

    static let anchorTemplate = """
        card: {size: 180x252pt, background: "#fbf6ea"}
        layers:
          - {type: text, name: title, x: 12, y: 12, width: 156, height: 24, text: "{title}", font: DejaVu Sans Bold 14}
          - {type: ellipse, name: badge, right-of: title, gap: 4pt, y: 14, width: 16, height: 16, fill: "#c0392b"}
          - {type: text, name: rules, x: 12, y: 120, width: 156, height: 90, text: "{rules}", font: DejaVu Sans 9}
          - {type: line, below: rules, gap: 3pt, from: [12, 0], to: [168, 0], stroke: "#8a7a5a", stroke-width: 0.5pt}
          - {type: text, name: flavour, below: rules, gap: 6pt, x: 12, width: 156, height: 30, text: "{flavour}",
             font: DejaVu Serif Italic 8, color: "#5a4a2a"}
        """

    static let anchorRows = """
        title,rules,flavour
        Ox,Draw a card.,The ox does not hurry.
        Fire Drake,"Deal 2 damage.
        Then deal 1 more.
        Discard a card.",Old words in a new fire.
        Mountain Giant,"One.
        Two.
        Three.
        Four.
        Five.
        Six.",Slow and certain.

        """

    @Test func flavourUnderRulesAndABadgeBesideTheTitle() throws {
        let game = try CardsFixture.make("anchors", template: Self.anchorTemplate, csv: Self.anchorRows)
        defer { game.remove() }
        CardsCLITests.expectSuccess(try game.cards(["--dpi", "100", "--out", "out"]))
        for (stem, name) in [("001", "anchors-rules-1-line"), ("002", "anchors-rules-3-lines"), ("003", "anchors-rules-6-lines")] {
            assertGolden(of: try PNG.read(contentsOf: game.url("out/\(stem).png")), as: .image, named: name)
        }
    }

    @Test func anAnchorCycleIsOneLineAtTheTemplate() throws {
        let template = Self.anchorTemplate.replacingOccurrences(of: "name: rules, x: 12, y: 120",
                                                                with: "name: rules, below: flavour, x: 12")
        let game = try CardsFixture.make("anchor-cycle", template: template, csv: Self.anchorRows)
        defer { game.remove() }
        let result = try game.cards(["--out", "out"])
        #expect(result.status == 2)
        #expect(result.stderr == "cardrender: error: template.yaml:7:40: layers are placed against each other in a cycle: "
                + "rules (layer 3) → flavour (layer 5) → rules (layer 3)\n")
        #expect(try game.tree("out").isEmpty)
    }

    @Test func anUnknownLayerNameIsOneLineAtTheTemplate() throws {
        let template = Self.anchorTemplate.replacingOccurrences(of: "right-of: title", with: "right-of: titel")
        let game = try CardsFixture.make("anchor-unknown", template: template, csv: Self.anchorRows)
        defer { game.remove() }
        let result = try game.cards(["--out", "out"])
        #expect(result.status == 2)
        #expect(result.stderr == "cardrender: error: template.yaml:4:44: layer 2 (ellipse): unknown layer name \"titel\"; "
                + "did you mean \"title\"?\n")
        #expect(try game.tree("out").isEmpty)
    }
}
