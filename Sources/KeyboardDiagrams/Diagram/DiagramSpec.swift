import CardRenderSupport
import Drawing
import Foundation
import SpecFiles

/// A problem in a keyboard diagram spec (or in an order given on the command line).
public typealias KeyboardSpecError = SpecError

/// One diagram to draw: what the command line's options or one entry of a spec file ask for.
public struct KeyboardDiagramOrder: Sendable, Equatable {
    /// A catalog device name (nil: `iphone-8`, or the scenario's device).
    public var device: String?
    /// The device's orientation (nil: portrait).
    public var orientation: Orientation?
    /// How the app reacts (nil: `bottomOffset`, or the scenario's own).
    public var strategy: AvoidanceStrategy?
    /// A named scenario to draw instead of a single device and keyboard.
    public var scenario: String?
    /// Whether the keyboard shows its predictive bar (nil: it does).
    public var predictive: Bool?
    /// A keyboard end frame to use instead of the catalog's, in screen coordinates.
    public var keyboardFrame: CGRect?
    /// The reacting view's frame, when it does not fill the screen.
    public var viewFrame: CGRect?
    /// A classic mistake to draw next to the right answer.
    public var mistake: KeyboardMistake?
    /// Frames of an animation filmstrip (nil: a before/after diagram).
    public var filmstrip: Int?
    /// The keyboard sliding in as an animation (`KeyboardAnimationFrames`) instead of a still.
    public var animate = false
    /// The files to write, one per format.
    public var formats: [OutputFormat]
    /// Path under the output folder without extension; nil: a name made from the order.
    public var output: String?
    /// The language of every text of the diagram (and of the notes in its JSON).
    public var language: DiagramLanguage

    /// An order; every value left out takes the default named on its property.
    public init(device: String? = nil, orientation: Orientation? = nil, strategy: AvoidanceStrategy? = nil,
                scenario: String? = nil, predictive: Bool? = nil, keyboardFrame: CGRect? = nil, viewFrame: CGRect? = nil,
                mistake: KeyboardMistake? = nil, filmstrip: Int? = nil, animate: Bool = false,
                formats: [OutputFormat] = [.png], output: String? = nil, language: DiagramLanguage = .english) {
        self.device = device
        self.orientation = orientation
        self.strategy = strategy
        self.scenario = scenario
        self.predictive = predictive
        self.keyboardFrame = keyboardFrame
        self.viewFrame = viewFrame
        self.mistake = mistake
        self.filmstrip = filmstrip
        self.animate = animate
        self.formats = formats
        self.output = output
        self.language = language
    }

    /// The scenario the order draws: the one named, else a mistake's own setting when nothing
    /// else (device, orientation, frames, predictive bar) is asked for.
    public var effectiveScenario: String? {
        if let scenario { return scenario }
        let describesSetting = device != nil || orientation != nil || predictive != nil || keyboardFrame != nil
            || viewFrame != nil
        return describesSetting ? nil : mistake?.defaultScenarioID
    }

    /// The geometry: from the scenario when one is named (or the mistake's default setting),
    /// else from the request.
    public func model(builder: KeyboardDiagramBuilder) throws(KeyboardInputError) -> KeyboardDiagramModel {
        if let scenario = effectiveScenario {
            return try builder.build(scenario: scenario, strategy: strategy, language: language)
        }
        let request = KeyboardDiagramRequest(
            deviceID: device ?? "iphone-8", orientation: orientation ?? .portrait, strategy: strategy ?? .bottomOffset,
            showsPredictiveBar: predictive ?? true, keyboardFrame: keyboardFrame, viewFrame: viewFrame, language: language)
        return try builder.build(request)
    }

    /// Which diagram the order asks for: before/after, a mistake, or a filmstrip.
    public var variant: KeyboardDiagramVariant {
        if let filmstrip { return .filmstrip(frames: filmstrip) }
        if let mistake { return .mistake(mistake) }
        return .beforeAfter
    }

    /// The frames of the animation (no rendering yet).
    public func animationFrames(builder: KeyboardDiagramBuilder) throws -> KeyboardAnimationFrames {
        try KeyboardAnimationFrames(model: model(builder: builder))
    }

