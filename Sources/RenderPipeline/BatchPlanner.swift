import BatchRendering
import CardRenderSupport
import CardTemplates
import Drawing
import Foundation
import SpecFiles

/// Turns a spec into batch jobs: every job is decoded into its request and checked, and its
/// files planned, before anything renders.
public struct BatchPlanner: Sendable {
    /// What, besides a job's own values, decides its bytes: the program build and the fonts.
    public var build: String
    /// The job kinds a spec may name; `JobKind.all` unless a caller narrows them.
    public var kinds: [JobKind]

    /// A planner for jobs rendered by `build`, accepting the given kinds.
    public init(build: String, kinds: [JobKind] = JobKind.all) {
        self.build = build
        self.kinds = kinds
    }

    /// Reads and checks the spec file at `url` against the planner's kinds.
    public func load(_ url: URL) throws(SpecError) -> [SpecJob] {
        try BatchSpec.load(contentsOf: url, kinds: kinds.map(\.schema))
    }

    /// Parses spec text against the planner's kinds; `file` names it in errors.
    public func parse(_ text: String, file: String) throws(SpecError) -> [SpecJob] {
        try BatchSpec.parse(Data(text.utf8), file: file, kinds: kinds.map(\.schema))
    }

    /// Plans every job (in parallel: planning lays out pictures) and returns them in spec order.
    public func jobs(_ specJobs: [SpecJob], specFolder: URL?, workers: Int,
                     maxPixels: Int = RenderLimits.defaultMaxPixels, outputFolder: URL? = nil,
                     progress: ProgressReporter? = nil,
                     warn: @escaping @Sendable (_ jobID: String, _ message: String) -> Void = { _, _ in }) throws -> [BatchJob] {
        // Jobs already run `workers` at a time; a job's own pictures use the cores only when
        // there are fewer jobs than workers, so threads never multiply.
        let workersPerJob = specJobs.count >= workers ? 1 : workers
        let kinds = Dictionary(kinds.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        return try WorkerPool.map(specJobs.count, workers: workers) { index in
            let specJob = specJobs[index]
            guard let kind = kinds[specJob.kind] else {
                throw SpecError("unknown job kind \(specJob.kind)", at: specJob.location)
            }
            var fields = specJob.fields
            for key in kind.pathKeys {
                guard let value = fields.values[key], case let .scalar(path, isNull: false) = value.content,
                      let specFolder, !path.hasPrefix("/"),
                      // A back chosen by the data (`back: "{back}"`) is filled per row inside the template's folder.
                      !CardBacks.isChosenByData(path) else { continue }
                fields.values[key]?.content = .scalar(specFolder.appendingPathComponent(path).standardizedFileURL.path, isNull: false)
            }
            let folder = specJob.output ?? kind.name
            let decoded = try kind.decode(fields).limitingImages(to: maxPixels)
            let request = outputFolder.map { decoded.locating(in: $0.appendingPathComponent(folder, isDirectory: true)) } ?? decoded
            let outputs: [String], cost: Double
            do {
                if let cheap = try kind.outputs(request) {
                    outputs = OutputPlan.paths(cheap.paths, under: folder)
                    cost = cheap.cost
                } else {
                    let plan = try kind.plan(request).moved(under: folder)
                    try plan.checkBudget(maxPixels: maxPixels)
                    (outputs, cost) = (plan.outputs, plan.estimatedCost)
                }
            } catch let error as RequestError {
                throw SpecError(error.message, at: fields.location(of: error.key))
            } catch let error as SpecError {
                // A file the job names (a card template, its data) is at fault: point there.
                throw error
            } catch {
                throw SpecError(ErrorLine.of(error), at: specJob.location)
            }
            let parameters = specJob.parameters.keys.sorted().map { "\($0)=\(specJob.parameters[$0] ?? "")" }
            let id = folder + "/" + (parameters.isEmpty ? kind.name : parameters.joined(separator: ","))
            // The values as decoded (paths resolved), and what is in the folders they name.
            let values = fields.values.keys.sorted().map { key in
                if case let .scalar(text, isNull: false) = fields.values[key]?.content { return "\(key)=\(text)" }
                return key
            }
            let inputKey = BatchJob.key([build, kind.name, folder] + values + request.inputFolders.map(Self.folderDigest)
                                        + request.inputFiles.map(Self.fileDigest))
            // The plan is made again when the job runs rather than kept: plans hold laid-out
            // pictures, and holding thousands would make memory grow with the spec.
            progress?.planned()
            return BatchJob.reportingWarnings(id: id, kind: kind.name, parameters: specJob.parameters, outputs: outputs,
                            estimatedCost: cost, inputKey: inputKey) {
                // Checked again here for kinds planned without pictures, before any pixels exist.
                let plan = try kind.plan(request).moved(under: folder)
                try plan.checkBudget(maxPixels: maxPixels)
                for warning in plan.warnings { warn(id, warning) }
                return (try plan.renderInMemory(workers: workersPerJob), plan.warnings)
            }
        }
    }

    /// A file's path, size and date, as `folderDigest` takes them for each file of a folder.
    static func fileDigest(_ path: String) -> String {
        let status = try? Syscalls.status(at: path)
        return "\(path) \(status?.size ?? 0) \(status?.modificationDate.timeIntervalSince1970 ?? 0)"
    }

    /// Names, sizes and dates of a folder's files: a face image that changes re-renders the deck.
    /// Subfolders are left out: a folder's date changes whenever something inside it does, and
    /// the output folder often sits beside a template (files in a subfolder that a job reads are
    /// named by folders of their own).
    static func folderDigest(_ path: String) -> String {
        let names = ((try? Syscalls.entries(of: path)) ?? []).map(\.name).sorted()
        return BatchJob.key([path] + names.compactMap { name in
            guard let status = try? Syscalls.status(at: path + "/" + name), status.kind != .directory else { return nil }
            return "\(name) \(status.size) \(status.modificationDate.timeIntervalSince1970)"
        })
    }
}
