import Foundation

/// An animation as one SVG document: every frame, as `Picture.svgData()` wrote it, in a group
/// of its own that SMIL shows for the frame's delay and hides again (`<animate
/// attributeName="display" calcMode="discrete">`), looping forever; Chromium and Firefox play
/// it. Without SMIL (librsvg, most editors) only frame 0 shows: the other groups are
/// `display="none"`.
///
/// Whole frames are swapped rather than the moving parts animated, because each frame is drawn
/// by the same code as the still diagram (the keyboard, the toolbar, the content inset and the
/// values all change) and the SVG is then exactly the frames the PNG shows. Cairo names ids the
/// same way in every frame (`glyph0`, `clip1`), so each frame's ids get a prefix of their own
/// (`f3-glyph0`) and no reference crosses frames.
public enum AnimatedSVG {
    /// The document of `frames` (SVG documents of one size), each shown for its delay in seconds.
    public static func compose(frames: [Data], delays: [Double]) throws -> Data {
        guard !frames.isEmpty, frames.count == delays.count else {
            throw DrawingError.invalidDocument("an animated SVG needs frames, each with a delay (\(frames.count) frames, \(delays.count) delays)")
        }
        guard delays.allSatisfy({ $0.isFinite && $0 > 0 }) else {
            throw DrawingError.invalidDocument("every frame of an animated SVG needs a delay above 0 s")
        }
        let total = delays.reduce(0, +)
        var starts: [Double] = []
        var elapsed = 0.0
        for delay in delays { starts.append(elapsed); elapsed += delay }

        var root: String?
        var body = ""
        for (index, frame) in frames.enumerated() {
            let text = SVGNormalizer.normalize(String(decoding: frame, as: UTF8.self), idPrefix: "f\(index)-")
            guard let parts = split(text) else { throw DrawingError.invalidDocument("frame \(index) is not an SVG document") }
            root = root ?? parts.root
            let visibility = index == 0 ? "" : " display=\"none\""
            body += "<g id=\"frame\(index)\"\(visibility)>\n"
            if frames.count > 1 {
                body += animation(start: starts[index] / total, end: (starts[index] + delays[index]) / total, total: total) + "\n"
            }
            body += parts.content + "</g>\n"
        }
        return Data(("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + (root ?? "<svg>") + "\n" + body + "</svg>\n").utf8)
    }

    /// Shown from `start` to `end` (fractions of the loop), hidden otherwise, every `total` seconds.
    static func animation(start: Double, end: Double, total: Double) -> String {
        var values: [String] = [], times: [String] = []
        if start > 0 { values.append("none"); times.append("0") }
        values.append("inline"); times.append(number(start))
        if end < 1 - 1e-9 { values.append("none"); times.append(number(end)) }
        return "<animate attributeName=\"display\" values=\"\(values.joined(separator: ";"))\" "
            + "keyTimes=\"\(times.joined(separator: ";"))\" dur=\"\(number(total))s\" calcMode=\"discrete\" "
            + "repeatCount=\"indefinite\"/>"
    }

    /// Up to six decimals, without trailing zeros: the same text on every machine.
    static func number(_ value: Double) -> String {
        var text = String(format: "%.6f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// A document's `<svg …>` start tag and what is inside it.
    private static func split(_ svg: String) -> (root: String, content: String)? {
        guard let open = svg.range(of: "<svg"), let openEnd = svg[open.upperBound...].range(of: ">"),
              let close = svg.range(of: "</svg>", options: .backwards), openEnd.upperBound <= close.lowerBound else { return nil }
        return (String(svg[open.lowerBound..<openEnd.upperBound]), String(svg[openEnd.upperBound..<close.lowerBound]))
    }
}
