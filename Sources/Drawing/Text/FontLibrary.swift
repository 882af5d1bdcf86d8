import BundledFonts
import CardRenderSupport
import Foundation

/// The fonts a `TextBox` may use: the bundled fonts plus font files named by path. Text is never
/// laid out with a font found on the machine: the library has its own FontConfig configuration
/// holding only these files, and an unknown family is an error, not a fallback. A character the
/// named family lacks comes from another of these fonts, chosen by Pango and FontConfig; the
/// bundled fallback fonts (CJK, Arabic, Hebrew, Thai, Devanagari, emoji) are loaded only for a
/// text that has such a character.
public struct FontLibrary: Sendable, Hashable {
    /// The extra files, as absolute paths, in the order given (the bundled fonts are always there).
    public let fontFiles: [String]

    private init(validatedFiles: [String]) { fontFiles = validatedFiles }

    /// The bundled fonts only: DejaVu Sans (regular, bold, oblique, bold oblique) and DejaVu Serif
    /// (regular, bold).
    public static let bundled = FontLibrary(validatedFiles: [])

    /// The bundled fonts plus the TrueType/OpenType files at `paths`; their families come from
    /// the files. Fails on a missing file (`font file X not found`) or a file that is not a font.
    public init(addingFontFilesAt paths: [String]) throws(DrawingError) {
        var files: [String] = []
        for path in paths {
            let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
            guard FileManager.default.fileExists(atPath: absolute) else { throw .fontMissing("font file \(path) not found") }
            if !files.contains(absolute) { files.append(absolute) }
        }
        self.init(validatedFiles: files)
        _ = try fonts()
    }

    /// The family names the library's fonts declare, with the bundled fallback families, sorted;
    /// empty if the bundled fonts cannot be found (laying text out then reports why).
    public var families: [String] {
        guard let declared = try? fonts().families else { return [] }
        return Array(Set(declared + BundledFonts.fallbackFamilies)).sorted()
    }

    /// Whether `family` is one of the bundled fallback families, which only the configuration
    /// with the fallback files holds.
    func isFallbackFamily(_ family: String) -> Bool {
        let key = FontLibrary.matchingKey(family)
        return BundledFonts.fallbackFamilies.contains { FontLibrary.matchingKey($0) == key }
    }

    /// Throws unless `family` is one of `families` (compared as FontConfig does: ignoring case
    /// and spaces), with the families available and the nearest name.
    public func checkFamily(_ family: String) throws(DrawingError) {
        let available = Array(Set(try fonts().families + BundledFonts.fallbackFamilies)).sorted()
        let key = FontLibrary.matchingKey(family)
        guard !available.contains(where: { FontLibrary.matchingKey($0) == key }) else { return }
        throw .font("unknown font family \"\(family)\"; available: \(available.joined(separator: ", "))"
                    + NearestName.hint(for: family, among: available))
    }

    func fonts(withFallback: Bool = false) throws(DrawingError) -> FontConfigFonts {
        try FontConfigFonts.fonts(extraFiles: fontFiles, withFallback: withFallback)
    }

    /// The font list for `text` in `families`: the library's fonts, plus the fallback files the
    /// text needs (`FallbackFontChoice`) when they lack a character or the text shows an emoji,
    /// or every fallback file when a family is one of theirs.
    /// With `everyFallbackFile`, every fallback file instead of those the text needs: the list
    /// whose drawing the needed files must reproduce.
    func fontsKey(for text: String, families: [String], everyFallbackFile: Bool = false) throws(DrawingError)
        -> FontConfigFonts.Key {
        if families.contains(where: isFallbackFamily) {
            return FontConfigFonts.Key(extraFiles: fontFiles, withFallback: true)
        }
        let list = try fonts()
        guard !list.covers(text) || EmojiPresentation.appears(in: text) else {
            return FontConfigFonts.Key(extraFiles: fontFiles, fallbackFiles: [])
        }
        return FontConfigFonts.Key(extraFiles: fontFiles, fallbackFiles: everyFallbackFile
            ? BundledFonts.fallbackFileNames : FallbackFontChoice.files(for: text, besides: list))
    }

    private static func matchingKey(_ family: String) -> String {
        String(family.lowercased().filter { !$0.isWhitespace })
    }
}
