import CardRenderSupport
import Foundation
import Synchronization

/// Runs batch jobs in parallel into an output folder: validates every output path first,
/// skips jobs whose inputs and files are unchanged, writes each file atomically, keeps going
/// after a failure unless told to stop, and keeps `manifest.json` and the gallery up to date.
public struct BatchRunner: Sendable {
    /// How a run behaves: parallelism, skipping, failure handling and sharding.
    public struct Options: Sendable {
        /// Jobs rendered at the same time (at least 1).
        public var workers: Int
        /// Renders every job even when its inputs and files are unchanged.
        public var force: Bool
        /// Stops starting new jobs after the first failure.
        public var failFast: Bool
        /// Plans and reports what would render without writing anything.
        public var dryRun: Bool
        /// Runs only this share of the jobs; nil runs them all.
        public var shard: Shard?
        /// The program name and version recorded in the manifest.
        public var tool: String
        /// Identifies the program build and fonts that render the jobs (already part of each
        /// input key); recorded so that only shards of one build are merged.
        public var build: String?
        /// The spec file's name: files an earlier run of the same spec wrote and no job writes
        /// any more are deleted when unchanged. Nil: such files are only dropped from the manifest.
        public var specFile: String?
        /// One line describing a job's error, for the summary and JSON events.
        public var describe: @Sendable (Error) -> String

        /// Options with the defaults of a plain run: every job, no forcing, keep going after failures.
        public init(workers: Int, force: Bool = false, failFast: Bool = false, dryRun: Bool = false,
                    shard: Shard? = nil, tool: String, build: String? = nil, specFile: String? = nil,
                    describe: @escaping @Sendable (Error) -> String = ErrorLine.of) {
            self.workers = workers
            self.force = force
            self.failFast = failFast
            self.dryRun = dryRun
            self.shard = shard
            self.tool = tool
            self.build = build
            self.specFile = specFile
            self.describe = describe
        }
    }

    /// A job that threw, with the one-line description of its error.
    public struct Failure: Sendable, Codable, Equatable {
        /// The failed job's id.
        public var id: String
        /// What went wrong, as `Options.describe` put it.
        public var message: String
    }

    /// What a run did, for the summary line and the exit status.
    public struct Outcome: Sendable {
        /// Jobs this shard was given.
        public var jobs: Int
        /// Jobs that rendered and wrote their files.
        public var rendered: Int
        /// Jobs skipped because their inputs and files were unchanged.
        public var skipped: Int
        /// Jobs that threw, in the order they failed.
        public var failures: [Failure]
        /// Jobs never started because of fail-fast or an interruption.
        public var notRun: Int
        /// Files written to disk, over all jobs.
        public var filesWritten: Int
        /// Wall-clock time of the run.
        public var seconds: Double
        /// Jobs this shard would run, with whether each is up to date (for `--dry-run`).
        public var plan: [(id: String, upToDate: Bool, outputs: [String])]
        /// The manifest, gallery or file stamps that could not be saved, one line each.
        public var saveErrors: [String]
        /// SIGINT or SIGTERM stopped the run before every job had finished.
        public var interrupted: Bool
        /// Files of jobs the spec no longer has that were deleted: an earlier run of the same
        /// spec wrote them and they were unchanged.
        public var removed: [String] = []
        /// Files of jobs the spec no longer has that were left on disk (changed since, or written
        /// by another spec) but are no longer listed in the manifest.
        public var unlisted: [String] = []
    }

    /// The options this runner was made with.
    public let options: Options

    /// A runner with the given options; it holds no state between runs.
    public init(options: Options) { self.options = options }

