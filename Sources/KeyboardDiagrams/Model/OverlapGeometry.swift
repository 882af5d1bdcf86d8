import CardRenderSupport
import Foundation
import Geometry

/// How the keyboard is attached, which only `UIKeyboardLayoutGuide` can tell apart.
public enum KeyboardDocking: String, Codable, Sendable, CaseIterable {
    /// Docked at the bottom of the screen (the usual case).
    case docked
    /// A hardware keyboard is attached: the docked keyboard is moved down so only its
    /// shortcut bar stays on screen.
    case hardwareKeyboard = "hardware-keyboard"
    /// The iPad's small floating keyboard.
    case floating
    /// The iPad keyboard split in two halves and undocked.
    case split

    /// Docked keyboards are the ones the layout guide follows by default.
    public var isDocked: Bool { self == .docked || self == .hardwareKeyboard }
}

/// The reactions public sources show (docs/sources.md); each has one number a diagram labels.
public enum AvoidanceStrategy: String, Codable, Sendable, CaseIterable {
    /// Move the bottom toolbar up, as a 2017 public post does with the iPhone 7 frames it logs.
    case toolbar
    /// Apple's `UIResponder.keyboardFrameEndUserInfoKey` sample: a bottom constraint set to `bottomOffset`.
    case bottomOffset = "bottom-offset"
    /// The text view's `contentInset.bottom` and scroll indicator insets, as Hacking with Swift's
    /// `adjustForKeyboard(notification:)` sets them.
    case contentInset = "content-inset"
    /// `view.keyboardLayoutGuide` (iOS 15).
    case layoutGuide = "layout-guide"

    /// The value's name as code spells it.
    public var quantityName: String {
        switch self {
        case .toolbar: "toolbar shift"
        case .bottomOffset: "bottomOffset"
        case .contentInset: "contentInset.bottom"
        case .layoutGuide: "keyboardLayoutGuide.top"
        }
    }

    /// Parses a command-line name, suggesting the nearest one when it is unknown.
    public static func named(_ name: String) throws(KeyboardInputError) -> AvoidanceStrategy {
        let key = name.trimmingCharacters(in: .whitespaces).lowercased()
        if let strategy = AvoidanceStrategy(rawValue: key) { return strategy }
        throw .unknownStrategy(name, suggestion: NearestName.suggestion(for: name, among: allCases.map(\.rawValue)))
    }
}

extension Orientation {
    /// Parses a command-line name, suggesting the nearest one when it is unknown.
    public static func named(_ name: String) throws(KeyboardInputError) -> Orientation {
        let key = name.trimmingCharacters(in: .whitespaces).lowercased()
        if let orientation = Orientation(rawValue: key) { return orientation }
        throw .unknownOrientation(name, suggestion: NearestName.suggestion(for: name, among: allCases.map(\.rawValue)))
    }
}

/// The formulas of these reactions as pure functions, in view coordinates (bounds origin 0, y down).
public enum KeyboardOverlap {
    /// Screen → view: undo the legacy rotation (if any), then `view.convert(_:from: window)`.
    public static func keyboardFrameInView(_ screenFrame: CGRect, screen: ScreenSpace, view: HostView) -> CGRect {
        view.convertFromWindow(screen.interfaceRect(fromScreen: screenFrame))
    }

    /// `view.bounds.intersection(keyboardFrame)`, nil when empty (Apple's `isEmpty` test, so a
    /// keyboard that only touches the bottom edge, or has zero height, does not intersect).
    public static func intersection(of keyboardInView: CGRect, with bounds: CGRect) -> CGRect? {
        let overlap = bounds.intersection(keyboardInView)
        return overlap.isNull || overlap.isEmpty ? nil : overlap
    }

    /// How much of the view, measured up from its bottom edge, the keyboard hides:
    /// `bounds.maxY - intersection.minY`, or 0 without an intersection.
    public static func overlapHeight(intersection: CGRect?, bounds: CGRect) -> CGFloat {
        guard let intersection else { return 0 }
        return bounds.maxY - intersection.minY
    }

    /// Apple's `UIResponder.keyboardFrameEndUserInfoKey` sample: the overlap, or
    /// `safeAreaInsets.bottom` when the keyboard does not intersect the view.
    public static func bottomOffset(overlap: CGFloat, safeAreaBottom: CGFloat) -> CGFloat {
        overlap > 0 ? overlap : safeAreaBottom
    }

