import CardRenderSupport
import Foundation

/// The `--out` folder: every path a job writes must stay inside it.
public struct OutputFolder: Sendable {
    /// Held (flock) by the run writing into the folder; it records the holder's PID.
    public static let lockFileName = ".cardrender.lock"

    /// The folder's location on disk.
    public let url: URL

    /// Checks (or, unless `create` is false, creates) the folder. A path that exists as a file
    /// is an error.
    public init(_ url: URL, create: Bool = true) throws {
        if create {
            try AtomicFile.prepareDirectory(url)
        } else {
            if let kind = Syscalls.kind(at: url.path), kind != .directory {
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
        do throws(Errno) {
            try Syscalls.removeFile(file.path)
        } catch {
            throw BatchError("cannot remove \(relativePath): \(error)")
        }
        var parent = file.deletingLastPathComponent().standardizedFileURL
        while parent.path.count > url.path.count, parent.path.hasPrefix(url.path + "/"),
              (try? Syscalls.removeDirectory(parent.path)) != nil {
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
            try? Syscalls.removeFile(lock.path)
            try? Syscalls.closeDescriptor(lock.descriptor)
        }
        return try Interruption.removing(lock.path, body)
    }

    private func acquireLock() throws(BatchError) -> (descriptor: Int32, path: String) {
        let path = url.appendingPathComponent(Self.lockFileName).path
        while true {
            let fd: Int32
            do throws(Errno) {
                fd = try Syscalls.openOrCreate(path)
            } catch {
                throw BatchError("cannot lock --out \(url.relativePath): \(error)")
            }
            do throws(Errno) {
                try Syscalls.lockExclusivelyWithoutWaiting(fd)
            } catch {
                let holder = Self.holder(fd)
                try? Syscalls.closeDescriptor(fd)
                guard error == .wouldBlock else { throw BatchError("cannot lock --out \(url.relativePath): \(error)") }
                throw BatchError("--out \(url.relativePath) is in use by another cardrender run"
                    + (holder.map { " (PID \($0))" } ?? "") + "; wait for it to finish or choose another --out")
            }
            // The previous holder removes the file as it lets go; if it did so after our open,
            // we hold a lock on a file no one else sees, so lock the one that is there now.
            if let held = try? Syscalls.identity(of: fd), let current = try? Syscalls.identity(at: path), held == current {
                // The PID only names the holder in the message above; on a full disk it may be missing.
                if (try? Syscalls.truncate(fd, to: 0)) != nil {
                    try? Syscalls.overwrite(fd, with: Array("\(Syscalls.processID)\n".utf8), at: 0)
                }
                return (fd, path)
            }
            try? Syscalls.closeDescriptor(fd)
        }
    }

    private static func holder(_ fd: Int32) -> Int32? {
        guard let bytes = try? Syscalls.bytes(of: fd, at: 0, upTo: 32), !bytes.isEmpty else { return nil }
        return Int32(String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
