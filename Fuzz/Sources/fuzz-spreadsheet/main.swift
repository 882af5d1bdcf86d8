import CardTemplates
import Foundation
import FuzzDriver
import FuzzSupport
import ZIPFoundation

/// Any bytes as an XLSX or ODS data file. The first byte picks how the rest is used: as the
/// whole file (the zip archive itself, for the seeds of real workbooks), or as the XML parts of
/// a well-formed archive built here, so the mutations reach the XML readers: an XLSX sheet and
/// its shared strings (split at a `\n====\n` line), or an ODS `content.xml`. A refusal must be
/// a thrown error of one line; limits are small so a bomb is met quickly.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSpreadsheet(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let mode = data[0] % 4
    let bytes = Data(bytes: data + 1, count: size - 1)
    let format: CardData.Format = mode % 2 == 0 ? .xlsx : .ods
    let file: Data
    switch mode {
    case 2:
        let (sheet, strings) = FuzzSupport.split(bytes, at: "\n====\n")
        file = archive([("xl/workbook.xml", workbook), ("xl/_rels/workbook.xml.rels", relationships),
                        ("xl/worksheets/sheet1.xml", sheet), ("xl/sharedStrings.xml", strings ?? Data())])
    case 3: file = archive([("content.xml", bytes)])
    default: file = bytes
    }
    var limits = SpreadsheetLimits()
    limits.partBytes = 1 << 20
    limits.cells = 10_000
    do {
        let rows = try SpreadsheetReader.read(file, format: format, sheet: nil, file: "cards.\(format.rawValue)", limits: limits)
        for row in rows.rows { _ = row.label }
    } catch {
        FuzzSupport.checkOneLine(error, input: String(decoding: bytes, as: UTF8.self))
    }
    return 0
}

/// A zip archive of `parts`, stored (not deflated), in the order given.
func archive(_ parts: [(String, Data)]) -> Data {
    do {
        let archive = try Archive(data: Data(), accessMode: .create)
        for (path, bytes) in parts {
            try archive.addEntry(with: path, type: .file, uncompressedSize: Int64(bytes.count),
                                 modificationDate: Date(timeIntervalSince1970: 0)) { position, size in
                bytes[bytes.startIndex + Int(position)..<bytes.startIndex + Int(position) + size]
            }
        }
        return archive.data ?? Data()
    } catch {
        fatalError("the spreadsheet target cannot build its archive: \(error)")
    }
}

/// Made on each use, not kept: LeakSanitizer cannot follow a `Data` held in a global.
var workbook: Data { Data("""
    <workbook xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">\
    <sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>
    """.utf8) }

var relationships: Data { Data("""
    <Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/>\
    <Relationship Id="rId2" Target="sharedStrings.xml"/></Relationships>
    """.utf8) }

// The entry point SwiftPM links this executable to.
@_cdecl("fuzz_spreadsheet_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    fuzz_driver_main(argc, argv)
}
