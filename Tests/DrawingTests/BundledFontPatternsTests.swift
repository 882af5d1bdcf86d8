import BundledFonts
@testable import Drawing
import Foundation
import Testing

/// `Fonts/FontPatterns.txt`, read instead of scanning the bundled fonts, holds what a scan gives.
@Suite struct BundledFontPatternsTests {
    /// The stored text is what encoding a fresh scan writes. `CARDRENDER_RECORD=all` (or `failed`,
    /// on a difference) rewrites the file in the source tree.
    @Test func storedPatternsAreTheEncodingOfAScan() throws {
        let stored = try String(contentsOf: BundledFonts.url(for: BundledFonts.patternsFileName), encoding: .utf8)
        let fresh = try BundledFontPatterns.encoded(fileNames: BundledFonts.fileNames)
        let mode = ProcessInfo.processInfo.environment["CARDRENDER_RECORD"]?.lowercased()
        if mode == "all" || (mode == "failed" && stored != fresh) {
            let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("Fonts/" + BundledFonts.patternsFileName)
            try fresh.write(to: source, atomically: true, encoding: .utf8)
        }
        #expect(stored == fresh, "Fonts/\(BundledFonts.patternsFileName) is stale; rebuild after recording it")
    }

    /// Each pattern read back from the file equals FontConfig's scan of the font, element for element.
    @Test func everyStoredPatternEqualsAScanOfItsFile() throws {
        let differing = try BundledFontPatterns.differingFromScan(BundledFonts.fileNames)
        #expect(differing.isEmpty, "differ from a scan: \(differing)")
    }

    /// The configurations that text is laid out with hold the stored patterns, not scans.
    @Test func configurationsAreBuiltFromTheStoredPatterns() throws {
        let paths = try BundledFonts.fileNames.map { try BundledFonts.url(for: $0).path }
        let patterns = try #require(BundledFontPatterns.patterns(for: BundledFonts.fileNames, at: paths))
        patterns.forEach(BundledFontPatterns.release)
        #expect(try FontConfigFonts.fonts(extraFiles: [], withFallback: true).bundledFontsFromStoredPatterns)
    }

    /// For a sample of every script the bundled fonts cover, emoji and symbols, asked for in each
    /// family, FontConfig picks the same file with the stored patterns as with scanned files, with
    /// and without a file a library names (a copy of DejaVu Serif, which ties with the bundled one
    /// but for its place in the list).
    @Test func fallbackPicksTheSameFilesAsWithScannedFonts() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("font-patterns-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let extra = folder.appendingPathComponent("Extra.ttf")
        try FileManager.default.copyItem(at: try BundledFonts.url(for: BundledFonts.serif), to: extra)
        let text = ScriptsTests.samples.map(\.text).joined() + "AKQJ♠♥♦♣🂡🀄⚡☕→∑ﬁ€·…"
        let characters = Array(Set(text.unicodeScalars)).sorted { $0.value < $1.value }
        var files = Set<String>()
        for extraFiles in [[], [extra.path]] {
            for withFallback in [false, true] {
                let stored = try FontConfigFonts.fonts(extraFiles: extraFiles, withFallback: withFallback)
                let scanned = try FontConfigFonts.scanningBundledFiles(extraFiles: extraFiles, withFallback: withFallback)
                #expect(stored.bundledFontsFromStoredPatterns && !scanned.bundledFontsFromStoredPatterns)
                for family in ["DejaVu Sans", "DejaVu Serif", "Noto Sans CJK JP", "Symbola", "emoji", "sans-serif"] {
                    for character in characters {
                        let file = stored.fileDrawing(character, family: family)
                        #expect(file == scanned.fileDrawing(character, family: family),
                                "U+\(String(character.value, radix: 16)) in \(family), \(extraFiles), fallback \(withFallback)")
                        file.map { _ = files.insert($0) }
                    }
                }
            }
        }
        #expect(files.isSuperset(of: ["DejaVuSans.ttf", "DejaVuSerif.ttf", "NotoSansCJK-Subset.otf", "NotoSansThai-Regular.ttf",
                                      "NotoSansDevanagari-Regular.ttf", "NotoColorEmoji.ttf", "Symbola-Emoji.ttf"]))
    }

    @Test func characterRangesRoundTrip() {
        let characters: [UInt32] = [0x20, 0x21, 0x22, 0x41, 0xAC00, 0xAC01]
        #expect(CharacterRanges.text(for: characters) == "20-22 41 ac00-ac01")
        #expect(CharacterRanges.characters(in: "20-22 41 ac00-ac01") == characters)
        #expect(CharacterRanges.field(for: [0x20, 0x21, 0x23], bases: [("A.ttf", [0x20, 0x21, 0x22])])
                == "=A.ttf 23 -22")
        #expect(CharacterRanges.field(for: [0x20], bases: [("A.ttf", [0x30, 0x31, 0x32])]) == "20")
    }
}
