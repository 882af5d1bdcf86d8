import Foundation

/// Why a file or folder could not be written, as one line: `cannot write PATH: REASON`.
public struct FileWriteError: Error, Sendable, Equatable, CustomStringConvertible, LocalizedError {
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
        case folderNotWritable

        public var description: String {
            switch self {
            case let .system(errno): errno.description
            case let .folderMissing(folder): "folder \(folder) does not exist"
            case .folderInTheWay: "a folder is in the way"
            case .notAFolder: "it is a file, not a folder"
            case let .cannotCreateFolder(folder, errno): "cannot create the folder \(folder) (\(errno))"
            case .folderNotWritable: "the folder is not writable"
            }
        }
    }

    public var path: String
    public var reason: Reason

    public init(path: String, reason: Reason) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "cannot write \(path): \(reason)" }
    public var errorDescription: String? { description }
}
