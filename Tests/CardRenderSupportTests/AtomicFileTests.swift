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

    /// A folder path no file inside could take is refused before the first `mkdir`: nothing is left behind.
    @Test func prepareDirectoryRefusesAPathTooLongBeforeMakingAnything() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let deep = (0..<21).reduce(folder) { url, _ in url.appendingPathComponent(String(repeating: "d", count: 200)) }
        #expect(throws: FileWriteError(path: deep.path, reason: .tooLong(bytes: deep.path.utf8.count))) {
            try AtomicFile.prepareDirectory(deep)
        }
        let longName = folder.appendingPathComponent("a").appendingPathComponent(String(repeating: "n", count: OutputPaths.maxNameBytes + 1))
        #expect(throws: FileWriteError(path: longName.path, reason: .tooLong(bytes: longName.path.utf8.count))) {
            try AtomicFile.prepareDirectory(longName)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
        let fits = folder.appendingPathComponent(String(repeating: "n", count: OutputPaths.maxNameBytes))
        try AtomicFile.prepareDirectory(fits)
        #expect(Syscalls.kind(at: fits.path) == .directory)
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

    @Test func aStagedFolderAppearsWholeAtPublishOrNotAtAll() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out")
        // One left by a killed process, and one of a live process (pid 1), which stays.
        let stale = ".out.tmp-4194305-7", live = ".out.tmp-1-7"
        for name in [stale, live] {
            try AtomicFile.prepareDirectory(folder.appendingPathComponent(name + "/deep"))
            try Data([1]).write(to: folder.appendingPathComponent(name + "/deep/a.png"))
        }
        let staged = try AtomicFile.StagedFolder(for: out)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
                == [live, staged.url.lastPathComponent].sorted())
        try AtomicFile.prepareDirectory(staged.url.appendingPathComponent("sub"))
        try AtomicFile.write(Data("a".utf8), to: staged.url.appendingPathComponent("sub/a.txt"))
        #expect(!FileManager.default.fileExists(atPath: out.path))
        try staged.publish()
        #expect(try Data(contentsOf: out.appendingPathComponent("sub/a.txt")) == Data("a".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == [live, "out"].sorted())
        // Discarded: the folder and what is in it go, a link in it is removed, not followed.
        let discarded = try AtomicFile.StagedFolder(for: folder.appendingPathComponent("other"))
        try FileManager.default.createSymbolicLink(at: discarded.url.appendingPathComponent("link"), withDestinationURL: out)
        discarded.discard()
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == [live, "out"].sorted())
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("sub/a.txt").path))
        // Onto a folder that is not empty: refused, the folder and the staged one as they were.
        let refused = try AtomicFile.StagedFolder(for: out)
        #expect(throws: FileWriteError(path: out.path, reason: .folderNotEmpty)) { try refused.publish() }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == [live, "out"].sorted())
        #expect(FileWriteError(path: "/x", reason: .folderNotEmpty).description == "cannot write /x: the folder is not empty")
    }

    @Test func aStagedFolderThatReplacesAnEmptyFolderKeepsItsPermissions() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let shared = folder.appendingPathComponent("shared"), fresh = folder.appendingPathComponent("fresh")
        try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: false)
        // Group-writable and set-group-ID, as a folder shared by a CI group is.
        try Syscalls.setPermissions(shared.path, 0o2770)
        for target in [shared, fresh] {
            let staged = try AtomicFile.StagedFolder(for: target)
            try AtomicFile.write(Data("a".utf8), to: staged.url.appendingPathComponent("a.txt"))
            try staged.publish()
            #expect(try Data(contentsOf: target.appendingPathComponent("a.txt")) == Data("a".utf8))
        }
        #expect(try Syscalls.status(at: shared.path).permissions == 0o2770)
        // A folder that was not there has what mkdir gives a new one.
        let made = folder.appendingPathComponent("made")
        try Syscalls.makeDirectory(made.path)
        #expect(try Syscalls.status(at: fresh.path).permissions == Syscalls.status(at: made.path).permissions)
    }

    /// Mount points come from the mount table, so a bind mount (same device as its parent) is
    /// seen too; the kernel's escapes in it are undone.
    @Test func mountPointsAreReadFromTheMountTable() throws {
        let table = """
            22 1 254:1 / / rw,relatime shared:1 - ext4 /dev/vda rw
            98 22 0:52 / /mnt/out\\040put rw - tmpfs none rw
            99 22 254:1 /srv/a /mnt/bound rw - ext4 /dev/vda rw
            """
        #expect(Syscalls.mountPoints(inMountInfo: table) == ["/", "/mnt/out put", "/mnt/bound"])
        #expect(Syscalls.isMountPoint("/"))
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(!Syscalls.isMountPoint(try Syscalls.realPath(folder.path)))
    }

    @Test func errnoReadsAsTheCLibraryMessage() {
        #expect(Errno.noSuchFileOrDirectory.description == "No such file or directory")
        #expect(FileWriteError(path: "/x", reason: .system(.permissionDenied)).description
                == "cannot write /x: Permission denied")
    }
}
