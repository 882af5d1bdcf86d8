/// A POSIX error number, as a system call left it in `errno`, with the message a user reads.
///
/// Modelled on swift-system's `Errno`: a value, not a global, with named cases for the numbers
/// this package acts on. Every system call goes through one layer (`System/Syscalls.swift`)
/// that returns this value on failure, so the text for a failure is made in one place.
public struct Errno: Error, Sendable, Hashable, RawRepresentable, CustomStringConvertible {
    public let rawValue: Int32

    public init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// The C library's own message (`strerror`), e.g. "No such file or directory".
    public var description: String { Syscalls.message(for: rawValue) }

    /// `ENOENT`
    public static let noSuchFileOrDirectory = Errno(rawValue: Syscalls.Codes.noSuchFileOrDirectory)
    /// `EEXIST`
    public static let fileExists = Errno(rawValue: Syscalls.Codes.fileExists)
    /// `EACCES`
    public static let permissionDenied = Errno(rawValue: Syscalls.Codes.permissionDenied)
    /// `EPERM`
    public static let notPermitted = Errno(rawValue: Syscalls.Codes.notPermitted)
    /// `EINTR`: the call was interrupted by a signal and is retried.
    public static let interrupted = Errno(rawValue: Syscalls.Codes.interrupted)
    /// `ENOTDIR`
    public static let notDirectory = Errno(rawValue: Syscalls.Codes.notDirectory)
    /// `EISDIR`
    public static let isDirectory = Errno(rawValue: Syscalls.Codes.isDirectory)
    /// `ENOSPC`
    public static let noSpace = Errno(rawValue: Syscalls.Codes.noSpace)
    /// `EROFS`
    public static let readOnlyFileSystem = Errno(rawValue: Syscalls.Codes.readOnlyFileSystem)
    /// `EIO`: the device failed to read or write.
    public static let inputOutput = Errno(rawValue: Syscalls.Codes.inputOutput)
    /// `EWOULDBLOCK`: a lock another open file holds, asked for without waiting.
    public static let wouldBlock = Errno(rawValue: Syscalls.Codes.wouldBlock)
    /// `ESRCH`: no process has that id.
    public static let noSuchProcess = Errno(rawValue: Syscalls.Codes.noSuchProcess)
    /// `ENOTEMPTY`: a folder that must be empty (to be removed, or replaced by a rename) is not.
    public static let directoryNotEmpty = Errno(rawValue: Syscalls.Codes.directoryNotEmpty)
}
