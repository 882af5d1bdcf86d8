import ArgumentParser
import Drawing
import Foundation
import RenderPipeline
import SharedCommands

/// `cardrender render`: the default set, the main job behind `make run`: a batch run of the
/// built-in spec (print it with --print-spec).
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render the default set into --out: a batch run of the built-in spec.",
        discussion: "A second run with nothing changed renders nothing. `--print-spec` prints the spec."
    )

    @Flag(help: "Print the built-in spec (YAML) and exit.")
    var printSpec = false

    @OptionGroup var output: OutputOptions
    @OptionGroup var parallel: ParallelOptions
    @OptionGroup var batch: BatchRunOptions

    func run() throws {
        let spec = try DefaultSpec.yaml()
        if printSpec {
            print(spec)
            return
        }
        let jobs = try SpecJobs.planner.parse(spec, file: DefaultSpec.fileName)
        try batch.run(jobs, specFolder: nil, specFile: DefaultSpec.fileName, out: output.out, workers: parallel.count)
    }
}
