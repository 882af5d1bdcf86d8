import CardRenderSupport
import Drawing
import Foundation
import SpecFiles
import Yams

/// A problem in a keyboard diagram spec (or in an order given on the command line).
public typealias KeyboardSpecError = SpecError

/// One diagram to draw: what the command line's options or one entry of a spec file ask for.
public struct KeyboardDiagramOrder: Sendable, Equatable {
    public var device: String?
    public var orientation: Orientation?
    public var strategy: AvoidanceStrategy?
    public var scenario: String?
    public var predictive: Bool?
    public var keyboardFrame: CGRect?
    public var viewFrame: CGRect?
    public var mistake: KeyboardMistake?
    /// Frames of an animation filmstrip (nil: a before/after diagram).
    public var filmstrip: Int?
    public var formats: [OutputFormat]
    /// Path under the output folder without extension; nil: a name made from the order.
    public var output: String?

    public init(device: String? = nil, orientation: Orientation? = nil, strategy: AvoidanceStrategy? = nil,
                scenario: String? = nil, predictive: Bool? = nil, keyboardFrame: CGRect? = nil, viewFrame: CGRect? = nil,
                mistake: KeyboardMistake? = nil, filmstrip: Int? = nil, formats: [OutputFormat] = [.png],
                output: String? = nil) {
        self.device = device
        self.orientation = orientation
        self.strategy = strategy
        self.scenario = scenario
        self.predictive = predictive
        self.keyboardFrame = keyboardFrame
        self.viewFrame = viewFrame
        self.mistake = mistake
        self.filmstrip = filmstrip
        self.formats = formats
        self.output = output
    }

    /// The geometry: from the scenario when one is named, else from the request.
    public func model(builder: KeyboardDiagramBuilder) throws(KeyboardInputError) -> KeyboardDiagramModel {
        if let scenario {
            return try builder.build(scenario: scenario, strategy: strategy)
        }
        let request = KeyboardDiagramRequest(
            deviceID: device ?? "iphone-8", orientation: orientation ?? .portrait, strategy: strategy ?? .bottomOffset,
            showsPredictiveBar: predictive ?? true, keyboardFrame: keyboardFrame, viewFrame: viewFrame)
        return try builder.build(request)
    }

    public var variant: KeyboardDiagramVariant {
        if let filmstrip { return .filmstrip(frames: filmstrip) }
        if let mistake { return .mistake(mistake) }
        return .beforeAfter
    }

    /// The geometry and the laid-out diagram (no rendering yet).
    public func diagram(builder: KeyboardDiagramBuilder, style: DiagramStyle? = nil) throws -> KeyboardDiagram {
        try KeyboardDiagram(model: model(builder: builder), variant: variant, style: style)
    }

    /// `keyboard/iphone-8-portrait-bottom-offset`, `keyboard/scenario-tab-bar-content-inset-mistake-safe-area-twice` …
    public func defaultOutput(model: KeyboardDiagramModel) -> String {
        var name: String
        if let scenario = model.scenario {
            name = "scenario-\(scenario.id)-\(model.strategy.rawValue)"
        } else {
            name = "\(model.device.id)-\(model.result.metrics.orientation.rawValue)-\(model.strategy.rawValue)"
            if predictive == false { name += "-no-predictive" }
            if keyboardFrame != nil || viewFrame != nil { name += "-custom" }
        }
        if let mistake { name += "-mistake-\(mistake.rawValue)" }
        if let filmstrip { name += "-filmstrip-\(filmstrip)" }
        return "keyboard/" + name
    }
}

/// A list of diagrams in YAML or JSON, with shared defaults:
///
/// ```yaml
/// defaults:
///   device: iphone-8
///   formats: [png, svg]
/// diagrams:
///   - strategy: bottom-offset
///     output: notes/bottom-offset
///   - scenario: hardware-keyboard
///     mistake: height-not-intersection
/// ```
///
/// A bare list of diagrams is accepted too. Names are checked against the catalog while
/// reading, so every error points at the line and column that caused it.
public struct KeyboardDiagramSpec: Sendable {
    public struct Entry: Sendable {
        public var order: KeyboardDiagramOrder
        public var location: SpecLocation
        /// Where the entry's `output` value is (or the entry itself without one).
        public var outputLocation: SpecLocation

        public init(order: KeyboardDiagramOrder, location: SpecLocation, outputLocation: SpecLocation) {
            self.order = order
            self.location = location
            self.outputLocation = outputLocation
        }
    }

    public var file: String
    public var entries: [Entry]

