/// What a spreadsheet (XLSX or ODS) may hold, each checked before the work it bounds: a zip
/// archive is untrusted, and a few kilobytes of it can inflate to gigabytes.
public struct SpreadsheetLimits: Sendable, Equatable {
    /// Bytes of the file itself.
    public var fileBytes = 64 << 20
    /// Entries in the zip archive (an XLSX from Excel has about a dozen).
    public var archiveEntries = 10_000
    /// Bytes of one part once inflated, checked against the size the archive declares and
    /// counted again while inflating.
    public var partBytes = 64 << 20
    /// Strings in an XLSX's shared-strings table.
    public var sharedStrings = 1_000_000
    /// Cells with a value in the sheet read.
    public var cells = 1_000_000
    /// Rows of data (the header row not counted).
    public var rows = 100_000
    /// Columns, counting from A to the last with a value.
    public var columns = 1_024
    /// Characters of one cell's text (Excel's own limit).
    public var characters = 32_767
    /// Elements open inside one another in any XML part.
    public var nesting = 64

    /// The limits `cardrender` applies.
    public init() {}

    /// The largest sheet row a cell reference may name (Excel's).
    static let sheetRows = 1_048_576
}
