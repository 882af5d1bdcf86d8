import FoundationEssentials

/// Why a file or folder could not be written, as one line: `cannot write PATH: REASON`.
public struct FileWriteError: Error, Sendable, Equatable, CustomStringConvertible, LocalizedError {
    /// What went wrong, as the part of the message after the path.
    public enum Reason: Sendable, Equatable, CustomStringConvertible {
        /// A system call failed (open, write, fsync, close, rename); the text is the C library's.
        case system(Errno)
        /// The folder the file goes into does not exist.
        case folderMissing(String)
        /// A folder stands where the file would go.
        case folderInTheWay
        /// A file stands where a folder should be.
        case notAFolder
        /// `mkdir` failed for this folder on the way.
        case cannotCreateFolder(String, Errno)
        /// The folder exists but this process may not create files in it.
        case folderNotWritable
        /// A folder to be replaced as a whole has something in it.
        case folderNotEmpty
        /// The path (`bytes` long) or one of its names is longer than files in it could be.
        case tooLong(bytes: Int)

        public var description: String {
            switch self {
            case let .system(errno): errno.description
            case let .folderMissing(folder): "folder \(folder) does not exist"
            case .folderInTheWay: "a folder is in the way"
            case .notAFolder: "it is a file, not a folder"
            case let .cannotCreateFolder(folder, errno): "cannot create the folder \(folder) (\(errno))"
            case .folderNotWritable: "the folder is not writable"
            case .folderNotEmpty: "the folder is not empty"
            case let .tooLong(bytes):
                "the path is \(bytes) bytes long; paths may have at most \(OutputPaths.maxPathBytes) bytes and each name in "
                    + "them \(OutputPaths.maxNameBytes) (the system's 4096 and 255, less room for the temporary name)"
            }
        }
    }

    /// The file or folder that could not be written.
    public var path: String
    /// Why not.
    public var reason: Reason

    /// The error for `path`.
    public init(path: String, reason: Reason) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "cannot write \(path): \(reason)" }
    public var errorDescription: String? { description }
}
