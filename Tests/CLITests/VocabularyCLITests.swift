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
