import Drawing
import Foundation
import Testing

/// `cardrender cards` with text in the world's scripts: every script drawn from the bundled
/// fonts the same way in PNG, SVG and PDF, file names that keep their script, missing glyphs
/// reported (and refused with --strict), and bidi text as Pango's own pango-view lays it out.
@Suite struct ScriptsCLITests {
    static let template = """
    card:
      size: poker
      background: "#ffffff"
      name: "{id}-{title}"
    layers:
      - type: text
        x: 0.15in
        y: 0.15in
        width: 2.2in
        height: 0.5in
        text: "{title}"
        font: DejaVu Sans Bold 16
        align: start
      - type: text
        x: 0.15in
        y: 0.8in
        width: 2.2in
        height: 2.5in
        text: "{rules}"
        font: DejaVu Sans 11
        align: start
    """

    /// One card per script; the stems keep their script.
    static let rows: [(stem: String, csv: String)] = [
        ("01-불꽃", "01,불꽃,대상 하나에게 피해 1을 줍니다."),
        ("02-炎の呪文", "02,炎の呪文,「ゆっくり」と、対象のクリーチャー１体に１点のダメージを与える。"),
        ("03-火焰", "03,火焰,对目标生物造成1点伤害。直到回合结束，該生物獲得「飛行」。"),
        ("04-مرحبا", "04,مرحبا,قم بإلحاق 3 ضرر بالمخلوق (Dragon 2024) ثم اسحب بطاقة."),
        ("05-שלום", "05,שלום,גרום 2 נזק למטרה. Draw 1 card."),
        ("06-สวัสดี", "06,สวัสดี,สร้างความเสียหาย 1 แก่เป้าหมาย"),
        ("07-नमस्ते", "07,नमस्ते,लक्ष्य को 1 क्षति पहुँचाएँ।"),
        ("08-Ωμέγα-Привет", "08,Ωμέγα Привет,Ĥéllö àçčents ŁŻŚ 😀🐉🔥"),
        ("09-Emoji", "09,Emoji 🔥😀🐉,Colour: 👍🏽 🇰🇷 1️⃣ ☎️ 👨‍👩‍👧 ⚡; Symbola: 🀅"),
    ]

    static var csv: String { "id,title,rules\n" + rows.map(\.csv).joined(separator: "\n") + "\n" }

    func make(_ name: String, csv: String = ScriptsCLITests.csv) throws -> CardsFixture {
        let game = CardsFixture(folder: try CLIRunner.temporaryDirectory(name))
        try game.write("template.yaml", Self.template)
        try game.write("cards.csv", csv)
        return game
    }

