import BundledFonts

/// Which bundled fallback files a text needs, so that Korean text loads the CJK font and not the
/// Arabic, Thai or emoji ones. Pango draws each character with the first font of FontConfig's
/// sorted list for the run's description that has it. Each font's place in that list comes from
/// comparing it with the description alone, and a stable sort keeps the files' order among equal
/// fonts, so leaving out fonts changes nothing among the rest. The list without a file therefore
/// draws every character the same as the full list as long as it keeps, for each character,
/// every font that could come first for it:
/// - a character a face of every family of the list has: a run asking for one of those families
///   takes it from that family, which FontConfig ranks first (strong family match), so no
///   fallback file is needed for it;
/// - any other character: every fallback file that has it;
/// - in text shown as emoji, Pango asks for the `emoji` family, which is Noto Color Emoji, then
///   Symbola: the emoji font always (it is also the run's font for a character no font has),
///   Symbola for an emoji character the emoji font lacks, and every file that has a character
///   neither has. An emoji-presentation character is only ever in such a run, so it needs
///   nothing more.
/// Characters Pango never chooses a font for (spaces, controls, format characters, variation
/// selectors) follow their neighbours' fonts and need none. A text naming a fallback family
/// itself gets every fallback file, as a run of that family ranks the others by language.
/// FontConfig's sort also counts a run's language as supported only by the first font that
/// supports it; that font is a kept one whenever it has the run's characters, which holds for
/// every bundled script (`FallbackFileChoiceTests` lays each out with both lists).
enum FallbackFontChoice {
    static let emojiFile = "NotoColorEmoji.ttf"
    static let emojiTextFile = "Symbola-Emoji.ttf"

    /// The fallback files `text` needs beside the fonts of `fonts` (a configuration without
    /// fallback files), in the order of `BundledFonts.fallbackFileNames`.
    static func files(for text: String, besides fonts: FontConfigFonts) -> [String] {
        let emoji = EmojiPresentation.appears(in: text)
        var needed: Set<String> = emoji ? [emojiFile] : []
        let families = fonts.familyCharacterSets()
        var seen = Set<UInt64>()
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() where choosesFont(scalar) {
            let onlyEmoji = showsOnlyAsEmoji(scalar, before: index + 1 < scalars.count ? scalars[index + 1] : nil)
            guard seen.insert(UInt64(scalar.value) << 1 | (onlyEmoji ? 1 : 0)).inserted else { continue }
            if !onlyEmoji, !families.everyFamilyHas(scalar) { needed.formUnion(filesHaving(scalar)) }
            if emoji, mayShowAsEmoji(scalar), !has(emojiFile, scalar) {
                needed.formUnion(has(emojiTextFile, scalar) ? [emojiTextFile] : filesHaving(scalar))
            }
        }
        return BundledFonts.fallbackFileNames.filter(needed.contains)
    }

    /// An emoji-presentation character that no text-presentation selector (U+FE0E) follows is
    /// always in an emoji run (regional indicators and skin-tone modifiers alone aside).
    private static func showsOnlyAsEmoji(_ scalar: Unicode.Scalar, before next: Unicode.Scalar?) -> Bool {
        scalar.properties.isEmojiPresentation && !scalar.properties.isEmojiModifier
            && !(0x1F1E6...0x1F1FF).contains(scalar.value) && next != "\u{FE0E}"
    }

    /// Whether no fallback file has `scalar`.
    static func noFileHas(_ scalar: Unicode.Scalar) -> Bool { filesHaving(scalar).isEmpty }

    private static func filesHaving(_ scalar: Unicode.Scalar) -> [String] {
        coverages.filter { $0.coverage?.contains(scalar) ?? true }.map(\.file)
    }

    /// A file without a line in `FontPatterns.txt` (its patterns then come from a scan) counts
    /// as having every character, so it is loaded whenever a fallback font may be needed.
    private static func has(_ file: String, _ scalar: Unicode.Scalar) -> Bool {
        coverages.first { $0.file == file }?.coverage?.contains(scalar) ?? true
    }

    /// Each fallback file's characters, read once per process.
    private static let coverages = BundledFonts.fallbackFileNames.map { file in
        (file: file, coverage: BundledFontPatterns.coverage(ofFile: file))
    }

    /// Pango's itemizer picks no font for these: spaces (but the Ogham space mark), controls,
    /// format characters outside the Arabic block, line and paragraph separators and variation
    /// selectors keep the font of the text around them.
    static func choosesFont(_ scalar: Unicode.Scalar) -> Bool {
        if (0x600...0x6FF).contains(scalar.value) { return true }
        if (0xFE00...0xFE0F).contains(scalar.value) || (0xE0100...0xE01EF).contains(scalar.value) { return false }
        switch scalar.properties.generalCategory {
        case .control, .format, .surrogate, .lineSeparator, .paragraphSeparator: return false
        case .spaceSeparator: return scalar.value == 0x1680
        default: return true
        }
    }

    /// The characters Pango's emoji scanner may put in an emoji run: emoji (digits, `#` and `*`
    /// among them, as keycap bases) and the enclosing keycap and circle-backslash marks.
    private static func mayShowAsEmoji(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isEmoji || scalar.value == 0x20E3 || scalar.value == 0x20E0
    }
}
