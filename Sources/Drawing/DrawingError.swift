import CardRenderSupport
import Foundation

/// Everything that can go wrong while drawing or writing a picture, each with a one-line
/// message a user understands.
public enum DrawingError: Error, Equatable, CustomStringConvertible, LocalizedError {
    case cairo(action: String, message: String)
    case outOfMemory(String)
    case invalidSize(String)
    /// A document that cannot be written: no pages, a page size a PDF cannot hold, a placement
    /// that is not a number.
    case invalidDocument(String)
    case font(String)
    case fontMissing(String)
    case invalidColor(String)
    case write(path: String, reason: String)
    case image(String)
    /// A raster over the pixel budget, refused before its pixels are allocated.
    case overBudget(String)

    /// One line whatever the values quoted in it hold (a file name, markup, an SVG's text).
    public var description: String { message.escapingLineBreaks }

    private var message: String {
        switch self {
        case let .cairo(action, message): return "Cairo failed while \(action): \(message)"
        case let .outOfMemory(action): return "out of memory while \(action)"
        case let .invalidSize(detail): return "invalid picture size: \(detail)"
        case let .invalidDocument(detail): return "invalid document: \(detail)"
        case let .font(detail): return detail
        case let .fontMissing(detail): return detail
        case let .invalidColor(text): return "invalid colour \"\(text)\": use #RGB, #RGBA, #RRGGBB or #RRGGBBAA"
        case let .write(path, reason): return "cannot write \(path): \(reason)"
        case let .image(detail): return detail
        case let .overBudget(detail): return detail
        }
    }

    public var errorDescription: String? { description }
}

/// Size limits shared by every raster output.
public enum RenderLimits {
    public static let maxPixelsPerSide = 16384
    /// Pixels one raster picture (or one image of a diff) may have unless the caller raises it:
    /// 40 MP is 160 MB of ARGB32, so N pictures in flight hold at most N × 160 MB of pixels.
    public static let defaultMaxPixels = 40_000_000

    /// Refuses `width`×`height` px over `maxPixels`; call it from sizes or headers, before
    /// allocating. `what` names the picture, `flag` the option that raises the limit.
    public static func checkBudget(width: Int, height: Int, maxPixels: Int, what: String,
                                   flag: String = "--max-pixels") throws(DrawingError) {
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
        return value == value.rounded() ? "\(Int(value)) MP" : String(format: "%.1f MP", value)
    }
}
