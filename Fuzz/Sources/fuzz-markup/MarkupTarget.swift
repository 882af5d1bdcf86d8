import Drawing
import Foundation
import FuzzDriver
import FuzzSupport

/// Any text as Pango markup in a text box with an inline icon: laid out wrapping by word and
/// shrinking to fit, then drawn. A refusal must be a thrown error of one line.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMarkup(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let markup = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let box = TextBox(markup: markup, font: "DejaVu Sans 12", wrap: .word, autoFit: AutoFit(minimumSize: 6),
                      icons: ["coin": coin])
    do {
        _ = try box.layout(in: CGSize(width: 120, height: 60))
        _ = try Picture(width: 60, height: 40) { canvas in
            try box.draw(in: CGRect(x: 0, y: 0, width: 60, height: 40), on: canvas)
        }.rasterize()
    } catch {
        FuzzSupport.checkOneLine(error, input: markup)
    }
    return 0
}

let coin = InlineIcon(aspectRatio: 1, identity: "coin") { rect, canvas in
    canvas.fill(BezierPath(ovalIn: rect), with: .black)
}

// The entry point SwiftPM links this executable to.
@_cdecl("fuzz_markup_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    fuzz_driver_main(argc, argv)
}
