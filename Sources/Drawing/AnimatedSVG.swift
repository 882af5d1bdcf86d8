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
/// (`f3-glyph0`) and no reference crosses frames. The glyphs, which are most of a frame's bytes
/// and nearly all alike from frame to frame, are then defined once for the document.
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
        var glyphs = SharedSymbols()
        for (index, frame) in frames.enumerated() {
            let text = SVGNormalizer.normalize(String(decoding: frame, as: UTF8.self), idPrefix: "f\(index)-")
            guard var parts = split(text) else { throw DrawingError.invalidDocument("frame \(index) is not an SVG document") }
            parts.content = glyphs.hoist(from: parts.content)
            root = root ?? parts.root
            let visibility = index == 0 ? "" : " display=\"none\""
            body += "<g id=\"frame\(index)\"\(visibility)>\n"
            if frames.count > 1 {
                body += animation(start: starts[index] / total, end: (starts[index] + delays[index]) / total, total: total) + "\n"
            }
            body += parts.content + "</g>\n"
        }
        let shared = glyphs.definitions.isEmpty ? "" : "<defs>\n" + glyphs.definitions.joined(separator: "\n") + "\n</defs>\n"
        return Data(("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + (root ?? "<svg>") + "\n" + shared + body + "</svg>\n").utf8)
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

    /// Cairo's `<symbol>` definitions (its glyphs) of every frame, each shape defined once.
    struct SharedSymbols {
        private(set) var definitions: [String] = []
        private var idsByShape: [[UInt8]: String] = [:]

        /// `content` without its symbol definitions, which are added here (a shape seen in an
        /// earlier frame keeps its first id), and with its references to them renamed.
        mutating func hoist(from content: String) -> String {
            let bytes = Array(content.utf8)
            var kept: [UInt8] = []
            kept.reserveCapacity(bytes.count / 3)
            var renamed: [String: String] = [:]
            var index = 0
            while let open = find(Self.symbolOpening, in: bytes, from: index),
                  let close = find(Self.symbolClosing, in: bytes, from: open) {
                let end = close + Self.symbolClosing.count
                kept += bytes[index..<open]
                index = end
                let block = Array(bytes[open..<end])
                guard let id = Self.id(in: block) else { kept += block; continue }
                var shape = block
                shape.removeSubrange(id.attribute)
                let name = String(decoding: block[id.name], as: UTF8.self)
                if let shared = idsByShape[shape] {
                    renamed[name] = shared
                } else {
                    let shared = "glyph\(definitions.count)"
                    idsByShape[shape] = shared
                    var definition = block
                    definition.replaceSubrange(id.name, with: Array(shared.utf8))
                    definitions.append(String(decoding: definition, as: UTF8.self))
                    renamed[name] = shared
                }
            }
            kept += bytes[index...]
            return String(decoding: Self.renamingReferences(in: kept, renamed), as: UTF8.self)
        }

        private static let symbolOpening = Array("<symbol".utf8)
        private static let symbolClosing = Array("</symbol>".utf8)
        private static let idOpening = Array(" id=\"".utf8)
        private static let referenceOpening = Array("href=\"#".utf8)

        /// The ` id="…"` attribute of a start tag, and the name inside it.
        private static func id(in block: [UInt8]) -> (attribute: Range<Int>, name: Range<Int>)? {
            let tagEnd = block.firstIndex(of: UInt8(ascii: ">")) ?? block.count
            guard let start = find(idOpening, in: block, from: 0), start < tagEnd else { return nil }
            let nameStart = start + idOpening.count
            guard let quote = block[nameStart...].firstIndex(of: UInt8(ascii: "\"")) else { return nil }
            return (start..<quote + 1, nameStart..<quote)
        }

        /// `href="#NAME"` with NAME renamed where `renamed` has it.
        private static func renamingReferences(in bytes: [UInt8], _ renamed: [String: String]) -> [UInt8] {
            guard !renamed.isEmpty else { return bytes }
            var result: [UInt8] = []
            result.reserveCapacity(bytes.count)
            var index = 0
            while let found = find(referenceOpening, in: bytes, from: index) {
                let nameStart = found + referenceOpening.count
                let nameEnd = bytes[nameStart...].firstIndex(of: UInt8(ascii: "\"")) ?? bytes.count
                result += bytes[index..<nameStart]
                let name = String(decoding: bytes[nameStart..<nameEnd], as: UTF8.self)
                result += renamed[name].map { Array($0.utf8) } ?? Array(bytes[nameStart..<nameEnd])
                index = nameEnd
            }
            result += bytes[index...]
            return result
        }
    }

    /// Where `pattern` first starts in `bytes` at or after `start`.
    static func find(_ pattern: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard let first = pattern.first, bytes.count >= pattern.count else { return nil }
        var index = start
        let last = bytes.count - pattern.count
        while index <= last {
            if bytes[index] == first, bytes[index..<index + pattern.count].elementsEqual(pattern) { return index }
            index += 1
        }
        return nil
    }
}
