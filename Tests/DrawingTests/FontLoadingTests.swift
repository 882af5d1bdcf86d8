import BundledFonts
@testable import Drawing
import Foundation
import Testing

/// The bundled fallback fonts (CJK, Arabic, Hebrew, Thai, Devanagari, emoji) are loaded only for a
/// text that needs them. Each test names its own copy of a DejaVu file, so its font list is one no
/// other test builds and what it loaded can be read from the configuration cache.
@Suite struct FontLoadingTests {
    private func withOwnFontFile(_ body: (String) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("font-loading-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("Own.ttf")
        try FileManager.default.copyItem(at: try BundledFonts.url(for: BundledFonts.regular), to: copy)
        try body(copy.standardizedFileURL.path)
    }

    @Test func latinTextBoxLeavesTheFallbackFontsUnloaded() throws {
        try withOwnFontFile { path in
            let library = try FontLibrary(addingFontFilesAt: [path])
            let size = CGSize(width: 200, height: 50)
            _ = try TextBox(markup: "Queen of Hearts", font: "DejaVu Sans 12", library: library).layout(in: size)
            #expect(FontConfigFonts.isBuilt(extraFiles: [path], withFallback: false))
            #expect(!FontConfigFonts.isBuilt(extraFiles: [path], withFallback: true))

            _ = try TextBox(markup: "하트 퀸", font: "DejaVu Sans 12", library: library).layout(in: size)
            #expect(FontConfigFonts.isBuilt(extraFiles: [path], withFallback: true))
        }
    }

    /// A contact sheet checks each caption for characters no font has: a Latin caption is answered
    /// by the font's own list.
    @Test func latinCaptionCheckLeavesTheFallbackFontsUnloaded() throws {
        try withOwnFontFile { path in
            let font = try Font(fileAt: path, size: 12)
            #expect(font.face.extraFiles == [path])
            #expect(font.charactersWithoutGlyph(in: "queen-of-hearts_12") == [])
            #expect(!FontConfigFonts.isBuilt(extraFiles: [path], withFallback: true))

            #expect(font.charactersWithoutGlyph(in: "퀸\u{E000}") == ["\u{E000}"])
            #expect(FontConfigFonts.isBuilt(extraFiles: [path], withFallback: true))
        }
    }
}

/// A `Font` of a bundled file lays out text that file covers with that file alone, and measures
/// it exactly as with every bundled font loaded.
@Suite struct BundledFaceAloneTests {
    static let texts = ["K", "10", "Q♠", "A♥ J♦ 9♣", "Queen of Hearts", "Ωμέγα", "Привет", "ﬁ €1.50…", " "]

    @Test(arguments: [Font.Weight.regular, .bold])
    func coveredTextUsesTheFileAloneAndMeasuresTheSame(_ weight: Font.Weight) throws {
        let font = try Font(weight, size: 17)
        let file = try #require(font.face.bundledFile)
        #expect(file == weight.fileName)
        let all = try PangoLineCache.forCurrentThread(extraFiles: [], withFallback: true)
        for text in Self.texts {
            let key = font.fonts(for: text)
            #expect(key.onlyBundledFile == file, "\(text)")
            let alone = try #require(font.line(text))
            let full = try #require(all.line(text, face: font.face, size: font.size))
            #expect(alone.width == full.width, "\(text)")
            #expect(alone.inkBounds == full.inkBounds, "\(text)")
            #expect(alone.ascent == full.ascent && alone.descent == full.descent, "\(text)")
        }
    }

    @Test func textTheFileLacksUsesTheFontList() throws {
        let font = try Font(.bold, size: 12)
        #expect(font.fonts(for: "퀸").onlyBundledFile == nil)
        #expect(font.fonts(for: "퀸").withFallback)
        #expect(font.fonts(for: "😀").onlyBundledFile == nil)
        #expect(font.charactersWithoutGlyph(in: "K♠") == [])
        #expect(font.charactersWithoutGlyph(in: "K\u{E000}") == ["\u{E000}"])
    }

    /// A font map of one file is never the thread's default: SVG text must still find every
    /// bundled family.
    @Test func theThreadDefaultMapKeepsEveryBundledFamily() throws {
        let font = try Font(.bold, size: 12)
        _ = font.width(of: "K")
        try PangoFonts.prepareThread()
        _ = font.width(of: "Q")
        #expect(PangoFonts.defaultFontMapFamilies().contains("DejaVu Serif"))
    }
}
