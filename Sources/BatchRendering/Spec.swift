import Drawing
import Foundation
import Yams

/// Where something is in a spec file, for error messages: `file:line:column`.
public struct SpecLocation: Sendable, Hashable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int
    public var description: String { "\(file):\(line):\(column)" }
}

/// An error in a spec, naming the file, line and column.
public struct SpecError: Error, CustomStringConvertible, LocalizedError, Equatable {
    public let location: SpecLocation?
    public let message: String
    public init(_ message: String, at location: SpecLocation?) {
        self.message = message
        self.location = location
    }
    public var description: String { location.map { "\($0): \(message)" } ?? message }
    public var errorDescription: String? { description }
}

/// The keys a job kind accepts, so a spec can be checked before anything renders.
public struct JobKindSchema: Sendable {
    public var kind: String
    public var keys: [String]
    public init(kind: String, keys: [String]) {
        self.kind = kind
        self.keys = keys
    }
}

/// One job of a spec after defaults are applied and lists expanded as a matrix: every
/// parameter is a single value.
public struct SpecJob: Sendable, Equatable {
    public var kind: String
    /// Parameter values as written (numbers and booleans as their YAML text).
    public var parameters: [String: String]
    /// Which parameters were given where, for errors found later.
    public var locations: [String: SpecLocation]
    public var location: SpecLocation
    /// The output path with `{key}` placeholders filled in, or nil when the spec gave none.
    public var output: String?

    public func location(of key: String) -> SpecLocation { locations[key] ?? location }
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
    public static let topLevelKeys = ["defaults", "jobs"]
    /// More jobs than this is a typo in a matrix, not a plan.
    public static let maximumJobs = 100_000
    static let reservedKeys = ["kind", "output"]