    /// The geometry and the laid-out diagram (no rendering yet).
    public func diagram(builder: KeyboardDiagramBuilder) throws -> KeyboardDiagram {
        try KeyboardDiagram(model: model(builder: builder), variant: variant)
    }

    /// The same in a given style, so tests lay out many diagrams with the fonts loaded once.
    func diagram(builder: KeyboardDiagramBuilder, style: DiagramStyle) throws -> KeyboardDiagram {
        try KeyboardDiagram(model: model(builder: builder), variant: variant, style: style)
    }

    /// `keyboard/iphone-8-portrait-bottom-offset`, `keyboard/scenario-tab-bar-content-inset-mistake-safe-area-twice` …:
    /// a batch job's files, in the job's `keyboard` folder.
    public func defaultOutput(model: KeyboardDiagramModel) -> String {
        "keyboard/" + defaultName(model: model)
    }

    /// `iphone-8-portrait-bottom-offset`, `scenario-tab-bar-content-inset-mistake-safe-area-twice` …:
    /// what `cardrender keyboard` names a diagram directly under `--out`, as `card` names a card.
    public func defaultName(model: KeyboardDiagramModel) -> String {
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
        if animate { name += "-animated" }
        if language != .english { name += "-\(language.rawValue)" }
        return name
    }
}

/// A list of diagrams, each with where it was given (read from a file by the render pipeline's
/// `KeyboardSpecFile`, or one diagram from the command line), whose output files are planned
/// together so no two of them write the same file.
public struct KeyboardDiagramSpec: Sendable {
    /// One diagram of the spec and where it was written.
    public struct Entry: Sendable {
        /// What to draw.
        public var order: KeyboardDiagramOrder
        /// Where the entry is, for error messages.
        public var location: SpecLocation
        /// Where the entry's `output` value is (or the entry itself without one).
        public var outputLocation: SpecLocation

        /// An entry read at `location`.
        public init(order: KeyboardDiagramOrder, location: SpecLocation, outputLocation: SpecLocation) {
            self.order = order
            self.location = location
            self.outputLocation = outputLocation
        }
    }

    /// The spec file's name as errors show it.
    public var file: String
    /// The diagrams, in the file's order.
    public var entries: [Entry]

    /// A spec of `entries` read from `file`.
    public init(file: String, entries: [Entry]) {
        self.file = file
        self.entries = entries
    }

    /// Lays out one entry's diagram (its geometry was checked when the spec was read). An
    /// animation's entry has frames instead (`KeyboardDiagramOrder.animationFrames`): a still
    /// under its `-animated` name would misdescribe the file.
    public func diagram(for entry: Entry, builder: KeyboardDiagramBuilder) throws(KeyboardSpecError) -> KeyboardDiagram {
        guard !entry.order.animate else {
            throw KeyboardSpecError(location: entry.location, message: "an animation is drawn as frames, not as one diagram")
        }
        do { return try KeyboardDiagram(model: try entry.order.model(builder: builder), variant: entry.order.variant) } catch {
            throw KeyboardSpecError(location: entry.location, message: String(describing: error))
        }
    }

    /// Each entry's file paths and formats, checked (paths inside `root`, no two entries writing one file), without laying out
    /// any diagram: a large spec is planned in little memory, and its diagrams laid out as they render.
    public func plannedFiles(under root: URL, builder: KeyboardDiagramBuilder) throws(KeyboardSpecError)
        -> [[(path: String, format: OutputFormat)]] {
        var planned: [[(path: String, format: OutputFormat)]] = []
        var writers: [String: SpecLocation] = [:]
        var resolver = OutputPaths.Resolver(root: root)
        for entry in entries {
            let base: String
            if let output = entry.order.output {
                base = output
            } else {
                do { base = entry.order.defaultName(model: try entry.order.model(builder: builder)) } catch {
                    throw KeyboardSpecError(location: entry.location, message: error.description)
                }
            }
            var files: [(path: String, format: OutputFormat)] = []
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
            planned.append(files)
        }
        return planned
    }

    /// `notes/a.png` → `notes/a` when the extension is an output format (the format list decides).
    public static func strippingExtension(_ path: String) -> String {
        let ext = (path as NSString).pathExtension.lowercased()
        return OutputFormat(fileExtension: ext) == nil ? path : (path as NSString).deletingPathExtension
    }
}
