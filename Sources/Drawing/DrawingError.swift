import CardRenderSupport
import Foundation
import Images

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
