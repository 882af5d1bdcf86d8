import CardRenderSupport
import Foundation

/// Bad input to the keyboard geometry: names that do not exist and frames that are not frames.
/// Each case reads as one line a user can act on.
public enum KeyboardInputError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No device has this name or alias; `suggestion` is the nearest name, if one is close.
    case unknownDevice(String, suggestion: String?)
    /// No scenario has this name; `suggestion` is the nearest name, if one is close.
    case unknownScenario(String, suggestion: String?)
    /// No strategy has this name; `suggestion` is the nearest name, if one is close.
    case unknownStrategy(String, suggestion: String?)
    /// Neither `portrait` nor `landscape`; `suggestion` is the nearest, if one is close.
    case unknownOrientation(String, suggestion: String?)
    /// `text` is not four comma-separated numbers.
    case malformedFrame(name: String, text: String)
    /// A frame with an infinite or NaN value.
    case nonFiniteFrame(name: String)
    /// A frame with a negative width or height.
    case negativeFrameSize(name: String, width: Double, height: Double)
    /// A filmstrip of fewer than one frame.
    case invalidFilmstripCount(Int)
    /// A scenario without notifications.
    case emptyScenario(String)

    public var description: String {
        switch self {
        case .unknownDevice(let name, let suggestion):
            "unknown device \"\(name)\"" + NearestName.hint(suggesting: suggestion)
        case .unknownScenario(let name, let suggestion):
            "unknown scenario \"\(name)\"" + NearestName.hint(suggesting: suggestion)
        case .unknownStrategy(let name, let suggestion):
            "unknown strategy \"\(name)\" (\(Self.names(AvoidanceStrategy.self)))" + NearestName.hint(suggesting: suggestion)
        case .unknownOrientation(let name, let suggestion):
            "unknown orientation \"\(name)\" (\(Self.names(Orientation.self)))" + NearestName.hint(suggesting: suggestion)
        case .malformedFrame(let name, let text):
            "\(name) \"\(text)\" is not four numbers x,y,w,h"
        case .nonFiniteFrame(let name):
            "\(name) has a value that is not a finite number within ±1000000 pt"
        case .negativeFrameSize(let name, let width, let height):
            "\(name) has a negative size \(KeyboardFormat.number(width)) x \(KeyboardFormat.number(height))"
        case .invalidFilmstripCount(let count):
            "a filmstrip needs at least 1 frame, not \(count)"
        case .emptyScenario(let name):
            "scenario \"\(name)\" has no keyboard notifications"
        }
    }

    /// Every value of a name enum, in declaration order: `portrait, landscape`.
    private static func names<Names: CaseIterable & RawRepresentable>(_: Names.Type) -> String where Names.RawValue == String {
        Names.allCases.map(\.rawValue).joined(separator: ", ")
    }

}

/// Reading and checking `x,y,w,h` frames.
public enum FrameInput {
    /// Parses `"0,409,375,258"` (spaces allowed) into a rect and validates it.
    /// `name` is what the error calls it, e.g. `--keyboard-frame`.
    public static func parse(_ text: String, name: String) throws(KeyboardInputError) -> CGRect {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 4 else { throw .malformedFrame(name: name, text: text) }
        var numbers: [Double] = []
        for part in parts {
            // Double("nan") and Double("inf") parse; they are rejected as non-finite below.
            guard let number = Double(part) else { throw .malformedFrame(name: name, text: text) }
            numbers.append(number)
        }
        return try validated(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3], name: name)
    }

    /// Checks four numbers: all finite, width and height not negative.
    public static func validated(x: Double, y: Double, width: Double, height: Double,
                                 name: String) throws(KeyboardInputError) -> CGRect {
        // Points beyond a million are no screen: refused like infinities, before any arithmetic.
        guard [x, y, width, height].allSatisfy({ $0.isFinite && abs($0) <= 1_000_000 }) else {
            throw .nonFiniteFrame(name: name)
        }
        guard width >= 0, height >= 0 else { throw .negativeFrameSize(name: name, width: width, height: height) }
        return CGRect(x: x, y: y, width: width, height: height)
    }

    /// Checks a rect that arrived as a value (from a spec file, say).
    public static func validated(_ rect: CGRect, name: String) throws(KeyboardInputError) -> CGRect {
        try validated(x: Double(rect.origin.x), y: Double(rect.origin.y),
                      width: Double(rect.size.width), height: Double(rect.size.height), name: name)
    }
}
