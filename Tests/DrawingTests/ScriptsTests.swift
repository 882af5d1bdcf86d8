@testable import Drawing
import Foundation
import Geometry
import Testing

/// Text in the world's scripts from the bundled fonts alone: fallback, missing glyphs, bidi
/// alignment and CJK line breaking.
@Suite struct ScriptsTests {
    /// One sample per supported script, with the bundled family expected to draw it when a box
    /// names only DejaVu Sans.
    static let samples: [(script: String, text: String, family: String)] = [
        ("Latin with diacritics", "Ĥéllö Ünïcödé àçčents ŁŻŚ ĳ", "DejaVu Sans"),
        ("Greek", "Ωμέγα αλφάβητο", "DejaVu Sans"),
        ("Cyrillic", "Привет, мир", "DejaVu Sans"),
        ("Hangul", "대상 하나에게 피해 1을 줍니다", "Noto Sans CJK JP"),
        ("Japanese", "ひらがなとカタカナと漢字", "Noto Sans CJK JP"),
        ("Simplified Chinese", "对目标生物造成伤害", "Noto Sans CJK JP"),
        ("Traditional Chinese", "對目標生物造成傷害", "Noto Sans CJK JP"),
        ("Arabic", "مرحبا بالعالم", "DejaVu Sans"),
        ("Hebrew", "שלום עולם", "DejaVu Sans"),
        ("Thai", "สวัสดีชาวโลก", "Noto Sans Thai"),
        ("Devanagari", "नमस्ते दुनिया", "Noto Sans Devanagari"),
        ("Emoji", "😀🐉🔥👍", "Noto Color Emoji"),
    ]

    static let unknownFlag: UInt32 = 0x1000_0000

    @Test(arguments: samples.indices) func everyScriptHasGlyphsFromTheBundledFonts(_ index: Int) throws {
        let sample = Self.samples[index]
        let box = TextBox(markup: sample.text, font: "DejaVu Sans 12")
        let size = CGSize(width: 1000, height: 100)
        let layout = try box.layout(in: size)
        #expect(layout.charactersWithoutGlyph.isEmpty, "\(sample.script): \(layout.missingGlyphsDescription ?? "")")
        let glyphs = try box.glyphs(in: size)
        #expect(!glyphs.isEmpty)
        for glyph in glyphs where glyph.id != 0x0FFF_FFFF {
            #expect(glyph.id != 0 && glyph.id & Self.unknownFlag == 0, "\(sample.script): glyph \(glyph.id) in \(glyph.family)")
        }
        let families = Set(glyphs.map(\.family))
        #expect(families.contains(sample.family), "\(sample.script) drawn with \(families.sorted())")
    }

    /// Arabic letters join: the word's glyphs are contextual forms, not the letters' isolated
    /// glyphs, and a lam-alef ligature makes fewer glyphs than characters.
    @Test func arabicIsShapedAndJoined() throws {
        let word = "مرحبا"
        let size = CGSize(width: 500, height: 100)
        for family in ["DejaVu Sans", "Noto Sans Arabic"] {
            let joined = try TextBox(markup: word, font: "\(family) 20").glyphs(in: size).map(\.id)
            let isolated = try word.map { try TextBox(markup: String($0), font: "\(family) 20").glyphs(in: size).map(\.id) }
            #expect(joined.count <= word.count, "\(family): \(joined)")
            // Every letter of the word takes a joining form, none of which is its isolated glyph.
            let isolatedIDs = Set(isolated.flatMap { $0 })
            #expect(joined.filter { !isolatedIDs.contains($0) }.count >= 4, "\(family) did not join: \(joined) vs \(isolated)")
        }
        // Lam and alef make one glyph (the mandatory lam-alef ligature): fewer glyphs than characters.
        for family in ["DejaVu Sans", "Noto Sans Arabic"] {
            let salam = "سلام"
            let glyphs = try TextBox(markup: salam, font: "\(family) 20").glyphs(in: size)
            #expect(glyphs.count < salam.unicodeScalars.count, "\(family): \(glyphs.map(\.id))")
        }
    }

