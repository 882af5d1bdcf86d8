import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why an output path was refused.
public enum OutputPathError: Error, Sendable, Equatable, CustomStringConvertible {
    case empty
    case absolute(String)
    case parentReference(String)
    case escapesThroughSymlink(path: String, link: String)

    public var description: String {
        switch self {
        case .empty: "output path is empty"
        case let .absolute(path): "output path \"\(path)\" is absolute; give a path inside --out"
        case let .parentReference(path): "output path \"\(path)\" uses \"..\"; it must stay inside --out"
        case let .escapesThroughSymlink(path, link):
            "output path \"\(path)\" leaves --out through the symbolic link \"\(link)\""
        }
    }
}

/// Output paths given in specs and on the command line stay inside the output folder: no
/// absolute paths, no `..`, and no symbolic link on the way that points outside it. Checked
/// before anything renders.
public enum OutputPaths {
    /// The path's components after removing empty and `.` ones, or an error.
    public static func components(of relative: String) throws(OutputPathError) -> [String] {
        let trimmed = relative.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { throw .empty }
        guard !trimmed.hasPrefix("/"), !trimmed.hasPrefix("~") else { throw .absolute(relative) }
        let parts = trimmed.split(separator: "/", omittingEmptySubsequences: true).map(String.init).filter { $0 != "." }
        guard !parts.contains("..") else { throw .parentReference(relative) }
        guard !parts.isEmpty else { throw .empty }
        return parts
    }

    /// The file URL for `relative` under `root`, after checking that every folder on the way
    /// that already exists resolves to a place inside `root` (symbolic links included).
    public static func resolve(_ relative: String, under root: URL) throws(OutputPathError) -> URL {
        let parts = try components(of: relative)
        let realRoot = realPath(root.path) ?? root.standardizedFileURL.path
        var current = root
        // The final component is the file itself: AtomicFile renames over it, replacing a link
        // rather than writing through it, so only the folders matter.
        for (index, part) in parts.enumerated() {
            current = current.appendingPathComponent(part)
            let isFile = index == parts.count - 1
            guard !isFile else { break }
            let isLink = (try? FileManager.default.destinationOfSymbolicLink(atPath: current.path)) != nil
            guard isLink || FileManager.default.fileExists(atPath: current.path) else { continue }
            // A dangling link cannot be checked, so it is refused like one that leaves.
            guard let resolved = realPath(current.path), isInside(resolved, realRoot) else {
                throw .escapesThroughSymlink(path: relative, link: parts[0...index].joined(separator: "/"))
            }
        }
        return current
    }

    static func isInside(_ path: String, _ root: String) -> Bool {
        path == root || path.hasPrefix(root.hasSuffix("/") ? root : root + "/")
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
