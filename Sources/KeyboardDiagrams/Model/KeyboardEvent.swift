import Foundation

/// Which keyboard notification was posted.
public enum KeyboardNotificationKind: String, Codable, Sendable, CaseIterable {
    /// The six `UIResponder.keyboard…Notification`s, by their names.
    case willShow, didShow, willHide, didHide, willChangeFrame, didChangeFrame

    /// The UIKit notification name, as logging the notification prints it.
    public var notificationName: String {
        switch self {
        case .willShow: "UIKeyboardWillShowNotification"
        case .didShow: "UIKeyboardDidShowNotification"
        case .willHide: "UIKeyboardWillHideNotification"
        case .didHide: "UIKeyboardDidHideNotification"
        case .willChangeFrame: "UIKeyboardWillChangeFrameNotification"
        case .didChangeFrame: "UIKeyboardDidChangeFrameNotification"
        }
    }

    /// Hide notifications: code like Hacking with Swift's `adjustForKeyboard(notification:)` resets
    /// its insets on these without looking at the frame.
    public var isHide: Bool { self == .willHide || self == .didHide }
}

/// A keyboard notification's `userInfo`: frames in screen coordinates (see
/// `ScreenCoordinateConvention` for what "screen" meant before iOS 8).
public struct KeyboardEvent: Sendable, Equatable {
    /// Which notification (will show, did change frame, …).
    public var kind: KeyboardNotificationKind
    /// `UIKeyboardFrameBeginUserInfoKey`.
    public var frameBegin: CGRect
    /// `UIKeyboardFrameEndUserInfoKey`.
    public var frameEnd: CGRect
    /// `UIKeyboardAnimationDurationUserInfoKey`, seconds.
    public var animationDuration: Double
    /// `UIKeyboardAnimationCurveUserInfoKey`: 7 is the private keyboard spring.
    public var animationCurve: Int
    /// `UIKeyboardIsLocalUserInfoKey`: false when another app's keyboard moved (iPad multitasking).
    public var isLocal: Bool

    /// A notification's `userInfo` values.
    public init(kind: KeyboardNotificationKind, frameBegin: CGRect, frameEnd: CGRect,
                animationDuration: Double, animationCurve: Int, isLocal: Bool = true) {
        self.kind = kind
        self.frameBegin = frameBegin
        self.frameEnd = frameEnd
        self.animationDuration = animationDuration
        self.animationCurve = animationCurve
        self.isLocal = isLocal
    }

    /// A notification with the duration and curve the catalog records (`timing`).
    public init(kind: KeyboardNotificationKind, frameBegin: CGRect, frameEnd: CGRect, timing: KeyboardTiming,
                isLocal: Bool = true) {
        self.init(kind: kind, frameBegin: frameBegin, frameEnd: frameEnd, animationDuration: timing.reportedDuration,
                  animationCurve: timing.springCurve, isLocal: isLocal)
    }

    /// A docked keyboard of `height` sliding in from below the screen (`willShow`) or out of it
    /// (`willHide`), full screen width, in the screen coordinates of `screen`.
    public static func docked(_ kind: KeyboardNotificationKind, height: CGFloat, screen: ScreenSpace,
                              timing: KeyboardTiming, isLocal: Bool = true) -> KeyboardEvent {
        let size = screen.interfaceSize
        let shown = CGRect(x: 0, y: size.height - height, width: size.width, height: height)
        let hidden = CGRect(x: 0, y: size.height, width: size.width, height: height)
        let (begin, end) = kind.isHide ? (shown, hidden) : (hidden, shown)
        return KeyboardEvent(kind: kind,
                             frameBegin: screen.screenRect(fromInterface: begin),
                             frameEnd: screen.screenRect(fromInterface: end),
                             timing: timing, isLocal: isLocal)
    }

    /// The two frames, curve and duration as the 2017 iPhone 7 post's `info(name:with:)` prints them:
    /// `(0,667,375,258), (0,409,375,258) curve:7, duration:0.25`.
    public var logDescription: String {
        "\(KeyboardFormat.frame(frameBegin)), \(KeyboardFormat.frame(frameEnd)) "
            + "curve:\(animationCurve), duration:\(KeyboardFormat.number(animationDuration))"
    }
}

extension KeyboardEvent: Encodable {
    private enum CodingKeys: String, CodingKey {
        case kind, notification, frameBegin, frameEnd, animationDuration, animationCurve, isLocal
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encode(kind.notificationName, forKey: .notification)
        try container.encodeRect(frameBegin, forKey: .frameBegin)
        try container.encodeRect(frameEnd, forKey: .frameEnd)
        try container.encode(animationDuration, forKey: .animationDuration)
        try container.encode(animationCurve, forKey: .animationCurve)
        try container.encode(isLocal, forKey: .isLocal)
    }
}
