import Foundation
internal import Yams

/// The mistakes YAML's comments make possible: `background: #f3ead3` is a key with no value and
/// a comment, since a `#` after a space starts one; in a flow mapping the comment also hides its
/// closing `}`. Both are told as what they are, at the line the user wrote them on.
enum SpecComments {
    /// A line split where its comment starts: the content without trailing spaces, and the comment.
    static func split(_ line: Substring) -> (content: Substring, comment: Substring?) {
        var quote: Character?
        var previous: Character = " "
        for index in line.indices {
            let character = line[index]
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                if previous == " " || "[{,:".contains(previous) { quote = character }
            } else if character == "#", previous == " " || previous == "\t" {
                return (trimmedEnd(line[..<index]), line[index...])
            }
            previous = character
        }
        return (trimmedEnd(line), nil)
    }

    static func trimmedEnd(_ text: Substring) -> Substring {
        var end = text.endIndex
        while end > text.startIndex, text[text.index(before: end)] == " " || text[text.index(before: end)] == "\t" {
            end = text.index(before: end)
        }
        return text[..<end]
    }

    /// `#f3ead3` when `comment` starts with a colour (3, 4, 6 or 8 hex digits).
    static func colour(in comment: Substring) -> String? {
        guard let match = comment.prefixMatch(of: #/#([0-9A-Fa-f]{8}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{3,4})(?![0-9A-Za-z])/#) else { return nil }
        return String(match.0)
    }

    static func advice(_ colour: String) -> String {
        "a `#` starts a comment in YAML; quote colours: \"\(colour)\""
    }

    /// Refuses the first key whose value is empty because a colour after it is a comment.
    static func checkColours(in root: Node, text: String, file: String) throws(SpecError) {
        var lines: [Substring]?
        try walk(root) { (key, value) throws(SpecError) in
            guard case let .scalar(scalar) = value, value.null != nil, scalar.style == .plain,
                  let line = value.mark?.line ?? key.mark?.line else { return }
            if lines == nil { lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) }
            guard let lines, lines.indices.contains(line - 1), let comment = split(lines[line - 1]).comment,
                  let colour = colour(in: comment) else { return }
            let name = key.string.map { "`\($0)`" } ?? "the key"
            let column = lines[line - 1].distance(from: lines[line - 1].startIndex, to: comment.startIndex) + 1
            throw SpecError("\(name) has no value: \(advice(colour))", at: SpecLocation(file: file, line: line, column: column))
        }
    }

    static func walk(_ node: Node, _ visit: (Node, Node) throws(SpecError) -> Void) throws(SpecError) {
        switch node {
        case .scalar: break
        case let .sequence(items):
            for item in items { try walk(item, visit) }
        case let .mapping(mapping):
            for (key, value) in mapping {
                try visit(key, value)
                try walk(value, visit)
            }
        }
    }

    /// Where a flow collection's error belongs: libyaml reports a missing `,`, `}` or `]` at the
    /// next token, a line or more later; the mistake is at the end of the content line before it,
    /// when that line (inside the collection) does not end with `,` or an opening bracket. Nil
    /// when the error is where it belongs. With the advice for a colour a comment there hides.
    static func flowLocation(errorLine: Int, collectionLine: Int, in text: String, file: String)
        -> (location: SpecLocation, advice: String?)? {
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        // A node's own context starts on the error's line; a colour's comment may have hidden
        // the bracket that closed its collection on any line before.
        let sameLine = collectionLine >= errorLine
        var index = min(errorLine, lines.count) - 2
        while index >= (sameLine ? 0 : collectionLine - 1), index >= 0 {
            let parts = split(lines[index])
            if let last = parts.content.last {
                guard !",[{".contains(last) else { return nil }
                let advice = parts.comment.flatMap(colour(in:)).map(advice)
                guard advice != nil || !sameLine else { return nil }
                return (SpecLocation(file: file, line: index + 1, column: parts.content.count + 1), advice)
            }
            index -= 1
        }
        return nil
    }
}
