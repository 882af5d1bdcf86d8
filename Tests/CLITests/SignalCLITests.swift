import BatchRendering
import CardRenderSupport
import Drawing
import Foundation
import Testing

/// SIGINT and SIGTERM through the binary: every command stops within about a second, even when
/// its work cannot stop by itself (a card that takes seconds to draw) and even when it was
/// started with SIGINT ignored (as a shell starts a command with `&`). Nothing is left half-written
/// or as a temporary file, and every manifest still describes exactly the files on disk.
@Suite(.serialized) struct SignalCLITests {
    /// Cards that take seconds each to draw: 1200 dpi poker cards (12.6 MP) with 60 full-size
    /// translucent shapes each, so no card finishes within the stop's grace period.
    static func slowTemplate(dpi: Int) -> String {
        var text = """
        card:
          size: poker
          dpi: \(dpi)
          name: "{name}"
          background: "#f3ead3"
        layers:

        """
        for index in 0..<60 {
            text += """
              - type: ellipse
                x: \(index % 10)%
                y: \(index % 7)%
                width: 90%
                height: 90%
                fill: "#33669920"
                stroke: "#993366"
                stroke-width: 3pt

            """
        }
        return text
    }

    static let rows = "name\n" + (1...24).map { "card-\($0)\n" }.joined()

