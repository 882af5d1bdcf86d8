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
            #expect(FontConfigFonts.fallbackFilesBuilt(extraFiles: [path]).sorted { $0.count < $1.count }
                    == [[], ["NotoSansCJK-Subset.otf"]])
        }
    }

    static let cjk = "NotoSansCJK-Subset.otf", arabic = "NotoSansArabic-Regular.ttf",
               hebrew = "NotoSansHebrew-Regular.ttf", thai = "NotoSansThai-Regular.ttf",
               devanagari = "NotoSansDevanagari-Regular.ttf", emoji = "NotoColorEmoji.ttf", symbols = "Symbola-Emoji.ttf"

    /// Texts and the fallback files each loads: a script's file alone, not every fallback font.
    static let scriptFiles: [(text: String, files: [String])] = [
        ("하트 퀸", [cjk]),
        ("ひらがなとカタカナ", [cjk]),
        ("对目标生物造成伤害", [cjk]),
        ("اردو ہے", [arabic]),
        ("שָׁלוֹם֑", [hebrew]),
        ("สวัสดีชาวโลก", [thai]),
        ("नमस्ते दुनिया", [devanagari]),
        ("😀🐉🔥", [emoji]),
        ("Queen ♥ 👑", [emoji]),
        ("gear ⛮", [symbols]),
        ("퀸 👑 ⛮", [cjk, emoji, symbols]),
        ("Queen of Hearts", []),
        ("K\u{E000}", []),
    ]

    /// Korean text loads the CJK file only, Arabic the Arabic file only, emoji the emoji font
    /// only, and so on: through a text box and through a `Font`, each with its own font list.
    @Test(arguments: scriptFiles.indices) func eachTextLoadsOnlyTheFallbackFilesItNeeds(_ index: Int) throws {
        let (text, files) = Self.scriptFiles[index]
        try withOwnFontFile { path in
            let library = try FontLibrary(addingFontFilesAt: [path])
            _ = try TextBox(markup: text, font: "DejaVu Sans 12", library: library).layout(in: CGSize(width: 400, height: 50))
            #expect(FontConfigFonts.fallbackFilesBuilt(extraFiles: [path]).filter { !$0.isEmpty } == (files.isEmpty ? [] : [files]),
                    "\(text)")
        }
        try withOwnFontFile { path in
            let font = try Font(fileAt: path, size: 12)
            _ = font.width(of: text)
            #expect(FontConfigFonts.fallbackFilesBuilt(extraFiles: [path]).filter { !$0.isEmpty } == (files.isEmpty ? [] : [files]),
                    "\(text)")
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
            #expect(font.charactersWithoutGlyph(in: "퀸 ⛮ 😀 \u{0378}") == ["\u{0378}"])
            // The fallback files' stored character maps answer: none of them is loaded.
            #expect(FontConfigFonts.fallbackFilesBuilt(extraFiles: [path]).allSatisfy { $0.isEmpty })
        }
    }
}

/// The fallback files a text needs draw every character of it with the same font file, glyph and
/// advance as every fallback file does.
@Suite struct FallbackFileChoiceTests {
    static let texts = ScriptsTests.samples.map(\.text) + [
        "Queen ♥ 👑 of Hearts", "퀸 of Hearts: 피해 1을 줍니다!", "اردو ہے and English", "שָׁלוֹם֑ עולם 123",
        "สวัสดี नमस्ते 안녕 مرحبا שלום 😀", "gear ⛮ ⏡ ⌒ ⑰ Ⓚ ⓘ", "☕ ⚡ ☺ ♠ ♥ ✈ ☎️ ✌︎ ❤️ ❤",
        "1️⃣ #️⃣ 🇰🇷 🇯🇵 🏴‍☠️ 👍🏽 👨‍👩‍👧 😀︎", "한글 ＡＢＣ１２３　「引用」…", "a\u{0378}b 퀸 \u{E000} \u{50000}",
        "ﬁ €1.50… «Ωμέγα» Привет 퀸", " \t퀸\u{200D}\u{FE0F} ", "ᚠᚢᚦ ᚁ\u{1680}ᚂ 퀸", "\u{0600}١٢٣ 퀸",
    ]
    static let markups = ["", "<b>", "<i>", "<b><i>", "<span font_family=\"DejaVu Serif\">",
                          "<span font_family=\"DejaVu Serif\" weight=\"bold\">"]

