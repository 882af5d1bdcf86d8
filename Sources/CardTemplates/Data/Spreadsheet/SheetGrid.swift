import SpecFiles

/// The cells of one sheet that hold a value, as text, by row and column (both 1-based), before
/// they become rows of data. Counts are checked as cells are added, so a sheet past the limits
/// is refused before it is all read.
struct SheetGrid {
    /// The sheet's name as the workbook gives it.
    let sheet: String
    let limits: SpreadsheetLimits
    /// The cells in the order they were met (a sheet's order, rows and columns ascending, in
    /// every file seen; sorted before use when not).
    private var cells: [(row: Int, column: Int, value: String)] = []
    var cellCount: Int { cells.count }

    /// The sheet's name as a reference writes it.
    let quotedSheet: String

    init(sheet: String, limits: SpreadsheetLimits) {
        self.sheet = sheet
        self.limits = limits
        let plain = !sheet.isEmpty && sheet.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" }
        quotedSheet = plain ? sheet : "'" + sheet.replacingOccurrences(of: "'", with: "''") + "'"
    }

    /// A problem at one cell, as `Sheet1!C7: …`.
    struct CellFault: Error {
        var message: String
    }

    /// `Sheet1!C7`, the sheet quoted as Excel quotes it when its name is not a plain word.
    func reference(row: Int, column: Int) -> String {
        "\(quotedSheet)!\(Self.columnName(column))\(row)"
    }

    /// Stores `value` at (`row`, `column`); an empty value is no cell.
    mutating func set(_ value: String, row: Int, column: Int) throws(CellFault) {
        guard !value.isEmpty else { return }
        try check(row: row, column: column)
        guard value.utf8.count <= limits.characters || value.unicodeScalars.count <= limits.characters else {
            throw CellFault(message: "\(reference(row: row, column: column)): holds more than \(limits.characters) characters")
        }
        guard cells.count < limits.cells else {
            throw CellFault(message: "\(reference(row: row, column: column)): the sheet has more than \(limits.cells) cells with values")
        }
        cells.append((row, column, value))
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

    /// The cells by row, each row's by column, in ascending order; of a cell given twice the last.
    func rowsInOrder() -> [(row: Int, cells: [(column: Int, value: String)])] {
        var ordered = cells
        let isSorted = zip(cells, cells.dropFirst()).allSatisfy { ($0.row, $0.column) < ($1.row, $1.column) }
        if !isSorted {
            ordered = cells.enumerated().sorted { ($0.element.row, $0.element.column, $0.offset) < ($1.element.row, $1.element.column, $1.offset) }
                .map(\.element)
        }
        var rows: [(row: Int, cells: [(column: Int, value: String)])] = []
        for cell in ordered {
            if rows.last?.row != cell.row { rows.append((cell.row, [])) }
            if rows[rows.count - 1].cells.last?.column == cell.column { rows[rows.count - 1].cells.removeLast() }
            rows[rows.count - 1].cells.append((cell.column, cell.value))
        }
        return rows
    }

    /// The data: the first row with a value names the columns, rows without a value are
    /// skipped (as blank lines in a CSV file), and a value outside the header's columns is an error.
    func cardData(file: String) throws(SpecError) -> CardData {
        let location = SpecLocation(file: file)
        let rows = rowsInOrder()
        guard let headerRow = rows.first else {
            throw SpecError("\(quotedSheet): the sheet is empty", at: location)
        }
        let header = try columns(of: headerRow.cells, row: headerRow.row, file: file)
        guard rows.count - 1 <= limits.rows else {
            throw SpecError("\(quotedSheet): has more than \(limits.rows) rows of data", at: location)
        }
        var dataRows: [DataRow] = []
        dataRows.reserveCapacity(rows.count - 1)
        for row in rows.dropFirst() {
            if let stray = row.cells.last, stray.column > header.count {
                let first = row.cells.first { $0.column > header.count }?.column ?? stray.column
                throw SpecError("\(reference(row: row.row, column: first)): a value in a column the header (row \(headerRow.row)) "
                                + "does not name", at: location)
            }
            var fields = Array(repeating: "", count: header.count)
            for cell in row.cells { fields[cell.column - 1] = cell.value }
            dataRows.append(DataRow(number: dataRows.count + 1, location: SpecLocation(file: file, line: row.row),
                                    values: Dictionary(uniqueKeysWithValues: zip(header, fields))))
        }
        return CardData(columns: header, rows: dataRows, file: file)
    }

    /// The header's names, from column A to its last value: each named, none twice.
    private func columns(of cells: [(column: Int, value: String)], row: Int, file: String) throws(SpecError) -> [String] {
        let byColumn = Dictionary(cells.map { ($0.column, $0.value) }, uniquingKeysWith: { _, last in last })
        let count = cells.last?.column ?? 0
        var names: [String] = []
        var seen: [String: Int] = [:]
        for column in 1...max(count, 1) {
            let name = (byColumn[column] ?? "").trimmingSpaces
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
