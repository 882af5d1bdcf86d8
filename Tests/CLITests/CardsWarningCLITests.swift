import Drawing
import Foundation
import Testing

/// `cardrender cards` and `print --template` where the output would silently be wrong or the
/// message would point elsewhere: no cards, a bleed the template lacks, art stopping at the
/// trim, paths from data leaving the template's folder, and messages at the place the user wrote.
@Suite struct CardsWarningCLITests {
    static func replacing(_ old: String, with new: String, in text: String = CardsFixture.template) -> String {
        CardsErrorCLITests.replacing(old, with: new, in: text)
    }

    static func expectOneLine(_ result: CLIRunner.Result, status: Int32, _ expected: String,
                              sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.status == status, "exit \(result.status): \(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderrLines == [expected], "\(result.stderr)", sourceLocation: sourceLocation)
    }

    @Test func rowsMatchingNothingWarnAndFailWithStrict() throws {
        let game = try CardsFixture.make("cards-no-rows")
        defer { game.remove() }
        let warning = "cards.csv: none of its 3 rows meets --where \"type == Elf\", so no cards are made"
        Self.expectOneLine(try game.cards(["--where", "type == Elf", "--out", "out"]), status: 0, "cardrender: warning: " + warning)
        #expect(try game.tree("out").keys.sorted() == ["cards.json"])
        // No sheets of nothing: they are left out rather than failing half-way.
        Self.expectOneLine(try game.cards(["--where", "type == Elf", "--sheet", "--contact-sheet", "--out", "sheets"]), status: 0,
                           "cardrender: warning: " + warning)
        #expect(try game.tree("sheets").keys.sorted() == ["cards.json"])
        Self.expectOneLine(try game.cards(["--where", "type == Elf", "--strict", "--out", "strict"]), status: 2,
                           "cardrender: error: " + warning)
        #expect(try game.tree("strict").isEmpty)
        // A header and no rows.
        try game.write("header.csv", "id,title,type,cost,icon,color,rules,count\n")
        Self.expectOneLine(try game.cards(["--out", "header"], data: "header.csv"), status: 0,
                           "cardrender: warning: header.csv: the data has a header but no rows, so no cards are made")
        Self.expectOneLine(try game.cards(["--strict", "--out", "header-strict"], data: "header.csv"), status: 2,
                           "cardrender: error: header.csv: the data has a header but no rows, so no cards are made")
    }

    @Test func bleedOnATemplateWithoutOneWarns() throws {
        let game = try CardsFixture.make("cards-no-bleed", template: Self.replacing("  bleed: 0.125in\n", with: ""))
        defer { game.remove() }
        let warning = "template.yaml: the cards are to include the template's bleed, but it has no `card.bleed`, so they are "
            + "trim size (180 × 252 pt); set `bleed: 0.125in` under `card:` (1/8 in, what print services ask for) or give "
            + "the bleed as a length (--bleed 1/8in)"
        Self.expectOneLine(try game.cards(["--bleed", "--dpi", "72", "--out", "out"]), status: 0, "cardrender: warning: " + warning)
        Self.expectOneLine(try game.cards(["--bleed", "--strict", "--out", "strict"]), status: 2, "cardrender: error: " + warning)
        Self.expectOneLine(try game.cards(["--bleed", "template", "--dpi", "72", "--out", "named"]), status: 0,
                           "cardrender: warning: " + warning)
        CardsCLITests.expectSuccess(try game.cards(["--dpi", "72", "--out", "trim"]))
        // A length needs nothing from the template.
        CardsCLITests.expectSuccess(try game.cards(["--bleed", "9pt", "--dpi", "72", "--out", "length"]))
        #expect(try CardsCLITests.pixelSize(game.url("length/01-Spark.png")) == (198, 270))
    }

