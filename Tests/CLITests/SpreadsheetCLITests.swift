import Foundation
import Testing

/// `--data cards.xlsx` / `cards.ods` with `--data-sheet`, and `data:` with `data-sheet:` in a
/// batch spec, through the binary: the fixture game's CSV saved by LibreOffice as a workbook
/// draws the same cards, and a bad workbook is one line and exit 2.
@Suite struct SpreadsheetCLITests {
    /// The fixture's `cards.csv` saved by LibreOffice as `cards.<fileExtension>` beside it, with
    /// the `id` column kept as text (`01`), as a spreadsheet user types it.
    static func saveAs(_ fileExtension: String, in game: CardsFixture) throws {
        let home = try CLIRunner.temporaryDirectory("libreoffice-home")
        defer { try? FileManager.default.removeItem(at: home) }
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init) + ["/usr/bin"]
        guard let executable = paths.map({ "\($0)/libreoffice" }).first(where: FileManager.default.isExecutableFile) else {
            throw CLIFailure("libreoffice not found; install libreoffice-calc-nogui (make test-deps does)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["-env:UserInstallation=file://\(home.path)/profile", "--headless", "--infilter=CSV:44,34,76,1,1/2",
                             "--convert-to", fileExtension, "--outdir", game.folder.path, game.url("cards.csv").path]
        process.environment = ["PATH": paths.joined(separator: ":"), "HOME": home.path, "LANG": "C.UTF-8", "TZ": "UTC"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0, FileManager.default.fileExists(atPath: game.url("cards.\(fileExtension)").path) else {
            throw CLIFailure("libreoffice could not save cards.\(fileExtension) (exit \(process.terminationStatus))")
        }
    }

    struct CLIFailure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    @Test func workbooksDrawTheSameCardsAsTheCSV() throws {
        let game = try CardsFixture.make("cards-xlsx")
        defer { game.remove() }
        try Self.saveAs("xlsx", in: game)
        try Self.saveAs("ods", in: game)
        CardsCLITests.expectSuccess(try game.cards(["--dpi", "72", "--out", "csv"]))
        CardsCLITests.expectSuccess(try game.cards(["--dpi", "72", "--out", "xlsx"], data: "cards.xlsx"))
        CardsCLITests.expectSuccess(try game.cards(["--dpi", "72", "--data-sheet", "cards", "--out", "ods"], data: "cards.ods"))
        let reference = try game.tree("csv").filter { $0.key != "cards.json" }
        #expect(reference.keys.sorted() == CardsFixture.stems.map { "\($0).png" })
        for out in ["xlsx", "ods"] {
            #expect(try game.tree(out).filter { $0.key != "cards.json" } == reference, "\(out)")
        }

        // The same through a batch job and through print sheets.
        try game.write("spec.yaml", """
            jobs:
              - kind: cards
                template: template.yaml
                data: cards.xlsx
                data-sheet: cards
                dpi: 72
                output: batch
            """)
        let batch = try CLIRunner.run(["batch", "spec.yaml", "--out", "."], in: game.folder)
        #expect(batch.status == 0, "\(batch.stderr)")
        #expect(try game.tree("batch").filter { $0.key != "cards.json" } == reference)
        CardsCLITests.expectSuccess(try CLIRunner.run(["print", "--template", "template.yaml", "--data", "cards.ods",
                                                       "--data-sheet", "cards", "--out", "sheets"], in: game.folder))
        #expect(try game.tree("sheets").keys.contains { $0.hasSuffix(".pdf") })
    }

    @Test func badWorkbooksAreOneLineAndExitTwo() throws {
        let game = try CardsFixture.make("cards-xlsx-errors")
        defer { game.remove() }
        try Self.saveAs("xlsx", in: game)
        try game.write("broken.xlsx", "id,title\n")
        let cases: [([String], String?, String)] = [
            (["--data-sheet", "card"], "cards.xlsx",
             "cardrender: error: cards.xlsx: unknown sheet \"card\"; did you mean \"cards\"? (valid sheets: \"cards\")"),
            ([], "broken.xlsx",
             "cardrender: error: broken.xlsx: is not a zip archive (an .xlsx or .ods file is one); was it saved as another format?"),
            (["--data-sheet", "cards"], "cards.csv",
             "cardrender: error: --data-sheet is for .xlsx and .ods data; cards.csv has no sheets"),
            (["--data-sheet", "cards"], nil,
             "cardrender: error: --data-sheet picks a sheet of --data; give an .xlsx or .ods file there"),
        ]
        for (arguments, data, expected) in cases {
            let result = try game.cards(arguments + ["--out", "out"], data: data)
            #expect(result.status == 2, "\(arguments) \(result.stderr)")
            #expect(result.stderrLines == [expected])
            #expect(!FileManager.default.fileExists(atPath: game.url("out").path))
        }
    }
}
