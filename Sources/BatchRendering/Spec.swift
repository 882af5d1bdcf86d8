import CardRenderSupport
import Foundation
import SpecFiles

/// The keys a job kind accepts, so a spec can be checked before anything renders.
public struct JobKindSchema: Sendable {
    /// The value of a job's `kind` key.
    public var kind: String
    /// The other keys the kind accepts; any other key is an error.
    public var keys: [String]
    /// Keys that, given in a job, fix others: `defaults` then no longer supply those to the job
    /// (a keyboard job's `scenario` fixes its device), though the job itself may still name them.
    public var fixedBy: [String: [String]]
    /// A schema for `kind` that accepts `keys`, some of which fix others (`fixedBy`).
    public init(kind: String, keys: [String], fixedBy: [String: [String]] = [:]) {
        self.kind = kind
        self.keys = keys
        self.fixedBy = fixedBy
    }
}

/// One job of a spec after defaults are applied and lists expanded as a matrix: every
/// parameter is a single value.
public struct SpecJob: Sendable, Equatable {
    /// The job kind (`card`, `deck`, `keyboard`, …).
    public var kind: String
    /// Parameter values as written (numbers and booleans as their YAML text).
    public var parameters: [String: String]
    /// Which parameters were given where, for errors found later.
    public var locations: [String: SpecLocation]
    /// Where the job starts in the spec file.
    public var location: SpecLocation
    /// The output path with `{key}` placeholders filled in, or nil when the spec gave none.
    public var output: String?
    /// Where the job's `output` is written (the job itself without one), for errors about its files.
    public var outputLocation: SpecLocation

    /// Where `key` was given: the job itself, or its defaults.
    public func location(of key: String) -> SpecLocation { locations[key] ?? location }

    /// The job's values with where the spec gives them, for decoding its request.
    public var fields: SpecFields {
        SpecFields(values: Dictionary(uniqueKeysWithValues: parameters.map { key, value in
            (key, LocatedNode(scalar: value, at: location(of: key)))
        }), location: location)
    }
}

/// A batch spec in YAML or JSON:
///
/// ```yaml
/// defaults:            # applied to every job that accepts the key
///   scale: 2
/// jobs:
///   - kind: deck
///     theme: [classic, four-color]   # a list expands as a matrix
///     size: [poker, bridge]
///     output: decks/{theme}-{size}   # {key} is replaced by the job's value
/// ```
public enum BatchSpec {
    /// More jobs than this is a typo in a matrix, not a plan. Planning is linear but not free:
    /// each job is decoded into its request and checked, a few milliseconds of CPU, and a deck job keeps its 54 paths, about 20 KB.
    public static let maximumJobs = 10_000

    /// Reads and parses the spec file at `url`.
    public static func load(contentsOf url: URL, kinds: [JobKindSchema]) throws(SpecError) -> [SpecJob] {
        try parse(SpecFile.text(of: url, displayName: url.path), file: url.path, kinds: kinds)
    }

    /// Parses spec bytes (UTF-8 YAML or JSON); `file` names it in errors.
    public static func parse(_ data: Data, file: String, kinds: [JobKindSchema]) throws(SpecError) -> [SpecJob] {
        try parse(SpecFile.text(of: data, file: file), file: file, kinds: kinds)
    }

    /// Parses spec text into jobs, defaults applied and matrices expanded, or the first error with its location.
    public static func parse(_ text: String, file: String, kinds: [JobKindSchema]) throws(SpecError) -> [SpecJob] {
        let reader = SpecEntries(listKey: "jobs", entryName: "job", kindKey: "kind", kinds: kinds)
        var result: [SpecJob] = []
        for entry in try reader.read(SpecFile.compose(text, file: file)) {
            result += try jobs(of: entry, limit: maximumJobs - result.count)
        }
        return result
    }

    /// The jobs of one entry: every combination of its lists, in the order the keys were written.
    static func jobs(of entry: SpecEntry, limit: Int) throws(SpecError) -> [SpecJob] {
        var combinations: [[String: String]] = [[:]]
        for dimension in entry.values {
            let values = try scalars(dimension.value, key: dimension.key)
            guard !values.isEmpty else {
                throw SpecError("`\(dimension.key)` is an empty list, so the job expands to zero jobs",
                                at: dimension.value.location)
            }
            guard combinations.count * values.count <= limit else {
                throw SpecError("the matrix expands to more than \(maximumJobs) jobs", at: dimension.value.location)
            }
            combinations = combinations.flatMap { partial in
                values.map { value in partial.merging([dimension.key: value]) { _, new in new } }
            }
        }
        let locations = Dictionary(entry.values.map { ($0.key, $0.value.location) }, uniquingKeysWith: { _, b in b })
        var jobs: [SpecJob] = []
        for parameters in combinations {
            let output = try entry.output?.scalar.map { template throws(SpecError) in
                try fill(template, with: parameters, at: entry.outputLocation)
            }
            jobs.append(SpecJob(kind: entry.schema.kind, parameters: parameters, locations: locations, location: entry.location,
                                output: output, outputLocation: entry.outputLocation))
        }
        return jobs
    }