    /// No warning (so no missing glyph), and the PNG, the SVG drawn back by librsvg and the PDF
    /// rasterised by poppler agree within 0.5 % of pixels for every script.
    @Test func everyScriptDrawsTheSameInPNGSVGAndPDF() throws {
        let game = try make("scripts")
        defer { game.remove() }
        let dpi = 144
        let result = try game.cards(["--format", "png,svg,pdf", "--dpi", "\(dpi)", "--out", "out"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        let written = try game.tree("out").keys.sorted()
        let expected = (Self.rows.map(\.stem).flatMap { ["\($0).pdf", "\($0).png", "\($0).svg"] } + ["cards.json"]).sorted()
        #expect(written == expected)
        for stem in Self.rows.map(\.stem) {
            let png = try PNG.read(contentsOf: game.url("out/\(stem).png"))
            let svg = try Image.load(contentsOf: game.url("out/\(stem).svg"))
            let redrawn = try Picture(size: svg.size) { canvas in
                try canvas.draw(svg, in: canvas.bounds, fit: .stretch)
            }.rasterize(resolution: .dpi(Double(dpi)))
            let pdf = try PrintCLITests.Raster(game.url("out/\(stem).pdf"), page: 1, dpi: dpi)
            let cairo = CardsCLITests.onWhite(png)
            let others = [("SVG", CardsCLITests.onWhite(redrawn)),
                          ("PDF", CardsCLITests.RGBPixels(width: pdf.width, height: pdf.height, bytes: pdf.bytes))]
            for (format, other) in others {
                #expect((other.width, other.height) == (cairo.width, cairo.height), "\(stem) \(format)")
                guard (other.width, other.height) == (cairo.width, cairo.height) else { continue }
                for (a, b, direction) in [(cairo, other, "PNG in \(format)"), (other, cairo, "\(format) in PNG")] {
                    let share = CardsCLITests.shareWithinNeighbourhood(a, of: b, tolerance: 16)
                    #expect(share >= 0.995, "\(stem), \(direction): only \(String(format: "%.2f", share * 100))% agree")
                }
            }
            // Text was drawn: the rules box is not blank.
            #expect(Self.inkBounds(cairo) != nil, "\(stem) is blank")
        }
    }

    /// The emoji card is in colour in all three formats: its PNG, its SVG drawn back by librsvg and
    /// its PDF rasterised by poppler each have hundreds of clearly coloured pixels (only emoji are).
    @Test func emojiAreInColourInPNGSVGAndPDF() throws {
        let emoji = try #require(Self.rows.first { $0.stem == "09-Emoji" })
        let game = try make("scripts-emoji", csv: "id,title,rules\n" + emoji.csv + "\n")
        defer { game.remove() }
        let dpi = 144
        let result = try game.cards(["--format", "png,svg,pdf", "--dpi", "\(dpi)", "--out", "out"])
        #expect(result.status == 0, "\(result.stderr)")
        let svg = try Image.load(contentsOf: game.url("out/09-Emoji.svg"))
        let redrawn = try Picture(size: svg.size) { canvas in
            try canvas.draw(svg, in: canvas.bounds, fit: .stretch)
        }.rasterize(resolution: .dpi(Double(dpi)))
        let pdf = try PrintCLITests.Raster(game.url("out/09-Emoji.pdf"), page: 1, dpi: dpi)
        let pictures = [("PNG", CardsCLITests.onWhite(try PNG.read(contentsOf: game.url("out/09-Emoji.png")))),
                        ("SVG", CardsCLITests.onWhite(redrawn)),
                        ("PDF", CardsCLITests.RGBPixels(width: pdf.width, height: pdf.height, bytes: pdf.bytes))]
        for (format, image) in pictures {
            var coloured = 0
            for y in 0..<image.height {
                for x in 0..<image.width {
                    let channels = (0..<3).map { Int(image[x, y, $0]) }
                    if (channels.max() ?? 0) - (channels.min() ?? 0) > 80 { coloured += 1 }
                }
            }
            #expect(coloured > 1000, "\(format): only \(coloured) coloured pixels")
        }
    }

    /// Cards whose text falls back to other bundled fonts are the same bytes with one worker or two
    /// (each worker thread has its own font maps).
    @Test func everyScriptGivesTheSameBytesForAnyWorkerCount() throws {
        let game = try make("scripts-workers")
        defer { game.remove() }
        for workers in ["1", "2"] {
            let result = try game.cards(["--format", "png,svg,pdf", "-j", workers, "--out", "out-\(workers)"])
            #expect(result.status == 0, "\(result.stderr)")
        }
        let one = try game.tree("out-1"), two = try game.tree("out-2")
        #expect(one.count == Self.rows.count * 3 + 1)
        #expect(one == two)
    }

    static let unassigned = "09,Unassigned,a\u{0378}b\u{0380}c\u{2FE0}d\u{50000}"

    /// A character no bundled font has is a warning naming it, the font list, the row and the
    /// layer; the cards are still written and cards.json keeps the warning.
    @Test func aMissingGlyphIsAWarningWithCharacterRowAndLayer() throws {
        let game = try make("scripts-missing", csv: "id,title,rules\n" + Self.rows[0].csv + "\n" + Self.unassigned + "\n")
        defer { game.remove() }
        let result = try game.cards(["--out", "out"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderrLines == ["cardrender: warning: template.yaml:14:5: row 2 (cards.csv:3), layer 2 (text): "
            + "no glyph for U+0378 \"\u{0378}\", U+0380 \"\u{0380}\", U+2FE0 \"\u{2FE0}\", U+50000 \"\u{50000}\" "
            + "in the fonts DejaVu Sans (or any bundled fallback font)"])
        #expect(try game.tree("out").keys.sorted() == ["01-불꽃.png", "09-Unassigned.png", "cards.json"])
        let warnings = try game.json("out/cards.json")["warnings"] as? [String] ?? []
        #expect(warnings.count == 1 && (result.stderrLines.first ?? "").hasSuffix(warnings.first ?? "-"), "\(warnings)")
    }

    /// A file name keeps the data's script, and the contact sheet draws it as the caption: a
    /// character no bundled font has is named there too, with the row.
    @Test func aCaptionWithoutGlyphsIsAWarning() throws {
        let game = try make("scripts-caption", csv: "id,title,rules\n" + Self.rows[0].csv + "\n10,ሰላም,x\n")
        defer { game.remove() }
        let result = try game.cards(["--contact-sheet", "--out", "out"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderrLines.contains("cardrender: warning: contact-sheet.png: row 2 (cards.csv:3): the caption "
            + "\"10-ሰላም\" has no glyph for U+1230 \"ሰ\", U+120B \"ላ\", U+121D \"ም\" in the bundled fonts"), "\(result.stderr)")
        #expect(try game.tree("out").keys.contains("contact-sheet.png"))
        let strict = try game.cards(["--contact-sheet", "--strict", "--out", "strict"])
        #expect(strict.status == 2, "\(strict.stderr)")
        #expect((try? game.tree("strict"))?.isEmpty ?? true)
    }

    @Test func aMissingGlyphWithStrictIsExitTwoAndNothingWritten() throws {
        let game = try make("scripts-strict", csv: "id,title,rules\n" + Self.rows[0].csv + "\n" + Self.unassigned + "\n")
        defer { game.remove() }
        let result = try game.cards(["--strict", "--format", "png,svg", "--contact-sheet", "--out", "out"])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderrLines.count == 1, "\(result.stderr)")
        #expect((result.stderrLines.first ?? "").hasPrefix("cardrender: error: template.yaml:14:5: row 2 (cards.csv:3), "
            + "layer 2 (text): no glyph for U+0378"), "\(result.stderr)")
        #expect(try game.tree("out").isEmpty)
    }

    /// A `kind: cards` batch job keeps the warning in manifest.json's entry as well as in its cards.json.
    @Test func aBatchManifestKeepsMissingGlyphWarnings() throws {
        let game = try make("scripts-batch", csv: "id,title,rules\n" + Self.rows[0].csv + "\n" + Self.unassigned + "\n")
        defer { game.remove() }
        try game.write("specs/spec.yaml", """
            jobs:
              - kind: cards
                template: ../template.yaml
                data: ../cards.csv
                output: game
            """)
        let result = try CLIRunner.run(["batch", "specs/spec.yaml", "--out", "out"], in: game.folder)
        #expect(result.status == 0, "\(result.stderr)")
        let manifest = try game.json("out/manifest.json")
        let jobs = manifest["jobs"] as? [String: [String: Any]] ?? [:]
        let warnings = jobs.values.first?["warnings"] as? [String] ?? []
        #expect(jobs.count == 1 && warnings.count == 1, "\(manifest)")
        #expect(warnings.first?.hasSuffix("layer 2 (text): no glyph for U+0378 \"\u{0378}\", U+0380 \"\u{0380}\", U+2FE0 "
            + "\"\u{2FE0}\", U+50000 \"\u{50000}\" in the fonts DejaVu Sans (or any bundled fallback font)") == true,
                "\(warnings)")
        let cardsWarnings = try game.json("out/game/cards.json")["warnings"] as? [String] ?? []
        #expect(cardsWarnings == warnings)
        #expect(result.stderr.contains("U+0378"), "\(result.stderr)")
    }

    /// A line mixing Arabic, Latin and numbers, laid out by the card and by pango-view (Debian's
    /// pango1.0-tools) with the same font files and settings: the inked pixels match, so the runs
    /// are ordered and placed as the Unicode bidi algorithm says in both.
    @Test(arguments: ["قم بإلحاق 3 ضرر (Dragon 2024) ثم اسحب", "שלום Hello 123 עולם", "مرحبا World ٣٤٥ end"])
    func bidiLineMatchesPangoView(_ line: String) throws {
        let game = CardsFixture(folder: try CLIRunner.temporaryDirectory("scripts-bidi"))
        defer { game.remove() }
        try game.write("template.yaml", """
            card:
              size: 4x1in
              corner-radius: 0
              background: "#ffffff"
            layers:
              - type: text
                x: 0.1in
                y: 0.1in
                width: 3.8in
                height: 0.8in
                text: "\(line)"
                font: DejaVu Sans 12
                wrap: none
            """)
        let dpi = 144
        let result = try game.cards(["--dpi", "\(dpi)", "--out", "out"], data: nil)
        #expect(result.status == 0, "\(result.stderr)")
        let card = CardsCLITests.onWhite(try PNG.read(contentsOf: game.url("out/001.png")))

        // pango-view sees only the bundled fonts, through a configuration of its own.
        let fonts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fonts")
        try game.write("fonts.conf", """
            <?xml version="1.0"?>
            <fontconfig><dir>\(fonts.path)</dir><cachedir>\(game.url("fc-cache").path)</cachedir></fontconfig>
            """)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["pango-view", "--no-display", "--dpi=\(dpi)", "--font=DejaVu Sans 12", "--hinting=none",
                             "--hint-metrics=off", "--antialias=gray", "--subpixel-positions", "--margin=0",
                             "--language=en", "--text=\(line)", "--output=\(game.url("pango-view.png").path)"]
        process.environment = ["FONTCONFIG_FILE": game.url("fonts.conf").path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "pango-view failed")
        let reference = CardsCLITests.onWhite(try PNG.read(contentsOf: game.url("pango-view.png")))

        let cardInk = try #require(Self.inkBounds(card)), referenceInk = try #require(Self.inkBounds(reference))
        #expect(abs(cardInk.width - referenceInk.width) <= 1 && abs(cardInk.height - referenceInk.height) <= 1,
                "card ink \(cardInk), pango-view ink \(referenceInk)")
        let a = Self.crop(card, cardInk), b = Self.crop(reference, referenceInk)
        let width = min(a.width, b.width), height = min(a.height, b.height)
        let left = Self.crop(a, (0, 0, width, height)), right = Self.crop(b, (0, 0, width, height))
        for (x, y, direction) in [(left, right, "card in pango-view"), (right, left, "pango-view in card")] {
            let share = CardsCLITests.shareWithinNeighbourhood(x, of: y, tolerance: 24)
            #expect(share >= 0.99, "\(direction): only \(String(format: "%.2f", share * 100))% of pixels agree")
        }
    }

    /// The smallest rectangle holding every pixel darker than near-white.
    static func inkBounds(_ image: CardsCLITests.RGBPixels) -> (x: Int, y: Int, width: Int, height: Int)? {
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        for y in 0..<image.height {
            for x in 0..<image.width where (0..<3).contains(where: { image[x, y, $0] < 200 }) {
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        return maxX < 0 ? nil : (minX, minY, maxX - minX + 1, maxY - minY + 1)
    }

    static func crop(_ image: CardsCLITests.RGBPixels, _ rect: (x: Int, y: Int, width: Int, height: Int))
        -> CardsCLITests.RGBPixels {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(rect.width * rect.height * 3)
        for y in rect.y..<(rect.y + rect.height) {
            let start = (y * image.width + rect.x) * 3
            bytes += image.bytes[start..<(start + rect.width * 3)]
        }
        return CardsCLITests.RGBPixels(width: rect.width, height: rect.height, bytes: bytes)
    }
}
