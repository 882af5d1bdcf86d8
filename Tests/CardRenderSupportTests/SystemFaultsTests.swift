#if ENABLE_MOCKING
@testable import CardRenderSupport
import Foundation
import Testing

/// Faults injected under the system layer: a full disk, a failing device, a folder without
/// permission, an interrupted call. They need no root and no special file system, and each
/// applies only inside its test's own folder, so these run beside every other test.
@Suite struct SystemFaultsTests {
    let folder: URL

    init() throws {
        folder = try AtomicFileTests.temporaryFolder()
    }

    /// Every name in the test's folder, temporaries included.
    func names() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    func withFaults<T>(_ faults: [SystemFault], _ body: () throws -> T) rethrows -> (T, failures: Int) {
        let installation = SystemFaults.install(faults)
        defer { installation.remove() }
        return (try body(), installation.failures)
    }

    @Test(arguments: [
        (SystemCall.write, Errno.noSpace, "No space left on device"),
        (.write, .inputOutput, "Input/output error"),
        (.fsync, .inputOutput, "Input/output error"),
        (.rename, .noSpace, "No space left on device"),
        (.open, .permissionDenied, "Permission denied"),
        (.close, .inputOutput, "Input/output error"),
    ])
    func aFailedWriteSaysWhyInOneLineAndKeepsTheOldFile(call: SystemCall, error: Errno, reason: String) throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("a.txt")
        try AtomicFile.write(Data("old".utf8), to: url)
        let (thrown, failures) = withFaults([SystemFault(call, error, in: folder.path)]) {
            #expect(throws: FileWriteError.self) { try AtomicFile.write(Data("new".utf8), to: url) }
        }
        #expect(failures == 1)
        #expect(thrown == FileWriteError(path: url.path, reason: .system(error)))
        #expect(thrown?.description == "cannot write \(url.path): \(reason)")
        #expect(try Data(contentsOf: url) == Data("old".utf8))
        #expect(try names() == ["a.txt"], "no temporary file is left")
    }

    /// A whole file is read through the system layer: every byte, retried after an interruption,
    /// and a failed open, stat or read is the call's own error.
    @Test func aFileIsReadWholeAndEachFailingCallSaysWhy() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("a.bin")
        let bytes = Data((0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        try bytes.write(to: url)
        #expect(try Syscalls.contents(of: url.path) == bytes)
        try Data().write(to: folder.appendingPathComponent("empty"))
        #expect(try Syscalls.contents(of: folder.appendingPathComponent("empty").path) == Data())
        #expect(throws: Errno.noSuchFileOrDirectory) { try Syscalls.contents(of: folder.appendingPathComponent("none").path) }
        let (read, retries) = try withFaults([SystemFault(.read, .interrupted, in: folder.path, times: 2)]) {
            try Syscalls.contents(of: url.path)
        }
        #expect(read == bytes && retries == 2)
        for call in [SystemCall.open, .fstat, .read] {
            let (_, failures) = withFaults([SystemFault(call, .inputOutput, in: folder.path)]) {
                #expect(throws: Errno.inputOutput) { try Syscalls.contents(of: url.path) }
            }
            #expect(failures == 1, "\(call)")
        }
    }

    @Test func theNthWriteFailsAndOnlyThatOne() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let urls = (0..<4).map { folder.appendingPathComponent("\($0).txt") }
        let (results, failures) = withFaults([SystemFault(.write, .noSpace, in: folder.path, after: 2, times: 1)]) {
            urls.map { url in Result { () throws(FileWriteError) in try AtomicFile.write(Data("x".utf8), to: url) } }
        }
        #expect(failures == 1)
        #expect(results.map { (try? $0.get()) != nil } == [true, true, false, true])
        #expect(try names() == ["0.txt", "1.txt", "3.txt"])
    }

    @Test func anInterruptedCallIsRetried() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("a.txt")
        let faults = [SystemCall.open, .write, .fsync].map { SystemFault($0, .interrupted, in: folder.path, times: 2) }
        let (_, failures) = try withFaults(faults) { try AtomicFile.write(Data("whole".utf8), to: url) }
        #expect(failures == 6)
        #expect(try Data(contentsOf: url) == Data("whole".utf8))
        #expect(try names() == ["a.txt"])
    }

    @Test func aRenameThatFailsMidPublishLeavesEachFileOldOrNewAndNoTemporary() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let urls = ["a", "b", "c"].map { folder.appendingPathComponent("\($0).txt") }
        for url in urls { try AtomicFile.write(Data("old".utf8), to: url) }
        let staged = AtomicFile.StagedFiles()
        for url in urls { try staged.stage(Data("new".utf8), to: url) }
        let (thrown, failures) = withFaults([SystemFault(.rename, .noSpace, in: folder.path, after: 1)]) {
            #expect(throws: FileWriteError.self) { try staged.publish() }
        }
        #expect(failures == 1)
        #expect(thrown?.description == "cannot write \(urls[1].path): No space left on device")
        #expect(try urls.map { String(decoding: try Data(contentsOf: $0), as: UTF8.self) } == ["new", "old", "old"])
        #expect(try names() == ["a.txt", "b.txt", "c.txt"])
    }

    @Test func aFolderThatCannotBeCreatedNamesTheReason() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("new/deeper")
        let (thrown, _) = withFaults([SystemFault(.mkdir, .permissionDenied, in: folder.appendingPathComponent("new").path)]) {
            #expect(throws: FileWriteError.self) { try AtomicFile.prepareDirectory(target) }
        }
        #expect(thrown?.description == "cannot write \(target.path): cannot create the folder \(folder.path)/new (Permission denied)")
        #expect(try names().isEmpty)
    }

    /// Renders write from many threads at once: each call is counted once, and a fault in one
    /// folder never reaches another.
    @Test func faultsCountCallsFromEveryThreadOnceAndStayInTheirFolder() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let faulty = folder.appendingPathComponent("faulty"), healthy = folder.appendingPathComponent("healthy")
        try AtomicFile.prepareDirectory(faulty)
        try AtomicFile.prepareDirectory(healthy)
        let (_, failures) = withFaults([SystemFault(.write, .noSpace, in: faulty.path, after: 100)]) {
            DispatchQueue.concurrentPerform(iterations: 8) { thread in
                for index in 0..<25 {
                    let name = "\(thread)-\(index).txt"
                    _ = try? AtomicFile.write(Data(name.utf8), to: faulty.appendingPathComponent(name), durable: false)
                    #expect(throws: Never.self) {
                        try AtomicFile.write(Data(name.utf8), to: healthy.appendingPathComponent(name), durable: false)
                    }
                }
            }
        }
        #expect(failures == 100)
        #expect(try FileManager.default.contentsOfDirectory(atPath: faulty.path).count == 100)
        #expect(try FileManager.default.contentsOfDirectory(atPath: healthy.path).count == 200)
    }

    @Test func faultsAreReadFromTheEnvironmentOneALine() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("a b.txt")
        let text = "open EINTR times=1 in=\(folder.path)\nrename EIO after=0 in=\(folder.path)/"
        let installation = try #require(try SystemFaults.installFromEnvironment([SystemFaults.environmentVariable: text]))
        defer { installation.remove() }
        #expect(throws: FileWriteError(path: url.path, reason: .system(.inputOutput))) {
            try AtomicFile.write(Data("x".utf8), to: url)
        }
        #expect(installation.failures == 2)
        #expect(try SystemFaults.installFromEnvironment([:]) == nil)
        for bad in ["write ENOSPC", "write ENOSPC in=", "writes ENOSPC in=/x", "write ENOPE in=/x", "write ENOSPC after=-1 in=/x",
                    "write ENOSPC later=1 in=/x"] {
            #expect(throws: MessageError("CARDRENDER_SYSTEM_FAULTS: cannot read '\(bad)'; "
                                         + "write CALL ERRNO [after=N] [times=N] [pause=MS] in=FOLDER")) {
                try SystemFaults.installFromEnvironment([SystemFaults.environmentVariable: bad])
            }
        }
    }

    /// `OK` with a pause holds the call (a slow disk) and then runs it: the file is written, and
    /// no failure is counted.
    @Test func aPauseHoldsTheCallAndThenRunsIt() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try AtomicFile.prepareDirectory(folder)
        let url = folder.appendingPathComponent("slow.txt")
        let text = "fsync OK pause=300 times=1 in=\(folder.path)"
        let installation = try #require(try SystemFaults.installFromEnvironment([SystemFaults.environmentVariable: text]))
        defer { installation.remove() }
        let started = ContinuousClock.now
        try AtomicFile.write(Data("x".utf8), to: url)
        #expect(ContinuousClock.now - started >= .milliseconds(300))
        #expect(try Data(contentsOf: url) == Data("x".utf8))
        #expect(installation.failures == 0)
    }

    /// An empty folder whose parent cannot be written is filled instead: the temporary folder
    /// beside it cannot be made, so it is made inside. A failure while filling it leaves it
    /// empty, with no temporary folder.
    @Test(arguments: [("mkdir", "EACCES", ""), ("mkdir", "EROFS", ""), ("mkdir", "EPERM", "")])
    func aStagedFolderFillsAnEmptyFolderItCannotReplace(call: String, error: String, at place: String) throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out")
        try AtomicFile.prepareDirectory(out)
        func stage() throws -> AtomicFile.StagedFolder {
            let staged = try AtomicFile.StagedFolder(for: out, last: "manifest.json")
            try AtomicFile.prepareDirectory(staged.url.appendingPathComponent("cards"))
            for name in ["cards/a.png", "index.html", "manifest.json"] {
                try AtomicFile.write(Data(name.utf8), to: staged.url.appendingPathComponent(name))
            }
            return staged
        }
        let fault = "\(call) \(error) times=1 in=\(folder.path)\(place)"
        // The last entry cannot be renamed in: the ones moved before it are taken out again.
        let failing = try #require(try SystemFaults.installFromEnvironment([SystemFaults.environmentVariable:
            fault + "\nrename EIO in=\(out.path)/manifest.json"]))
        #expect(throws: FileWriteError.self) { try stage().publish() }
        failing.remove()
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).isEmpty)
        #expect(try names() == ["out"])
        let installation = try #require(try SystemFaults.installFromEnvironment([SystemFaults.environmentVariable: fault]))
        defer { installation.remove() }
        try stage().publish()
        #expect(installation.failures == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).sorted() == ["cards", "index.html", "manifest.json"])
        #expect(try Data(contentsOf: out.appendingPathComponent("cards/a.png")) == Data("cards/a.png".utf8))
        #expect(try names() == ["out"])
    }
}

#endif
