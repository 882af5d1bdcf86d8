import Foundation

/// Makes Cairo's SVG byte-for-byte reproducible. Cairo names elements from process-wide
/// counters (`surface5`, `glyph0-1`, `clip3`…), so the same drawing gets different ids
/// depending on what was drawn before it. Ids are renamed in order of appearance, per prefix.
enum SVGNormalizer {
    private static let idPattern = try! NSRegularExpression(pattern: #"\bid="([A-Za-z][A-Za-z0-9_.-]*)""#)
    private static let referencePattern = try! NSRegularExpression(
        pattern: ##"(\bid="|href="#|url\(#)([A-Za-z][A-Za-z0-9_.-]*)"##)

    static func normalize(_ svg: String) -> String {
        let whole = NSRange(svg.startIndex..., in: svg)
        var renamed: [String: String] = [:]
        var counters: [String: Int] = [:]
        for match in idPattern.matches(in: svg, range: whole) {
            guard let range = Range(match.range(at: 1), in: svg) else { continue }
            let id = String(svg[range])
            guard renamed[id] == nil else { continue }
            let prefix = String(id.prefix { $0.isLetter })
            let next = counters[prefix, default: 0]
            counters[prefix] = next + 1
            renamed[id] = "\(prefix)\(next)"
        }
        guard !renamed.isEmpty else { return svg }
        var result = ""
        result.reserveCapacity(svg.utf8.count)
        var cursor = svg.startIndex
        for match in referencePattern.matches(in: svg, range: whole) {
            guard let nameRange = Range(match.range(at: 2), in: svg) else { continue }
            let name = String(svg[nameRange])
            guard let replacement = renamed[name] else { continue }
            result += svg[cursor..<nameRange.lowerBound]
            result += replacement
            cursor = nameRange.upperBound
        }
        result += svg[cursor...]
        return result
    }
}
