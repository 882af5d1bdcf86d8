import CardTemplates
import Drawing
import Foundation
import FuzzDriver
import FuzzSupport

/// A template and its data as one input: the YAML before a `#data` line is the template
/// (`card.yaml`, beside `base.yaml`, `layouts.yaml` and icons it may extend or draw), the CSV after
/// it the rows. Reading (extends, layouts, aliases), every `{column}`, row filters, lengths,
/// colours and paints, the layer resolver, file names, loading images and icons, and drawing the
/// first cards small (Pango markup, auto-fit, SVG and PNG images) all run; a refusal must be a
/// thrown error of one line. A trap, a hang or a sanitizer report is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTemplate(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(bytes: data, count: size)
    let (templateBytes, dataBytes) = FuzzSupport.split(bytes, at: "\n#data\n")
    let input = String(decoding: bytes, as: UTF8.self)
    do {
        let url = FuzzSupport.write(templateBytes, named: "card.yaml")
        let template = try CardTemplate.load(contentsOf: url, displayName: "card.yaml")
        let rows = try dataBytes.map { try CardData.parse($0, format: .csv, file: "cards.csv") }
        let cards = try template.cards(from: rows)
        let renderer = try TemplateRenderer(template: template, cards: cards)
        for card in cards.prefix(2) {
            let picture = renderer.picture(for: card)
            // Small, so each input is quick: at most 64 pixels on the longer side.
            let longer = max(picture.size.width, picture.size.height, 1)
            _ = try picture.rasterize(resolution: .scale(min(1, 64 / Double(longer))))
        }
    } catch {
        FuzzSupport.checkOneLine(error, input: input)
    }
    return 0
}

// The entry point SwiftPM links this executable to.
@_cdecl("fuzz_template_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    fuzz_driver_main(argc, argv)
}
