import Drawing
import Foundation

/// The `--out` folder: every path a job writes must stay inside it.
public struct OutputFolder: Sendable {
    public let url: URL
    /// The folder with symbolic links resolved, to compare real locations.
    private let realPath: String

    /// Checks (or creates) the folder. A path that exists as a file is an error.
    public init(_ url: URL) throws {
        try AtomicFile.prepareDirectory(url)
        self.url = url.standardizedFileURL
        realPath = url.resolvingSymlinksInPath().standardizedFileURL.path
    }

    /// Refuses paths that are empty, absolute, contain `..`, or lead through a symbolic link
    /// out of the folder. Returns the file's URL.
    public func confine(_ relativePath: String) throws(BatchError) -> URL {
        guard !relativePath.isEmpty else { throw BatchError("empty output path") }
        guard !relativePath.hasPrefix("/") else {
            throw BatchError("output path \(relativePath) is absolute; paths are relative to --out")
        }
        let components = relativePath.split(separator: "/", omittingEmptySubsequences: true)
        guard !components.contains(where: { $0 == ".." }) else {
            throw BatchError("output path \(relativePath) leaves --out through ..")
        }
        guard !components.isEmpty, !components.contains(where: { $0 == "." && components.count == 1 }) else {
            throw BatchError("output path \(relativePath) names no file")
        }
        // Follow every prefix that already exists: a symbolic link must not lead outside.
        var current = url
        for component in components {
            current.appendPathComponent(String(component))
            guard (try? FileManager.default.destinationOfSymbolicLink(atPath: current.path)) != nil ||
                  FileManager.default.fileExists(atPath: current.path) else { break }
            let resolved = current.resolvingSymlinksInPath().standardizedFileURL.path
            guard resolved == realPath || resolved.hasPrefix(realPath + "/") else {
                throw BatchError("output path \(relativePath) leads outside --out through a symbolic link")
            }
        }
        return url.appendingPathComponent(relativePath)
    }
}
