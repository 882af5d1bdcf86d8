extension StringProtocol {
    /// Without the spaces and tabs at either end, as Foundation's `trimmingCharacters(in:
    /// .whitespaces)`: Unicode's space separators and the tab, scalar by scalar; line breaks stay.
    package func trimmingSpaces() -> String {
        let isSpace = { (scalar: Unicode.Scalar) in scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator }
        let scalars = Array(unicodeScalars)
        guard let first = scalars.firstIndex(where: { !isSpace($0) }),
              let last = scalars.lastIndex(where: { !isSpace($0) }) else { return "" }
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars[first...last])
        return String(view)
    }
}
