import CardRenderSupport
import Drawing
import Foundation
import KeyboardDiagrams
import SpecFiles

/// One keyboard-overlap diagram (`cardrender keyboard`, `kind: keyboard`, and each diagram of a
/// `keyboard --spec` file): names as given, checked against the catalog by `order(builder:as:)`.
public struct KeyboardRequest: RenderRequest, Equatable {
    /// The device id or alias from the catalog; nil needs explicit frames.
    public var device: String?
    /// `portrait` or `landscape`; nil: portrait.
    public var orientation: String?
    /// The avoidance strategy whose mistake or fix is drawn.
    public var strategy: String?
    /// A catalog scenario that fixes the device, orientation and strategy.
    public var scenario: String?
    /// The mistake to draw, by name, instead of a strategy.
    public var mistake: String?
    /// `x,y,w,h` in screen coordinates.
    public var keyboardFrame: String?
    /// The view's frame, `x,y,w,h` in screen coordinates.
    public var viewFrame: String?
    /// nil: the keyboard's default (with the predictive bar).
    public var predictive: Bool?
    /// Draws this many steps of the keyboard sliding in, side by side; nil: a single picture.
    public var filmstrip: Int?
    /// The keyboard sliding in as an animated PNG and SVG (`KeyboardAnimationOutput`) instead of a still.
    public var animate: Bool?
    /// `en`, `ko`, `ja` or `zh-Hans`; nil: English.
    public var language: String?
    /// The formats the diagram is written in.
    public var formats: [OutputFormat] = [.png]
    /// Lossy quality of the formats that have one (WebP, 0 to 100); nil: lossless.
    public var quality: Int?
    /// PNG pixels per point.
    public var scale = 2.0

    /// A request for one diagram; names are checked against the catalog later.
    public init(device: String? = nil, orientation: String? = nil, strategy: String? = nil, scenario: String? = nil,
                mistake: String? = nil, keyboardFrame: String? = nil, viewFrame: String? = nil,
                predictive: Bool? = nil, filmstrip: Int? = nil, language: String? = nil, formats: [OutputFormat] = [.png],
                scale: Double = 2) {
        self.device = device
        self.orientation = orientation
        self.strategy = strategy
        self.scenario = scenario
        self.mistake = mistake
        self.keyboardFrame = keyboardFrame
        self.viewFrame = viewFrame
        self.predictive = predictive
        self.filmstrip = filmstrip
        self.language = language
        self.formats = formats
        self.scale = scale
    }

    enum Key: String, CodingKey, CaseIterable, Sendable {
        case device, orientation, strategy, scenario, mistake, keyboardFrame = "keyboard-frame",
             viewFrame = "view-frame", predictive, filmstrip, animate, language, format, quality, scale
    }

