import Foundation

/// An error with a one-line message for the user.
struct CLIError: Error, CustomStringConvertible, LocalizedError {
    let description: String
    init(_ description: String) { self.description = description }
    var errorDescription: String? { description }
}
