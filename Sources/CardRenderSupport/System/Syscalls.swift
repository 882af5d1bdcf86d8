import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The one layer between this package's file handling and the C library: every system call it
/// makes goes through here and comes back as a Swift value or an `Errno`, never as a `-1` and a
/// global. Only this folder uses C names and pointers (as in swift-system's `Internals/Syscalls.swift`).
enum Syscalls {
    /// The C constants behind `Errno`'s named cases.
    enum Codes {
        static let noSuchFileOrDirectory = ENOENT
        static let fileExists = EEXIST
        static let permissionDenied = EACCES
        static let notPermitted = EPERM
        static let interrupted = EINTR
        static let notDirectory = ENOTDIR
        static let isDirectory = EISDIR
        static let noSpace = ENOSPC
        static let readOnlyFileSystem = EROFS
        static let noSuchProcess = ESRCH
    }

    /// `strerror(3)`.
    static func message(for code: Int32) -> String {
        String(cString: strerror(code))
    }

    /// The calling thread's `errno`, as a value.
    private static var lastError: Errno { Errno(rawValue: errno) }

    /// Runs `call` until it is not interrupted by a signal (`EINTR`).
    private static func retryingInterrupts<Result: BinaryInteger>(_ call: () -> Result) -> Result {
        while true {
            let result = call()
            if result != -1 || errno != EINTR { return result }
        }
    }

    // MARK: files

