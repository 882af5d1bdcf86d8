import Foundation

/// One notification of a scenario.
public struct ScenarioStep: Sendable, Equatable {
    /// The interface orientation when the notification arrives.
    public var interfaceOrientation: InterfaceOrientation
    /// The notification's frames and timing.
    public var event: KeyboardEvent
    /// What happens, for captions.
    public var note: String

    /// A step of a scenario.
    public init(_ interfaceOrientation: InterfaceOrientation, _ event: KeyboardEvent, note: String) {
        self.interfaceOrientation = interfaceOrientation
        self.event = event
        self.note = note
    }
}

/// A named edge case from public posts, Apple's documentation and issue trackers (docs/sources.md):
/// device, view, notifications and what should happen. Frames come from the catalog's figures, so
/// they follow the catalog.
public struct KeyboardScenario: Sendable, Equatable, Identifiable {
    /// Name for `--scenario`.
    public var id: String
    /// The title diagrams show.
    public var title: String
    /// The catalog device the scenario happens on.
    public var deviceID: String
    /// `.fixedPortrait` for the pre-iOS 8 scenarios.
    public var convention: ScreenCoordinateConvention
    /// The strategy the scenario is best shown with.
    public var strategy: AvoidanceStrategy
    /// Where the reacting view sits (full screen, form sheet, Split View column).
    public var viewPlacement: ViewPlacement
    /// Whether the view sits in a tab bar controller, which adds to its bottom safe area.
    public var hasTabBar: Bool
    /// How the keyboard is docked.
    public var docking: KeyboardDocking
    /// Never empty.
    public var steps: [ScenarioStep]
    /// What correct code does, and what goes wrong otherwise.
    public var expectedBehaviour: String
    /// Keyboard pieces on screen that no notification reports (floating keyboard, split halves),
    /// in interface coordinates of the last step. Illustrative sizes, for drawing only.
    public var illustrativeKeyboardFrames: [CGRect]

    /// Orientation of the last step.
    public var orientation: Orientation { steps.last?.interfaceOrientation.orientation ?? .portrait }

    /// Defaults: today's coordinates, full screen, no tab bar, a docked keyboard, nothing illustrative.
    public init(id: String, title: String, deviceID: String, convention: ScreenCoordinateConvention = .interfaceOriented,
                strategy: AvoidanceStrategy, viewPlacement: ViewPlacement = .fullScreen, hasTabBar: Bool = false,
                docking: KeyboardDocking = .docked, steps: [ScenarioStep], expectedBehaviour: String,
                illustrativeKeyboardFrames: [CGRect] = []) {
        self.id = id
        self.title = title
        self.deviceID = deviceID
        self.convention = convention
        self.strategy = strategy
        self.viewPlacement = viewPlacement
        self.hasTabBar = hasTabBar
        self.docking = docking
        self.steps = steps
        self.expectedBehaviour = expectedBehaviour
        self.illustrativeKeyboardFrames = illustrativeKeyboardFrames
    }
}

extension KeyboardScenario: Encodable {
    private enum CodingKeys: String, CodingKey {
        case id, title, device, coordinates, strategy, viewFrame, hasTabBar, docking, expectedBehaviour
        case illustrativeKeyboardFrames
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(title, forKey: .title)
        try container.encode(deviceID, forKey: .device)
        try container.encode(convention, forKey: .coordinates)
        try container.encode(strategy, forKey: .strategy)
        switch viewPlacement {
        case .fullScreen: try container.encode("full-screen", forKey: .viewFrame)
        case .frame(let frame): try container.encodeRect(frame, forKey: .viewFrame)
        }
        try container.encode(hasTabBar, forKey: .hasTabBar)
        try container.encode(docking, forKey: .docking)
        try container.encode(expectedBehaviour, forKey: .expectedBehaviour)
        try container.encode(illustrativeKeyboardFrames.map(RectJSON.init), forKey: .illustrativeKeyboardFrames)
    }
}

