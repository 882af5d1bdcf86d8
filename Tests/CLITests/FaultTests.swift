import BatchRendering
import CardRenderSupport
import Drawing
import Foundation
import Testing

/// The binary under faults: a full disk, a failing device, folders it may not write, SIGKILL,
/// two runs into one --out. Whatever happens, no file under its final name is half-written, no
/// golden is lost or changed unless recorded whole, the manifest lists only files on disk with
/// its hashes, and the exit status is 2 for an error.
///
/// Most faults are injected under the system layer (`SystemFaults`, in the debug build the tests
/// run), so they need no root; a few also run on a real full or read-only tmpfs, which needs root.
@Suite(.serialized) struct FaultTests {
    // MARK: - Helpers

    /// A small tmpfs, for a disk that fills up or turns read-only. Mounting needs root: without
    /// it, or when mount fails (a container without the capability), the test is skipped and
    /// says why. Callers unmount in a defer.
    struct Scratch {
        let url: URL

        static func mount(size: String) throws -> Scratch {
            guard getuid() == 0 else {
                try Test.cancel("skipped: mounting a \(size) tmpfs for a full or read-only disk needs root")
            }
            let dir = try CLIRunner.temporaryDirectory("tmpfs")
            let status = FaultTests.system(["mount", "-t", "tmpfs", "-o", "size=\(size)", "tmpfs", dir.path])
            guard status == 0 else {
                try? FileManager.default.removeItem(at: dir)
                try Test.cancel("skipped: mount -t tmpfs failed (status \(status)); this machine does not allow mounts")
            }
            return Scratch(url: dir)
        }

        /// Read-only for root too (chmod does not stop root).
        func remountReadOnly() throws {
            let status = FaultTests.system(["mount", "-o", "remount,ro", url.path])
            guard status == 0 else { try Test.cancel("skipped: remounting the tmpfs read-only failed (status \(status))") }
        }

        /// Leaves about `bytes` free, so the next writes run out of space.
        func fill(leaving bytes: Int) throws {
            var info = statvfs()
            guard statvfs(url.path, &info) == 0 else { throw MessageError("statvfs \(url.path) failed") }
            let free = Int(info.f_bavail) * Int(info.f_frsize)
            try Data(count: max(0, free - bytes)).write(to: url.appendingPathComponent("filler"))
        }

        func unmount() {
            _ = FaultTests.system(["umount", url.path])
            try? FileManager.default.removeItem(at: url)
        }
    }

    static func system(_ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.environment = CLIRunner.childEnvironment()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }

    func makeSpec() throws -> (dir: URL, spec: URL) {
        let dir = try CLIRunner.temporaryDirectory("faults")
        let spec = dir.appendingPathComponent("spec.yaml")
        try Data(BatchCLITests.spec.utf8).write(to: spec)
        return (dir, spec)
    }

