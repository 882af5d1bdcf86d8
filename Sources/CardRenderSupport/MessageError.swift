import FoundationEssentials

/// An error that is its message: one line a user understands, for failures with nothing to
/// match on but the text (a bad argument, a job that broke its promise, a merge that cannot go on).
public struct MessageError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    public let description: String

    /// An error whose whole message is `description`.
    public init(_ description: String) {
        self.description = description
    }

    public var errorDescription: String? { description }
}
