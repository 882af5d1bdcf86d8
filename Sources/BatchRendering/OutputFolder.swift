import CardRenderSupport
import Drawing
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The `--out` folder: every path a job writes must stay inside it.
public struct OutputFolder: Sendable {
    /// Held (flock) by the run writing into the folder; it records the holder's PID.
    public static let lockFileName = ".cardrender.lock"

    public let url: URL

    /// Checks (or, unless `create` is false, creates) the folder. A path that exists as a file
    /// is an error.
    public init(_ url: URL, create: Bool = true) throws {
        if create {
            try AtomicFile.prepareDirectory(url)
        } else {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                throw FileWriteError(path: url.path, reason: .notAFolder)
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

    /// Deletes the file at `relativePath` (confined like any output), then each folder on its
    /// way that is left empty, up to this folder.
    public func remove(_ relativePath: String) throws {
        let file = try confine(relativePath)
        guard unlink(file.path) == 0 else {
            throw BatchError("cannot remove \(relativePath): \(String(cString: strerror(errno)))")
        }
        var parent = file.deletingLastPathComponent().standardizedFileURL
        while parent.path.count > url.path.count, parent.path.hasPrefix(url.path + "/"), rmdir(parent.path) == 0 {
            parent = parent.deletingLastPathComponent().standardizedFileURL
        }
    }

    /// Runs `body` while this process alone writes into the folder: a second run into it is
    /// refused instead of interleaving files and manifest saves. The lock is a `flock` on
    /// `.cardrender.lock`, which the kernel drops when its holder dies, so the file a killed run
    /// leaves behind is simply taken over; it is removed when `body` returns.
    public func withExclusiveAccess<T>(_ body: () throws -> T) throws -> T {
        let lock = try acquireLock()
        defer {
            unlink(lock.path)
            close(lock.descriptor)
        }
        return try Interruption.removing(lock.path, body)
    }

    private func acquireLock() throws(BatchError) -> (descriptor: Int32, path: String) {
        let path = url.appendingPathComponent(Self.lockFileName).path
        while true {
            let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
            guard fd >= 0 else {
                throw BatchError("cannot lock --out \(url.relativePath): \(String(cString: strerror(errno)))")
            }
            if flock(fd, LOCK_EX | LOCK_NB) != 0 {
                let reason = errno
                let holder = Self.holder(fd)
                close(fd)
                guard reason == EWOULDBLOCK else {
                    throw BatchError("cannot lock --out \(url.relativePath): \(String(cString: strerror(reason)))")
                }
                throw BatchError("--out \(url.relativePath) is in use by another cardrender run"
                    + (holder.map { " (PID \($0))" } ?? "") + "; wait for it to finish or choose another --out")
            }
            // The previous holder removes the file as it lets go; if it did so after our open,
            // we hold a lock on a file no one else sees, so lock the one that is there now.
            var held = stat(), current = stat()
            if fstat(fd, &held) == 0, stat(path, &current) == 0,
               held.st_dev == current.st_dev, held.st_ino == current.st_ino {
                // The PID only names the holder in the message above; on a full disk it may be missing.
                let pid = Array("\(getpid())\n".utf8)
                if ftruncate(fd, 0) == 0 { _ = pid.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) } }
                return (fd, path)
            }
            close(fd)
        }
    }

    private static func holder(_ fd: Int32) -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        return Int32(String(decoding: buffer[..<count], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
