import CardTemplates
import Drawing
import Foundation
import SpecFiles
import Testing

/// Text outlines, per-corner radii and layers placed against other layers' drawn boxes, read
/// from templates and placed by the renderer.
@Suite struct LayerFeatureTests {
    // MARK: text outline

    @Test func textStrokeIsReadAsTheTextsOutline() throws {
        let files = try Fixtures()
        let template = try files.template("t.yaml", """
            layers:
              - {type: text, text: A, stroke: {color: "#c00", width: 2pt}}
              - {type: text, text: B, stroke: {width: 1mm}}
              - {type: text, text: C, stroke: none}
              - {type: text, text: D}
            """)
        let layers = try template.cards(from: nil)[0].layers
        let outlines = layers.map { layer -> Stroke? in
            guard case let .text(text) = layer.content else { return nil }
            return text.outline
        }
        #expect(outlines[0] == Stroke(color: try Color(hex: "#c00"), width: 2))
        #expect(outlines[1] == Stroke(color: .black, width: 72 / 25.4))
        #expect(outlines[2] == nil && outlines[3] == nil)
        let renderer = try TemplateRenderer(template: template, cards: template.cards(from: nil))
        guard case let .text(first) = layers[0].content else { return }
        #expect(renderer.textBox(first).outline == outlines[0])
    }

