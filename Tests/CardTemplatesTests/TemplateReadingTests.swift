import CardTemplates
import Drawing
import Foundation
import PlayingCards
import PrintLayout
import SpecFiles
import Testing

@Suite struct TemplateReadingTests {
    @Test func decodesEveryLayerType() throws {
        let files = try Fixtures()
        try files.write("art/hero.png", Data([0x89, 0x50, 0x4E, 0x47]))
        let template = try files.template("all.yaml", """
            card:
              size: 2.5x3.5in
              corner-radius: 3mm
              background: "#fffdf5"
            layers:
              - {type: rect, x: 10, y: 20, width: 100, height: 50, radius: 5, fill: red, stroke: "#000", stroke-width: 2pt,
                 opacity: 0.5, rotate: 90}
              - {type: ellipse, x: 0, y: 0, width: 50%, height: 50%, fill: none, stroke: blue}
              - {type: polygon, x: 0, y: 0, width: 100, height: 100, points: [[50%, 0%], [100%, 100%], [0%, 100%]]}
              - {type: polygon, x: 0, y: 0, width: 100, height: 100, sides: 4}
              - {type: line, from: [0, 1in], to: [100%, 1in]}
              - {type: image, src: "art/hero.png", fit: cover, clip: rounded-rect, radius: 2pt}
              - type: text
                text: "<b>Hi</b>"
                font: DejaVu Serif Bold 14
                color: "#222"
                align: center
                valign: middle
                wrap: char
                line-spacing: 1.1
                ellipsis: end
                fit: {min-size: 7}
              - {type: playing-card, card: QH, theme: four-color}
              - {type: pips, card: 10S}
              - {type: corners, card: red-joker}
              - {type: suit, suit: hearts}
            """)
        let cards = try template.cards(from: nil)
        let card = try #require(cards.first)
        #expect(cards.count == 1)
        #expect(card.fileStem == "001")
        #expect(card.background == .color(try Color(hex: "#fffdf5")))
        #expect(template.cornerRadius == 72 / 25.4 * 3)
        let layers = card.layers
        #expect(layers.count == 11)
        #expect(layers[0].index == 0)
        #expect(layers[0].box == CGRect(x: 10, y: 20, width: 100, height: 50))
        #expect(layers[0].opacity == 0.5)
        #expect(abs(layers[0].rotation - .pi / 2) < 1e-12)
        #expect(layers[0].content == .rect(cornerRadii: CornerRadii(all: 5), style: ShapeStyle(fill: .color(.red),
                                                                              stroke: Stroke(color: .black, width: 2))))
        #expect(layers[1].content == .ellipse(style: ShapeStyle(fill: nil, stroke: Stroke(color: .blue, width: 1))))
        #expect(layers[1].box == CGRect(x: 0, y: 0, width: 90, height: 126))
        #expect(layers[2].content == .polygon(points: [CGPoint(x: 50, y: 0), CGPoint(x: 100, y: 100), CGPoint(x: 0, y: 100)],
                                              style: ShapeStyle(fill: .color(.black), stroke: nil)))
        guard case let .polygon(square, _) = layers[3].content else { Issue.record("not a polygon"); return }
        #expect(square.count == 4)
        #expect(abs(square[0].x - 50) < 1e-9 && abs(square[0].y) < 1e-9)
        #expect(layers[4].content == .line(from: CGPoint(x: 0, y: 72), to: CGPoint(x: 180, y: 72),
                                           stroke: Stroke(color: .black, width: 1)))
        #expect(layers[5].content == .image(ImageLayer(url: files.folder.appendingPathComponent("art/hero.png").standardizedFileURL,
                                                       fit: .cover, clip: .roundedRect, cornerRadius: 2)))
        #expect(layers[6].content == .text(TextLayer(markup: "<b>Hi</b>", font: "DejaVu Serif Bold 14",
                                                     color: try Color(hex: "#222"), alignment: .center,
                                                     verticalAlignment: .middle, wrap: .character, ellipsis: .end,
                                                     lineSpacing: 1.1, minimumFontSize: 7)))
        #expect(layers[7].content == .playingCard(PlayingCardLayer(part: .whole, side: .card(.queen, of: .hearts),
                                                                   theme: .fourColor)))
        #expect(layers[8].content == .playingCard(PlayingCardLayer(part: .pips, side: .card(.ten, of: .spades), theme: .classic)))
        #expect(layers[9].content == .playingCard(PlayingCardLayer(part: .corners, side: .joker(.red), theme: .classic)))
        #expect(layers[10].content == .suit(.hearts, style: ShapeStyle(fill: .color(CardTheme.classic.hearts), stroke: nil)))
    }

    @Test func aLayerWithNoPositionCoversTheCardAndItsBleed() throws {
        let files = try Fixtures()
        let template = try files.template("bleed.yaml", """
            card: {size: poker, bleed: 0.125in}
            layers:
              - {type: rect, fill: {linear: {from: [0%, 0%], to: [0%, 100%]}, stops: ["#fff", [0.5, "#888"], "#000"]}}
            """)
        let layer = try #require(try template.cards(from: nil).first?.layers.first)
        #expect(layer.box == CGRect(x: -9, y: -9, width: 198, height: 270))
        let gradient = Gradient(.linear(from: CGPoint(x: 0, y: 0), to: CGPoint(x: 0, y: 252)),
                                stops: [Gradient.Stop(location: 0, color: .white), Gradient.Stop(location: 0.5, color: try Color(hex: "#888")),
                                        Gradient.Stop(location: 1, color: .black)])
        #expect(layer.content == .rect(cornerRadii: .zero, style: ShapeStyle(fill: .gradient(gradient), stroke: nil)))
    }

    @Test func lengthsInEveryUnit() throws {
        let files = try Fixtures()
        let template = try files.template("units.yaml", """
            card: {size: 63x88mm, dpi: 144}
            layers:
              - {type: rect, x: 25.4mm, y: 1in, width: 72pt, height: 144px}
              - {type: rect, x: 10%, y: 50%, width: 2.54cm, height: 10}
            """)
        #expect(abs(template.size.width - 63 * 72 / 25.4) < 1e-9)
        let layers = try template.cards(from: nil)[0].layers
        #expect(layers[0].box == CGRect(x: 72, y: 72, width: 72, height: 72))
        #expect(abs(layers[1].box.minX - template.size.width / 10) < 1e-9)
        #expect(abs(layers[1].box.minY - template.size.height / 2) < 1e-9)
        #expect(abs(layers[1].box.width - 72) < 1e-9)
        #expect(layers[1].box.height == 10)
    }

    @Test func unknownLayerTypeIsLocatedWithASuggestion() throws {
        let files = try Fixtures()
        let message = specError {
            _ = try files.template("bad.yaml", "layers:\n  - type: rectt\n    fill: red\n")
        }
        #expect(message == "bad.yaml:2:11: unknown layer type \"rectt\"; did you mean \"rect\"?")
    }

    @Test func unknownKeyIsLocatedWithASuggestion() throws {
        let files = try Fixtures()
        #expect(specError { _ = try files.template("bad.yaml", "layers:\n  - type: text\n    txet: hi\n") }
            == "bad.yaml:3:5: unknown key \"txet\"; did you mean \"text\"?")
        #expect(specError { _ = try files.template("top.yaml", "layer: []\n") }
            == "top.yaml:1:1: unknown key \"layer\"; did you mean \"layers\"?")
        #expect(specError { _ = try files.template("card.yaml", "card:\n  szie: poker\n") }
            == "card.yaml:2:3: unknown key \"szie\"; did you mean \"size\"?")
        #expect(specError { _ = try files.template("other.yaml", "layers:\n  - {type: text, sides: 3}\n") }
            == "other.yaml:2:18: `sides` is not a key of a text layer (only of polygon)")
    }

    @Test func wrongValueTypesAreLocated() throws {
        let files = try Fixtures()
        let template = try files.template("types.yaml", "layers:\n  - type: rect\n    opacity: [1, 2]\n")
        #expect(specError { _ = try template.cards(from: nil) }
            == "types.yaml:3:14: the card (no data), layer 1 (rect): `opacity` must be a single value, not a list")
        #expect(specError { _ = try files.template("layers.yaml", "layers: {type: rect}\n") }
            == "layers.yaml:1:9: `layers` must be a list of layers")
    }

    @Test func extendsAnotherTemplateFile() throws {
        let files = try Fixtures()
        try files.write("fonts/Extra.ttf", "not really a font")
        try files.write("base/base.yaml", """
            card: {size: bridge, bleed: 3mm}
            fonts: [../fonts/Extra.ttf]
            layouts:
              box: {x: 10, y: 10, width: 100, height: 20}
            layers:
              - {type: rect, layout: box}
            """)
        let child = try files.template("child.yaml", """
            extends: base/base.yaml
            card: {background: navy}
            layouts:
              title: {extends: box, y: "+= 5", height: "-= 4"}
            layers:
              - {type: rect, layout: title}
              - {type: rect, layout: box, x: "+= 1mm"}
            """)
        #expect(child.size == CGSize(width: 162, height: 252))
        #expect(abs(child.bleed - 72 / 25.4 * 3) < 1e-9)
        #expect(child.fontFiles == [files.folder.appendingPathComponent("fonts/Extra.ttf").standardizedFileURL])
        let card = try child.cards(from: nil)[0]
        #expect(card.background == .color(try Color(hex: "#000080")))
        #expect(card.layers.map(\.box) == [CGRect(x: 10, y: 15, width: 100, height: 16),
                                           CGRect(x: 10 + 72 / 25.4, y: 10, width: 100, height: 20)])
        // A template giving no layers keeps its base's.
        let bare = try files.template("bare.yaml", "extends: base/base.yaml\n")
        #expect(try bare.cards(from: nil)[0].layers.map(\.box) == [CGRect(x: 10, y: 10, width: 100, height: 20)])
    }

    @Test func extendsCyclesAndMissingFilesAreRefused() throws {
        let files = try Fixtures()
        try files.write("a.yaml", "extends: b.yaml\n")
        try files.write("b.yaml", "extends: a.yaml\n")
        #expect(specError { _ = try CardTemplate.load(contentsOf: files.folder.appendingPathComponent("a.yaml"), displayName: "a.yaml") }
            == "b.yaml:1:10: templates extend each other in a cycle: a.yaml → b.yaml → a.yaml")
        #expect(specError { _ = try files.template("lost.yaml", "extends: nowhere.yaml\n") }
            == "lost.yaml:1:10: the template to extend, nowhere.yaml, does not exist")
    }

    @Test func layoutCyclesAndUnknownNamesAreRefused() throws {
        let files = try Fixtures()
        #expect(specError {
            _ = try files.template("cycle.yaml", "layouts:\n  a: {extends: b}\n  b: {extends: a}\n")
        } == "cycle.yaml:3:16: layouts extend each other in a cycle: a → b → a")
        #expect(specError {
            _ = try files.template("name.yaml", "layouts:\n  title: {x: 1}\nlayers:\n  - {type: rect, layout: titel}\n")
        } == "name.yaml:4:26: unknown layout \"titel\"; did you mean \"title\"?")
        #expect(specError {
            _ = try files.template("rel.yaml", "layouts:\n  a: {y: \"+= 1mm\"}\n")
        } == "rel.yaml:2:10: `y: += 1mm` is relative, but layout \"a\" extends no layout with a `y`")
    }

    @Test func fontsAndIconsMustExist() throws {
        let files = try Fixtures()
        #expect(specError { _ = try files.template("f.yaml", "fonts:\n  - fonts/Missing.ttf\n") }
            == "f.yaml:2:5: the font file fonts/Missing.ttf does not exist")
        #expect(specError { _ = try files.template("i.yaml", "icons:\n  coin: icons/coin.svg\n") }
            == "i.yaml:2:9: the icon icons/coin.svg does not exist")
        try files.write("icons/coin.svg", "<svg/>")
        let template = try files.template("ok.yaml", "icons:\n  coin: icons/coin.svg\n")
        #expect(template.icons == ["coin": files.folder.appendingPathComponent("icons/coin.svg").standardizedFileURL])
    }

    @Test func jsonTemplatesReadTheSame() throws {
        let files = try Fixtures()
        let template = try files.template("t.json", """
            {"card": {"size": "square"}, "layers": [{"type": "text", "text": "{name}"}], "data": [{"name": "A&B"}]}
            """)
        let card = try template.cards(from: nil)[0]
        #expect(abs(template.size.width - 70 * 72 / 25.4) < 1e-9 && template.size.width == template.size.height)
        guard case let .text(text) = card.layers[0].content else { Issue.record("not text"); return }
        #expect(text.markup == "A&amp;B")
        #expect(specError { _ = try files.template("k.json", "{\"layers\": [{\"type\": \"text\", \"colour\": \"red\"}]}") }
            == "k.json:1:30: unknown key \"colour\"; did you mean \"color\"?")
    }
}