    /// A scalar is one value; a list of scalars is a matrix dimension.
    private static func scalars(_ node: LocatedNode, key: String) throws(SpecError) -> [String] {
        if let scalar = node.scalar { return [scalar] }
        if case let .list(items) = node.content {
            var values: [String] = []
            for item in items {
                guard let scalar = item.scalar else {
                    throw SpecError("`\(key)` must be a value or a list of values", at: item.location)
                }
                values.append(scalar)
            }
            return values
        }
        throw SpecError("`\(key)` must be a value or a list of values", at: node.location)
    }

    /// Replaces `{key}` with the job's value for `key`.
    static func fill(_ template: String, with parameters: [String: String], at location: SpecLocation) throws(SpecError) -> String {
        var result = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "}") else {
                throw SpecError("unclosed { in output path \(template)", at: location)
            }
            let key = String(rest[rest.index(after: open)..<close])
            guard let value = parameters[key] else {
                let nearest = NearestName.suggestion(for: key, among: parameters.keys.sorted())
                let hint = NearestName.hint(suggesting: nearest.map { "{\($0)}" })
                throw SpecError("output path \(template) uses {\(key)}, which this job does not set\(hint)", at: location)
            }
            result += value
            rest = rest[rest.index(after: close)...]
        }
        result += rest
        // An empty or "." output is the --out folder itself; anything leaving it is refused here,
        // naming the placeholder when its value is what leaves.
        do { _ = try OutputPaths.components(of: result) } catch where error != .empty {
            let culprits = parameters.sorted { $0.key < $1.key }.filter { key, value in
                template.contains("{\(key)}") && (value.contains("..") || value.hasPrefix("/") || value.hasPrefix("~"))
            }
            let note = culprits.map { "{\($0.key)} is \"\($0.value)\"" }.joined(separator: ", ")
            throw SpecError(error.description + (note.isEmpty ? "" : " (\(note))"), at: location)
        } catch {}
        return result
    }

    /// Checks the files the spec's jobs plan to write, in spec order, before anything is written:
    /// every path stays inside `root` (symbolic links included), none is the run's own manifest
    /// or gallery, and no two jobs write one file. Errors point at the job's `output`.
    public static func checkOutputs(of specJobs: [SpecJob], planned jobs: [BatchJob], under root: URL) throws(SpecError) {
        var owners: [String: Int] = [:]
        var ids: [String: Int] = [:]
        for (index, (specJob, job)) in zip(specJobs, jobs).enumerated() {
            let at = specJob.outputLocation
            if let first = ids[job.id] {
                throw SpecError("this job and the job at line \(specJob.location.line ?? 0) get the same id \(job.id); "
                                + "give them different outputs", at: specJobs[first].location)
            }
            ids[job.id] = index
            guard !job.outputs.isEmpty else { throw SpecError("this job writes no file", at: specJob.location) }
            for output in job.outputs {
                let key: String
                do {
                    _ = try OutputPaths.resolve(output, under: root)
                    key = try OutputPaths.components(of: output).joined(separator: "/")
                } catch {
                    throw SpecError(error.description, at: at)
                }
                if key == Manifest.fileName || key == Gallery.fileName {
                    throw SpecError("\(key) is written by the batch run itself; give this job another output", at: at)
                }
                if let first = owners[key] {
                    throw clash(key, specJobs[first], specJob)
                }
                owners[key] = index
            }
        }
    }

    /// Two jobs writing `path`: named at the first's `output`, with the other's line, or, for two
    /// jobs of one matrix, with the keys that tell them apart and belong in `output`.
    static func clash(_ path: String, _ first: SpecJob, _ second: SpecJob) -> SpecError {
        guard first.outputLocation == second.outputLocation else {
            let line = second.outputLocation.line.map { "line \($0)" } ?? "another line"
            return SpecError("this job and the job at \(line) both write \(path)", at: first.outputLocation)
        }
        let differing = Set(first.parameters.keys).union(second.parameters.keys).sorted()
            .filter { first.parameters[$0] != second.parameters[$0] }
        guard !differing.isEmpty else {
            return SpecError("this job writes \(path) twice", at: first.outputLocation)
        }
        let values = { (job: SpecJob) in differing.map { "\($0)=\(job.parameters[$0] ?? "")" }.joined(separator: ",") }
        return SpecError("two jobs of this matrix (\(values(first)) and \(values(second))) both write \(path); "
                         + "put \(differing.map { "{\($0)}" }.joined(separator: " and ")) in `output`",
                         at: first.outputLocation)
    }

}