    /// Checks ids and outputs of the whole spec before anything renders: unique ids, no two
    /// jobs writing the same path, every path inside the folder.
    public static func validate(_ jobs: [BatchJob], in folder: OutputFolder) throws(BatchError) {
        guard !jobs.isEmpty else { throw BatchError("the spec expands to zero jobs") }
        var ids: Set<String> = []
        var owners: [String: String] = [:]
        // Folders the outputs go into, each with a job that writes into it.
        var folders: [String: String] = [:]
        var resolver = OutputPaths.Resolver(root: folder.url)
        for job in jobs {
            guard ids.insert(job.id).inserted else { throw BatchError("two jobs have the id \(job.id)") }
            guard !job.outputs.isEmpty else { throw BatchError("job \(job.id) writes no file") }
            for output in job.outputs {
                let key: String
                do {
                    key = try resolver.check(output).joined(separator: "/")
                    try OutputPaths.checkLengths(of: [output], under: folder.url)
                } catch {
                    throw BatchError("job \(job.id): \(error.description)")
                }
                let parts = key.split(separator: "/").map(String.init)
                if let first = parts.first, [Manifest.fileName, Gallery.fileName, FileStamps.fileName, OutputFolder.lockFileName].contains(first) {
                    throw BatchError("job \(job.id) would overwrite \(first), which the batch run writes itself")
                }
                if let other = owners[key] {
                    throw BatchError(other == job.id
                        ? "job \(job.id) writes \(output) twice"
                        : "jobs \(other) and \(job.id) both write \(output)")
                }
                if let other = folders[key] {
                    throw BatchError("job \(job.id) writes the file \(output) where job \(other) writes into a folder of that name")
                }
                let prefixes = parts.indices.dropLast().map { parts[...$0].joined(separator: "/") }
                if let clash = prefixes.first(where: { owners[$0] != nil }), let other = owners[clash] {
                    throw BatchError("job \(job.id) writes \(output) into a folder \(clash), which job \(other) writes as a file")
                }
                owners[key] = job.id
                for prefix in prefixes where folders[prefix] == nil { folders[prefix] = job.id }
            }
        }
    }

    /// Runs the jobs (this shard's, with `options.shard`) into `folder`, which it holds alone
    /// meanwhile (`OutputFolder.withExclusiveAccess`). A job's failure, a signal and a manifest
    /// that cannot be saved are reported in the outcome, so every one of them can be shown;
    /// errors before anything renders (a bad spec, a folder in use) are thrown.
    public func run(_ allJobs: [BatchJob], in folder: OutputFolder, progress: ProgressStyle?) throws -> Outcome {
        try BatchRunner.validate(allJobs, in: folder)
        let jobs = options.shard.map { $0.select(allJobs) } ?? allJobs
        if options.dryRun {
            let started = ProgressReporter.now()
            let manifest = Manifest.load(from: folder.url, tool: options.tool)
            let stamps = FileStamps.load(from: folder.url)
            let upToDate = jobs.map { !options.force && manifest.upToDateStamps(for: $0, in: folder.url, stamps: stamps) != nil }
            let plan = jobs.indices.map { (id: jobs[$0].id, upToDate: upToDate[$0], outputs: jobs[$0].outputs) }
            return Outcome(jobs: jobs.count, rendered: 0, skipped: upToDate.filter { $0 }.count, failures: [],
                           notRun: upToDate.filter { !$0 }.count, filesWritten: 0,
                           seconds: ProgressReporter.now() - started, plan: plan, saveErrors: [], interrupted: false)
        }
        return try folder.withExclusiveAccess { try render(jobs, of: allJobs, in: folder, progress: progress) }
    }

    /// Where a run starts: what the folder held, which jobs are up to date, and the manifest the
    /// run records into.
    private struct Start {
        /// The manifest and the file stamps on disk before the run.
        var manifest: Manifest
        var stamps: FileStamps
        var upToDate: [Bool]
        var plan: [(id: String, upToDate: Bool, outputs: [String])]
        /// The manifest the run records into, and the stamps of the files known to be intact.
        var recorded: Manifest
        var verified: FileStamps
        /// Entries of the pending jobs, put back when those jobs never start.
        var setAside: [String: Manifest.Entry]
        /// The recorded manifest was saved before any job ran.
        var savedEarly: Bool
        var cleanup: (removed: [String], unlisted: [String])
    }

    private func render(_ jobs: [BatchJob], of allJobs: [BatchJob], in folder: OutputFolder,
                        progress: ProgressStyle?) throws -> Outcome {
        let started = ProgressReporter.now()
        let start = try prepare(jobs, of: allJobs, in: folder)
        let reporter = ProgressReporter(style: progress ?? .quiet, total: jobs.count)
        reporter.begin(jobs: jobs.count, skippedByShard: allJobs.count - jobs.count)
        let shared = SharedRun(manifest: start.recorded, stamps: start.verified)
        // Giving up on a signal (a job that cannot stop), while the jobs run or while the final
        // manifest is saved, saves what is recorded: the manifest stays true to the files.
        let saveErrors = try Interruption.onGivingUp({ shared.save(to: folder.url) }) {
            try runJobs(jobs, upToDate: start.upToDate, in: folder, shared: shared, reporter: reporter)
            // Jobs that never started (fail-fast, a signal) left their files alone: their entries hold.
            // So do those of failed jobs (a job publishes its files together, at its end, and a
            // signal may reach it as a failure) whose files are still on disk as recorded.
            let failed = Set(shared.counts().failures.map(\.id))
            let restored = start.setAside.filter { id, entry in
                !failed.contains(id) || Manifest.intactStamps(of: entry, in: folder.url, stamps: start.stamps) != nil
            }
            return shared.finish(restoring: restored) { final, finalStamps in
                save(final, finalStamps, over: start, in: folder)
            }
        }
        let counts = shared.counts()
        let outcome = Outcome(jobs: jobs.count, rendered: counts.rendered, skipped: counts.skipped,
                              failures: counts.failures.sorted { $0.id < $1.id },
                              notRun: jobs.count - counts.rendered - counts.skipped - counts.failures.count,
                              filesWritten: counts.files, seconds: ProgressReporter.now() - started, plan: start.plan,
                              saveErrors: saveErrors, interrupted: Interruption.isRequested,
                              removed: start.cleanup.removed, unlisted: start.cleanup.unlisted)
        reporter.end(fields: [
            "jobs": outcome.jobs, "rendered": outcome.rendered, "skipped": outcome.skipped,
            "failed": outcome.failures.count, "notRun": outcome.notRun,
            "seconds": (outcome.seconds * 1000).rounded() / 1000,
        ])
        return outcome
    }

