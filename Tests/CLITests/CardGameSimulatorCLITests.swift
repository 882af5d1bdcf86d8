import BatchRendering
import Drawing
import Foundation
import Testing
import ZIPFoundation

/// `--card-game-simulator` (and `--card-game-simulator-zip`) on `cards` and `deck`, and the same
/// keys in batch jobs: a Card Game Simulator game folder or `.cgs.zip`, listed in the manifests.
@Suite struct CardGameSimulatorCLITests {
    /// `data`, which must be there, read as JSON of type `T`.
    static func decode<T>(_ data: Data?, as type: T.Type) throws -> T {
        let data = try #require(data)
        let value = try JSONSerialization.jsonObject(with: data)
        return try #require(value as? T)
    }

    static let folderFiles = ["AllCards.json", "AllSets.json", "CardBack.png", "cgs.json", "decks/template.txt",
                              "sets/template/01-Spark.png", "sets/template/02-Wall.png", "sets/template/03-Flood.png"]

    /// Every entry of the zip at `url` by path, with its bytes.
    static func entries(of url: URL) throws -> [String: Data] {
        let archive = try Archive(url: url, accessMode: .read)
        var entries: [String: Data] = [:]
        for entry in archive {
            var data = Data()
            _ = try archive.extract(entry) { data.append($0) }
            entries[entry.path] = data
        }
        return entries
    }

