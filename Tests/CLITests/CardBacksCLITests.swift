import Drawing
import Foundation
import PrintLayout
import Testing

/// Each card's back, filled from its row: `cards --back` and `print --back-template`, one back
/// template for every row or one named by a column, identical backs written once, cards.json
/// listing exactly the files written, duplex pages with every back behind its own front.
@Suite struct CardBacksCLITests {
    /// A back with nothing but its background, so any pixel inside its trim is that colour.
    static func plainBack(_ color: String) -> String {
        """
        card:
          size: poker
          background: "\(color)"
        layers:
          - {type: rect, x: 0, y: 0, width: 1pt, height: 1pt, fill: "\(color)"}
        """
    }

    /// The fixture game with a `back` column naming one of two back templates in `backs/`.
    static func gameWithChosenBacks(_ name: String, outsideBack: Bool = false) throws -> CardsFixture {
        let csv = """
        id,title,type,cost,icon,color,rules,count,back
        01,Spark,spell,1,star,#f4a261,Deal 1 damage.,3,backs/red.yaml
        02,Wall,structure,0,shield,#8ab17d,Blocks one attack.,1,\(outsideBack ? "../outside.yaml" : "backs/blue.yaml")
        03,Flood,spell,2,star,#2a9d8f,Every creature gets -1 power.,2,backs/red.yaml

        """
        let game = try CardsFixture.make(name, csv: csv)
        try game.write("backs/red.yaml", plainBack("#ff0000"))
        try game.write("backs/blue.yaml", plainBack("#0000ff"))
        return game
    }

    @Test func aBackFilledFromEachRowIsOneFilePerDistinctBack() throws {
        let game = try CardsFixture.make("cards-row-backs")
        defer { game.remove() }
        try game.write("titled-back.yaml", CardsFixture.back.replacingOccurrences(of: "text: \"FIXTURE\"", with: "text: \"{title}\""))
        CardsCLITests.expectSuccess(try game.cards(["--back", "titled-back.yaml", "--dpi", "72", "--out", "titled"]))
        let files = try game.tree("titled")
        #expect(files.keys.sorted() == (CardsFixture.stems + ["back-1", "back-2", "back-3"]).map { "\($0).png" }.sorted()
                + ["cards.json"])
        #expect(Set([files["back-1.png"], files["back-2.png"], files["back-3.png"]]).count == 3)
        let manifest = try game.json("titled/cards.json")
        let cards = CardsCLITests.manifestCards(manifest)
        #expect(cards.map { $0["back"] as? String } == ["back-1", "back-2", "back-3"])
        let backs = manifest["backs"] as? [[String: Any]] ?? []
        #expect(backs.map { $0["name"] as? String } == ["back-1", "back-2", "back-3"])
        #expect(backs.map { $0["count"] as? Int } == [3, 1, 2])

