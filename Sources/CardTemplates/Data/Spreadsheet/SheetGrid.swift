import SpecFiles

/// The cells of one sheet that hold a value, as text, by row and column (both 1-based), before
/// they become rows of data. Counts are checked as cells are added, so a sheet past the limits
/// is refused before it is all read.
struct SheetGrid {
    /// The sheet's name as the workbook gives it.
    let sheet: String
    let limits: SpreadsheetLimits
    private(set) var rows: [Int: [Int: String]] = [:]
    private(set) var cellCount = 0

    init(sheet: String, limits: SpreadsheetLimits) {
        self.sheet = sheet
        self.limits = limits
    }

    /// A problem at one cell, as `Sheet1!C7: …`.
    struct CellFault: Error {
        var message: String
    }

    /// `Sheet1!C7`, the sheet quoted as Excel quotes it when its name is not a plain word.
    func reference(row: Int, column: Int) -> String {
        "\(quotedSheet)!\(Self.columnName(column))\(row)"
    }

    var quotedSheet: String {
        let plain = !sheet.isEmpty && sheet.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" }
        return plain ? sheet : "'" + sheet.replacingOccurrences(of: "'", with: "''") + "'"
    }

    /// Stores `value` at (`row`, `column`); an empty value is no cell.
    mutating func set(_ value: String, row: Int, column: Int) throws(CellFault) {
        guard !value.isEmpty else { return }
        try check(row: row, column: column)
        guard value.unicodeScalars.count <= limits.characters else {
            throw CellFault(message: "\(reference(row: row, column: column)): holds more than \(limits.characters) characters")
        }
        if rows[row]?[column] == nil {
            cellCount += 1
            guard cellCount <= limits.cells else {
                throw CellFault(message: "\(reference(row: row, column: column)): the sheet has more than \(limits.cells) cells with values")
            }
        }
        rows[row, default: [:]][column] = value
    }

    /// Whether a cell at (`row`, `column`) is within the sheet's and the reader's bounds.
    func check(row: Int, column: Int) throws(CellFault) {
        guard column <= limits.columns else {
            throw CellFault(message: "\(reference(row: row, column: min(column, Self.maxColumn))): a value past column "
                            + "\(Self.columnName(limits.columns)) (at most \(limits.columns) columns are read)")
        }
        guard row <= SpreadsheetLimits.sheetRows else {
            throw CellFault(message: "\(quotedSheet): a row past \(SpreadsheetLimits.sheetRows), the most a sheet has")
        }
    }

    /// The data: the first row with a value names the columns, rows without a value are
    /// skipped (as blank lines in a CSV file), and a value outside the header's columns is an error.
    func cardData(file: String) throws(SpecError) -> CardData {
        let location = SpecLocation(file: file)
        let rowNumbers = rows.keys.sorted()
        guard let headerRow = rowNumbers.first, let headerCells = rows[headerRow] else {
            throw SpecError("\(quotedSheet): the sheet is empty", at: location)
        }
        let header = try columns(of: headerCells, row: headerRow, file: file)
        guard rowNumbers.count - 1 <= limits.rows else {
            throw SpecError("\(quotedSheet): has more than \(limits.rows) rows of data", at: location)
        }
        var dataRows: [DataRow] = []
        dataRows.reserveCapacity(rowNumbers.count - 1)
        for rowNumber in rowNumbers.dropFirst() {
            let cells = rows[rowNumber] ?? [:]
            if let stray = cells.keys.filter({ $0 > header.count }).min() {
                throw SpecError("\(reference(row: rowNumber, column: stray)): a value in a column the header (row \(headerRow)) "
                                + "does not name", at: location)
            }
            var values: [String: String] = [:]
            for (index, name) in header.enumerated() { values[name] = cells[index + 1] ?? "" }
            dataRows.append(DataRow(number: dataRows.count + 1, location: SpecLocation(file: file, line: rowNumber), values: values))
        }
        return CardData(columns: header, rows: dataRows, file: file)
    }

    /// The header's names, from column A to its last value: each named, none twice.
    private func columns(of cells: [Int: String], row: Int, file: String) throws(SpecError) -> [String] {
        let count = cells.keys.max() ?? 0
        var names: [String] = []
        var seen: [String: Int] = [:]
        for column in 1...count {
            let name = (cells[column] ?? "").trimmingSpaces
            guard !name.isEmpty else {
                throw SpecError("\(reference(row: row, column: column)): column \(column) of the header has no name",
                                at: SpecLocation(file: file))
            }
            if let first = seen[name] {
                throw SpecError("\(reference(row: row, column: column)): column \"\(name)\" is named twice in the header "
                                + "(columns \(Self.columnName(first)) and \(Self.columnName(column)))", at: SpecLocation(file: file))
            }
            seen[name] = column
            names.append(name)
        }
        return names
    }

    /// Excel's last column, XFD.
    static let maxColumn = 16_384

    /// 1 → `A`, 27 → `AA`.
    static func columnName(_ column: Int) -> String {
        var number = column
        var letters: [Character] = []
        while number > 0 {
            let remainder = (number - 1) % 26
            letters.append(Character(Unicode.Scalar(UInt8(65 + remainder))))
            number = (number - 1) / 26
        }
        return String(letters.reversed())
    }

    /// `C7` → (row 7, column 3); nil for anything else, or past Excel's last row or column.
    static func parseReference(_ text: String) -> (row: Int, column: Int)? {
        var column = 0, row = 0
        var digits = 0
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z") where digits == 0:
                column = column * 26 + Int(byte - UInt8(ascii: "A")) + 1
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                row = row * 10 + Int(byte - UInt8(ascii: "0"))
                digits += 1
            default: return nil
            }
            guard column <= maxColumn, row <= SpreadsheetLimits.sheetRows else { return nil }
        }
        guard column > 0, row > 0 else { return nil }
        return (row, column)
    }
}
