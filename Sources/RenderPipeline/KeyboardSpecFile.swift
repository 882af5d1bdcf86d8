import BatchRendering
import CardRenderSupport
import Drawing
import Foundation
import KeyboardDiagrams
import SpecFiles

/// A file of keyboard diagrams for `keyboard --spec`, read as a batch spec is read
/// (`SpecEntries`: the same `defaults` merge, the same checks and messages): each diagram has
/// the keys of a `kind: keyboard` job, decoded and checked into a `KeyboardRequest`, plus
/// `output`, the diagram's own file name:
///
/// ```yaml
/// defaults:
///   device: iphone-8
///   format: [png, svg]
/// diagrams:
///   - strategy: bottom-offset
///     output: notes/bottom-offset
///   - scenario: hardware-keyboard
///     mistake: height-not-intersection
/// ```
///
/// A bare list of diagrams is accepted too. Where a batch spec expands a list into a matrix, a
/// diagram takes `format: [png, svg]` and `keyboard-frame: [0, 409, 375, 258]` as one value.
public struct KeyboardSpecFile: Sendable {
    /// One diagram of the file and where it is written.
    public struct Diagram: Sendable {
        /// What to draw and how to write it, checked against the catalog.
        public var request: KeyboardRequest
        /// Where the diagram is, for error messages.
        public var location: SpecLocation
        /// Where the diagram's `output` is (the diagram itself without one).
        public var outputLocation: SpecLocation
    }

    /// The spec file's name as errors show it.
    public var file: String
    /// The diagrams, in the file's order.
    public var diagrams: [Diagram]
    /// What the command says before drawing: each device named by an alias, what it is drawn as
    /// (`diagrams.yaml:4:5: iphone-13 is drawn as iphone-12, …`).
    public var notes: [String] = []

    /// One diagram the command line describes, as a spec of one.
    public init(single request: KeyboardRequest) {
        let nowhere = SpecLocation(file: "")
        file = ""
        diagrams = [Diagram(request: request, location: nowhere, outputLocation: nowhere)]
    }

    private init(file: String, diagrams: [Diagram], notes: [String]) {
        self.file = file
        self.diagrams = diagrams
        self.notes = notes
    }

    /// Renders every diagram into `out`: every file is planned (paths checked inside `out`, no
    /// two diagrams writing one file) before the folder is made or anything renders. Diagrams are
    /// laid out a chunk at a time, just before they render: laying out every diagram of a large
    /// spec first held gigabytes. `written` hears of each file, in spec order.
    @discardableResult
    public func write(into out: URL, builder: KeyboardDiagramBuilder, workers: Int, maxPixels: Int,
                      written: (WrittenFile) -> Void = { _ in }) throws -> Int {
        let files = try plannedFiles(under: out, builder: builder)
        var count = 0
        let chunk = max(16, workers * 8)
        for start in stride(from: 0, to: diagrams.count, by: chunk) {
            var planned: [OutputUnit] = []
            for index in start..<min(start + chunk, diagrams.count) {
                planned += try units(diagrams[index], at: files[index], builder: builder)
            }
            let plan = OutputPlan(units: planned)
            try plan.checkBudget(maxPixels: maxPixels)
            if start == 0 { try AtomicFile.prepareDirectory(out) }
            for file in try plan.write(into: out, workers: workers, maxPixels: maxPixels) { written(file) }
            count += planned.count
        }
        return count
    }

    private func units(_ diagram: Diagram, at paths: [String], builder: KeyboardDiagramBuilder) throws -> [OutputUnit] {
        do { return try diagram.request.units(at: paths, model: try diagram.request.model(builder: builder)) } catch {
            throw SpecError(String(describing: error), at: diagram.location)
        }
    }

