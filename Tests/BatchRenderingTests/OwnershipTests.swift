import BatchRendering
import CardRenderSupport
import Drawing
import Foundation
import Testing

/// A run owns its `--out`: one run at a time, and a manifest that lists only its own spec's files,
/// on disk with the bytes it records, whatever other specs wrote into the folder before.
@Suite struct OwnershipTests {
    /// A job writing fixed bytes to `path`.
    func job(_ id: String, _ path: String, _ text: String) -> BatchJob {
        BatchJob(id: id, kind: "text", parameters: [:], outputs: [path], estimatedCost: 1,
                 inputKey: BatchJob.key([id, text])) {
            [RenderedFile(path: path, data: Data(text.utf8))]
        }
    }

    func run(_ jobs: [BatchJob], _ out: URL, workers: Int = 2) throws -> BatchRunner.Outcome {
        try BatchRunner(options: .init(workers: workers, tool: "test")).run(jobs, in: try OutputFolder(out), progress: .quiet)
    }

    /// Every file the manifest lists is on disk with the SHA-256 it records.
    func expectConsistent(_ out: URL, _ comment: Comment, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let manifest = try Manifest.read(from: out)
        for (id, entry) in manifest.jobs {
            for output in entry.outputs {
                let data = try? Data(contentsOf: out.appendingPathComponent(output.path))
                #expect(data.map(Checksum.sha256) == output.sha256, "\(comment): \(id) lists \(output.path)",
                        sourceLocation: sourceLocation)
            }
        }
    }

    @Test func specsTakingTurnsInOneFolderLeaveAManifestThatMatchesTheDisk() throws {
        let out = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        let a = [job("a/one", "shared.txt", "from A"), job("a/two", "a-only.txt", "A alone")]
        let b = [job("b/one", "shared.txt", "from B")]
        _ = try run(a, out)
        let afterB = try run(b, out)
        try expectConsistent(out, "after A then B")
        // Only B's jobs are listed; A's file stays on disk, unlisted (another spec wrote it).
        #expect(try Manifest.read(from: out).jobs.keys.sorted() == ["b/one"])
        #expect(afterB.unlisted == ["a-only.txt"] && afterB.removed.isEmpty)
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("a-only.txt").path))
        _ = try run(a, out)
        try expectConsistent(out, "after A, B, A")
        #expect(try Manifest.read(from: out).jobs.keys.sorted() == ["a/one", "a/two"])
        // The gallery follows the manifest.
        #expect(try !String(contentsOf: out.appendingPathComponent(Gallery.fileName), encoding: .utf8).contains("b/one"))
        // A listed file deleted by hand leaves the manifest with the next run into the folder.
        _ = try run(b, out)
        try FileManager.default.removeItem(at: out.appendingPathComponent("a-only.txt"))
        _ = try run(b, out)
        try expectConsistent(out, "after a-only.txt was deleted")
        #expect(try Manifest.read(from: out).jobs.keys.sorted() == ["b/one"])
    }

    @Test func aSecondRunIntoAFolderInUseIsRefusedAndAStaleLockIsTakenOver() throws {
        let out = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        let folder = try OutputFolder(out)
        try folder.withExclusiveAccess {
            #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent(OutputFolder.lockFileName).path))
            #expect(throws: BatchError("--out \(out.relativePath) is in use by another cardrender run (PID \(getpid())); wait for it to finish or choose another --out")) {
                try run(syntheticJobs(2), out)
            }
        }
        #expect(try files(in: out).isEmpty, "the refused run wrote nothing and the lock is gone")
        // A killed run's lock file (its PID long gone, its flock released by the kernel).
        try Data("999999999\n".utf8).write(to: out.appendingPathComponent(OutputFolder.lockFileName))
        #expect(try run(syntheticJobs(2), out).rendered == 2)
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent(OutputFolder.lockFileName).path))
        #expect(try run(syntheticJobs(2), out).skipped == 2)
    }

    @Test func jobFailuresAndAManifestThatCannotBeSavedAreAllReported() throws {
        for workers in [1, 2] {
            let out = try temporaryFolder()
            defer { try? FileManager.default.removeItem(at: out) }
            // A folder where the manifest goes: saving it fails as on a full disk.
            try FileManager.default.createDirectory(at: out.appendingPathComponent(Manifest.fileName), withIntermediateDirectories: true)
            let outcome = try run(syntheticJobs(6, failing: [1, 4]), out, workers: workers)
            #expect(outcome.failures.map(\.id) == ["job-1", "job-4"], "-j \(workers)")
            #expect(outcome.rendered == 4)
            #expect(outcome.saveErrors.count == 1, "-j \(workers): \(outcome.saveErrors)")
            #expect(outcome.saveErrors.first?.contains(Manifest.fileName) == true)
            #expect(!outcome.interrupted)
        }
    }

    /// A job whose inputs changed and whose render then fails has replaced none of its files: its
    /// earlier entry stays in the manifest, which goes on listing those files as they are.
    @Test func aJobThatFailsAfterAChangeKeepsItsEarlierEntry() throws {
        let out = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        #expect(try run([job("x", "x.txt", "first")], out).rendered == 1)
        let earlier = try Manifest.read(from: out).jobs["x"]
        let failing = BatchJob(id: "x", kind: "text", parameters: [:], outputs: ["x.txt"], estimatedCost: 1,
                               inputKey: BatchJob.key(["x", "second"])) { throw BatchError("cannot render") }
        #expect(try run([failing], out).failures.map(\.id) == ["x"])
        #expect(try Manifest.read(from: out).jobs["x"] == earlier)
        #expect(try Data(contentsOf: out.appendingPathComponent("x.txt")) == Data("first".utf8))
    }

    @Test func theRunsOwnBookkeepingFilesCannotBeJobOutputs() throws {
        let out = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        for name in [Manifest.fileName, Gallery.fileName, FileStamps.fileName, OutputFolder.lockFileName] {
            #expect(throws: BatchError("job x would overwrite \(name), which the batch run writes itself")) {
                try run([job("x", name, "x")], out)
            }
            // Nor folders of their names: the run's own file could not be written beside them.
            #expect(throws: BatchError("job x would overwrite \(name), which the batch run writes itself")) {
                try run([job("x", name + "/QS.png", "x")], out)
            }
        }
        #expect(try files(in: out).isEmpty)
    }

    /// One job's file where another's folder goes, in either order, is refused before anything renders.
    @Test func aFileWhereAnotherJobsFolderGoesIsRefusedBeforeRendering() throws {
        let out = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        #expect(throws: BatchError("job b writes c/QS.png/QD.png into a folder c/QS.png, which job a writes as a file")) {
            try run([job("a", "c/QS.png", "a"), job("b", "c/QS.png/QD.png", "b")], out)
        }
        #expect(throws: BatchError("job b writes the file c/QS.png where job a writes into a folder of that name")) {
            try run([job("a", "c/QS.png/QD.png", "a"), job("b", "c/QS.png", "b")], out)
        }
        #expect(try files(in: out).isEmpty)
        #expect(try run([job("a", "c/QS.png", "a"), job("b", "c/QD.png", "b")], out).rendered == 2)
    }
}
