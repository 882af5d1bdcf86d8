import Foundation

/// An Office Open XML workbook (`.xlsx`, from Excel, Google Sheets, LibreOffice, openpyxl):
/// the sheet list in `xl/workbook.xml`, where each sheet is through `xl/_rels/workbook.xml.rels`,
/// the shared strings, the cell formats that make a number a date, then one sheet's cells.
enum XLSXReader {
    static let workbookPath = "xl/workbook.xml"
    static let relationshipsPath = "xl/_rels/workbook.xml.rels"

    struct Workbook {
        var sheets: [(name: String, relationship: String)] = []
        var epoch = CellText.Epoch.excel1900
    }

    /// The cells of the sheet named `sheet` (the first when nil).
    static func read(_ archive: SpreadsheetArchive, sheet: String?) throws(SpreadsheetError) -> SheetGrid {
        let workbook = try readWorkbook(archive)
        let names = workbook.sheets.map(\.name)
        let chosen = try SpreadsheetReader.choose(sheet, among: names)
        let relationships = try readRelationships(archive)
        let relationship = workbook.sheets[chosen].relationship
        guard let target = relationships[relationship]?.target else {
            throw SpreadsheetError("\(relationshipsPath): no relationship \"\(relationship)\" for sheet \"\(names[chosen])\"")
        }
        let sheetPath = resolve(target)
        let strings = try readSharedStrings(archive, path: part(ofType: "sharedStrings", in: relationships) ?? "xl/sharedStrings.xml")
        let styles = try readStyles(archive, path: part(ofType: "styles", in: relationships) ?? "xl/styles.xml")
        let reader = SheetReader(grid: SheetGrid(sheet: names[chosen], limits: archive.limits), strings: strings,
                                 styles: styles, epoch: workbook.epoch)
        guard let read = try archive.readXML(sheetPath, handler: reader) else {
            throw SpreadsheetError("\(sheetPath): sheet \"\(names[chosen])\" is missing from the archive")
        }
        return read.grid
    }

    /// The part of the first relationship (by id) whose type ends in `/type`.
    static func part(ofType type: String, in relationships: [String: Relationship]) -> String? {
        relationships.filter { $0.value.type.hasSuffix("/" + type) }.min { $0.key < $1.key }.map { resolve($0.value.target) }
    }

    /// `worksheets/sheet1.xml` → `xl/worksheets/sheet1.xml`; `/xl/…` as is, less the slash.
    /// Only a name inside the archive: never a path on disk.
    static func resolve(_ target: String) -> String {
        let joined = target.hasPrefix("/") ? String(target.dropFirst()) : "xl/" + target
        var parts: [Substring] = []
        for part in joined.split(separator: "/") {
            switch part {
            case ".": continue
            case "..": _ = parts.popLast()
            default: parts.append(part)
            }
        }
        return parts.joined(separator: "/")
    }

    static func readWorkbook(_ archive: SpreadsheetArchive) throws(SpreadsheetError) -> Workbook {
        var workbook = Workbook()
        let found = try archive.readXML(workbookPath) { event throws(XMLEvents.Failure) in
            guard case let .start(name, attributes) = event else { return }
            switch name {
            case "workbookPr":
                if let value = attributes["date1904"], value == "1" || value == "true" { workbook.epoch = .excel1904 }
            case "sheet":
                guard let sheetName = attributes["name"],
                      let id = attributes.first(where: { $0.key.hasSuffix(":id") })?.value else {
                    throw .part("a sheet without a name or relationship id")
                }
                workbook.sheets.append((sheetName, id))
            default: break
            }
        }
        guard found else {
            throw SpreadsheetError("\(workbookPath) is missing: this zip archive is not an XLSX workbook")
        }
        guard !workbook.sheets.isEmpty else { throw SpreadsheetError("\(workbookPath): the workbook has no sheets") }
        return workbook
    }

    /// A part the workbook refers to: its type (a URI ending in `/worksheet`, `/styles` …) and where it is.
    struct Relationship {
        var type: String
        var target: String
    }

