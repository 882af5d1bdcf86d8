/// Which text is drawn with the colour emoji font. DejaVu has black-and-white glyphs for some
/// emoji (the smileys, ⚡, ☕), so text that DejaVu covers may still need the bundled fallback
/// fonts: Pango lays emoji out with its `emoji` family, which only the configuration with the
/// fallback files holds.
enum EmojiPresentation {
    /// Whether `text` has a character shown as an emoji: one whose default presentation is emoji
    /// (😀, 🔥, flags' regional indicators), or an emoji character followed by U+FE0F (☎️, 1️⃣).
    static func appears(in text: String) -> Bool {
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            if scalar.properties.isEmojiPresentation { return true }
            if scalar == "\u{FE0F}", let previous, previous.properties.isEmoji { return true }
            previous = scalar
        }
        return false
    }
}
