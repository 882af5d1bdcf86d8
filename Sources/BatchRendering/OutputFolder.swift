import Drawing
import Foundation

/// The `--out` folder: every path a job writes must stay inside it.
public struct OutputFolder: Sendable {
    public let url: URL

    /// Checks (or, unless `create` is false, creates) the folder. A path that exists as a file
    /// is an error.
    public init(_ url: URL, create: Bool = true) throws {
        if create {
            try AtomicFile.prepareDirectory(url)
        } else {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                throw DrawingError.write(path: url.path, reason: "it is a file, not a folder")
            }
        }
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
