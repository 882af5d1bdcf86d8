import BatchRendering
import CardRenderSupport
import Drawing
import Foundation
import KeyboardDiagrams
import SpecFiles

/// A file of keyboard diagrams for `keyboard --spec`, in the batch spec's keyboard schema: each
/// diagram has the keys of a `kind: keyboard` job (decoded and checked by `KeyboardRequest`,
/// the same code), plus `output`, the diagram's own file name:
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
    /// The diagrams to draw, resolved against the catalog.
    public var diagrams: KeyboardDiagramSpec
    /// Each diagram's PNG pixels per point.
    public var scales: [Double]
    /// Lossy quality of the files whose format has one (`--quality`); nil: lossless.
    public var quality: Int?
    /// What the command says before drawing: each device named by an alias, what it is drawn as
    /// (`diagrams.yaml:4:5: iphone-13 is drawn as iphone-12, …`).
    public var notes: [String] = []

    /// A spec of `diagrams`, each drawn at the scale of the same index.
    public init(diagrams: KeyboardDiagramSpec, scales: [Double], notes: [String] = []) {
        self.diagrams = diagrams
        self.scales = scales
        self.notes = notes
    }

    /// One diagram the command line describes, as a spec of one.
    public init(single order: KeyboardDiagramOrder, scale: Double) {
        let nowhere = SpecLocation(file: "")
        diagrams = KeyboardDiagramSpec(file: "", entries: [
            KeyboardDiagramSpec.Entry(order: order, location: nowhere, outputLocation: nowhere),
        ])
        scales = [scale]
    }

    /// Renders every diagram into `out`: every file is planned (paths checked inside `out`, no
    /// two diagrams writing one file) before the folder is made or anything renders. Diagrams are
    /// laid out a chunk at a time, just before they render: laying out every diagram of a large
    /// spec first held gigabytes. `written` hears of each file, in spec order.
    @discardableResult
    public func write(into out: URL, builder: KeyboardDiagramBuilder, workers: Int, maxPixels: Int,
                      written: (WrittenFile) -> Void = { _ in }) throws -> Int {
        let files = try diagrams.plannedFiles(under: out, builder: builder)
        let entries = diagrams.entries
        var count = 0
        let chunk = max(16, workers * 8)
        for start in stride(from: 0, to: entries.count, by: chunk) {
            var planned: [OutputUnit] = []
            for index in start..<min(start + chunk, entries.count) {
                planned += try units(entries[index], files[index], scale: scales[index], builder: builder)
            }
            let plan = OutputPlan(units: planned)
            try plan.checkBudget(maxPixels: maxPixels)
            if start == 0 { try AtomicFile.prepareDirectory(out) }
            for file in try plan.write(into: out, workers: workers, maxPixels: maxPixels) { written(file) }
            count += planned.count
        }
        return count
    }

    /// One entry's files: its diagram in each format, or its animation (frames as units of their own).
    private func units(_ entry: KeyboardDiagramSpec.Entry, _ files: [(path: String, format: OutputFormat)],
                       scale: Double, builder: KeyboardDiagramBuilder) throws -> [OutputUnit] {
        guard entry.order.animate else {
            let picture = try diagrams.diagram(for: entry, builder: builder).picture
            return files.map { FileToRender($0.path, picture, format: $0.format, resolution: .scale(scale)).atQuality(quality).unit }
        }
        let frames: KeyboardAnimationFrames
        do { frames = try entry.order.animationFrames(builder: builder) } catch {
            throw KeyboardSpecError(location: entry.location, message: String(describing: error))
        }
        let output = KeyboardAnimationOutput(frames: frames, resolution: .scale(scale))
        return try files.map { try output.unit($0.path, format: $0.format) }
    }

    /// Every diagram's geometry as one JSON array, each element as `keyboard --json` prints a
    /// single diagram.
    public func geometryJSON(builder: KeyboardDiagramBuilder) throws -> Data {
        let parts = try diagrams.entries.map { try $0.order.geometryJSON(builder: builder) }
        var data = Data("[\n".utf8)
        for (index, part) in parts.enumerated() {
            data += part + Data((index == parts.count - 1 ? "\n" : ",\n").utf8)
        }
        return data + Data("]\n".utf8)
    }

    /// The keys the file's top level may hold.
    static let topLevelKeys = ["defaults", "diagrams"]
    /// The keys a diagram may hold: a keyboard request's and `output`.
    static let diagramKeys = KeyboardRequest.keys + ["output"]

    /// Reads a spec file; errors name it `displayName` (as the user typed it) or its path.
    /// Diagrams without a `scale` take `scale`.
    public static func load(contentsOf url: URL, displayName: String? = nil, builder: KeyboardDiagramBuilder,
                            scale: Double = 2) throws(SpecError) -> KeyboardSpecFile {
        let name = displayName ?? url.path
        return try parse(SpecFile.text(of: url, displayName: name), file: name, builder: builder, scale: scale)
    }

    /// Parses spec text; `file` names it in errors, and diagrams without a `scale` take `scale`.
    public static func parse(_ text: String, file: String, builder: KeyboardDiagramBuilder,
                             scale: Double = 2) throws(SpecError) -> KeyboardSpecFile {
        let reader = Reader(file: file, builder: builder, scale: scale)
        return try reader.read(SpecFile.compose(text, file: file))
    }
}

