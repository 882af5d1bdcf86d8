extension StringProtocol {
    /// Without leading and trailing spaces and tabs, as `trimmingCharacters(in: .whitespaces)`
    /// (Unicode space separators and tab) but without a trip through `NSString`: resolving a
    /// thousand rows spent a fifth of its time there.
    var trimmingSpaces: String {
        func isSpace(_ character: Character) -> Bool {
            character.unicodeScalars.allSatisfy { $0 == "\t" || $0.properties.generalCategory == .spaceSeparator }
        }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
