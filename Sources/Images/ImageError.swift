import CardRenderSupport
import Foundation

/// What can go wrong with pixels outside a drawing: a raster over the pixel budget or larger than
/// its format holds, memory, a file that is not what it claims to be. Each has a one-line message
/// a user understands. (PNG's own errors are `PNGError`, which names libpng's cases.)
public enum ImageError: Error, Equatable, CustomStringConvertible, LocalizedError {
    case invalidSize(String)
    case outOfMemory(String)
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
