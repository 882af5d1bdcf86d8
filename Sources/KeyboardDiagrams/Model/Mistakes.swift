import Foundation

/// The classic ways keyboard code goes wrong, each computed so it can be drawn next to the
/// right result.
public enum KeyboardMistake: String, Codable, Sendable, CaseIterable {
    /// Using the end frame as if it were in the view's coordinates (no `convert(_:from:)`).
    case forgotCoordinateConversion = "forgot-conversion"
    /// Subtracting the bottom safe area twice: once by hand and once more as a tab bar height
    /// (that `safeAreaInsets` already contains) or as the home-indicator inset again.
    case safeAreaCountedTwice = "safe-area-twice"
    /// Using the keyboard's height (the toolbar code of a 2017 public post, the inset of Hacking with
    /// Swift's `adjustForKeyboard(notification:)`) instead of how much of the view it covers.
    case heightInsteadOfIntersection = "height-not-intersection"
    /// Reacting to a notification with `isLocal == false` (another app's keyboard).
    case ignoredIsLocal = "ignored-is-local"

    /// The mistake's short English title.
    public var title: String { title(in: .english) }

    /// The mistake's short title in `language`, for diagrams.
    public func title(in language: DiagramLanguage) -> String {
        switch self {
        case .forgotCoordinateConversion: language.text(.titleForgotConversion)
        case .safeAreaCountedTwice: language.text(.titleSafeAreaTwice)
        case .heightInsteadOfIntersection: language.text(.titleHeightNotIntersection)
        case .ignoredIsLocal: language.text(.titleIgnoredIsLocal)
        }
    }

    /// The scenario a diagram of this mistake shows when the request names no device, scenario or
    /// frame: one where the mistake changes the result for every strategy that can make it (a
    /// full-screen view on a home-button iPhone, the plain default, hides all four).
    public var defaultScenarioID: String {
        switch self {
        // The sheet does not start at the window's origin, so the unconverted frame misses it.
        case .forgotCoordinateConversion: "form-sheet-overlap"
        case .safeAreaCountedTwice: "tab-bar"
        case .heightInsteadOfIntersection: "hardware-keyboard"
        case .ignoredIsLocal: "not-local"
        }
    }

    /// The mistake with this name (`forgot-conversion`, …), nil when there is none.
    public static func named(_ name: String) -> KeyboardMistake? {
        KeyboardMistake(rawValue: name.trimmingCharacters(in: .whitespaces).lowercased())
    }
}

/// A mistake's value next to the right one for the same quantity.
public struct MistakeOutcome: Sendable, Equatable {
    /// The mistake made.
    public var mistake: KeyboardMistake
    /// The strategy the mistaken code follows.
    public var strategy: AvoidanceStrategy
    /// What the value is (`bottomOffset`, `contentInset.bottom`, `toolbar shift`).
    public var quantity: String
    /// The value the mistaken code computes, in points.
    public var wrongValue: CGFloat
    /// The value correct code computes, in points.
    public var rightValue: CGFloat
    /// Where the mistaken code believes the keyboard is, in view coordinates (for drawing).
    public var keyboardFrameAsUsed: CGRect
    /// One sentence with the numbers.
    public var explanation: String
    /// Why the mistake gives the right value in this setting; nil where it does not.
    public var harmlessReason: String?

    /// False where the mistake happens to give the right answer (a full-screen view needs no
    /// conversion, a home-button iPhone has no bottom safe area to count twice).
    public var differs: Bool { abs(wrongValue - rightValue) > 1e-9 }
}

extension MistakeOutcome: Encodable {
    private enum CodingKeys: String, CodingKey {
        case mistake, title, strategy, quantity, wrongValue, rightValue, differs, keyboardFrameAsUsed, explanation
        case harmlessReason
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(mistake, forKey: .mistake)
        try container.encode(mistake.title, forKey: .title)
        try container.encode(strategy, forKey: .strategy)
        try container.encode(quantity, forKey: .quantity)
        try container.encodeLength(wrongValue, forKey: .wrongValue)
        try container.encodeLength(rightValue, forKey: .rightValue)
        try container.encode(differs, forKey: .differs)
        try container.encodeRect(keyboardFrameAsUsed, forKey: .keyboardFrameAsUsed)
        try container.encode(explanation, forKey: .explanation)
        try container.encodeIfPresent(harmlessReason, forKey: .harmlessReason)
    }
}