    /// `open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)`: a new file, never an existing one.
    static func createExclusively(_ path: String, mode: UInt16 = 0o644) throws(Errno) -> Int32 {
        let fd = retryingInterrupts { open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode_t(mode)) }
        guard fd >= 0 else { throw lastError }
        return fd
    }

    /// `open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)`.
    static func openDirectory(_ path: String) throws(Errno) -> Int32 {
        let fd = retryingInterrupts { open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        guard fd >= 0 else { throw lastError }
        return fd
    }

    /// `write(2)` until every byte is written.
    static func writeAll(_ fd: Int32, _ data: Data) throws(Errno) {
        // `withUnsafeBytes` rethrows untyped errors; the Result keeps the Errno.
        try data.withUnsafeBytes { bytes in
            Result { () throws(Errno) in
                guard let base = bytes.baseAddress else { return }
                var offset = 0
                while offset < bytes.count {
                    let written = retryingInterrupts { write(fd, base + offset, bytes.count - offset) }
                    guard written >= 0 else { throw lastError }
                    offset += written
                }
            }
        }.get()
    }

    /// `fsync(2)`.
    static func synchronize(_ fd: Int32) throws(Errno) {
        guard retryingInterrupts({ fsync(fd) }) == 0 else { throw lastError }
    }

    /// `close(2)`; not retried on `EINTR`, which on Linux has closed the descriptor already.
    static func closeDescriptor(_ fd: Int32) throws(Errno) {
        guard close(fd) == 0 else { throw lastError }
    }

    /// `rename(2)`: puts `source` in place of `destination` in one step.
    static func move(_ source: String, replacing destination: String) throws(Errno) {
        guard rename(source, destination) == 0 else { throw lastError }
    }

    /// `unlink(2)`.
    static func removeFile(_ path: String) throws(Errno) {
        guard unlink(path) == 0 else { throw lastError }
    }

    // MARK: folders and paths

    /// What is at a path, without following a final symbolic link (`lstat(2)`), or nil when nothing is.
    /// `other` is a device, a FIFO or a socket.
    enum FileKind: Sendable, Equatable { case directory, symbolicLink, regularFile, other }

    static func kind(at path: String, followingLinks: Bool = true) -> FileKind? {
        var info = stat()
        let result = followingLinks ? stat(path, &info) : lstat(path, &info)
        guard result == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: return .directory
        case S_IFLNK: return .symbolicLink
        case S_IFREG: return .regularFile
        default: return .other
        }
    }

    /// The size of a regular file (not following a symbolic link), or nil for anything else.
    static func regularFileSize(at path: String) -> Int? {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return Int(info.st_size)
    }

    /// Whether the file at `path` holds exactly `data`, read in 64 KiB pieces (`read(2)`).
    static func file(at path: String, holds data: Data) -> Bool {
        let fd = retryingInterrupts { open(path, O_RDONLY | O_CLOEXEC) }
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 65536)
        var offset = 0
        while true {
            let count = buffer.withUnsafeMutableBytes { bytes in retryingInterrupts { read(fd, bytes.baseAddress, bytes.count) } }
            guard count >= 0 else { return false }
            if count == 0 { return offset == data.count }
            guard offset + count <= data.count, data[data.startIndex + offset ..< data.startIndex + offset + count].elementsEqual(buffer[..<count]) else {
                return false
            }
            offset += count
        }
    }

    /// `mkdir(2)`.
    static func makeDirectory(_ path: String, mode: UInt16 = 0o755) throws(Errno) {
        guard mkdir(path, mode_t(mode)) == 0 else { throw lastError }
    }

    /// `access(path, W_OK)`.
    static func isWritable(_ path: String) -> Bool {
        access(path, W_OK) == 0
    }

    /// `realpath(3)`: the absolute path with every symbolic link resolved.
    static func realPath(_ path: String) throws(Errno) -> String {
        guard let resolved = realpath(path, nil) else { throw lastError }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// One entry of a folder, as `readdir(3)` lists it.
    struct DirectoryEntry: Sendable, Equatable {
        var name: String
        var isDirectory: Bool
    }

    /// `opendir(3)` / `readdir(3)`: the entries of one folder, without `.` and `..`.
    static func entries(of path: String) throws(Errno) -> [DirectoryEntry] {
        guard let directory = opendir(path) else { throw lastError }
        defer { closedir(directory) }
        var entries: [DirectoryEntry] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) { tuple in
                tuple.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: tuple.pointee)) {
                    String(cString: $0)
                }
            }
            guard name != ".", name != ".." else { continue }
            let type = entry.pointee.d_type
            let isDirectory = type == UInt8(DT_UNKNOWN)
                ? kind(at: path + "/" + name, followingLinks: false) == .directory
                : type == UInt8(DT_DIR)
            entries.append(DirectoryEntry(name: name, isDirectory: isDirectory))
        }
        return entries
    }

    // MARK: processes

    /// This process's id (`getpid(2)`).
    static var processID: Int32 { getpid() }

    /// Whether a process with this id exists, even one this process may not signal (`kill(pid, 0)`).
    static func processExists(_ pid: Int32) -> Bool {
        kill(pid, 0) == 0 || errno == EPERM
    }

    // MARK: signals

    /// The signals that ask a run to stop: SIGINT (Ctrl-C) and SIGTERM (`kill`, `timeout`).
    static let stopSignals: [Int32] = [SIGINT, SIGTERM]

    private static var stopSignalSet: sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        for number in stopSignals { sigaddset(&set, number) }
        return set
    }

    /// Restores the default action of the stop signals (a parent may have left them ignored, as
    /// a shell does for a command started with `&`) and blocks them in the calling thread and
    /// every thread it starts afterwards, so they wait for `waitForStopSignal` instead.
    static func holdStopSignals() {
        for number in stopSignals { signal(number, SIG_DFL) }
        var set = stopSignalSet
        pthread_sigmask(SIG_BLOCK, &set, nil)
    }

    /// `sigtimedwait(2)` on the held stop signals: the signal, or nil when `seconds` pass first
    /// (nil `seconds`: wait for ever).
    static func waitForStopSignal(seconds: Double? = nil) -> Int32? {
        var set = stopSignalSet
        guard let seconds else {
            var number: Int32 = 0
            while sigwait(&set, &number) != 0 {}
            return number
        }
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            let left = max(0, deadline.timeIntervalSinceNow)
            var timeout = timespec(tv_sec: Int(left), tv_nsec: Int((left - left.rounded(.down)) * 1e9))
            let number = sigtimedwait(&set, nil, &timeout)
            if number > 0 { return number }
            if errno != EINTR || left == 0 { return nil }
        }
    }

    /// The signal's name, `SIGINT` or `SIGTERM`.
    static func signalName(_ number: Int32) -> String {
        switch number {
        case SIGINT: "SIGINT"
        case SIGTERM: "SIGTERM"
        default: "signal \(number)"
        }
    }

    /// `_exit(2)`: ends the process without running exit handlers or waiting for other threads
    /// (which may be stuck); standard output is flushed first.
    static func exitNow(_ status: Int32) -> Never {
        fflush(nil)
        _exit(status)
    }

    // MARK: threads

    /// A thread started by `startThread`, to be joined.
    struct ThreadHandle: @unchecked Sendable {
        fileprivate let thread: pthread_t
    }

    /// `pthread_create(3)`: runs `body` on a new thread with an 8 MiB stack (the size of the main
    /// thread's, which deep templates and Cairo need).
    static func startThread(_ body: @escaping @Sendable () -> Void) -> ThreadHandle? {
        let context = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, 8 << 20)
        var thread = pthread_t()
        let status = pthread_create(&thread, &attributes, { context in
            guard let context else { return nil }
            let body = Unmanaged<ThreadBody>.fromOpaque(context).takeRetainedValue()
            body.run()
            return nil
        }, context)
        guard status == 0 else {
            Unmanaged<ThreadBody>.fromOpaque(context).release()
            return nil
        }
        return ThreadHandle(thread: thread)
    }

    /// `pthread_join(3)`: waits until the thread has returned and released what it held.
    static func join(_ handle: ThreadHandle) {
        pthread_join(handle.thread, nil)
    }
}

/// The closure a new thread runs, passed to `pthread_create` as its context.
private final class ThreadBody: Sendable {
    let run: @Sendable () -> Void
    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
}
