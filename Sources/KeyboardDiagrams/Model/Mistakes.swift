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

    public var title: String {
        switch self {
        case .forgotCoordinateConversion: "Forgot to convert the frame to view coordinates"
        case .safeAreaCountedTwice: "Safe area subtracted twice"
        case .heightInsteadOfIntersection: "Keyboard height instead of the intersection"
        case .ignoredIsLocal: "Reacted to another app's keyboard (isLocal == false)"
        }
    }

    /// The mistake with this name (`forgot-conversion`, …), nil when there is none.
    public static func named(_ name: String) -> KeyboardMistake? {
        KeyboardMistake(rawValue: name.trimmingCharacters(in: .whitespaces).lowercased())
    }
}

/// A mistake's value next to the right one for the same quantity.
public struct MistakeOutcome: Sendable, Equatable {
    public var mistake: KeyboardMistake
    public var strategy: AvoidanceStrategy
    /// What the value is (`bottomOffset`, `contentInset.bottom`, `toolbar shift`).
    public var quantity: String
    public var wrongValue: CGFloat
    public var rightValue: CGFloat
    /// Where the mistaken code believes the keyboard is, in view coordinates (for drawing).
    public var keyboardFrameAsUsed: CGRect
    /// One sentence with the numbers.
    public var explanation: String

    /// False where the mistake happens to give the right answer (a full-screen view needs no
    /// conversion, a home-button iPhone has no bottom safe area to count twice).
    public var differs: Bool { abs(wrongValue - rightValue) > 1e-9 }
}

extension MistakeOutcome: Encodable {
    private enum CodingKeys: String, CodingKey {
        case mistake, title, strategy, quantity, wrongValue, rightValue, differs, keyboardFrameAsUsed, explanation
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
    }
}

extension OverlapGeometry {
    /// The outcome of `mistake` for a view using `strategy`; nil for the layout guide, which
    /// converts, intersects, handles the safe area and `isLocal` itself.
    public func outcome(of mistake: KeyboardMistake, strategy: AvoidanceStrategy) -> MistakeOutcome? {
        guard strategy != .layoutGuide else { return nil }
        let bounds = view.bounds
        let safeBottom = view.safeAreaInsets.bottom
        let right = self.value(for: strategy)
        let number: (CGFloat) -> String = KeyboardFormat.number

        /// "gives bottomOffset = 313 instead of 55." or, where the mistake does no harm here,
        /// "happens to give the right bottomOffset = 258 here."
        func result(_ wrong: CGFloat) -> String {
            abs(wrong - right) > 1e-9
                ? "gives \(strategy.quantityName) = \(number(wrong)) instead of \(number(right))."
                : "happens to give the right \(strategy.quantityName) = \(number(right)) here."
        }

        /// The outcome of this mistake: its value next to the right one.
        func outcome(_ wrong: CGFloat, asUsed: CGRect, explanation: String) -> MistakeOutcome {
            MistakeOutcome(mistake: mistake, strategy: strategy, quantity: strategy.quantityName,
                           wrongValue: wrong, rightValue: right, keyboardFrameAsUsed: asUsed, explanation: explanation)
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
            return outcome(wrong, asUsed: raw,
                explanation: "Reading the reported frame \(KeyboardFormat.frame(raw)) as view coordinates instead of "
                    + "\(KeyboardFormat.frame(keyboardFrameInView)) " + result(wrong))

        case .safeAreaCountedTwice:
            // A tab bar's height is the usual second subtraction; without one, the safe area itself.
            let extra = view.tabBarHeight > 0 ? view.tabBarHeight : safeBottom
            let wrong = mistakenValue(overlap: effectiveOverlap, extraSubtracted: extra)
            let what = view.tabBarHeight > 0
                ? "the tab bar height \(number(extra)) although safeAreaInsets.bottom (\(number(safeBottom))) already contains it"
                : "the bottom safe area \(number(extra)) a second time"
            return outcome(wrong, asUsed: keyboardFrameInView, explanation: "Subtracting \(what) " + result(wrong))

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
            return outcome(wrong, asUsed: asUsed,
                explanation: "Using the keyboard height \(number(height)) instead of the \(number(effectiveOverlap))-pt "
                    + "intersection with the view " + result(wrong))

        case .ignoredIsLocal:
            let wrong = mistakenValue(overlap: overlapHeight)
            return outcome(wrong, asUsed: keyboardFrameInView,
                explanation: isIgnored
                    ? "This keyboard belongs to another app (isLocal == false); reacting to it " + result(wrong)
                    : "The keyboard is this app's own (isLocal == true), so checking isLocal changes nothing.")
        }
    }

    /// Every mistake's outcome for `strategy` (empty for the layout guide).
    public func mistakes(for strategy: AvoidanceStrategy) -> [MistakeOutcome] {
        KeyboardMistake.allCases.compactMap { outcome(of: $0, strategy: strategy) }
    }
}
