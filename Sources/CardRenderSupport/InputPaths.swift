import FoundationEssentials

/// Checks on files a command reads: that a path names a regular file (not a device or a FIFO,
/// whose reads never end or block), and that a path made from untrusted data stays inside the
/// folders it may read, symbolic links followed, without telling whether the file exists.
public enum InputPaths {
    /// What is at a path, symbolic links followed.
    public enum Kind: Sendable, Equatable {
        /// A file whose bytes can be read to their end.
        case regularFile
        /// A directory.
        case folder
        /// A device, a FIFO or a socket.
        case special
    }

    /// What is at `path`, links followed; nil when nothing is (or a link leads nowhere).
    public static func kind(at path: String) -> Kind? {
        switch Syscalls.kind(at: path) {
        case .regularFile: .regularFile
        case .directory: .folder
        case .symbolicLink, .other: .special
        case nil: nil
        }
    }

    /// Whether the absolute `path` lands inside one of `folders` once every symbolic link is
    /// followed. The answer is the same whether or not the file exists: a path that does not
    /// exist is judged by the deepest folder on its way that does (a link leading nowhere is
    /// outside), so a refusal never says whether an outside file is there.
    public static func isInside(_ path: String, anyOf folders: [String]) -> Bool {
        let roots = folders.compactMap { try? Syscalls.realPath($0) }
        guard !roots.isEmpty, path.hasPrefix("/") else { return false }
        var existing = URL(fileURLWithPath: path).standardizedFileURL.path
        while Syscalls.kind(at: existing, followingLinks: false) == nil {
            let parent = URL(fileURLWithPath: existing).deletingLastPathComponent().path
            guard parent != existing else { return false }
            existing = parent
        }
        guard let resolved = try? Syscalls.realPath(existing) else { return false }
        return roots.contains { OutputPaths.isInside(resolved, $0) }
    }
}