    public init(file: String, entries: [Entry]) {
        self.file = file
        self.entries = entries
    }

    /// The keys a diagram (or `defaults`) may have.
    public static let diagramKeys = [
        "device", "orientation", "strategy", "scenario", "predictive", "keyboard-frame", "view-frame", "mistake",
        "filmstrip", "formats", "output",
    ]
    public static let topLevelKeys = ["defaults", "diagrams"]
    /// Keys that only make sense without a scenario (the scenario fixes them).
    static let requestOnlyKeys: Set<String> = ["device", "orientation", "predictive", "keyboard-frame", "view-frame"]

    /// Reads a spec file; errors name it `displayName` (as the user typed it) or its path.
    public static func load(contentsOf url: URL, displayName: String? = nil,
                            builder: KeyboardDiagramBuilder) throws(KeyboardSpecError) -> KeyboardDiagramSpec {
        let name = displayName ?? url.path
        return try parse(SpecFile.text(of: url, displayName: name), file: name, builder: builder)
    }

    public static func parse(_ text: String, file: String, builder: KeyboardDiagramBuilder) throws(KeyboardSpecError) -> KeyboardDiagramSpec {
        var reader = SpecReader(file: file, builder: builder)
        return KeyboardDiagramSpec(file: file, entries: try reader.read(text))
    }

    /// Resolves every entry's output files under `root`, refusing paths that leave it and two
    /// entries writing the same file. Call before rendering anything.
    public func outputs(under root: URL, builder: KeyboardDiagramBuilder) throws(KeyboardSpecError) -> [PlannedDiagram] {
        let files = try plannedFiles(under: root, builder: builder)
        var planned: [PlannedDiagram] = []
        for (entry, files) in zip(entries, files) {
            planned.append(PlannedDiagram(diagram: try diagram(for: entry, builder: builder), files: files))
        }
        return planned
    }

    /// Lays out one entry's diagram (its geometry was checked when the spec was read).
    public func diagram(for entry: Entry, builder: KeyboardDiagramBuilder) throws(KeyboardSpecError) -> KeyboardDiagram {
        do { return try KeyboardDiagram(model: try entry.order.model(builder: builder), variant: entry.order.variant) } catch {
            throw KeyboardSpecError(location: entry.location, message: String(describing: error))
        }
    }

    /// Each entry's files, checked as `outputs` checks them, without laying out any diagram:
    /// a large spec is planned in little memory, and its diagrams laid out as they render.
    public func plannedFiles(under root: URL, builder: KeyboardDiagramBuilder) throws(KeyboardSpecError) -> [[PlannedDiagram.File]] {
        var planned: [[PlannedDiagram.File]] = []
        var writers: [String: SpecLocation] = [:]
        var resolver = OutputPaths.Resolver(root: root)
        for entry in entries {
            let base: String
            if let output = entry.order.output {
                base = output
            } else {
                do { base = entry.order.defaultOutput(model: try entry.order.model(builder: builder)) } catch {
                    throw KeyboardSpecError(location: entry.location, message: error.description)
                }
            }
            var files: [(String, OutputFormat)] = []
            for format in entry.order.formats {
                let relative = Self.strippingExtension(base) + "." + format.fileExtension
                do { try resolver.check(relative) } catch {
                    throw KeyboardSpecError(location: entry.outputLocation, message: error.description)
                }
                let key = (try? OutputPaths.components(of: relative).joined(separator: "/")) ?? relative
                if let first = writers[key] {
                    throw KeyboardSpecError(location: entry.outputLocation,
                                            message: "\(key) is already written by the diagram at line \(first.line ?? 0)")
                }
                writers[key] = entry.location
                files.append((key, format))
            }
            planned.append(files.map { PlannedDiagram.File(relativePath: $0.0, format: $0.1) })
        }
        return planned
    }

    /// `notes/a.png` → `notes/a` when the extension is an output format (the format list decides).
    public static func strippingExtension(_ path: String) -> String {
        let ext = (path as NSString).pathExtension.lowercased()
        return OutputFormat(rawValue: ext) == nil ? path : (path as NSString).deletingPathExtension
    }

}

/// A laid-out diagram and the files it becomes, relative to the output folder.
public struct PlannedDiagram: Sendable {
    public struct File: Sendable, Equatable {
        public var relativePath: String
        public var format: OutputFormat
    }

    public var diagram: KeyboardDiagram
    public var files: [File]
}

/// Turns composed YAML nodes into orders, checking every key and value where it stands.
private struct SpecReader {
    let file: String
    let builder: KeyboardDiagramBuilder

