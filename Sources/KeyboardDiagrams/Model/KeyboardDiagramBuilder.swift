import CardRenderSupport
import Drawing
import Foundation
import Geometry

/// Where the reacting view sits.
public enum ViewPlacement: Sendable, Equatable {
    /// The whole screen (the view controller's view of a full-screen window).
    case fullScreen
    /// A frame in interface (window) coordinates: a form sheet, a Split View column.
    case frame(CGRect)
}

/// What to compute: a device, an orientation, a strategy and optional overrides.
public struct KeyboardDiagramRequest: Sendable, Equatable {
    /// A catalog id or alias (`iphone-8`, `iphone-7`).
    public var deviceID: String
    /// Portrait or landscape.
    public var orientation: Orientation
    /// How the app moves its content out of the keyboard's way.
    public var strategy: AvoidanceStrategy
    /// Keyboard with the predictive (QuickType) bar.
    public var showsPredictiveBar: Bool
    /// The notification's end frame in screen coordinates; nil: the catalog's docked keyboard.
    /// A frame entirely off screen is valid and means the keyboard is hiding.
    public var keyboardFrame: CGRect?
    /// The view's frame in window coordinates; nil: full screen.
    public var viewFrame: CGRect?
    /// The view sits in a tab bar controller (its safe area includes the tab bar).
    public var hasTabBar: Bool
    /// How the keyboard is docked (iPad: undocked, split, floating).
    public var docking: KeyboardDocking
    /// False for another app's keyboard, which the reactions ignore.
    public var isLocal: Bool
    /// The language of the notes and of the diagram drawn from the model.
    public var language: DiagramLanguage

    /// A request; the defaults draw the 4.7-inch iPhone in portrait with `bottomOffset`.
    public init(deviceID: String = "iphone-8", orientation: Orientation = .portrait,
                strategy: AvoidanceStrategy = .bottomOffset, showsPredictiveBar: Bool = true,
                keyboardFrame: CGRect? = nil, viewFrame: CGRect? = nil, hasTabBar: Bool = false,
                docking: KeyboardDocking = .docked, isLocal: Bool = true, language: DiagramLanguage = .english) {
        self.deviceID = deviceID
        self.orientation = orientation
        self.strategy = strategy
        self.showsPredictiveBar = showsPredictiveBar
        self.keyboardFrame = keyboardFrame
        self.viewFrame = viewFrame
        self.hasTabBar = hasTabBar
        self.docking = docking
        self.isLocal = isLocal
        self.language = language
    }
}

/// One keyboard notification and everything computed from it.
public struct KeyboardStep: Sendable, Equatable {
    /// The device in this step's orientation.
    public var metrics: DeviceMetrics
    /// The screen and its coordinate convention at this step.
    public var screen: ScreenSpace
    /// The notification as the app receives it.
    public var event: KeyboardEvent
    /// What the reactions compute from the notification.
    public var geometry: OverlapGeometry
    /// The strategy whose value the step reports.
    public var strategy: AvoidanceStrategy
    /// The number the strategy produces (`geometry.value(for: strategy)`).
    public var value: CGFloat { geometry.value(for: strategy) }
    /// Each classic mistake next to the right value (empty for the layout guide).
    public var mistakes: [MistakeOutcome] { geometry.mistakes(for: strategy) }
    /// What the event's curve number means (the catalog's animation figures).
    public var timing: KeyboardTiming
    /// The keyboard's movement, in view coordinates.
    public var animation: KeyboardAnimation {
        KeyboardAnimation(beginFrame: geometry.keyboardBeginFrameInView, endFrame: geometry.keyboardFrameInView,
                          reportedDuration: event.animationDuration, rawCurve: event.animationCurve, timing: timing)
    }
    /// What happens at this step, for captions.
    public var note: String