    /// Each diagram's file paths (`KeyboardRequest.paths(model:)`), checked: paths inside `root`,
    /// no two diagrams writing one file. Nothing is laid out: a large spec is planned in little
    /// memory, and its diagrams laid out as they render.
    public func plannedFiles(under root: URL, builder: KeyboardDiagramBuilder) throws(SpecError) -> [[String]] {
        var planned: [[String]] = []
        var writers: [String: SpecLocation] = [:]
        var resolver = OutputPaths.Resolver(root: root)
        for diagram in diagrams {
            let model: KeyboardDiagramModel
            do { model = try diagram.request.model(builder: builder) } catch {
                throw SpecError(error.description, at: diagram.location)
            }
            var files: [String] = []
            for relative in diagram.request.paths(model: model) {
                do { try resolver.check(relative) } catch {
                    throw SpecError(error.description, at: diagram.outputLocation)
                }
                let key = (try? OutputPaths.components(of: relative).joined(separator: "/")) ?? relative
                if let first = writers[key] {
                    throw SpecError("\(key) is already written by the diagram at line \(first.line ?? 0)", at: diagram.outputLocation)
                }
                writers[key] = diagram.location
                files.append(key)
            }
            planned.append(files)
        }
        return planned
    }

    /// Every diagram's geometry as one JSON array, each element as `keyboard --json` prints a
    /// single diagram.
    public func geometryJSON(builder: KeyboardDiagramBuilder) throws -> Data {
        let parts = try diagrams.map { try $0.request.geometryJSON(builder: builder) }
        var data = Data("[\n".utf8)
        for (index, part) in parts.enumerated() {
            data += part + Data((index == parts.count - 1 ? "\n" : ",\n").utf8)
        }
        return data + Data("]\n".utf8)
    }

    /// How the file is read: a batch spec's shape with a `diagrams` list, each of the keyboard kind.
    static let reader = SpecEntries(listKey: "diagrams", entryName: "diagram", allowsBareList: true,
                                    kinds: [KeyboardRequest.schema])

    /// Reads a spec file; errors name it `displayName` (as the user typed it) or its path.
    /// Diagrams without a `scale` or `quality` take `scale` and `quality`.
    public static func load(contentsOf url: URL, displayName: String? = nil, builder: KeyboardDiagramBuilder,
                            scale: Double = 2, quality: Int? = nil) throws(SpecError) -> KeyboardSpecFile {
        let name = displayName ?? url.path
        return try parse(SpecFile.text(of: url, displayName: name), file: name, builder: builder, scale: scale, quality: quality)
    }

    /// Parses spec text; `file` names it in errors, and diagrams without a `scale` or `quality`
    /// take `scale` and `quality`.
    public static func parse(_ text: String, file: String, builder: KeyboardDiagramBuilder,
                             scale: Double = 2, quality: Int? = nil) throws(SpecError) -> KeyboardSpecFile {
        var diagrams: [Diagram] = []
        var notes: [String] = []
        for entry in try reader.read(SpecFile.compose(text, file: file)) {
            let output = try outputPath(of: entry)
            var fields = entry.fields
            let given = [("scale", String(scale)), ("quality", quality.map(String.init))]
            for case let (key, value?) in given where fields.values[key] == nil {
                fields.values[key] = LocatedNode(scalar: value, at: entry.location)
            }
            let request = try SpecDecoder.decode(KeyboardRequest.self, from: fields)
            var checked: KeyboardRequest
            do { checked = try request.checked(builder: builder, as: .spec) } catch {
                throw SpecError(error.message, at: fields.location(of: error.key))
            }
            checked.output = output
            diagrams.append(Diagram(request: checked, location: entry.location, outputLocation: entry.outputLocation))
            if let alias = request.aliasResolution(catalog: builder.catalog) {
                notes.append("\(fields.location(of: "device")): \(alias)")
            }
        }
        return KeyboardSpecFile(file: file, diagrams: diagrams, notes: notes)
    }

    /// A diagram's `output`: a path inside the output folder.
    private static func outputPath(of entry: SpecEntry) throws(SpecError) -> String? {
        guard let node = entry.output else { return nil }
        guard case let .scalar(path, isNull) = node.content, !isNull, !path.isEmpty else {
            throw SpecError("`output` needs a path", at: node.location)
        }
        do { _ = try OutputPaths.components(of: path) } catch {
            throw SpecError(error.description, at: node.location)
        }
        return path
    }
}
