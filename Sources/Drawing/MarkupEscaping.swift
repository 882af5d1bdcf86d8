import Foundation

extension String {
    /// The text with `& < > " '` escaped, safe inside HTML, XML and SVG text and attributes.
    public var markupEscaped: String {
        var escaped = ""
        escaped.reserveCapacity(utf8.count)
        for character in self {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
