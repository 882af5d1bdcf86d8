import ArgumentParser
import BatchRendering
import BundledFonts
import Drawing
import Foundation
import SpecFiles

/// Turns a spec into batch jobs: every job's options are parsed and checked, and its files
/// planned, before anything renders.
enum SpecJobs {
    /// What, besides a job's own parameters, decides its bytes: the tool build and the fonts.
    static let environmentKey: String = {
        var parts = ["cardrender \(CardRender.version)"]
        let executable = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath()
        if let attributes = try? FileManager.default.attributesOfItem(atPath: executable.path) {
            parts.append("\(attributes[.size] ?? 0) \((attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0)")
        }
        if let sums = try? BundledFonts.checksums() { parts.append(sums) }
        return BatchJob.key(parts)
    }()

    static func load(_ url: URL) throws -> [SpecJob] {
        try BatchSpec.load(contentsOf: url, kinds: JobKind.all.map(\.schema))
    }

    static func parse(_ text: String, file: String) throws -> [SpecJob] {
        try BatchSpec.parse(Data(text.utf8), file: file, kinds: JobKind.all.map(\.schema))
    }

    /// Plans every job (in parallel: planning lays out each picture) and returns them in spec order.
    static func jobs(_ specJobs: [SpecJob], specFolder: URL?, workers: Int,
                     maxPixels: Int = RenderLimits.defaultMaxPixels,
                     progress: ProgressReporter? = nil) throws -> [BatchJob] {
        // Jobs already run `workers` at a time; a job's own pictures use the cores only when
        // there are fewer jobs than workers, so threads never multiply.
        let workersPerJob = specJobs.count >= workers ? 1 : workers
        return try WorkerPool.map(specJobs.count, workers: workers) { index in
            let specJob = specJobs[index]
            guard let kind = JobKind.named(specJob.kind) else {
                throw SpecError("unknown job kind \(specJob.kind)", at: specJob.location)
            }
            let arguments = try kind.arguments(for: specJob, relativeTo: specFolder)
            let folder = specJob.output ?? kind.name
            let outputs: [String], cost: Double
            do {
                if let cheap = kind.outputs {
                    let planned = try cheap(arguments)
                    outputs = OutputPlan.paths(planned.paths, under: folder)
                    cost = planned.cost
                } else {
                    let plan = try kind.plan(arguments).moved(under: folder)
                    try plan.checkBudget(maxPixels: maxPixels)
                    (outputs, cost) = (plan.outputs, plan.estimatedCost)
                }
            } catch {
                let message = Main.oneLine(CardRender.message(for: error))
                throw SpecError(message, at: specJob.location(of: mentionedKey(in: message, of: specJob) ?? ""))
            }
            let parameters = specJob.parameters.keys.sorted().map { "\($0)=\(specJob.parameters[$0] ?? "")" }
            let id = folder + "/" + (parameters.isEmpty ? kind.name : parameters.joined(separator: ","))
            var keyParts = [environmentKey, kind.name, folder] + arguments
            if let faces = arguments.firstIndex(of: "--faces").map({ arguments[$0 + 1] }) {
                keyParts.append(folderDigest(faces))
            }
            // The plan is made again when the job runs rather than kept: plans hold laid-out
            // pictures, and holding thousands would make memory grow with the spec.
            progress?.planned()
            return BatchJob(id: id, kind: kind.name, parameters: specJob.parameters, outputs: outputs,
                            estimatedCost: cost, inputKey: BatchJob.key(keyParts)) {
                // Checked again here for kinds planned without pictures, before any pixels exist.
                let plan = try kind.plan(arguments).moved(under: folder)
                try plan.checkBudget(maxPixels: maxPixels)
                return try plan.renderInMemory(workers: workersPerJob)
            }
        }
    }

    /// The job's key an option error is about (`--format` in "The value 'gif' is invalid for
    /// '--format <format>'"), so the error points at that line of the spec.
    static func mentionedKey(in message: String, of job: SpecJob) -> String? {
        var rest = Substring(message)
        while let range = rest.range(of: "--") {
            let name = rest[range.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "-" }
            if job.parameters[String(name)] != nil { return String(name) }
            rest = rest[range.upperBound...]
        }
        return nil
    }

    /// Names, sizes and dates of a folder's files: a face image that changes re-renders the deck.
    static func folderDigest(_ path: String) -> String {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
        return BatchJob.key(names.map { name in
            let attributes = try? FileManager.default.attributesOfItem(atPath: path + "/" + name)
            return "\(name) \(attributes?[.size] ?? 0) \((attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0)"
        })
    }
}
