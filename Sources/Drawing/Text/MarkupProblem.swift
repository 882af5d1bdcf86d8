import Foundation

/// GLib's words about markup Pango could not parse, told in terms of the text the user wrote.
/// `pango_parse_markup` parses the text inside an element of its own, `<markup>…</markup>`, so
/// GLib counts bytes from that wrapper ("line 1 char 44", the tag's last byte) and names it
/// when an element is left open ("Element “markup” was closed, but the currently open element
/// is “b”"). This names the user's own elements and gives the line and column (in characters)
/// where the offending tag or `&` starts in the user's text.
enum MarkupProblem {
    /// What `pango_parse_markup` puts before the text on its first line.
    static let wrapper = "<markup>"

    typealias Place = (line: Int, column: Int)

    /// `message` (GLib's or Pango's, about `markup` inside the wrapper) in the user's terms.
    static func describe(_ message: String, in markup: String) -> String {
        var text = message
        var place: Place?
        if let match = text.firstMatch(of: #/(?:Error )?on line (\d+) char (\d+):? ?/#), let line = Int(match.1), let byte = Int(match.2) {
            place = tagStart(before: userPlace(line: line, byte: byte, in: markup), in: markup)
            text.removeSubrange(match.range)
        } else if let match = text.firstMatch(of: #/(?:Error )?on line (\d+):? ?/#), let line = Int(match.1) {
            place = (line, 0)
            text.removeSubrange(match.range)
        }
        text = text.trimmingCharacters(in: .whitespaces)
        let mismatch = #/Element [“'"]([^”'"]+)[”'"] was closed, but the currently open element is [“'"]([^”'"]+)[”'"]/#
        if let match = text.firstMatch(of: mismatch) {
            let (closed, open) = (String(match.1), String(match.2))
            let opened = lastOpening(of: open, in: markup).map { " (opened at \(describe($0, in: markup)))" } ?? ""
            if closed == "markup" { return "<\(open)> is never closed\(opened)" }
            guard open != "markup" else { return "</\(closed)> closes an element that is not open" + at(place, in: markup) }
            return "</\(closed)>" + at(place, in: markup, parenthesized: false) + " does not close <\(open)>\(opened)"
        }
        if text.contains("ampersand"), let ampersand = bareAmpersand(in: markup) {
            text = "a `&` that starts no entity; write it as &amp;"
            place = ampersand
        }
        return text.trimmingCharacters(in: CharacterSet(charactersIn: ". ")) + at(place, in: markup)
    }

    /// ` (at column 7 of the text)`, or `` when there is no place or only line 1 of a one-line text.
    static func at(_ place: Place?, in markup: String, parenthesized: Bool = true) -> String {
        guard let place else { return "" }
        let text: String
        if place.column > 0 {
            text = describe(place, in: markup)
        } else {
            guard markup.contains(where: \.isNewline) else { return "" }
            text = "line \(place.line) of the text"
        }
        return parenthesized ? " (at \(text))" : " at \(text)"
    }

    /// `column 7 of the text`, or `line 2, column 7 of the text` when it has several lines.
    static func describe(_ place: Place, in markup: String) -> String {
        markup.contains(where: \.isNewline) ? "line \(place.line), column \(place.column) of the text"
            : "column \(place.column) of the text"
    }

    static func lines(of markup: String) -> [Substring] {
        markup.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
    }

    /// GLib's 1-based line and byte (in the wrapped text) as a line and character column of `markup`.
    static func userPlace(line: Int, byte: Int, in markup: String) -> Place {
        let lines = lines(of: markup)
        let index = max(0, min(line - 1, lines.count - 1))
        let bytes = byte - (index == 0 ? wrapper.utf8.count : 0)
        guard lines.indices.contains(index) else { return (index + 1, 1) }
        var column = 0, seen = 0
        for character in lines[index] {
            guard seen < bytes else { break }
            seen += character.utf8.count
            column += 1
        }
        return (index + 1, max(1, column))
    }

    /// The column of the `<` that starts the tag ending at or after `place`, when there is one on its line.
    static func tagStart(before place: Place, in markup: String) -> Place {
        let lines = lines(of: markup)
        guard lines.indices.contains(place.line - 1) else { return place }
        let characters = Array(lines[place.line - 1])
        var index = min(place.column, characters.count) - 1
        while index >= 0, characters[index] != "<" { index -= 1 }
        return index >= 0 ? (place.line, index + 1) : place
    }

    /// Where the last `<element` of `markup` starts.
    static func lastOpening(of element: String, in markup: String) -> Place? {
        for (index, line) in lines(of: markup).enumerated().reversed() {
            var found: String.Index?
            var search = line.startIndex
            while let range = line[search...].range(of: "<" + element) {
                let after = range.upperBound
                if after == line.endIndex || line[after] == ">" || line[after] == "/" || line[after].isWhitespace {
                    found = range.lowerBound
                }
                search = after
            }
            if let found { return (index + 1, line.distance(from: line.startIndex, to: found) + 1) }
        }
        return nil
    }

    /// The first `&` that does not start an entity (`&amp;`, `&#38;`, `&#x26;`).
    static func bareAmpersand(in markup: String) -> Place? {
        for (index, line) in lines(of: markup).enumerated() {
            var search = line.startIndex
            while let ampersand = line[search...].firstIndex(of: "&") {
                if line[ampersand...].prefixMatch(of: #/&(?:[A-Za-z]+|#[0-9]+|#x[0-9A-Fa-f]+);/#) == nil {
                    return (index + 1, line.distance(from: line.startIndex, to: ampersand) + 1)
                }
                search = line.index(after: ampersand)
            }
        }
        return nil
    }
}
