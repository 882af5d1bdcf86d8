import Foundation
import Testing

/// `cardrender cards` refusing bad input: one line on stderr naming the problem and where it is,
/// exit status 2, and nothing written into --out.
@Suite struct CardsErrorCLITests {
    /// A way to break the fixture game, and what the one line must say.
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var template: String = CardsFixture.template
        var csv: String = CardsFixture.csv
        /// Bytes, not `Data`: `Data` held in a static test argument list is reported by LeakSanitizer.
        var files: [String: [UInt8]] = [:]
        var arguments: [String] = []
        /// Parts of the message, each of which must appear in it; the first starts it.
        var expected: [String]

        var testDescription: String { name }
    }

    static func replacing(_ old: String, with new: String, in text: String = CardsFixture.template) -> String {
        precondition(text.contains(old), "the fixture no longer contains \(old)")
        return text.replacingOccurrences(of: old, with: new)
    }

    static let cases: [Case] = [
        Case(name: "unknown layer type",
             template: replacing("  - type: polygon", with: "  - type: polygn"),
             expected: ["cardrender: error: template.yaml:11:11: unknown layer type \"polygn\"; did you mean \"polygon\"?"]),
        Case(name: "unknown layer key",
             template: replacing("    color: \"#222222\"", with: "    colour: \"#222222\""),
             expected: ["cardrender: error: template.yaml:41:5: unknown key \"colour\"; did you mean \"color\"?"]),
        Case(name: "column missing from the data",
             template: replacing("text: \"{title}\"", with: "text: \"{titel}\""),
             expected: ["cardrender: error: template.yaml:39:11: row 1 (cards.csv:2), layer 4 (text): no column \"titel\"; "
                        + "did you mean \"title\"?"]),
        Case(name: "missing image file",
             template: replacing("src: art/dot.png", with: "src: art/missing.png"),
             expected: ["cardrender: error: template.yaml:32:10: row 1 (cards.csv:2), layer 3 (image): "
                        + "the image art/missing.png does not exist"]),
        Case(name: "a .png that is text",
             files: ["art/dot.png": Array("this is not an image\n".utf8)],
             expected: ["cardrender: error: template.yaml:27:5: row 1 (cards.csv:2), layer 3 (image): ",
                        "/art/dot.png is not a PNG, JPEG, WebP or SVG image"]),
        Case(name: "ragged CSV row",
             csv: replacing("03,Flood,spell,2,", with: "03,Flood,spell,", in: CardsFixture.csv),
             expected: ["cardrender: error: cards.csv:4: row 3 has 7 fields, the header has 8"]),
        Case(name: "CSV that is not UTF-8",
             files: ["cards.csv": Array(replacing("Flood", with: "Fl\u{1}od", in: CardsFixture.csv).utf8)
                .map { $0 == 1 ? 0xFF : $0 }],
             expected: ["cardrender: error: cards.csv:4: line 4 is not UTF-8 text (byte 0xFF); save the file as UTF-8"]),
        Case(name: "bad markup in text",
             csv: replacing("Every creature gets -1 power.", with: "Every <b>creature gets -1 power.", in: CardsFixture.csv),
             // The column is the text's own, not Pango's wrapped copy of it.
             expected: ["cardrender: error: template.yaml:43:5: row 3 (cards.csv:4), layer 5 (text): text markup: "
                        + "<b> is never closed (opened at column 7 of the text)"]),
        Case(name: "unknown font family",
             template: replacing("font: DejaVu Serif Bold 14", with: "font: Comic Sans Bold 14"),
             expected: ["cardrender: error: template.yaml:34:5: row 1 (cards.csv:2), layer 4 (text): "
                        + "unknown font family \"Comic Sans\"; available: DejaVu Sans, DejaVu Serif"]),
        Case(name: "text that overflows at its smallest size, with --strict",
             template: replacing("fit: {min-size: 6}", with: "fit: {min-size: 11}"),
             arguments: ["--strict"],
             expected: ["cardrender: error: template.yaml:43:5: row 2 (cards.csv:3), layer 5 (text): "
                        + "text does not fit its 151.2×57.6 pt box at 11 pt (its smallest size)"]),
        Case(name: "a template that extends itself",
             template: "extends: template.yaml\n" + CardsFixture.template,
             expected: ["cardrender: error: template.yaml:1:10: templates extend each other in a cycle: "
                        + "template.yaml → template.yaml"]),
        Case(name: "--dpi 0", arguments: ["--dpi", "0"],
             expected: ["cardrender: error: --dpi must be from 18 to 1200 pixels per inch, got 0"]),
    ]

    @Test(arguments: cases) func badInputIsOneLineExitTwoAndNoFiles(_ bad: Case) throws {
        let game = try CardsFixture.make("cards-error", template: bad.template, csv: bad.csv)
        defer { game.remove() }
        for (path, bytes) in bad.files { try game.write(path, Data(bytes)) }
        let result = try game.cards(bad.arguments + ["--format", "png,svg", "--sheet", "--contact-sheet", "--out", "out"])
        #expect(result.status == 2, "exit \(result.status): \(result.stderr)")
        #expect(result.stderrLines.count == 1, "\(result.stderr)")
        let line = result.stderrLines.first ?? ""
        #expect(line.hasPrefix("cardrender: error: "), "\(line)")
        #expect(line.hasPrefix(bad.expected.first ?? ""), "\(line)")
        for part in bad.expected { #expect(line.contains(part), "\"\(part)\" not in: \(line)") }
        #expect(result.stdout.isEmpty, "\(result.stdout)")
        let written = try game.tree("out").keys.sorted()
        #expect(written.isEmpty, "\(written)")
    }

    /// Without --strict, text that cannot fit is drawn anyway, with one warning per box.
    @Test func overflowingTextIsAWarningWithoutStrict() throws {
        let game = try CardsFixture.make("cards-overflow",
                                         template: Self.replacing("fit: {min-size: 6}", with: "fit: {min-size: 11}"))
        defer { game.remove() }
        let result = try game.cards(["--out", "out"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderrLines.count == 1, "\(result.stderr)")
        let line = result.stderrLines.first ?? ""
        #expect(line == "cardrender: warning: template.yaml:43:5: row 2 (cards.csv:3), layer 5 (text): "
                + "text does not fit its 151.2×57.6 pt box at 11 pt (its smallest size)", "\(line)")
        #expect(try game.tree("out").keys.sorted() == CardsFixture.stems.map { "\($0).png" } + ["cards.json"])
        // The warning is kept with the cards.
        let warnings = try game.json("out/cards.json")["warnings"] as? [String] ?? []
        #expect(warnings.count == 1 && line.hasSuffix(warnings.first ?? "-"), "\(warnings)")
    }
}