    func location(_ node: Node?) -> SpecLocation { SpecFile.location(of: node, in: file) }

    func fail(_ node: Node?, _ message: String) -> KeyboardSpecError {
        KeyboardSpecError(location: location(node), message: message)
    }

    mutating func read(_ text: String) throws(KeyboardSpecError) -> [KeyboardDiagramSpec.Entry] {
        let root = try SpecFile.compose(text, file: file)
        var defaults = KeyboardDiagramOrder()
        var defaultKeys: Set<String> = []
        let list: Node
        switch root {
        case .sequence:
            list = root
        case let .mapping(mapping):
            var diagrams: Node?
            for (name, key, value) in try SpecFile.pairs(of: mapping, in: file) {
                switch name {
                case "defaults":
                    defaultKeys = try apply(value, to: &defaults, isDefaults: true)
                case "diagrams":
                    diagrams = value
                default:
                    throw SpecFile.unknown(name, at: location(key), valid: KeyboardDiagramSpec.topLevelKeys)
                }
            }
            guard let diagrams else { throw fail(root, "the spec needs a \"diagrams\" list") }
            list = diagrams
        case .scalar:
            throw fail(root, "the spec must be a list of diagrams or a mapping with \"defaults\" and \"diagrams\"")
        }
        guard case let .sequence(items) = list else { throw fail(list, "\"diagrams\" must be a list") }
        guard !items.isEmpty else { throw fail(list, "\"diagrams\" is empty") }
        var entries: [KeyboardDiagramSpec.Entry] = []
        for item in items {
            var order = defaults
            let keys = try apply(item, to: &order, isDefaults: false)
            if order.scenario != nil {
                // Defaults such as a device do not apply to a scenario, which fixes them.
                for key in defaultKeys.subtracting(keys) where KeyboardDiagramSpec.requestOnlyKeys.contains(key) {
                    clear(key, in: &order)
                }
            }
            var outputNode: Node? = item
            if case let .mapping(mapping) = item, let output = mapping.first(where: { $0.key.string == "output" }) {
                outputNode = output.value
            }
            try check(order, item: item)
            entries.append(KeyboardDiagramSpec.Entry(order: order, location: location(item), outputLocation: location(outputNode)))
        }
        return entries
    }

    /// Applies one mapping's keys to `order`; returns the keys it set.
    private func apply(_ node: Node, to order: inout KeyboardDiagramOrder, isDefaults: Bool) throws(KeyboardSpecError) -> Set<String> {
        guard case let .mapping(mapping) = node else {
            throw fail(node, isDefaults ? "\"defaults\" must be a mapping of keys" : "each diagram must be a mapping of keys")
        }
        var keys: Set<String> = []
        for (name, key, value) in try SpecFile.pairs(of: mapping, in: file) {
            guard KeyboardDiagramSpec.diagramKeys.contains(name) else {
                throw SpecFile.unknown(name, at: location(key), valid: KeyboardDiagramSpec.diagramKeys)
            }
            if isDefaults, name == "output" { throw fail(key, "\"output\" names one diagram's file and cannot be a default") }
            try set(name, value, in: &order)
            keys.insert(name)
        }
        if !isDefaults, order.scenario != nil {
            for name in keys.intersection(KeyboardDiagramSpec.requestOnlyKeys).sorted() {
                let key = mapping.first { $0.key.string == name }?.key
                throw fail(key, "\"\(name)\" cannot be combined with \"scenario\": the scenario fixes it")
            }
        }
        return keys
    }

    private func clear(_ key: String, in order: inout KeyboardDiagramOrder) {
        switch key {
        case "device": order.device = nil
        case "orientation": order.orientation = nil
        case "predictive": order.predictive = nil
        case "keyboard-frame": order.keyboardFrame = nil
        case "view-frame": order.viewFrame = nil
        default: break
        }
    }

    private func scalarString(_ node: Node, _ key: String) throws(KeyboardSpecError) -> String {
        guard case let .scalar(scalar) = node, !scalar.string.isEmpty, node.null == nil || scalar.style != .plain else {
            throw fail(node, "\"\(key)\" needs a value")
        }
        return scalar.string
    }

