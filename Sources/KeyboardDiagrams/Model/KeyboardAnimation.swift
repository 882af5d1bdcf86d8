import Foundation

/// The keyboard's private animation curve: a CASpringAnimation that runs for a fixed time whatever
/// duration the notification reports, as an Apple Developer Forums thread found (docs/sources.md).
/// Modelled here by the critically damped spring p(t) = 1 - (1 + ωt)·e^(-ωt), ω = √(stiffness/mass);
/// with the catalog's mass 3 and stiffness 1000: .232 at 50 ms, .942 at 250 ms, .999 at 500 ms.
/// Read it from the catalog (`DeviceCatalog.animation.timing.spring`), the one place its figures are.
public struct KeyboardSpring: Sendable, Equatable {
    /// Mass of the spring; with the stiffness it sets ω.
    public var mass: Double
    /// Stiffness of the spring; with the mass it sets ω.
    public var stiffness: Double
    /// Seconds until the spring is at rest (p ≈ 0.999).
    public var settlingDuration: Double

    /// ω = √(stiffness / mass), per second.
    public var angularFrequency: Double { mass > 0 ? (stiffness / mass).squareRoot() : 0 }

    /// Fraction of the way from begin to end after `time` seconds (0 before the start).
    public func progress(at time: Double) -> Double {
        guard time > 0 else { return 0 }
        let wt = angularFrequency * time
        return 1 - (1 + wt) * exp(-wt)
    }
}

/// The keyboard animation as the device catalog records it: the duration and curve keyboard
/// notifications report, and the spring that curve number stands for.
public struct KeyboardTiming: Sendable, Equatable {
    /// `UIKeyboardAnimationDurationUserInfoKey` as logged (0.25 s).
    public var reportedDuration: Double
    /// `UIKeyboardAnimationCurveUserInfoKey` as logged: the raw number of the keyboard spring (7).
    public var springCurve: Int
    /// The spring curve 7 stands for.
    public var spring: KeyboardSpring
    /// Frames per second of a drawn animation: the display's refresh rate (60).
    public var frameRate: Double = 60
}

/// `UIKeyboardAnimationCurveUserInfoKey` values.
public enum KeyboardAnimationCurve: Sendable, Equatable {
    /// The keyboard's private spring (curve 7).
    case keyboardSpring
    /// The `UIView.AnimationCurve` cases 0–3.
    case easeInOut, easeIn, easeOut, linear

    /// 0–3 are `UIView.AnimationCurve`; `springCurve` (7) is the keyboard spring; other values
    /// (not sent by UIKit) are treated as linear.
    public init(rawValue: Int, springCurve: Int) {
        switch rawValue {
        case springCurve: self = .keyboardSpring
        case 0: self = .easeInOut
        case 1: self = .easeIn
        case 2: self = .easeOut
        default: self = .linear
        }
    }

    /// Seconds the animation runs: the spring ignores the reported duration.
    public func totalDuration(reportedDuration: Double, spring: KeyboardSpring) -> Double {
        self == .keyboardSpring ? spring.settlingDuration : max(0, reportedDuration)
    }

    /// Progress 0…1 at `time` seconds into an animation of `duration` seconds.
    public func progress(at time: Double, duration: Double, spring: KeyboardSpring) -> Double {
        if self == .keyboardSpring { return spring.progress(at: time) }
        guard time > 0 else { return 0 }
        guard duration > 0, time < duration else { return 1 }
        let x = time / duration
        switch self {
        case .keyboardSpring, .linear: return x
        // CAMediaTimingFunction control points of the named UIKit curves.
        case .easeInOut: return Self.cubicBezier(x: x, c1: (0.42, 0), c2: (0.58, 1))
        case .easeIn: return Self.cubicBezier(x: x, c1: (0.42, 0), c2: (1, 1))
        case .easeOut: return Self.cubicBezier(x: x, c1: (0, 0), c2: (0.58, 1))
        }
    }

    /// y of the cubic Bézier (0,0)–c1–c2–(1,1) at the parameter where its x equals `x`.
    static func cubicBezier(x: Double, c1: (Double, Double), c2: (Double, Double)) -> Double {
        func coordinate(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
            let u = 1 - s
            return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
        }
        // x(s) is increasing for these control points, so bisection always converges.
        var low = 0.0, high = 1.0, s = x
        for _ in 0..<60 {
            s = (low + high) / 2
            if coordinate(s, c1.0, c2.0) < x { low = s } else { high = s }
        }
        return coordinate(s, c1.1, c2.1)
    }
}

