import CardRenderSupport
import Foundation
import SpecFiles

/// Card data from one sheet of an XLSX or ODS workbook: typed cells become the text a CSV
/// export of the sheet would hold (numbers without a trailing `.0`, dates in ISO 8601, formulas
/// as their saved values, `true`/`false`), and every problem is one line naming the file and
/// the cell (`cards.xlsx: Sheet1!C7: …`) or, for a damaged file, the part inside the archive.
public enum SpreadsheetReader {
    /// Rows from the spreadsheet in `bytes`, from the sheet named `sheet` (the first when nil);
    /// `file` names it in messages. The bytes are read from a temporary file, removed after.
    public static func read(_ bytes: Data, format: CardData.Format, sheet: String?, file: String,
                            limits: SpreadsheetLimits = SpreadsheetLimits()) throws(SpecError) -> CardData {
        try checkSize(bytes.count, file: file, limits: limits)
        let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("cardrender-sheet-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: temporary) }
        do { try bytes.write(to: temporary) } catch {
            throw SpecError("cannot hold the spreadsheet in a temporary file (\(error.localizedDescription))", at: SpecLocation(file: file))
        }
        return try read(contentsOf: temporary, format: format, sheet: sheet, file: file, limits: limits)
    }

    /// Rows from the spreadsheet file at `url`, from the sheet named `sheet` (the first when
    /// nil); `file` names it in messages.
    public static func read(contentsOf url: URL, format: CardData.Format, sheet: String?, file: String,
                            limits: SpreadsheetLimits = SpreadsheetLimits()) throws(SpecError) -> CardData {
        let location = SpecLocation(file: file)
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        try checkSize(size, file: file, limits: limits)
        do {
            let archive: SpreadsheetArchive
            do { archive = try SpreadsheetArchive(url: url, limits: limits) } catch { throw SpreadsheetError(error) }
            let grid = format == .ods ? try ODSReader.read(archive, sheet: sheet) : try XLSXReader.read(archive, sheet: sheet)
            return try grid.cardData(file: file)
        } catch let error as SpreadsheetError {
            throw SpecError(error.message, at: location)
        } catch let error as SpecError {
            throw error
        } catch {
            throw SpecError("cannot read the spreadsheet (\(error))", at: location)
        }
    }

    static func checkSize(_ size: Int, file: String, limits: SpreadsheetLimits) throws(SpecError) {
        guard size <= limits.fileBytes else {
            throw SpecError("the spreadsheet has \(size) bytes, more than the \(limits.fileBytes) allowed", at: SpecLocation(file: file))
        }
    }

    /// The index of the sheet named `name` among `names`, or of the first when nil.
    static func choose(_ name: String?, among names: [String]) throws(SpreadsheetError) -> Int {
        guard let name else { return 0 }
        if let index = names.firstIndex(of: name) { return index }
        let suggestion = NearestName.suggestion(for: name, among: names)
        throw SpreadsheetError(NearestName.unknown("sheet", name, suggestion: suggestion, valid: names.map { "\"\($0)\"" }))
    }
}
