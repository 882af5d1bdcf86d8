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