    @Test func textStrokeMistakesAreOneLineAtTheValue() throws {
        let files = try Fixtures()
        func problem(_ stroke: String) throws -> String? {
            let template = try files.template("t.yaml", "layers:\n  - {type: text, text: A, stroke: \(stroke)}\n")
            return specError { _ = try template.cards(from: nil) }
        }
        #expect(try problem("red")?.hasPrefix("t.yaml:2:35: the card (no data), layer 1 (text): a text's `stroke` is written") == true)
        #expect(try problem("{width: 73pt}")
            == "t.yaml:2:43: the card (no data), layer 1 (text): the text's stroke `width` must be a length from 0 to 72pt, got \"73pt\"")
        #expect(try problem("{width: -1pt}")?.contains("must be a length from 0 to 72pt") == true)
        #expect(try problem("{colour: red}")?.contains("unknown key \"colour\"") == true)
    }

    // MARK: corner radii

    @Test func radiusIsOneLengthOrOnePerCorner() throws {
        let files = try Fixtures()
        let template = try files.template("t.yaml", """
            layers:
              - {type: rect, x: 0, y: 0, width: 100, height: 50, radius: 4}
              - {type: rect, x: 0, y: 0, width: 100, height: 50, radius: {top-left: 10, bottom-right: 20%}}
              - {type: rect, x: 0, y: 0, width: 100, height: 50, radius: [1, 2, 3, 4]}
              - {type: rect, x: 0, y: 0, width: 100, height: 50, radius: [1, 2]}
              - {type: rect, x: 0, y: 0, width: 100, height: 50, radius: "1 2 3"}
              - {type: rect, x: 0, y: 0, width: 100, height: 50, radius: 1 mm}
            """)
        let radii = try template.cards(from: nil)[0].layers.map { layer -> CornerRadii? in
            guard case let .rect(radii, _) = layer.content else { return nil }
            return radii
        }
        #expect(radii[0] == CornerRadii(all: 4))
        #expect(radii[1] == CornerRadii(topLeft: 10, topRight: 0, bottomRight: 10, bottomLeft: 0))
        #expect(radii[2] == CornerRadii(topLeft: 1, topRight: 2, bottomRight: 3, bottomLeft: 4))
        #expect(radii[3] == CornerRadii(topLeft: 1, topRight: 2, bottomRight: 1, bottomLeft: 2))
        #expect(radii[4] == CornerRadii(topLeft: 1, topRight: 2, bottomRight: 3, bottomLeft: 2))
        #expect(radii[5] == CornerRadii(all: 72 / 25.4))
    }

    @Test func radiusMistakesAreOneLineAtTheValue() throws {
        let files = try Fixtures()
        func problem(_ radius: String) throws -> String? {
            let template = try files.template("t.yaml", "layers:\n  - {type: rect, radius: \(radius)}\n")
            return specError { _ = try template.cards(from: nil) }
        }
        #expect(try problem("[1, 2, 3, 4, 5]")
            == "t.yaml:2:26: the card (no data), layer 1 (rect): `radius` takes 1 to 4 lengths (top-left, top-right, "
            + "bottom-right, bottom-left, as in CSS), got 5")
        #expect(try problem("{top-left: -2}") == "t.yaml:2:37: the card (no data), layer 1 (rect): `radius: top-left` cannot be negative")
        #expect(try problem("{top: 2}")?.contains("unknown key \"top\"") == true)
        #expect(try problem("[2, x]")?.contains("`radius` must be a length") == true)
    }

    // MARK: anchors

    static let rulesTemplate = """
        card: {size: 180x252pt}
        layers:
          - {type: text, name: rules, x: 10, y: 100, width: 160, height: 120, text: "{rules}", font: DejaVu Sans 10}
          - {type: text, name: flavour, below: rules, gap: 4pt, x: 10, y: 0, width: 160, height: 30, text: "{flavour}",
             font: DejaVu Serif Italic 8}
          - {type: rect, below: flavour, x: 10, width: 160, height: 1, fill: black}
        """

    /// Rules of `lines` lines, each a short word that fits the box: forced breaks.
    static func rules(lines: Int) -> String { (1...lines).map { "Line \($0)" }.joined(separator: "\n") }

    @Test func flavourSitsJustUnderTheRulesWhateverTheirLength() throws {
        let files = try Fixtures()
        let template = try files.template("t.yaml", Self.rulesTemplate)
        let data = try files.data("cards.csv", "rules,flavour\n" + [1, 3, 6].map { "\"\(Self.rules(lines: $0))\",Old words" }
            .joined(separator: "\n") + "\n")
        let cards = try template.cards(from: data)
        let renderer = try TemplateRenderer(template: template, cards: cards)
        var tops: [CGFloat] = []
        for (card, lines) in zip(cards, [1, 3, 6]) {
            guard case let .text(rules) = card.layers[0].content else { Issue.record("not text"); return }
            let layout = try renderer.textBox(rules).layout(in: card.layers[0].box.size)
            #expect(layout.lines.count == lines)
            let rulesBottom = 100 + (layout.lines.last?.rect.maxY ?? 0)
            let placed = try renderer.placedLayers(of: card)
            // The flavour's top is 4 pt under the rules' last line; the rule right under the flavour's line.
            #expect(abs(placed[1].box.minY - (rulesBottom + 4)) < 1e-6, "\(lines) lines: \(placed[1].box)")
            #expect(placed[1].box.size == CGSize(width: 160, height: 30) && placed[1].box.minX == 10)
            guard case let .text(flavour) = card.layers[1].content else { Issue.record("not text"); return }
            let flavourLine = try #require(try renderer.textBox(flavour).layout(in: placed[1].box.size).lines.first)
            #expect(abs(placed[2].box.minY - (placed[1].box.minY + flavourLine.rect.maxY)) < 1e-6)
            // As written (before placing), the card still has the layer's own y.
            #expect(card.layers[1].box.minY == 0)
            tops.append(placed[1].box.minY)
        }
        // Each rules line moves the flavour down by one line height.
        let line = (tops[1] - tops[0]) / 2
        #expect(line > 10 && line < 14)
        #expect(abs((tops[2] - tops[1]) - 3 * line) < 1e-6)
    }

    /// Rules shrunk to fit end higher than the same rules at full size would: the flavour follows
    /// the lines as drawn, after fit and wrap, not the box.
    @Test func flavourFollowsRulesShrunkToFit() throws {
        let files = try Fixtures()
        let template = try files.template("t.yaml", """
            layers:
              - {type: text, name: rules, x: 10, y: 100, width: 100, height: 40, text: "{rules}", font: DejaVu Sans 12,
                 fit: {min-size: 4}}
              - {type: text, below: rules, x: 10, width: 100, height: 20, text: Flavour}
            """)
        let long = String(repeating: "Draw a card then discard one. ", count: 6)
        let data = try files.data("cards.csv", "rules\n\(long)\n")
        let cards = try template.cards(from: data)
        let renderer = try TemplateRenderer(template: template, cards: cards)
        guard case let .text(rules) = cards[0].layers[0].content else { Issue.record("not text"); return }
        let layout = try renderer.textBox(rules).layout(in: CGSize(width: 100, height: 40))
        #expect(layout.fontSize < 12 && layout.fits && layout.lines.count > 3)
        let bottom = 100 + (layout.lines.last?.rect.maxY ?? 0)
        #expect(bottom <= 140.01)
        #expect(abs(try renderer.placedLayers(of: cards[0])[1].box.minY - bottom) < 1e-6)
    }

    @Test func aLayerBesideATitleFollowsItsLength() throws {
        let files = try Fixtures()
        let template = try files.template("t.yaml", """
            layers:
              - {type: text, name: title, x: 10, y: 10, width: 160, height: 20, text: "{title}", font: DejaVu Sans Bold 12}
              - {type: ellipse, right-of: title, gap: 3pt, y: 12, width: 14, height: 14, fill: "#c00"}
              - {type: polygon, left-of: title, gap: 1, x: 0, y: 0, width: 5, height: 5, points: [[0, 0], [5, 0], [0, 5]]}
            """)
        let data = try files.data("cards.csv", "title\nAx\nA much longer title\n")
        let cards = try template.cards(from: data)
        let renderer = try TemplateRenderer(template: template, cards: cards)
        var rights: [CGFloat] = []
        for card in cards {
            guard case let .text(title) = card.layers[0].content else { Issue.record("not text"); return }
            let line = try #require(try renderer.textBox(title).layout(in: card.layers[0].box.size).lines.first)
            let placed = try renderer.placedLayers(of: card)
            #expect(abs(placed[1].box.minX - (10 + line.rect.maxX + 3)) < 1e-6)
            #expect(placed[1].box.minY == 12 && placed[1].box.size == CGSize(width: 14, height: 14))
            // Left of the title's first letter, its points moved with its box.
            #expect(abs(placed[2].box.maxX - (10 + line.rect.minX - 1)) < 1e-6)
            guard case let .polygon(points, _) = placed[2].content else { Issue.record("not a polygon"); return }
            #expect(abs(points[1].x - placed[2].box.maxX) < 1e-6)
            rights.append(placed[1].box.minX)
        }
        #expect(rights[1] > rights[0] + 50)
    }

    @Test func aLayerNotDrawnPassesItsPlaceOn() throws {
        let files = try Fixtures()
        let template = try files.template("t.yaml", """
            layers:
              - {type: rect, name: top, x: 0, y: 0, width: 100, height: 40}
              - {type: rect, name: middle, below: top, visible: "{middle}", x: 0, width: 100, height: 10}
              - {type: rect, below: middle, gap: 2, x: 0, y: 200, width: 100, height: 10}
              - {type: rect, above: nothing-drawn, x: 0, y: 200, width: 100, height: 10}
              - {type: rect, name: nothing-drawn, visible: "", x: 0, y: 0, width: 1, height: 1}
            """)
        let data = try files.data("cards.csv", "id,middle\n1,yes\n2,\n")
        let cards = try template.cards(from: data)
        let renderer = try TemplateRenderer(template: template, cards: cards)
        let shown = try renderer.placedLayers(of: cards[0]), hidden = try renderer.placedLayers(of: cards[1])
        #expect(shown.map(\.box.minY) == [0, 40, 52, 200])
        // Without the middle layer, the last goes under the top one; with nothing at all, where it was written.
        #expect(hidden.map(\.box.minY) == [0, 42, 200])
    }

    @Test func anchorMistakesAreOneLineAtTheTemplate() throws {
        let files = try Fixtures()
        func problem(_ layers: String) throws -> String? {
            specError { _ = try files.template("t.yaml", "layers:\n" + layers) }
        }
        #expect(try problem("  - {type: rect, name: a}\n  - {type: rect, below: b}\n")
            == "t.yaml:3:25: layer 2 (rect): unknown layer name \"b\"; did you mean \"a\"?")
        #expect(try problem("  - {type: rect, below: b}\n")
            == "t.yaml:2:25: layer 1 (rect): no layer is named \"b\"; give that layer `name: b`")
        #expect(try problem("  - {type: rect, name: a, below: b}\n  - {type: rect, name: b, right-of: a}\n")
            == "t.yaml:3:37: layers are placed against each other in a cycle: a (layer 1) → b (layer 2) → a (layer 1)")
        #expect(try problem("  - {type: rect, name: a, below: a}\n")
            == "t.yaml:2:34: layers are placed against each other in a cycle: a (layer 1) → a (layer 1)")
        #expect(try problem("  - {type: rect, name: a}\n  - {type: rect, name: a}\n")
            == "t.yaml:3:24: layer 2 (rect) is named \"a\" like layer 1; layer names must differ")
        #expect(try problem("  - {type: rect, name: a}\n  - {type: rect, below: a, above: a}\n")?
            .contains("has both `below` and `above`") == true)
        #expect(try problem("  - {type: rect, name: a}\n  - {type: rect, below: \"{col}\"}\n")?
            .contains("cannot hold a `{column}`") == true)
        #expect(try problem("  - {type: rect, name: a}\n  - {type: rect, below: a, gap: 20%}\n")?
            .contains("`gap` must be a length") == true)
        #expect(try problem("  - {type: rect, gap: 2}\n")?.contains("is placed against no layer") == true)
    }

    @Test func aLongChainOfAnchorsIsPlacedInALoop() throws {
        let files = try Fixtures()
        var text = "layers:\n  - {type: rect, name: l0, x: 0, y: 0, width: 1, height: 1}\n"
        for index in 1..<2000 { text += "  - {type: rect, name: l\(index), below: l\(index - 1), x: 0, width: 1, height: 1}\n" }
        let template = try files.template("t.yaml", text)
        let cards = try template.cards(from: nil)
        let placed = try TemplateRenderer(template: template, cards: cards).placedLayers(of: cards[0])
        #expect(placed.last?.box.minY == 1999)
    }
}
