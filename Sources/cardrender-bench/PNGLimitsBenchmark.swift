import CardRenderSupport
import Drawing
import Foundation

/// A PNG over the size limits must be refused from its header, before any pixels are allocated
/// or inflated: refusing a 4000×4000 PNG costs about what reading its header does, a small share
/// of decoding it.
enum PNGLimitsBenchmark {
    static let section = "png-limits"

    static func run() throws {
        print("== PNG size limits: refusing an oversized PNG from its header ==")
        let side = 4000
        var pixels = [UInt8](repeating: 0, count: side * side * 4)
        for index in stride(from: 0, to: pixels.count, by: 4) {
            let pixel = index / 4
            pixels[index] = UInt8(truncatingIfNeeded: pixel % side)
            pixels[index + 1] = UInt8(truncatingIfNeeded: pixel / side)
            pixels[index + 2] = UInt8(truncatingIfNeeded: pixel &* 31)
            pixels[index + 3] = 255
        }
        let png = try PNG.encode(RGBAImage(width: side, height: side, pixels: pixels))
        let tight = PNG.Limits(maxWidth: side - 1, maxHeight: side, maxPixels: side * side)

        var refusals: [Double] = [], decodes: [Double] = []
        for _ in 0..<9 {
            let (seconds, error) = Measure.time { Self.refusal(of: png, limits: tight) }
            guard case .tooLarge? = error else {
                throw MessageError("a \(side)×\(side) PNG was not refused by limits of \(side - 1) px wide")
            }
            refusals.append(seconds)
            decodes.append(try Measure.time { try PNG.decode(png) }.seconds)
        }
        let refusal = Measure.median(refusals), decode = Measure.median(decodes)
        print("\(side)×\(side) PNG, \(png.count) bytes, median of 9:")
        print("  decode           \(Measure.ms(decode))")
        print(String(format: "  refused (limits) %8.1f µs  (1/%.0f of a decode)", refusal * 1e6, decode / max(refusal, 1e-9)))
    }

    static func refusal(of png: Data, limits: PNG.Limits) -> PNGError? {
        do {
            _ = try PNG.decode(png, limits: limits)
            return nil
        } catch {
            return error
        }
    }
}
