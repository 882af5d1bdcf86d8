import CardTemplates
import Drawing
import Foundation
import SpecFiles
import Testing

@Suite struct SubstitutionTests {
    @Test func aMissingColumnNamesRowDataLineLayerAndTemplateLocation() throws {
        let files = try Fixtures()
        let template = try files.template("game.yaml", """
            layers:
              - {type: rect}
              - type: text
                text: "{titel}"
            """)
        let data = try files.data("cards.csv", "id,title\n1,A\n")
        #expect(specError { _ = try template.cards(from: data) }
            == "game.yaml:4:11: row 1 (cards.csv:2), layer 2 (text): no column \"titel\"; did you mean \"title\"?")
    }

    @Test func textEscapesValuesUnlessMarkupIsAsked() throws {
        let files = try Fixtures()
        let template = try files.template("t.yaml", """
            layers:
              - {type: text, text: "{name} / {name:markup} {{x}}"}
            data:
              - {name: "<b>A & B</b>"}
            """)
        guard case let .text(text) = try template.cards(from: nil)[0].layers[0].content else { Issue.record("not text"); return }
        #expect(text.markup == "&lt;b&gt;A &amp; B&lt;/b&gt; / <b>A &amp; B</b> {x}")
    }

    /// A lone `&` in a text layer is an ampersand, whether the template or a `{column:markup}`
    /// value writes it; entities Pango knows are kept, and data is escaped as before.
    @Test func aLoneAmpersandInTextIsAnAmpersand() throws {
        let files = try Fixtures()
        let template = try files.template("t.yaml", """
            layers:
              - {type: text, text: "Salt & {title} &amp; &lt;b&gt; &#65;&#x42; &nbsp; R&D &"}
              - {type: text, text: "<b>{rules:markup}</b>"}
              - {type: text, text: "Fish & chips"}
            """)
        let data = try files.data("d.csv", "title,rules\nPepper & Co,Pay 2 & draw &amp; <i>go</i>\n")
        let card = try template.cards(from: data)[0]
        let markups = card.layers.compactMap { layer -> String? in
            if case let .text(text) = layer.content { return text.markup }
            return nil
        }
        #expect(markups == ["Salt &amp; Pepper &amp; Co &amp; &lt;b&gt; &#65;&#x42; &amp;nbsp; R&amp;D &amp;",
                            "<b>Pay 2 &amp; draw &amp; <i>go</i></b>", "Fish &amp; chips"])
        let renderer = try TemplateRenderer(template: template, cards: [card])
        #expect(try renderer.checkText(of: [card]).isEmpty)
    }

    @Test func valuesAreSubstitutedBeforeTheyAreParsed() throws {
        let files = try Fixtures()
        let template = try files.template("t.yaml", """
            card: {background: "{bg}"}
            layers:
              - {type: rect, x: "{pos}", y: 0, width: 10, height: 10, fill: "{color}"}
              - {type: ellipse, visible: "{shown}"}
              - {type: playing-card, card: "{card}", x: 0}
            """)
        let data = try files.data("d.csv", "bg,pos,color,shown,card\n#000,5mm,red,yes,AS\nwhite,1in,#00f,0,back\n")
        let cards = try template.cards(from: data)
        #expect(cards[0].background == .color(.black))
        #expect(cards[0].layers.map(\.index) == [0, 1, 2])
        #expect(cards[0].layers[0].box.minX == 72 / 25.4 * 5)
        #expect(cards[1].layers.map(\.index) == [0, 2])
        #expect(cards[1].layers[0].content == .rect(cornerRadii: .zero, style: ShapeStyle(fill: .color(.blue), stroke: nil)))
        #expect(cards[1].layers[1].content == .playingCard(PlayingCardLayer(part: .whole, side: .back, theme: .classic)))
    }

    @Test func aParseErrorAfterSubstitutionNamesRowAndLayer() throws {
        let files = try Fixtures()
        let template = try files.template("t.yaml", "layers:\n  - {type: rect, fill: \"{color}\"}\n")
        let data = try files.data("d.csv", "color\nred\nredd\n")
        #expect(specError { _ = try template.cards(from: data) }
            == "t.yaml:2:24: row 2 (d.csv:3), layer 1 (rect): `fill` must be a colour (#rgb, #rrggbb, #rrggbbaa or a CSS name), "
            + "got \"redd\"; did you mean \"red\"?")
        let card = try files.template("c.yaml", "layers:\n  - {type: pips, card: \"{card}\"}\n")
        #expect(specError { _ = try card.cards(from: try files.data("k.csv", "card\nZZ\n")) }?
            .hasPrefix("c.yaml:2:24: row 1 (k.csv:2), layer 1 (pips): unknown card \"ZZ\"") == true)
        let missing = try files.template("m.yaml", "layers:\n  - {type: image, src: \"art/{art}.png\"}\n")
        #expect(specError { _ = try missing.cards(from: try files.data("a.csv", "art\nhero\n")) }
            == "m.yaml:2:24: row 1 (a.csv:2), layer 1 (image): the image art/hero.png does not exist")
    }

    /// The row first, then the layer, whether the value is read (resolver), filled (placeholder),
    /// the background, or the file it names is loaded (renderer); with no data too.
    @Test func contextIsRowThenLayerEverywhere() throws {
        let files = try Fixtures()
        try files.write("art/text.png", "not an image")
        let template = try files.template("t.yaml", """
            card: {background: "{bg}"}
            layers:
              - {type: rect, fill: "{color}"}
              - {type: image, src: "art/{art}.png"}
            """)
        let data = try files.data("d.csv", "bg,color,art\nwhite,redd,text\nwhite,red,text\nblak,red,text\n")
        #expect(specError { _ = try template.cards(from: data) }?.hasPrefix("t.yaml:3:24: row 1 (d.csv:2), layer 1 (rect): ") == true)
        let rows = try files.data("e.csv", "bg,color,art\nwhite,red,text\n")
        let cards = try template.cards(from: rows)
        #expect(specError { _ = try TemplateRenderer(template: template, cards: cards) }?
            .hasPrefix("t.yaml:4:5: row 1 (e.csv:2), layer 2 (image): ") == true)
        #expect(specError { _ = try template.cards(from: try files.data("f.csv", "bg,color,art\nblak,red,text\n")) }?
            .hasPrefix("t.yaml:1:20: row 1 (f.csv:2), card.background: ") == true)
        let noData = try files.template("n.yaml", "layers:\n  - {type: image, src: art/text.png}\n")
        #expect(specError { _ = try TemplateRenderer(template: noData, cards: try noData.cards(from: nil)) }?
            .hasPrefix("n.yaml:2:5: the card (no data), layer 1 (image): ") == true)
    }

    /// A column named with a `:` is written as named; `:markup` still applies after it, and an
    /// option on a column that exists is still refused.
    @Test func columnsWhoseNamesHoldAColon() throws {
        let files = try Fixtures()
        let template = try files.template("t.yaml", """
            card: {name: "{set:id}"}
            layers:
              - {type: text, text: "{rules:en} / {rules:en:markup} / {name}"}
            """)
        let data = try files.data("d.csv", "set:id,rules:en,name\nA-1,<b>Go</b>,Jo\n")
        let card = try #require(try template.cards(from: data).first)
        #expect(card.fileStem == "A-1")
        guard case let .text(text) = card.layers[0].content else { Issue.record("not text"); return }
        #expect(text.markup == "&lt;b&gt;Go&lt;/b&gt; / <b>Go</b> / Jo")
        let option = try files.template("o.yaml", "layers:\n  - {type: text, text: \"{name:bold}\"}\n")
        #expect(specError { _ = try option.cards(from: data) }
            == "o.yaml:2:24: layer 1 (text): unknown placeholder option \"bold\" in \"{name:bold}\"; only `{column:markup}` is known")
        let missing = try files.template("m.yaml", "layers:\n  - {type: text, text: \"{rules:fr}\"}\n")
        #expect(specError { _ = try missing.cards(from: data) }?
            .hasPrefix("m.yaml:2:24: row 1 (d.csv:2), layer 1 (text): no column \"rules:fr\"") == true)
    }

    @Test func anUnclosedBraceIsRefused() throws {
        let files = try Fixtures()
        let template = try files.template("t.yaml", "layers:\n  - {type: text, text: \"{oops\"}\n")
        #expect(specError { _ = try template.cards(from: nil) }
            == "t.yaml:2:24: layer 1 (text): a `{` is not closed; write `{{` for a literal brace")
    }

    @Test func fileStemsAreSafeAndUnique() throws {
        let files = try Fixtures()
        let template = try files.template("t.yaml", "card: {name: \"{id}-{title}\"}\n")
        let data = try files.data("d.csv", "id,title\n1,Fire Ball\n1,Fire/Ball\n1,fire ball\n2,../..\n3,Œuvre: été?\n")
        #expect(try template.cards(from: data).map(\.fileStem) == ["1-Fire-Ball", "1-Fire-Ball-2", "1-fire-ball-3", "2", "3-Œuvre-été"])
        let plain = try files.template("p.yaml", "layers: []\n")
        #expect(try plain.cards(from: try files.data("e.csv", "id\na\nb\n")).map(\.fileStem) == ["001", "002"])
    }
}
