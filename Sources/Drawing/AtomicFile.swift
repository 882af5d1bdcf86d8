import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

#if canImport(Glibc)
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
private let systemWrite = Darwin.write
#endif

/// Writes files so that a reader never sees a half-written one, even when the process is
/// killed: the bytes go to a temporary file in the same folder, which is renamed over the target.
public enum AtomicFile {
    /// `durable` also flushes the file and its folder to disk (fsync) around the rename, so the
    /// new file survives a power cut too: goldens use it; bulk renders, which can be re-run, do
    /// not pay for it.
    public static func write(_ data: Data, to url: URL, durable: Bool = true) throws(DrawingError) {
        let path = url.path
        let directory = url.deletingLastPathComponent().path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .write(path: path, reason: "folder \(directory) does not exist")
        }
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw .write(path: path, reason: "a folder is in the way")
        }
        let temporary = directory + "/." + url.lastPathComponent + ".tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw .write(path: path, reason: String(cString: strerror(errno))) }
        var failure: String?
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = systemWrite(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = String(cString: strerror(errno))
                    return
                }
                offset += written
            }
        }
        if failure == nil, durable, fsync(fd) != 0 { failure = String(cString: strerror(errno)) }
        if close(fd) != 0, failure == nil { failure = String(cString: strerror(errno)) }
        if failure == nil, rename(temporary, path) != 0 { failure = String(cString: strerror(errno)) }
        if let failure {
            unlink(temporary)
            throw .write(path: path, reason: failure)
        }
        // Make the rename itself durable; a folder that cannot be opened is not an error.
        let folder = durable ? open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC) : -1
        if folder >= 0 {
            fsync(folder)
            close(folder)
        }
    }

    /// Deletes temporary files that a killed process left behind under `folder` (names
    /// `.<file>.tmp-<pid>-<n>` whose process is gone). Never touches anything else.
    public static func removeStaleTemporaries(in folder: URL) {
        guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return }
        while let relative = walker.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            guard name.hasPrefix("."), let marker = name.range(of: ".tmp-", options: .backwards) else { continue }
            let fields = name[marker.upperBound...].split(separator: "-")
            guard fields.count == 2, let pid = Int32(fields[0]), UInt32(fields[1]) != nil else { continue }
            // A process that exists (even one we may not signal) still owns its file.
            if pid == getpid() || kill(pid, 0) == 0 || errno == EPERM { continue }
            unlink(folder.appendingPathComponent(relative).path)
        }
    }

    /// Creates `url` (and its parents) as a folder, or checks that it is a writable folder.
    public static func prepareDirectory(_ url: URL) throws(DrawingError) {
        let path = url.path
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw .write(path: path, reason: "it is a file, not a folder") }
        } else {
            // mkdir(2) one level at a time, so a failure names the real reason (errno).
            var prefix = path.hasPrefix("/") ? "" : "."
            for component in path.split(separator: "/") {
                prefix += "/" + component
                if mkdir(prefix, 0o755) != 0 && errno != EEXIST {
                    throw .write(path: path, reason: "cannot create the folder \(prefix) (\(String(cString: strerror(errno))))")
                }
            }
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw .write(path: path, reason: "it is a file, not a folder")
            }
        }
        guard access(path, W_OK) == 0 else { throw .write(path: path, reason: "the folder is not writable") }
    }
}