/// The keyboard's movement from its begin frame to its end frame over time.
public struct KeyboardAnimation: Sendable, Equatable {
    /// Begin and end frames in the coordinates the caller wants to draw in (view coordinates).
    public var beginFrame: CGRect
    /// Where the keyboard ends, in the same coordinates as `beginFrame`.
    public var endFrame: CGRect
    /// `UIKeyboardAnimationDurationUserInfoKey` (0.25 in the logged iPhone 7 frames).
    public var reportedDuration: Double
    /// `UIKeyboardAnimationCurveUserInfoKey` (7 in the logged iPhone 7 frames).
    public var rawCurve: Int
    /// What the curve numbers mean (the catalog's `animation`).
    public var timing: KeyboardTiming

    /// An animation between two frames with the timing a notification reported.
    public init(beginFrame: CGRect, endFrame: CGRect, reportedDuration: Double, rawCurve: Int, timing: KeyboardTiming) {
        self.beginFrame = beginFrame
        self.endFrame = endFrame
        self.reportedDuration = reportedDuration
        self.rawCurve = rawCurve
        self.timing = timing
    }

    /// Which curve `rawCurve` names: the keyboard spring or a standard UIKit curve.
    public var curve: KeyboardAnimationCurve { KeyboardAnimationCurve(rawValue: rawCurve, springCurve: timing.springCurve) }

    /// Seconds until the keyboard is at rest (the spring's settling time for curve 7).
    public var totalDuration: Double { curve.totalDuration(reportedDuration: reportedDuration, spring: timing.spring) }

    /// Fraction of the way from begin to end after `time` seconds.
    public func progress(at time: Double) -> Double {
        curve.progress(at: time, duration: totalDuration, spring: timing.spring)
    }

    /// The keyboard frame `time` seconds after the notification: each edge interpolated.
    public func frame(at time: Double) -> CGRect {
        let p = CGFloat(progress(at: time))
        func mix(_ a: CGFloat, _ b: CGFloat) -> CGFloat { a + (b - a) * p }
        return CGRect(x: mix(beginFrame.minX, endFrame.minX), y: mix(beginFrame.minY, endFrame.minY),
                      width: mix(beginFrame.width, endFrame.width), height: mix(beginFrame.height, endFrame.height))
    }

    /// `count` times evenly spaced from the start to the end of the animation, both included
    /// (one frame: the end).
    public func sampleTimes(count: Int) throws(KeyboardInputError) -> [Double] {
        guard count >= 1 else { throw .invalidFilmstripCount(count) }
        guard count > 1 else { return [totalDuration] }
        return (0..<count).map { totalDuration * Double($0) / Double(count - 1) }
    }

    /// The times of an animation's frames: one a display refresh (`frameRate` a second) from 0,
    /// the last at the end of the animation, so the frames before the last are on screen for
    /// exactly `totalDuration`. An animation shorter than `minimumFrames - 1` refreshes is cut
    /// into that many equal steps instead (and one that takes no time gets refreshes at rest).
    public func frameTimes(frameRate: Double, minimumFrames: Int = 10) -> [Double] {
        let duration = totalDuration
        let refresh = 1 / max(frameRate, 1)
        let steps = max(minimumFrames - 1, 1)
        guard duration > 0 else { return (0...steps).map { Double($0) * refresh } }
        let interval = duration / refresh >= Double(steps) ? refresh : duration / Double(steps)
        let count = Int((duration / interval - 1e-9).rounded(.up))
        return (0..<count).map { Double($0) * interval } + [duration]
    }
}

extension KeyboardAnimation: Encodable {
    private enum CodingKeys: String, CodingKey {
        case beginFrame, endFrame, reportedDuration, rawCurve, curve, totalDuration
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeRect(beginFrame, forKey: .beginFrame)
        try container.encodeRect(endFrame, forKey: .endFrame)
        try container.encode(reportedDuration, forKey: .reportedDuration)
        try container.encode(rawCurve, forKey: .rawCurve)
        try container.encode(String(describing: curve), forKey: .curve)
        try container.encode(totalDuration, forKey: .totalDuration)
    }
}