    /// Every regular file under `folder` by relative path, hidden ones included.
    func tree(_ folder: URL) throws -> [String: Data] {
        var result: [String: Data] = [:]
        guard FileManager.default.fileExists(atPath: folder.path) else { return result }
        for path in try FileManager.default.subpathsOfDirectory(atPath: folder.path) {
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path, isDirectory: &isDirectory)
            if !isDirectory.boolValue { result[path] = try Data(contentsOf: folder.appendingPathComponent(path)) }
        }
        return result
    }

    /// Nothing half-written under a final name: every PNG decodes; no temporary file is left
    /// unless `temporariesAllowed` (SIGKILL). The manifest, if any, lists only files on disk
    /// with the SHA-256 it records.
    func expectWhole(_ folder: URL, temporariesAllowed: Bool = false, _ comment: String,
                     sourceLocation: SourceLocation = #_sourceLocation) throws {
        for (path, data) in try tree(folder) {
            let name = (path as NSString).lastPathComponent
            if name.contains(".tmp-") {
                #expect(temporariesAllowed, "\(comment): temporary file \(path) left", sourceLocation: sourceLocation)
                continue
            }
            if path.hasSuffix(".png") {
                #expect(throws: Never.self, "\(comment): \(path) does not decode", sourceLocation: sourceLocation) {
                    _ = try PNG.decode(data)
                }
            }
        }
        guard FileManager.default.fileExists(atPath: folder.appendingPathComponent(Manifest.fileName).path) else { return }
        let manifest = try Manifest.read(from: folder)
        for (id, entry) in manifest.jobs {
            for output in entry.outputs {
                let data = try? Data(contentsOf: folder.appendingPathComponent(output.path))
                #expect(data.map(Checksum.sha256) == output.sha256,
                        "\(comment): the manifest lists \(output.path) of \(id), not on disk as recorded",
                        sourceLocation: sourceLocation)
            }
        }
    }

    /// A batch run that failed: exit 2; after the summary, one `cardrender: error:` line per
    /// failed job (as many as the summary counts), then any file that could not be saved. Only
    /// a run `mayStopEarly` (its folder held a manifest to update first) can instead be refused
    /// in one line before rendering.
    func expectReported(_ result: CLIRunner.Result, _ comment: String, mayStopEarly: Bool = false,
                        sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.status == 2, "\(comment): \(result.stderr)", sourceLocation: sourceLocation)
        let lines = result.stderrLines
        let errors = lines.filter { $0.hasPrefix("cardrender: error: ") }
        #expect(!errors.isEmpty && errors.count >= lines.count - 1, "\(comment): \(result.stderr)", sourceLocation: sourceLocation)
        guard let summary = lines.first(where: { $0.contains(" failed") && $0.contains(" jobs") }) else {
            #expect(mayStopEarly && lines.count == 1, "\(comment): no summary: \(result.stderr)", sourceLocation: sourceLocation)
            return
        }
        let failed = summary.firstMatch(of: /(\d+) failed/).flatMap { Int($0.1) } ?? -1
        let jobLines = errors.filter { $0.hasPrefix("cardrender: error: job ") }
        #expect(jobLines.count == failed, "\(comment): \(result.stderr)", sourceLocation: sourceLocation)
        // Job failures come first, then what could not be saved.
        let firstOther = errors.firstIndex { !$0.hasPrefix("cardrender: error: job ") } ?? errors.count
        #expect(errors[firstOther...].allSatisfy { !$0.hasPrefix("cardrender: error: job ") },
                "\(comment): \(result.stderr)", sourceLocation: sourceLocation)
    }

    // MARK: - Reporting (any machine)

    @Test func everyFailedJobIsReportedForAnyWorkerCountAndThenTheManifest() throws {
        let (dir, spec) = try makeSpec()
        defer { try? FileManager.default.removeItem(at: dir) }
        for workers in ["1", "2"] {
            let out = dir.appendingPathComponent("out-\(workers)")
            // Folders where two cards and the manifest go: those writes fail as on a full disk.
            for path in ["cards/AS.png", "cards/QH.png", Manifest.fileName] {
                try FileManager.default.createDirectory(at: out.appendingPathComponent(path), withIntermediateDirectories: true)
            }
            let result = try CLIRunner.run(["batch", spec.path, "--out", out.path, "-j", workers, "--quiet"])
            expectReported(result, "-j \(workers)")
            let errors = result.stderrLines.filter { $0.hasPrefix("cardrender: error: ") }
            #expect(errors.count == 3, "-j \(workers): \(result.stderr)")
            #expect(errors.first?.contains("job cards/card=AS") == true, "-j \(workers): \(result.stderr)")
            #expect(errors.last?.contains(Manifest.fileName) == true, "-j \(workers): \(result.stderr)")
        }
    }

    // MARK: - Injected faults (any machine)

    #if ENABLE_MOCKING
    /// Runs the binary with the system calls `faults` name failing (`CALL ERRNO [after=N] [times=N] in=FOLDER`).
    func run(_ arguments: [String], faults: [String]) throws -> CLIRunner.Result {
        try CLIRunner.run(arguments, setting: [SystemFaults.environmentVariable: faults.joined(separator: "\n")])
    }

    /// The rendered files of a folder: no hidden files, manifest or gallery.
    func outputs(_ folder: URL) throws -> [String: Data] {
        try tree(folder).filter { !$0.key.hasPrefix(".") && $0.key != Manifest.fileName && $0.key != Gallery.fileName }
    }

    @Test func aDiskThatFillsMidRunIsReportedAndLeavesNothingBroken() throws {
        let (dir, spec) = try makeSpec()
        defer { try? FileManager.default.removeItem(at: dir) }
        for (command, workers) in [("render", "2"), ("batch", "1"), ("batch", "2")] {
            let out = dir.appendingPathComponent("out-\(command)-\(workers)")
            let arguments = command == "render" ? ["render"] : ["batch", spec.path]
            let result = try run(arguments + ["--out", out.path, "-j", workers, "--quiet"],
                                 faults: ["write ENOSPC after=3 in=\(out.path)"])
            expectReported(result, "\(command) -j \(workers)")
            #expect(result.stderr.contains("No space left on device"), "\(command) -j \(workers): \(result.stderr)")
            try expectWhole(out, "\(command) -j \(workers) on a disk that filled")
        }
    }

    @Test func aRunThatFailsToWriteKeepsEveryEarlierFileAndAConsistentManifest() throws {
        let (dir, spec) = try makeSpec()
        defer { try? FileManager.default.removeItem(at: dir) }
        // Another spec writing the same paths (at scale 2: other bytes, other job ids), and the
        // same spec forced; each meets a full disk, a failing device or a failing rename.
        let bigger = dir.appendingPathComponent("bigger.yaml")
        try Data(BatchCLITests.spec.replacingOccurrences(of: "scale: 1", with: "scale: 2").utf8).write(to: bigger)
        // The forced run finds every file as it is and writes only the manifest: its first write fails.
        let runs = [([bigger.path], 2), ([spec.path, "--force"], 0)]
        let faults = [("write ENOSPC", "No space left on device"), ("write EIO", "Input/output error"),
                      ("rename ENOSPC", "No space left on device")]
        for ((second, after), (call, reason)) in runs.flatMap({ run in faults.map { (run, $0) } }) {
            let fault = "\(call) after=\(after)"
            let out = dir.appendingPathComponent("out")
            defer { try? FileManager.default.removeItem(at: out) }
            let first = try CLIRunner.run(["batch", spec.path, "--out", out.path, "--quiet"])
            #expect(first.status == 0, "\(first.stderr)")
            let before = try outputs(out)
            let result = try run(["batch"] + second + ["--out", out.path, "-j", "2", "--quiet"], faults: ["\(fault) in=\(out.path)"])
            let comment = "\(second.last ?? "") with \(fault)"
            expectReported(result, comment, mayStopEarly: true)
            #expect(result.stderr.contains(reason), "\(comment): \(result.stderr)")
            let after = try tree(out)
            for path in before.keys { #expect(after[path] != nil, "\(path) lost by \(comment)") }
            try expectWhole(out, comment)
            // Without the fault, a run completes the set.
            #expect(try CLIRunner.run(["batch", spec.path, "--out", out.path, "--quiet"]).status == 0)
            try expectWhole(out, "\(comment), run again")
            #expect(try outputs(out) == before, "\(comment)")
        }
    }

    /// `merge` writes into a temporary folder beside `--out` and renames it into place at the
    /// end: a merge that fails at any point leaves no `--out` and no temporary folder, and the
    /// next merge writes the whole run.
    @Test func aMergeThatFailsMidwayLeavesNoFolderAndTheNextMergeWritesTheWholeRun() throws {
        let (dir, spec) = try makeSpec()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (whole, shards) = try BatchCLITests.runWholeAndSharded(spec, in: dir)
        let merged = dir.appendingPathComponent("merged")
        let arguments = ["merge"] + shards.map(\.path) + ["--out", merged.path]
        // A file's write, a file's rename, the manifest's fsync, and the final rename into place.
        let faults = [("write ENOSPC after=100 in=\(dir.path)", "No space left on device"),
                      ("rename EIO after=100 in=\(dir.path)", "Input/output error"),
                      ("fsync EIO in=\(dir.path)", "Input/output error"),
                      ("rename EIO in=\(merged.path)", "Input/output error")]
        for (fault, reason) in faults {
            let result = try run(arguments, faults: [fault])
            #expect(result.status == 2, "\(fault): \(result.stderr)")
            #expect(result.stderrLines.count == 1 && result.stderr.contains(reason), "\(fault): \(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: merged.path), "\(fault) left \(merged.path)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.contains(".tmp-") }.isEmpty,
                    "\(fault) left a temporary folder")
        }
        let result = try CLIRunner.run(arguments)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try tree(merged).filter { $0.key != FileStamps.fileName } == tree(whole).filter { $0.key != FileStamps.fileName })
    }

    /// An empty --out whose parent cannot be written is filled in place (as a mount point is);
    /// what a killed merge left inside it does not make it "not empty".
    @Test func aMergeFillsAnEmptyFolderThatCannotBeReplaced() throws {
        let (dir, spec) = try makeSpec()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (whole, shards) = try BatchCLITests.runWholeAndSharded(spec, in: dir)
        let merged = dir.appendingPathComponent("merged")
        let arguments = ["merge"] + shards.map(\.path) + ["--out", merged.path]
        for fault in ["mkdir EACCES times=1 in=\(dir.path)", "mkdir EROFS times=1 in=\(dir.path)"] {
            try? FileManager.default.removeItem(at: merged)
            // The temporary folder of a merge whose process is gone.
            try FileManager.default.createDirectory(at: merged.appendingPathComponent(".cardrender.tmp-4194305-7/cards"),
                                                    withIntermediateDirectories: true)
            let result = try run(arguments, faults: [fault])
            #expect(result.status == 0, "\(fault): \(result.stderr)")
            #expect(try tree(merged).filter { $0.key != FileStamps.fileName } == tree(whole).filter { $0.key != FileStamps.fileName },
                    "\(fault)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: merged.path).filter { $0.contains(".tmp-") }.isEmpty, "\(fault)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.contains(".tmp-") }.isEmpty, "\(fault)")
        }
    }

    /// A folder inside --out that only looks like a temporary (another tool's, a dead process id
    /// in its name) is the user's: the merge refuses the folder as not empty and leaves it be.
    @Test func aMergeKeepsAFolderThatOnlyLooksLikeATemporary() throws {
        let (dir, spec) = try makeSpec()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (_, shards) = try BatchCLITests.runWholeAndSharded(spec, in: dir)
        let merged = dir.appendingPathComponent("merged")
        for name in [".tmp-4194305-7", ".notes.tmp-4194305-7"] {
            try? FileManager.default.removeItem(at: merged)
            let kept = merged.appendingPathComponent(name + "/draft.txt")
            try FileManager.default.createDirectory(at: kept.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("mine".utf8).write(to: kept)
            for faults in [[], ["mkdir EACCES times=1 in=\(dir.path)"]] {
                let result = try run(["merge"] + shards.map(\.path) + ["--out", merged.path], faults: faults)
                #expect(result.status == 2, "\(name) \(faults): \(result.stderr)")
                #expect(result.stderr.contains("is not empty"), "\(name): \(result.stderr)")
                #expect(try FileManager.default.contentsOfDirectory(atPath: merged.path) == [name], "\(name) \(faults)")
                #expect(try Data(contentsOf: kept) == Data("mine".utf8), "\(name) \(faults)")
            }
        }
    }

    /// A subfolder that cannot be listed (a path too long, no permission) hides its images: it is
    /// an error, exit 2, never a pass over the images it holds.
    @Test func verifyReportsAFolderItCannotListInsteadOfPassing() throws {
        let dir = try CLIRunner.temporaryDirectory("faults-unlisted")
        defer { try? FileManager.default.removeItem(at: dir) }
        let goldens = dir.appendingPathComponent("goldens"), actual = dir.appendingPathComponent("actual")
        for (folder, block) in [(goldens, false), (actual, true)] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("deep"), withIntermediateDirectories: true)
            try PNG.encode(GoldenCLITests.image(block: block)).write(to: folder.appendingPathComponent("deep/card.png"))
        }
        for folder in [goldens, actual] {
            let result = try run(["verify", "--goldens", goldens.path, "--actual", actual.path, "--record", "never"],
                                 faults: ["opendir ENAMETOOLONG in=\(folder.path)/deep"])
            #expect(result.status == 2, "\(result.stdout) \(result.stderr)")
            #expect(result.stdout.contains("ERROR deep/: cannot list the folder \(folder.path)/deep (File name too long); "
                                           + "its images are not compared"), "\(result.stdout)")
        }
    }

    @Test func verifyRecordThatCannotWriteLosesNoGoldenAndWritesNoneByHalves() throws {
        let dir = try CLIRunner.temporaryDirectory("faults")
        defer { try? FileManager.default.removeItem(at: dir) }
        let actual = dir.appendingPathComponent("actual"), goldens = dir.appendingPathComponent("goldens")
        #expect(try CLIRunner.run(["deck", "--theme", "four-color", "--scale", "2", "--out", actual.path]).status == 0)
        #expect(try CLIRunner.run(["card", "AS", "--scale", "2", "--out", goldens.path]).status == 0)
        let before = try tree(goldens)
        let faults = [("write ENOSPC after=1", "No space left on device"), ("write EIO", "Input/output error"),
                      ("fsync EIO after=2", "Input/output error"), ("rename ENOSPC after=1", "No space left on device")]
        for (fault, reason) in faults {
            for mode in ["missing", "all"] {
                let result = try run(["verify", "--goldens", goldens.path, "--actual", actual.path, "--record", mode],
                                     faults: ["\(fault) in=\(goldens.path)"])
                let comment = "--record \(mode) with \(fault)"
                #expect(result.status == 2, "\(comment): \(result.stderr)")
                #expect(result.stderrLines.count == 1 && result.stderr.hasPrefix("cardrender: error: "), "\(comment): \(result.stderr)")
                #expect(result.stderr.contains(reason), "\(comment): \(result.stderr)")
                let after = try tree(goldens)
                for (path, data) in before where mode == "missing" {
                    #expect(after[path] == data, "\(comment): golden \(path) lost or changed")
                }
                try expectWhole(goldens, comment)
                // Back to the first state for the next fault.
                try FileManager.default.removeItem(at: goldens)
                #expect(try CLIRunner.run(["card", "AS", "--scale", "2", "--out", goldens.path]).status == 0)
            }
        }
    }

    @Test func foldersThatMayNotBeWrittenAreRefusedInOneLineAndNothingChanges() throws {
        let (dir, spec) = try makeSpec()
        defer { try? FileManager.default.removeItem(at: dir) }
        let actual = dir.appendingPathComponent("actual")
        for card in ["KD", "QC"] {
            #expect(try CLIRunner.run(["card", card, "--scale", "2", "--out", actual.path]).status == 0)
        }
        let disk = dir.appendingPathComponent("disk")
        let out = disk.appendingPathComponent("out"), goldens = disk.appendingPathComponent("goldens")
        #expect(try CLIRunner.run(["batch", spec.path, "--out", out.path, "--quiet"]).status == 0)
        #expect(try CLIRunner.run(["card", "KD", "--theme", "four-color", "--scale", "2", "--out", goldens.path]).status == 0)
        let before = try tree(disk)
        let runs: [[String]] = [
            ["batch", spec.path, "--out", out.path, "--force", "--quiet"],
            ["render", "--out", disk.appendingPathComponent("new").path, "--quiet"],
            ["verify", "--goldens", goldens.path, "--actual", actual.path, "--record", "all"],
            ["verify", "--goldens", goldens.path, "--actual", actual.path, "--record", "missing"],
        ]
        for arguments in runs {
            let result = try run(arguments, faults: ["open EACCES in=\(disk.path)", "mkdir EACCES in=\(disk.path)"])
            #expect(result.status == 2, "\(arguments): \(result.stderr)")
            #expect(result.stderrLines.count == 1 && result.stderr.hasPrefix("cardrender: error: "), "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("Permission denied"), "\(arguments): \(result.stderr)")
        }
        #expect(try tree(disk) == before)
    }

    @Test func anOutLockedElsewhereIsRefusedAndALockThatCannotBeTakenSaysWhy() throws {
        let (dir, spec) = try makeSpec()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("out")
        let held = try run(["batch", spec.path, "--out", out.path, "--quiet"], faults: ["flock EWOULDBLOCK in=\(out.path)"])
        #expect(held.status == 2, "\(held.stderr)")
        #expect(held.stderrLines == ["cardrender: error: --out \(out.path) is in use by another cardrender run; "
                + "wait for it to finish or choose another --out"])
        let refused = try run(["batch", spec.path, "--out", out.path, "--quiet"], faults: ["open EACCES in=\(out.path)"])
        #expect(refused.stderrLines == ["cardrender: error: cannot lock --out \(out.path): Permission denied"])
        #expect(try outputs(out).isEmpty, "nothing is rendered without the lock")
    }

    @Test func aGoldensFolderThatCannotBeListedSaysWhyInOneLine() throws {
        let dir = try CLIRunner.temporaryDirectory("faults")
        defer { try? FileManager.default.removeItem(at: dir) }
        let actual = dir.appendingPathComponent("actual"), goldens = dir.appendingPathComponent("goldens")
        for folder in [actual, goldens] {
            #expect(try CLIRunner.run(["card", "AS", "--scale", "1", "--out", folder.path]).status == 0)
        }
        let result = try run(["verify", "--goldens", goldens.path, "--actual", actual.path, "--record", "never"],
                             faults: ["opendir EACCES in=\(goldens.path)"])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderrLines == ["cardrender: error: cannot read image \(goldens.path): cannot list the folder (Permission denied)"])
    }

    @Test func aFacesFolderThatCannotBeListedSaysWhyInOneLine() throws {
        let dir = try CLIRunner.temporaryDirectory("faults")
        defer { try? FileManager.default.removeItem(at: dir) }
        let faces = dir.appendingPathComponent("faces"), out = dir.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: faces, withIntermediateDirectories: true)
        let result = try run(["card", "QS", "--faces", faces.path, "--out", out.path], faults: ["opendir EACCES in=\(faces.path)"])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderrLines == ["cardrender: error: cannot list --faces folder \(faces.path): Permission denied"])
        #expect(try outputs(out).isEmpty)
    }

    @Test func callsInterruptedBySignalsAreRetriedAndTheFilesAreTheSame() throws {
        let (dir, spec) = try makeSpec()
        defer { try? FileManager.default.removeItem(at: dir) }
        let plain = dir.appendingPathComponent("plain"), interrupted = dir.appendingPathComponent("interrupted")
        #expect(try CLIRunner.run(["batch", spec.path, "--out", plain.path, "--quiet"]).status == 0)
        let faults = ["open", "write", "pwrite", "fsync", "flock"].map { "\($0) EINTR times=3 in=\(interrupted.path)" }
        let result = try run(["batch", spec.path, "--out", interrupted.path, "-j", "2", "--quiet"], faults: faults)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try outputs(interrupted) == outputs(plain))
        try expectWhole(interrupted, "after interrupted calls")
    }
    #endif

    // MARK: - Full disk (root)

    @Test func renderAndBatchOnAFullDiskReportEveryFailureAndLeaveNothingBroken() throws {
        let (dir, spec) = try makeSpec()
        defer { try? FileManager.default.removeItem(at: dir) }
        for (command, workers) in [("render", "2"), ("batch", "1"), ("batch", "2")] {
            let disk = try Scratch.mount(size: "2m")
            defer { disk.unmount() }
            let out = disk.url.appendingPathComponent("out")
            let arguments = command == "render" ? ["render"] : ["batch", spec.path]
            let result = try CLIRunner.run(arguments + ["--out", out.path, "-j", workers, "--quiet"])
            expectReported(result, "\(command) -j \(workers)")
            #expect(result.stderr.contains("No space left on device"), "\(command) -j \(workers): \(result.stderr)")
            try expectWhole(out, "\(command) -j \(workers) on a full disk")
        }
    }

    @Test func aRunOnAFullDiskKeepsEveryEarlierFileAndAConsistentManifest() throws {
        let (dir, spec) = try makeSpec()
        defer { try? FileManager.default.removeItem(at: dir) }
        // Another spec writing the same paths (at scale 2: bigger files, other job ids), and the
        // same spec forced: neither fits in what is left.
        let bigger = dir.appendingPathComponent("bigger.yaml")
        try Data(BatchCLITests.spec.replacingOccurrences(of: "scale: 1", with: "scale: 2").utf8).write(to: bigger)
        for (second, leftFree) in [([bigger.path], 64 * 1024), ([spec.path, "--force"], 0)] {
            let disk = try Scratch.mount(size: "4m")
            defer { disk.unmount() }
            let out = disk.url.appendingPathComponent("out")
            let first = try CLIRunner.run(["batch", spec.path, "--out", out.path, "--quiet"])
            #expect(first.status == 0, "\(first.stderr)")
            let before = try tree(out).filter { !$0.key.hasPrefix(".") && $0.key != Manifest.fileName && $0.key != Gallery.fileName }
            try disk.fill(leaving: leftFree)
            let result = try CLIRunner.run(["batch"] + second + ["--out", out.path, "-j", "2", "--quiet"])
            expectReported(result, "\(second)", mayStopEarly: true)
            let after = try tree(out)
            for path in before.keys { #expect(after[path] != nil, "\(path) lost by \(second)") }
            try expectWhole(out, "\(second) on a full disk")
            // Once there is room again, a run completes the set.
            try FileManager.default.removeItem(at: disk.url.appendingPathComponent("filler"))
            #expect(try CLIRunner.run(["batch", spec.path, "--out", out.path, "--quiet"]).status == 0)
            try expectWhole(out, "after space was freed")
            #expect(try tree(out).filter { before[$0.key] != nil } == before)
        }
    }

    @Test func verifyRecordOnAFullDiskLosesNoGoldenAndWritesNoneByHalves() throws {
        let dir = try CLIRunner.temporaryDirectory("faults")
        defer { try? FileManager.default.removeItem(at: dir) }
        let actual = dir.appendingPathComponent("actual")
        #expect(try CLIRunner.run(["deck", "--theme", "four-color", "--scale", "2", "--out", actual.path]).status == 0)
        let disk = try Scratch.mount(size: "2m")
        defer { disk.unmount() }
        let goldens = disk.url.appendingPathComponent("goldens")
        #expect(try CLIRunner.run(["card", "AS", "--scale", "2", "--out", goldens.path]).status == 0)
        let before = try tree(goldens)
        try disk.fill(leaving: 32 * 1024)
        let result = try CLIRunner.run(["verify", "--goldens", goldens.path, "--actual", actual.path, "--record", "missing"])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderrLines.count == 1 && result.stderr.hasPrefix("cardrender: error: "), "\(result.stderr)")
        let after = try tree(goldens)
        for (path, data) in before { #expect(after[path] == data, "golden \(path) lost or changed") }
        try expectWhole(goldens, "goldens recorded on a full disk")
        // `all` rewrites goldens that differ: each is the old one or the new one, never broken.
        let rewrite = try CLIRunner.run(["verify", "--goldens", goldens.path, "--actual", actual.path, "--record", "all"])
        #expect(rewrite.status == 2, "\(rewrite.stderr)")
        try expectWhole(goldens, "goldens rewritten on a full disk")
    }

    // MARK: - Read-only folders (root)

    @Test func aReadOnlyFolderIsAnErrorAndNothingInItChanges() throws {
        let (dir, spec) = try makeSpec()
        defer { try? FileManager.default.removeItem(at: dir) }
        let actual = dir.appendingPathComponent("actual")
        for card in ["KD", "QC"] {
            #expect(try CLIRunner.run(["card", card, "--scale", "2", "--out", actual.path]).status == 0)
        }
        let disk = try Scratch.mount(size: "8m")
        defer { disk.unmount() }
        let out = disk.url.appendingPathComponent("out"), goldens = disk.url.appendingPathComponent("goldens")
        #expect(try CLIRunner.run(["batch", spec.path, "--out", out.path, "--quiet"]).status == 0)
        #expect(try CLIRunner.run(["card", "KD", "--theme", "four-color", "--scale", "2", "--out", goldens.path]).status == 0)
        let before = try tree(disk.url)
        try disk.remountReadOnly()
        let runs: [[String]] = [
            ["batch", spec.path, "--out", out.path, "--force", "--quiet"],
            ["render", "--out", disk.url.appendingPathComponent("new").path, "--quiet"],
            ["verify", "--goldens", goldens.path, "--actual", actual.path, "--record", "all"],
            ["verify", "--goldens", goldens.path, "--actual", actual.path, "--record", "missing"],
        ]
        for arguments in runs {
            let result = try CLIRunner.run(arguments)
            #expect(result.status == 2, "\(arguments): \(result.stderr)")
            #expect(result.stderrLines.count == 1 && result.stderr.hasPrefix("cardrender: error: "), "\(arguments): \(result.stderr)")
        }
        #expect(try tree(disk.url) == before)
    }

    // MARK: - SIGKILL

    @Test func verifyRecordKilledMidRunLeavesEachGoldenOldOrNewAndTheNextRunSweepsUp() throws {
        let dir = try CLIRunner.temporaryDirectory("faults")
        defer { try? FileManager.default.removeItem(at: dir) }
        let goldens = dir.appendingPathComponent("goldens"), actual = dir.appendingPathComponent("actual")
        #expect(try CLIRunner.run(["deck", "--scale", "3", "--out", goldens.path]).status == 0)
        #expect(try CLIRunner.run(["deck", "--theme", "large-index", "--scale", "3", "--out", actual.path]).status == 0)
        let old = try tree(goldens).filter { $0.key.hasSuffix(".png") }, new = try tree(actual).filter { $0.key.hasSuffix(".png") }
        #expect(old.keys.sorted() == new.keys.sorted())
        let process = Process()
        process.executableURL = CLIRunner.executable
        process.arguments = ["verify", "--goldens", goldens.path, "--actual", actual.path, "--record", "all"]
        process.currentDirectoryURL = dir
        process.environment = CLIRunner.childEnvironment()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Kill it once the first golden has been rewritten.
        let deadline = Date().addingTimeInterval(30)
        while process.isRunning, Date() < deadline,
              !(try tree(goldens)).contains(where: { !$0.key.contains(".tmp-") && old[$0.key] != $0.value }) {
            usleep(5_000)
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal, "verify finished before it could be killed")
        let after = try tree(goldens)
        for (path, data) in old {
            #expect(after[path] == data || after[path] == new[path], "golden \(path) is neither the old nor the new image")
        }
        try expectWhole(goldens, temporariesAllowed: true, "after SIGKILL")
        // The next run removes what the killed one left and records the rest.
        let again = try CLIRunner.run(["verify", "--goldens", goldens.path, "--actual", actual.path, "--record", "all"])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try tree(goldens).filter { $0.key.hasSuffix(".png") } == new)
        #expect(try tree(goldens).keys.allSatisfy { !$0.contains(".tmp-") })
    }

    // MARK: - Two runs into one --out

    @Test func aSecondRunIntoAnOutInUseIsRefusedAndTheFirstFinishesConsistent() throws {
        let (dir, spec) = try makeSpec()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("out")
        let lock = out.appendingPathComponent(OutputFolder.lockFileName)
        let first = Process()
        first.executableURL = CLIRunner.executable
        first.arguments = ["batch", spec.path, "--out", out.path, "-j", "1", "--quiet"]
        first.currentDirectoryURL = dir
        first.environment = CLIRunner.childEnvironment()
        first.standardOutput = FileHandle.nullDevice
        first.standardError = FileHandle.nullDevice
        try first.run()
        // Once it holds --out and has written its PID there, freeze it, so the second run meets it for certain.
        func holder() -> String? { (try? Data(contentsOf: lock)).map { String(decoding: $0, as: UTF8.self) } }
        let deadline = Date().addingTimeInterval(30)
        while first.isRunning, Date() < deadline, holder()?.hasSuffix("\n") != true { usleep(1_000) }
        kill(first.processIdentifier, SIGSTOP)
        let held = first.isRunning && holder() == "\(first.processIdentifier)\n"
        let second = try CLIRunner.run(["batch", spec.path, "--out", out.path, "--force", "--quiet"])
        kill(first.processIdentifier, SIGCONT)
        first.waitUntilExit()
        try #require(held, "the first run ended before it could be paused")
        #expect(second.status == 2, "\(second.stderr)")
        #expect(second.stderrLines.count == 1, "\(second.stderr)")
        #expect(second.stderr.contains("is in use by another cardrender run (PID \(first.processIdentifier))"), "\(second.stderr)")
        #expect(first.terminationStatus == 0)
        #expect(!FileManager.default.fileExists(atPath: lock.path), "the lock is removed when the run ends")
        try expectWhole(out, "after the refused second run")
        #expect(try Manifest.read(from: out).jobs.count == 8)
        // A lock file a killed run left behind is taken over.
        try Data("999999999\n".utf8).write(to: lock)
        let third = try CLIRunner.run(["batch", spec.path, "--out", out.path, "--quiet"])
        #expect(third.status == 0, "\(third.stderr)")
    }
}