    static func readRelationships(_ archive: SpreadsheetArchive) throws(SpreadsheetError) -> [String: Relationship] {
        var targets: [String: Relationship] = [:]
        _ = try archive.readXML(relationshipsPath) { event throws(XMLEvents.Failure) in
            guard case let .start("Relationship", attributes) = event, let id = attributes["Id"],
                  let target = attributes["Target"] else { return }
            if attributes["TargetMode"] == "External" { return }
            targets[id] = Relationship(type: attributes["Type"] ?? "", target: target)
        }
        return targets
    }

    /// The shared-strings table: each `<si>`'s text runs joined, phonetic guides (`<rPh>`) left out.
    static func readSharedStrings(_ archive: SpreadsheetArchive, path: String) throws(SpreadsheetError) -> [String] {
        try archive.readXML(path, handler: SharedStringsReader(limits: archive.limits))?.strings ?? []
    }

    /// Each `<si>`'s text runs joined, phonetic guides (`<rPh>`) left out.
    struct SharedStringsReader: XMLHandler {
        let limits: SpreadsheetLimits
        var strings: [String] = []
        var current = "", inItem = false, inText = false, inPhonetic = false

        init(limits: SpreadsheetLimits) { self.limits = limits }

        mutating func start(_ name: String, _ attributes: XMLAttributes) throws(XMLEvents.Failure) {
            switch name {
            case "sst":
                if let count = attributes["uniqueCount"].flatMap({ Int($0) }), count > limits.sharedStrings {
                    throw .part("declares \(count) shared strings, more than the \(limits.sharedStrings) allowed")
                }
                strings.reserveCapacity(min(attributes["uniqueCount"].flatMap { Int($0) } ?? 0, limits.sharedStrings))
            case "si":
                guard strings.count < limits.sharedStrings else { throw .part("holds more than \(limits.sharedStrings) shared strings") }
                (inItem, current) = (true, "")
            case "t": inText = inItem && !inPhonetic
            case "rPh": inPhonetic = true
            default: break
            }
        }

        mutating func end(_ name: String) throws(XMLEvents.Failure) {
            switch name {
            case "si":
                inItem = false
                strings.append(current)
            case "t": inText = false
            case "rPh": inPhonetic = false
            default: break
            }
        }

        mutating func text(_ text: String) throws(XMLEvents.Failure) {
            guard inText else { return }
            if current.isEmpty { current = text } else { current += text }
            guard current.utf8.count <= 4 * limits.characters else {
                throw .part("shared string \(strings.count) holds more than \(limits.characters) characters")
            }
        }
    }

    /// For each cell format (`<cellXfs>`'s `<xf>`, by index), whether it shows a number as a date or time.
    static func readStyles(_ archive: SpreadsheetArchive, path: String) throws(SpreadsheetError) -> [CellText.DateStyle?] {
        var codes: [Int: String] = [:]
        var formats: [CellText.DateStyle?] = []
        var inCellFormats = false
        _ = try archive.readXML(path) { event throws(XMLEvents.Failure) in
            switch event {
            case let .start("numFmt", attributes):
                if let id = attributes["numFmtId"].flatMap({ Int($0) }) { codes[id] = attributes["formatCode"] }
            case .start("cellXfs", _): inCellFormats = true
            case .end("cellXfs"): inCellFormats = false
            case let .start("xf", attributes) where inCellFormats:
                guard formats.count < maxCellFormats else { throw .part("holds more than \(maxCellFormats) cell formats") }
                let id = attributes["numFmtId"].flatMap { Int($0) } ?? 0
                formats.append(CellText.dateStyle(formatId: id, code: codes[id]))
            default: break
            }
        }
        return formats
    }

    /// Excel's own limit of cell formats in a workbook is 64,000.
    static let maxCellFormats = 65_536

