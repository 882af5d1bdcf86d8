import ArgumentParser
import BatchRendering
import CardRenderSupport
import Drawing
import Foundation
import RenderPipeline
import SharedCommands

/// Options shared by `batch` and `render`: how a batch run behaves.
struct BatchRunOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Render only shard K of N (1 ≤ K ≤ N): a stable share of the jobs, balanced by cost.",
                               valueName: "K/N"))
    var shard: String?

    @Flag(help: "Render every job, even those whose inputs and files are unchanged.")
    var force = false

    @Flag(help: "List the jobs (and whether each is up to date) without rendering.")
    var dryRun = false

    @Flag(help: "Stop at the first job that fails.")
    var failFast = false

    @Flag(help: "Write one JSON event per job to stdout.")
    var json = false

    @Flag(help: "No progress output.")
    var quiet = false

    @OptionGroup var budget: BudgetOptions

    func validate() throws {
        if let shard {
            do { _ = try Shard(parsing: shard) } catch { throw ValidationError(error.description) }
        }
    }

    /// Runs `specJobs` into `out` and prints the summary; failed jobs, files that could not be
    /// saved and an interruption are each one line, and exit 2.
    func run(_ specJobs: [SpecJob], specFolder: URL?, specFile: String, out: String, workers: Int) throws {
        // Small specs plan in a blink; their errors stay the only line on stderr.
        let showsPlanning = !json && !quiet && specJobs.count >= 200
        let planning = ProgressReporter(style: showsPlanning ? .automatic(total: specJobs.count) : .quiet,
                                        total: specJobs.count)
        // Warnings (text that overflows its box) go to stderr as they come, so --json's stdout stays events.
        let jobs = try SpecJobs.planner.jobs(specJobs, specFolder: specFolder, workers: workers, maxPixels: budget.maxPixels,
                                     outputFolder: URL(fileURLWithPath: out, isDirectory: true), progress: planning) { id, warning in
            FileHandle.standardError.write(Data("cardrender: warning: job \(id): \(warning)\n".utf8))
        }
        try BatchSpec.checkOutputs(of: specJobs, planned: jobs, under: URL(fileURLWithPath: out, isDirectory: true))
        let folder = try OutputFolder(URL(fileURLWithPath: out, isDirectory: true), create: !dryRun)
        let runner = BatchRunner(options: .init(workers: workers, force: force, failFast: failFast, dryRun: dryRun,
                                                shard: try shard.map { try Shard(parsing: $0) },
                                                tool: "cardrender \(CardRender.version)", build: SpecJobs.environmentKey,
                                                specFile: specFile,
                                                describe: { CommandMain.oneLine(CardRender.message(for: $0)) }))
        let style: ProgressStyle = json ? .json : quiet ? .quiet : .automatic(total: jobs.count)
        let outcome = try runner.run(jobs, in: folder, progress: style)
        if dryRun {
            for entry in outcome.plan {
                print("\(entry.upToDate ? "up to date" : "to render ")  \(entry.id)  (" + counted(entry.outputs.count, "file") + ")")
            }
            print(counted(outcome.plan.count, "job") + ": \(outcome.skipped) up to date, \(outcome.notRun) to render")
            return
        }
        let summary = counted(outcome.jobs, "job") + "\(shard.map { " (shard \($0))" } ?? ""): \(outcome.rendered) rendered, "
            + "\(outcome.skipped) unchanged, \(outcome.failures.count) failed"
            + (outcome.notRun > 0 ? ", \(outcome.notRun) not run" : "")
            + "; " + counted(outcome.filesWritten, "file") + " written into \(out) in " + String(format: "%.2f s", outcome.seconds)
        if !json {
            FileHandle.standardError.write(Data((summary + "\n").utf8))
            for line in Self.cleanupLines(outcome) { FileHandle.standardError.write(Data((line + "\n").utf8)) }
        }
        // Every failed job, then what could not be saved, then the interruption: one line each.
        var errors = outcome.failures.map { "job \($0.id): \($0.message)" } + outcome.saveErrors
        if outcome.interrupted {
            errors.append("interrupted: " + counted(outcome.rendered, "job") + " finished, \(outcome.notRun) not run; run again to complete the set")
        }
        for error in errors { FileHandle.standardError.write(Data("cardrender: error: \(error)\n".utf8)) }
        if !errors.isEmpty { throw ExitCode(2) }
    }
}

extension BatchRunOptions {
    /// What happened to the files of jobs the spec no longer has, a line each for removed and kept.
    static func cleanupLines(_ outcome: BatchRunner.Outcome) -> [String] {
        func list(_ paths: [String]) -> String {
            paths.prefix(10).joined(separator: ", ") + (paths.count > 10 ? " and \(paths.count - 10) more" : "")
        }
        var lines: [String] = []
        if !outcome.removed.isEmpty {
            lines.append("removed " + counted(outcome.removed.count, "file") + " that no job of the spec writes any more: \(list(outcome.removed))")
        }
        if !outcome.unlisted.isEmpty {
            lines.append("kept " + counted(outcome.unlisted.count, "file") + " that no job of the spec writes any more (changed since, "
                         + "or written by another spec), now left out of the manifest: \(list(outcome.unlisted))")
        }
        return lines
    }
}

/// `cardrender batch SPEC`: many cards, decks and diagrams from one YAML or JSON spec.
struct BatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "batch",
        abstract: "Render every job of a YAML or JSON spec: in parallel, incrementally, optionally one shard of N.",
        discussion: """
        A spec has `defaults` and a list of `jobs`; each job has a `kind` (\(JobKind.all.map(\.name).joined(separator: ", "))), \
        that command's options as keys, and an `output` folder under --out. A list value expands as a \
        matrix, and {key} in `output` is replaced by the job's value. `cardrender render --print-spec` \
        prints the default set as a spec to start from.
        """
    )

    @Argument(help: "The spec file (.yaml, .yml or .json).", completion: .file(extensions: ["yaml", "yml", "json"]))
    var spec: String

    @OptionGroup var output: OutputOptions
    @OptionGroup var parallel: ParallelOptions
    @OptionGroup var batch: BatchRunOptions

    func run() throws {
        let url = URL(fileURLWithPath: spec)
        let jobs = try SpecJobs.planner.load(url)
        try batch.run(jobs, specFolder: url.deletingLastPathComponent(), specFile: url.lastPathComponent, out: output.out,
                      workers: parallel.count)
    }
}
