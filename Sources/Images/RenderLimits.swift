import CardRenderSupport
import FoundationEssentials

/// Size limits shared by every raster output.
public enum RenderLimits {
    /// The longest side a raster picture may have, in pixels, checked before any surface is made.
    public static let maxPixelsPerSide = 16384
    /// Pixels one raster picture (or one image of a diff) may have unless the caller raises it:
    /// 40 MP is 160 MB of ARGB32, so N pictures in flight hold at most N × 160 MB of pixels.
    public static let defaultMaxPixels = 40_000_000

    /// Refuses `width`×`height` px over `maxPixels`; call it from sizes or headers, before
    /// allocating. `what` names the picture, `flag` the option that raises the limit.
    public static func checkBudget(width: Int, height: Int, maxPixels: Int, what: String,
                                   flag: String = "--max-pixels") throws(ImageError) {
        // Multiplied in full width: sides come from untrusted sizes and headers.
        let pixels = width.multipliedFullWidth(by: height)
        guard pixels.high == 0, pixels.low <= UInt(max(0, maxPixels)) else {
            let count = pixels.high == 0 ? Int(clamping: pixels.low) : Int.max
            throw .overBudget("\(what) is \(width)×\(height) px (\(megapixels(count))), over the limit of "
                              + "\(megapixels(maxPixels)) per picture; raise it with \(flag) N")
        }
    }

    /// `268.4 MP`, `40 MP`; under a megapixel, `14000 px`.
    public static func megapixels(_ pixels: Int) -> String {
        guard pixels >= 1_000_000 else { return "\(pixels) px" }
        let value = Double(pixels) / 1_000_000
        return value == value.rounded() ? "\(Int(value)) MP" : PrintfFormat.string("%.1f MP", value)
    }
}