extension KeyboardScenario {
    /// The scenarios whose devices are in `catalog`, in a fixed order, their texts in `language`.
    static func library(catalog: DeviceCatalog, language: DiagramLanguage = .english) -> [KeyboardScenario] {
        let builders: [(DeviceCatalog, DiagramLanguage) -> KeyboardScenario?] = [
            hardwareKeyboard, floatingKeyboard, splitKeyboard, formSheet, formSheetOverlap, splitView,
            tabBar, notLocal, thirdPartyKeyboard, rotation, legacyLandscape, legacyLandscapeIPad, keyboardHidden,
        ]
        return builders.compactMap { $0(catalog, language) }
    }

    /// A device of the catalog in one orientation, with the catalog's keyboard animation: what
    /// every scenario starts from.
    private struct Setting {
        let device: DeviceSpec
        let metrics: DeviceMetrics
        let screen: ScreenSpace
        let timing: KeyboardTiming

        /// nil when the catalog has no such device (a trimmed catalog drops its scenarios).
        init?(_ catalog: DeviceCatalog, _ id: String, _ orientation: InterfaceOrientation,
              convention: ScreenCoordinateConvention = .interfaceOriented) {
            guard let device = try? catalog.device(named: id) else { return nil }
            self.device = device
            metrics = device.metrics(for: orientation.orientation)
            screen = ScreenSpace(portraitSize: device.portraitSize, interfaceOrientation: orientation, convention: convention)
            timing = catalog.animation.timing
        }

        var size: CGSize { screen.interfaceSize }

        /// A full-width docked keyboard (with the predictive bar unless `height` says otherwise)
        /// sliding in, or out for a hide.
        func docked(_ kind: KeyboardNotificationKind, height: CGFloat? = nil, isLocal: Bool = true) -> KeyboardEvent {
            KeyboardEvent.docked(kind, height: height ?? metrics.keyboardHeightWithPredictive, screen: screen,
                                 timing: timing, isLocal: isLocal)
        }

        func event(_ kind: KeyboardNotificationKind, from begin: CGRect, to end: CGRect) -> KeyboardEvent {
            KeyboardEvent(kind: kind, frameBegin: begin, frameEnd: end, timing: timing)
        }

        /// A scenario of one notification on this device, in this orientation and convention; the
        /// notification is the docked keyboard showing unless `event` says otherwise.
        func scenario(_ id: String, _ title: String, strategy: AvoidanceStrategy, viewPlacement: ViewPlacement = .fullScreen,
                      hasTabBar: Bool = false, docking: KeyboardDocking = .docked, event: KeyboardEvent? = nil, note: String,
                      expected: String, illustrativeKeyboardFrames: [CGRect] = []) -> KeyboardScenario {
            KeyboardScenario(id: id, title: title, deviceID: device.id, convention: screen.convention, strategy: strategy,
                             viewPlacement: viewPlacement, hasTabBar: hasTabBar, docking: docking,
                             steps: [ScenarioStep(screen.interfaceOrientation, event ?? docked(.willShow), note: note)],
                             expectedBehaviour: expected, illustrativeKeyboardFrames: illustrativeKeyboardFrames)
        }

        /// A view that does not fill the screen (a sheet, a Split View column) keeping its content
        /// above the docked keyboard with a bottom offset.
        func placedView(_ id: String, _ title: String, at frame: CGRect, isLocal: Bool = true, note: String,
                        expected: String) -> KeyboardScenario {
            scenario(id, title, strategy: .bottomOffset, viewPlacement: .frame(frame), event: docked(.willShow, isLocal: isLocal),
                     note: note, expected: expected)
        }
    }

    private static func n(_ value: CGFloat) -> String { KeyboardFormat.number(value) }

    static func hardwareKeyboard(_ catalog: DeviceCatalog, _ language: DiagramLanguage) -> KeyboardScenario? {
        let t = language.text
        guard let ipad = Setting(catalog, "ipad", .portrait) else { return nil }
        let m = ipad.metrics, size = ipad.size
        let bar = m.hardwareKeyboardBarHeight ?? 55
        let height = m.keyboardHeightWithPredictive
        let event = ipad.event(.willShow, from: CGRect(x: 0, y: size.height, width: size.width, height: height),
                               to: CGRect(x: 0, y: size.height - bar, width: size.width, height: height))
        return ipad.scenario(
            "hardware-keyboard", t(.scenarioHardwareTitle, []),
            strategy: .bottomOffset, docking: .hardwareKeyboard,
            event: event, note: t(.scenarioHardwareNote, [n(height), n(bar)]),
            expected: t(.scenarioHardwareExpected, [n(bar), n(height)]))
    }

