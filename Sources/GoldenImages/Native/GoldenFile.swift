import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes goldens and artifacts so that no reader, and no crash, ever sees a half-written file:
/// the bytes go to a temporary file in the same folder (so the rename cannot cross file
/// systems), are flushed to disk, and the temporary is renamed over the target.
enum GoldenFile {
    /// Temporary names start with this, so folder scans can skip them.
    static let temporaryPrefix = ".golden-tmp-"

    static func writeAtomically(_ data: Data, to url: URL) throws(GoldenError) {
        let path = url.path
        let folder = url.deletingLastPathComponent().path
        let temporary = folder + "/" + temporaryPrefix + "\(getpid())-\(UInt32.random(in: 0...UInt32.max))-"
            + url.lastPathComponent
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .cannotWrite(path: path, reason: lastError()) }

        var failure: String?
        data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, base + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = lastError()
                    return
                }
                offset += written
            }
        }
        if failure == nil, fsync(descriptor) != 0 { failure = lastError() }
        if close(descriptor) != 0, failure == nil { failure = lastError() }
        if failure == nil, rename(temporary, path) != 0 { failure = lastError() }
        if let failure {
            unlink(temporary)
            throw .cannotWrite(path: path, reason: failure)
        }
        syncFolder(folder)
    }

    /// Makes the rename itself durable; a folder that cannot be opened is not an error.
    private static func syncFolder(_ folder: String) {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

    private static func lastError() -> String {
        String(cString: strerror(errno))
    }
}
