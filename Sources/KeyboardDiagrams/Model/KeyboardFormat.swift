import Foundation

/// Text for numbers and frames the way logged keyboard notifications print them, shared by labels
/// and logs.
enum KeyboardFormat {
    /// `258`, `0.25`, `47.33`: whole numbers without a decimal point, others with at most two
    /// decimals and no trailing zeros; never `-0`.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
        let rounded = (value * 100).rounded() / 100
        if rounded == 0 { return "0" }
        if rounded == rounded.rounded(), let whole = Int64(exactly: rounded) { return String(whole) }
        var text = String(format: "%.2f", rounded)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }

    /// `value` as the diagrams and the JSON print it.
    static func number(_ value: CGFloat) -> String { number(Double(value)) }

    /// `(x,y,w,h)` without spaces, as the iPhone 7 frames logged in a 2017 post: `(0,409,375,258)`.
    static func frame(_ rect: CGRect) -> String {
        if rect.isNull { return "(null)" }
        return "(\(number(rect.minX)),\(number(rect.minY)),\(number(rect.width)),\(number(rect.height)))"
    }
}

/// A rect in JSON as `{"x":0,"y":409,"width":375,"height":258}` rather than Foundation's
/// nested arrays; -0 is written as 0.
struct RectJSON: Encodable {
    let x: Double, y: Double, width: Double, height: Double

    init(_ rect: CGRect) {
        func clean(_ value: CGFloat) -> Double { value == 0 ? 0 : Double(value) }
        x = clean(rect.minX); y = clean(rect.minY); width = clean(rect.width); height = clean(rect.height)
    }
}

extension KeyedEncodingContainer {
    mutating func encodeRect(_ rect: CGRect, forKey key: Key) throws {
        try encode(RectJSON(rect), forKey: key)
    }

    /// Null rects and nil are written as JSON null, so readers see the key.
    mutating func encodeRectOrNull(_ rect: CGRect?, forKey key: Key) throws {
        if let rect, !rect.isNull { try encode(RectJSON(rect), forKey: key) } else { try encodeNil(forKey: key) }
    }

    mutating func encodeLength(_ value: CGFloat, forKey key: Key) throws {
        try encode(value == 0 ? 0 : Double(value), forKey: key)
    }
}