    static func floatingKeyboard(_ catalog: DeviceCatalog, _ language: DiagramLanguage) -> KeyboardScenario? {
        let t = language.text
        guard let ipad = Setting(catalog, "ipad", .portrait) else { return nil }
        let m = ipad.metrics, size = ipad.size
        let event = ipad.event(.willChangeFrame, from: ipad.docked(.willShow).frameEnd, to: .zero)
        // Illustrative: the floating keyboard is phone-sized (320 pt wide, as the 4-inch iPhone's).
        let phone = (try? catalog.device(named: "iphone-5s"))?.metrics(for: .portrait).keyboardHeightWithPredictive ?? 253
        let floating = CGRect(x: (size.width - 320) / 2, y: size.height - phone - 120, width: 320, height: phone)
        return ipad.scenario(
            "floating-keyboard", t(.scenarioFloatingTitle, []),
            strategy: .layoutGuide, docking: .floating,
            event: event, note: t(.scenarioFloatingNote, []),
            expected: t(.scenarioFloatingExpected, [n(m.safeAreaInsets.bottom)]),
            illustrativeKeyboardFrames: [floating])
    }

    static func splitKeyboard(_ catalog: DeviceCatalog, _ language: DiagramLanguage) -> KeyboardScenario? {
        let t = language.text
        guard let ipad = Setting(catalog, "ipad", .landscapeRight) else { return nil }
        let m = ipad.metrics, size = ipad.size
        // Illustrative halves: about 30 % of the width each, raised off the bottom edge.
        let halfWidth = (size.width * 0.3).rounded(), halfHeight = m.keyboardHeight * 0.6
        let y = (size.height - halfHeight - size.height * 0.15).rounded()
        return ipad.scenario(
            "split-keyboard", t(.scenarioSplitTitle, []),
            strategy: .layoutGuide, docking: .split,
            event: ipad.docked(.willHide), note: t(.scenarioSplitNote, []),
            expected: t(.scenarioSplitExpected, [n(m.safeAreaInsets.bottom)]),
            illustrativeKeyboardFrames: [
                CGRect(x: 0, y: y, width: halfWidth, height: halfHeight),
                CGRect(x: size.width - halfWidth, y: y, width: halfWidth, height: halfHeight),
            ])
    }

    /// The catalog's form sheet centred across a screen of `size`: its bottom at `bottom`, or
    /// centred top to bottom too.
    private static func formSheetFrame(_ catalog: DeviceCatalog, in size: CGSize, bottom: CGFloat? = nil) -> CGRect {
        let width = catalog.presentations.formSheetWidth.points, height = catalog.presentations.formSheetHeight.points
        let y = bottom.map { $0 - height } ?? (size.height - height) / 2
        return CGRect(x: (size.width - width) / 2, y: y, width: width, height: height)
    }

    static func formSheet(_ catalog: DeviceCatalog, _ language: DiagramLanguage) -> KeyboardScenario? {
        let t = language.text
        guard let ipad = Setting(catalog, "ipad", .portrait) else { return nil }
        let m = ipad.metrics, size = ipad.size
        // Raised so its bottom is 31 pt above the keyboard's top, as UIKit lifts form sheets.
        let keyboardTop = size.height - m.keyboardHeightWithPredictive
        let frame = formSheetFrame(catalog, in: size, bottom: keyboardTop - 31)
        return ipad.placedView(
            "form-sheet", t(.scenarioFormSheetTitle, []), at: frame,
            note: t(.scenarioFormSheetNote, [n(frame.width), n(frame.height), n(frame.maxY), n(keyboardTop)]),
            expected: t(.scenarioFormSheetExpected, [n(m.keyboardHeightWithPredictive)]))
    }

