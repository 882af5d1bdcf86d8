import ArgumentParser
import Drawing
import Foundation

/// `cardrender render`: the default set of pictures, the main job behind `make run`.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render the default set of pictures into --out."
    )

    @OptionGroup var output: OutputOptions
    @OptionGroup var parallel: ParallelOptions

    func run() throws {
        let out = try output.prepare()
        let jobs = try DefaultSet.jobs()
        let started = Date()
        let written = try JobRunner.run(jobs, into: out, workers: parallel.count)
        try DefaultSet.writeCardMetadata(into: out)
        let bytes = written.reduce(0) { $0 + $1.bytes }
        print("Rendered \(written.count) files (\(bytes / 1024) KiB) into \(output.out) in "
              + String(format: "%.2f s", Date().timeIntervalSince(started)))
    }
}

/// Everything `cardrender render` produces.
enum DefaultSet {
    static func jobs() throws -> [RenderJob] {
        let primitives = try PrimitivesSample.picture()
        return RenderJob.all("samples/primitives", primitives, formats: [.png, .svg, .pdf], resolution: .scale(2))
            + (try DefaultSet.cardJobs()) + (try DefaultSet.keyboardJobs())
    }
}
