@testable import CardRenderSupport
import Foundation
import Testing

@Suite struct AtomicFileTests {
    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("support-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func writesReplacesAndLeavesNoTemporary() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("a.txt")
        try AtomicFile.write(Data("one".utf8), to: url)
        try AtomicFile.write(Data("two".utf8), to: url, durable: false)
        #expect(try Data(contentsOf: url) == Data("two".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["a.txt"])
    }

    @Test func failuresSayWhyInOneLine() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = folder.appendingPathComponent("missing")
        #expect(throws: FileWriteError(path: missing.path + "/x.png", reason: .folderMissing(missing.path))) {
            try AtomicFile.write(Data([1]), to: missing.appendingPathComponent("x.png"))
        }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("dir"), withIntermediateDirectories: false)
        let error = #expect(throws: FileWriteError.self) {
            try AtomicFile.write(Data([1]), to: folder.appendingPathComponent("dir"))
        }
        #expect(error?.description == "cannot write \(folder.path)/dir: a folder is in the way")
        let file = folder.appendingPathComponent("file")
        try AtomicFile.write(Data([1]), to: file)
        #expect(throws: FileWriteError(path: file.path, reason: .notAFolder)) { try AtomicFile.prepareDirectory(file) }
        // mkdir's errno, named, under a file.
        let below = file.appendingPathComponent("sub")
        #expect(throws: FileWriteError(path: below.path, reason: .cannotCreateFolder(below.path, .notDirectory))) {
            try AtomicFile.prepareDirectory(below)
        }
    }

    @Test func prepareDirectoryCreatesParents() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let deep = folder.appendingPathComponent("a/b/c")
        try AtomicFile.prepareDirectory(deep)
        try AtomicFile.prepareDirectory(deep)
        #expect(Syscalls.kind(at: deep.path) == .directory)
    }

    @Test func staleTemporariesOfDeadProcessesAreRemoved() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try AtomicFile.prepareDirectory(folder.appendingPathComponent("sub"))
        // PID 2^22 + 1 is above Linux's largest pid_max, so no process has it.
        let stale = "sub/.a.png.tmp-4194305-7", own = ".b.png.tmp-\(getpid())-7", other = ".c.png.tmp-x-7"
        for name in [stale, own, other, "kept.png"] {
            try Data([1]).write(to: folder.appendingPathComponent(name))
        }
        AtomicFile.removeStaleTemporaries(in: folder)
        let left = try FileManager.default.subpathsOfDirectory(atPath: folder.path).sorted()
        #expect(left == [own, other, "kept.png", "sub"].sorted())
    }

    @Test func errnoReadsAsTheCLibraryMessage() {
        #expect(Errno.noSuchFileOrDirectory.description == "No such file or directory")
        #expect(FileWriteError(path: "/x", reason: .system(.permissionDenied)).description
                == "cannot write /x: Permission denied")
    }
}
