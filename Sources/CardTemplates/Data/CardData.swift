import CardRenderSupport
import CSV
import Foundation
import SpecFiles

/// One row of data: the values of its columns as text, and where it was written.
public struct DataRow: Sendable, Equatable {
    /// 1-based, counting data rows only (a CSV header is not a row).
    public var number: Int
    /// The row's first line in its file (or the template, for inline rows).
    public var location: SpecLocation
    /// The row's value of each column, as text (an empty string for a value left empty).
    public var values: [String: String]

    /// A row numbered `number`, written at `location`.
    public init(number: Int, location: SpecLocation, values: [String: String]) {
        self.number = number
        self.location = location
        self.values = values
    }

    /// `row 6 (cards.csv:7)`, for messages: the row comes first, then the layer, then the problem.
    public var label: String { Self.label(number: number, location: location) }

    /// `row 6 (cards.csv:7)` for the row numbered `number` written at `location`; `the card (no
    /// data)` without a location.
    static func label(number: Int, location: SpecLocation?) -> String {
        guard let location else { return "the card (no data)" }
        guard let line = location.line else { return "row \(number)" }
        return "row \(number) (\(location.file):\(line))"
    }
}

/// Rows of data for a template's cards, from a CSV, TSV, JSON, YAML, XLSX or ODS file or the
/// template's own `data:` list. Every value is text; a JSON or YAML row may leave out a column others have
/// (its value is then empty).
public struct CardData: Sendable, Equatable {
    /// The columns in the order they first appear.
    public var columns: [String]
    /// The rows in the order they are written.
    public var rows: [DataRow]
    /// The file's name as messages show it.
    public var file: String

    /// Data already split into rows; `file` names it in messages.
    public init(columns: [String], rows: [DataRow], file: String) {
        self.columns = columns
        self.rows = rows
        self.file = file
    }

    /// The data formats, by file extension.
    public enum Format: String, Sendable, CaseIterable {
        /// Comma-separated values (RFC 4180 quoting), the first row naming the columns.
        case csv
        /// Tab-separated values, the first row naming the columns.
        case tsv
        /// A JSON list of objects, one per row.
        case json
        /// A YAML list of mappings, one per row.
        case yaml
        /// An Office Open XML workbook (Excel, Google Sheets' download): one sheet's cells, the
        /// first row with a value naming the columns.
        case xlsx
        /// An OpenDocument spreadsheet (LibreOffice): one sheet's cells, as `xlsx`.
        case ods

        /// The format of a file ending in `.csv`, `.tsv` or `.tab`, `.json`, `.yaml` or `.yml`,
        /// `.xlsx` or `.ods` (any case); nil for any other extension.
        public init?(pathExtension: String) {
            switch pathExtension.lowercased() {
            case "csv": self = .csv
            case "tsv", "tab": self = .tsv
            case "json": self = .json
            case "yaml", "yml": self = .yaml
            case "xlsx": self = .xlsx
            case "ods": self = .ods
            default: return nil
            }
        }

        /// Whether the format is a workbook of sheets, one of which is read.
        public var isSpreadsheet: Bool { self == .xlsx || self == .ods }
    }

    /// Reads a data file, its format chosen by its extension (`.csv`, `.tsv`, `.json`,
    /// `.yaml`/`.yml`, `.xlsx`, `.ods`), from a spreadsheet the sheet named `sheet` (the first when
    /// nil). Errors name the file as `displayName` (default: the path as given).
    public static func load(contentsOf url: URL, displayName: String? = nil, sheet: String? = nil) throws(SpecError) -> CardData {
        let name = displayName ?? url.relativePath
        let file = SpecLocation(file: name)
        guard let format = Format(pathExtension: url.pathExtension) else {
            throw SpecError("unknown data format \"\(url.pathExtension)\"; use .csv, .tsv, .json, .yaml, .yml, .xlsx or .ods", at: file)
        }
        if sheet != nil, !format.isSpreadsheet {
            throw SpecError("a sheet is named, but .\(url.pathExtension) data has no sheets (only .xlsx and .ods do)", at: file)
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw SpecError("the data file does not exist", at: file)
        }
        guard !isDirectory.boolValue else { throw SpecError("is a folder, not a data file", at: file) }
        guard InputPaths.kind(at: url.path) == .regularFile else {
            throw SpecError("is not a regular file but a device, FIFO or socket; give a data file", at: file)
        }
        if format.isSpreadsheet { return try SpreadsheetReader.read(contentsOf: url, format: format, sheet: sheet, file: name) }
        let bytes: Data
        do { bytes = try Data(contentsOf: url) } catch {
            throw SpecError("cannot read the data file (\(error.localizedDescription))", at: file)
        }
        return try parse(bytes, format: format, file: name, sheet: sheet)
    }

