import CardTemplates
import Foundation
import SpecFiles
import Testing

/// XLSX and ODS data: files from LibreOffice and openpyxl read as the CSV they came from, typed
/// cells as text, and every hostile archive refused in one line naming the file and the cell or part.
@Suite struct SpreadsheetTests {
    static let csv = """
        id,title,cost,ratio,released,note
        1,"Fire, ball",3,2.5,2024-03-01,Élan ⚡

        2,Heal,0,-0.125,1999-12-31,
        3,Bolt,1234567,0.1,2024-02-29,"plain"
        """

    @Test func libreOfficeXLSXAndODSFromCSVReadAsTheCSV() throws {
        let files = try Fixtures()
        let csvFile = try files.write("cards.csv", Self.csv)
        let expected = try CardData.load(contentsOf: csvFile, displayName: "cards")
        for format in ["xlsx", "ods"] {
            let converted = try SpreadsheetFixtures.libreOffice(convert: csvFile, to: format, in: files.folder)
            let data = try CardData.load(contentsOf: converted, displayName: "cards")
            #expect(data.columns == expected.columns, "\(format)")
            #expect(data.rows.map(\.values) == expected.rows.map(\.values), "\(format)")
            #expect(data.rows.map(\.location.line) == [2, 4, 5], "\(format)")
            #expect(data.rows[1].label == "row 2 (cards:4)", "\(format)")
        }
        // LibreOffice reads TRUE as a boolean and 25% as a percentage: their values, not their display.
        let typed = try files.write("typed.csv", "flag,share\nTRUE,25%\nFALSE,-1.5%\n")
        for format in ["xlsx", "ods"] {
            let converted = try SpreadsheetFixtures.libreOffice(convert: typed, to: format, in: files.folder)
            #expect(try CardData.load(contentsOf: converted).rows.map(\.values)
                    == [["flag": "true", "share": "0.25"], ["flag": "false", "share": "-0.015"]], "\(format)")
        }
    }

    static let openpyxlScript = """
        import datetime, sys, openpyxl
        book = openpyxl.Workbook()
        cards = book.active
        cards.title = "Cards"
        cards.append(["id", "title", "cost", "rare", "released", "ratio", "at"])
        cards.append([1, "Fire, ball", 3, True, datetime.date(2024, 3, 1), 2.5, datetime.datetime(2024, 3, 1, 12, 30)])
        cards.append([])
        cards.append([2, "Heal\\nall", 0.0, False, datetime.date(1999, 12, 31), 1e-05, datetime.time(18, 5, 7)])
        cards["A5"] = 3
        cards["B5"] = "Merged"
        cards.merge_cells("B5:C5")
        other = book.create_sheet("Other sheet")
        other.append(["name", "formula"])
        other.append(["x", "=1+2"])
        book.save(sys.argv[1])
        """

    @Test func openpyxlTypedCellsMergedCellsAndEmptyRows() throws {
        let files = try Fixtures()
        let file = files.folder.appendingPathComponent("cards.xlsx")
        try SpreadsheetFixtures.openpyxl(Self.openpyxlScript, writing: file)
        let data = try CardData.load(contentsOf: file, displayName: "cards.xlsx")
        #expect(data.columns == ["id", "title", "cost", "rare", "released", "ratio", "at"])
        #expect(data.rows.map(\.values) == [
            ["id": "1", "title": "Fire, ball", "cost": "3", "rare": "true", "released": "2024-03-01", "ratio": "2.5",
             "at": "2024-03-01T12:30:00"],
            ["id": "2", "title": "Heal\nall", "cost": "0", "rare": "false", "released": "1999-12-31", "ratio": "1e-05",
             "at": "18:05:07"],
            ["id": "3", "title": "Merged", "cost": "", "rare": "", "released": "", "ratio": "", "at": ""],
        ])
        #expect(data.rows.map(\.location.line) == [2, 4, 5])
        // openpyxl saves formulas without their values: only a spreadsheet program computes them.
        #expect(specError { _ = try CardData.load(contentsOf: file, displayName: "cards.xlsx", sheet: "Other sheet") }
                == "cards.xlsx: 'Other sheet'!B2: a formula without a saved value; open the file in a spreadsheet program "
                + "and save it, so its values are computed")
    }

    @Test func formulasReadAsTheValuesLibreOfficeSaved() throws {
        let files = try Fixtures()
        let file = files.folder.appendingPathComponent("formulas.xlsx")
        try SpreadsheetFixtures.openpyxl(Self.openpyxlScript, writing: file)
        let folder = files.folder.appendingPathComponent("saved")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for format in ["xlsx", "ods"] {
            let saved = try SpreadsheetFixtures.libreOffice(convert: file, to: format, in: folder)
            let data = try CardData.load(contentsOf: saved, displayName: "formulas", sheet: "Other sheet")
            #expect(data.rows.map(\.values) == [["name": "x", "formula": "3"]], "\(format)")
            let cards = try CardData.load(contentsOf: saved, displayName: "formulas")
            #expect(cards.rows.map { $0.values["released"] } == ["2024-03-01", "1999-12-31", ""], "\(format)")
            #expect(cards.rows.map { $0.values["title"] } == ["Fire, ball", "Heal\nall", "Merged"], "\(format)")
        }
    }

    @Test func sheetsAreChosenByName() throws {
        let files = try Fixtures()
        let file = files.folder.appendingPathComponent("cards.xlsx")
        try SpreadsheetFixtures.openpyxl(Self.openpyxlScript, writing: file)
        #expect(specError { _ = try CardData.load(contentsOf: file, displayName: "cards.xlsx", sheet: "Card") }
                == "cards.xlsx: unknown sheet \"Card\"; did you mean \"Cards\"? (valid sheets: \"Cards\", \"Other sheet\")")
        let csv = try files.write("cards.csv", "id\n1\n")
        #expect(specError { _ = try CardData.load(contentsOf: csv, displayName: "cards.csv", sheet: "Cards") }
                == "cards.csv: a sheet is named, but .csv data has no sheets (only .xlsx and .ods do)")
    }

    static let strings = "<si><t>id</t></si><si><r><t>ti</t></r><r><t>tle</t></r><rPh><t>ルビ</t></rPh></si>"

    static func parse(_ bytes: Data, _ format: CardData.Format = .xlsx, limits: SpreadsheetLimits = SpreadsheetLimits()) -> String? {
        specError { _ = try SpreadsheetReader.read(bytes, format: format, sheet: nil, file: "cards.\(format.rawValue)", limits: limits) }
    }

    @Test func cellTypesAndDates() throws {
        let styles = """
            <numFmts><numFmt numFmtId="164" formatCode="[$-409]d\\-mmm\\-yy;@"/><numFmt numFmtId="165" formatCode="0.00&quot;d&quot;"/></numFmts>\
            <cellXfs><xf numFmtId="0"/><xf numFmtId="14"/><xf numFmtId="164"/><xf numFmtId="165"/><xf numFmtId="20"/></cellXfs>
            """
        let rows = """
            <row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="C1" t="inlineStr"><is><t>c</t></is></c>\
            <c r="D1" t="inlineStr"><is><t>d</t></is></c><c r="E1" t="inlineStr"><is><t>e</t></is></c></row>\
            <row r="3"><c r="A3" s="1"><v>61</v></c><c r="B3" s="2"><v>45352.75</v></c><c r="C3" s="3"><v>2.50</v></c>\
            <c r="D3" s="4"><v>0.5</v></c><c r="E3" t="str"><f>A1</f><v>text</v></c></row>\
            <row r="4"><c r="A4" s="1"><v>59</v></c><c r="B4" s="1"><v>60</v></c><c r="C4"><v>1E+20</v></c><c r="D4" t="b"><v>0</v></c></row>
            """
        let data = try SpreadsheetReader.read(try SpreadsheetFixtures.xlsx(rows: rows, sharedStrings: Self.strings, styles: styles),
                                              format: .xlsx, sheet: nil, file: "cards.xlsx")
        #expect(data.columns == ["id", "title", "c", "d", "e"])
        #expect(data.rows.map(\.values) == [
            ["id": "1900-03-01", "title": "2024-03-01T18:00:00", "c": "2.5", "d": "12:00:00", "e": "text"],
            ["id": "1900-02-28", "title": "1900-02-29", "c": "1e+20", "d": "false", "e": ""],
        ])
        let mac = try SpreadsheetReader.read(
            try SpreadsheetFixtures.xlsx(rows: "<row><c t=\"inlineStr\"><is><t>day</t></is></c></row><row><c s=\"1\"><v>0</v></c></row>",
                                         styles: styles, workbookProperties: "<workbookPr date1904=\"1\"/>"),
            format: .xlsx, sheet: nil, file: "mac.xlsx")
        #expect(mac.rows.map(\.values) == [["day": "1904-01-01"]])
    }

    /// The parts are read by libxml2's SAX2 parser: entities and character references resolved,
    /// CDATA and a cell of spaces kept as text, an undeclared entity and a mismatched tag refused
    /// with the part's line and column.
    @Test func textIsReadAsXMLDefinesIt() throws {
        let inline = { (text: String) in "<c t=\"inlineStr\"><is><t xml:space=\"preserve\">\(text)</t></is></c>" }
        let rows = "<row>\(inline("a"))\(inline("b"))\(inline("c"))</row>"
            + "<row>\(inline("Fish &amp; Chips &lt;3"))\(inline("&#x4E00;&#233;"))\(inline("<![CDATA[<b>bold</b>]]>"))</row>"
            + "<row>\(inline(" "))\(inline("x"))\(inline("y"))</row>"
        let data = try SpreadsheetReader.read(try SpreadsheetFixtures.xlsx(rows: rows), format: .xlsx, sheet: nil, file: "cards.xlsx")
        #expect(data.rows.map(\.values) == [
            ["a": "Fish & Chips <3", "b": "\u{4E00}\u{E9}", "c": "<b>bold</b>"],
            ["a": " ", "b": "x", "c": "y"],
        ])
        let entity = Self.parse(try SpreadsheetFixtures.xlsx(rows: "<row>\(inline("&nbsp;"))</row>"))
        #expect(entity == "cards.xlsx: xl/worksheets/sheet1.xml:2:145: is not well-formed XML (error 26)", "\(entity ?? "")")
        let mismatched = Self.parse(try SpreadsheetFixtures.xlsx(rows: "<row><c></row>"))
        #expect(mismatched == "cards.xlsx: xl/worksheets/sheet1.xml:2:103: is not well-formed XML (error 76)", "\(mismatched ?? "")")
    }

    @Test func numbersAreWrittenByTheirValue() throws {
        let values = ["42", "-7", "007", "-0", "2.50", "1E3", "123456789012345678", "0.1", "-0.0"]
        let rows = "<row>" + values.indices.map { "<c t=\"inlineStr\"><is><t>n\($0)</t></is></c>" }.joined() + "</row><row>"
            + values.map { "<c><v>\($0)</v></c>" }.joined() + "</row>"
        let data = try SpreadsheetReader.read(try SpreadsheetFixtures.xlsx(rows: rows), format: .xlsx, sheet: nil, file: "n.xlsx")
        #expect(values.indices.map { data.rows[0].values["n\($0)"] ?? "?" }
                == ["42", "-7", "7", "0", "2.5", "1000", "1.2345678901234568e+17", "0.1", "0"])
    }

    @Test func odsRepeatsTextAndTypes() throws {
        let table = """
            <table:table table:name="Cards"><table:table-row><table:table-cell office:value-type="string"><text:p>name</text:p></table:table-cell>\
            <table:table-cell office:value-type="string"><text:p>when</text:p></table:table-cell>\
            <table:table-cell office:value-type="string"><text:p>ok</text:p></table:table-cell>\
            <table:table-cell table:number-columns-repeated="16381"/></table:table-row>\
            <table:table-row table:number-rows-repeated="2"><table:table-cell office:value-type="string">\
            <office:annotation><text:p>a note</text:p></office:annotation><text:p>a<text:s text:c="2"/>b</text:p><text:p><text:span>c</text:span></text:p>\
            </table:table-cell><table:table-cell office:value-type="time" office:time-value="PT14H30M00S"/>\
            <table:table-cell office:value-type="boolean" office:boolean-value="true"/></table:table-row>\
            <table:table-row table:number-rows-repeated="1048573"><table:table-cell table:number-columns-repeated="16384"/></table:table-row>\
            </table:table>
            """
        let data = try SpreadsheetReader.read(try SpreadsheetFixtures.ods(tables: table), format: .ods, sheet: nil, file: "cards.ods")
        #expect(data.rows.map(\.values) == Array(repeating: ["name": "a  b\nc", "when": "14:30:00", "ok": "true"], count: 2))
        #expect(data.rows.map(\.location.line) == [2, 3])
    }

    @Test func cellProblemsNameTheSheetAndCell() throws {
        let header = "<row r=\"1\"><c r=\"A1\" t=\"s\"><v>0</v></c><c r=\"B1\" t=\"s\"><v>1</v></c></row>"
        let cases: [(String, String)] = [
            ("<row r=\"7\"><c r=\"C7\" t=\"e\"><f>1/0</f><v>#DIV/0!</v></c></row>", "Sheet1!C7: the formula's value is an error (#DIV/0!)"),
            ("<row r=\"2\"><c r=\"B2\" t=\"s\"><v>9</v></c></row>", "Sheet1!B2: refers to shared string 9, but the file has 2"),
            ("<row r=\"2\"><c r=\"C2\"><v>1</v></c></row>", "Sheet1!C2: a value in a column the header (row 1) does not name"),
            ("<row r=\"2\"><c r=\"A2\"><v>x</v></c></row>", "Sheet1!A2: \"x\" is not a number"),
        ]
        for (row, message) in cases {
            #expect(Self.parse(try SpreadsheetFixtures.xlsx(rows: header + row, sharedStrings: Self.strings)) == "cards.xlsx: " + message)
        }
        #expect(Self.parse(try SpreadsheetFixtures.xlsx(sheet: "My cards", rows: "<row><c t=\"inlineStr\"><is><t>a</t></is></c>"
                                                        + "<c t=\"inlineStr\"><is><t>a</t></is></c></row>"))
                == "cards.xlsx: 'My cards'!B1: column \"a\" is named twice in the header (columns A and B)")
        #expect(Self.parse(try SpreadsheetFixtures.xlsx(rows: "<row><c r=\"B1\" t=\"inlineStr\"><is><t>b</t></is></c></row>"))
                == "cards.xlsx: Sheet1!A1: column 1 of the header has no name")
        #expect(Self.parse(try SpreadsheetFixtures.xlsx(rows: "")) == "cards.xlsx: Sheet1: the sheet is empty")
        #expect(Self.parse(try SpreadsheetFixtures.xlsx(rows: "<row><c r=\"1A\"><v>1</v></c></row>"))
                == "cards.xlsx: xl/worksheets/sheet1.xml:2:103: a cell at \"1A\", which is not a cell reference such as C7")
    }

    @Test func damagedArchivesNameThePart() throws {
        #expect(Self.parse(Data("id,title\n".utf8)) == "cards.xlsx: is not a zip archive (an .xlsx or .ods file is one); was it saved as another format?")
        #expect(Self.parse(try SpreadsheetFixtures.zip([("a.txt", Data("a".utf8))]))
                == "cards.xlsx: xl/workbook.xml is missing: this zip archive is not an XLSX workbook")
        #expect(Self.parse(try SpreadsheetFixtures.zip([("a.txt", Data("a".utf8))]), .ods)
                == "cards.ods: content.xml is missing: this zip archive is not an ODS spreadsheet")
        #expect(Self.parse(try SpreadsheetFixtures.xlsx(rows: "<row><c>")).map { $0.hasPrefix("cards.xlsx: xl/worksheets/sheet1.xml:") && $0.contains("is not well-formed XML") } == true)
        var corrupt = try SpreadsheetFixtures.xlsx(rows: "<row><c t=\"inlineStr\"><is><t>id</t></is></c></row>")
        let sheetData = try #require(corrupt.range(of: Data("xl/worksheets/sheet1.xml".utf8)))
        corrupt[sheetData.upperBound + 4] ^= 0xFF  // inside the part's deflated bytes
        #expect(Self.parse(corrupt)?.hasPrefix("cards.xlsx: xl/worksheets/sheet1.xml: cannot be read from the archive") == true)
    }

    /// A directory said to start past the archive's end: ZIPFoundation's in-memory archive
    /// trapped reading there (found by fuzzing); read from a file it is an archive without parts.
    @Test func aDirectoryPastTheEndIsAnArchiveWithoutParts() throws {
        var bytes = [UInt8](try SpreadsheetFixtures.xlsx(rows: ""))
        let end = try #require((0...(bytes.count - 22)).last { Array(bytes[$0..<$0 + 4]) == [0x50, 0x4B, 0x05, 0x06] })
        bytes.replaceSubrange(end + 16..<end + 20, with: [0x00, 0x00, 0x00, 0x7F])
        #expect(Self.parse(Data(bytes)) == "cards.xlsx: xl/workbook.xml is missing: this zip archive is not an XLSX workbook")
    }

    /// A workbook whose sheet's deflated data ends before its stream does (found by fuzzing):
    /// ZIPFoundation's extraction read on past the part, then looped forever at the file's end.
    /// The part's own bytes are all the inflater gets, so it is one line at once.
    @Test func aDeflateStreamCutShortIsRefusedNamingThePart() throws {
        let seed = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fuzz/corpus/spreadsheet/xlsx-deflate-stream-cut-short")
        let workbook = try Data(contentsOf: seed).dropFirst()  // the fuzz target's first byte picks the mode
        let started = ContinuousClock.now
        #expect(Self.parse(Data(workbook))
                == "cards.xlsx: xl/worksheets/sheet1.xml: cannot be read from the archive (its deflated data ends early)")
        #expect(ContinuousClock.now - started < .seconds(10))
    }

    @Test func hostileArchivesAreRefusedBeforeTheWork() throws {
        var small = SpreadsheetLimits()
        small.partBytes = 64 << 10
        // 10 MB of one character inflates from a few kilobytes; the archive says so, then lies.
        let bomb = try SpreadsheetFixtures.xlsx(rows: "", extraParts: [("xl/sharedStrings.xml", Data(repeating: 0x20, count: 10 << 20))])
        #expect(Self.parse(bomb, limits: small)
                == "cards.xlsx: xl/sharedStrings.xml: declares 10485760 bytes once inflated, more than the 65536 allowed")
        #expect(Self.parse(Self.understating(bomb, part: "xl/sharedStrings.xml"), limits: small)
                == "cards.xlsx: xl/sharedStrings.xml: inflates past 65536 bytes")

        var few = SpreadsheetLimits()
        few.archiveEntries = 3
        #expect(Self.parse(try SpreadsheetFixtures.xlsx(rows: "", sharedStrings: ""), limits: few)
                == "cards.xlsx: holds more than 3 zip entries")
        few = SpreadsheetLimits()
        few.sharedStrings = 1
        #expect(Self.parse(try SpreadsheetFixtures.xlsx(rows: "", sharedStrings: Self.strings), limits: few)
                == "cards.xlsx: xl/sharedStrings.xml:1:93: holds more than 1 shared strings")
        #expect(Self.parse(try SpreadsheetFixtures.xlsx(rows: "", sharedStrings: "<sst uniqueCount=\"5000000\"/>"))?
                .contains("declares 5000000 shared strings, more than the 1000000 allowed") == true)

        let wide = "<row>" + (1...5).map { "<c><v>\($0)</v></c>" }.joined() + "</row>"
        few = SpreadsheetLimits()
        few.columns = 4
        #expect(Self.parse(try SpreadsheetFixtures.xlsx(rows: wide), limits: few)
                == "cards.xlsx: Sheet1!E1: a value past column D (at most 4 columns are read)")
        few = SpreadsheetLimits()
        few.cells = 3
        #expect(Self.parse(try SpreadsheetFixtures.xlsx(rows: wide), limits: few)
                == "cards.xlsx: Sheet1!D1: the sheet has more than 3 cells with values")
        few = SpreadsheetLimits()
        few.rows = 1
        #expect(Self.parse(try SpreadsheetFixtures.xlsx(rows: "<row><c><v>1</v></c></row><row><c><v>2</v></c></row><row><c><v>3</v></c></row>"),
                           limits: few) == "cards.xlsx: Sheet1: has more than 1 rows of data")
        few = SpreadsheetLimits()
        few.characters = 3
        #expect(Self.parse(try SpreadsheetFixtures.xlsx(rows: "<row><c t=\"inlineStr\"><is><t>long</t></is></c></row>"), limits: few)
                == "cards.xlsx: Sheet1!A1: holds more than 3 characters")

        let deep = String(repeating: "<a>", count: 100) + String(repeating: "</a>", count: 100)
        #expect(Self.parse(try SpreadsheetFixtures.xlsx(rows: "<row><c><is>\(deep)</is></c></row>"))?
                .hasSuffix("has elements nested more than 64 deep") == true)
        let laughs = Data("""
            <?xml version="1.0"?><!DOCTYPE sst [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><sst><si><t>&b;</t></si></sst>
            """.utf8)
        #expect(Self.parse(try SpreadsheetFixtures.xlsx(rows: "", extraParts: [("xl/sharedStrings.xml", laughs)]))
                == "cards.xlsx: xl/sharedStrings.xml: declares a document type or entities, which spreadsheet files never do")

        let spaces = "<table:table table:name=\"T\"><table:table-row><table:table-cell office:value-type=\"string\"><text:p>"
            + String(repeating: "<text:s text:c=\"32767\"/>", count: 10) + "</text:p></table:table-cell></table:table-row></table:table>"
        #expect(Self.parse(try SpreadsheetFixtures.ods(tables: spaces), .ods) == "cards.ods: T!A1: holds more than 32767 characters")

        // A million copies of a row with a value: refused before one is stored.
        let repeated = """
            <table:table table:name="T"><table:table-row><table:table-cell office:value-type="string"><text:p>a</text:p></table:table-cell></table:table-row>\
            <table:table-row table:number-rows-repeated="1048000"><table:table-cell office:value-type="float" office:value="1"/></table:table-row></table:table>
            """
        #expect(Self.parse(try SpreadsheetFixtures.ods(tables: repeated), .ods)
                == "cards.ods: T!A2: the sheet has more than 1000000 cells with values")
    }

    /// `archive` with the uncompressed size of `part` written as 100 bytes in both headers.
    static func understating(_ archive: Data, part: String) -> Data {
        var bytes = [UInt8](archive)
        let name = Array(part.utf8)
        for (signature, sizeOffset, nameOffset) in [([0x50, 0x4B, 0x03, 0x04] as [UInt8], 22, 30), ([0x50, 0x4B, 0x01, 0x02], 24, 46)] {
            for start in 0..<(bytes.count - nameOffset - name.count) where Array(bytes[start..<start + 4]) == signature
                && Array(bytes[start + nameOffset..<start + nameOffset + name.count]) == name {
                bytes.replaceSubrange(start + sizeOffset..<start + sizeOffset + 4, with: [100, 0, 0, 0])
            }
        }
        return Data(bytes)
    }
}