extension OverlapGeometry {
    /// The outcome of `mistake` for a view using `strategy`, its sentences in `language`; nil for
    /// the layout guide, which converts, intersects, handles the safe area and `isLocal` itself.
    public func outcome(of mistake: KeyboardMistake, strategy: AvoidanceStrategy,
                        language: DiagramLanguage = .english) -> MistakeOutcome? {
        guard strategy != .layoutGuide else { return nil }
        let t = language.text
        let bounds = view.bounds
        let safeBottom = view.safeAreaInsets.bottom
        let right = self.value(for: strategy)
        let number: (CGFloat) -> String = KeyboardFormat.number

        /// "gives bottomOffset = 313 instead of 55." or, where the mistake does no harm here,
        /// "does no harm here: … so bottomOffset = 258 either way."
        func result(_ wrong: CGFloat, harmless reason: @autoclosure () -> String) -> String {
            abs(wrong - right) > 1e-9
                ? t(.mistakeGives, [strategy.quantityName, number(wrong), number(right)])
                : t(.mistakeNoHarm, [reason(), strategy.quantityName, number(right)])
        }

        /// The outcome of this mistake: its value next to the right one, and why they agree when they do.
        func outcome(_ wrong: CGFloat, asUsed: CGRect, explanation: String,
                     harmless reason: @autoclosure () -> String) -> MistakeOutcome {
            MistakeOutcome(mistake: mistake, strategy: strategy, quantity: strategy.quantityName,
                           wrongValue: wrong, rightValue: right, keyboardFrameAsUsed: asUsed, explanation: explanation,
                           harmlessReason: abs(wrong - right) > 1e-9 ? nil : reason())
        }

        /// The strategy's value if the code had believed in `overlap`, less `extraSubtracted` while
        /// the keyboard is up (the counted-twice mistake).
        func mistakenValue(overlap: CGFloat, extraSubtracted: CGFloat = 0) -> CGFloat {
            switch strategy {
            case .bottomOffset:
                let offset = KeyboardOverlap.bottomOffset(overlap: overlap, safeAreaBottom: safeBottom)
                return overlap > 0 ? max(0, offset - extraSubtracted) : offset
            case .contentInset:
                return max(0, KeyboardOverlap.contentInsetBottom(overlap: overlap, safeAreaBottom: safeBottom)
                    - (overlap > 0 ? extraSubtracted : 0))
            case .toolbar:
                return max(0, KeyboardOverlap.toolbarShift(toolbar: toolbarFrameBefore, overlap: overlap, bounds: bounds)
                    - (overlap > 0 ? extraSubtracted : 0))
            case .layoutGuide:
                return layoutGuideTop
            }
        }

        switch mistake {
        case .forgotCoordinateConversion:
            let raw = reportedKeyboardFrame
            let rawOverlap = KeyboardOverlap.overlapHeight(
                intersection: KeyboardOverlap.intersection(of: raw, with: bounds), bounds: bounds)
            let wrong = mistakenValue(overlap: isIgnored ? 0 : rawOverlap)
            let reason = t(Self.isSameFrame(raw, keyboardFrameInView) ? .reasonSameOrigin
                           : isIgnored ? .reasonIgnoredEitherWay : .reasonCoverAlike, [])
            return outcome(wrong, asUsed: raw,
                explanation: t(.explainConversion, [KeyboardFormat.frame(raw), KeyboardFormat.frame(keyboardFrameInView),
                                                    result(wrong, harmless: reason)]),
                harmless: reason)

        case .safeAreaCountedTwice:
            // A tab bar's height is the usual second subtraction; without one, the safe area itself.
            let extra = view.tabBarHeight > 0 ? view.tabBarHeight : safeBottom
            let wrong = mistakenValue(overlap: effectiveOverlap, extraSubtracted: extra)
            let what = view.tabBarHeight > 0
                ? t(.twiceTabBar, [number(extra), number(safeBottom)])
                : t(.twiceSafeArea, [number(extra)])
            let reason = t(extra <= 0 ? .reasonNothingToSubtract
                           : effectiveOverlap <= 0 ? .reasonCoversNone : .reasonStopsAtZero, [])
            return outcome(wrong, asUsed: keyboardFrameInView,
                           explanation: t(.explainSafeAreaTwice, [what, result(wrong, harmless: reason)]), harmless: reason)

        case .heightInsteadOfIntersection:
            // Code like those public examples resets on hide and otherwise trusts the frame's height.
            let height = eventKind.isHide || isIgnored ? 0 : keyboardFrameInView.height
            let wrong: CGFloat
            switch strategy {
            // The 2017 post moves the toolbar by the height itself, not by what covers the toolbar.
            case .toolbar: wrong = height
            default: wrong = mistakenValue(overlap: height)
            }
            let asUsed = CGRect(x: bounds.minX, y: bounds.maxY - height, width: bounds.width, height: height)
            let reason = height <= 0 ? t(.reasonHidingOrIgnored, [])
                : abs(height - effectiveOverlap) < 1e-9 ? t(.reasonHeightIsIntersection, [])
                : t(.reasonSameHeights, [strategy.quantityName])
            return outcome(wrong, asUsed: asUsed,
                explanation: t(.explainHeight, [number(height), number(effectiveOverlap), result(wrong, harmless: reason)]),
                harmless: reason)

        case .ignoredIsLocal:
            let wrong = mistakenValue(overlap: overlapHeight)
            let reason = t(isIgnored ? .reasonOtherAppCoversNone : .reasonOwnKeyboard, [])
            return outcome(wrong, asUsed: keyboardFrameInView,
                explanation: isIgnored
                    ? t(.explainOtherAppsKeyboard, [result(wrong, harmless: reason)])
                    : t(.explainOwnKeyboard, [reason]),
                harmless: reason)
        }
    }

    /// Frames equal to well under a point (converted frames carry rounding).
    private static func isSameFrame(_ a: CGRect, _ b: CGRect) -> Bool {
        abs(a.minX - b.minX) < 1e-6 && abs(a.minY - b.minY) < 1e-6 && abs(a.width - b.width) < 1e-6
            && abs(a.height - b.height) < 1e-6
    }

    /// Every mistake's outcome for `strategy` (empty for the layout guide), in English.
    public func mistakes(for strategy: AvoidanceStrategy) -> [MistakeOutcome] {
        KeyboardMistake.allCases.compactMap { outcome(of: $0, strategy: strategy) }
    }
}