    /// Reads data already in memory; `file` names it in messages; `sheet` picks a spreadsheet's
    /// sheet by name (the first when nil).
    public static func parse(_ bytes: Data, format: Format, file: String, sheet: String? = nil) throws(SpecError) -> CardData {
        switch format {
        case .xlsx, .ods: try SpreadsheetReader.read(bytes, format: format, sheet: sheet, file: file)
        case .csv, .tsv, .json, .yaml: try parseText(bytes, format: format, file: file)
        }
    }

    /// CSV, TSV, JSON and YAML: UTF-8 text.
    static func parseText(_ bytes: Data, format: Format, file: String) throws(SpecError) -> CardData {
        var text = try DataText.decode(bytes, file: file)
        if text.unicodeScalars.first == "\u{FEFF}" { text.unicodeScalars.removeFirst() }
        guard text.contains(where: { !$0.isWhitespace }) else {
            throw SpecError("the data file is empty", at: SpecLocation(file: file))
        }
        switch format {
        case .csv: return try DelimitedData.parse(text, delimiter: ",", file: file)
        case .tsv: return try DelimitedData.parse(text, delimiter: "\t", file: file)
        case .json, .yaml, .xlsx, .ods:
            let node = try SpecFile.compose(text, file: file)
            return try rows(of: node, file: file)
        }
    }

    /// Rows from a located list of mappings (a JSON or YAML file, or a template's `data:`).
    static func rows(of node: LocatedNode, file: String) throws(SpecError) -> CardData {
        guard case let .list(items) = node.content else {
            throw SpecError("the data must be a list of rows, each a mapping of column names to values", at: node.location)
        }
        var columns: [String] = []
        var known = Set<String>()
        var rows: [DataRow] = []
        for (offset, item) in items.enumerated() {
            let number = offset + 1
            guard case let .mapping(entries) = item.content else {
                throw SpecError("row \(number) must be a mapping of column names to values", at: item.location)
            }
            var values: [String: String] = [:]
            for entry in entries {
                let name = entry.key.trimmingSpaces
                guard !name.isEmpty else { throw SpecError("row \(number) has an empty column name", at: entry.keyLocation) }
                switch entry.value.content {
                case let .scalar(text, isNull): values[name] = isNull ? "" : text
                case .list, .mapping:
                    throw SpecError("row \(number): `\(name)` must be a single value (text, number or true/false), "
                                    + "not a list or mapping", at: entry.value.location)
                }
                if known.insert(name).inserted { columns.append(name) }
            }
            rows.append(DataRow(number: number, location: SpecLocation(file: file, line: item.location.line), values: values))
        }
        return CardData(columns: columns, rows: rows, file: file)
    }
}

/// Text of a data file, refusing bytes that are not UTF-8 with the line they are on.
enum DataText {
    static func decode(_ data: Data, file: String) throws(SpecError) -> String {
        if let text = String(validating: data, as: UTF8.self) { return text }
        var line = 1
        var parser = Unicode.UTF8.ForwardParser()
        var bytes = data.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &bytes) {
            case let .valid(encoded):
                offset += encoded.count
                if encoded.count == 1, encoded.first == UInt8(ascii: "\n") { line += 1 }
            case .emptyInput:
                return String(decoding: data, as: UTF8.self)
            case .error:
                let byte = data[data.index(data.startIndex, offsetBy: offset)]
                throw SpecError("line \(line) is not UTF-8 text (byte 0x\(String(byte, radix: 16, uppercase: true))); "
                                + "save the file as UTF-8", at: SpecLocation(file: file, line: line))
            }
        }
    }
}

