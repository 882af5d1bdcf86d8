import Foundation
import Testing

/// The commands speak one language: paths printed as `--out` was typed, "1 file", one file a line,
/// one length grammar, aliases said out loud, each default shown once.
@Suite("One vocabulary across commands")
struct VocabularyCLITests {
    @Test func cardAndKeyboardPrintWrittenFilesTheSameWay() throws {
        let folder = try CLIRunner.temporaryDirectory("vocabulary")
        defer { try? FileManager.default.removeItem(at: folder) }
        let card = try CLIRunner.run(["card", "QH", "--scale", "1", "--out", "cards"], in: folder)
        #expect(card.status == 0, "\(card.stderr)")
        let cardLines = card.stdout.split(separator: "\n").map(String.init)
        #expect(cardLines.first == "cards/QH.png 180×252 px", "\(card.stdout)")
        #expect(cardLines.last?.hasPrefix("Wrote 1 file (") == true && cardLines.last?.contains(" into cards in ") == true,
                "\(card.stdout)")

        let keyboard = try CLIRunner.run(["keyboard", "--device", "iphone-8", "--scale", "0.5", "--out", "diagrams"], in: folder)
        #expect(keyboard.status == 0, "\(keyboard.stderr)")
        let keyboardLines = keyboard.stdout.split(separator: "\n").map(String.init)
        // Straight under --out, as card writes cards/QH.png.
        #expect(keyboardLines.first == "diagrams/iphone-8-portrait-bottom-offset.png", "\(keyboard.stdout)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("diagrams/iphone-8-portrait-bottom-offset.png").path))
        #expect(keyboardLines.last?.hasPrefix("Wrote 1 file (") == true, "\(keyboard.stdout)")
        #expect(keyboard.stderr.isEmpty, "\(keyboard.stderr)")
    }

    @Test func printOnDemandListsTheDocumentAndCountsTheCardImages() throws {
        let folder = try CLIRunner.temporaryDirectory("vocabulary-pod")
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLIRunner.run(["print", "--print-on-demand", "poker", "--cards", "AS,KH", "--out", "upload"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(result.stdout)")
        #expect(lines.first == "upload/deck-print.pdf")
        #expect(lines.last?.hasPrefix("Wrote 4 files (") == true && lines.last?.contains("3 in cards/") == true, "\(result.stdout)")
    }

    /// A bare number is points on `print` as in templates and `--size`.
    @Test func printTakesABareNumberAsPoints() throws {
        let folder = try CLIRunner.temporaryDirectory("vocabulary-length")
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, margin) in [("bare", "18"), ("points", "18pt"), ("inches", "0.25in")] {
            let result = try CLIRunner.run(["print", "--cards", "AS", "--margin", margin, "--gutter", "0", "--out", name], in: folder)
            #expect(result.status == 0, "\(margin): \(result.stderr)")
        }
        let bare = try Data(contentsOf: folder.appendingPathComponent("bare/deck-print.pdf"))
        #expect(bare == (try Data(contentsOf: folder.appendingPathComponent("points/deck-print.pdf"))))
        #expect(bare == (try Data(contentsOf: folder.appendingPathComponent("inches/deck-print.pdf"))))
    }

    @Test func anAliasSaysWhichDeviceItDraws() throws {
        let result = try CLIRunner.run(["keyboard", "--device", "iphone-13", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderrLines == ["cardrender: note: iphone-13 is drawn as iphone-12, iPhone 12/13/14 (6.1-inch, notch)"])
        #expect(result.stdout.contains("\"iphone-12\""))
        let byID = try CLIRunner.run(["keyboard", "--device", "iphone-12", "--json"])
        #expect(byID.stderr.isEmpty, "\(byID.stderr)")

        let devices = try CLIRunner.run(["devices"])
        #expect(devices.stdout.contains("  iphone-12: iphone-13, iphone-14, iphone-12-pro"), "\(devices.stdout)")
    }

    /// A spec or a batch job that names a device by alias says so too, at the line that names it.
    @Test func specsAndBatchJobsSayWhichDeviceAnAliasDraws() throws {
        let folder = try CLIRunner.temporaryDirectory("vocabulary-alias")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("diagrams:\n  - device: iphone-13\n    scale: 0.5\n  - device: iphone-8\n    scale: 0.5\n".utf8)
            .write(to: folder.appendingPathComponent("diagrams.yaml"))
        let spec = try CLIRunner.run(["keyboard", "--spec", "diagrams.yaml", "--out", "spec"], in: folder)
        #expect(spec.status == 0, "\(spec.stderr)")
        #expect(spec.stderrLines == ["cardrender: note: diagrams.yaml:2:13: iphone-13 is drawn as iphone-12, "
                                     + "iPhone 12/13/14 (6.1-inch, notch)"])
        try Data("jobs:\n  - {kind: keyboard, device: iphone-14, scale: 0.5, output: a}\n  - {kind: keyboard, device: iphone-12, scale: 0.5, output: b}\n".utf8)
            .write(to: folder.appendingPathComponent("batch.yaml"))
        let batch = try CLIRunner.run(["batch", "batch.yaml", "--out", "batch", "--quiet"], in: folder)
        #expect(batch.status == 0, "\(batch.stderr)")
        #expect(batch.stderrLines.filter { $0.hasPrefix("cardrender:") }
                == ["cardrender: warning: job a/device=iphone-14,scale=0.5: iphone-14 is drawn as iphone-12, iPhone 12/13/14 (6.1-inch, notch)"],
                "\(batch.stderr)")
    }

    /// `--bleed` takes the same values on `cards`, `print` and in a spec: off, template or a length;
    /// a bare `cards --bleed`, the flag it once was, still means the template's.
    @Test func bleedIsOffTemplateOrALengthOnEveryCommand() throws {
        let game = try CardsFixture.make("vocabulary-bleed")
        defer { game.remove() }
        let options = ["--dpi", "72", "--format", "png,svg"]
        for (name, arguments) in [("bare", ["--bleed"]), ("template", ["--bleed", "template"]), ("length", ["--bleed", "1/8in"]),
                                  ("off", ["--bleed", "off"]), ("none", [])] {
            CardsCLITests.expectSuccess(try game.cards(arguments + options + ["--out", name]), name)
        }
        // The flag's old place, before the template's path, still works.
        CardsCLITests.expectSuccess(try CLIRunner.run(["cards", "--bleed", "template.yaml", "--data", "cards.csv"] + options
                                                          + ["--out", "before"], in: game.folder))
        let bleed = try game.tree("template")
        for name in ["bare", "length", "before"] { #expect(try game.tree(name) == bleed, "\(name)") }
        #expect(try game.tree("off") == game.tree("none"))
        #expect(try game.tree("off") != bleed)
        #expect(try CardsCLITests.pixelSize(game.url("template/01-Spark.png")) == (198, 270))
        let manifest = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: game.url("length/cards.json"))) as? [String: Any])
        #expect(manifest["bleed"] as? Bool == true && manifest["bleedPoints"] as? Double == 9)

        // A length in place of the template's: the cards grow by it, and the background with them.
        CardsCLITests.expectSuccess(try game.cards(["--bleed", "3mm", "--out", "3mm"] + options))
        #expect(try CardsCLITests.pixelSize(game.url("3mm/01-Spark.png")) == (198, 270))
        CardsCLITests.expectSuccess(try game.cards(["--bleed", "18pt", "--out", "wide"] + options))
        #expect(try CardsCLITests.pixelSize(game.url("wide/01-Spark.png")) == (216, 288))

        let bad = try game.cards(["--bleed", "banana", "--out", "bad"])
        #expect(bad.status == 2 && bad.stderrLines.count == 1, "\(bad.stderr)")
        #expect(bad.stderr.contains("\"banana\" is not a bleed; use off, template"), "\(bad.stderr)")
        let negative = try game.cards(["--bleed", "-2mm", "--out", "bad"])
        #expect(negative.status == 2 && negative.stderr.contains("length \"-2mm\" is negative"), "\(negative.stderr)")
        #expect(try game.tree("bad").isEmpty)

        // print: the same words; `template` is the template's bleed, refused for the built-in deck.
        let sheets = ["print", "--template", "template.yaml", "--data", "cards.csv", "--pages-png", "36"]
        for (name, bleed) in [("print-template", "template"), ("print-length", "1/8in")] {
            let result = try CLIRunner.run(sheets + ["--bleed", bleed, "--out", name], in: game.folder)
            #expect(result.status == 0, "\(result.stderr)")
        }
        #expect(try game.tree("print-template") == game.tree("print-length"))
        let deck = try CLIRunner.run(["print", "--bleed", "template", "--out", "deck"], in: game.folder)
        #expect(deck.status == 2 && deck.stderrLines == ["cardrender: error: --bleed template is the bleed of --template cards; "
                                                         + "the built-in deck has none of its own: give a length such as 1/8in or 3mm"],
                "\(deck.stderr)")

        // A batch job: `bleed: true` as before, or any of the words.
        try game.write("spec.yaml", """
            jobs:
              - {kind: cards, template: template.yaml, data: cards.csv, dpi: 72, bleed: true, output: flag}
              - {kind: cards, template: template.yaml, data: cards.csv, dpi: 72, bleed: 18pt, output: wide}
              - {kind: cards, template: template.yaml, data: cards.csv, dpi: 72, bleed: "off", output: trim}

            """)
        let batch = try CLIRunner.run(["batch", "spec.yaml", "--out", "batch", "--quiet"], in: game.folder)
        #expect(batch.status == 0, "\(batch.stderr)")
        #expect(try CardsCLITests.pixelSize(game.url("batch/flag/01-Spark.png")) == (198, 270))
        #expect(try CardsCLITests.pixelSize(game.url("batch/wide/01-Spark.png")) == (216, 288))
        #expect(try CardsCLITests.pixelSize(game.url("batch/trim/01-Spark.png")) == (180, 252))
        try game.write("bad-spec.yaml", "jobs:\n  - {kind: cards, template: template.yaml, data: cards.csv, bleed: lots, output: x}\n")
        let badSpec = try CLIRunner.run(["batch", "bad-spec.yaml", "--out", "batch-bad"], in: game.folder)
        #expect(badSpec.status == 2 && badSpec.stderrLines.count == 1, "\(badSpec.stderr)")
        #expect(badSpec.stderr.contains("bad-spec.yaml:2:") && badSpec.stderr.contains("\"lots\" is not a bleed"), "\(badSpec.stderr)")
    }

    /// swift-argument-parser appends "(default: …)"; help text that states it too says it twice.
    @Test(arguments: ["card", "deck", "cards", "print", "keyboard", "diff", "verify", "report", "batch", "render"])
    func helpShowsEachDefaultOnce(command: String) throws {
        let result = try CLIRunner.run(["help", command])
        #expect(result.status == 0, "\(result.stderr)")
        let options = try #require(result.stdout.components(separatedBy: "OPTIONS:").last)
        // Each option's entry starts on a line indented by two spaces and a dash.
        var entries: [String] = []
        for line in options.split(separator: "\n") {
            if line.hasPrefix("  -") || entries.isEmpty { entries.append(String(line)) } else { entries[entries.count - 1] += " " + line }
        }
        #expect(entries.count > 3)
        for entry in entries {
            let text = entry.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            #expect(text.components(separatedBy: "default").count - 1 <= 1, "\(command): \(text)")
        }
    }
}
