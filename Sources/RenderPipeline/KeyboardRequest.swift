import BatchRendering
import CardRenderSupport
import Drawing
import Foundation
import KeyboardDiagrams
import SpecFiles

/// One keyboard-overlap diagram, as `cardrender keyboard`'s options, a `kind: keyboard` job, a
/// diagram of a `keyboard --spec` file or a library user describe it: what to draw and how to
/// write it. Names are checked against the catalog by `checked(builder:as:)`; every value left
/// out takes the default named on its property.
public struct KeyboardRequest: RenderRequest, Equatable {
    /// A catalog device id or alias (nil: `iphone-8`, or the scenario's device).
    public var device: String?
    /// The device's orientation (nil: portrait).
    public var orientation: Orientation?
    /// How the app reacts (nil: `bottom-offset`, or the scenario's own).
    public var strategy: AvoidanceStrategy?
    /// A catalog scenario to draw; it fixes the device, orientation, frames and predictive bar.
    public var scenario: String?
    /// Whether the keyboard shows its predictive bar (nil: it does).
    public var predictive: Bool?
    /// A keyboard end frame to use instead of the catalog's, in screen coordinates.
    public var keyboardFrame: CGRect?
    /// The reacting view's frame, when it does not fill the screen.
    public var viewFrame: CGRect?
    /// A classic mistake to draw next to the right answer.
    public var mistake: KeyboardMistake?
    /// Draws this many steps of the keyboard sliding in, side by side (nil: a before/after diagram).
    public var filmstrip: Int?
    /// The keyboard sliding in as an animated PNG and SVG (`KeyboardAnimationOutput`) instead of a still.
    public var animate = false
    /// The formats the diagram is written in.
    public var formats: [OutputFormat]
    /// Path under the output folder (an output format's extension is dropped); nil: `defaultName(model:)`.
    public var output: String?
    /// The language of every text of the diagram (and of the notes in its JSON).
    public var language: DiagramLanguage
    /// Lossy quality of the formats that have one (WebP, 0 to 100); nil: lossless.
    public var quality: Int?
    /// PNG pixels per point.
    public var scale: Double

    /// A request for one diagram; names are checked against the catalog later.
    public init(device: String? = nil, orientation: Orientation? = nil, strategy: AvoidanceStrategy? = nil,
                scenario: String? = nil, predictive: Bool? = nil, keyboardFrame: CGRect? = nil, viewFrame: CGRect? = nil,
                mistake: KeyboardMistake? = nil, filmstrip: Int? = nil, animate: Bool = false,
                formats: [OutputFormat] = [.png], output: String? = nil, language: DiagramLanguage = .english,
                quality: Int? = nil, scale: Double = 2) {
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
        self.quality = quality
        self.scale = scale
    }

    enum Key: String, CodingKey, CaseIterable, Sendable {
        case device, orientation, strategy, scenario, mistake, keyboardFrame = "keyboard-frame",
             viewFrame = "view-frame", predictive, filmstrip, animate, language, format, quality, scale
    }

    /// The spec keys a keyboard diagram accepts (`output`, its file, is the spec's own key).
    public static let keys = Key.allCases.map(\.rawValue)
    /// Keys a scenario fixes, so a diagram of a scenario cannot set them.
    static let fixedByScenario: [Key] = [.device, .orientation, .predictive, .keyboardFrame, .viewFrame]
    /// The keys of a keyboard diagram in a spec (a batch job or a `keyboard --spec` diagram), and
    /// those its scenario keeps `defaults` from supplying.
    public static let schema = JobKindSchema(kind: "keyboard", keys: keys,
                                             fixedBy: [Key.scenario.rawValue: fixedByScenario.map(\.rawValue)])

