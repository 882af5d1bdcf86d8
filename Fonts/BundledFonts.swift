import Foundation
import ResourceBundles

/// The fonts this package ships, pinned by `SHA256SUMS`, licences in `LICENSE`: DejaVu Sans in
/// four styles and DejaVu Serif in two (Latin, Greek, Cyrillic, and the families templates name),
/// and fallback fonts for the scripts DejaVu lacks (Noto Sans CJK cut to Korean, Japanese and
/// Chinese character sets by `subset.py`, Noto Sans Arabic, Hebrew, Thai and Devanagari, Noto
/// Color Emoji, and Symbola's pictographs for the symbols it lacks). Text is drawn only with these
/// and with fonts a user names by file, so renders are the same bytes on every machine.
public enum BundledFonts {
    public static let regular = "DejaVuSans.ttf"
    public static let bold = "DejaVuSans-Bold.ttf"
    public static let oblique = "DejaVuSans-Oblique.ttf"
    public static let boldOblique = "DejaVuSans-BoldOblique.ttf"
    public static let serif = "DejaVuSerif.ttf"
    public static let serifBold = "DejaVuSerif-Bold.ttf"
    /// The DejaVu files, loaded for every text.
    public static let primaryFileNames = [regular, bold, oblique, boldOblique, serif, serifBold]
    /// The fallback files, loaded only for a text with a character no DejaVu font has (or that
    /// names one of their families): reading the CJK font's character map costs start-up time.
    public static let fallbackFileNames = [
        "NotoSansCJK-Subset.otf", "NotoSansArabic-Regular.ttf", "NotoSansHebrew-Regular.ttf",
        "NotoSansThai-Regular.ttf", "NotoSansDevanagari-Regular.ttf", "NotoColorEmoji.ttf", "Symbola-Emoji.ttf",
    ]
    /// The families the fallback files declare, in the order of `fallbackFileNames`.
    public static let fallbackFamilies = [
        "Noto Sans CJK JP", "Noto Sans Arabic", "Noto Sans Hebrew", "Noto Sans Thai", "Noto Sans Devanagari",
        "Noto Color Emoji", "Symbola",
    ]
    public static let fileNames = primaryFileNames + fallbackFileNames
    /// FontConfig's pattern for each font file (names, styles, languages, character map), read
    /// instead of scanning the files; Drawing writes and checks it.
    public static let patternsFileName = "FontPatterns.txt"

    /// The bundle holding the fonts, found once per process.
    public static func bundle() throws(ResourceBundleError) -> Bundle { try located.get() }

    private static let located = Result { () throws(ResourceBundleError) -> Bundle in
        try ResourceBundle.locate(target: "BundledFonts") { Bundle.module }
    }

    /// The font file `name` (one of `fileNames`), or `LICENSE` / `SHA256SUMS`.
    public static func url(for name: String) throws(ResourceBundleError) -> URL {
        try ResourceBundle.file(name, in: bundle())
    }

    /// `SHA256SUMS` as written: one `<hex>  <file>` line per font.
    public static func checksums() throws(ResourceBundleError) -> String {
        let url = try url(for: "SHA256SUMS")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else {
            throw ResourceBundleError(bundle: url.deletingLastPathComponent().lastPathComponent,
                                      missingFile: "SHA256SUMS", searched: [url.deletingLastPathComponent().path])
        }
        return text
    }
}