/// CSV and TSV through CSV.swift: the first row names the columns.
enum DelimitedData {
    static func parse(_ text: String, delimiter: Unicode.Scalar, file: String) throws(SpecError) -> CardData {
        if let line = unclosedQuoteLine(text, delimiter: delimiter) {
            throw SpecError("a quoted field starting on this line is never closed (a `\"` inside a quoted field is written `\"\"`)",
                            at: SpecLocation(file: file, line: line))
        }
        let reader: CSVReader
        do {
            reader = try CSVReader(string: text, hasHeaderRow: false, trimFields: false, delimiter: delimiter)
        } catch {
            throw SpecError("cannot read the data (\(error))", at: SpecLocation(file: file))
        }
        var header: [String]?
        var rows: [DataRow] = []
        // CSV.swift does not report lines: each record spans one line plus the line breaks inside its fields.
        var line = 1
        while let fields = reader.next() {
            let recordLine = line
            line += 1 + fields.reduce(0) { $0 + lineBreaks(in: $1) }
            if fields == [""] { continue }  // a blank line
            guard let columns = header else {
                header = try checkHeader(fields, file: file, line: recordLine)
                continue
            }
            guard fields.count == columns.count else {
                throw SpecError("row \(rows.count + 1) has \(fields.count) field\(fields.count == 1 ? "" : "s"), "
                                + "the header has \(columns.count)", at: SpecLocation(file: file, line: recordLine))
            }
            rows.append(DataRow(number: rows.count + 1, location: SpecLocation(file: file, line: recordLine),
                                values: Dictionary(zip(columns, fields), uniquingKeysWith: { first, _ in first })))
        }
        if let error = reader.error { throw SpecError("cannot read the data (\(error))", at: SpecLocation(file: file)) }
        guard let header else { throw SpecError("the data file is empty", at: SpecLocation(file: file)) }
        return CardData(columns: header, rows: rows, file: file)
    }

    static func checkHeader(_ fields: [String], file: String, line: Int) throws(SpecError) -> [String] {
        let names = fields.map { $0.trimmingSpaces }
        var seen: [String: Int] = [:]
        for (index, name) in names.enumerated() {
            guard !name.isEmpty else {
                throw SpecError("column \(index + 1) of the header has no name", at: SpecLocation(file: file, line: line))
            }
            if let first = seen[name] {
                throw SpecError("column \"\(name)\" is named twice in the header (columns \(first + 1) and \(index + 1))",
                                at: SpecLocation(file: file, line: line))
            }
            seen[name] = index
        }
        return names
    }

    /// The line of a quoted field the text ends inside, by RFC 4180's quoting (which CSV.swift
    /// follows), or nil: CSV.swift would silently read the rest of the file into that field.
    static func unclosedQuoteLine(_ text: String, delimiter: Unicode.Scalar) -> Int? {
        var line = 1, openedOn = 0
        var inQuotes = false, atFieldStart = true
        var scalars = text.unicodeScalars.makeIterator()
        var pending: Unicode.Scalar?
        while let scalar = pending ?? scalars.next() {
            pending = nil
            if scalar == "\n" { line += 1 }
            if inQuotes {
                guard scalar == "\"" else { continue }
                let next = scalars.next()
                if next == "\"" { continue }
                inQuotes = false
                atFieldStart = false
                pending = next
                if next == nil { break }
            } else if scalar == "\"", atFieldStart {
                inQuotes = true
                openedOn = line
            } else {
                atFieldStart = scalar == delimiter || scalar == "\n" || scalar == "\r"
            }
        }
        return inQuotes ? openedOn : nil
    }

    /// Line breaks in a field: CR LF, LF and CR each count once.
    static func lineBreaks(in field: String) -> Int {
        var count = 0
        var previous: Unicode.Scalar?
        for scalar in field.unicodeScalars {
            if scalar == "\n" { if previous != "\r" { count += 1 } } else if scalar == "\r" { count += 1 }
            previous = scalar
        }
        return count
    }
}
