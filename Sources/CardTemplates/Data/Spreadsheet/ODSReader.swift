import Foundation

/// An OpenDocument spreadsheet (`.ods`, from LibreOffice and Google Sheets): the tables of
/// `content.xml`, with their repeated rows and cells (LibreOffice writes a sheet's empty tail as
/// one row repeated a million times: repeats without a value are counted, never stored).
enum ODSReader {
    static let contentPath = "content.xml"

    /// The cells of the table named `sheet` (the first when nil).
    static func read(_ archive: SpreadsheetArchive, sheet: String?) throws(SpreadsheetError) -> SheetGrid {
        var names: [String] = []
        var depth = 0
        _ = try archive.readXML(contentPath) { event throws(XMLEvents.Failure) in
            switch event {
            case let .start("table", attributes):
                depth += 1
                if depth == 1 { names.append(attributes["table:name"] ?? "Sheet\(names.count + 1)") }
            case .end("table"): depth -= 1
            default: break
            }
        }
        guard !names.isEmpty else {
            let problem = archive.contains(contentPath) ? "has no table" : "is missing: this zip archive is not an ODS spreadsheet"
            throw SpreadsheetError("\(contentPath) \(problem)")
        }
        let chosen = try SpreadsheetReader.choose(sheet, among: names)
        let reader = TableReader(grid: SheetGrid(sheet: names[chosen], limits: archive.limits), table: chosen)
        guard let read = try archive.readXML(contentPath, handler: reader) else { throw SpreadsheetError("\(contentPath) is missing") }
        return read.grid
    }

    /// The chosen table's cells, as the parser meets them.
    struct TableReader: XMLHandler {
        var grid: SheetGrid
        /// The chosen table's position among the tables.
        let table: Int
        var tablesSeen = 0, tableDepth = 0
        var inChosen: Bool { tableDepth == 1 && tablesSeen - 1 == table }
        var row = 1, rowRepeat = 1, column = 1
        var rowCells: [(column: Int, value: String)] = []
        var cell: (attributes: [String: String], repeat: Int, covered: Bool)?
        var paragraphs: [String] = []
        var inParagraph = 0, inAnnotation = 0, textLength = 0

        mutating func text(_ text: String) throws(XMLEvents.Failure) { try append(text) }

        /// Adds to the cell's last paragraph, within the character limit (a few bytes of
        /// `<text:s text:c="32767"/>` stand for many spaces).
        mutating func append(_ text: String) throws(XMLEvents.Failure) {
            guard cell != nil, inParagraph > 0, inAnnotation == 0, !paragraphs.isEmpty else { return }
            paragraphs[paragraphs.count - 1] += text
            textLength += text.utf8.count
            guard textLength <= 4 * grid.limits.characters else {
                throw .cell("\(grid.reference(row: row, column: column)): holds more than \(grid.limits.characters) characters")
            }
        }

        mutating func start(_ name: String, _ attributes: XMLAttributes) throws(XMLEvents.Failure) {
            if name == "table" {
                tableDepth += 1
                if tableDepth == 1 { tablesSeen += 1 }
                return
            }
            guard inChosen else { return }
            switch name {
            case "table-row":
                rowRepeat = try repeatCount(attributes["table:number-rows-repeated"], "rows")
                column = 1
                rowCells = []
            case "table-cell", "covered-table-cell":
                cell = (attributes.dictionary, try repeatCount(attributes["table:number-columns-repeated"], "columns"), name == "covered-table-cell")
                paragraphs = []
                textLength = 0
            case "annotation": inAnnotation += 1
            case "p" where cell != nil && inAnnotation == 0:
                paragraphs.append("")
                inParagraph += 1
            case "s": try append(String(repeating: " ", count: max(1, min(Int(attributes["text:c"] ?? "1") ?? 1, grid.limits.characters))))
            case "tab": try append("\t")
            case "line-break": try append("\n")
            default: break
            }
        }

        mutating func end(_ name: String) throws(XMLEvents.Failure) {
            if name == "table" {
                tableDepth -= 1
                return
            }
            guard inChosen else { return }
            switch name {
            case "annotation": inAnnotation -= 1
            case "p" where inParagraph > 0: inParagraph -= 1
            case "table-cell", "covered-table-cell":
                guard let cell else { return }
                let text = cell.covered ? "" : try value(of: cell.attributes)
                if !text.isEmpty {
                    do { try grid.check(row: row, column: column + cell.repeat - 1) } catch { throw .cell(error.message) }
                    for offset in 0..<cell.repeat { rowCells.append((column + offset, text)) }
                }
                column = min(column + cell.repeat, SheetGrid.maxColumn + 1)
                self.cell = nil
            case "table-row":
                try storeRow()
                row = min(row + rowRepeat, SpreadsheetLimits.sheetRows + 1)
            default: break
            }
        }

        /// The row's cells, as many times as the row is repeated: checked against the cell
        /// limit before any is stored.
        mutating func storeRow() throws(XMLEvents.Failure) {
            guard !rowCells.isEmpty else { return }
            let first = rowCells[0].column
            guard rowCells.count * rowRepeat <= grid.limits.cells - grid.cellCount else {
                throw .cell("\(grid.reference(row: row, column: first)): the sheet has more than \(grid.limits.cells) cells with values")
            }
            do {
                try grid.check(row: row + rowRepeat - 1, column: first)
                for offset in 0..<rowRepeat {
                    for (column, text) in rowCells { try grid.set(text, row: row + offset, column: column) }
                }
            } catch {
                throw .cell(error.message)
            }
        }

        /// `table:number-rows-repeated` or `-columns-repeated`: 1 when absent.
        func repeatCount(_ text: String?, _ what: String) throws(XMLEvents.Failure) -> Int {
            guard let text else { return 1 }
            guard let count = Int(text), count > 0, count <= SpreadsheetLimits.sheetRows else {
                throw .part("repeats \(what) \"\(text.prefix(20))\" times")
            }
            return count
        }

        /// A cell's value by its `office:value-type`: numbers, dates, times and booleans from
        /// their attributes (a formula's saved result is there too), text from its paragraphs.
        func value(of attributes: [String: String]) throws(XMLEvents.Failure) -> String {
            let reference = grid.reference(row: row, column: column)
            if attributes["calcext:value-type"] == "error" {
                throw .cell("\(reference): the formula's value is an error (\(paragraphs.joined(separator: " ").prefix(20)))")
            }
            switch attributes["office:value-type"] {
            case "float", "percentage", "currency":
                guard let text = attributes["office:value"], let number = CellText.number(text) else {
                    throw .cell("\(reference): a number cell without a number")
                }
                return number
            case "date":
                guard let date = attributes["office:date-value"] else { throw .cell("\(reference): a date cell without a date") }
                return date.hasSuffix("T00:00:00") ? String(date.dropLast(9)) : date
            case "time":
                guard let duration = attributes["office:time-value"], let time = CellText.time(duration: duration) else {
                    throw .cell("\(reference): a time cell without a time of day")
                }
                return time
            case "boolean":
                let value = attributes["office:boolean-value"]
                return value == "true" || value == "1" ? "true" : "false"
            default:
                return attributes["office:string-value"] ?? paragraphs.joined(separator: "\n")
            }
        }
    }
}
