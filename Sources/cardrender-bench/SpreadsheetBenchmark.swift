import CardRenderSupport
import CardTemplates
import Foundation
import ZIPFoundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Reading 10,000 rows of card data from an XLSX workbook against the same rows as CSV, in
/// process (`CardData.load`, as `cardrender cards --data` reads them): the zip archive inflated, the shared strings and the sheet parsed
/// by libxml2's SAX2 interface, the cells typed, against CSV.swift. The workbook is written here as Excel
/// writes one: text in the shared-strings table, numbers in the cells, deflated parts.
enum SpreadsheetBenchmark {
    static let section = "xlsx"
    static let rowCount = 10_000
    static let repetitions = 9
    /// The reading time XLSX may take, as a multiple of CSV's.
    static let target = 2.0

    static func run() throws {
        let (csv, xlsx, xmlParts) = try workload()
        print("\n== Card data: \(rowCount) rows × 6 columns, XLSX (\(xlsx.count / 1024) KiB) against CSV (\(csv.count / 1024) KiB) ==")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cardrender-bench-\(getpid())-xlsx")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let csvFile = folder.appendingPathComponent("cards.csv"), xlsxFile = folder.appendingPathComponent("cards.xlsx")
        try csv.write(to: csvFile)
        try xlsx.write(to: xlsxFile)
        let csvRows = try CardData.load(contentsOf: csvFile)
        let xlsxRows = try CardData.load(contentsOf: xlsxFile)
        guard csvRows.rows.map(\.values) == xlsxRows.rows.map(\.values), csvRows.rows.count == rowCount else {
            throw MessageError("the XLSX and CSV workloads do not read as the same \(rowCount) rows")
        }
        // CPU time of this thread, not wall time: the machine is often shared, and the two are
        // read in turn, so a busy neighbour shifts the ratio less.
        var csvTimes: [Double] = [], xlsxTimes: [Double] = []
        for _ in 0..<repetitions {
            csvTimes.append(try cpuTime { _ = try CardData.load(contentsOf: csvFile) })
            xlsxTimes.append(try cpuTime { _ = try CardData.load(contentsOf: xlsxFile) })
        }
        let csvSeconds = Measure.median(csvTimes), xlsxSeconds = Measure.median(xlsxTimes)
        // The floor under XLSX: Foundation's XMLParser alone over the inflated parts, its delegate doing nothing.
        let parserSeconds = Measure.median(try (0..<repetitions).map { _ in
            try cpuTime {
                for part in xmlParts {
                    let parser = XMLParser(data: part)
                    let delegate = IdleDelegate()
                    parser.delegate = delegate
                    _ = parser.parse()
                }
            }
        })
        print("-- median of \(repetitions), CPU time of one thread --")
        print("CSV (CSV.swift)".padding(toLength: 50, withPad: " ", startingAt: 0) + Measure.ms(csvSeconds))
        print("XLSX (ZIPFoundation + libxml2 SAX2)".padding(toLength: 50, withPad: " ", startingAt: 0) + Measure.ms(xlsxSeconds))
        print("  Foundation's XMLParser alone, an idle delegate".padding(toLength: 50, withPad: " ", startingAt: 0) + Measure.ms(parserSeconds)
              + "  (\(Measure.ratio(parserSeconds, csvSeconds)) of CSV)")
        let ratio = xlsxSeconds / max(csvSeconds, 1e-9)
        print("XLSX / CSV: \(Measure.ratio(xlsxSeconds, csvSeconds)) (target <= \(String(format: "%.0f", target))x)"
              + (ratio <= target ? "" : "  ABOVE TARGET"))
    }

    /// The thread's CPU seconds `body` takes.
    static func cpuTime(_ body: () throws -> Void) rethrows -> Double {
        let start = Measure.threadCPUTime()
        try body()
        return Measure.threadCPUTime() - start
    }