    /// `count` frames across the keyboard animation, each with the geometry of that moment.
    public func filmstrip(count: Int) throws(KeyboardInputError) -> [FilmstripFrame] {
        try animation.sampleTimes(count: count).map(moment(at:))
    }

    /// The geometry `time` seconds after the notification, the keyboard where the animation has it.
    public func moment(at time: Double) -> FilmstripFrame {
        let animation = animation
        let frame = animation.frame(at: time)
        let onScreen = KeyboardOverlap.intersection(
            of: geometry.view.convertToWindow(frame), with: screen.interfaceBounds) != nil
        let moment = OverlapGeometry(
            keyboardFrameInView: frame, keyboardBeginFrameInView: geometry.keyboardBeginFrameInView,
            reportedKeyboardFrame: geometry.reportedKeyboardFrame, eventKind: event.kind,
            isKeyboardOnScreen: onScreen, isIgnored: geometry.isIgnored, view: geometry.view,
            toolbarHeight: geometry.toolbarFrameBefore.height, docking: geometry.docking)
        return FilmstripFrame(time: time, progress: animation.progress(at: time), geometry: moment)
    }
}

/// One moment of the keyboard animation.
public struct FilmstripFrame: Sendable, Equatable {
    /// Seconds since the notification.
    public var time: Double
    /// 0 at the begin frame, 1 at the end frame.
    public var progress: Double
    /// The geometry with the keyboard where it is at `time`.
    public var geometry: OverlapGeometry
}

/// Everything a keyboard diagram shows, and what `cardrender keyboard --json` prints.
public struct KeyboardDiagramModel: Sendable, Equatable {
    /// The catalog device.
    public var device: DeviceSpec
    /// The strategy every step reports.
    public var strategy: AvoidanceStrategy
    /// Set when built from a named scenario.
    public var scenario: KeyboardScenario?
    /// One per notification, in order; never empty.
    public var steps: [KeyboardStep]
    /// The language of the notes, and of every text of a diagram drawn from the model.
    public var language: DiagramLanguage = .english

    /// The last notification's step: the state the diagram's "after" shows.
    public var result: KeyboardStep { steps[steps.count - 1] }
}

extension KeyboardStep: Encodable {
    private enum CodingKeys: String, CodingKey {
        case device, orientation, interfaceOrientation, coordinates, event, log, strategy, quantity, value
        case geometry, mistakes, animation, note
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(metrics, forKey: .device)
        try container.encode(metrics.orientation, forKey: .orientation)
        try container.encode(screen.interfaceOrientation, forKey: .interfaceOrientation)
        try container.encode(screen.convention, forKey: .coordinates)
        try container.encode(event, forKey: .event)
        try container.encode(event.logDescription, forKey: .log)
        try container.encode(strategy, forKey: .strategy)
        try container.encode(strategy.quantityName, forKey: .quantity)
        try container.encodeLength(value, forKey: .value)
        try container.encode(geometry, forKey: .geometry)
        try container.encode(mistakes, forKey: .mistakes)
        try container.encode(animation, forKey: .animation)
        try container.encode(note, forKey: .note)
    }
}

extension FilmstripFrame: Encodable {
    private enum CodingKeys: String, CodingKey { case time, progress, keyboardFrameInView, bottomOffset, geometry }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(time, forKey: .time)
        try container.encode(progress, forKey: .progress)
        try container.encodeRect(geometry.keyboardFrameInView, forKey: .keyboardFrameInView)
        try container.encodeLength(geometry.bottomOffset, forKey: .bottomOffset)
        try container.encode(geometry, forKey: .geometry)
    }
}

extension KeyboardDiagramModel: Encodable {
    private enum CodingKeys: String, CodingKey { case device, strategy, scenario, result, steps }

