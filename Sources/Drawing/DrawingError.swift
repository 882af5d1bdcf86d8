import CardRenderSupport
import Foundation
import Images

/// Everything that can go wrong while drawing or writing a picture, each with a one-line
/// message a user understands.
public enum DrawingError: Error, Equatable, CustomStringConvertible, LocalizedError {
    /// Cairo reported an error while doing `action`.
    case cairo(action: String, message: String)
    /// Memory for a surface or a buffer could not be had.
    case outOfMemory(String)
    /// A picture size that is not positive and finite, or over the limits.
    case invalidSize(String)
    /// A document that cannot be written: no pages, a page size a PDF cannot hold, a placement
    /// that is not a number.
    case invalidDocument(String)
    /// A font file that cannot be loaded or used.
    case font(String)
    /// A shipped font file missing from the package's resources.
    case fontMissing(String)
    /// Colour text that is not `#RGB`, `#RGBA`, `#RRGGBB` or `#RRGGBBAA`.
    case invalidColor(String)
    /// A file that could not be written.
    case write(path: String, reason: String)
    /// An image that cannot be read, decoded or encoded.
    case image(String)
    /// Pixels that cannot be made or read: over the pixel budget, too large for their format.
    case pixels(ImageError)

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
        case let .pixels(error): return error.description
        }
    }

    public var errorDescription: String? { description }
}
