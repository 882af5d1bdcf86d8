import CardTemplates
import Drawing
import Foundation
import SpecFiles
import Testing

/// SVG templates: a card drawn in Inkscape whose elements are filled by `id` from each row.
/// The example in docs/examples/svg-template is read as a user would; the hostile cases are
/// small SVGs written here.
@Suite struct SVGTemplateTests {
    static var example: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/examples/svg-template")
    }

    static func exampleCards() throws -> [TemplateCard] {
        let template = try CardTemplate.load(contentsOf: example.appendingPathComponent("card.svg"), displayName: "card.svg")
        let data = try CardData.load(contentsOf: example.appendingPathComponent("cards.csv"), displayName: "cards.csv")
        return try template.cards(from: data)
    }

    static func texts(_ card: TemplateCard) -> [String] {
        card.layers.compactMap { layer in
            if case let .text(text) = layer.content { return text.markup }
            return nil
        }
    }

    /// A template whose root and body are given, with the Inkscape namespaces declared.
    static func svg(_ body: String, size: String = "width=\"63mm\" height=\"88mm\" viewBox=\"0 0 63 88\"") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <svg \(size) xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"
             xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd"
             xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape">
        \(body)
        </svg>
        """
    }

    static func load(_ text: String, files: Fixtures = try! Fixtures()) throws -> CardTemplate {
        try files.template("card.svg", text)
    }

    @Test func theCardsSizeIsTheSVGsAndItsCornersAreSquare() throws {
        let template = try CardTemplate.load(contentsOf: Self.example.appendingPathComponent("card.svg"), displayName: "card.svg")
        #expect(abs(template.size.width - 63 * 72 / 25.4) < 0.001)
        #expect(abs(template.size.height - 88 * 72 / 25.4) < 0.001)
        #expect(template.cornerRadius == 0)
        #expect(template.svg != nil)
        #expect(template.sourceFiles.map(\.lastPathComponent) == ["card.svg", "sun.svg"])
        let inches = try Self.load(Self.svg("", size: "width=\"2.5in\" height=\"3.5in\""))
        #expect(inches.size == CGSize(width: 180, height: 252))
        let pixels = try Self.load(Self.svg("", size: "width=\"240\" height=\"336px\""))
        #expect(pixels.size == CGSize(width: 180, height: 252))
    }

    @Test func eachRowFillsTheElementsWhoseIDIsAColumn() throws {
        let cards = try Self.exampleCards()
        #expect(cards.map(\.fileStem) == ["001", "002", "003"])
        // The drawing first, then the texts in the order of the SVG.
        #expect(Self.texts(cards[0]) == ["Dawn", "Draw a card. At dawn every player draws one more, so the table wakes up together.",
                                         "Costs 2 gold"])
        #expect(Self.texts(cards[1]) == ["Night Watch", "Look at the top card of the deck.", "Costs 1 gold"])
        // An empty cell hides its element: the third card has no rules.
        #expect(Self.texts(cards[2]) == ["Ember", "Costs 3 gold"])
        guard case let .vector(_, files) = cards[1].layers[0].content else { Issue.record("the drawing is not the first layer"); return }
        // The images it embeds, the SVG's own and the row's, so a change to either is seen.
        #expect(files.map(\.lastPathComponent) == ["sun.svg", "moon.svg"])
        #expect(cards.allSatisfy { $0.layers[0].box == CGRect(origin: .zero, size: CGSize(width: 63 * 72 / 25.4, height: 88 * 72 / 25.4)) })
    }

    @Test func aTextTakesItsBoxFontAndAlignmentFromTheSVG() throws {
        let cards = try Self.exampleCards()
        let texts = cards[0].layers.compactMap { layer -> (CGRect, TextLayer)? in
            if case let .text(text) = layer.content { return (layer.box, text) }
            return nil
        }
        let mm = 72 / 25.4
        // The title is a point text anchored in the middle: centred on x, one line.
        #expect(texts[0].1.font == "DejaVu Serif Bold \(String(format: "%g", (5.6 * mm * 100).rounded() / 100))")
        #expect(texts[0].1.alignment == .center && texts[0].1.wrap == .none)
        #expect(abs(texts[0].0.midX - 31.5 * mm) < 0.001)
        #expect(texts[0].1.color == Color(rgb: 0x3D405B))
        // The rules flow in their flowRegion's rectangle, wrapped at words.
        #expect(abs(texts[1].0.minX - 6.5 * mm) < 0.001 && abs(texts[1].0.minY - 47 * mm) < 0.001)
        #expect(abs(texts[1].0.width - 50 * mm) < 0.001 && abs(texts[1].0.height - 20 * mm) < 0.001)
        #expect(texts[1].1.wrap == .word && texts[1].1.lineSpacing == 1)
        // The cost line flows into the rectangle its shape-inside names.
        #expect(abs(texts[2].0.minY - 66 * mm) < 0.001 && abs(texts[2].0.width - 38 * mm) < 0.001)
        #expect(texts[2].1.font.hasPrefix("DejaVu Sans Italic"))
    }

    @Test func dataTextIsEscapedForTheTextEngine() throws {
        let files = try Fixtures()
        let template = try Self.load(Self.svg("<flowRoot id=\"name\"><flowRegion><rect width=\"40\" height=\"10\"/></flowRegion>"
                                              + "<flowPara>x</flowPara></flowRoot>"), files: files)
        let data = try files.data("cards.csv", "name\n\"<b>Salt & Pepper</b>\"\n")
        let cards = try template.cards(from: data)
        #expect(Self.texts(cards[0]) == ["&lt;b&gt;Salt &amp; Pepper&lt;/b&gt;"])
    }

    @Test func placeholdersFillEachLineAndIndentationIsNotText() throws {
        let files = try Fixtures()
        let template = try Self.load(Self.svg("""
        <flowRoot id="stats">
          <flowRegion><rect width="40" height="20"/></flowRegion>
          <flowPara>Attack {attack}</flowPara>
          <flowPara>Defence {defence}</flowPara>
        </flowRoot>
        """), files: files)
        let cards = try template.cards(from: files.data("cards.csv", "attack,defence\n3,4\n"))
        #expect(Self.texts(cards[0]) == ["Attack 3\nDefence 4"])
    }

    @Test func aPlaceholderNamingNoColumnIsOneLineAtTheElement() throws {
        let files = try Fixtures()
        let template = try Self.load(Self.svg("<text id=\"label\" x=\"5\" y=\"10\">Cost {cots}</text>"), files: files)
        let data = try files.data("cards.csv", "cost\n2\n")
        let message = specError { _ = try template.cards(from: data) }
        #expect(message == "card.svg:5:30: row 1 (cards.csv:2), element #label: no column \"cots\"; did you mean \"cost\"?")
    }

    @Test func anImageFromDataStaysInsideTheTemplatesFolder() throws {
        let files = try Fixtures()
        let png = try PNG.encode(RGBAImage(width: 2, height: 2, fill: (220, 30, 30, 255)))
        try files.write("game/art/hero.png", png)
        try files.write("secret.png", png)
        let template = try CardTemplate.load(
            contentsOf: files.write("game/card.svg", Self.svg("<image id=\"art\" width=\"10\" height=\"10\" xlink:href=\"\"/>")),
            displayName: "card.svg")
        for value in ["../secret.png", "../missing.png", "/etc/passwd.png"] {
            let data = try CardData.parse(Data("art\n\(value)\n".utf8), format: .csv, file: "cards.csv")
            let message = specError { _ = try template.cards(from: data) }
            #expect(message == "card.svg:5:53: row 1 (cards.csv:2), element #art: `href` is \"\(value)\" from the data, which leads "
                    + "outside the template's folder; data may name only files inside it (or in a folder given with --allow-dir)")
        }
        let inside = try CardData.parse(Data("art\nart/hero.png\n".utf8), format: .csv, file: "cards.csv")
        #expect(try template.cards(from: inside).count == 1)
    }

    @Test func aShapesFillAndAGroupsVisibilityComeFromTheRow() throws {
        let files = try Fixtures()
        let template = try Self.load(Self.svg("""
        <rect id="gem" width="10" height="10" style="fill:#000000;stroke:none"/>
        <g id="rare" style="display:none"><circle r="3" cx="5" cy="5"/></g>
        """), files: files)
        let data = try files.data("cards.csv", "gem,rare\n#ff0000,yes\nblue,no\nnot-a-colour,yes\n")
        let message = specError { _ = try template.cards(from: data) }
        #expect(message == "card.svg:5:71: row 3 (cards.csv:4), element #gem: `fill` must be a colour (#rgb, #rrggbb, #rrggbbaa "
                + "or a CSS name), got \"not-a-colour\"")
        let good = try files.data("good.csv", "gem,rare\n#ff0000,yes\nblue,no\n")
        let cards = try template.cards(from: good)
        #expect(cards.count == 2 && cards[0].layers != cards[1].layers)
    }

    @Test func malformedXMLIsOneLineWithItsPosition() throws {
        let message = specError { _ = try Self.load(Self.svg("<g id=\"a\"><rect id=\"b\"></g>")) }
        #expect(message?.hasPrefix("card.svg:5:") == true, "\(message ?? "")")
        #expect(message?.contains("is not well-formed XML") == true, "\(message ?? "")")
        #expect(message?.contains("\n") == false)
    }

    @Test func anUndeclaredPrefixIsSaidAtItsPosition() throws {
        let undeclared = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"1in\" height=\"1in\">\n  <image xlink:href=\"a.png\"/>\n</svg>"
        #expect(specError { _ = try Self.load(undeclared) } == "card.svg:2:28: the SVG is not well-formed XML: a prefix (such as "
                + "xlink:) whose namespace the file does not declare")
    }

    @Test func entitiesAndDocumentTypesAreRefusedBeforeParsing() throws {
        let bomb = """
        <?xml version="1.0"?>
        <!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>
        <svg width="10mm" height="10mm" xmlns="http://www.w3.org/2000/svg"><text id="t">&b;</text></svg>
        """
        #expect(specError { _ = try Self.load(bomb) } == "card.svg:2:1: the SVG declares a document type or entities, which an "
                + "SVG template may not; save it as Inkscape SVG or plain SVG")
        let external = """
        <?xml version="1.0"?>
        <!ENTITY x SYSTEM "file:///etc/passwd">
        <svg width="10mm" height="10mm" xmlns="http://www.w3.org/2000/svg"/>
        """
        #expect(specError { _ = try Self.load(external) }?.hasPrefix("card.svg:2:1: the SVG declares") == true)
    }

    @Test func theSizeMustBeAnAbsoluteLength() throws {
        #expect(specError { _ = try Self.load(Self.svg("", size: "viewBox=\"0 0 63 88\"")) }
                == "card.svg:4:66: the <svg> element has no `width`; give it a width and height with a unit (mm, in, px or pt): "
                + "they are the card's size")
        #expect(specError { _ = try Self.load(Self.svg("", size: "width=\"100%\" height=\"100%\"")) }
                == "card.svg:4:66: the <svg> element's `width` is \"100%\"; the card's size needs a length in mm, cm, in, px or pt "
                + "up to 7200pt, not a percentage")
    }

    @Test func elementsAndNestingAreBounded() throws {
        let many = Self.svg(String(repeating: "<g/>", count: 100_001))
        #expect(specError { _ = try Self.load(many) } == "card.svg: the SVG has about 100002 elements, more than the 100000 "
                + "an SVG template may have")
        let deep = Self.svg(String(repeating: "<g>", count: 300) + String(repeating: "</g>", count: 300))
        let message = specError { _ = try Self.load(deep) }
        #expect(message?.hasSuffix("the SVG has elements nested more than 200 deep") == true, "\(message ?? "")")
    }

    @Test func aRotatedTextIsRefusedOnlyWhenARowFillsIt() throws {
        let files = try Fixtures()
        let template = try Self.load(Self.svg("<g transform=\"rotate(30)\"><text id=\"title\" x=\"5\" y=\"10\">x</text></g>"),
                                     files: files)
        // Drawn as the SVG has it while no column names it.
        #expect(try template.cards(from: files.data("other.csv", "cost\n1\n")).count == 1)
        let message = specError { _ = try template.cards(from: files.data("cards.csv", "title\nHello\n")) }
        #expect(message == "card.svg:5:56: row 1 (cards.csv:2), element #title is rotated or skewed, and a text filled from "
                + "data may only be moved and scaled")
    }
}