    private func set(_ key: String, _ value: Node, in order: inout KeyboardDiagramOrder) throws(KeyboardSpecError) {
        switch key {
        case "device":
            let name = try scalarString(value, key)
            do { order.device = try builder.catalog.device(named: name).id } catch { throw fail(value, error.description) }
        case "orientation":
            let name = try scalarString(value, key)
            do { order.orientation = try Orientation.named(name) } catch { throw fail(value, error.description) }
        case "strategy":
            let name = try scalarString(value, key)
            do { order.strategy = try AvoidanceStrategy.named(name) } catch { throw fail(value, error.description) }
        case "scenario":
            let name = try scalarString(value, key)
            do { order.scenario = try builder.scenario(named: name).id } catch { throw fail(value, error.description) }
        case "mistake":
            let name = try scalarString(value, key)
            guard let mistake = KeyboardMistake.named(name) else {
                let names = KeyboardMistake.allCases.map(\.rawValue)
                let suggestion = NearestName.suggestion(for: name, among: names)
                let hint = suggestion == nil ? " (\(names.joined(separator: ", ")))" : NearestName.hint(suggesting: suggestion)
                throw fail(value, "unknown mistake \"\(name)\"" + hint)
            }
            order.mistake = mistake
        case "predictive":
            guard case .scalar = value, let flag = value.bool else { throw fail(value, "\"predictive\" must be true or false") }
            order.predictive = flag
        case "filmstrip":
            guard case .scalar = value, let count = value.int else { throw fail(value, "\"filmstrip\" must be a whole number of frames") }
            guard (1...FilmstripComposer.maximumFrames).contains(count) else {
                throw fail(value, "\"filmstrip\" must be between 1 and \(FilmstripComposer.maximumFrames) frames, not \(count)")
            }
            order.filmstrip = count
        case "keyboard-frame", "view-frame":
            let rect = try frame(value, key)
            if key == "keyboard-frame" { order.keyboardFrame = rect } else { order.viewFrame = rect }
        case "formats":
            order.formats = try formats(value)
        case "output":
            let path = try scalarString(value, key)
            do { _ = try OutputPaths.components(of: path) } catch { throw fail(value, error.description) }
            order.output = path
        default:
            break
        }
    }

    /// `"0,409,375,258"` or `[0, 409, 375, 258]`.
    private func frame(_ node: Node, _ key: String) throws(KeyboardSpecError) -> CGRect {
        do {
            switch node {
            case let .scalar(scalar):
                return try FrameInput.parse(scalar.string, name: key)
            case let .sequence(items):
                let numbers = items.compactMap { item -> Double? in
                    guard case .scalar = item else { return nil }
                    return item.float
                }
                guard numbers.count == 4, items.count == 4 else {
                    throw KeyboardInputError.malformedFrame(name: key, text: items.compactMap(\.string).joined(separator: ","))
                }
                return try FrameInput.validated(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3], name: key)
            case .mapping:
                throw KeyboardInputError.malformedFrame(name: key, text: "a mapping")
            }
        } catch let error as KeyboardInputError {
            throw fail(node, error.description)
        } catch {
            throw fail(node, String(describing: error))
        }
    }

    /// `png,svg` or `[png, svg]`.
    private func formats(_ node: Node) throws(KeyboardSpecError) -> [OutputFormat] {
        let names: [(String, Node)]
        switch node {
        case let .scalar(scalar): names = scalar.string.split(separator: ",").map { ($0.trimmingCharacters(in: .whitespaces), node) }
        case let .sequence(items): names = items.map { ($0.string ?? "", $0) }
        case .mapping: throw fail(node, "\"formats\" must be a list such as [png, svg]")
        }
        var result: [OutputFormat] = []
        for (name, item) in names {
            guard let format = OutputFormat(rawValue: name.lowercased()) else {
                let valid = OutputFormat.allCases.map(\.rawValue)
                let hint = NearestName.hint(for: name, among: valid)
                throw fail(item, "unknown format \"\(name)\" (png, svg, pdf)" + hint)
            }
            if !result.contains(format) { result.append(format) }
        }
        guard !result.isEmpty else { throw fail(node, "\"formats\" is empty") }
        return result
    }

    /// Checks what needs the whole entry: a mistake the strategy can make, a frame count.
    private func check(_ order: KeyboardDiagramOrder, item: Node) throws(KeyboardSpecError) {
        if order.mistake != nil, order.filmstrip != nil {
            throw fail(item, "a diagram is either a mistake panel or a filmstrip, not both")
        }
        let model: KeyboardDiagramModel
        do { model = try order.model(builder: builder) } catch { throw fail(item, error.description) }
        if let mistake = order.mistake, model.result.geometry.outcome(of: mistake, strategy: model.strategy) == nil {
            throw fail(item, KeyboardDiagramError.mistakeNotApplicable(mistake, model.strategy).description)
        }
    }
}
