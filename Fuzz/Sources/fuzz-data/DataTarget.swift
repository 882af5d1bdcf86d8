import CardTemplates
import Foundation
import FuzzDriver
import FuzzSupport

/// Any bytes as card data: the first byte picks CSV, TSV, JSON or YAML, the first line of the
/// rest is a `--where` filter and the remainder the file. The rows are read, filtered and filled
/// into a template whose values, text and file name all come from columns. A refusal must be a
/// thrown error of one line.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzData(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let formats: [CardData.Format] = [.csv, .tsv, .json, .yaml]
    let format = formats[Int(data[0]) % formats.count]
    let bytes = Data(bytes: data + 1, count: size - 1)
    let (filterBytes, fileBytes) = FuzzSupport.split(bytes, at: "\n")
    let filter = String(decoding: filterBytes, as: UTF8.self)
    let input = String(decoding: bytes, as: UTF8.self)
    do {
        let rows = try CardData.parse(fileBytes ?? Data(), format: format, file: "cards")
        let cards = try template.cards(from: rows, filters: filter.isEmpty ? [] : [filter])
        for card in cards { _ = card.fileStem }
    } catch {
        FuzzSupport.checkOneLine(error, input: input)
    }
    return 0
}

/// Every kind of value filled from a column: a length, a colour, a paint, visibility, text with
/// and without markup, a count and the file name.
let template: CardTemplate = {
    let yaml = """
        card: {size: poker, dpi: 72, background: "{a}", name: "{a}-{b}"}
        layers:
          - {type: rect, x: "{a}", y: 1pt, width: "{b}", height: 10%, fill: "{c}", visible: "{a}"}
          - {type: text, x: 0, y: 0, width: 100%, height: 50%, text: "{a} {b:markup}", font: "DejaVu Sans {c}"}
          - {type: ellipse, x: 0, y: 0, width: 50%, height: 50%, fill: {linear: {from: [0%, 0%], to: ["{a}", 100%]}, stops: ["{b}", "{c}"]}}
        """
    let url = FuzzSupport.write(Data(yaml.utf8), named: "data-template.yaml")
    do { return try CardTemplate.load(contentsOf: url) } catch { fatalError("the data target's template: \(error)") }
}()

// The entry point SwiftPM links this executable to.
@_cdecl("fuzz_data_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    fuzz_driver_main(argc, argv)
}