    @Test(arguments: markups) func theNeededFilesDrawAsEveryFallbackFileDoes(_ open: String) throws {
        let close = open.isEmpty ? "" : open.split(separator: ">").map { "</" + $0.dropFirst().split(separator: " ")[0] + ">" }
            .reversed().joined()
        let size = CGSize(width: 2000, height: 200)
        for text in Self.texts {
            let markup = open + text.replacingOccurrences(of: "&", with: "&amp;") + close
            let box = TextBox(markup: markup, font: "DejaVu Sans 14")
            let needed = try box.glyphsWithFiles(in: size, everyFallbackFile: false)
            let every = try box.glyphsWithFiles(in: size, everyFallbackFile: true)
            #expect(needed.map(\.id) == every.map(\.id), "\(markup)")
            #expect(needed.map(\.file) == every.map(\.file), "\(markup)")
            #expect(needed.map(\.advance) == every.map(\.advance), "\(markup)")
        }
    }

    /// A `Font`'s line of text measures the same with the files it needs as with every one.
    @Test(arguments: [Font.Weight.regular, .bold]) func aFontMeasuresAsWithEveryFallbackFile(_ weight: Font.Weight) throws {
        let font = try Font(weight, size: 15)
        let all = try PangoLineCache.forCurrentThread(extraFiles: [], withFallback: true)
        for text in Self.texts {
            let line = try #require(font.line(text))
            let full = try #require(all.line(text, face: font.face, size: font.size))
            #expect(line.width == full.width, "\(text)")
            #expect(line.inkBounds == full.inkBounds, "\(text)")
            #expect(line.ascent == full.ascent && line.descent == full.descent, "\(text)")
        }
    }

    @Test func coverageMergesAndCutsRanges() {
        let coverage = CharacterCoverage(ranges: [0x30...0x39, 0x20...0x20, 0x21...0x22, 0x100...0x1FF])
        #expect(coverage.ranges == [0x20...0x22, 0x30...0x39, 0x100...0x1FF])
        let cut = coverage.removing([0x22...0x31, 0x150...0x150, 0x1FF...0x300, 0x10...0x10])
        #expect(cut.ranges == [0x20...0x21, 0x32...0x39, 0x100...0x14F, 0x151...0x1FE])
        #expect(cut.contains(0x21) && !cut.contains(0x22) && cut.contains(0x151) && !cut.contains(0x1FF))
        #expect(CharacterRanges.addedAndRemoved(in: Array("20-7e a0 -41-42 -5a".utf8)[...])?.added == [0x20...0x7E, 0xA0...0xA0])
        #expect(CharacterRanges.addedAndRemoved(in: Array("20-7e a0 -41-42 -5a".utf8)[...])?.removed == [0x41...0x42, 0x5A...0x5A])
        #expect(CharacterRanges.addedAndRemoved(in: Array("20-1x".utf8)[...]) == nil)
        #expect(CharacterRanges.addedAndRemoved(in: Array("7e-20".utf8)[...]) == nil)
    }

    /// A file's character map read from its stored line is the map FontConfig decodes from it.
    @Test func storedCoverageMatchesTheDecodedCharacterMaps() throws {
        let fonts = try FontConfigFonts.fonts(extraFiles: [], withFallback: true)
        for name in BundledFonts.fileNames {
            let coverage = try #require(BundledFontPatterns.coverage(ofFile: name), "\(name)")
            let characters = try #require(fonts.characterCount(ofFile: name), "\(name)")
            #expect(coverage.ranges.reduce(0) { $0 + $1.count } == characters, "\(name)")
            #expect(coverage.ranges.allSatisfy { $0.allSatisfy { fonts.file(name, has: $0) } }, "\(name)")
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
        #expect(font.fonts(for: "퀸").fallbackFiles == ["NotoSansCJK-Subset.otf"])
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