    /// Unassigned code points have no glyph anywhere: the layout names each, once, in text order.
    @Test func unassignedCodePointsAreReported() throws {
        let text = "a\u{0378}b\u{0380}c\u{2FE0}d\u{50000}e\u{0378}"
        let layout = try TextBox(markup: text, font: "DejaVu Sans 12").layout(in: CGSize(width: 500, height: 50))
        #expect(layout.charactersWithoutGlyph == ["\u{0378}", "\u{0380}", "\u{2FE0}", "\u{50000}"])
        #expect(layout.fontFamilies == ["DejaVu Sans"])
        #expect(layout.missingGlyphsDescription == "no glyph for U+0378 \"\u{0378}\", U+0380 \"\u{0380}\", U+2FE0 "
                + "\"\u{2FE0}\", U+50000 \"\u{50000}\" in the fonts DejaVu Sans (or any bundled fallback font)")
        // A text in the bundled scripts has none.
        let covered = try TextBox(markup: Self.samples.map(\.text).joined(separator: " "), font: "DejaVu Sans 12")
            .layout(in: CGSize(width: 5000, height: 50))
        #expect(covered.charactersWithoutGlyph.isEmpty, "\(covered.missingGlyphsDescription ?? "")")
    }

    /// `start` and `end` follow the paragraph's direction; `left` and `right` are the box's edges.
    @Test func startAndEndFollowTheParagraphDirection() throws {
        let box = CGRect(x: 0, y: 0, width: 300, height: 40)
        func line(_ text: String, _ alignment: TextBoxAlignment, wrap: TextWrap = .word) throws -> CGRect {
            try #require(try TextBox(markup: text, font: "DejaVu Sans 12", alignment: alignment, wrap: wrap)
                .layout(in: box.size).lines.first).rect
        }
        for wrap in [TextWrap.word, .none] {
            for (text, rightToLeft) in [("مرحبا بالعالم 123", true), ("שלום עולם", true), ("Hello world", false)] {
                let start = try line(text, .start, wrap: wrap), end = try line(text, .end, wrap: wrap)
                let left = try line(text, .left, wrap: wrap), right = try line(text, .right, wrap: wrap)
                #expect(abs((rightToLeft ? start.maxX : start.minX) - (rightToLeft ? 300 : 0)) < 0.5, "\(text) start \(start)")
                #expect(abs((rightToLeft ? end.minX : end.maxX) - (rightToLeft ? 0 : 300)) < 0.5, "\(text) end \(end)")
                #expect(abs(left.minX) < 0.5, "\(text) left \(left)")
                #expect(abs(right.maxX - 300) < 0.5, "\(text) right \(right)")
            }
        }
    }

    /// Japanese and Chinese wrap between characters without spaces, and no line starts with a
    /// closing bracket, a full stop or comma, or a small kana (Pango's line breaking, UAX #14).
    @Test(arguments: [
        "「ゆっくり」と、対象のクリーチャー１体に１点のダメージを与える。ターン終了時まで、それは＋１／＋１の修整を受ける。ちょっと（小さい）キャッシュを使う。",
        "对目标生物造成1点伤害。直到回合结束，该生物获得「飞行」。然后抓一张牌（如果你操控龙）。傳統漢字：對目標生物造成傷害。",
    ])
    func cjkParagraphsWrapBetweenCharactersWithoutForbiddenLineStarts(_ paragraph: String) throws {
        let forbiddenStarts = Set("」』）】〕〉》］｝、。，．・：；！？ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶー々")
        for width in stride(from: 60.0, through: 200.0, by: 7.0) {
            let layout = try TextBox(markup: paragraph, font: "DejaVu Sans 12", wrap: .word)
                .layout(in: CGSize(width: width, height: 1000))
            #expect(layout.lines.count > 1)
            #expect(layout.fits, "width \(width): a line is wider than the box")
            #expect(layout.lines.map(\.text).joined() == paragraph, "width \(width)")
            for line in layout.lines.dropFirst() {
                let first = try #require(line.text.first)
                #expect(!forbiddenStarts.contains(first), "width \(width): a line starts with \(first): \(line.text)")
            }
        }
    }

    /// Text DejaVu covers never loads the fallback fonts; a character it lacks does.
    @Test func fallbackFontsLoadOnlyForCharactersDejaVuLacks() throws {
        let library = FontLibrary.bundled
        let primary = try library.fonts()
        #expect(primary.covers("Ĥéllö Ωμέγα Привет مرحبا שלום"))
        #expect(!primary.covers("불꽃"))
        #expect(!primary.families.contains("Noto Sans CJK JP"))
        #expect(try library.fonts(withFallback: true).covers("불꽃 ひらがな 漢字 สวัสดี नमस्ते 🐉"))
    }
}