    /// Checks which jobs are up to date and prepares the manifest the run records into: jobs
    /// the spec no longer has leave it (their unchanged files are deleted once it is saved),
    /// and it is saved before any file is replaced when it lost entries.
    private func prepare(_ jobs: [BatchJob], of allJobs: [BatchJob], in folder: OutputFolder) throws -> Start {
        AtomicFile.removeStaleTemporaries(in: folder.url)
        let manifest = Manifest.load(from: folder.url, tool: options.tool)
        let stamps = FileStamps.load(from: folder.url)
        let checked = jobs.map { options.force ? nil : manifest.upToDateStamps(for: $0, in: folder.url, stamps: stamps) }
        let upToDate = checked.map { $0 != nil }
        let plan = jobs.indices.map { (id: jobs[$0].id, upToDate: upToDate[$0], outputs: jobs[$0].outputs) }

        var recorded = manifest
        recorded.tool = options.tool
        recorded.recordRun(of: Manifest.SpecSummary(jobs: allJobs), build: options.build, shard: options.shard)
        recorded.specFile = options.specFile
        var verified = stamps
        for current in checked.compactMap({ $0 }) { verified.files.merge(current) { _, now in now } }
        let pending = jobs.indices.filter { !upToDate[$0] }.map { jobs[$0] }
        // Jobs the spec no longer has leave the manifest (and the gallery) now.
        let specIDs = Set(allJobs.map(\.id))
        let stale = recorded.jobs.filter { !specIDs.contains($0.key) }
        for id in stale.keys { recorded.jobs[id] = nil }
        let pruned = BatchRunner.prune(recorded, running: jobs, pending: pending, in: folder.url, stamps: stamps)
        recorded = pruned.manifest
        verified.files.merge(pruned.intact) { _, now in now }
        // Saved before any file is replaced, so that whatever happens next (a full disk, a
        // kill) the manifest on disk never lists a file with bytes it does not record.
        let savedEarly = recorded.jobs.count != manifest.jobs.count
        if savedEarly {
            try recorded.save(to: folder.url)
            try Gallery.write(recorded, to: folder.url)
        }
        // Deleted only once the saved manifest no longer lists them.
        let cleanup = BatchRunner.removeStale(stale, sameSpec: options.specFile != nil && manifest.specFile == options.specFile,
                                              keeping: allJobs, in: folder)
        return Start(manifest: manifest, stamps: stamps, upToDate: upToDate, plan: plan, recorded: recorded,
                     verified: verified, setAside: pruned.setAside, savedEarly: savedEarly, cleanup: cleanup)
    }

    /// Runs the jobs on `options.workers` threads until all are done, a signal stops them, or
    /// (with `failFast`) one fails.
    private func runJobs(_ jobs: [BatchJob], upToDate: [Bool], in folder: OutputFolder, shared: SharedRun,
                         reporter: ProgressReporter) throws {
        let failFast = options.failFast
        try WorkerPool.forEach(jobs.count, workers: options.workers,
                               shouldStop: { Interruption.isRequested || (failFast && shared.hasFailures) }) { index in
            runJob(jobs[index], upToDate: upToDate[index], in: folder, shared: shared, reporter: reporter)
        }
    }

