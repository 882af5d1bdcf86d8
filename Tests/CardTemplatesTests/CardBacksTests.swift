import CardTemplates
import Drawing
import Foundation
import SpecFiles
import Testing

/// `CardTemplate.backs(of:…)`: a back template filled from each card's row, chosen by a column,
/// backs that draw the same made once, and paths from data kept inside the template's folder.
@Suite struct CardBacksTests {
    static let front = """
        card: {size: poker, name: "{title}"}
        layers:
          - {type: text, text: "{title}"}
        """

    static func load(_ url: URL, _ shown: String) throws -> CardTemplate {
        try CardTemplate.load(contentsOf: url, displayName: shown)
    }

    static func texts(_ card: TemplateCard) -> [String] {
        card.layers.compactMap { layer in
            if case let .text(text) = layer.content { return text.markup }
            return nil
        }
    }

    @Test func theBackIsFilledFromEachCardsRowAndIdenticalBacksAreOne() throws {
        let files = try Fixtures()
        let front = try files.template("front.yaml", Self.front)
        let back = try files.write("back.yaml", """
            card: {size: poker, background: "{color}"}
            layers:
              - {type: text, text: "{element} & co"}
            """)
        let data = try files.data("d.csv", "title,element,color,count\nA,fire,red,2\nB,water,blue,1\nC,fire,red,3\nD,fire,#f00,1\n")
        let cards = try front.cards(from: data)
        let backs = try front.backs(of: cards, from: data, path: back.path, stem: "back", load: Self.load)
        // C uses what A's back uses (element and colour), so it shares A's back; D's colour is written differently.
        #expect(backs.backOfCard == [0, 1, 0, 2])
        #expect(backs.backs.map(\.card.fileStem) == ["back-1", "back-2", "back-3"])
        #expect(backs.backs.map(\.card.count) == [5, 1, 1])
        #expect(backs.backs.map { Self.texts($0.card) } == [["fire &amp; co"], ["water &amp; co"], ["fire &amp; co"]])
        #expect(backs.backs[1].card.background == .color(.blue))

        // A back naming no column is one back for every card.
        let plain = try files.write("plain.yaml", "card: {size: poker}\nlayers:\n  - {type: text, text: \"BACK\"}\n")
        let one = try front.backs(of: cards, from: data, path: plain.path, stem: "back", load: Self.load)
        #expect(one.backOfCard == [0, 0, 0, 0])
        #expect(one.backs.map(\.card.fileStem) == ["back"])
        #expect(one.backs.map(\.card.count) == [7])
    }

    @Test func aColumnNamesEachRowsBackInsideTheTemplatesFolder() throws {
        let files = try Fixtures()
        let front = try files.template("game/front.yaml", Self.front)
        try files.write("game/backs/fire.yaml", "card: {size: poker, background: red}\nlayers: []\n")
        try files.write("game/backs/water.yaml", "card: {size: poker, background: blue}\nlayers: []\n")
        let data = try files.data("d.csv", "title,back\nA,backs/fire.yaml\nB,backs/water.yaml\nC,backs/fire.yaml\n")
        let cards = try front.cards(from: data)
        let backs = try front.backs(of: cards, from: data, path: "{back}", stem: "back", reservedStems: ["back"], load: Self.load)
        #expect(backs.backOfCard == [0, 1, 0])
        #expect(backs.backs.map(\.card.background) == [.color(.red), .color(.blue)])
        #expect(backs.backs.map(\.template.displayName) == ["game/backs/fire.yaml", "game/backs/water.yaml"])

        // Outside the folder: the same words whether the file is there or not.
        try files.write("secret.yaml", "card: {size: poker}\nlayers: []\n")
        for path in ["../secret.yaml", "../missing.yaml"] {
            let outside = try files.data("o.csv", "title,back\nA,\(path)\n")
            #expect(specError { _ = try front.backs(of: try front.cards(from: outside), from: outside, path: "{back}", stem: "back",
                                                    load: Self.load) }
                    == "row 1 (o.csv:2), back \"\(path)\" from the data leads outside the template's folder; "
                    + "data may name only files inside it (or in a folder given with --allow-dir)")
        }
        let missing = try files.data("m.csv", "title,back\nA,backs/earth.yaml\n")
        #expect(specError { _ = try front.backs(of: try front.cards(from: missing), from: missing, path: "{back}", stem: "back",
                                                load: Self.load) }
                == "row 1 (m.csv:2), back \"backs/earth.yaml\" from the data: no such template")
        #expect(specError { _ = try front.backs(of: cards, from: data, path: "{bak}", stem: "back", load: Self.load) }
                == "row 1 (d.csv:2), back: no column \"bak\"; did you mean \"back\"?")
    }
}