private struct Reader {
    let file: String
    let builder: KeyboardDiagramBuilder
    let scale: Double

    func read(_ root: LocatedNode) throws(SpecError) -> KeyboardSpecFile {
        var defaults: [String: LocatedNode] = [:]
        let list: LocatedNode
        switch root.content {
        case .list:
            list = root
        case let .mapping(entries):
            var diagrams: LocatedNode?
            for entry in entries {
                switch entry.key {
                case "defaults": defaults = try values(of: entry.value, isDefaults: true).values
                case "diagrams": diagrams = entry.value
                default: throw SpecFile.unknown(entry.key, at: entry.keyLocation, valid: KeyboardSpecFile.topLevelKeys)
                }
            }
            guard let diagrams else { throw SpecError("the spec needs a \"diagrams\" list", at: root.location) }
            list = diagrams
        case .scalar:
            throw SpecError("the spec must be a list of diagrams or a mapping with \"defaults\" and \"diagrams\"",
                            at: root.location)
        }
        guard case let .list(items) = list.content else { throw SpecError("\"diagrams\" must be a list", at: list.location) }
        guard !items.isEmpty else { throw SpecError("\"diagrams\" is empty", at: list.location) }
        var entries: [KeyboardDiagramSpec.Entry] = []
        var scales: [Double] = []
        var notes: [String] = []
        for item in items {
            let (given, output) = try values(of: item, isDefaults: false)
            var merged = defaults.merging(given) { _, own in own }
            if merged["scenario"] != nil {
                // Defaults such as a device do not apply to a scenario, which fixes them.
                for key in KeyboardRequest.fixedByScenario.map(\.rawValue) where given[key] == nil { merged[key] = nil }
            }
            if merged["scale"] == nil { merged["scale"] = LocatedNode(scalar: String(scale), at: item.location) }
            let fields = SpecFields(values: merged, location: item.location)
            let request = try SpecDecoder.decode(KeyboardRequest.self, from: fields)
            var order: KeyboardDiagramOrder
            do { order = try request.order(builder: builder, as: .spec) } catch {
                throw SpecError(error.message, at: fields.location(of: error.key))
            }
            order.output = output?.path
            entries.append(KeyboardDiagramSpec.Entry(order: order, location: item.location,
                                                     outputLocation: output?.location ?? item.location))
            scales.append(request.scale)
            if let alias = request.aliasResolution(catalog: builder.catalog) {
                notes.append("\(fields.location(of: "device")): \(alias)")
            }
        }
        return KeyboardSpecFile(diagrams: KeyboardDiagramSpec(file: file, entries: entries), scales: scales, notes: notes)
    }

    /// A diagram's (or the defaults') values by key, and its `output`.
    private func values(of node: LocatedNode, isDefaults: Bool) throws(SpecError)
        -> (values: [String: LocatedNode], output: (path: String, location: SpecLocation)?) {
        guard case let .mapping(entries) = node.content else {
            throw SpecError(isDefaults ? "\"defaults\" must be a mapping of keys" : "each diagram must be a mapping of keys",
                            at: node.location)
        }
        var values: [String: LocatedNode] = [:]
        var output: (path: String, location: SpecLocation)?
        for entry in entries {
            let (name, value) = (entry.key, entry.value)
            guard KeyboardSpecFile.diagramKeys.contains(name) else {
                throw SpecFile.unknown(name, at: entry.keyLocation, valid: KeyboardSpecFile.diagramKeys)
            }
            if name == "output" {
                if isDefaults { throw SpecError("`output` names one diagram's file and cannot be a default", at: entry.keyLocation) }
                guard case let .scalar(path, isNull) = value.content, !isNull, !path.isEmpty else {
                    throw SpecError("`output` needs a path", at: value.location)
                }
                do { _ = try OutputPaths.components(of: path) } catch {
                    throw SpecError(error.description, at: value.location)
                }
                output = (path, value.location)
                continue
            }
            try value.checkValueOrList(name)
            values[name] = value
        }
        return (values, output)
    }
}

extension KeyboardDiagramSpec {
    /// Every entry's files under `root`, each diagram laid out, at `resolution` for PNG: paths
    /// that leave `root` and two entries writing the same file are refused first.
    public func outputs(under root: URL, builder: KeyboardDiagramBuilder,
                        resolution: Resolution = .scale(1)) throws(KeyboardSpecError) -> [[FileToRender]] {
        let files = try plannedFiles(under: root, builder: builder)
        var planned: [[FileToRender]] = []
        for (entry, files) in zip(entries, files) {
            let picture = try diagram(for: entry, builder: builder).picture
            planned.append(files.map { FileToRender($0.path, picture, format: $0.format, resolution: resolution) })
        }
        return planned
    }
}
