import Drawing
import Foundation
import FuzzDriver
import FuzzSupport

/// Any bytes as an SVG image: loaded through librsvg and drawn small. A refusal must be a
/// thrown error of one line.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSVG(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(bytes: data, count: size)
    do {
        let image = try VectorImage(data: bytes, name: "fuzz.svg")
        _ = try Picture(width: 48, height: 48) { canvas in
            try image.draw(in: CGRect(x: 0, y: 0, width: 48, height: 48), on: canvas)
        }.rasterize()
    } catch {
        FuzzSupport.checkOneLine(error, input: String(decoding: bytes, as: UTF8.self))
    }
    return 0
}

// The entry point SwiftPM links this executable to.
@_cdecl("fuzz_svg_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    fuzz_driver_main(argc, argv)
}
