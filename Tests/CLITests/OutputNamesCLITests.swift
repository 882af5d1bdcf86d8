import CardRenderSupport
import Foundation
import Testing

/// Card files through the binary: a run that fails leaves the folder and its cards.json as they were.
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
        let cards = CardsCLITests.manifestCards(manifest) + [manifest["back"] as? [String: Any]].compactMap { $0 }
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
}