    /// Reads a spec's keys (`keys`); a name that is not known is refused as the command line refuses it.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        self.init()
        device = try container.decodeIfPresent(String.self, forKey: .device)
        scenario = try container.decodeIfPresent(String.self, forKey: .scenario)
        orientation = try container.named(.orientation) { try? Orientation.named($0) }
        strategy = try container.named(.strategy) { try? AvoidanceStrategy.named($0) }
        mistake = try container.named(.mistake, parse: KeyboardMistake.named)
        language = try container.named(.language, parse: DiagramLanguage.named) ?? language
        keyboardFrame = try container.frame(.keyboardFrame)
        viewFrame = try container.frame(.viewFrame)
        predictive = try container.decodeIfPresent(Bool.self, forKey: .predictive)
        filmstrip = try container.decodeIfPresent(Int.self, forKey: .filmstrip)
        animate = try container.value(.animate, or: animate)
        formats = try container.decodeIfPresent(FormatList.self, forKey: .format)?.formats ?? formats
        quality = try container.decodeIfPresent(Int.self, forKey: .quality)
        scale = try container.value(.scale, or: scale)
    }

    /// Checks every value and combination against the bundled catalog (`checked(builder:as:)`).
    public func validate(as source: RequestSource) throws(RequestError) {
        let builder: KeyboardDiagramBuilder
        do { builder = KeyboardDiagramBuilder(catalog: try DeviceCatalog.bundled()) } catch {
            throw RequestError(error.description)
        }
        _ = try checked(builder: builder, as: source)
    }

    /// When `device` is an alias, what it is drawn as, for the command to say:
    /// `iphone-13 is drawn as iphone-12, iPhone 12/13/14 (6.1-inch, notch)`; nil for an id or no device.
    public func aliasResolution(catalog: DeviceCatalog) -> String? {
        guard let device, let resolved = try? catalog.device(named: device),
              resolved.id.lowercased() != device.trimmingCharacters(in: .whitespaces).lowercased() else { return nil }
        return "\(device) is drawn as \(resolved.id), \(resolved.name)"
    }

    /// The request with its device and scenario named by their catalog ids, every value and
    /// combination checked; errors name the key as `source` spells it.
    public func checked(builder: KeyboardDiagramBuilder, as source: RequestSource) throws(RequestError) -> KeyboardRequest {
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
        if animate {
            for (key, given) in [("filmstrip", filmstrip != nil), ("mistake", mistake != nil)] where given {
                throw RequestError("\(source.name("animate")) and \(source.name(key)) draw different diagrams; pick one", key: key)
            }
            if let format = formats.first(where: { !KeyboardAnimationOutput.formats.contains($0) }) {
                throw RequestError("\(source.name("animate")) writes png and svg; \(format.fileExtension) cannot hold an animation",
                                   key: "format")
            }
        }
        var request = self
        // Device ids and scenario names cannot be guessed: their errors list them.
        if let device {
            do { request.device = try builder.catalog.device(named: device).id } catch {
                throw Self.unknown("device", device, error, valid: builder.catalog.devices.map(\.id))
            }
        }
        if let scenario {
            do { request.scenario = try builder.scenario(named: scenario).id } catch {
                throw Self.unknown("scenario", scenario, error, valid: builder.scenarios.map(\.id))
            }
        }
        // Built once so every remaining problem (a mistake the strategy cannot make) surfaces now.
        let model: KeyboardDiagramModel
        do { model = try request.model(builder: builder) } catch { throw RequestError(error.description) }
        if animate {
            do { _ = try KeyboardAnimationFrames(model: model) } catch { throw RequestError(String(describing: error), key: "animate") }
        }
        if let mistake, model.result.geometry.outcome(of: mistake, strategy: model.strategy, language: model.language) == nil {
            throw RequestError(KeyboardDiagramError.mistakeNotApplicable(mistake, model.strategy).description, key: "mistake")
        }
        try FormatList.validate(quality: quality, for: formats, as: source)
        return request
    }

    /// PNG pixels per point: more than 0, at most 8.
    public static func checkScale(_ scale: Double, as source: RequestSource) throws(RequestError) {
        guard scale.isFinite, scale > 0, scale <= 8 else {
            throw RequestError("\(source.name("scale")) must be between 0 and 8, got \(scale)", key: "scale")
        }
    }

    /// A frame written `x,y,w,h`, checked; the error names it as `source` spells `key`.
    public static func frame(_ text: String, key: String, as source: RequestSource) throws(RequestError) -> CGRect {
        do { return try FrameInput.parse(text, name: source.name(key)) } catch {
            throw RequestError(String(describing: error), key: key)
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
}

extension KeyboardRequest {
    /// The scenario the request draws: the one named, else a mistake's own setting when nothing
    /// else (device, orientation, frames, predictive bar) is asked for.
    package var effectiveScenario: String? {
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

    /// Which diagram the request asks for: before/after, a mistake, or a filmstrip.
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

    /// What `cardrender keyboard --json` prints: the model's geometry, with the mistake's outcome
    /// or the filmstrip's frames when asked for.
    public func geometryJSON(builder: KeyboardDiagramBuilder) throws -> Data {
        try model(builder: builder).geometryJSON(mistake: mistake, filmstrip: filmstrip)
    }

    /// `iphone-8-portrait-bottom-offset`, `scenario-tab-bar-content-inset-mistake-safe-area-twice` …:
    /// the diagram's name without `output`, as `card` names a card.
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

extension KeyboardRequest {
    /// The diagram's files relative to the output folder, one per format: `output` (or the default
    /// name) with the format's extension. Every front end names a diagram's files here.
    public func paths(model: KeyboardDiagramModel) -> [String] {
        let base = Self.strippingExtension(output ?? defaultName(model: model))
        return formats.map { base + "." + $0.fileExtension }
    }

    /// The files at `paths` (one per format, in the order of `formats`): the diagram laid out from
    /// `model` in each format, or its animation, frames as units of their own.
    func units(at paths: [String], model: KeyboardDiagramModel) throws -> [OutputUnit] {
        guard animate else {
            let picture = try KeyboardDiagram(model: model, variant: variant).picture
            return zip(paths, formats).map { path, format in
                FileToRender(path, picture, format: format, resolution: .scale(scale)).atQuality(quality).unit
            }
        }
        let output = KeyboardAnimationOutput(frames: try KeyboardAnimationFrames(model: model), resolution: .scale(scale))
        return try zip(paths, formats).map { path, format in try output.unit(path, format: format) }
    }

    /// The files of the diagram as the command names them (`<name>.<ext>`), laid out.
    public func plan() throws -> OutputPlan {
        let builder = KeyboardDiagramBuilder(catalog: try DeviceCatalog.bundled())
        let request = try checked(builder: builder, as: .commandLine)
        // A batch job names its device by alias as a docs author wrote it: say what is drawn.
        let warnings = aliasResolution(catalog: builder.catalog).map { [$0] } ?? []
        let model = try request.model(builder: builder)
        return OutputPlan(units: try request.units(at: request.paths(model: model), model: model), warnings: warnings)
    }

    /// The same paths as `plan()` without laying out the diagram, and a cost estimate for
    /// shards: what a batch needs before it renders.
    public func plannedOutputs() throws -> (paths: [String], cost: Double) {
        let builder = KeyboardDiagramBuilder(catalog: try DeviceCatalog.bundled())
        let request = try checked(builder: builder, as: .commandLine)
        let model = try request.model(builder: builder)
        // Diagrams are about 1200×1000 pt; a filmstrip about three times that; an animation's
        // frames (31 for curve 7) about 1080×800 each.
        let step = model.result
        let points = animate
            ? 860_000.0 * Double(step.animation.frameTimes(frameRate: step.timing.frameRate,
                                                            minimumFrames: KeyboardAnimationFrames.minimumFrames).count)
            : 1_200_000.0 * (filmstrip == nil ? 1 : 3)
        let cost = formats.reduce(0) { $0 + points * ($1.isRaster ? scale * scale : 1) }
        return (request.paths(model: model), cost)
    }

    /// `notes/a.png` → `notes/a` when the extension is an output format (the format list decides).
    static func strippingExtension(_ path: String) -> String {
        let ext = (path as NSString).pathExtension.lowercased()
        return OutputFormat(fileExtension: ext) == nil ? path : (path as NSString).deletingPathExtension
    }
}

extension KeyedDecodingContainer where Key == KeyboardRequest.Key {
    /// The case of `T` a key names, refused with the message the command line gives.
    func named<T: CaseIterable & RawRepresentable>(_ key: Key, parse: (String) -> T?) throws -> T?
        where T.RawValue == String {
        guard let name = try decodeIfPresent(String.self, forKey: key) else { return nil }
        do { return try KeyboardRequest.named(name, key.rawValue, parse: parse) } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: codingPath + [key], debugDescription: error.message))
        }
    }

    /// A frame as `"0,409,375,258"` or `[0, 409, 375, 258]`, checked.
    func frame(_ key: Key) throws -> CGRect? {
        guard let text = try decodeIfPresent(FrameText.self, forKey: key)?.text else { return nil }
        do { return try KeyboardRequest.frame(text, key: key.rawValue, as: .spec) } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: codingPath + [key], debugDescription: error.message))
        }
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