    /// The same rows as CSV text and as an XLSX workbook, and the workbook's XML parts.
    static func workload() throws -> (csv: Data, xlsx: Data, xmlParts: [Data]) {
        let elements = ["fire", "water", "earth", "air"]
        var csv = "id,title,element,cost,power,rules\n"
        var strings: [String] = []
        var stringIndex: [String: Int] = [:]
        func shared(_ text: String) -> Int {
            if let index = stringIndex[text] { return index }
            strings.append(text)
            stringIndex[text] = strings.count - 1
            return strings.count - 1
        }
        var sheet = "<row r=\"1\">" + ["id", "title", "element", "cost", "power", "rules"].enumerated().map { column, name in
            "<c r=\"\(SpreadsheetBenchmark.column(column))1\" t=\"s\"><v>\(shared(name))</v></c>"
        }.joined() + "</row>"
        for index in 1...rowCount {
            let title = "Card \(index)", element = elements[index % 4]
            let rules = "Deal \(index % 7) damage, then draw a card for every \(element) card in play."
            let cost = index % 10, power = "\(index % 13).5"
            csv += "\(index),\(title),\(element),\(cost),\(power),\"\(rules)\"\n"
            let row = index + 1
            sheet += "<row r=\"\(row)\"><c r=\"A\(row)\"><v>\(index)</v></c><c r=\"B\(row)\" t=\"s\"><v>\(shared(title))</v></c>"
                + "<c r=\"C\(row)\" t=\"s\"><v>\(shared(element))</v></c><c r=\"D\(row)\"><v>\(cost)</v></c>"
                + "<c r=\"E\(row)\"><v>\(power)</v></c><c r=\"F\(row)\" t=\"s\"><v>\(shared(rules))</v></c></row>"
        }
        let main = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
        let relationships = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
        let parts: [(String, String)] = [
            ("xl/workbook.xml", "<workbook xmlns=\"\(main)\" xmlns:r=\"\(relationships)\"><sheets>"
                + "<sheet name=\"Cards\" sheetId=\"1\" r:id=\"rId1\"/></sheets></workbook>"),
            ("xl/_rels/workbook.xml.rels", "<Relationships xmlns=\"http://schemas.openxmlformats.org/package/2006/relationships\">"
                + "<Relationship Id=\"rId1\" Type=\"\(relationships)/worksheet\" Target=\"worksheets/sheet1.xml\"/>"
                + "<Relationship Id=\"rId2\" Type=\"\(relationships)/sharedStrings\" Target=\"sharedStrings.xml\"/></Relationships>"),
            ("xl/sharedStrings.xml", "<sst xmlns=\"\(main)\" uniqueCount=\"\(strings.count)\">"
                + strings.map { "<si><t>\($0)</t></si>" }.joined() + "</sst>"),
            ("xl/worksheets/sheet1.xml", "<worksheet xmlns=\"\(main)\"><sheetData>\(sheet)</sheetData></worksheet>"),
        ]
        let archive = try Archive(data: Data(), accessMode: .create)
        for (path, text) in parts {
            let bytes = Data(text.utf8)
            try archive.addEntry(with: path, type: .file, uncompressedSize: Int64(bytes.count),
                                 modificationDate: Date(timeIntervalSince1970: 1_700_000_000), compressionMethod: .deflate) {
                position, size in bytes[Int(position)..<Int(position) + size]
            }
        }
        guard let xlsx = archive.data else { throw MessageError("ZIPFoundation wrote no archive") }
        return (Data(csv.utf8), xlsx, parts.map { Data($0.1.utf8) })
    }

    /// 0 → `A`.
    static func column(_ index: Int) -> String { String(UnicodeScalar(UInt8(65 + index))) }
}


/// Receives every element and run of text, and does nothing with them.
final class IdleDelegate: NSObject, XMLParserDelegate {
    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String]) {}
    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {}
    func parser(_ parser: XMLParser, foundCharacters string: String) {}
}