    @Test func cardsWriteAGameFolderWhoseImagesAreTheCardsAndCardsJSONListsIt() throws {
        let game = try CardsFixture.make("cgs-cards")
        defer { game.remove() }
        let result = try game.cards(["--back", "back.yaml", "--card-game-simulator", "--out", "out"])
        #expect(result.status == 0, "\(result.stderr)")
        let tree = try game.tree("out/card-game-simulator/template")
        #expect(tree.keys.sorted() == Self.folderFiles)
        // One image per card, the card's own PNG (300 dpi, trim size); the back is the back's.
        for stem in CardsFixture.stems {
            #expect(tree["sets/template/\(stem).png"] == (try Data(contentsOf: game.url("out/\(stem).png"))), "\(stem)")
        }
        #expect(tree["CardBack.png"] == (try Data(contentsOf: game.url("out/back.png"))))
        let definition = try Self.decode(tree["cgs.json"], as: [String: Any].self)
        #expect(definition["name"] as? String == "template")
        #expect(definition["cardSize"] as? [String: Double] == ["x": 2.5, "y": 3.5])
        #expect(tree["decks/template.txt"].map { String(decoding: $0, as: UTF8.self) }
                == "3 [01-Spark] 01-Spark (template)\n1 [02-Wall] 02-Wall (template)\n2 [03-Flood] 03-Flood (template)\n")
        let listed = try #require(try game.json("out/cards.json")["cardGameSimulator"] as? [[String: Any]])
        #expect(listed.compactMap { $0["path"] as? String }.sorted() == Self.folderFiles.map { "card-game-simulator/template/" + $0 })
        for file in listed {
            let path = try #require(file["path"] as? String)
            #expect(file["sha256"] as? String == Checksum.sha256(try Data(contentsOf: game.url("out/" + path))), "\(path)")
        }
    }

    @Test func theZipHoldsTheSameFilesUnderTheGameFolderAndIsTheSameBytesOnOneOrTwoThreads() throws {
        let game = try CardsFixture.make("cgs-zip")
        defer { game.remove() }
        var zips: [Data] = []
        for jobs in ["1", "2"] {
            let result = try game.cards(["--back", "back.yaml", "--card-game-simulator", "--card-game-simulator-zip",
                                         "--out", "out-\(jobs)", "-j", jobs])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: game.url("out-\(jobs)/card-game-simulator").path)
                    == ["template.cgs.zip"])
            zips.append(try Data(contentsOf: game.url("out-\(jobs)/card-game-simulator/template.cgs.zip")))
        }
        #expect(zips[0] == zips[1])
        let entries = try Self.entries(of: game.url("out-1/card-game-simulator/template.cgs.zip"))
        #expect(entries.keys.sorted() == Self.folderFiles.map { "template/" + $0 })
        #expect(entries["template/sets/template/02-Wall.png"] == (try Data(contentsOf: game.url("out-1/02-Wall.png"))))
        let listed = try #require(try game.json("out-1/cards.json")["cardGameSimulator"] as? [[String: Any]])
        #expect(listed.compactMap { $0["path"] as? String } == ["card-game-simulator/template.cgs.zip"])
        #expect(listed.first?["sha256"] as? String == Checksum.sha256(zips[0]))
    }

    @Test func rowBacksTheDeckAndABatchJob() throws {
        let game = try CardsFixture.make("cgs-batch")
        defer { game.remove() }
        try game.write("row-back.yaml", "card: {size: poker, background: \"{color}\"}\nlayers: []\n")
        try game.write("spec.yaml", """
        jobs:
          - kind: cards
            template: template.yaml
            data: cards.csv
            back: row-back.yaml
            card-game-simulator: true
            output: game
          - kind: deck
            size: 100x140
            scale: 1
            card-game-simulator: true
            card-game-simulator-zip: true
            output: deck

        """)
        let result = try CLIRunner.run(["batch", "spec.yaml", "--out", "out", "--quiet"], in: game.folder)
        #expect(result.status == 0, "\(result.stderr)")
        let tree = try game.tree("out/game/card-game-simulator/template")
        // Each row's back is its own file, named by its card.
        for (index, stem) in ["back-1", "back-2", "back-3"].enumerated() {
            #expect(tree["backs/\(stem).png"] == (try Data(contentsOf: game.url("out/game/\(stem).png"))), "\(index)")
        }
        let cards = try Self.decode(tree["AllCards.json"], as: [[String: Any]].self)
        #expect(cards.map { $0["backs"] as? [String] } == [["back-1"], ["back-2"], ["back-3"]])
        let deck = try Self.entries(of: game.url("out/deck/card-game-simulator/classic.cgs.zip"))
        #expect(deck.keys.filter { $0.hasPrefix("classic/sets/classic/") }.count == 52)
        #expect(deck["classic/sets/classic/AS.png"] == (try Data(contentsOf: game.url("out/deck/AS.png"))))
        let jobs = try #require(try game.json("out/manifest.json")["jobs"] as? [String: [String: Any]])
        let outputs = jobs.values.flatMap { ($0["outputs"] as? [[String: Any]] ?? []).compactMap { $0["path"] as? String } }
        #expect(outputs.contains("game/card-game-simulator/template/backs/back-2.png"))
        #expect(outputs.contains("deck/card-game-simulator/classic.cgs.zip"))
    }

    @Test func badOptionsAreOneLineAndWriteNothing() throws {
        let game = try CardsFixture.make("cgs-errors")
        defer { game.remove() }
        let cases: [([String], String)] = [
            (["--card-game-simulator"], "--card-game-simulator needs a back (--back FILE)"),
            (["--back", "back.yaml", "--card-game-simulator-zip"], "--card-game-simulator-zip zips the Card Game Simulator game"),
        ]
        for (arguments, message) in cases {
            let result = try game.cards(arguments + ["--out", "out"])
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderrLines.count == 1 && result.stderr.contains(message), "\(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: game.url("out").path))
        }
    }
}

/// README's figure for Tabletopia (10 px per mm, faces and back the same size): what
/// `--dpi 254` writes.
@Suite struct TabletopiaSizeCLITests {
    @Test func at254DPIEveryCardAndTheBackAre10PixelsPerMillimetre() throws {
        let game = try CardsFixture.make("tabletopia")
        defer { game.remove() }
        let result = try game.cards(["--back", "back.yaml", "--dpi", "254", "--out", "out"])
        #expect(result.status == 0, "\(result.stderr)")
        // A poker card is 63.5 × 88.9 mm: 635 × 889 px.
        for stem in CardsFixture.stems + ["back"] {
            let image = try PNG.read(contentsOf: game.url("out/\(stem).png"))
            #expect(image.width == 635 && image.height == 889, "\(stem)")
        }
        let deck = try CLIRunner.run(["deck", "--size", "bridge", "--dpi", "254", "--out", game.url("deck").path])
        #expect(deck.status == 0, "\(deck.stderr)")
        for name in ["AS", "back"] {
            let image = try PNG.read(contentsOf: game.url("deck/\(name).png"))
            #expect(image.width == 572 && image.height == 889, "\(name)")
        }
    }
}
