import BatchRendering
import Drawing
import Foundation
import Testing

/// `--tabletop-simulator` on `cards` and `deck`, and `tabletop-simulator: true` in batch jobs:
/// card sheets, the back and a saved object, listed in the manifests with their SHA-256.
@Suite struct TabletopSimulatorCLITests {
    static func json(_ url: URL) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any] ?? [:]
    }

    /// The saved object's deck: its `DeckIDs` and its `CustomDeck` entries by key.
    static func deck(in savedObject: URL) throws -> (ids: [Int], sheets: [String: [String: Any]], cards: [[String: Any]]) {
        let states = try #require(try json(savedObject)["ObjectStates"] as? [[String: Any]])
        let deck = try #require(states.first)
        #expect(deck["Name"] as? String == "DeckCustom")
        return (try #require(deck["DeckIDs"] as? [Int]), try #require(deck["CustomDeck"] as? [String: [String: Any]]),
                try #require(deck["ContainedObjects"] as? [[String: Any]]))
    }

    @Test func cardsWriteASheetTheBackAndASavedObjectThatCardsJSONLists() throws {
        let game = try CardsFixture.make("tts-cards")
        defer { game.remove() }
        let result = try game.cards(["--back", "back.yaml", "--tabletop-simulator", "--out", "out"])
        #expect(result.status == 0, "\(result.stderr)")
        let folder = game.url("out/tabletop-simulator")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
                == ["back.png", "deck-1.png", "saved-object.json"])
        // Three poker cards are largest 2 × 2 (1463 × 2048 px each), the last slot empty.
        let sheet = try PNG.read(contentsOf: folder.appendingPathComponent("deck-1.png"))
        #expect(sheet.width == 2 * 1463 && sheet.height == 2 * 2048)
        #expect(sheet.pixels.withUnsafeBufferPointer { stride(from: 3, to: $0.count, by: 4).allSatisfy { [p = $0] i in p[i] == 255 } },
                "opaque: Tabletop Simulator takes RGB")
        let (ids, sheets, cards) = try Self.deck(in: folder.appendingPathComponent("saved-object.json"))
        // Rows 1 to 3 have count 3, 1 and 2.
        #expect(ids == [100, 100, 100, 101, 102, 102])
        #expect(cards.map { $0["Nickname"] as? String } == ["01-Spark", "01-Spark", "01-Spark", "02-Wall", "03-Flood", "03-Flood"])
        let base = URL(fileURLWithPath: folder.path, isDirectory: true).absoluteString
        #expect(sheets["1"]?["FaceURL"] as? String == base + "deck-1.png")
        #expect(sheets["1"]?["BackURL"] as? String == base + "back.png")
        #expect(sheets["1"]?["NumWidth"] as? Int == 2 && sheets["1"]?["NumHeight"] as? Int == 2)
        #expect(sheets["1"]?["BackIsHidden"] as? Bool == true)
        // cards.json lists each file written, with the SHA-256 of its bytes.
        let listed = try #require(try Self.json(game.url("out/cards.json"))["tabletopSimulator"] as? [String: Any])
        let images = try #require(listed["images"] as? [[String: Any]])
        let savedObject = try #require(listed["savedObject"] as? [String: Any])
        #expect(images.compactMap { $0["path"] as? String } == ["tabletop-simulator/deck-1.png", "tabletop-simulator/back.png"])
        #expect(images.first?["width"] as? Int == 2926 && images.first?["height"] as? Int == 4096)
        for file in images + [savedObject] {
            let path = try #require(file["path"] as? String)
            let data = try Data(contentsOf: game.url("out/" + path))
            #expect(file["sha256"] as? String == Checksum.sha256(data), "\(path)")
            #expect(file["bytes"] as? Int == data.count, "\(path)")
        }
    }

    @Test func aDeckInJPEGWithABaseURLIsTheSameBytesOnOneOrTwoThreads() throws {
        let dir = try CLIRunner.temporaryDirectory("tts-deck")
        defer { try? FileManager.default.removeItem(at: dir) }
        let one = dir.appendingPathComponent("one"), two = dir.appendingPathComponent("two")
        for (out, jobs) in [(one, "1"), (two, "2")] {
            let result = try CLIRunner.run(["deck", "--size", "100x140", "--scale", "1", "--tabletop-simulator",
                                            "--tabletop-format", "jpg", "--base-url", "https://example.com/decks",
                                            "--out", out.path, "-j", jobs])
            #expect(result.status == 0, "\(result.stderr)")
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: one.appendingPathComponent("tabletop-simulator").path)
        #expect(names.sorted() == ["back.jpg", "deck-1.jpg", "saved-object.json"])
        for name in names {
            let path = "tabletop-simulator/" + name
            #expect(try Data(contentsOf: one.appendingPathComponent(path)) == (try Data(contentsOf: two.appendingPathComponent(path))),
                    "\(path)")
        }
        let (ids, sheets, _) = try Self.deck(in: one.appendingPathComponent("tabletop-simulator/saved-object.json"))
        #expect(ids == Array(100..<152))
        let sheet = try #require(sheets["1"])
        #expect(sheet["FaceURL"] as? String == "https://example.com/decks/deck-1.jpg")
        #expect(sheet["BackURL"] as? String == "https://example.com/decks/back.jpg")
        let (columns, rows) = (try #require(sheet["NumWidth"] as? Int), try #require(sheet["NumHeight"] as? Int))
        #expect(columns * rows >= 52 && columns <= 10 && rows <= 7)
        let jpeg = try Data(contentsOf: one.appendingPathComponent("tabletop-simulator/deck-1.jpg"))
        let size = try #require(OutputFormat.jpeg.pixelSize(of: jpeg))
        #expect(size.width <= 4096 && size.height <= 4096 && size.width % columns == 0 && size.height % rows == 0)
        let listed = try Self.json(one.appendingPathComponent("deck.json"))["tabletopSimulator"] as? [String: Any]
        let images = listed?["images"] as? [[String: Any]] ?? []
        #expect(images.first?["format"] as? String == "jpeg" && images.first?["width"] as? Int == size.width)
    }

    @Test func batchJobsWriteTheDeckIntoTheirFolderAndTheManifestListsIt() throws {
        let game = try CardsFixture.make("tts-batch")
        defer { game.remove() }
        try game.write("spec.yaml", """
        jobs:
          - kind: cards
            template: template.yaml
            data: cards.csv
            back: back.yaml
            tabletop-simulator: true
            output: game
          - kind: deck
            size: 100x140
            scale: 1
            tabletop-simulator: true
            tabletop-format: jpg
            base-url: https://example.com/decks/
            output: deck

        """)
        let result = try CLIRunner.run(["batch", "spec.yaml", "--out", "out", "--quiet"], in: game.folder)
        #expect(result.status == 0, "\(result.stderr)")
        let (ids, sheets, _) = try Self.deck(in: game.url("out/game/tabletop-simulator/saved-object.json"))
        #expect(ids == [100, 100, 100, 101, 102, 102])
        let base = URL(fileURLWithPath: game.url("out/game/tabletop-simulator").path, isDirectory: true).absoluteString
        #expect(sheets["1"]?["FaceURL"] as? String == base + "deck-1.png")
        let deck = try Self.deck(in: game.url("out/deck/tabletop-simulator/saved-object.json"))
        #expect(deck.sheets["1"]?["FaceURL"] as? String == "https://example.com/decks/deck-1.jpg")
        let jobs = try #require(try Self.json(game.url("out/manifest.json"))["jobs"] as? [String: [String: Any]])
        let outputs = jobs.values.flatMap { ($0["outputs"] as? [[String: Any]] ?? []).compactMap { $0["path"] as? String } }
        for path in ["game/tabletop-simulator/deck-1.png", "game/tabletop-simulator/back.png",
                     "game/tabletop-simulator/saved-object.json", "deck/tabletop-simulator/deck-1.jpg",
                     "deck/tabletop-simulator/back.jpg", "deck/tabletop-simulator/saved-object.json"] {
            #expect(outputs.contains(path), "\(path)")
        }
        // A bad URL in a spec is refused at its line, before anything is written.
        try game.write("bad.yaml", "jobs:\n  - kind: deck\n    tabletop-simulator: true\n    base-url: ftp://example.com/\n")
        let bad = try CLIRunner.run(["batch", "bad.yaml", "--out", "bad"], in: game.folder)
        #expect(bad.status == 2)
        #expect(bad.stderrLines.count == 1 && bad.stderr.contains("bad.yaml:4:"), "\(bad.stderr)")
        #expect(!FileManager.default.fileExists(atPath: game.url("bad/deck").path))
    }

    @Test func badOptionsAreOneLineAndWriteNothing() throws {
        let game = try CardsFixture.make("tts-errors")
        defer { game.remove() }
        let cases: [([String], String)] = [
            (["--tabletop-simulator"], "--tabletop-simulator needs a back (--back FILE)"),
            (["--back", "back.yaml", "--base-url", "https://example.com/"], "--base-url names where the Tabletop Simulator"),
            (["--back", "back.yaml", "--tabletop-simulator", "--tabletop-format", "svg"], "--tabletop-format must be png or jpg"),
            (["--back", "back.yaml", "--tabletop-simulator", "--base-url", "https://example.com/a b/"], "--base-url must be"),
            (["--back", "back.yaml", "--tabletop-simulator", "--base-url", "https://" + String(repeating: "a", count: 2050)],
             "at most 2048"),
        ]
        for (arguments, message) in cases {
            let result = try game.cards(arguments + ["--out", "out"])
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderrLines.count == 1 && result.stderr.contains(message), "\(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: game.url("out/tabletop-simulator").path))
        }
    }
}

