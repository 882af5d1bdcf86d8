import BatchRendering
import CardRenderSupport
import Foundation
import Testing

/// Card file names made from data, through the binary: names too long for the file system are
/// shortened the same way every run, names of the tool's own files are never given to a card,
/// and a run that fails leaves the folder and its cards.json as they were.
@Suite struct OutputNamesCLITests {
    static let template = """
    card:
      size: poker
      dpi: 24
      name: "{name}"
      background: "{color}"
    layers:
      - type: rect
        x: 10%
        y: 10%
        width: 80%
        height: 30%
        fill: white
    """

    static func csv(_ names: [String], color: String) -> String {
        "name,color\n" + names.map { "\"\($0)\",\(color)\n" }.joined()
    }

    /// cards.json lists exactly the card files on disk, each with the SHA-256 of its bytes.
    static func expectManifestMatchesDisk(_ game: CardsFixture, _ out: String,
                                          sourceLocation: SourceLocation = #_sourceLocation) throws {
        let files = try game.tree(out)
        let manifest = try game.json("\(out)/cards.json")
        let cards = CardsCLITests.manifestCards(manifest) + (manifest["backs"] as? [[String: Any]] ?? [])
        var listed: Set<String> = []
        for card in cards {
            for file in card["files"] as? [[String: Any]] ?? [] {
                let path = try #require(file["path"] as? String)
                listed.insert(path)
                #expect(files[path].map(Checksum.sha256) == file["sha256"] as? String,
                        "cards.json lists \(path) with another hash than the file's", sourceLocation: sourceLocation)
            }
        }
        let cardFiles = Set(files.keys.filter { $0.hasSuffix(".png") && !["sheet.png", "contact-sheet.png"].contains($0) })
        #expect(cardFiles == listed, "card files on disk and in cards.json differ", sourceLocation: sourceLocation)
    }

    @Test func namesTooLongForTheFileSystemAreShortenedBeforeAnythingIsWritten() throws {
        let game = try CardsFixture.make("names-long", template: Self.template)
        defer { game.remove() }
        let good = (1...10).map { "Card \($0)" }
        try game.write("good.csv", Self.csv(good, color: "#336699"))
        CardsCLITests.expectSuccess(try game.cards(["--out", "o"], data: "good.csv"))
        // 280 bytes of one letter, and one character of 601 bytes (a letter and 300 accents).
        let wide = String(repeating: "𝔸", count: 70)
        let accented = "a" + String(repeating: "\u{301}", count: 300)
        try game.write("long.csv", Self.csv(good + [wide, accented], color: "#993366"))
        let run = try game.cards(["--out", "o"], data: "long.csv")
        CardsCLITests.expectSuccess(run)
        let names = try game.tree("o").keys.filter { $0.hasSuffix(".png") }
        #expect(names.count == 12, "\(names)")
        #expect(names.allSatisfy { $0.utf8.count <= 104 }, "\(names.map(\.utf8.count))")
        // Compared as bytes: the shortened name is still one character, `a` with 49 accents.
        #expect(names.contains { $0.hasPrefix("𝔸") } && names.contains { $0.utf8.starts(with: "a\u{301}".utf8) }, "\(names)")
        try Self.expectManifestMatchesDisk(game, "o")
        // The same data gives the same names.
        let before = try game.tree("o")
        CardsCLITests.expectSuccess(try game.cards(["--out", "o"], data: "long.csv"))
        #expect(try game.tree("o") == before)
    }

    @Test func aRunThatFailsWhileWritingLeavesEveryFileAndCardsJSONAsTheyWere() throws {
        let game = try CardsFixture.make("names-fail", template: Self.template)
        defer { game.remove() }
        let good = (1...10).map { "Card \($0)" }
        try game.write("good.csv", Self.csv(good, color: "#336699"))
        CardsCLITests.expectSuccess(try game.cards(["--out", "o"], data: "good.csv"))
        let before = try game.tree("o")
        // New colours for the ten cards, and an eleventh whose file cannot be written: a folder
        // stands where it goes.
        try game.write("changed.csv", Self.csv(good + ["Blocked"], color: "#993366"))
        try FileManager.default.createDirectory(at: game.url("o/Blocked.png"), withIntermediateDirectories: true)
        let run = try game.cards(["--out", "o", "-j", "2"], data: "changed.csv")
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderrLines.count == 1 && run.stderr.contains("Blocked.png"), "\(run.stderr)")
        let after = try game.tree("o")
        #expect(after == before, "changed: \(after.keys.filter { after[$0] != before[$0] }.sorted())")
        try Self.expectManifestMatchesDisk(game, "o")
    }

    @Test func rowsNamedLikeTheToolsOwnFilesTakeOtherNames() throws {
        let game = try CardsFixture.make("names-reserved", template: Self.template)
        defer { game.remove() }
        try game.write("reserved.csv", Self.csv(["contact-sheet", "sheet", "Back", "cards"], color: "#336699"))
        let run = try game.cards(["--out", "o", "--sheet", "--contact-sheet", "--back", "back.yaml"], data: "reserved.csv")
        CardsCLITests.expectSuccess(run)
        let files = try game.tree("o")
        #expect(files.keys.sorted() == ["Back-2.png", "back.png", "cards-2.png", "cards.json", "contact-sheet-2.png",
                                        "contact-sheet.png", "sheet-2.png", "sheet.json", "sheet.png"], "\(files.keys.sorted())")
        try Self.expectManifestMatchesDisk(game, "o")
        let names = CardsCLITests.manifestCards(try game.json("o/cards.json")).compactMap { $0["name"] as? String }
        #expect(names == ["contact-sheet-2", "sheet-2", "Back-2", "cards-2"])
        // The atlas names a frame for each card and the back, and points at the sheet image.
        let atlas = try game.json("o/sheet.json")
        let frames = (atlas["frames"] as? [String: Any])?.keys.sorted() ?? []
        #expect(frames.count == 5, "\(frames)")
        #expect((atlas["meta"] as? [String: Any])?["image"] as? String == "sheet.png")
    }
}