        // A back that names no column is the same for every card: one back.png, backing all six copies.
        CardsCLITests.expectSuccess(try game.cards(["--back", "back.yaml", "--dpi", "72", "--out", "plain"]))
        #expect(try game.tree("plain").keys.sorted() == (CardsFixture.stems + ["back"]).map { "\($0).png" }.sorted() + ["cards.json"])
        let plain = try game.json("plain/cards.json")
        #expect(CardsCLITests.manifestCards(plain).map { $0["back"] as? String } == ["back", "back", "back"])
        #expect((plain["backs"] as? [[String: Any]])?.map { $0["count"] as? Int } == [6])
    }

    @Test func aColumnChoosesTheBackAndIdenticalBacksAreWrittenOnce() throws {
        let game = try Self.gameWithChosenBacks("cards-chosen-backs")
        defer { game.remove() }
        CardsCLITests.expectSuccess(try game.cards(["--back", "{back}", "--dpi", "72", "--out", "out"]))
        let files = try game.tree("out")
        #expect(files.keys.sorted() == (CardsFixture.stems + ["back-1", "back-2"]).map { "\($0).png" }.sorted() + ["cards.json"])
        let manifest = try game.json("out/cards.json")
        #expect(CardsCLITests.manifestCards(manifest).map { $0["back"] as? String } == ["back-1", "back-2", "back-1"])
        let backs = manifest["backs"] as? [[String: Any]] ?? []
        #expect(backs.map { $0["count"] as? Int } == [5, 1])
        // Every file listed is on disk with its size, and every file on disk is listed.
        let listed = (CardsCLITests.manifestCards(manifest) + backs).flatMap { $0["files"] as? [[String: Any]] ?? [] }
        #expect(Set(listed.compactMap { $0["path"] as? String }) == Set(files.keys).subtracting(["cards.json"]))
        for file in listed {
            let path = try #require(file["path"] as? String)
            #expect(files[path]?.count == file["bytes"] as? Int, "\(path)")
        }
        let red = try PNG.read(contentsOf: game.url("out/back-1.png")), blue = try PNG.read(contentsOf: game.url("out/back-2.png"))
        #expect(red[90, 126] == RGBAImage.Pixel(r: 255, g: 0, b: 0, a: 255))
        #expect(blue[90, 126] == RGBAImage.Pixel(r: 0, g: 0, b: 255, a: 255))
    }

    /// In a batch spec `back: "{back}"` is filled per row inside the template's folder, not joined to the spec's.
    @Test func aBatchJobChoosesBacksFromTheData() throws {
        let game = try Self.gameWithChosenBacks("batch-chosen-backs")
        defer { game.remove() }
        try game.write("specs/spec.yaml", """
            jobs:
              - {kind: cards, template: ../template.yaml, data: ../cards.csv, back: "{back}", dpi: 72}
            """)
        let result = try CLIRunner.run(["batch", "specs/spec.yaml", "--out", "out", "--quiet"], in: game.folder)
        #expect(result.status == 0, "\(result.stderr)")
        let files = try game.tree("out/cards")
        #expect(files["back-1.png"] != nil && files["back-2.png"] != nil && files["back.png"] == nil, "\(files.keys.sorted())")
    }

    @Test func aBackFromTheDataStaysInsideTheTemplatesFolderWhetherOrNotTheFileExists() throws {
        let game = try Self.gameWithChosenBacks("cards-outside-back", outsideBack: true)
        defer { game.remove() }
        let outside = game.folder.deletingLastPathComponent().appendingPathComponent("outside.yaml")
        var messages: [String] = []
        for exists in [false, true] {
            if exists { try Data(Self.plainBack("#00ff00").utf8).write(to: outside) }
            let result = try game.cards(["--back", "{back}", "--out", "out"])
            #expect(result.status == 2)
            #expect(try game.tree("out").isEmpty)
            messages.append(result.stderr)
        }
        try? FileManager.default.removeItem(at: outside)
        #expect(messages[0] == messages[1])
        #expect(messages[0] == "cardrender: error: row 2 (cards.csv:3), back \"../outside.yaml\" from the data leads outside "
                + "the template's folder; data may name only files inside it (or in a folder given with --allow-dir)\n")
    }

    @Test func duplexPrintPutsEachRowsBackBehindItsFront() throws {
        let game = try Self.gameWithChosenBacks("print-chosen-backs")
        defer { game.remove() }
        let result = try CLIRunner.run(["print", "--template", "template.yaml", "--data", "cards.csv", "--back-template", "{back}",
                                        "--duplex", "long-edge", "--no-crop-marks", "--out", "out"], in: game.folder)
        #expect(result.status == 0, "\(result.stderr)")
        let pdf = game.url("out/deck-print.pdf")
        #expect(try PrintCLITests.info(pdf).pages == 2)
        let layout = try SheetLayout(paper: .a4, cardSize: PrintCLITests.poker)
        // Spark ×3 and Flood ×2 have the red back, the Wall the blue one.
        let expected: [(Int, Int, Int)] = [(255, 0, 0), (255, 0, 0), (255, 0, 0), (0, 0, 255), (255, 0, 0), (255, 0, 0)]
        let backs = try PrintCLITests.Raster(pdf, page: 2, dpi: 36)
        for (slot, colour) in zip(layout.backSlots(flip: .longEdge), expected) {
            let centre = CGPoint(x: slot.trim.midX / 2, y: slot.trim.midY / 2)
            let (r, g, b) = backs.rgb(Int(centre.x), Int(centre.y))
            #expect(abs(r - colour.0) < 8 && abs(g - colour.1) < 8 && abs(b - colour.2) < 8, "back \(slot.index): \(r) \(g) \(b)")
        }
        // Slots past the last card stay paper.
        for slot in layout.backSlots(flip: .longEdge).dropFirst(expected.count) {
            #expect(backs.isPaper(Int(slot.trim.midX / 2), Int(slot.trim.midY / 2)))
        }
    }

    /// Rows and `count` are bounded one by one; a print run bounds what they come to, before
    /// anything is drawn: one line, exit 2, no PDF. Exactly the bound is laid out.
    @Test func aPrintRunOfMoreThanTenThousandCardsWithCopiesIsRefusedBeforeDrawing() throws {
        let game = try CardsFixture.make("print-copies-bound")
        defer { game.remove() }
        let template = "card:\n  size: poker\nlayers: []\n"
        try game.write("blank.yaml", template)
        func rows(_ counts: [Int]) -> String { "name,count\n" + counts.enumerated().map { "n\($0.offset),\($0.element)\n" }.joined() }
        try game.write("over.csv", rows(Array(repeating: 10_000, count: 100)))
        let started = Date()
        let over = try CLIRunner.run(["print", "--template", "blank.yaml", "--data", "over.csv", "--out", "out"], in: game.folder)
        #expect(Date().timeIntervalSince(started) < 20)
        #expect(over.status == 2, "\(over.stderr)")
        #expect(over.stderrLines == ["cardrender: error: the cards come to 1000000 with copies (the `count` column); a print run "
                                     + "lays out at most 10000 cards: split the data, or print fewer copies"])
        #expect(try game.tree("out").isEmpty)
        try game.write("edge.csv", rows([9_999, 1]))
        let edge = try CLIRunner.run(["print", "--template", "blank.yaml", "--data", "edge.csv", "--out", "out"], in: game.folder)
        #expect(edge.status == 0, "\(edge.stderr)")
        #expect(try PrintCLITests.info(game.url("out/deck-print.pdf")).pages == 1112)
    }
}
