import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The one layer between this package's file handling and the C library: every system call its
/// modules make goes through here and comes back as a Swift value or an `Errno`, never as a `-1`
/// and a global. Only this folder uses C names and pointers (as in swift-system's
/// `Internals/Syscalls.swift`). Visible to every module of the package, not to its users.
///
/// In debug builds (`ENABLE_MOCKING`, as swift-system names it) each file call first asks
/// `SystemFaults` whether a test wants it to fail, and then fails as the kernel would: `-1` and
/// `errno`. Release builds compile none of it.
package enum Syscalls {
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
        static let inputOutput = EIO
        static let wouldBlock = EWOULDBLOCK
        static let directoryNotEmpty = ENOTEMPTY
    }

    /// The `errno` names `SystemFaults` accepts, for the faults a test injects by name.
    static let codesByName: [String: Int32] = [
        "ENOENT": ENOENT, "EEXIST": EEXIST, "EACCES": EACCES, "EPERM": EPERM, "EINTR": EINTR, "ENOTDIR": ENOTDIR,
        "EISDIR": EISDIR, "ENOSPC": ENOSPC, "EROFS": EROFS, "EIO": EIO, "EWOULDBLOCK": EWOULDBLOCK, "EDQUOT": EDQUOT,
        "EMFILE": EMFILE, "ENAMETOOLONG": ENAMETOOLONG, "ENOTEMPTY": ENOTEMPTY,
    ]

    /// `strerror(3)`.
    package static func message(for code: Int32) -> String {
        String(cString: strerror(code))
    }

    /// The calling thread's `errno`, as a value.
    private static var lastError: Errno { Errno(rawValue: errno) }

    /// `body`'s result, unless a fault injected for `call` on `path` comes first: then `-1`, with
    /// the fault's code in `errno`, exactly as the C call would fail.
    @inline(__always)
    private static func checked<Result: BinaryInteger>(_ call: SystemCall, _ path: @autoclosure () -> String?,
                                                       _ body: () -> Result) -> Result {
        #if ENABLE_MOCKING
        if let code = SystemFaults.injectedCode(for: call, path: path()) {
            errno = code
            return -1
        }
        #endif
        return body()
    }

    /// `checked` for a call on a descriptor: the fault applies to the path it was opened with.
    @inline(__always)
    private static func checked<Result: BinaryInteger>(_ call: SystemCall, descriptor fd: Int32,
                                                       _ body: () -> Result) -> Result {
        #if ENABLE_MOCKING
        return checked(call, SystemFaults.path(of: fd), body)
        #else
        return body()
        #endif
    }

    /// Remembers the path a new descriptor was opened with, for faults on later calls on it.
    @inline(__always)
    private static func opened(_ fd: Int32, _ path: String) -> Int32 {
        #if ENABLE_MOCKING
        if fd >= 0 { SystemFaults.opened(fd, path: path) }
        #endif
        return fd
    }

    /// Runs `call` until it is not interrupted by a signal (`EINTR`).
    private static func retryingInterrupts<Result: BinaryInteger>(_ call: () -> Result) -> Result {
        while true {
            let result = call()
            if result != -1 || errno != EINTR { return result }
        }
    }

    // MARK: files

    /// `open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)`: a new file, never an existing one.
    package static func createExclusively(_ path: String, mode: UInt16 = 0o644) throws(Errno) -> Int32 {
        let fd = retryingInterrupts {
            checked(.open, path) { opened(open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode_t(mode)), path) }
        }
        guard fd >= 0 else { throw lastError }
        return fd
    }

    /// `open(path, O_RDWR | O_CREAT | O_CLOEXEC, mode)`: the file, created when missing.
    package static func openOrCreate(_ path: String, mode: UInt16 = 0o644) throws(Errno) -> Int32 {
        let fd = retryingInterrupts { checked(.open, path) { opened(open(path, O_RDWR | O_CREAT | O_CLOEXEC, mode_t(mode)), path) } }
        guard fd >= 0 else { throw lastError }
        return fd
    }

    /// `open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)`.
    package static func openDirectory(_ path: String) throws(Errno) -> Int32 {
        let fd = retryingInterrupts { checked(.open, path) { opened(open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC), path) } }
        guard fd >= 0 else { throw lastError }
        return fd
    }

    /// `write(2)` until every byte is written.
    package static func writeAll(_ fd: Int32, _ data: Data) throws(Errno) {
        // `withUnsafeBytes` rethrows untyped errors; the Result keeps the Errno.
        try data.withUnsafeBytes { bytes in
            Result { () throws(Errno) in
                guard let base = bytes.baseAddress else { return }
                var offset = 0
                while offset < bytes.count {
                    let written = retryingInterrupts { checked(.write, descriptor: fd) { write(fd, base + offset, bytes.count - offset) } }
                    guard written >= 0 else { throw lastError }
                    offset += written
                }
            }
        }.get()
    }

    /// `fsync(2)`.
    package static func synchronize(_ fd: Int32) throws(Errno) {
        guard retryingInterrupts({ checked(.fsync, descriptor: fd) { fsync(fd) } }) == 0 else { throw lastError }
    }

    /// `pwrite(2)` at `offset` until every byte is written.
    package static func overwrite(_ fd: Int32, with bytes: [UInt8], at offset: Int) throws(Errno) {
        try bytes.withUnsafeBytes { buffer in
            Result { () throws(Errno) in
                guard let base = buffer.baseAddress else { return }
                var done = 0
                while done < buffer.count {
                    let written = retryingInterrupts {
                        checked(.pwrite, descriptor: fd) { pwrite(fd, base + done, buffer.count - done, off_t(offset + done)) }
                    }
                    guard written >= 0 else { throw lastError }
                    done += written
                }
            }
        }.get()
    }

    /// The whole of a file (`open(2)`, `fstat(2)`, `read(2)`): as many bytes as `fstat` gives
    /// when it was opened, or fewer if it shrinks while read.
    package static func contents(of path: String) throws(Errno) -> Data {
        let fd = retryingInterrupts { checked(.open, path) { opened(open(path, O_RDONLY | O_CLOEXEC), path) } }
        guard fd >= 0 else { throw lastError }
        defer { try? closeDescriptor(fd) }
        var info = stat()
        guard checked(.fstat, descriptor: fd, { fstat(fd, &info) }) == 0 else { throw lastError }
        return try readAll(fd, size: Int(info.st_size))
    }

    /// What is at a path and, when it is a regular file, its whole contents: `open(2)`, `fstat(2)`
    /// and `read(2)`, the kind coming from the open file instead of a `stat(2)` before it. Opened
    /// without blocking, so a FIFO or a device is told apart, never waited on or read.
    package static func contents(ofRegularFile path: String) throws(Errno) -> (kind: FileKind, data: Data) {
        let flags = O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY
        let fd = retryingInterrupts { checked(.open, path) { opened(open(path, flags), path) } }
        guard fd >= 0 else { throw lastError }
        defer { try? closeDescriptor(fd) }
        var info = stat()
        guard checked(.fstat, descriptor: fd, { fstat(fd, &info) }) == 0 else { throw lastError }
        let kind = kind(of: info)
        guard kind == .regularFile else { return (kind, Data()) }
        return (kind, try readAll(fd, size: Int(info.st_size)))
    }

    /// `size` bytes from an open file, or fewer if it shrinks while read.
    private static func readAll(_ fd: Int32, size: Int) throws(Errno) -> Data {
        var data = Data(count: size)
        var filled = 0
        while filled < size {
            let count = data.withUnsafeMutableBytes { bytes in
                retryingInterrupts {
                    checked(.read, descriptor: fd) { read(fd, bytes.baseAddress.map { $0 + filled }, size - filled) }
                }
            }
            guard count >= 0 else { throw lastError }
            if count == 0 { break }
            filled += count
        }
        if filled < size { data.count = filled }
        return data
    }

    /// `pread(2)`: up to `count` bytes from `offset`.
    package static func bytes(of fd: Int32, at offset: Int, upTo count: Int) throws(Errno) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: count)
        let read = buffer.withUnsafeMutableBytes { bytes in
            retryingInterrupts { checked(.pread, descriptor: fd) { pread(fd, bytes.baseAddress, bytes.count, off_t(offset)) } }
        }
        guard read >= 0 else { throw lastError }
        return Array(buffer[..<read])
    }

    /// `ftruncate(2)`.
    package static func truncate(_ fd: Int32, to length: Int) throws(Errno) {
        guard retryingInterrupts({ checked(.ftruncate, descriptor: fd) { ftruncate(fd, off_t(length)) } }) == 0 else {
            throw lastError
        }
    }

    /// `flock(fd, LOCK_EX | LOCK_NB)`: an exclusive lock now, or `Errno.wouldBlock` while another
    /// open file holds one. The kernel drops it when the descriptor is closed or its process dies.
    package static func lockExclusivelyWithoutWaiting(_ fd: Int32) throws(Errno) {
        guard retryingInterrupts({ checked(.flock, descriptor: fd) { flock(fd, LOCK_EX | LOCK_NB) } }) == 0 else {
            throw lastError
        }
    }

    /// Which file a descriptor or path is (`st_dev`, `st_ino`): two equal identities are one file.
    package struct FileIdentity: Sendable, Hashable {
        package var device: UInt64
        package var inode: UInt64
    }

    /// `fstat(2)`: the identity of the open file.
    package static func identity(of fd: Int32) throws(Errno) -> FileIdentity {
        var info = stat()
        guard checked(.fstat, descriptor: fd, { fstat(fd, &info) }) == 0 else { throw lastError }
        return FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }

    /// `stat(2)`: the identity of the file at `path`, following symbolic links.
    package static func identity(at path: String) throws(Errno) -> FileIdentity {
        var info = stat()
        guard checked(.stat, path, { stat(path, &info) }) == 0 else { throw lastError }
        return FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }

    /// `close(2)`; not retried on `EINTR`, which on Linux has closed the descriptor already.
    package static func closeDescriptor(_ fd: Int32) throws(Errno) {
        #if ENABLE_MOCKING
        defer { SystemFaults.closed(fd) }
        if let code = SystemFaults.injectedCode(for: .close, path: SystemFaults.path(of: fd)) {
            // Like Linux: the descriptor is released even when close reports an error.
            close(fd)
            throw Errno(rawValue: code)
        }
        #endif
        guard close(fd) == 0 else { throw lastError }
    }

    /// `rename(2)`: puts `source` in place of `destination` in one step.
    package static func move(_ source: String, replacing destination: String) throws(Errno) {
        guard checked(.rename, destination, { rename(source, destination) }) == 0 else { throw lastError }
    }

    /// `unlink(2)`.
    package static func removeFile(_ path: String) throws(Errno) {
        guard checked(.unlink, path, { unlink(path) }) == 0 else { throw lastError }
    }

    /// `rmdir(2)`: removes an empty folder.
    package static func removeDirectory(_ path: String) throws(Errno) {
        guard checked(.rmdir, path, { rmdir(path) }) == 0 else { throw lastError }
    }

    // MARK: folders and paths

    /// What is at a path, without following a final symbolic link (`lstat(2)`), or nil when nothing is.
    /// `other` is a device, a FIFO or a socket.
    package enum FileKind: Sendable, Equatable { case directory, symbolicLink, regularFile, other }

    package static func kind(at path: String, followingLinks: Bool = true) -> FileKind? {
        var info = stat()
        let result = followingLinks
            ? checked(.stat, path) { stat(path, &info) }
            : checked(.lstat, path) { lstat(path, &info) }
        guard result == 0 else { return nil }
        return kind(of: info)
    }

    private static func kind(of info: stat) -> FileKind {
        switch info.st_mode & S_IFMT {
        case S_IFDIR: return .directory
        case S_IFLNK: return .symbolicLink
        case S_IFREG: return .regularFile
        default: return .other
        }
    }

    /// The size of a regular file (not following a symbolic link), or nil for anything else.
    package static func regularFileSize(at path: String) -> Int? {
        var info = stat()
        guard checked(.lstat, path, { lstat(path, &info) }) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return Int(info.st_size)
    }

    /// What `lstat(2)` says of a path: its kind, size, modification time, permission bits (with
    /// set-user-ID, set-group-ID and sticky) and the device of its file system.
    package struct Status: Sendable, Equatable {
        package var kind: FileKind
        package var size: Int
        package var modificationDate: Date
        package var permissions: UInt16
        package var device: UInt64
    }

    /// `lstat(2)`: the path itself, a symbolic link as a link.
    package static func status(at path: String) throws(Errno) -> Status {
        var info = stat()
        guard checked(.lstat, path, { lstat(path, &info) }) == 0 else { throw lastError }
        return Status(kind: kind(of: info), size: Int(info.st_size),
                      modificationDate: date(info.st_mtim), permissions: UInt16(info.st_mode & 0o7777),
                      device: UInt64(info.st_dev))
    }

    /// A `timespec` as a `Date`, computed as Foundation's file attributes compute it.
    private static func date(_ time: timespec) -> Date {
        Date(timeIntervalSinceReferenceDate: (Double(time.tv_sec) - Date.timeIntervalBetween1970AndReferenceDate)
            + 1.0e-9 * Double(time.tv_nsec))
    }

    /// Whether the file at `path` holds exactly `data`, read in 64 KiB pieces (`read(2)`).
    package static func file(at path: String, holds data: Data) -> Bool {
        let fd = retryingInterrupts { checked(.open, path) { opened(open(path, O_RDONLY | O_CLOEXEC), path) } }
        guard fd >= 0 else { return false }
        defer { try? closeDescriptor(fd) }
        var buffer = [UInt8](repeating: 0, count: 65536)
        var offset = 0
        while true {
            let count = buffer.withUnsafeMutableBytes { bytes in
                retryingInterrupts { checked(.read, descriptor: fd) { read(fd, bytes.baseAddress, bytes.count) } }
            }
            guard count >= 0 else { return false }
            if count == 0 { return offset == data.count }
            guard offset + count <= data.count, data[data.startIndex + offset ..< data.startIndex + offset + count].elementsEqual(buffer[..<count]) else {
                return false
            }
            offset += count
        }
    }

    /// `mkdir(2)`.
    package static func makeDirectory(_ path: String, mode: UInt16 = 0o755) throws(Errno) {
        guard checked(.mkdir, path, { mkdir(path, mode_t(mode)) }) == 0 else { throw lastError }
    }

    /// `chmod(2)`: sets the permission bits (with set-user-ID, set-group-ID and sticky).
    package static func setPermissions(_ path: String, _ permissions: UInt16) throws(Errno) {
        guard checked(.chmod, path, { chmod(path, mode_t(permissions & 0o7777)) }) == 0 else { throw lastError }
    }

    /// Whether a file system is mounted at `path` (absolute, links resolved), as
    /// `/proc/self/mountinfo` lists them (Linux); false when that cannot be read. A bind mount of
    /// a folder of the same file system is one too, though its device is its parent's.
    package static func isMountPoint(_ path: String) -> Bool {
        let source = "/proc/self/mountinfo"
        let fd = retryingInterrupts { checked(.open, source) { opened(open(source, O_RDONLY | O_CLOEXEC), source) } }
        guard fd >= 0 else { return false }
        defer { try? closeDescriptor(fd) }
        var text: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        // A table of mounts, not input: still, read no more than 16 MiB of it.
        while text.count < 16 << 20 {
            let count = chunk.withUnsafeMutableBytes { bytes in
                retryingInterrupts { checked(.read, descriptor: fd) { read(fd, bytes.baseAddress, bytes.count) } }
            }
            guard count > 0 else { break }
            text += chunk[..<count]
        }
        return mountPoints(inMountInfo: String(decoding: text, as: UTF8.self)).contains(path)
    }

    /// The mount points of a `/proc/PID/mountinfo` table: each line's fifth field, with the
    /// kernel's octal escapes (`\040` for a space) undone.
    package static func mountPoints(inMountInfo text: String) -> Set<String> {
        Set(text.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ", omittingEmptySubsequences: false)
            return fields.count > 4 ? unescapedMountField(fields[4]) : nil
        })
    }

    private static func unescapedMountField(_ field: Substring) -> String {
        var bytes: [UInt8] = []
        var rest = Array(field.utf8)[...]
        while let byte = rest.popFirst() {
            if byte == UInt8(ascii: "\\"), rest.count >= 3,
               let value = UInt8(String(decoding: rest.prefix(3), as: UTF8.self), radix: 8) {
                bytes.append(value)
                rest = rest.dropFirst(3)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `access(path, W_OK)`.
    package static func isWritable(_ path: String) -> Bool {
        checked(.access, path) { access(path, W_OK) } == 0
    }

    /// `realpath(3)`: the absolute path with every symbolic link resolved.
    package static func realPath(_ path: String) throws(Errno) -> String {
        #if ENABLE_MOCKING
        if let code = SystemFaults.injectedCode(for: .realpath, path: path) { throw Errno(rawValue: code) }
        #endif
        guard let resolved = realpath(path, nil) else { throw lastError }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// One entry of a folder, as `readdir(3)` lists it.
    package struct DirectoryEntry: Sendable, Equatable {
        /// The name's bytes, as the file system keeps them; any bytes but `/` and NUL.
        package var nameBytes: [UInt8]
        /// What the entry is itself (a symbolic link to a folder is a link), from the folder's
        /// listing; nil when it is gone before it could be looked at.
        package var kind: FileKind?

        /// Whether the entry is a folder itself (a symbolic link to one is not).
        package var isDirectory: Bool { kind == .directory }

        /// The name, with bytes that are not UTF-8 shown as U+FFFD.
        package var name: String { String(decoding: nameBytes, as: UTF8.self) }
        /// The name, or nil when its bytes are not UTF-8 (no path string can name it then).
        package var validName: String? { String(validating: nameBytes, as: UTF8.self) }
    }

    /// `opendir(3)` / `readdir(3)`: the entries of one folder, without `.` and `..`.
    package static func entries(of path: String) throws(Errno) -> [DirectoryEntry] {
        #if ENABLE_MOCKING
        if let code = SystemFaults.injectedCode(for: .opendir, path: path) { throw Errno(rawValue: code) }
        #endif
        guard let directory = opendir(path) else { throw lastError }
        defer { closedir(directory) }
        var entries: [DirectoryEntry] = []
        while let entry = readdir(directory) {
            // Read up to the NUL only: a record can end before `d_name`'s 256 bytes do.
            let bytes = withUnsafePointer(to: &entry.pointee.d_name) { tuple in
                tuple.withMemoryRebound(to: UInt8.self, capacity: MemoryLayout.size(ofValue: tuple.pointee)) {
                    Array(UnsafeBufferPointer(start: $0, count: strlen(UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))))
                }
            }
            guard bytes.count > 2 || bytes.contains(where: { $0 != UInt8(ascii: ".") }) else { continue }
            entries.append(DirectoryEntry(nameBytes: bytes, kind: kind(entry.pointee.d_type, path, bytes)))
        }
        return entries
    }

    /// What the entry `name` of `folder` is: the listing's type, or `lstat(2)` (looked up by the
    /// name's bytes) on a file system whose listing does not say.
    private static func kind(_ type: UInt8, _ folder: String, _ name: [UInt8]) -> FileKind? {
        switch Int32(type) {
        case Int32(DT_DIR): return .directory
        case Int32(DT_REG): return .regularFile
        case Int32(DT_LNK): return .symbolicLink
        case Int32(DT_UNKNOWN): break
        default: return .other
        }
        let path = Array(folder.utf8) + [UInt8(ascii: "/")] + name + [0]
        var info = stat()
        let found = path.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { characters in
                characters.baseAddress.map { lstat($0, &info) == 0 } ?? false
            }
        }
        return found ? kind(of: info) : nil
    }

    // MARK: processes

    /// This process's id (`getpid(2)`).
    package static var processID: Int32 { getpid() }

    /// Whether a process with this id exists, even one this process may not signal (`kill(pid, 0)`).
    package static func processExists(_ pid: Int32) -> Bool {
        kill(pid, 0) == 0 || errno == EPERM
    }

    // MARK: signals

    /// The signals that ask a run to stop: SIGINT (Ctrl-C) and SIGTERM (`kill`, `timeout`).
    package static let stopSignals: [Int32] = [SIGINT, SIGTERM]

    private static var stopSignalSet: sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        for number in stopSignals { sigaddset(&set, number) }
        return set
    }

    /// Restores the default action of the stop signals (a parent may have left them ignored, as
    /// a shell does for a command started with `&`) and blocks them in the calling thread and
    /// every thread it starts afterwards, so they wait for `waitForStopSignal` instead.
    package static func holdStopSignals() {
        for number in stopSignals { signal(number, SIG_DFL) }
        var set = stopSignalSet
        pthread_sigmask(SIG_BLOCK, &set, nil)
    }

    /// `sigtimedwait(2)` on the held stop signals: the signal, or nil when `seconds` pass first
    /// (nil `seconds`: wait for ever).
    package static func waitForStopSignal(seconds: Double? = nil) -> Int32? {
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
    package static func signalName(_ number: Int32) -> String {
        switch number {
        case SIGINT: "SIGINT"
        case SIGTERM: "SIGTERM"
        default: "signal \(number)"
        }
    }

    /// `_exit(2)`: ends the process without running exit handlers or waiting for other threads
    /// (which may be stuck); standard output is flushed first.
    package static func exitNow(_ status: Int32) -> Never {
        fflush(nil)
        _exit(status)
    }

    /// Blocks the calling thread until the process ends (`pause(2)` in a loop).
    package static func waitForever() -> Never {
        while true { pause() }
    }

    /// `execv(2)`: this process becomes the program at `path`, given `arguments` (its name
    /// first). Standard output is flushed first; it returns only by throwing.
    package static func replaceProcess(with path: String, arguments: [String]) throws(Errno) -> Never {
        fflush(nil)
        var cArguments: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        _ = checked(.execute, path) { execv(path, &cArguments) }
        let error = lastError
        for argument in cArguments { free(argument) }
        throw error
    }

    // MARK: watching folders (inotify)

    /// A change the kernel reported in a watched folder: the watch (as `watchFolder` returned it)
    /// and the name of the entry that changed in it.
    package struct FolderChange: Sendable, Equatable {
        package var watch: Int32
        package var name: String
    }

    /// `inotify_init1(2)`: a descriptor to watch folders with, closed on exec.
    package static func startWatching() throws(Errno) -> Int32 {
        let fd = inotify_init1(Int32(IN_CLOEXEC))
        guard fd >= 0 else { throw lastError }
        return fd
    }

    /// `inotify_add_watch(2)` on a folder: entries written and closed, created, moved in or out,
    /// deleted or given new attributes (what an editor's save does, whether it writes in place or
    /// renames a new file over the old one).
    package static func watchFolder(_ fd: Int32, _ path: String) throws(Errno) -> Int32 {
        let mask = UInt32(IN_CLOSE_WRITE | IN_CREATE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE | IN_ATTRIB | IN_ONLYDIR)
        let watch = checked(.watch, path) { inotify_add_watch(fd, path, mask) }
        guard watch >= 0 else { throw lastError }
        return watch
    }

    /// `pipe(2)` with both ends closed on exec: a way for one thread to wake another that
    /// sleeps in `waitForFolderChanges`.
    package static func makeWakePipe() throws(Errno) -> (read: Int32, write: Int32) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw lastError }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return (ends[0], ends[1])
    }

    /// Wakes the thread waiting on the pipe's other end.
    package static func wake(_ writeEnd: Int32) {
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }

    /// Sleeps in `poll(2)` until the watch descriptor has changes to read, `wake` has something
    /// to read or `seconds` pass (nil: no limit); then reads every change waiting. Nil when woken
    /// through `wake`; no change when the time passed first. No cycle is spent while nothing changes.
    package static func waitForFolderChanges(_ fd: Int32, wake: Int32, seconds: Double?) throws(Errno) -> [FolderChange]? {
        var descriptors = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0), pollfd(fd: wake, events: Int16(POLLIN), revents: 0)]
        let ready = poll(&descriptors, 2, seconds.map { Int32(max(0, $0) * 1000) } ?? -1)
        if ready < 0 { if errno == EINTR { return [] } else { throw lastError } }
        if descriptors[1].revents != 0 { return nil }
        guard ready > 0 else { return [] }
        // Room for many events at once: each is a header and a name of at most NAME_MAX + 1 bytes.
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if count < 0 { if errno == EINTR || errno == EAGAIN { return [] } else { throw lastError } }
        return folderChanges(in: buffer[0..<count])
    }

    /// The `inotify_event` records in bytes `read(2)` gave.
    private static func folderChanges(in bytes: ArraySlice<UInt8>) -> [FolderChange] {
        let header = MemoryLayout<inotify_event>.size
        var changes: [FolderChange] = []
        var offset = bytes.startIndex
        while offset + header <= bytes.endIndex {
            let (watch, nameLength) = bytes[offset..<(offset + header)].withUnsafeBytes { raw in
                let event = raw.loadUnaligned(as: inotify_event.self)
                return (event.wd, Int(event.len))
            }
            let nameStart = offset + header
            let nameEnd = min(bytes.endIndex, nameStart + nameLength)
            let name = bytes[nameStart..<nameEnd].prefix { $0 != 0 }
            changes.append(FolderChange(watch: watch, name: String(decoding: name, as: UTF8.self)))
            offset = nameStart + nameLength
        }
        return changes
    }

    // MARK: threads

    /// Whether the caller is the process's main thread, whose thread id is the process id:
    /// `/proc/thread-self` links to `<pid>/task/<tid>`.
    package static var isMainThread: Bool {
        var target = [CChar](repeating: 0, count: 64)
        let length = readlink("/proc/thread-self", &target, target.count - 1)
        guard length > 0 else { return false }
        let fields = String(cString: target).split(separator: "/")
        return fields.count == 3 && fields[0] == fields[2]
    }

    /// A thread started by `startThread`, to be joined.
    package struct ThreadHandle: @unchecked Sendable {
        fileprivate let thread: pthread_t
    }

    /// The stack `startThread` gives a thread: 8 MiB, the size of the main thread's by default,
    /// which deep templates and Cairo need.
    package static let threadStackSize = 8 << 20

    /// `pthread_create(3)`: runs `body` on a new thread with a stack of `threadStackSize`.
    package static func startThread(_ body: @escaping @Sendable () -> Void) -> ThreadHandle? {
        let context = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, threadStackSize)
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

    /// The size of the calling thread's stack: on the main thread the limit it grows into
    /// (`getrlimit(2)`; the largest value when unlimited), on another its size
    /// (`pthread_getattr_np(3)`); nil when it cannot be read.
    package static func currentThreadStackSize() -> Int? {
        if isMainThread {
            var limit = rlimit()
            #if canImport(Glibc)
            let resource = __rlimit_resource_t(RLIMIT_STACK.rawValue)
            #else
            let resource = RLIMIT_STACK
            #endif
            guard getrlimit(resource, &limit) == 0 else { return nil }
            return Int(clamping: limit.rlim_cur)
        }
        #if canImport(Darwin)
        return pthread_get_stacksize_np(pthread_self())
        #else
        guard let getAttributes = threadAttributesFunction else { return nil }
        var attributes = pthread_attr_t()
        guard getAttributes(pthread_self(), &attributes) == 0 else { return nil }
        defer { pthread_attr_destroy(&attributes) }
        var size = 0
        guard pthread_attr_getstacksize(&attributes, &size) == 0 else { return nil }
        return size
        #endif
    }

    #if !canImport(Darwin)
    /// `pthread_getattr_np`, which the C library has but its Swift module does not declare
    /// (it needs `_GNU_SOURCE`).
    private static let threadAttributesFunction: (@convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32)? = {
        guard let symbol = dlsym(nil, "pthread_getattr_np") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32).self)
    }()
    #endif

    /// `pthread_join(3)`: waits until the thread has returned and released what it held.
    package static func join(_ handle: ThreadHandle) {
        pthread_join(handle.thread, nil)
    }
}

/// The closure a new thread runs, passed to `pthread_create` as its context.
private final class ThreadBody: Sendable {
    let run: @Sendable () -> Void
    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
}