    /// Hacking with Swift's `adjustForKeyboard(notification:)`: `keyboardHeight - safeAreaInsets.bottom`,
    /// because the scroll view already adds the safe area to its adjusted inset; 0 when the
    /// keyboard is gone (the reset on hide). Clamped at 0 for keyboards smaller than the safe
    /// area (a hardware-keyboard bar on a Face ID iPad, say).
    public static func contentInsetBottom(overlap: CGFloat, safeAreaBottom: CGFloat) -> CGFloat {
        overlap > 0 ? max(0, overlap - safeAreaBottom) : 0
    }

    /// A bottom toolbar resting on the safe area.
    public static func toolbarFrame(bounds: CGRect, safeAreaBottom: CGFloat, height: CGFloat) -> CGRect {
        CGRect(x: bounds.minX, y: bounds.maxY - safeAreaBottom - height, width: bounds.width, height: height)
    }

    /// How far the toolbar must move up so its bottom rests on the keyboard's top.
    public static func toolbarShift(toolbar: CGRect, overlap: CGFloat, bounds: CGRect) -> CGFloat {
        overlap > 0 ? max(0, toolbar.maxY - (bounds.maxY - overlap)) : 0
    }

    /// `keyboardLayoutGuide.topAnchor` in view coordinates: follows a docked keyboard and never
    /// goes below the safe area (`usesBottomSafeArea`, the default); undocked keyboards and
    /// keyboards off screen leave it at the safe-area bottom (`followsUndockedKeyboard` false).
    public static func layoutGuideTop(overlap: CGFloat, safeAreaBottom: CGFloat, bounds: CGRect,
                                      docked: Bool) -> CGFloat {
        bounds.maxY - (docked ? max(overlap, safeAreaBottom) : safeAreaBottom)
    }
}

/// Everything the reactions compute for one keyboard frame, in the view's coordinates.
public struct OverlapGeometry: Sendable, Equatable {
    /// The view that reacts, with its frame and safe area.
    public var view: HostView
    /// The notification's end frame as it was reported (screen coordinates).
    public var reportedKeyboardFrame: CGRect
    /// The notification these frames came with.
    public var eventKind: KeyboardNotificationKind
    /// The end frame converted to view coordinates.
    public var keyboardFrameInView: CGRect
    /// The begin frame converted to view coordinates.
    public var keyboardBeginFrameInView: CGRect
    /// Keyboard ∩ view bounds, nil when they do not overlap.
    public var intersection: CGRect?
    /// Some of the end frame is on screen (an entirely off-screen frame means hidden).
    public var isKeyboardOnScreen: Bool
    /// `isLocal == false`: another app's keyboard, which the reactions ignore.
    public var isIgnored: Bool
    /// Docked, undocked, split or floating: only a docked keyboard moves content.
    public var docking: KeyboardDocking
    /// Geometric overlap measured up from the view's bottom (0 without intersection).
    public var overlapHeight: CGFloat
    /// The overlap the reactions use: 0 when the event is ignored.
    public var effectiveOverlap: CGFloat { isIgnored ? 0 : overlapHeight }
    /// The `bottomOffset` strategy's answer: how far content moves up.
    public var bottomOffset: CGFloat
    /// `contentInset.bottom` of a scroll view: the overlap less the bottom safe area already inset.
    public var contentInsetBottom: CGFloat
    /// `adjustForKeyboard(notification:)` sets the scroll indicator insets to the content insets.
    public var scrollIndicatorInsetBottom: CGFloat
    /// A bottom toolbar's frame before it is raised above the keyboard.
    public var toolbarFrameBefore: CGRect
    /// The toolbar's frame after the reaction: moved up until its bottom rests on the keyboard's top.
    public var toolbarFrameAfter: CGRect
    /// How far the toolbar moved up.
    public var toolbarShift: CGFloat { toolbarFrameBefore.minY - toolbarFrameAfter.minY }
    /// The keyboard layout guide's top edge in view coordinates.
    public var layoutGuideTop: CGFloat
    /// The layout guide's frame: full width, from its top to the view's bottom.
    public var layoutGuideFrame: CGRect

    /// Computes the geometry of one notification for a view on `screen`.
    public init(event: KeyboardEvent, screen: ScreenSpace, view: HostView, toolbarHeight: CGFloat,
                docking: KeyboardDocking = .docked) {
        let endInInterface = screen.interfaceRect(fromScreen: event.frameEnd)
        let onScreen = KeyboardOverlap.intersection(of: endInInterface, with: screen.interfaceBounds) != nil
        self.init(keyboardFrameInView: view.convertFromWindow(endInInterface),
                  keyboardBeginFrameInView: KeyboardOverlap.keyboardFrameInView(event.frameBegin, screen: screen, view: view),
                  reportedKeyboardFrame: event.frameEnd, eventKind: event.kind, isKeyboardOnScreen: onScreen,
                  isIgnored: !event.isLocal, view: view, toolbarHeight: toolbarHeight, docking: docking)
    }