    /// Full-width art reaches the bleed's edge; an outlined rect and a `contain` image stay as written.
    @Test func layersTouchingTheTrimReachIntoTheBleed() throws {
        let game = try CardsFixture.make("cards-bleed-art", template: """
            card: {size: 180x252, dpi: 72, bleed: 9pt, background: white}
            layers:
              - {type: rect, x: 0, y: 0, width: 100%, height: 50%, fill: "#ff0000"}
              - {type: image, x: 0, y: 75%, width: 25%, height: 25%, src: art/blue.png, fit: stretch}
              - {type: rect, x: 75%, y: 90%, width: 25%, height: 10%, fill: "#00ff00", stroke: "#00ff00"}
              - {type: image, x: 50%, y: 90%, width: 10%, height: 10%, src: art/blue.png, fit: contain}
              - {type: rect, x: 0, y: 55%, width: 10%, height: 5%, radius: 2pt, fill: "#00ff00"}
            """)
        defer { game.remove() }
        try game.write("art/blue.png", try PNG.encode(RGBAImage(width: 200, height: 100, fill: (0, 0, 255, 255))))
        CardsCLITests.expectSuccess(try game.cards(["--bleed", "--out", "out"], data: nil))
        let image = try PNG.read(contentsOf: game.url("out/001.png"))
        #expect((image.width, image.height) == (198, 270))
        func color(_ x: Int, _ y: Int) -> String {
            let pixel = image[x, y]
            return String(format: "#%02x%02x%02x", pixel.r, pixel.g, pixel.b)
        }
        // The red band: into the left, top and right bleed, not below its own bottom.
        for (x, y) in [(1, 1), (100, 1), (196, 1), (1, 100), (196, 100)] { #expect(color(x, y) == "#ff0000", "(\(x), \(y))") }
        #expect(color(196, 150) == "#ffffff")
        // The stretched image: into the left and bottom bleed (its edge pixels blend with the paper).
        for (x, y) in [(2, 230), (2, 267), (30, 267)] {
            #expect(image[x, y].b > 240 && image[x, y].r < 40, "(\(x), \(y)): \(color(x, y))")
        }
        // The outlined rect and the contained image stop where they are written.
        #expect(color(196, 268) == "#ffffff" && color(180, 250) == "#00ff00")
        #expect(color(100, 268) == "#ffffff")
        // A rounded rect keeps its corners inside the trim.
        #expect(color(1, 158) == "#ffffff" && color(12, 158) == "#00ff00")
        // A bleed given as a length in place of the template's reaches just as far, on cards and on sheets.
        let template = try String(contentsOf: game.url("template.yaml"), encoding: .utf8)
        try game.write("template.yaml", Self.replacing("bleed: 9pt, ", with: "", in: template))
        CardsCLITests.expectSuccess(try game.cards(["--bleed", "9pt", "--out", "length"], data: nil))
        #expect(try game.tree("length") == game.tree("out"))
        let sheet = try CLIRunner.run(["print", "--template", "template.yaml", "--bleed", "9pt", "--no-crop-marks",
                                       "--pages-png", "72", "--out", "sheet"], in: game.folder)
        #expect(sheet.status == 0, "\(sheet.stderr)")
        let page = try PNG.read(contentsOf: game.url("sheet/deck-print-page-1.png"))
        // The band is as wide as the card and both bleeds (198 pt at 72 dpi, less a blended edge pixel), not the trim's 180.
        let isRed = { (x: Int, y: Int) in page[x, y].r > 250 && page[x, y].g < 5 && page[x, y].b < 5 }
        let row = try #require((0..<page.height).first { y in (0..<page.width).contains { isRed($0, y) } })
        let redWidth = (0..<page.width).filter { isRed($0, row + 20) }.count
        #expect((196...198).contains(redWidth), "red run of \(redWidth) px on row \(row + 20)")
    }

    @Test func imagePathsFromDataStayInsideUnlessAFolderIsAllowed() throws {
        let game = try CardsFixture.make("cards-outside")
        let outside = try CLIRunner.temporaryDirectory("cards-outside-art")
        defer { game.remove(); try? FileManager.default.removeItem(at: outside) }
        try Data(CardsFixture.star.utf8).write(to: outside.appendingPathComponent("secret.svg"))
        let name = outside.lastPathComponent
        func refusal(_ value: String) throws -> CLIRunner.Result {
            try game.write("bad.csv", CardsErrorCLITests.replacing(",star,#f4a261,", with: ",\(value),#f4a261,", in: CardsFixture.csv))
            return try game.cards(["--out", "out"], data: "bad.csv")
        }
        let expected = { (value: String) in
            "cardrender: error: template.yaml:25:10: row 1 (bad.csv:2), layer 2 (image): `src` is \"icons/\(value).svg\" "
                + "from the data, which leads outside the template's folder; data may name only files inside it "
                + "(or in a folder given with --allow-dir)"
        }
        // The same words whether the file is there or not.
        Self.expectOneLine(try refusal("../../\(name)/secret"), status: 2, expected("../../\(name)/secret"))
        Self.expectOneLine(try refusal("../../\(name)/missing"), status: 2, expected("../../\(name)/missing"))
        #expect(try game.tree("out").isEmpty)
        // The same data with the folder allowed.
        _ = try refusal("../../\(name)/secret")
        CardsCLITests.expectSuccess(try game.cards(["--allow-dir", outside.path, "--dpi", "72", "--out", "allowed"], data: "bad.csv"))
        #expect(try game.tree("allowed").keys.contains("01-Spark.png"))
    }

    /// `allow-dir` in a batch job is relative to the spec, like the job's other paths; `print
    /// --template` takes `--allow-dir` too.
    @Test func batchAndPrintTakeAllowedFolders() throws {
        let game = try CardsFixture.make("cards-allow-batch")
        defer { game.remove() }
        try game.write("shared/secret.svg", CardsFixture.star)
        try game.write("game/template.yaml", CardsFixture.template)
        try game.write("game/icons/star.svg", CardsFixture.star)
        try game.write("game/icons/shield.svg", CardsFixture.shield)
        try game.write("game/art/dot.png", try Data(contentsOf: game.url("art/dot.png")))
        try game.write("game/cards.csv", CardsErrorCLITests.replacing(",star,#f4a261,", with: ",../../shared/secret,#f4a261,",
                                                                      in: CardsFixture.csv))
        let job = "jobs:\n  - kind: cards\n    template: ../game/template.yaml\n    data: ../game/cards.csv\n    dpi: 36\n    output: game\n"
        try game.write("specs/refused.yaml", job)
        let refused = try CLIRunner.run(["batch", "specs/refused.yaml", "--out", "out"], in: game.folder)
        #expect(refused.status == 2 && refused.stderr.contains("leads outside the template's folder"), "\(refused.stderr)")
        try game.write("specs/allowed.yaml", job + "    allow-dir: ../shared\n")
        let allowed = try CLIRunner.run(["batch", "specs/allowed.yaml", "--out", "out"], in: game.folder)
        #expect(allowed.status == 0, "\(allowed.stderr)")
        #expect(FileManager.default.fileExists(atPath: game.url("out/game/01-Spark.png").path))
        let print = ["print", "--template", "game/template.yaml", "--data", "game/cards.csv", "--out", "sheets"]
        let printRefused = try CLIRunner.run(print, in: game.folder)
        #expect(printRefused.status == 2 && printRefused.stderr.contains("leads outside the template's folder"), "\(printRefused.stderr)")
        let printAllowed = try CLIRunner.run(print + ["--allow-dir", "shared"], in: game.folder)
        #expect(printAllowed.status == 0, "\(printAllowed.stderr)")
    }

    /// One bad value each, with the message that must name it where it is written.
    static let cases: [(name: String, template: String, arguments: [String], expected: String)] = [
        ("a colour read as a comment",
         replacing("background: {linear: {from: [0%, 0%], to: [0%, 100%]}, stops: [\"#fdf6e3\", \"{color}\"]}",
                   with: "background: #f3ead3"), [],
         "cardrender: error: template.yaml:6:15: `background` has no value: a `#` starts a comment in YAML; quote colours: \"#f3ead3\""),
        ("a flow mapping left open", replacing("[[50%, 0%], [100%, 100%], [0%, 100%]]", with: "[[50%, 0%], [100%, 100%], [0%, 100%]"), [],
         "cardrender: error: template.yaml:16:49: malformed YAML: the flow collection opened at line 16, column 13 is not closed: "
            + "did not find expected ',' or ']'"),
        ("fit: shrink", replacing("fit: {min-size: 6}", with: "fit: shrink"), [],
         "cardrender: error: template.yaml:52:10: row 1 (cards.csv:2), layer 5 (text): a text's `fit` is written "
            + "`fit: {min-size: 6}` (shrink the text until it fits, not below 6 pt), got \"shrink\""),
        ("a size without a unit", replacing("size: poker", with: "size: 2.5x3.5"), [],
         "cardrender: error: template.yaml:2:9: card size \"2.5x3.5\" needs a unit: a bare number is points, so this card "
            + "would be 2.5 × 3.5 pt; write 2.5x3.5in"),
        ("extends a device", "extends: /dev/zero\n" + CardsFixture.template, [],
         "cardrender: error: /dev/zero: is not a regular file but a device, FIFO or socket; give a YAML or JSON file"),
        ("a negative dpi", CardsFixture.template, ["--dpi", "-5"],
         "cardrender: error: --dpi must be from 18 to 1200 pixels per inch, got -5"),
        ("a negative -j", CardsFixture.template, ["-j", "-1"], "cardrender: error: -j must be between 1 and 256, got -1"),
        ("a negative --max-pixels", CardsFixture.template, ["--max-pixels", "-5"],
         "cardrender: error: --max-pixels must be a positive number of pixels, got -5"),
    ]

    @Test func messagesPointWhereTheMistakeIsWritten() throws {
        for bad in Self.cases {
            let game = try CardsFixture.make("cards-message", template: bad.template)
            defer { game.remove() }
            let result = try game.cards(bad.arguments + ["--out", "out"])
            #expect(result.status == 2, "\(bad.name): exit \(result.status)")
            #expect(result.stderrLines == [bad.expected], "\(bad.name): \(result.stderr)")
        }
    }

    @Test func aFIFOGivenAsDataIsNamedNotOpened() throws {
        let game = try CardsFixture.make("cards-fifo")
        defer { game.remove() }
        let fifo = Process()
        fifo.executableURL = URL(fileURLWithPath: "/usr/bin/mkfifo")
        fifo.arguments = [game.url("pipe.csv").path]
        try fifo.run()
        fifo.waitUntilExit()
        Self.expectOneLine(try game.cards(["--out", "out"], data: "pipe.csv"), status: 2,
                           "cardrender: error: pipe.csv: is not a regular file but a device, FIFO or socket; give a data file")
    }

    @Test func printTemplateMessages() throws {
        let game = try CardsFixture.make("print-template-messages")
        defer { game.remove() }
        let cards = try CLIRunner.run(["print", "--template", "template.yaml", "--data", "cards.csv", "--cards", "AS",
                                       "--out", "out"], in: game.folder)
        #expect(cards.status == 2)
        #expect(cards.stderr.contains("--cards is for the built-in deck, not --template; the data's rows are the cards: "
                                      + "choose some with --where (such as \"id in [01, 02]\")"), "\(cards.stderr)")
        let paper = try CLIRunner.run(["print", "--paper", "-5x5in", "--out", "out"], in: game.folder)
        #expect(paper.status == 2)
        #expect(paper.stderr.contains("--paper \"-5x5in\" has a negative side; give a named paper or WIDTHxHEIGHT with "
                                      + "positive sides, e.g. 210x297mm"), "\(paper.stderr)")
        #expect(!paper.stderr.contains("Missing value"))
        // Every number and length of print takes a value that starts with `-` and says what is wrong with it.
        for (arguments, message) in [(["--pages-png", "-5"], "--pages-png must be a resolution from 36 to 1200 dpi, got -5"),
                                     (["--face-scale", "-1"], "--face-scale must be between 0.5 and 1, got -1.0"),
                                     (["--margin", "-1in"], "--margin: length \"-1in\" is negative; use zero or more")] {
            let result = try CLIRunner.run(["print"] + arguments + ["--out", "out"], in: game.folder)
            #expect(result.status == 2 && result.stderrLines == ["cardrender: error: " + message], "\(arguments): \(result.stderr)")
        }
    }
}
