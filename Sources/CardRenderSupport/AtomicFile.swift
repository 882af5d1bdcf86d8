import Foundation

/// Writes files so that a reader never sees a half-written one, even when the process is
/// killed: the bytes go to a temporary file in the same folder, which is renamed over the target.
public enum AtomicFile {
    /// `durable` also flushes the file and its folder to disk (fsync) around the rename, so the
    /// new file survives a power cut too: goldens use it; bulk renders, which can be re-run, do
    /// not pay for it.
    public static func write(_ data: Data, to url: URL, durable: Bool = true) throws(FileWriteError) {
        let path = url.path
        let directory = url.deletingLastPathComponent().path
        guard Syscalls.kind(at: directory) == .directory else {
            throw FileWriteError(path: path, reason: .folderMissing(directory))
        }
        if Syscalls.kind(at: path) == .directory { throw FileWriteError(path: path, reason: .folderInTheWay) }
        let temporary = directory + "/." + url.lastPathComponent
            + ".tmp-\(Syscalls.processID)-\(UInt32.random(in: 0...UInt32.max))"
        do throws(Errno) {
            let fd = try Syscalls.createExclusively(temporary)
            do throws(Errno) {
                try Syscalls.writeAll(fd, data)
                if durable { try Syscalls.synchronize(fd) }
            } catch {
                try? Syscalls.closeDescriptor(fd)
                throw error
            }
            try Syscalls.closeDescriptor(fd)
            try Syscalls.move(temporary, replacing: path)
        } catch {
            try? Syscalls.removeFile(temporary)
            throw FileWriteError(path: path, reason: .system(error))
        }
        // Make the rename itself durable; a folder that cannot be opened is not an error.
        if durable, let folder = try? Syscalls.openDirectory(directory) {
            try? Syscalls.synchronize(folder)
            try? Syscalls.closeDescriptor(folder)
        }
    }

    /// Deletes temporary files that a killed process left behind under `folder` (names
    /// `.<file>.tmp-<pid>-<n>` whose process is gone). Never touches anything else.
    public static func removeStaleTemporaries(in folder: URL) {
        var pending = [folder.path]
        while let current = pending.popLast() {
            guard let entries = try? Syscalls.entries(of: current) else { continue }
            for entry in entries {
                let path = current + "/" + entry.name
                if entry.isDirectory {
                    pending.append(path)
                } else if let pid = temporaryOwner(entry.name), pid != Syscalls.processID, !Syscalls.processExists(pid) {
                    try? Syscalls.removeFile(path)
                }
            }
        }
    }

    /// The process id in a temporary file's name `.<file>.tmp-<pid>-<n>`, or nil for any other name.
    static func temporaryOwner(_ name: String) -> Int32? {
        guard name.hasPrefix("."), let marker = name.range(of: ".tmp-", options: .backwards) else { return nil }
        let fields = name[marker.upperBound...].split(separator: "-")
        guard fields.count == 2, let pid = Int32(fields[0]), UInt32(fields[1]) != nil else { return nil }
        return pid
    }

    /// Creates `url` (and its parents) as a folder, or checks that it is a writable folder.
    public static func prepareDirectory(_ url: URL) throws(FileWriteError) {
        let path = url.path
        switch Syscalls.kind(at: path) {
        case .directory:
            break
        case .some:
            throw FileWriteError(path: path, reason: .notAFolder)
        case nil:
            // mkdir(2) one level at a time, so a failure names the real reason (errno).
            var prefix = path.hasPrefix("/") ? "" : "."
            for component in path.split(separator: "/") {
                prefix += "/" + component
                do throws(Errno) {
                    try Syscalls.makeDirectory(prefix)
                } catch {
                    if error != .fileExists { throw FileWriteError(path: path, reason: .cannotCreateFolder(prefix, error)) }
                }
            }
            guard Syscalls.kind(at: path) == .directory else { throw FileWriteError(path: path, reason: .notAFolder) }
        }
        guard Syscalls.isWritable(path) else { throw FileWriteError(path: path, reason: .folderNotWritable) }
    }
}
