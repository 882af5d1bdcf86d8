import CardRenderSupport
import Foundation
import Testing

/// A file read whole with its kind taken from the open file: one `open` and one `fstat` instead of
/// a `stat` first, and a FIFO told apart at once instead of waited on.
@Suite struct RegularFileContentsTests {
    @Test(.timeLimit(.minutes(1)))
    func aRegularFileIsReadAndAnythingElseIsOnlyNamed() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cardrender-contents-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("sub"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let bytes = Data((0..<70_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        try bytes.write(to: folder.appendingPathComponent("file.png"))
        #expect(mkfifo(folder.appendingPathComponent("fifo").path, 0o600) == 0)

        let file = try Syscalls.contents(ofRegularFile: folder.appendingPathComponent("file.png").path)
        #expect(file.kind == .regularFile && file.data == bytes)
        let directory = try Syscalls.contents(ofRegularFile: folder.appendingPathComponent("sub").path)
        #expect(directory.kind == .directory && directory.data.isEmpty)
        // No writer will ever open it: a blocking open would never return.
        let fifo = try Syscalls.contents(ofRegularFile: folder.appendingPathComponent("fifo").path)
        #expect(fifo.kind == .other && fifo.data.isEmpty)
        #expect(throws: Errno.noSuchFileOrDirectory) {
            try Syscalls.contents(ofRegularFile: folder.appendingPathComponent("missing.png").path)
        }
        #expect(throws: Errno.notDirectory) {
            try Syscalls.contents(ofRegularFile: folder.appendingPathComponent("file.png/inner.png").path)
        }
    }
}
