import FoundationEssentials

/// Why an output path was refused.
public enum OutputPathError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Nothing to write to.
    case empty
    /// An absolute path, which would leave the output folder.
    case absolute(String)
    /// A `..` component, which could leave the output folder.
    case parentReference(String)
    /// A folder on the way is a symbolic link that leads outside the output folder.
    case escapesThroughSymlink(path: String, link: String)
    /// A component longer than the system allows, less room for the temporary name.
    case nameTooLong(path: String, bytes: Int)
    /// The whole path longer than the system allows, less room for the temporary name.
    case pathTooLong(path: String, bytes: Int)

    public var description: String {
        switch self {
        case .empty: "output path is empty"
        case let .absolute(path): "output path \"\(path)\" is absolute; give a path inside --out"
        case let .parentReference(path): "output path \"\(path)\" uses \"..\"; it must stay inside --out"
        case let .escapesThroughSymlink(path, link):
            "output path \"\(path)\" leaves --out through the symbolic link \"\(link)\""
        case let .nameTooLong(path, bytes):
            "output path \"\(path)\" has a name of \(bytes) bytes; file names may have at most "
                + "\(OutputPaths.maxNameBytes) (the system's 255, less room for the temporary name written first)"
        case let .pathTooLong(path, bytes):
            "output path \"\(path)\" is \(bytes) bytes long with its folder; paths may have at most "
                + "\(OutputPaths.maxPathBytes) (the system's 4096, less room for the temporary name)"
        }
    }
}

/// Output paths given in specs and on the command line stay inside the output folder: no
/// absolute paths, no `..`, and no symbolic link on the way that points outside it. Checked
/// before anything renders.
public enum OutputPaths {
    /// Room a file's temporary name (`.NAME.tmp-PID-N`) takes beyond the name itself.
    static let temporaryNameBytes = 27
    /// The longest file or folder name in bytes: `NAME_MAX` (255) less the temporary's room.
    public static let maxNameBytes = 255 - temporaryNameBytes
    /// The longest whole path in bytes: `PATH_MAX` (4096, with its NUL) less the temporary's room.
    public static let maxPathBytes = 4095 - temporaryNameBytes

    /// Checks that every name in `paths` (relative to `root`) and every whole path fits the
    /// system's limits with room for the temporary name, before anything is written.
    public static func checkLengths(of paths: [String], under root: URL) throws(OutputPathError) {
        let rootBytes = root.path.utf8.count
        for path in paths {
            for name in path.split(separator: "/") where name.utf8.count > maxNameBytes {
                throw .nameTooLong(path: path, bytes: name.utf8.count)
            }
            let total = rootBytes + 1 + path.utf8.count
            guard total <= maxPathBytes else { throw .pathTooLong(path: path, bytes: total) }
        }
    }

    /// The path's components after removing empty and `.` ones, or an error.
    public static func components(of relative: String) throws(OutputPathError) -> [String] {
        // Most paths start and end with a printable ASCII byte and need no trimming, which is slow.
        let utf8 = relative.utf8
        let plain = utf8.first.map { (0x21..<0x80).contains($0) } == true && utf8.last.map { (0x21..<0x80).contains($0) } == true
        let trimmed = plain ? relative : relative.trimmingSpaces()
        guard !trimmed.isEmpty else { throw .empty }
        guard !trimmed.hasPrefix("/"), !trimmed.hasPrefix("~") else { throw .absolute(relative) }
        let parts = trimmed.split(separator: "/", omittingEmptySubsequences: true).map(String.init).filter { $0 != "." }
        guard !parts.contains("..") else { throw .parentReference(relative) }
        guard !parts.isEmpty else { throw .empty }
        if let long = parts.first(where: { $0.utf8.count > maxNameBytes }) {
            throw .nameTooLong(path: relative, bytes: long.utf8.count)
        }
        return parts
    }

    /// The file URL for `relative` under `root`, after checking that every folder on the way
    /// that already exists resolves to a place inside `root` (symbolic links included).
    public static func resolve(_ relative: String, under root: URL) throws(OutputPathError) -> URL {
        var resolver = Resolver(root: root)
        return try resolver.resolve(relative)
    }

    /// Resolves many paths under one root, checking each folder on disk once: a batch writes
    /// millions of files into far fewer folders, and the checks are system calls.
    public struct Resolver: Sendable {
        /// The folder every path stays inside.
        public let root: URL
        private let realRoot: String
        /// Folders (relative, joined by "/") already found inside the root.
        private var checkedFolders: Set<String> = []

        /// A resolver for paths under `root`, which need not exist yet.
        public init(root: URL) {
            self.root = root
            realRoot = OutputPaths.realPath(root.path) ?? root.standardizedFileURL.path
        }

        /// The file URL for `relative`, checked as ``OutputPaths/resolve(_:under:)`` checks it;
        /// `forReading`: the file itself is checked too, as it is read through a link it may be.
        public mutating func resolve(_ relative: String, forReading: Bool = false) throws(OutputPathError) -> URL {
            let parts = try check(relative)
            // One URL from the whole path: appending component by component asks the disk each time.
            let path = root.path + "/" + parts.joined(separator: "/")
            if forReading { try checkInside(path, relative: relative, link: parts.joined(separator: "/")) }
            return URL(fileURLWithPath: path, isDirectory: false)
        }

        /// Checks `relative` as `resolve` does and returns its components (see `components(of:)`).
        @discardableResult
        public mutating func check(_ relative: String) throws(OutputPathError) -> [String] {
            let parts = try OutputPaths.components(of: relative)
            // The final component is the file itself: AtomicFile renames over it, replacing a link
            // rather than writing through it, so only the folders matter.
            var folder = ""
            for index in parts.indices.dropLast() {
                folder += (index == 0 ? "" : "/") + parts[index]
                guard !checkedFolders.contains(folder) else { continue }
                try checkInside(root.path + "/" + folder, relative: relative, link: folder)
                checkedFolders.insert(folder)
            }
            return parts
        }

        /// Whatever is at `path` (a dangling link included) leads inside the root; nothing there passes.
        private func checkInside(_ path: String, relative: String, link: String) throws(OutputPathError) {
            guard Syscalls.kind(at: path, followingLinks: false) != nil else { return }
            // A dangling link cannot be checked, so it is refused like one that leaves.
            guard let resolved = OutputPaths.realPath(path), OutputPaths.isInside(resolved, realRoot) else {
                throw .escapesThroughSymlink(path: relative, link: link)
            }
        }
    }

    /// Whether `path` is `root` or below it (both absolute, links already resolved).
    package static func isInside(_ path: String, _ root: String) -> Bool {
        path == root || path.hasPrefix(root.hasSuffix("/") ? root : root + "/")
    }

    static func realPath(_ path: String) -> String? {
        try? Syscalls.realPath(path)
    }
}
