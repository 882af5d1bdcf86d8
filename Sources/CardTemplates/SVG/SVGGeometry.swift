import Foundation
import Geometry

/// Lengths, transforms and `style` properties of an SVG, read as a vector editor writes them.
enum SVGGeometry {
    /// Points per unit of the absolute lengths a card's size may be given in (CSS units: 96 px
    /// and 72 pt to the inch).
    static let pointsPerUnit: [String: CGFloat] = ["mm": 72 / 25.4, "cm": 72 / 2.54, "in": 72, "pt": 1, "px": 0.75, "": 0.75]

    /// `63mm`, `2.5in`, `750px`, `180` (pixels) in points; nil for anything else (`100%`, `auto`).
    static func points(_ text: String) -> CGFloat? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        let unit = String(trimmed.reversed().prefix { $0.isLetter }.reversed())
        guard let scale = pointsPerUnit[unit], let value = Double(trimmed.dropLast(unit.count)),
              value.isFinite, value > 0 else { return nil }
        return CGFloat(value) * scale
    }

    /// A length in user units (`12`, `12px`); other units are converted as CSS does (a user
    /// unit is a CSS pixel).
    static func userUnits(_ text: String) -> CGFloat? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        if let value = Double(trimmed), value.isFinite { return CGFloat(value) }
        return points(trimmed).map { $0 / 0.75 }
    }

    /// The numbers of a `viewBox` or a transform's arguments, split at commas and spaces.
    static func numbers(_ text: some StringProtocol) -> [CGFloat] {
        text.split(whereSeparator: { $0 == "," || $0.isWhitespace }).compactMap { Double($0).map { CGFloat($0) } }
    }

    /// A `transform` attribute, or nil when it holds something not understood.
    static func transform(_ text: String) -> CGAffineTransform? {
        var result = CGAffineTransform.identity
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "(") {
            guard let close = rest[open...].firstIndex(of: ")") else { return nil }
            let name = rest[..<open].trimmingCharacters(in: CharacterSet(charactersIn: ", \t\n\r"))
            let values = numbers(rest[rest.index(after: open)..<close])
            let step: CGAffineTransform
            switch (name, values.count) {
            case ("matrix", 6): step = CGAffineTransform(a: values[0], b: values[1], c: values[2], d: values[3], tx: values[4], ty: values[5])
            case ("translate", 1): step = CGAffineTransform(translationX: values[0], y: 0)
            case ("translate", 2): step = CGAffineTransform(translationX: values[0], y: values[1])
            case ("scale", 1): step = CGAffineTransform(scaleX: values[0], y: values[0])
            case ("scale", 2): step = CGAffineTransform(scaleX: values[0], y: values[1])
            case ("rotate", 1): step = CGAffineTransform(rotationAngle: values[0] * .pi / 180)
            default: return nil
            }
            // Each listed transform applies inside the ones before it.
            result = step.concatenating(result)
            rest = rest[rest.index(after: close)...]
        }
        guard rest.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return nil }
        return result
    }

    /// The `style` attribute's properties, in order (`fill:#fff;font-size:12px`).
    static func style(_ text: String?) -> [(name: String, value: String)] {
        guard let text else { return [] }
        return text.split(separator: ";").compactMap { item in
            let parts = item.split(separator: ":", maxSplits: 1)
            guard parts.count == 2 else { return nil }
            return (parts[0].trimmingCharacters(in: .whitespaces), parts[1].trimmingCharacters(in: .whitespaces))
        }
    }

    /// `properties` written back as a `style` attribute.
    static func styleText(_ properties: [(name: String, value: String)]) -> String {
        properties.map { "\($0.name):\($0.value)" }.joined(separator: ";")
    }

    /// The rectangle `rect` covers once `transform` (no rotation or skew) has moved and scaled it.
    static func apply(_ transform: CGAffineTransform, to rect: CGRect) -> CGRect {
        let corners = [CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.maxY)].map { $0.applying(transform) }
        return CGRect(x: min(corners[0].x, corners[1].x), y: min(corners[0].y, corners[1].y),
                      width: abs(corners[1].x - corners[0].x), height: abs(corners[1].y - corners[0].y))
    }

    /// Whether the transform only moves and scales (what a text box drawn by Pango can follow).
    static func isAxisAligned(_ transform: CGAffineTransform) -> Bool {
        abs(transform.b) < 1e-9 && abs(transform.c) < 1e-9
    }
}