extension TabletopSimulatorCLITests {
    @Test func backsThatDifferByRowAreBackSheetsFromTheCLIAndABatch() throws {
        let game = try CardsFixture.make("tts-row-backs")
        defer { game.remove() }
        try game.write("row-back.yaml", "card: {size: poker, background: \"{color}\"}\nlayers: []\n")
        let result = try game.cards(["--back", "row-back.yaml", "--tabletop-simulator", "--out", "out"])
        #expect(result.status == 0, "\(result.stderr)")
        let folder = game.url("out/tabletop-simulator")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
                == ["backs-1.png", "deck-1.png", "saved-object.json"])
        // The back sheet is cut like the face sheet (2 × 2 of 1463 × 2048 px); each row's back,
        // filled with its row's colour, sits in its card's slot, the empty slot white.
        let backs = try PNG.read(contentsOf: folder.appendingPathComponent("backs-1.png"))
        #expect(backs.width == 2 * 1463 && backs.height == 2 * 2048)
        let colours: [(UInt8, UInt8, UInt8)] = [(0xf4, 0xa2, 0x61), (0x8a, 0xb1, 0x7d), (0x2a, 0x9d, 0x8f), (255, 255, 255)]
        for (slot, colour) in colours.enumerated() {
            let pixel = backs[slot % 2 * 1463 + 731, slot / 2 * 2048 + 1024]
            #expect((pixel.r, pixel.g, pixel.b) == colour, "slot \(slot)")
        }
        let (ids, sheets, _) = try Self.deck(in: folder.appendingPathComponent("saved-object.json"))
        #expect(ids == [100, 100, 100, 101, 102, 102])
        let base = URL(fileURLWithPath: folder.path, isDirectory: true).absoluteString
        #expect(sheets["1"]?["BackURL"] as? String == base + "backs-1.png")
        #expect(sheets["1"]?["UniqueBack"] as? Bool == true && sheets["1"]?["BackIsHidden"] as? Bool == true)
        let listed = try #require(try Self.json(game.url("out/cards.json"))["tabletopSimulator"] as? [String: Any])
        #expect((listed["images"] as? [[String: Any]])?.compactMap { $0["path"] as? String }
                == ["tabletop-simulator/deck-1.png", "tabletop-simulator/backs-1.png"])
        // A batch job plans and writes the same files.
        try game.write("spec.yaml", """
        jobs:
          - kind: cards
            template: template.yaml
            data: cards.csv
            back: row-back.yaml
            tabletop-simulator: true
            output: game

        """)
        let batch = try CLIRunner.run(["batch", "spec.yaml", "--out", "batch", "--quiet"], in: game.folder)
        #expect(batch.status == 0, "\(batch.stderr)")
        for name in ["deck-1.png", "backs-1.png", "saved-object.json"] {
            #expect(try Data(contentsOf: game.url("batch/game/tabletop-simulator/" + name)).count > 0, "\(name)")
        }
        #expect(try Data(contentsOf: game.url("batch/game/tabletop-simulator/backs-1.png"))
                == (try Data(contentsOf: folder.appendingPathComponent("backs-1.png"))))
        let jobs = try #require(try Self.json(game.url("batch/manifest.json"))["jobs"] as? [String: [String: Any]])
        let outputs = jobs.values.flatMap { ($0["outputs"] as? [[String: Any]] ?? []).compactMap { $0["path"] as? String } }
        #expect(outputs.contains("game/tabletop-simulator/backs-1.png") && !outputs.contains("game/tabletop-simulator/back.png"))
    }

    @Test func theHiddenFaceInTheLastSlotTakesASlotOfEachSheet() throws {
        let dir = try CLIRunner.temporaryDirectory("tts-hidden")
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try CLIRunner.run(["deck", "--size", "100x140", "--scale", "1", "--tabletop-simulator",
                                        "--tabletop-hidden", "last-slot", "--out", dir.path])
        #expect(result.status == 0, "\(result.stderr)")
        let (ids, sheets, _) = try Self.deck(in: dir.appendingPathComponent("tabletop-simulator/saved-object.json"))
        #expect(ids == Array(100..<152))
        let sheet = try #require(sheets["1"])
        #expect(sheet["BackIsHidden"] as? Bool == false)
        let (columns, rows) = (try #require(sheet["NumWidth"] as? Int), try #require(sheet["NumHeight"] as? Int))
        #expect(columns * rows >= 53, "52 cards and the hidden face")
    }
}

extension TabletopSimulatorCLITests {
    @Test func aQualityMayBeForTheJPEGSheetsAlone() throws {
        let dir = try CLIRunner.temporaryDirectory("tts-quality")
        defer { try? FileManager.default.removeItem(at: dir) }
        var sizes: [Int] = []
        for quality in ["95", "30"] {
            let out = dir.appendingPathComponent(quality)
            let result = try CLIRunner.run(["deck", "--size", "100x140", "--scale", "1", "--tabletop-simulator",
                                            "--tabletop-format", "jpg", "--quality", quality, "--out", out.path])
            #expect(result.status == 0, "\(result.stderr)")
            sizes.append(try Data(contentsOf: out.appendingPathComponent("tabletop-simulator/deck-1.jpg")).count)
        }
        #expect(sizes[1] < sizes[0])
        // Without a lossy format anywhere, a quality still changes nothing and is refused.
        let refused = try CLIRunner.run(["deck", "--tabletop-simulator", "--quality", "30", "--out", dir.path + "/png"])
        #expect(refused.status == 2 && refused.stderrLines.count == 1, "\(refused.stderr)")
    }
}
