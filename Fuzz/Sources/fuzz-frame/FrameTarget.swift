import FuzzDriver
import Foundation
import KeyboardDiagrams

/// Any text through the `x,y,w,h` parser: a frame it accepts is finite, within a million points,
/// not negative in size, and reads back from its own numbers.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFrame(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let frame = try? FrameInput.parse(text, name: "frame") else { return 0 }
    let numbers = [frame.origin.x, frame.origin.y, frame.size.width, frame.size.height].map { Double($0) }
    guard numbers.allSatisfy({ $0.isFinite && abs($0) <= 1_000_000 }), numbers[2] >= 0, numbers[3] >= 0 else {
        fatalError("\(text.debugDescription) gave \(frame)")
    }
    let again = numbers.map { String($0) }.joined(separator: ",")
    guard (try? FrameInput.parse(again, name: "frame")) == frame else { fatalError("\(again) does not read back as \(frame)") }
    return 0
}

// The entry point SwiftPM links this executable to.
@_cdecl("fuzz_frame_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    fuzz_driver_main(argc, argv)
}