    static func formSheetOverlap(_ catalog: DeviceCatalog, _ language: DiagramLanguage) -> KeyboardScenario? {
        let t = language.text
        guard let ipad = Setting(catalog, "ipad", .portrait) else { return nil }
        let m = ipad.metrics, size = ipad.size
        let frame = formSheetFrame(catalog, in: size)
        let covered = frame.maxY - (size.height - m.keyboardHeightWithPredictive)
        return ipad.placedView(
            "form-sheet-overlap", t(.scenarioSheetOverlapTitle, []), at: frame,
            note: t(.scenarioSheetOverlapNote, [KeyboardFormat.frame(frame)]),
            expected: t(.scenarioSheetOverlapExpected, [n(covered), n(m.keyboardHeightWithPredictive)]))
    }

    static func splitView(_ catalog: DeviceCatalog, _ language: DiagramLanguage) -> KeyboardScenario? {
        let t = language.text
        guard let ipad = Setting(catalog, "ipad", .landscapeRight) else { return nil }
        let m = ipad.metrics, size = ipad.size
        let column = catalog.presentations.splitViewNarrowColumnWidth.points
        let frame = CGRect(x: size.width - column, y: 0, width: column, height: size.height)
        return ipad.placedView(
            "split-view", t(.scenarioSplitViewTitle, []), at: frame,
            note: t(.scenarioSplitViewNote, [n(column), n(size.width)]),
            expected: t(.scenarioSplitViewExpected, [n(-frame.minX), n(m.keyboardHeightWithPredictive)]))
    }

    static func tabBar(_ catalog: DeviceCatalog, _ language: DiagramLanguage) -> KeyboardScenario? {
        let t = language.text
        guard let phone = Setting(catalog, "iphone-x", .portrait) else { return nil }
        let m = phone.metrics
        let safe = m.safeAreaInsets.bottom + m.tabBarHeight
        return phone.scenario(
            "tab-bar", t(.scenarioTabBarTitle, []),
            strategy: .contentInset, hasTabBar: true,
            note: t(.scenarioTabBarNote, [n(m.safeAreaInsets.bottom), n(m.tabBarHeight), n(safe)]),
            expected: t(.scenarioTabBarExpected, [n(m.keyboardHeightWithPredictive), n(safe),
                                                  n(m.keyboardHeightWithPredictive - safe), n(m.tabBarHeight)]))
    }

    static func notLocal(_ catalog: DeviceCatalog, _ language: DiagramLanguage) -> KeyboardScenario? {
        let t = language.text
        guard let ipad = Setting(catalog, "ipad", .landscapeRight) else { return nil }
        let m = ipad.metrics, size = ipad.size
        let column = catalog.presentations.splitViewNarrowColumnWidth.points
        let divider = catalog.presentations.splitViewDivider.points
        let frame = CGRect(x: 0, y: 0, width: size.width - column - divider, height: size.height)
        return ipad.placedView(
            "not-local", t(.scenarioNotLocalTitle, []), at: frame, isLocal: false,
            note: t(.scenarioNotLocalNote, []),
            expected: t(.scenarioNotLocalExpected, [n(m.safeAreaInsets.bottom), n(m.keyboardHeightWithPredictive)]))
    }