    /// The same computation for a keyboard frame already in view coordinates (animation frames).
    init(keyboardFrameInView: CGRect, keyboardBeginFrameInView: CGRect, reportedKeyboardFrame: CGRect,
         eventKind: KeyboardNotificationKind, isKeyboardOnScreen: Bool, isIgnored: Bool,
         view: HostView, toolbarHeight: CGFloat, docking: KeyboardDocking) {
        let bounds = view.bounds
        let safeBottom = view.safeAreaInsets.bottom
        let intersection = KeyboardOverlap.intersection(of: keyboardFrameInView, with: bounds)
        let overlap = KeyboardOverlap.overlapHeight(intersection: intersection, bounds: bounds)
        let used = isIgnored ? 0 : overlap
        let toolbar = KeyboardOverlap.toolbarFrame(bounds: bounds, safeAreaBottom: safeBottom, height: toolbarHeight)
        let shift = KeyboardOverlap.toolbarShift(toolbar: toolbar, overlap: used, bounds: bounds)
        let guideTop = KeyboardOverlap.layoutGuideTop(overlap: used, safeAreaBottom: safeBottom, bounds: bounds,
                                                      docked: docking.isDocked)
        self.view = view
        self.reportedKeyboardFrame = reportedKeyboardFrame
        self.eventKind = eventKind
        self.keyboardFrameInView = keyboardFrameInView
        self.keyboardBeginFrameInView = keyboardBeginFrameInView
        self.intersection = intersection
        self.isKeyboardOnScreen = isKeyboardOnScreen
        self.isIgnored = isIgnored
        self.docking = docking
        self.overlapHeight = overlap
        self.bottomOffset = KeyboardOverlap.bottomOffset(overlap: used, safeAreaBottom: safeBottom)
        self.contentInsetBottom = KeyboardOverlap.contentInsetBottom(overlap: used, safeAreaBottom: safeBottom)
        self.scrollIndicatorInsetBottom = contentInsetBottom
        self.toolbarFrameBefore = toolbar
        self.toolbarFrameAfter = toolbar.offsetBy(dx: 0, dy: -shift)
        self.layoutGuideTop = guideTop
        self.layoutGuideFrame = CGRect(x: bounds.minX, y: guideTop, width: bounds.width, height: bounds.maxY - guideTop)
    }

    /// The number a diagram of `strategy` labels.
    public func value(for strategy: AvoidanceStrategy) -> CGFloat {
        switch strategy {
        case .toolbar: toolbarShift
        case .bottomOffset: bottomOffset
        case .contentInset: contentInsetBottom
        case .layoutGuide: layoutGuideTop
        }
    }
}

extension OverlapGeometry: Encodable {
    private enum CodingKeys: String, CodingKey {
        case keyboardFrameInView, keyboardBeginFrameInView, reportedKeyboardFrame, intersection
        case isKeyboardOnScreen, isIgnored, docking, overlapHeight, bottomOffset, contentInsetBottom
        case scrollIndicatorInsetBottom, toolbarFrameBefore, toolbarFrameAfter, toolbarShift
        case layoutGuideTop, layoutGuideFrame, view
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeRect(keyboardFrameInView, forKey: .keyboardFrameInView)
        try container.encodeRect(keyboardBeginFrameInView, forKey: .keyboardBeginFrameInView)
        try container.encodeRect(reportedKeyboardFrame, forKey: .reportedKeyboardFrame)
        try container.encodeRectOrNull(intersection, forKey: .intersection)
        try container.encode(isKeyboardOnScreen, forKey: .isKeyboardOnScreen)
        try container.encode(isIgnored, forKey: .isIgnored)
        try container.encode(docking, forKey: .docking)
        try container.encodeLength(overlapHeight, forKey: .overlapHeight)
        try container.encodeLength(bottomOffset, forKey: .bottomOffset)
        try container.encodeLength(contentInsetBottom, forKey: .contentInsetBottom)
        try container.encodeLength(scrollIndicatorInsetBottom, forKey: .scrollIndicatorInsetBottom)
        try container.encodeRect(toolbarFrameBefore, forKey: .toolbarFrameBefore)
        try container.encodeRect(toolbarFrameAfter, forKey: .toolbarFrameAfter)
        try container.encodeLength(toolbarShift, forKey: .toolbarShift)
        try container.encodeLength(layoutGuideTop, forKey: .layoutGuideTop)
        try container.encodeRect(layoutGuideFrame, forKey: .layoutGuideFrame)
        try container.encode(view, forKey: .view)
    }
}
