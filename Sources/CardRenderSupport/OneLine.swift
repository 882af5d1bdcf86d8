import FoundationEssentials

extension String {
    /// The text with every line break written as its escape (`\n`, `\r\n`, `\u{2028}`), so a
    /// message that quotes a value stays one line whatever the value holds.
    public var escapingLineBreaks: String {
        guard contains(where: \.isNewline) else { return self }
        var result = ""
        for character in self {
            guard character.isNewline else {
                result.append(character)
                continue
            }
            for scalar in character.unicodeScalars { result += scalar.escaped(asASCII: true) }
        }
        return result
    }
}
