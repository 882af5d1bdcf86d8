import Foundation

/// One notification of a scenario.
public struct ScenarioStep: Sendable, Equatable {
    public var interfaceOrientation: InterfaceOrientation
    public var event: KeyboardEvent
    /// What happens, for captions.
    public var note: String

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
    public var title: String
    public var deviceID: String
    /// `.fixedPortrait` for the pre-iOS 8 scenarios.
    public var convention: ScreenCoordinateConvention
    /// The strategy the scenario is best shown with.
    public var strategy: AvoidanceStrategy
    public var viewPlacement: ViewPlacement
    public var hasTabBar: Bool
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
    /// The scenarios whose devices are in `catalog`, in a fixed order.
    static func library(catalog: DeviceCatalog) -> [KeyboardScenario] {
        let builders: [(DeviceCatalog) -> KeyboardScenario?] = [
            hardwareKeyboard, floatingKeyboard, splitKeyboard, formSheet, formSheetOverlap, splitView,
            tabBar, notLocal, thirdPartyKeyboard, rotation, legacyLandscape, legacyLandscapeIPad, keyboardHidden,
        ]
        return builders.compactMap { $0(catalog) }
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

    static func hardwareKeyboard(_ catalog: DeviceCatalog) -> KeyboardScenario? {
        guard let ipad = Setting(catalog, "ipad", .portrait) else { return nil }
        let m = ipad.metrics, size = ipad.size
        let bar = m.hardwareKeyboardBarHeight ?? 55
        let height = m.keyboardHeightWithPredictive
        let event = ipad.event(.willShow, from: CGRect(x: 0, y: size.height, width: size.width, height: height),
                               to: CGRect(x: 0, y: size.height - bar, width: size.width, height: height))
        return ipad.scenario(
            "hardware-keyboard", "Hardware keyboard: only the shortcut bar is on screen",
            strategy: .bottomOffset, docking: .hardwareKeyboard,
            event: event, note: "The frame keeps the full \(n(height))-pt height but only \(n(bar)) pt are on screen.",
            expected: "Use the intersection: bottomOffset = \(n(bar)) (the shortcut bar). "
                + "Code that uses the frame's height (\(n(height))) leaves a large empty gap above the bar.")
    }

    static func floatingKeyboard(_ catalog: DeviceCatalog) -> KeyboardScenario? {
        guard let ipad = Setting(catalog, "ipad", .portrait) else { return nil }
        let m = ipad.metrics, size = ipad.size
        let event = ipad.event(.willChangeFrame, from: ipad.docked(.willShow).frameEnd, to: .zero)
        // Illustrative: the floating keyboard is phone-sized (320 pt wide, as the 4-inch iPhone's).
        let phone = (try? catalog.device(named: "iphone-5s"))?.metrics(for: .portrait).keyboardHeightWithPredictive ?? 253
        let floating = CGRect(x: (size.width - 320) / 2, y: size.height - phone - 120, width: 320, height: phone)
        return ipad.scenario(
            "floating-keyboard", "Floating iPad keyboard",
            strategy: .layoutGuide, docking: .floating,
            event: event, note: "Undocking to the floating keyboard reports an empty end frame (CGRect.zero).",
            expected: "The empty frame intersects nothing: bottomOffset falls back to the safe-area bottom "
                + "(\(n(m.safeAreaInsets.bottom))), insets reset, and the layout guide stays on the safe area "
                + "(followsUndockedKeyboard is false by default) while the small keyboard floats over the content.",
            illustrativeKeyboardFrames: [floating])
    }

    static func splitKeyboard(_ catalog: DeviceCatalog) -> KeyboardScenario? {
        guard let ipad = Setting(catalog, "ipad", .landscapeRight) else { return nil }
        let m = ipad.metrics, size = ipad.size
        // Illustrative halves: about 30 % of the width each, raised off the bottom edge.
        let halfWidth = (size.width * 0.3).rounded(), halfHeight = m.keyboardHeight * 0.6
        let y = (size.height - halfHeight - size.height * 0.15).rounded()
        return ipad.scenario(
            "split-keyboard", "Split iPad keyboard",
            strategy: .layoutGuide, docking: .split,
            event: ipad.docked(.willHide), note: "Splitting undocks the keyboard; UIKit posts willHide with an off-screen end frame.",
            expected: "The app sees a hide: bottomOffset returns to the safe-area bottom "
                + "(\(n(m.safeAreaInsets.bottom))) and insets reset to 0 although the two halves cover the sides of the view; "
                + "only a layout guide with followsUndockedKeyboard = true would track them.",
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

    static func formSheet(_ catalog: DeviceCatalog) -> KeyboardScenario? {
        guard let ipad = Setting(catalog, "ipad", .portrait) else { return nil }
        let m = ipad.metrics, size = ipad.size
        // Raised so its bottom is 31 pt above the keyboard's top, as UIKit lifts form sheets.
        let keyboardTop = size.height - m.keyboardHeightWithPredictive
        let frame = formSheetFrame(catalog, in: size, bottom: keyboardTop - 31)
        return ipad.placedView(
            "form-sheet", "Form sheet that ends above the keyboard", at: frame,
            note: "The \(n(frame.width)) x \(n(frame.height)) sheet ends at y = \(n(frame.maxY)); the keyboard starts at \(n(keyboardTop)).",
            expected: "No intersection, so nothing moves: bottomOffset is the sheet's safe-area bottom (0). "
                + "Code that uses the keyboard height pushes the content up by \(n(m.keyboardHeightWithPredictive)) for nothing.")
    }

    static func formSheetOverlap(_ catalog: DeviceCatalog) -> KeyboardScenario? {
        guard let ipad = Setting(catalog, "ipad", .portrait) else { return nil }
        let m = ipad.metrics, size = ipad.size
        let frame = formSheetFrame(catalog, in: size)
        let covered = frame.maxY - (size.height - m.keyboardHeightWithPredictive)
        return ipad.placedView(
            "form-sheet-overlap", "Centred form sheet whose bottom the keyboard covers", at: frame,
            note: "The sheet sits at \(KeyboardFormat.frame(frame)) in the window.",
            expected: "After converting to the sheet's coordinates the keyboard covers its bottom \(n(covered)) pt: "
                + "bottomOffset = \(n(covered)). Without the conversion the screen frame misses the sheet's bounds and "
                + "the offset stays 0; using the height gives \(n(m.keyboardHeightWithPredictive)).")
    }

    static func splitView(_ catalog: DeviceCatalog) -> KeyboardScenario? {
        guard let ipad = Setting(catalog, "ipad", .landscapeRight) else { return nil }
        let m = ipad.metrics, size = ipad.size
        let column = catalog.presentations.splitViewNarrowColumnWidth.points
        let frame = CGRect(x: size.width - column, y: 0, width: column, height: size.height)
        return ipad.placedView(
            "split-view", "Split View / Slide Over column: keyboard wider than the view", at: frame,
            note: "The app is the \(n(column))-pt column on the right; the keyboard spans all \(n(size.width)) pt.",
            expected: "In view coordinates the keyboard starts at x = \(n(-frame.minX)) and is wider than the view; "
                + "the intersection is the view's width, and bottomOffset = \(n(m.keyboardHeightWithPredictive)).")
    }

    static func tabBar(_ catalog: DeviceCatalog) -> KeyboardScenario? {
        guard let phone = Setting(catalog, "iphone-x", .portrait) else { return nil }
        let m = phone.metrics
        let safe = m.safeAreaInsets.bottom + m.tabBarHeight
        return phone.scenario(
            "tab-bar", "Text view in a tab bar controller",
            strategy: .contentInset, hasTabBar: true,
            note: "safeAreaInsets.bottom = \(n(m.safeAreaInsets.bottom)) home indicator + \(n(m.tabBarHeight)) tab bar = \(n(safe)).",
            expected: "contentInset.bottom = \(n(m.keyboardHeightWithPredictive)) - \(n(safe)) = "
                + "\(n(m.keyboardHeightWithPredictive - safe)). Subtracting the tab bar again counts it twice and "
                + "leaves \(n(m.tabBarHeight)) pt of text under the keyboard.")
    }

    static func notLocal(_ catalog: DeviceCatalog) -> KeyboardScenario? {
        guard let ipad = Setting(catalog, "ipad", .landscapeRight) else { return nil }
        let m = ipad.metrics, size = ipad.size
        let column = catalog.presentations.splitViewNarrowColumnWidth.points
        let divider = catalog.presentations.splitViewDivider.points
        let frame = CGRect(x: 0, y: 0, width: size.width - column - divider, height: size.height)
        return ipad.placedView(
            "not-local", "Another app's keyboard (isLocal == false)", at: frame, isLocal: false,
            note: "The app in the other Split View column is typing; this app gets the notification too.",
            expected: "Ignore it: bottomOffset stays at the safe-area bottom (\(n(m.safeAreaInsets.bottom))). "
                + "Reacting would move this app's content up by \(n(m.keyboardHeightWithPredictive)) for a keyboard it does not own.")
    }

    static func thirdPartyKeyboard(_ catalog: DeviceCatalog) -> KeyboardScenario? {
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
                         note: "First willShow: height 0 while the extension loads."),
            ScenarioStep(.portrait, phone.event(.willChangeFrame, from: frame(0), to: frame(first)),
                         note: "willChangeFrame: \(n(first)) pt."),
            ScenarioStep(.portrait, phone.event(.willChangeFrame, from: frame(first), to: frame(final)),
                         note: "willChangeFrame: the extension settles at \(n(final)) pt."),
        ]
        return KeyboardScenario(
            id: "third-party-keyboard", title: "Third-party keyboard posting several frames",
            deviceID: phone.device.id, strategy: .bottomOffset, steps: steps,
            expectedBehaviour: "Observe willChangeFrame and recompute from every end frame: bottomOffset goes 0, "
                + "\(n(first)), \(n(final)). Code that reads only the first willShow keeps 0.")
    }

    static func rotation(_ catalog: DeviceCatalog) -> KeyboardScenario? {
        guard let portrait = Setting(catalog, "iphone-8", .portrait),
              let landscape = Setting(catalog, "iphone-8", .landscapeRight) else { return nil }
        let steps = [
            ScenarioStep(portrait.screen.interfaceOrientation, portrait.docked(.willShow),
                         note: "Portrait: the iPhone 7 frames logged in a 2017 public post."),
            ScenarioStep(landscape.screen.interfaceOrientation, landscape.docked(.willShow),
                         note: "After rotating: the landscape frames of the same post."),
        ]
        let (before, after) = (portrait.metrics.keyboardHeightWithPredictive, landscape.metrics.keyboardHeightWithPredictive)
        return KeyboardScenario(
            id: "rotation", title: "Rotation with the keyboard up",
            deviceID: portrait.device.id, strategy: .toolbar, steps: steps,
            expectedBehaviour: "Recompute from each end frame in the new orientation: the overlap goes from "
                + "\(n(before)) to \(n(after)). "
                + "Moving a toolbar by ±height from wherever it is (as a 2017 public post does) drifts on rotation, "
                + "which is why that post dismisses the keyboard when the device turns.")
    }

    private static func legacy(_ catalog: DeviceCatalog, id: String, deviceID: String,
                               orientation: InterfaceOrientation) -> KeyboardScenario? {
        guard let legacy = Setting(catalog, deviceID, orientation, convention: .fixedPortrait) else { return nil }
        let m = legacy.metrics
        // iOS 7 had no predictive bar.
        let event = legacy.docked(.willShow, height: m.keyboardHeight)
        let converted = legacy.screen.interfaceRect(fromScreen: event.frameEnd)
        return legacy.scenario(
            id, "iOS 7 landscape: frames in un-rotated screen coordinates (\(legacy.device.name))",
            strategy: .bottomOffset,
            event: event, note: "Reported as \(KeyboardFormat.frame(event.frameEnd)): "
                + "size {\(n(event.frameEnd.width)), \(n(event.frameEnd.height))} as a 2013 public post logged it on iOS 7.",
            expected: "view.convert(frame, from: window) turns it into \(KeyboardFormat.frame(converted)): "
                + "bottomOffset = \(n(m.keyboardHeight)). Reading the raw frame as if it were rotated puts a keyboard "
                + "\(n(event.frameEnd.width)) wide and \(n(event.frameEnd.height)) tall on the view.")
    }

    static func legacyLandscape(_ catalog: DeviceCatalog) -> KeyboardScenario? {
        legacy(catalog, id: "legacy-landscape", deviceID: "iphone-4s", orientation: .landscapeRight)
    }

    static func legacyLandscapeIPad(_ catalog: DeviceCatalog) -> KeyboardScenario? {
        legacy(catalog, id: "legacy-landscape-ipad", deviceID: "ipad", orientation: .landscapeLeft)
    }

    static func keyboardHidden(_ catalog: DeviceCatalog) -> KeyboardScenario? {
        guard let phone = Setting(catalog, "iphone-x", .portrait) else { return nil }
        return phone.scenario(
            "keyboard-hidden", "Keyboard hiding on a Face ID iPhone",
            strategy: .bottomOffset,
            event: phone.docked(.willHide), note: "willHide: the end frame is below the screen.",
            expected: "Off screen means hidden: bottomOffset = safeAreaInsets.bottom "
                + "(\(n(phone.metrics.safeAreaInsets.bottom))), contentInset.bottom resets to 0, the toolbar returns above the home indicator.")
    }
}