    static func thirdPartyKeyboard(_ catalog: DeviceCatalog, _ language: DiagramLanguage) -> KeyboardScenario? {
        let t = language.text
        guard let phone = Setting(catalog, "iphone-8", .portrait) else { return nil }
        let size = phone.size
        func frame(_ height: CGFloat, onScreen: Bool = true) -> CGRect {
            CGRect(x: 0, y: size.height - (onScreen ? height : 0), width: size.width, height: height)
        }
        // Heights a third-party keyboard reported in turn on iOS 8, as a public Q&A thread lists
        // them: 0 -> 216 -> 256.
        let first = phone.metrics.keyboardHeight, final: CGFloat = 256
        let steps = [
            ScenarioStep(.portrait, phone.event(.willShow, from: frame(0), to: frame(0)),
                         note: t(.scenarioThirdPartyFirstNote, [])),
            ScenarioStep(.portrait, phone.event(.willChangeFrame, from: frame(0), to: frame(first)),
                         note: t(.scenarioThirdPartySecondNote, [n(first)])),
            ScenarioStep(.portrait, phone.event(.willChangeFrame, from: frame(first), to: frame(final)),
                         note: t(.scenarioThirdPartyFinalNote, [n(final)])),
        ]
        return KeyboardScenario(
            id: "third-party-keyboard", title: t(.scenarioThirdPartyTitle, []),
            deviceID: phone.device.id, strategy: .bottomOffset, steps: steps,
            expectedBehaviour: t(.scenarioThirdPartyExpected, [n(first), n(final)]))
    }

    static func rotation(_ catalog: DeviceCatalog, _ language: DiagramLanguage) -> KeyboardScenario? {
        let t = language.text
        guard let portrait = Setting(catalog, "iphone-8", .portrait),
              let landscape = Setting(catalog, "iphone-8", .landscapeRight) else { return nil }
        let steps = [
            ScenarioStep(portrait.screen.interfaceOrientation, portrait.docked(.willShow),
                         note: t(.scenarioRotationPortraitNote, [])),
            ScenarioStep(landscape.screen.interfaceOrientation, landscape.docked(.willShow),
                         note: t(.scenarioRotationLandscapeNote, [])),
        ]
        let (before, after) = (portrait.metrics.keyboardHeightWithPredictive, landscape.metrics.keyboardHeightWithPredictive)
        return KeyboardScenario(
            id: "rotation", title: t(.scenarioRotationTitle, []),
            deviceID: portrait.device.id, strategy: .toolbar, steps: steps,
            expectedBehaviour: t(.scenarioRotationExpected, [n(before), n(after)]))
    }

    private static func legacy(_ catalog: DeviceCatalog, _ language: DiagramLanguage, id: String, deviceID: String,
                               orientation: InterfaceOrientation) -> KeyboardScenario? {
        let t = language.text
        guard let legacy = Setting(catalog, deviceID, orientation, convention: .fixedPortrait) else { return nil }
        let m = legacy.metrics
        // iOS 7 had no predictive bar.
        let event = legacy.docked(.willShow, height: m.keyboardHeight)
        let converted = legacy.screen.interfaceRect(fromScreen: event.frameEnd)
        return legacy.scenario(
            id, t(.scenarioLegacyTitle, [legacy.device.name]),
            strategy: .bottomOffset,
            event: event, note: t(.scenarioLegacyNote, [KeyboardFormat.frame(event.frameEnd), n(event.frameEnd.width),
                                                        n(event.frameEnd.height)]),
            expected: t(.scenarioLegacyExpected, [KeyboardFormat.frame(converted), n(m.keyboardHeight),
                                                  n(event.frameEnd.width), n(event.frameEnd.height)]))
    }

    static func legacyLandscape(_ catalog: DeviceCatalog, _ language: DiagramLanguage) -> KeyboardScenario? {
        legacy(catalog, language, id: "legacy-landscape", deviceID: "iphone-4s", orientation: .landscapeRight)
    }

    static func legacyLandscapeIPad(_ catalog: DeviceCatalog, _ language: DiagramLanguage) -> KeyboardScenario? {
        legacy(catalog, language, id: "legacy-landscape-ipad", deviceID: "ipad", orientation: .landscapeLeft)
    }

    static func keyboardHidden(_ catalog: DeviceCatalog, _ language: DiagramLanguage) -> KeyboardScenario? {
        let t = language.text
        guard let phone = Setting(catalog, "iphone-x", .portrait) else { return nil }
        return phone.scenario(
            "keyboard-hidden", t(.scenarioHiddenTitle, []),
            strategy: .bottomOffset,
            event: phone.docked(.willHide), note: t(.scenarioHiddenNote, []),
            expected: t(.scenarioHiddenExpected, [n(phone.metrics.safeAreaInsets.bottom)]))
    }
}