@Suite struct TemplateDetailTests {
    @Test func cardSizesByNameAndInPixels() throws {
        let files = try Fixtures()
        let millimetre: CGFloat = 72 / 25.4
        let tarot = try files.template("a.yaml", "card: {size: tarot}\n").size
        #expect(abs(tarot.width - 70 * millimetre) < 1e-9 && abs(tarot.height - 120 * millimetre) < 1e-9)
        let miniEuro = try files.template("g.yaml", "card: {size: mini-euro}\n").size
        #expect(abs(miniEuro.width - 44 * millimetre) < 1e-9 && abs(miniEuro.height - 68 * millimetre) < 1e-9)
        #expect(try files.template("b.yaml", "card: {size: mini}\n").size == CGSize(width: 126, height: 180))
        #expect(try files.template("c.yaml", "card: {size: 750x1050px, dpi: 300}\n").size == CGSize(width: 180, height: 252))
        #expect(try files.template("d.yaml", "card: {size: 2inx3in}\n").size == CGSize(width: 144, height: 216))
        #expect(specError { _ = try files.template("e.yaml", "card: {size: pokr}\n") }
            == "e.yaml:1:14: unknown card size \"pokr\"; did you mean \"poker\"? (use poker, bridge, mini-usa, mini, mini-euro, "
            + "chimera, japanese, euro, square, tarot or WIDTHxHEIGHT with a unit, e.g. 63x88mm)")
        #expect(specError { _ = try files.template("f.yaml", "card: {bleed: 3furlongs}\n") }
            == "f.yaml:1:15: `bleed` has an unknown unit \"furlongs\" in \"3furlongs\"; use mm, cm, in, pt, px or %")
    }

    /// A side under 72 pt written without a unit is refused with the size written with one;
    /// bare numbers of a card's size in points still read as points.
    @Test func smallSizesNeedAUnit() throws {
        let files = try Fixtures()
        #expect(specError { _ = try files.template("a.yaml", "card: {size: 2.5x3.5}\n") }
            == "a.yaml:1:14: card size \"2.5x3.5\" needs a unit: a bare number is points, so this card would be "
            + "2.5 × 3.5 pt; write 2.5x3.5in")
        #expect(specError { _ = try files.template("b.yaml", "card: {size: 63x88}\n") }?
            .hasSuffix("would be 63 × 88 pt; write 63x88mm") == true)
        #expect(specError { _ = try files.template("c.yaml", "card: {size: 2.5inx3.5}\n") }?
            .hasSuffix("would be 2.5 × 3.5 pt; write 2.5x3.5in") == true)
        #expect(try files.template("d.yaml", "card: {size: 180x252}\n").size == CGSize(width: 180, height: 252))
        #expect(try files.template("e.yaml", "card: {size: 2.5x3.5in}\n").size == CGSize(width: 180, height: 252))
    }

    @Test func radialGradientsAreInTheLayerBox() throws {
        let files = try Fixtures()
        let template = try files.template("r.yaml", """
            layers:
              - type: ellipse
                x: 10
                y: 20
                width: 100
                height: 50
                fill: {radial: {center: [50%, 50%], radius: 50%}, stops: [[0, "#fff"], [100%, black]]}
            """)
        let layer = try template.cards(from: nil)[0].layers[0]
        let gradient = Gradient(.radial(center: CGPoint(x: 60, y: 45), radius: 25),
                                stops: [Gradient.Stop(location: 0, color: .white), Gradient.Stop(location: 1, color: .black)])
        #expect(layer.content == .ellipse(style: ShapeStyle(fill: .gradient(gradient), stroke: nil)))
        let bad = try files.template("s.yaml", "layers:\n  - {type: rect, fill: {linear: {}, stops: [red, blue, green], spin: 1}}\n")
        #expect(specError { _ = try bad.cards(from: nil) }
            == "s.yaml:2:64: the card (no data), layer 1 (rect): unknown key \"spin\"; valid: linear, radial, stops")
    }

    @Test func visibilityWords() throws {
        let files = try Fixtures()
        let template = try files.template("v.yaml", "card: {name: \"{id}\"}\nlayers:\n  - {type: rect, visible: \"{flag}\"}\n")
        let data = try files.data("v.csv", "id,flag\n1,false\n2,no\n3,0\n4,\n5,off\n6,true\n7,yes\n8,1\n9,x\n")
        let visible = try template.cards(from: data).map { $0.layers.count }
        #expect(visible == [0, 0, 0, 0, 0, 1, 1, 1, 1])
    }

    @Test func relativeValuesNeedALayout() throws {
        let files = try Fixtures()
        let template = try files.template("r.yaml", "layers:\n  - {type: rect, x: \"+= 2mm\"}\n")
        #expect(specError { _ = try template.cards(from: nil) }
            == "r.yaml:2:21: the card (no data), layer 1 (rect): `x` is relative (+= or -=), but the layer has no layout with a `x`")
    }

    @Test func aMissingColumnInTheNamePatternIsNamed() throws {
        let files = try Fixtures()
        let template = try files.template("n.yaml", "card:\n  name: \"{idd}\"\n")
        #expect(specError { _ = try template.cards(from: try files.data("n.csv", "id\n1\n")) }
            == "n.yaml:2:9: row 1 (n.csv:2), card.name: no column \"idd\"; did you mean \"id\"?")
        #expect(specError { _ = try template.cards(from: nil) }
            == "n.yaml:2:9: the card (no data), card.name: no column \"idd\" (there is no data)")
    }
    @Test func textAndImageWordsReadIntoDrawingsTypes() throws {
        let files = try Fixtures()
        let words: [(wrap: String, expected: TextWrap)] = [("word", .word), ("char", .character), ("NONE", .none)]
        for (word, expected) in words {
            let template = try files.template("w.yaml", "layers:\n  - {type: text, text: hi, wrap: \(word), valign: bottom, "
                                                + "ellipsis: start}\n  - {type: image, src: a.png, fit: stretch}\n")
            try files.write("a.png", Data([0x89]))
            let layers = try template.cards(from: nil)[0].layers
            guard case let .text(text) = layers[0].content, case let .image(image) = layers[1].content else {
                Issue.record("not a text and an image layer")
                continue
            }
            #expect(text.wrap == expected && text.verticalAlignment == .bottom && text.ellipsis == .start)
            #expect(image.fit == ImageFit.stretch)
        }
        let template = try files.template("bad.yaml", "layers:\n  - {type: text, wrap: zigzag}\n")
        #expect(specError { _ = try template.cards(from: nil) }
            == "bad.yaml:2:24: the card (no data), layer 1 (text): unknown `wrap` value \"zigzag\"; valid: word, char, none")
        let character = try files.template("char.yaml", "layers:\n  - {type: text, wrap: character}\n")
        #expect(specError { _ = try character.cards(from: nil) }?.contains("unknown `wrap` value \"character\"") == true)
    }
    /// Templates and print options read lengths with one grammar: the same text, the same points.
    @Test(arguments: ["3mm", "0.125in", "1/8in", "9pt", "9", "2.5cm", " 1/2 CM "])
    func aLengthIsTheSameInTemplatesAndPrintOptions(text: String) throws {
        let files = try Fixtures()
        let template = try files.template("l.yaml", "card: {bleed: \"\(text)\"}\nlayers:\n  - {type: rect, x: \"\(text)\", width: 10}\n")
        let points = try Length(parsing: text).points
        #expect(template.bleed == points)
        #expect(try template.cards(from: nil)[0].layers[0].box.minX == points)
    }

    @Test func fractionsAreLengthsInTemplates() throws {
        let files = try Fixtures()
        let template = try files.template("f.yaml", "card: {size: 2.5x3.5in, dpi: 144}\nlayers:\n"
                                          + "  - {type: rect, x: 1/8in, y: 1/2%, width: 1/4cm, height: 288/2px}\n")
        let box = try template.cards(from: nil)[0].layers[0].box
        #expect(box.minX == 9 && abs(box.minY - 252 / 200) < 1e-9 && box.width == Length(2.5, .millimetres).points && box.height == 72)
        #expect(specError { _ = try files.template("z.yaml", "card: {bleed: 1/0in}\n") }
            == "z.yaml:1:15: `bleed` must be a length like 5mm, 0.2in or 50%, got \"1/0in\"")
    }
}