    /// Skips one job when it is up to date, else renders and writes it, and records how it went.
    private func runJob(_ job: BatchJob, upToDate: Bool, in folder: OutputFolder, shared: SharedRun,
                        reporter: ProgressReporter) {
        if upToDate {
            shared.record(skipped: job.id)
            reporter.finished(id: job.id, status: .skipped, seconds: 0, outputs: job.outputs)
            return
        }
        let jobStart = ProgressReporter.now()
        do {
            let (outputs, written, warnings) = try BatchRunner.execute(job, in: folder)
            let seconds = ProgressReporter.now() - jobStart
            shared.record(job.id, Manifest.Entry(kind: job.kind, parameters: job.parameters, inputKey: job.inputKey,
                                                 outputs: outputs, warnings: warnings), stamps: written)
            reporter.finished(id: job.id, status: .rendered, seconds: seconds, outputs: job.outputs)
        } catch is StoppedBySignal {
            // Stopped by a signal before its files were published: the job did not run.
        } catch {
            let message = options.describe(error)
            shared.record(failure: Failure(id: job.id, message: message))
            reporter.finished(id: job.id, status: .failed, seconds: ProgressReporter.now() - jobStart,
                              outputs: job.outputs, error: message)
        }
        shared.saveIfDue(to: folder.url)
    }

    /// Saves the manifest and gallery unless the run changed nothing (and the gallery is there),
    /// and the stamps when they changed. Saving goes on past a failure so that each one is
    /// reported; returns them, one line each.
    private func save(_ final: Manifest, _ finalStamps: FileStamps, over start: Start, in folder: OutputFolder) -> [String] {
        var saveErrors: [String] = []
        let galleryURL = folder.url.appendingPathComponent(Gallery.fileName)
        if start.savedEarly || final != start.manifest || !FileManager.default.fileExists(atPath: galleryURL.path) {
            do { try final.save(to: folder.url) } catch { saveErrors.append(options.describe(error)) }
            do { try Gallery.write(final, to: folder.url) } catch { saveErrors.append(options.describe(error)) }
        }
        if finalStamps != start.stamps {
            do { try finalStamps.save(to: folder.url, keeping: final) } catch { saveErrors.append(options.describe(error)) }
        }
        return saveErrors
    }

    /// The manifest a run starts from. Dropped: entries listing a file that a pending job of
    /// another id (another spec's job, say) will overwrite, and entries of jobs this run does not
    /// run whose files are gone or changed. Set aside: entries of the pending jobs themselves,
    /// whose files are about to be replaced. `intact` holds the stamps of the files checked.
    static func prune(_ manifest: Manifest, running: [BatchJob], pending: [BatchJob], in folder: URL,
                      stamps: FileStamps)
        -> (manifest: Manifest, setAside: [String: Manifest.Entry], intact: [String: FileStamps.Stamp]) {
        func key(_ path: String) -> String { (try? OutputPaths.components(of: path).joined(separator: "/")) ?? path }
        var writer: [String: String] = [:]
        for job in pending { for output in job.outputs { writer[key(output)] = job.id } }
        let runningIDs = Set(running.map(\.id)), pendingIDs = Set(pending.map(\.id))
        var kept = manifest
        var setAside: [String: Manifest.Entry] = [:]
        var intact: [String: FileStamps.Stamp] = [:]
        for (id, entry) in manifest.jobs {
            if entry.outputs.contains(where: { writer[key($0.path)].map { $0 != id } ?? false }) {
                kept.jobs[id] = nil
            } else if pendingIDs.contains(id) {
                kept.jobs[id] = nil
                setAside[id] = entry
            } else if !runningIDs.contains(id) {
                if let current = Manifest.intactStamps(of: entry, in: folder, stamps: stamps) {
                    intact.merge(current) { _, now in now }
                } else {
                    kept.jobs[id] = nil
                }
            }
        }
        return (kept, setAside, intact)
    }

    /// Deletes the files of `stale` entries (jobs the spec no longer has) that an earlier run of
    /// the same spec wrote and that are unchanged since (size and SHA-256 as recorded), unless a
    /// job of the spec writes the same path; the rest stay on disk, unlisted. A file is hashed
    /// before it is deleted, whatever its stamp says: a copy can keep a size and a time through an edit.
    static func removeStale(_ stale: [String: Manifest.Entry], sameSpec: Bool, keeping jobs: [BatchJob],
                            in folder: OutputFolder) -> (removed: [String], unlisted: [String]) {
        func key(_ path: String) -> String { (try? OutputPaths.components(of: path).joined(separator: "/")) ?? path }
        let written = Set(jobs.flatMap { $0.outputs.map(key) })
        var removed: [String] = [], unlisted: [String] = []
        for output in stale.values.flatMap(\.outputs).sorted(by: { $0.path < $1.path }) where !written.contains(key(output.path)) {
            let single = Manifest.Entry(kind: "", parameters: [:], inputKey: "", outputs: [output])
            guard sameSpec, Manifest.intactStamps(of: single, in: folder.url, stamps: FileStamps()) != nil,
                  (try? folder.remove(output.path)) != nil else {
                if FileManager.default.fileExists(atPath: folder.url.appendingPathComponent(output.path).path) {
                    unlisted.append(output.path)
                }
                continue
            }
            removed.append(output.path)
        }
        return (removed, unlisted)
    }