    /// Starts `cardrender` with `arguments` in `folder`; with `ignoringSIGINT`, through a shell
    /// that ignores SIGINT first, as a script's background job inherits it.
    static func start(_ arguments: [String], in folder: URL, ignoringSIGINT: Bool = false,
                      setting extra: [String: String] = [:]) throws -> Process {
        let process = Process()
        if ignoringSIGINT {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "trap '' INT; exec \"$0\" \"$@\"", CLIRunner.executable.path] + arguments
        } else {
            process.executableURL = CLIRunner.executable
            process.arguments = arguments
        }
        process.currentDirectoryURL = folder
        process.environment = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"].merging(extra) { _, new in new }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Sends the signals (a second one 0.1 s after the first when two are given) and returns how
    /// many seconds the process took to end after the first; kills it and fails after 20 s.
    static func stop(_ process: Process, with signals: [Int32], sourceLocation: SourceLocation = #_sourceLocation) -> Double {
        let sent = Date()
        for (index, signal) in signals.enumerated() {
            if index > 0 { usleep(100_000) }
            kill(process.processIdentifier, signal)
        }
        while process.isRunning, Date().timeIntervalSince(sent) < 20 { usleep(10_000) }
        let seconds = Date().timeIntervalSince(sent)
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            Issue.record("still running 20 s after \(signals)", sourceLocation: sourceLocation)
        }
        process.waitUntilExit()
        return seconds
    }

    /// Waits until the run has been going for a while (`seconds`), so its workers are mid-card.
    static func letItWork(_ process: Process, seconds: Double) {
        let until = Date().addingTimeInterval(seconds)
        while process.isRunning, Date() < until { usleep(20_000) }
    }

    static func temporaries(in folder: URL) throws -> [String] {
        try CardsFixture.tree(at: folder).keys.filter { $0.contains(".tmp-") }.sorted()
    }

    /// Ctrl-C, SIGTERM and a second signal stop `cards` mid-render; the folder keeps the earlier
    /// run's cards and cards.json untouched.
    @Test(arguments: [(SIGINT, true, 1), (SIGTERM, false, 1), (SIGINT, false, 2)])
    func cardsStopsWithinASecondAndLeavesTheEarlierRunAsItWas(signal: Int32, ignoringSIGINT: Bool, count: Int) throws {
        let game = try CardsFixture.make("signal-cards", template: Self.slowTemplate(dpi: 1200), csv: Self.rows)
        defer { game.remove() }
        try game.write("quick.yaml", Self.slowTemplate(dpi: 18))
        CardsCLITests.expectSuccess(try game.cards(["--out", "o"], template: "quick.yaml"))
        let before = try game.tree("o")
        let process = try Self.start(["cards", "template.yaml", "--data", "cards.csv", "--out", "o", "-j", "2"],
                                     in: game.folder, ignoringSIGINT: ignoringSIGINT)
        Self.letItWork(process, seconds: 2)
        try #require(process.isRunning, "the slow run ended before the signal")
        let seconds = Self.stop(process, with: Array(repeating: signal, count: count))
        #expect(seconds < 2.5, "took \(seconds) s to stop")
        #expect(process.terminationStatus != 0 || process.terminationReason == .uncaughtSignal)
        #expect(try Self.temporaries(in: game.url("o")).isEmpty)
        #expect(try game.tree("o") == before, "an interrupted run replaced files")
    }

    /// A batch `kind: cards` job whose cards cannot stop mid-draw: SIGINT or SIGTERM ends the run
    /// within a second; the manifest lists only files on disk with the hashes they have.
    @Test(arguments: [SIGINT, SIGTERM])
    func aBatchJobThatCannotStopIsAbandonedAndTheManifestStaysTrue(signal: Int32) throws {
        let game = try CardsFixture.make("signal-batch", template: Self.slowTemplate(dpi: 1200), csv: Self.rows)
        defer { game.remove() }
        try game.write("spec.yaml", Self.quickJob + """
          - kind: cards
            template: template.yaml
            data: cards.csv
            output: slow
        """)
        let process = try Self.start(["batch", "spec.yaml", "--out", "o", "-j", "2", "--quiet"], in: game.folder)
        // Once the quick job is written the slow one is drawing its cards.
        Self.waitForTheQuickJob(process, in: game)
        Self.letItWork(process, seconds: 1)
        try #require(process.isRunning, "the slow run ended before the signal")
        let seconds = Self.stop(process, with: [signal])
        #expect(seconds < 2.5, "took \(seconds) s to stop")
        #expect(process.terminationStatus != 0)
        let out = game.url("o")
        #expect(try Self.temporaries(in: out).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("slow/cards.json").path))
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent(OutputFolder.lockFileName).path),
                "the lock file is removed when the run gives up")
        try Self.expectTheManifestTrue(in: out)
    }

    /// A spec whose first job writes quick/AS.png and quick/KH.png at once; more jobs may follow.
    static let quickJob = """
        jobs:
          - kind: card
            card: [AS, KH]
            size: 60x84pt
            output: quick

        """

    /// Waits (30 s at most) for the quick job's last file.
    static func waitForTheQuickJob(_ process: Process, in game: CardsFixture) {
        let quick = game.url("o/quick/KH.png")
        let deadline = Date().addingTimeInterval(30)
        while process.isRunning, Date() < deadline, !FileManager.default.fileExists(atPath: quick.path) { usleep(10_000) }
    }

    /// Reads the manifest in `out` and expects each file it lists on disk with the hash it records.
    @discardableResult
    static func expectTheManifestTrue(in out: URL) throws -> Manifest {
        let manifest = try Manifest.read(from: out)
        for (id, entry) in manifest.jobs {
            for output in entry.outputs {
                let data = try? Data(contentsOf: out.appendingPathComponent(output.path))
                #expect(data.map(Checksum.sha256) == output.sha256, "the manifest lists \(output.path) of \(id), not on disk as recorded")
            }
        }
        return manifest
    }

    #if ENABLE_MOCKING
    /// A signal while the final manifest is being saved on a slow disk (its fsync held for 3 s,
    /// past the grace period): giving up waits for that save and saves the same manifest, so the
    /// folder is never left without the record of the files the run wrote.
    @Test func aSignalDuringASlowFinalSaveKeepsTheManifest() throws {
        let game = try CardsFixture.make("signal-slow-save", template: Self.slowTemplate(dpi: 18), csv: Self.rows)
        defer { game.remove() }
        try game.write("spec.yaml", Self.quickJob)
        let out = game.url("o")
        let process = try Self.start(["batch", "spec.yaml", "--out", "o", "--quiet"], in: game.folder,
                                     setting: [SystemFaults.environmentVariable: "fsync OK pause=3000 times=1 in=\(out.path)"])
        // Once the job's files are there the run is saving its manifest, held at the fsync.
        Self.waitForTheQuickJob(process, in: game)
        usleep(100_000)
        try #require(process.isRunning, "the run ended before the signal")
        _ = Self.stop(process, with: [SIGINT])
        #expect(process.terminationStatus == 128 + SIGINT)
        #expect(try Self.temporaries(in: out).isEmpty)
        let manifest = try Self.expectTheManifestTrue(in: out)
        #expect(manifest.jobs.values.flatMap(\.outputs).map(\.path).sorted() == ["quick/AS.png", "quick/KH.png"])
    }

    /// A merge stopped by a signal, while its work goes on past the grace period (a write held
    /// 3 s) or after the work ends within it, leaves no `--out` and no temporary folder; the
    /// next merge writes the whole run.
    @Test(arguments: [3000, 100])
    func aMergeStoppedBySignalLeavesNothingAndTheNextMergeWritesTheWholeRun(pause: Int) throws {
        let dir = try CLIRunner.temporaryDirectory("signal-merge")
        defer { try? FileManager.default.removeItem(at: dir) }
        let spec = dir.appendingPathComponent("spec.yaml")
        try Data(BatchCLITests.spec.utf8).write(to: spec)
        let (whole, shards) = try BatchCLITests.runWholeAndSharded(spec, in: dir)
        let arguments = ["merge"] + shards.map(\.path) + ["--out", "merged"]
        func temporaryFolders() throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix(".merged.tmp-") }
        }
        let process = try Self.start(arguments, in: dir,
                                     setting: [SystemFaults.environmentVariable: "write OK pause=\(pause) times=1 in=\(dir.path)"])
        // The temporary folder is made just before the first write, which is held.
        let deadline = Date().addingTimeInterval(30)
        while process.isRunning, Date() < deadline, try temporaryFolders().isEmpty { usleep(5_000) }
        try #require(process.isRunning, "the merge ended before the signal")
        _ = Self.stop(process, with: [SIGINT])
        #expect(process.terminationStatus != 0)
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("merged").path))
        #expect(try temporaryFolders().isEmpty)
        let result = try CLIRunner.run(arguments, in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        let merged = try CardsFixture.tree(at: dir.appendingPathComponent("merged"))
        #expect(merged.filter { $0.key != FileStamps.fileName } == (try CardsFixture.tree(at: whole)).filter { $0.key != FileStamps.fileName })
    }

    /// `verify --record all` stopped by a signal: no pair starts after it, so only the pairs in
    /// flight (one per worker; two more allowed for the signal's way to the workers on a loaded
    /// machine) rewrite their golden, where the grace period alone let some fifteen through. No
    /// report is written and the exit is 2.
    @Test func verifyRecordStopsRewritingGoldensAtTheSignal() throws {
        let dir = try CLIRunner.temporaryDirectory("signal-verify")
        defer { try? FileManager.default.removeItem(at: dir) }
        let goldens = dir.appendingPathComponent("goldens"), actual = dir.appendingPathComponent("actual")
        let old = try PNG.encode(GoldenCLITests.image(block: false)), new = try PNG.encode(GoldenCLITests.image(block: true))
        for (folder, bytes) in [(goldens, old), (actual, new)] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for index in 0..<200 { try bytes.write(to: folder.appendingPathComponent(String(format: "%03d.png", index))) }
        }
        func rewritten() throws -> Int {
            try FileManager.default.contentsOfDirectory(atPath: goldens.path).filter {
                $0.hasSuffix(".png") && (try? Data(contentsOf: goldens.appendingPathComponent($0))) == new
            }.count
        }
        // Each golden's rename is held 40 ms: the run would take seconds.
        let process = try Self.start(["verify", "--goldens", "goldens", "--actual", "actual", "--record", "all", "-j", "2",
                                      "--report", "report.html"], in: dir,
                                     setting: [SystemFaults.environmentVariable: "rename OK pause=40 in=\(goldens.path)"])
        let deadline = Date().addingTimeInterval(30)
        while process.isRunning, Date() < deadline, try rewritten() < 4 { usleep(10_000) }
        try #require(process.isRunning, "verify ended before the signal")
        kill(process.processIdentifier, SIGINT)
        let atSignal = try rewritten()
        _ = Self.stop(process, with: [])
        #expect(process.terminationStatus == 2)
        let atEnd = try rewritten()
        #expect(atEnd - atSignal <= 4 && atEnd < 200, "\(atSignal) rewritten at the signal, \(atEnd) at the end")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("report.html").path))
        #expect(try Self.temporaries(in: goldens).isEmpty)
    }
    #endif
}
