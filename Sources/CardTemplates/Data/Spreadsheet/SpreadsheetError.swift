import Foundation

/// A problem reading a spreadsheet, already saying where inside it: a part of the archive
/// (`xl/workbook.xml:3:7: …`) for a structural fault, a cell (`Sheet1!C7: …`) for a value.
struct SpreadsheetError: Error {
    var message: String

    init(_ message: String) { self.message = message }

    /// A fault of the archive or of one of its parts.
    init(_ fault: SpreadsheetArchive.Fault) {
        message = fault.part.map { "\($0): \(fault.message)" } ?? fault.message
    }

    /// A fault found while parsing `part`, at the parser's position when it has one.
    init(part: String, _ failure: XMLEvents.Failure) {
        message = failure.line > 0 ? "\(part):\(failure.line):\(failure.column): \(failure.message)" : "\(part): \(failure.message)"
    }
}

extension SpreadsheetArchive {
    /// Parses the part named `path` through `handle`; nil when there is no such part. Handler
    /// faults (a cell's problem) pass through with their own text.
    func readXML(_ path: String, handle: @escaping (XMLEvents.Event) throws(XMLEvents.Failure) -> Void) throws(SpreadsheetError) -> Bool {
        try readXML(path, handler: XMLEvents.ClosureHandler(handle: handle)) != nil
    }

    /// Parses the part named `path` with `handler` and returns it; nil when there is no such part.
    func readXML<Handler: XMLHandler>(_ path: String, handler: Handler) throws(SpreadsheetError) -> Handler? {
        let data: Data?
        do { data = try part(path) } catch { throw SpreadsheetError(error) }
        guard let data else { return nil }
        do { return try XMLEvents.read(data, nesting: limits.nesting, handler: handler) } catch {
            throw error.line < 0 ? SpreadsheetError(error.message) : SpreadsheetError(part: path, error)
        }
    }
}

extension XMLEvents.Failure {
    /// A problem with a cell, whose message already names it: shown without the part's position.
    static func cell(_ message: String) -> XMLEvents.Failure { XMLEvents.Failure(message: message, line: -1, column: -1) }

    /// A problem of the part at the parser's position (filled in by the reader).
    static func part(_ message: String) -> XMLEvents.Failure { XMLEvents.Failure(message: message, line: 0, column: 0) }
}