    public static func load(contentsOf url: URL, kinds: [JobKindSchema]) throws -> [SpecJob] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw SpecError("spec file \(url.path) does not exist", at: nil)
        }
        guard !isDirectory.boolValue else { throw SpecError("spec \(url.path) is a folder, not a file", at: nil) }
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw SpecError("cannot read spec \(url.path)", at: nil)
        }
        return try parse(data, file: url.path, kinds: kinds)
    }

    public static func parse(_ data: Data, file: String, kinds: [JobKindSchema]) throws(SpecError) -> [SpecJob] {
        guard let text = String(data: data, encoding: .utf8) else {
            throw SpecError("spec is not UTF-8 text", at: SpecLocation(file: file, line: 1, column: 1))
        }
        let root: Node
        do {
            guard let node = try Yams.compose(yaml: text) else {
                throw SpecError("spec is empty", at: SpecLocation(file: file, line: 1, column: 1))
            }
            root = node
        } catch let error as SpecError {
            throw error
        } catch let error as YamlError {
            throw yamlError(error, file: file)
        } catch {
            throw SpecError("cannot parse spec: \(error)", at: nil)
        }
        func at(_ node: Node) -> SpecLocation {
            SpecLocation(file: file, line: node.mark?.line ?? 1, column: node.mark?.column ?? 1)
        }
        guard let top = root.mapping else { throw SpecError("a spec is a mapping with `defaults` and `jobs`", at: at(root)) }
        for (key, _) in top {
            let name = key.string ?? ""
            guard topLevelKeys.contains(name) else { throw unknownKey(name, at: at(key), valid: topLevelKeys) }
        }
        let schemas = Dictionary(kinds.map { ($0.kind, $0) }, uniquingKeysWith: { a, _ in a })
        let allKeys = Array(Set(kinds.flatMap(\.keys))).sorted()

        var defaults: [(key: String, values: [String], location: SpecLocation)] = []
        if let node = top["defaults"] {
            guard let mapping = node.mapping else { throw SpecError("`defaults` must be a mapping", at: at(node)) }
            for (key, value) in mapping {
                let name = key.string ?? ""
                guard allKeys.contains(name) else { throw unknownKey(name, at: at(key), valid: allKeys) }
                defaults.append((name, try scalars(value, key: name, at: at), at(value)))
            }
        }
        guard let jobsNode = top["jobs"] else {
            throw SpecError("spec has no `jobs` list", at: at(root))
        }
        guard let list = jobsNode.sequence else { throw SpecError("`jobs` must be a list", at: at(jobsNode)) }
        var result: [SpecJob] = []
        for item in list {
            guard let mapping = item.mapping else { throw SpecError("each job is a mapping with a `kind`", at: at(item)) }
            guard let kindNode = mapping["kind"], let kind = kindNode.string else {
                throw SpecError("job has no `kind` (one of \(kinds.map(\.kind).sorted().joined(separator: ", ")))", at: at(item))
            }
            guard let schema = schemas[kind] else {
                throw unknownKey(kind, at: at(kindNode), valid: kinds.map(\.kind).sorted(), what: "job kind")
            }
            var dimensions: [(key: String, values: [String], location: SpecLocation)] = []
            for entry in defaults where schema.keys.contains(entry.key) {
                dimensions.append(entry)
            }
            var output: String?
            for (key, value) in mapping {
                let name = key.string ?? ""
                if name == "kind" { continue }
                if name == "output" {
                    guard let text = value.string, value.scalar != nil else {
                        throw SpecError("`output` must be a path", at: at(value))
                    }
                    output = text
                    continue
                }
                guard schema.keys.contains(name) else {
                    throw unknownKey(name, at: at(key), valid: schema.keys + reservedKeys, what: "key for a \(kind) job")
                }
                let entry = (key: name, values: try scalars(value, key: name, at: at), location: at(value))
                dimensions.removeAll { $0.key == name }
                dimensions.append(entry)
            }
            // The matrix: every combination, in the order the keys were written.
            var combinations: [[String: String]] = [[:]]
            for dimension in dimensions {
                guard !dimension.values.isEmpty else {
                    throw SpecError("`\(dimension.key)` is an empty list, so the job expands to zero jobs",
                                    at: dimension.location)
                }
                guard combinations.count * dimension.values.count <= maximumJobs - result.count else {
                    throw SpecError("the matrix expands to more than \(maximumJobs) jobs", at: dimension.location)
                }
                combinations = combinations.flatMap { partial in
                    dimension.values.map { value in partial.merging([dimension.key: value]) { _, new in new } }
                }
            }
            let locations = Dictionary(dimensions.map { ($0.key, $0.location) }, uniquingKeysWith: { _, b in b })
            for parameters in combinations {
                var filled = output
                if let template = output {
                    filled = try fill(template, with: parameters, at: locations["output"] ?? at(item))
                }
                result.append(SpecJob(kind: kind, parameters: parameters, locations: locations, location: at(item),
                                      output: filled))
            }
        }
        guard !result.isEmpty else { throw SpecError("the spec expands to zero jobs", at: at(jobsNode)) }
        return result
    }

    /// A scalar is one value; a list of scalars is a matrix dimension.
    private static func scalars(_ node: Node, key: String, at: (Node) -> SpecLocation) throws(SpecError) -> [String] {
        if let scalar = node.scalar { return [scalar.string] }
        if let sequence = node.sequence {
            var values: [String] = []
            for item in sequence {
                guard let scalar = item.scalar else {
                    throw SpecError("`\(key)` must be a value or a list of values", at: at(item))
                }
                values.append(scalar.string)
            }
            return values
        }
        throw SpecError("`\(key)` must be a value or a list of values", at: at(node))
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
                let hint = NearestName.suggestion(for: key, among: parameters.keys.sorted()).map { "; did you mean {\($0)}?" } ?? ""
                throw SpecError("output path \(template) uses {\(key)}, which this job does not set\(hint)", at: location)
            }
            result += value
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }

    static func unknownKey(_ name: String, at location: SpecLocation, valid: [String], what: String = "key") -> SpecError {
        let hint = NearestName.suggestion(for: name, among: valid).map { "; did you mean \"\($0)\"?" }
            ?? "; valid: \(valid.joined(separator: ", "))"
        return SpecError("unknown \(what) \"\(name)\"\(hint)", at: location)
    }

    static func yamlError(_ error: YamlError, file: String) -> SpecError {
        switch error {
        case let .scanner(context, problem, mark, _), let .parser(context, problem, mark, _),
             let .composer(context, problem, mark, _):
            let detail = [context?.text, problem].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
            return SpecError("malformed YAML: \(detail)", at: SpecLocation(file: file, line: mark.line, column: mark.column))
        case let .reader(problem, _, _, _):
            return SpecError("malformed YAML: \(problem)", at: SpecLocation(file: file, line: 1, column: 1))
        default:
            return SpecError("malformed YAML", at: SpecLocation(file: file, line: 1, column: 1))
        }
    }
}