    private struct ResultJSON: Encodable {
        let step: KeyboardStep
        private enum CodingKeys: String, CodingKey {
            case keyboardFrameInView, intersection, bottomOffset, contentInsetBottom, scrollIndicatorInsetBottom
            case toolbarFrameBefore, toolbarFrameAfter, layoutGuideTop, value, quantity
        }
        func encode(to encoder: any Encoder) throws {
            let geometry = step.geometry
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeRect(geometry.keyboardFrameInView, forKey: .keyboardFrameInView)
            try container.encodeRectOrNull(geometry.intersection, forKey: .intersection)
            try container.encodeLength(geometry.bottomOffset, forKey: .bottomOffset)
            try container.encodeLength(geometry.contentInsetBottom, forKey: .contentInsetBottom)
            try container.encodeLength(geometry.scrollIndicatorInsetBottom, forKey: .scrollIndicatorInsetBottom)
            try container.encodeRect(geometry.toolbarFrameBefore, forKey: .toolbarFrameBefore)
            try container.encodeRect(geometry.toolbarFrameAfter, forKey: .toolbarFrameAfter)
            try container.encodeLength(geometry.layoutGuideTop, forKey: .layoutGuideTop)
            try container.encode(step.strategy.quantityName, forKey: .quantity)
            try container.encodeLength(step.value, forKey: .value)
        }
    }

    private struct DeviceJSON: Encodable {
        let id: String, name: String, family: DeviceFamily
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(DeviceJSON(id: device.id, name: device.name, family: device.family), forKey: .device)
        try container.encode(strategy, forKey: .strategy)
        try container.encodeIfPresent(scenario, forKey: .scenario)
        try container.encode(ResultJSON(step: result), forKey: .result)
        try container.encode(steps, forKey: .steps)
    }
}

/// Builds diagram models from requests or named scenarios.
public struct KeyboardDiagramBuilder: Sendable {
    /// The devices and figures every build uses.
    public let catalog: DeviceCatalog
    /// The named edge cases, made from this catalog's figures.
    public let scenarios: [KeyboardScenario]

    /// A builder over `catalog`, with the scenarios made from its figures.
    public init(catalog: DeviceCatalog) {
        self.catalog = catalog
        self.scenarios = KeyboardScenario.library(catalog: catalog)
    }

    /// The scenario with this id, or an error suggesting the nearest id.
    public func scenario(named name: String) throws(KeyboardInputError) -> KeyboardScenario {
        let key = name.trimmingCharacters(in: .whitespaces).lowercased()
        if let scenario = scenarios.first(where: { $0.id == key }) { return scenario }
        throw .unknownScenario(name, suggestion: NearestName.suggestion(for: name, among: scenarios.map(\.id)))
    }

    /// Computes one notification for a device, with the catalog's keyboard unless overridden.
    public func build(_ request: KeyboardDiagramRequest) throws(KeyboardInputError) -> KeyboardDiagramModel {
        let device = try catalog.device(named: request.deviceID)
        let keyboardOverride = try request.keyboardFrame.map { frame throws(KeyboardInputError) in
            try FrameInput.validated(frame, name: "keyboard frame")
        }
        let viewOverride = try request.viewFrame.map { frame throws(KeyboardInputError) in
            try FrameInput.validated(frame, name: "view frame")
        }
        let metrics = device.metrics(for: request.orientation)
        let screen = ScreenSpace(portraitSize: device.portraitSize,
                                 interfaceOrientation: InterfaceOrientation(request.orientation))
        let timing = catalog.animation.timing
        let docked = KeyboardEvent.docked(.willShow, height: metrics.keyboardHeight(predictive: request.showsPredictiveBar),
                                          screen: screen, timing: timing, isLocal: request.isLocal)
        let event: KeyboardEvent
        let note: String
        if let end = keyboardOverride {
            if KeyboardOverlap.intersection(of: end, with: screen.screenBounds) == nil {
                // Off screen: the keyboard is leaving from where it was docked.
                event = KeyboardEvent(kind: .willHide, frameBegin: docked.frameEnd, frameEnd: end, timing: timing,
                                      isLocal: request.isLocal)
                note = request.language.text(.noteOffScreenFrame, [KeyboardFormat.frame(end)])
            } else {
                let begin = CGRect(x: end.minX, y: screen.screenBounds.maxY, width: end.width, height: end.height)
                event = KeyboardEvent(kind: .willShow, frameBegin: begin, frameEnd: end, timing: timing, isLocal: request.isLocal)
                note = request.language.text(.noteGivenFrame, [KeyboardFormat.frame(end)])
            }
        } else {
            event = docked
            note = request.language.text(request.showsPredictiveBar ? .noteDockedPredictive : .noteDockedNoPredictive)
        }
        let view = Self.hostView(placement: viewOverride.map(ViewPlacement.frame) ?? .fullScreen,
                                 metrics: metrics, tabBar: request.hasTabBar)
        let step = self.step(metrics: metrics, screen: screen, event: event, view: view,
                             docking: request.docking, strategy: request.strategy, note: note)
        return KeyboardDiagramModel(device: device, strategy: request.strategy, scenario: nil, steps: [step],
                                    language: request.language)
    }