    /// Renders one job and writes its files atomically; returns the manifest outputs and the
    /// files' stamps.
    static func execute(_ job: BatchJob, in folder: OutputFolder) throws
        -> ([Manifest.Output], [String: FileStamps.Stamp], [String]) {
        let (files, warnings) = try job.renderWithWarnings()
        let produced = Set(files.map(\.path)), declared = Set(job.outputs)
        guard produced == declared else {
            throw BatchError("job \(job.id) produced \(produced.sorted()) but declared \(declared.sorted())")
        }
        // Every file under a temporary name first, then all renamed: a job that fails on its
        // tenth file has replaced none (its cards.json never describes files it did not write).
        let staged = AtomicFile.StagedFiles()
        var urls: [(file: RenderedFile, url: URL)] = []
        for file in files {
            let url = try folder.confine(file.path)
            try AtomicFile.prepareDirectory(url.deletingLastPathComponent())
            try staged.stage(file.data, to: url)
            urls.append((file, url))
        }
        try staged.publish()
        var stamps: [String: FileStamps.Stamp] = [:]
        for (file, url) in urls {
            if let modified = FileStamps.sizeAndModification(of: url)?.modified {
                stamps[file.path] = FileStamps.Stamp(sha256: file.sha256, modified: modified)
            }
        }
        return (files.map(\.facts).sorted { $0.path < $1.path }, stamps, warnings)
    }
}

/// State shared by the worker threads of one run.
private final class SharedRun: Sendable {
    struct State {
        var manifest: Manifest
        var stamps: FileStamps
        var rendered = 0, skipped = 0, files = 0
        var failures: [BatchRunner.Failure] = []
        var sinceSave = 0
        var lastSave = ProgressReporter.now()
    }

    private let state: Mutex<State>

    init(manifest: Manifest, stamps: FileStamps) { state = Mutex(State(manifest: manifest, stamps: stamps)) }

    var hasFailures: Bool { state.withLock { !$0.failures.isEmpty } }

    func record(_ id: String, _ entry: Manifest.Entry, stamps: [String: FileStamps.Stamp]) {
        state.withLock { s in
            s.manifest.jobs[id] = entry
            s.stamps.files.merge(stamps) { _, new in new }
            s.rendered += 1
            s.files += entry.outputs.count
            s.sinceSave += 1
        }
    }

    func record(skipped id: String) { state.withLock { $0.skipped += 1 } }

    func record(failure: BatchRunner.Failure) {
        state.withLock { s in
            s.failures.append(failure)
            s.manifest.jobs[failure.id] = nil
        }
    }

    /// Saves the manifest every 50 rendered jobs and at most every 10 seconds, so an interrupted
    /// run keeps most of its work without re-encoding a large manifest all the time (that made
    /// memory grow with the spec). Saving under the lock keeps an older snapshot from ever
    /// replacing a newer one.
    func saveIfDue(to folder: URL) {
        state.withLock { s in
            let now = ProgressReporter.now()
            guard s.sinceSave >= 50, now - s.lastSave >= 10 else { return }
            s.sinceSave = 0
            s.lastSave = now
            try? s.manifest.save(to: folder)
            try? s.stamps.save(to: folder, keeping: s.manifest)
        }
    }

    /// Puts back the `restoring` entries of jobs that did not record one, then runs `save` on the
    /// final manifest and stamps. Under the lock: giving up on a signal meanwhile waits, then
    /// saves the same manifest, rather than cutting this save short.
    func finish<T>(restoring entries: [String: Manifest.Entry], _ save: (Manifest, FileStamps) -> T) -> T {
        state.withLock { s in
            for (id, entry) in entries where s.manifest.jobs[id] == nil { s.manifest.jobs[id] = entry }
            return save(s.manifest, s.stamps)
        }
    }

    /// Saves the manifest, its stamps and the gallery now (when giving up on a signal).
    func save(to folder: URL) {
        state.withLock { s in
            try? s.manifest.save(to: folder)
            try? s.stamps.save(to: folder, keeping: s.manifest)
            try? Gallery.write(s.manifest, to: folder)
        }
    }

    func counts() -> (rendered: Int, skipped: Int, files: Int, failures: [BatchRunner.Failure]) {
        state.withLock { ($0.rendered, $0.skipped, $0.files, $0.failures) }
    }
}
