import CardRenderSupport
import Foundation
import SpecFiles

/// `{column}` in template values: replaced by the row's value, `{column:markup}` by the value
/// unescaped in text layers, `{{` and `}}` by literal braces.
enum Placeholders {
    enum Problem: Error {
        case missingColumn(String)
        case malformed(String)
    }

    /// `text` with its placeholders filled by `lookup` (nil for a column the data lacks);
    /// values are markup-escaped when `escape` is set, unless written `{column:markup}`.
    static func fill(_ text: String, escape: Bool, lookup: (String) -> String?) throws(Problem) -> String {
        guard text.contains("{") || text.contains("}") else { return text }
        var result = ""
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            let next = text.index(after: index)
            if character == "}" {
                // `}}` is one brace; a lone `}` is kept as written.
                result.append("}")
                index = next < text.endIndex && text[next] == "}" ? text.index(after: next) : next
                continue
            }
            guard character == "{" else {
                result.append(character)
                index = next
                continue
            }
            if next < text.endIndex, text[next] == "{" {
                result.append("{")
                index = text.index(after: next)
                continue
            }
            guard let close = text[next...].firstIndex(of: "}") else {
                throw .malformed("a `{` is not closed; write `{{` for a literal brace")
            }
            let inside = text[next..<close]
            var name = inside.trimmingSpaces
            var raw = false
            if let colon = inside.lastIndex(of: ":") {
                let modifier = inside[inside.index(after: colon)...].trimmingSpaces
                guard modifier == "markup" else {
                    throw .malformed("unknown placeholder option \"\(modifier)\" in \"{\(inside)}\"; only `{column:markup}` is known")
                }
                name = inside[..<colon].trimmingSpaces
                raw = true
            }
            guard !name.isEmpty else { throw .malformed("an empty `{}`; write `{{}}` for literal braces") }
            guard let value = lookup(name) else { throw .missingColumn(name) }
            result += escape && !raw ? value.markupEscaped : value
            index = text.index(after: close)
        }
        return result
    }
}
