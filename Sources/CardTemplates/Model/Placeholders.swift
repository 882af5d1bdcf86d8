import CardRenderSupport
import Foundation
import SpecFiles

/// `{column}` in template values: replaced by the row's value, `{column:markup}` by the value
/// unescaped in text layers, `{{` and `}}` by literal braces. A column whose name holds `:` is
/// written as it is named: `{a:b}`, `{a:b:markup}`.
enum Placeholders {
    enum Problem: Error {
        case missingColumn(String)
        case malformed(String)
    }

    /// `text` with its placeholders filled by `lookup` (nil for a column the data lacks). When
    /// `escape` is set the text is markup: values are markup-escaped unless written
    /// `{column:markup}`, and an `&` that begins no entity, written in the template or in a
    /// `{column:markup}` value, is an ampersand.
    static func fill(_ text: String, escape: Bool, lookup: (String) -> String?) throws(Problem) -> String {
        guard text.contains("{") || text.contains("}") else { return escape ? text.loneAmpersandsEscaped : text }
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
            let (value, raw) = try Self.value(of: text[next..<close], lookup: lookup)
            result += escape && !raw ? value.markupEscaped : value
            index = text.index(after: close)
        }
        return escape ? result.loneAmpersandsEscaped : result
    }

    /// Whether any scalar of `node` holds a `{column}` (not a `{{` literal): its value then comes from data.
    static func holdsPlaceholder(_ node: LocatedNode) -> Bool {
        node.scalars.contains { holdsPlaceholder($0) }
    }

    /// Whether `text` holds a `{column}`, however malformed (filling it would ask for a column).
    static func holdsPlaceholder(_ text: String) -> Bool {
        var asked = false
        do throws(Problem) {
            _ = try fill(text, escape: false) { _ in
                asked = true
                return ""
            }
        } catch {
            return true
        }
        return asked
    }

    /// The value a placeholder's inside names, and whether it goes in as markup. The whole inside
    /// is a column name first, so a column whose name holds `:` (`{a:b}`) is found; otherwise a
    /// last `:markup` asks for the column before it unescaped.
    static func value(of inside: Substring, lookup: (String) -> String?) throws(Problem) -> (String, raw: Bool) {
        let whole = inside.trimmingSpaces
        guard !whole.isEmpty else { throw .malformed("an empty `{}`; write `{{}}` for literal braces") }
        if let value = lookup(whole) { return (value, false) }
        guard let colon = inside.lastIndex(of: ":") else { throw .missingColumn(whole) }
        let name = inside[..<colon].trimmingSpaces
        let modifier = inside[inside.index(after: colon)...].trimmingSpaces
        guard modifier == "markup" else {
            // `{a:b}` is the column `a:b` unless the data has a column `a`, when `b` is an option.
            guard lookup(name) != nil else { throw .missingColumn(whole) }
            throw .malformed("unknown placeholder option \"\(modifier)\" in \"{\(inside)}\"; only `{column:markup}` is known")
        }
        guard !name.isEmpty else { throw .malformed("an empty `{}`; write `{{}}` for literal braces") }
        guard let value = lookup(name) else { throw .missingColumn(name) }
        return (value, true)
    }
}