    /// One sheet's cells, as the parser meets them.
    struct SheetReader: XMLHandler {
        var grid: SheetGrid
        let strings: [String]
        let styles: [CellText.DateStyle?]
        let epoch: CellText.Epoch
        var row = 0, column = 0
        var cell: (type: String, style: Int, hasFormula: Bool)?
        var value: String?
        var inValue = false, inInline = false, inText = false, inPhonetic = false

        mutating func text(_ text: String) throws(XMLEvents.Failure) {
            guard inValue || inText else { return }
            if value == nil { value = text } else { value?.append(text) }
            guard (value?.utf8.count ?? 0) <= 4 * grid.limits.characters else {
                throw .cell("\(grid.reference(row: row, column: column)): holds more than \(grid.limits.characters) characters")
            }
        }

        mutating func start(_ name: String, _ attributes: XMLAttributes) throws(XMLEvents.Failure) {
            switch name {
            case "row":
                let next = row + 1
                if let text = attributes["r"] {
                    guard let number = Int(text), number > 0, number <= SpreadsheetLimits.sheetRows else {
                        throw .part("a row numbered \"\(text.prefix(20))\"")
                    }
                    row = number
                } else {
                    row = next
                }
                column = 0
            case "c":
                if let reference = attributes["r"] {
                    guard let (cellRow, cellColumn) = SheetGrid.parseReference(reference) else {
                        throw .part("a cell at \"\(reference.prefix(20))\", which is not a cell reference such as C7")
                    }
                    (row, column) = (cellRow, cellColumn)
                } else {
                    column += 1
                }
                do { try grid.check(row: max(row, 1), column: column) } catch { throw .cell(error.message) }
                cell = (attributes["t"] ?? "n", attributes["s"].flatMap { Int($0) } ?? 0, false)
                value = nil
            case "f": cell?.hasFormula = true
            case "v": inValue = cell != nil
            case "is": inInline = true
            case "rPh": inPhonetic = true
            case "t": inText = inInline && !inPhonetic
            default: break
            }
        }

        mutating func end(_ name: String) throws(XMLEvents.Failure) {
            switch name {
            case "v": inValue = false
            case "is": inInline = false
            case "rPh": inPhonetic = false
            case "t": inText = false
            case "c":
                guard let cell else { return }
                let text = try cellText(type: cell.type, style: cell.style, hasFormula: cell.hasFormula)
                do { try grid.set(text, row: max(row, 1), column: column) } catch { throw .cell(error.message) }
                self.cell = nil
            default: break
            }
        }

        /// The cell's value as text: shared and inline strings, numbers (as dates when their
        /// format is one), booleans, and a formula's saved value.
        func cellText(type: String, style: Int, hasFormula: Bool) throws(XMLEvents.Failure) -> String {
            var reference: String { grid.reference(row: max(row, 1), column: column) }
            guard let value else {
                if hasFormula {
                    throw .cell("\(reference): a formula without a saved value; open the file in a spreadsheet program "
                                + "and save it, so its values are computed")
                }
                return ""
            }
            switch type {
            case "s":
                guard let index = Int(value) ?? Int(value.trimmingSpaces), strings.indices.contains(index) else {
                    throw .cell("\(reference): refers to shared string \(value.prefix(20)), but the file has \(strings.count)")
                }
                return strings[index]
            case "inlineStr", "str": return value
            case "b": return value == "1" || value == "true" ? "true" : "false"
            case "e": throw .cell("\(reference): the formula's value is an error (\(value.prefix(20)))")
            case "d": return value
            default:
                let dateStyle = styles.indices.contains(style) ? styles[style] : nil
                if dateStyle == nil, CellText.isPlainInteger(value) { return value }
                guard let number = Double(value) ?? Double(value.trimmingSpaces), number.isFinite else {
                    throw .cell("\(reference): \"\(value.prefix(20))\" is not a number")
                }
                guard let dateStyle else { return CellText.number(number) }
                guard let date = CellText.date(serial: number, style: dateStyle, epoch: epoch) else {
                    throw .cell("\(reference): \(CellText.number(number)) is formatted as a date but is none from year 1 to 9999")
                }
                return date
            }
        }
    }
}
