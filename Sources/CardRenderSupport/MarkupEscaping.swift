import FoundationEssentials

extension String {
    /// The text with `& < > " '` escaped, safe inside HTML, XML and SVG text and attributes.
    ///
    /// Characters XML 1.0 forbids even as references (controls other than tab, line feed and
    /// carriage return; U+FFFE, U+FFFF) are written visibly as `\x01` or `\u{FFFE}`, so a file
    /// name holding one still gives a well-formed document. Scalars, not characters, are
    /// inspected: `&` followed by a combining mark is one `Character` but still needs escaping.
    public var markupEscaped: String {
        // Most text (a base64 image URL: megabytes) has nothing to escape; 0xEF leads U+FFFE and U+FFFF.
        let plain = utf8.allSatisfy { byte in
            byte >= 0x20 && byte != 0xEF && byte != UInt8(ascii: "&") && byte != UInt8(ascii: "<") && byte != UInt8(ascii: ">")
                && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "'")
        }
        if plain { return self }
        var escaped = ""
        escaped.reserveCapacity(utf8.count)
        for scalar in unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            case "\t", "\n", "\r": escaped.unicodeScalars.append(scalar)
            case "\u{0}"..."\u{1F}": escaped += "\\x" + Self.hex(scalar.value, digits: 2)
            case "\u{FFFE}", "\u{FFFF}": escaped += "\\u{" + Self.hex(scalar.value, digits: 4) + "}"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// Markup with every `&` that begins no entity Pango's markup parser knows written as
    /// `&amp;`, so `Salt & Pepper` shows its ampersand instead of failing to parse. The entities
    /// kept are GLib markup's: `&amp;` `&lt;` `&gt;` `&quot;` `&apos;` and character references
    /// (`&#65;`, `&#x41;`); any other `&`, including one before an HTML-only name such as
    /// `&nbsp;`, is text.
    public var loneAmpersandsEscaped: String {
        guard contains("&") else { return self }
        var result = ""
        result.reserveCapacity(utf8.count + 8)
        var rest = self[...]
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            let tail = rest[ampersand...]
            let entity = tail.prefixMatch(of: #/&(?:amp|lt|gt|quot|apos|#[0-9]{1,7}|#x[0-9A-Fa-f]{1,6});/#)
            result += entity == nil ? "&amp;" : "&"
            rest = tail.dropFirst()
        }
        result += rest
        return result
    }

    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: Swift.max(0, digits - text.count)) + text
    }
}
