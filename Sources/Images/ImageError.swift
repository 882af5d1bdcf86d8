import CardRenderSupport
import FoundationEssentials

/// What can go wrong with pixels outside a drawing: a raster over the pixel budget or larger than
/// its format holds, memory, a file that is not what it claims to be. Each has a one-line message
/// a user understands. (PNG's own errors are `PNGError`, which names libpng's cases.)
public enum ImageError: Error, Equatable, CustomStringConvertible, LocalizedError {
    /// A size that is not positive, or larger than the format holds.
    case invalidSize(String)
    /// The pixels could not be allocated.
    case outOfMemory(String)
    /// An image that cannot be read or written (a WebP that is damaged, over the limits, or a bad quality).
    case image(String)
    /// A raster over the pixel budget, refused before its pixels are allocated.
    case overBudget(String)

    /// One line whatever the values quoted in it hold (a file name).
    public var description: String { message.escapingLineBreaks }

    private var message: String {
        switch self {
        case let .invalidSize(detail): "invalid picture size: \(detail)"
        case let .outOfMemory(action): "out of memory while \(action)"
        case let .image(detail): detail
        case let .overBudget(detail): detail
        }
    }

    public var errorDescription: String? { description }
}
