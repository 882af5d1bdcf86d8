import ArgumentParser
import CardRenderSupport
import Drawing
import Foundation
import RenderPipeline
import SharedCommands

/// What every command that renders a request does, one way: check the request as a command
/// line, then run its plan.
protocol PlanCommand: ParsableCommand {
    associatedtype Request: RenderRequest
    var request: Request { get }
}

extension PlanCommand {
    /// The request's own checks, its error as the command line's (`--dpi must be …`).
    func validateRequest() throws {
        do { try request.validate(as: .commandLine) } catch { throw ValidationError(error.message) }
    }
}

extension OutputPlan {
    /// The pixel budget checked, the warnings said, `--out` made, every file written on `workers`
    /// threads, the `lines` about them printed, then `Wrote N files (…, note) into OUT in T s`.
    func run(into output: OutputOptions, workers: Int, budget: BudgetOptions,
             lines: ([WrittenFile]) -> [String] = { _ in [] }, note: ([WrittenFile]) -> String? = { _ in nil }) throws {
        try checkBudget(maxPixels: budget.maxPixels)
        printWarnings()
        let folder = try output.prepare()
        let started = Date()
        let written = try write(into: folder, workers: workers, maxPixels: budget.maxPixels)
        for line in lines(written) { print(line) }
        print(WrittenFiles.summary(count: written.count, bytes: written.reduce(0) { $0 + $1.bytes }, note: note(written),
                                   in: output, since: started))
    }
}
