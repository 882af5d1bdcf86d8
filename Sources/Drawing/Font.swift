import BundledFonts
import Foundation

/// A font loaded from a file: one the package ships (`BundledFonts`, found through its resource bundle)
/// or one a user names by path; never looked up by family name on the machine. Size in points.
///
/// Text in a `Font` is laid out by Pango like a `TextBox`'s: shaped with kerning, and a character
/// the file lacks is drawn from the bundled fonts. Each rendering thread measures and draws with
/// its own Pango font map.
public struct Font: Sendable, Hashable {
    /// The shipped font files: the package's fonts come in these weights.
    public enum Weight: String, Sendable, CaseIterable {
        /// The regular and bold shipped fonts.
        case regular, bold

        /// The shipped font file (`Fonts/` in the package, a SwiftPM resource).
        public var fileName: String {
            switch self {
            case .regular: return BundledFonts.regular
            case .bold: return BundledFonts.bold
            }
        }
    }

    /// The font file the text is drawn from.
    public let path: String
    /// The size in points.
    public let size: CGFloat
    /// The file's face in the font list Pango uses.
    let face: PangoFace

    /// The shipped font of `weight` at `size` points; throws when the file cannot be loaded.
    public init(_ weight: Weight = .regular, size: CGFloat) throws(DrawingError) {
        let url: URL
        do {
            url = try BundledFonts.url(for: weight.fileName)
        } catch {
            throw .fontMissing(error.description)
        }
        try self.init(fileAt: url.path, size: size)
    }

    /// A font from any TrueType/OpenType file.
    public init(fileAt path: String, size: CGFloat) throws(DrawingError) {
        guard size.isFinite, size > 0 else { throw .font("font size must be a positive number, got \(size)") }
        guard FileManager.default.fileExists(atPath: path) else {
            throw .fontMissing("font file \(path) not found")
        }
        face = try PangoFace.ofFile(atPath: path)
        self.path = path
        self.size = size
    }

    private init(path: String, face: PangoFace, size: CGFloat) {
        self.path = path
        self.face = face
        self.size = size
    }

    /// The same file at another size.
    public func withSize(_ size: CGFloat) -> Font { Font(path: path, face: face, size: size) }

    /// Distance from the baseline to the top of the line box.
    public var ascent: CGFloat { metrics.ascent }
    /// Distance from the baseline to the bottom of the line box.
    public var descent: CGFloat { metrics.descent }
    /// Height of one line.
    public var lineHeight: CGFloat { let metrics = self.metrics; return metrics.ascent + metrics.descent }

    /// Advance width of a single line of text.
    public func width(of text: String) -> CGFloat { line(text)?.width ?? 0 }

    /// The ink bounds of one line of text relative to its baseline origin (y up is negative).
    public func inkBounds(of text: String) -> CGRect { line(text)?.inkBounds ?? .zero }

    public static func == (lhs: Font, rhs: Font) -> Bool { lhs.path == rhs.path && lhs.size == rhs.size }
    public func hash(into hasher: inout Hasher) { hasher.combine(path); hasher.combine(size) }

    /// `text` laid out on this thread; nil only if Pango cannot make a context (out of memory),
    /// since making the font checked its files. Text that the font's own list does not cover
    /// (Hangul in a DejaVu label) is laid out with the bundled fallback fonts too, as a
    /// `TextBox`'s is.
    func line(_ text: String) -> PangoTextLine? {
        try? PangoLineCache.forCurrentThread(fonts(for: text)).line(text, face: face, size: size)
    }

    /// The font list to lay `text` out with. A bundled file that has every character of `text`
    /// is used alone: in the full list it is the best match for its own description, so Pango
    /// would take each character from it anyway, and the other files' patterns are never read.
    /// Otherwise the font's list, with the fallback files the text needs when the list lacks a
    /// character (`FallbackFontChoice`).
    func fonts(for text: String) -> FontConfigFonts.Key {
        let emoji = EmojiPresentation.appears(in: text)
        if let file = face.bundledFile, !emoji {
            let own = FontConfigFonts.Key(extraFiles: [], withFallback: false, onlyBundledFile: file)
            if (try? FontConfigFonts.fonts(own).coversEveryCharacter(of: text)) == true { return own }
        }
        guard let list = try? FontConfigFonts.fonts(extraFiles: face.extraFiles), !list.covers(text) || emoji else {
            return FontConfigFonts.Key(extraFiles: face.extraFiles, fallbackFiles: [])
        }
        return FontConfigFonts.Key(extraFiles: face.extraFiles,
                                   fallbackFiles: FallbackFontChoice.files(for: text, besides: list))
    }

    /// The characters of `text` that no font has a glyph for, not the font's own list nor any
    /// bundled fallback font: each once, in text order.
    /// The font's own list answers first, then the fallback files' character maps as stored:
    /// no fallback font is loaded to answer.
    public func charactersWithoutGlyph(in text: String) -> [Unicode.Scalar] {
        let ownFile = face.bundledFile.map { FontConfigFonts.Key(extraFiles: [], withFallback: false, onlyBundledFile: $0) }
        if let ownFile, let own = try? FontConfigFonts.fonts(ownFile), own.covers(text) { return [] }
        guard let own = try? FontConfigFonts.fonts(extraFiles: face.extraFiles) else { return [] }
        return own.uncovered(text).filter(FallbackFontChoice.noFileHas)
    }

    private var metrics: (ascent: CGFloat, descent: CGFloat) {
        (try? PangoLineCache.forCurrentThread(fonts(for: " ")).metrics(face: face, size: size)) ?? (0, 0)
    }
}