    /// The spec keys a `keyboard` job accepts.
    public static let keys = Key.allCases.map(\.rawValue)
    /// Keys a scenario fixes, so a diagram of a scenario cannot set them.
    static let fixedByScenario: [Key] = [.device, .orientation, .predictive, .keyboardFrame, .viewFrame]

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        device = try container.decodeIfPresent(String.self, forKey: .device)
        orientation = try container.decodeIfPresent(String.self, forKey: .orientation)
        strategy = try container.decodeIfPresent(String.self, forKey: .strategy)
        scenario = try container.decodeIfPresent(String.self, forKey: .scenario)
        mistake = try container.decodeIfPresent(String.self, forKey: .mistake)
        keyboardFrame = try container.decodeIfPresent(FrameText.self, forKey: .keyboardFrame)?.text
        viewFrame = try container.decodeIfPresent(FrameText.self, forKey: .viewFrame)?.text
        predictive = try container.decodeIfPresent(Bool.self, forKey: .predictive)
        filmstrip = try container.decodeIfPresent(Int.self, forKey: .filmstrip)
        animate = try container.decodeIfPresent(Bool.self, forKey: .animate)
        language = try container.decodeIfPresent(String.self, forKey: .language)
        formats = try container.decodeIfPresent(FormatList.self, forKey: .format)?.formats ?? formats
        quality = try container.decodeIfPresent(Int.self, forKey: .quality)
        scale = try container.value(.scale, or: scale)
    }

    public func validate(as source: RequestSource) throws(RequestError) {
        let builder: KeyboardDiagramBuilder
        do { builder = KeyboardDiagramBuilder(catalog: try DeviceCatalog.bundled()) } catch {
            throw RequestError(error.description)
        }
        _ = try order(builder: builder, as: source)
        try FormatList.validate(quality: quality, for: formats, as: source)
    }

    /// The diagram the request describes, every name and combination checked.
    /// When `device` is an alias, what it is drawn as, for the command to say:
    /// `iphone-13 is drawn as iphone-12, iPhone 12/13/14 (6.1-inch, notch)`; nil for an id or no device.
    public func aliasResolution(catalog: DeviceCatalog) -> String? {
        guard let device, let resolved = try? catalog.device(named: device),
              resolved.id.lowercased() != device.trimmingCharacters(in: .whitespaces).lowercased() else { return nil }
        return "\(device) is drawn as \(resolved.id), \(resolved.name)"
    }

    /// Resolves the names against `builder`'s catalog into an order; errors name the key as `source` spells it.
    public func order(builder: KeyboardDiagramBuilder, as source: RequestSource) throws(RequestError) -> KeyboardDiagramOrder {
        try Self.checkScale(scale, as: source)
        if let filmstrip, !(1...KeyboardDiagram.maximumFilmstripFrames).contains(filmstrip) {
            throw RequestError("\(source.name("filmstrip")) takes 1 to \(KeyboardDiagram.maximumFilmstripFrames) frames, got \(filmstrip)",
                               key: "filmstrip")
        }
        if scenario != nil, let fixed = Self.fixedByScenario.first(where: { isGiven($0) }) {
            throw RequestError("\(source.name(fixed.rawValue)) cannot be combined with \(source.name("scenario")): the scenario fixes it",
                               key: fixed.rawValue)
        }
        if mistake != nil, filmstrip != nil {
            throw RequestError("\(source.name("mistake")) and \(source.name("filmstrip")) draw different diagrams; pick one",
                               key: "filmstrip")
        }
        if animate == true {
            for (key, given) in [("filmstrip", filmstrip != nil), ("mistake", mistake != nil)] where given {
                throw RequestError("\(source.name("animate")) and \(source.name(key)) draw different diagrams; pick one", key: key)
            }
            if let format = formats.first(where: { !KeyboardAnimationOutput.formats.contains($0) }) {
                throw RequestError("\(source.name("animate")) writes png and svg; \(format.fileExtension) cannot hold an animation",
                                   key: "format")
            }
        }
        var order = KeyboardDiagramOrder(formats: formats)
        // Device ids and scenario names cannot be guessed: their errors list them.
        if let device {
            do { order.device = try builder.catalog.device(named: device).id } catch {
                throw Self.unknown("device", device, error, valid: builder.catalog.devices.map(\.id))
            }
        }
        if let scenario {
            do { order.scenario = try builder.scenario(named: scenario).id } catch {
                throw Self.unknown("scenario", scenario, error, valid: builder.scenarios.map(\.id))
            }
        }
        order.orientation = try orientation.map { name throws(RequestError) in
            try Self.named(name, "orientation") { try? Orientation.named($0) }
        }
        order.strategy = try strategy.map { name throws(RequestError) in
            try Self.named(name, "strategy") { try? AvoidanceStrategy.named($0) }
        }
        do { order.keyboardFrame = try keyboardFrame.map { try FrameInput.parse($0, name: source.name("keyboard-frame")) } } catch {
            throw RequestError(String(describing: error), key: "keyboard-frame")
        }
        do { order.viewFrame = try viewFrame.map { try FrameInput.parse($0, name: source.name("view-frame")) } } catch {
            throw RequestError(String(describing: error), key: "view-frame")
        }
        order.predictive = predictive
        order.filmstrip = filmstrip
        order.animate = animate ?? false
        if let language { order.language = try Self.named(language, "language", parse: DiagramLanguage.named) }
        if let mistake { order.mistake = try Self.named(mistake, "mistake", parse: KeyboardMistake.named) }
        // Built once so every remaining problem (a mistake the strategy cannot make) surfaces now.
        let model: KeyboardDiagramModel
        do { model = try order.model(builder: builder) } catch { throw RequestError(error.description) }
        if order.animate {
            do { _ = try KeyboardAnimationFrames(model: model) } catch { throw RequestError(String(describing: error), key: "animate") }
        }
        if let parsed = order.mistake, model.result.geometry.outcome(of: parsed, strategy: model.strategy,
                                                                        language: model.language) == nil {
            throw RequestError(KeyboardDiagramError.mistakeNotApplicable(parsed, model.strategy).description, key: "mistake")
        }
        return order
    }

    /// PNG pixels per point: more than 0, at most 8.
    public static func checkScale(_ scale: Double, as source: RequestSource) throws(RequestError) {
        guard scale.isFinite, scale > 0, scale <= 8 else {
            throw RequestError("\(source.name("scale")) must be between 0 and 8, got \(scale)", key: "scale")
        }
    }

    func isGiven(_ key: Key) -> Bool {
        switch key {
        case .device: device != nil
        case .orientation: orientation != nil
        case .predictive: predictive != nil
        case .keyboardFrame: keyboardFrame != nil
        case .viewFrame: viewFrame != nil
        default: false
        }
    }

    /// Forgets what a scenario fixes (defaults of a spec that a scenario's diagram does not take).
    mutating func clear(_ key: Key) {
        switch key {
        case .device: device = nil
        case .orientation: orientation = nil
        case .predictive: predictive = nil
        case .keyboardFrame: keyboardFrame = nil
        case .viewFrame: viewFrame = nil
        default: break
        }
    }

    private static func unknown(_ kind: String, _ name: String, _ error: KeyboardInputError, valid: [String]) -> RequestError {
        switch error {
        case let .unknownDevice(_, suggestion), let .unknownScenario(_, suggestion):
            unknown(kind, name, suggestion: suggestion, valid: valid)
        default:
            RequestError(error.description, key: kind)
        }
    }

    /// `name` as one of `T`'s cases, as `parse` reads it; otherwise the one message every keyboard
    /// option gives: `unknown strategy "magic"; valid strategies: …`, after "did you mean" when close.
    public static func named<T: CaseIterable & RawRepresentable>(_ name: String, _ kind: String,
                                                                  parse: (String) -> T?) throws(RequestError) -> T
        where T.RawValue == String {
        if let value = parse(name) { return value }
        let names = T.allCases.map(\.rawValue)
        throw unknown(kind, name, suggestion: NearestName.suggestion(for: name, among: names), valid: names)
    }

    /// `unknown device "ipone-x"; did you mean "iphone-x"? (valid devices: …)`: names a user cannot
    /// guess are listed, after the nearest one when it is close.
    static func unknown(_ kind: String, _ name: String, suggestion: String?, valid: [String]) -> RequestError {
        RequestError(NearestName.unknown(kind, name, suggestion: suggestion, valid: valid), key: kind)
    }

    /// The files of the diagram as the command names them (`keyboard/<name>.<ext>`), laid out.
    public func plan() throws -> OutputPlan {
        let builder = KeyboardDiagramBuilder(catalog: try DeviceCatalog.bundled())
        let order = try order(builder: builder, as: .commandLine)
        // A batch job names its device by alias as a docs author wrote it: say what is drawn.
        let warnings = aliasResolution(catalog: builder.catalog).map { [$0] } ?? []
        if order.animate {
            let frames = try order.animationFrames(builder: builder)
            let base = KeyboardDiagramSpec.strippingExtension(order.output ?? order.defaultOutput(model: frames.model))
            let output = KeyboardAnimationOutput(frames: frames, resolution: .scale(scale))
            return OutputPlan(units: try output.units(base: base, formats: order.formats), warnings: warnings)
        }
        let diagram = try order.diagram(builder: builder)
        let base = KeyboardDiagramSpec.strippingExtension(order.output ?? order.defaultOutput(model: diagram.model))
        return OutputPlan(files: FileToRender.all(base, diagram.picture, formats: order.formats, resolution: .scale(scale))
                            .map { $0.atQuality(quality) },
                          warnings: warnings)
    }

    /// The same paths as `plan()` without laying out the diagram, and a cost estimate for
    /// shards: what a batch needs before it renders.
    public func plannedOutputs() throws -> (paths: [String], cost: Double) {
        let builder = KeyboardDiagramBuilder(catalog: try DeviceCatalog.bundled())
        let order = try order(builder: builder, as: .commandLine)
        let model = try order.model(builder: builder)
        let base = KeyboardDiagramSpec.strippingExtension(order.output ?? order.defaultOutput(model: model))
        // Diagrams are about 1200×1000 pt; a filmstrip about three times that; an animation's
        // frames (31 for curve 7) about 1080×800 each.
        let step = model.result
        let points = order.animate
            ? 860_000.0 * Double(step.animation.frameTimes(frameRate: step.timing.frameRate,
                                                            minimumFrames: KeyboardAnimationFrames.minimumFrames).count)
            : 1_200_000.0 * (order.filmstrip == nil ? 1 : 3)
        let cost = order.formats.reduce(0) { $0 + points * ($1.isRaster ? scale * scale : 1) }
        return (order.formats.map { base + "." + $0.fileExtension }, cost)
    }
}

/// A frame as `"0,409,375,258"` or, in a spec, `[0, 409, 375, 258]`: kept as the text the
/// frame parser reads, so both spellings are checked by the same code.
struct FrameText: Decodable {
    var text: String

    init(from decoder: any Decoder) throws {
        if let items = try? decoder.singleValueContainer().decode([Item].self) {
            text = items.map { $0.text ?? "" }.joined(separator: ",")
        } else {
            text = try decoder.singleValueContainer().decode(String.self)
        }
    }

    /// One number of the list; anything but a scalar makes the frame malformed, said of the whole frame.
    struct Item: Decodable {
        var text: String?
        init(from decoder: any Decoder) throws { text = try? decoder.singleValueContainer().decode(String.self) }
    }
}