    /// Computes every notification of a named scenario; `strategy` nil uses the scenario's own.
    public func build(scenario name: String, strategy: AvoidanceStrategy? = nil,
                      language: DiagramLanguage = .english) throws(KeyboardInputError) -> KeyboardDiagramModel {
        try build(scenario(named: name), strategy: strategy, language: language)
    }

    /// The scenario's notifications computed, its title, notes and expectation in `language`.
    public func build(_ scenario: KeyboardScenario, strategy: AvoidanceStrategy? = nil,
                      language: DiagramLanguage = .english) throws(KeyboardInputError) -> KeyboardDiagramModel {
        let scenario = language == .english ? scenario
            : KeyboardScenario.library(catalog: catalog, language: language).first { $0.id == scenario.id } ?? scenario
        let device = try catalog.device(named: scenario.deviceID)
        guard !scenario.steps.isEmpty else { throw .emptyScenario(scenario.id) }
        let strategy = strategy ?? scenario.strategy
        let steps = scenario.steps.map { scenarioStep in
            let orientation = scenarioStep.interfaceOrientation.orientation
            let metrics = device.metrics(for: orientation)
            let screen = ScreenSpace(portraitSize: device.portraitSize,
                                     interfaceOrientation: scenarioStep.interfaceOrientation,
                                     convention: scenario.convention)
            let view = Self.hostView(placement: scenario.viewPlacement, metrics: metrics, tabBar: scenario.hasTabBar)
            return self.step(metrics: metrics, screen: screen, event: scenarioStep.event, view: view,
                             docking: scenario.docking, strategy: strategy, note: scenarioStep.note)
        }
        return KeyboardDiagramModel(device: device, strategy: strategy, scenario: scenario, steps: steps, language: language)
    }

    static func hostView(placement: ViewPlacement, metrics: DeviceMetrics, tabBar: Bool) -> HostView {
        switch placement {
        case .fullScreen:
            return HostView.fullScreen(metrics, tabBar: tabBar)
        case .frame(let frame):
            return HostView.placed(at: frame, screenSize: metrics.screenSize, screenSafeArea: metrics.safeAreaInsets,
                                   tabBarHeight: tabBar ? metrics.tabBarHeight : 0)
        }
    }

    func step(metrics: DeviceMetrics, screen: ScreenSpace, event: KeyboardEvent, view: HostView,
              docking: KeyboardDocking, strategy: AvoidanceStrategy, note: String) -> KeyboardStep {
        let geometry = OverlapGeometry(event: event, screen: screen, view: view,
                                       toolbarHeight: metrics.toolbarHeight, docking: docking)
        return KeyboardStep(metrics: metrics, screen: screen, event: event, geometry: geometry,
                            strategy: strategy, timing: catalog.animation.timing, note: note)
    }
}
