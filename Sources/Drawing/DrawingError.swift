import Foundation

/// Everything that can go wrong while drawing or writing a picture, each with a one-line
/// message a user understands.
public enum DrawingError: Error, Equatable, CustomStringConvertible, LocalizedError {
    case cairo(action: String, message: String)
    case outOfMemory(String)
    case invalidSize(String)
    case font(String)
    case fontMissing(String)
    case invalidColor(String)
    case write(path: String, reason: String)
    case image(String)

    public var description: String {
        switch self {
        case let .cairo(action, message): return "Cairo failed while \(action): \(message)"
        case let .outOfMemory(action): return "out of memory while \(action)"
        case let .invalidSize(detail): return "invalid picture size: \(detail)"
        case let .font(detail): return detail
        case let .fontMissing(detail): return detail
        case let .invalidColor(text): return "invalid colour \"\(text)\": use #RGB, #RGBA, #RRGGBB or #RRGGBBAA"
        case let .write(path, reason): return "cannot write \(path): \(reason)"
        case let .image(detail): return detail
        }
    }

    public var errorDescription: String? { description }
}

/// Size limits shared by every raster output.
public enum RenderLimits {
    public static let maxPixelsPerSide = 16384
}
