import Drawing
import Foundation

/// The `--out` folder: every path a job writes must stay inside it.
public struct OutputFolder: Sendable {
    public let url: URL

    /// Checks (or creates) the folder. A path that exists as a file is an error.
    public init(_ url: URL) throws {
        try AtomicFile.prepareDirectory(url)
        self.url = url.standardizedFileURL
    }

    /// Refuses paths that are empty, absolute, contain `..`, or lead through a symbolic link
    /// out of the folder (`OutputPaths.resolve`). Returns the file's URL.
    public func confine(_ relativePath: String) throws(BatchError) -> URL {
        do {
            return try OutputPaths.resolve(relativePath, under: url)
        } catch {
            throw BatchError(error.description)
        }
    }
}
