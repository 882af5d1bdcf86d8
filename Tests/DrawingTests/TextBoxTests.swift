import BundledFonts
import Drawing
import Foundation
import Geometry
import Synchronization
import Testing

private let pangram = "The quick brown fox jumps over the lazy dog while five boxing wizards jump quickly"

/// An inline icon drawn as a filled circle in the given colour.
private func circleIcon(_ color: Color, aspectRatio: CGFloat = 1) -> InlineIcon {
    InlineIcon(aspectRatio: aspectRatio, identity: "circle \(color.hexString)") { rect, canvas in
        canvas.fill(BezierPath(ovalIn: rect), with: color)
    }
}

/// The rectangle of pixels whose alpha is over half, or nil when there are none.
private func inkBounds(_ image: RGBAImage, where include: (RGBAImage.Pixel) -> Bool = { $0.a > 128 }) -> CGRect? {
    var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min
    for y in 0..<image.height { for x in 0..<image.width where include(image[x, y]) {
        minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
    } }
    guard minX <= maxX else { return nil }
    return CGRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
}

@Suite struct TextBoxTests {
    @Test func wordWrapBreaksBetweenWordsWithinTheWidth() throws {
        let box = TextBox(markup: pangram, font: "DejaVu Sans 12")
        let layout = try box.layout(in: CGSize(width: 150, height: 500))
        #expect(layout.lines.count > 2)
        #expect(layout.fits)
        for line in layout.lines {
            #expect(line.width <= 150 + 0.001)
            #expect(line.width > 0)
        }
        // The lines are the text's words in order, broken only at spaces.
        #expect(layout.lines.map(\.text).joined(separator: " ") == pangram)
        // Each line is as full as it can be: the next line's first word would not have fitted.
        let wider = try box.layout(in: CGSize(width: 1000, height: 500))
        #expect(wider.lines.count == 1)
        #expect(layout.lines[0].text == "The quick brown fox")
        // Baselines go down by a line height each.
        for (upper, lower) in zip(layout.lines, layout.lines.dropFirst()) {
            #expect(abs((lower.baseline - upper.baseline) - upper.rect.height) < 0.01)
        }
    }

    @Test func noWrapKeepsLinesAsGiven() throws {
        let layout = try TextBox(markup: "first line is long\nsecond", font: "DejaVu Sans 12", wrap: .none)
            .layout(in: CGSize(width: 40, height: 100))
        #expect(layout.lines.map(\.text) == ["first line is long", "second"])
        #expect(layout.lines[0].width > 40)
        #expect(!layout.fits)
    }

    @Test func autoFitPicksTheLargestSizeThatFits() throws {
        let boxSize = CGSize(width: 120, height: 60)
        let fitted = try TextBox(markup: pangram, font: "DejaVu Serif 24", autoFit: AutoFit(minimumSize: 4, step: 0.5))
            .layout(in: boxSize)
        #expect(fitted.fits)
        #expect(fitted.fontSize < 24 && fitted.fontSize >= 4)
        // On the grid 24 − k × 0.5.
        #expect(abs(((24 - fitted.fontSize) / 0.5).rounded() - (24 - fitted.fontSize) / 0.5) < 1e-9)
        // The same text at that size fits without auto-fit; one step larger it does not.
        let atSize = try TextBox(markup: pangram, font: "DejaVu Serif \(fitted.fontSize)").layout(in: boxSize)
        #expect(atSize.fits)
        #expect(atSize.size.height <= boxSize.height)
        let stepUp = try TextBox(markup: pangram, font: "DejaVu Serif \(fitted.fontSize + 0.5)").layout(in: boxSize)
        #expect(!stepUp.fits)
    }

    @Test func autoFitScalesMarkupSizesAndIcons() throws {
        let markup = "Gain <span size=\"20pt\">2</span> :coin: now and later on"
        let box = TextBox(markup: markup, font: "DejaVu Sans 20", autoFit: AutoFit(minimumSize: 5, step: 0.25),
                          icons: ["coin": circleIcon(.black)])
        let layout = try box.layout(in: CGSize(width: 100, height: 40))
        #expect(layout.fits)
        #expect(layout.fontSize < 20)
        let icon = try #require(layout.iconRects.first)
        let full = try TextBox(markup: markup, font: "DejaVu Sans 20", icons: box.icons).layout(in: CGSize(width: 1000, height: 100))
        let fullIcon = try #require(full.iconRects.first)
        #expect(abs(icon.height / fullIcon.height - layout.fontSize / 20) < 0.01)
    }

    @Test func autoFitBelowTheFloorReportsOverflow() throws {
        let layout = try TextBox(markup: pangram + " " + pangram, font: "DejaVu Sans 12",
                                 autoFit: AutoFit(minimumSize: 9, step: 0.25))
            .layout(in: CGSize(width: 60, height: 20))
        #expect(layout.fontSize == 9)
        #expect(!layout.fits)
    }

    @Test func autoFitCountsAWordWiderThanTheBoxAsNotFitting() throws {
        let layout = try TextBox(markup: "Extraordinarily", font: "DejaVu Sans 30",
                                 autoFit: AutoFit(minimumSize: 4, step: 1))
            .layout(in: CGSize(width: 100, height: 200))
        // Plenty of height, but the word must shrink to one line.
        #expect(layout.fits)
        #expect(layout.lines.count == 1)
        #expect(layout.lines[0].text == "Extraordinarily")
        let unfitted = try TextBox(markup: "Extraordinarily", font: "DejaVu Sans 30").layout(in: CGSize(width: 100, height: 200))
        #expect(!unfitted.fits)
        #expect(unfitted.lines.count > 1)
        #expect(unfitted.lines.allSatisfy { $0.width <= 100.001 })
    }

    @Test func ellipsisEndsTheLastLineThatFits() throws {
        let layout = try TextBox(markup: pangram, font: "DejaVu Sans 12", ellipsis: .end)
            .layout(in: CGSize(width: 120, height: 30))
        #expect(layout.isEllipsized)
        #expect(!layout.fits)
        #expect(layout.size.height <= 30)
        let last = try #require(layout.lines.last)
        #expect(last.text.hasSuffix("…"))
        #expect(last.width <= 120.001)
        let roomy = try TextBox(markup: pangram, font: "DejaVu Sans 12", ellipsis: .end).layout(in: CGSize(width: 120, height: 300))
        #expect(!roomy.isEllipsized)
        #expect(roomy.fits)
    }

    @Test func singleLineEllipsisWithoutWrapping() throws {
        let layout = try TextBox(markup: pangram, font: "DejaVu Sans 12", wrap: .none, ellipsis: .middle)
            .layout(in: CGSize(width: 120, height: 30))
        #expect(layout.isEllipsized)
        #expect(layout.lines.count == 1)
        #expect(layout.lines[0].text.contains("…"))
        #expect(layout.lines[0].width <= 120.001)
    }

    @Test func boldMarkupIsWiderThanRegular() throws {
        let size = CGSize(width: 1000, height: 100)
        let regular = try TextBox(markup: "Queen of Spades", font: "DejaVu Sans 14").layout(in: size)
        let bold = try TextBox(markup: "<b>Queen of Spades</b>", font: "DejaVu Sans 14").layout(in: size)
        let boldFont = try TextBox(markup: "Queen of Spades", font: "DejaVu Sans Bold 14").layout(in: size)
        #expect(bold.lines[0].width > regular.lines[0].width * 1.05)
        #expect(abs(bold.lines[0].width - boldFont.lines[0].width) < 0.001)
        let serif = try TextBox(markup: "Queen of Spades", font: "DejaVu Serif 14").layout(in: size)
        #expect(serif.lines[0].width != regular.lines[0].width)
    }

    @Test func colouredSpanDrawsThatColour() throws {
        let box = TextBox(markup: "<b>AAA <span foreground=\"#FF0000\">RRR</span></b>", font: "DejaVu Sans 30", color: .black)
        let image = try Picture(width: 200, height: 60) { canvas in
            try box.draw(in: CGRect(x: 10, y: 10, width: 190, height: 50), on: canvas)
        }.rasterize()
        let red = try #require(inkBounds(image) { $0.a > 200 && $0.r > 200 && $0.g < 40 && $0.b < 40 })
        let black = try #require(inkBounds(image) { $0.a > 200 && $0.r < 40 && $0.g < 40 && $0.b < 40 })
        // The red run is to the right of the black one.
        #expect(red.minX > black.maxX)
    }

    @Test func boxColourIsUsedWhereMarkupSetsNone() throws {
        let box = TextBox(markup: "<b>III</b>", font: "DejaVu Sans 30", color: Color(red: 0, green: 0, blue: 1))
        let image = try Picture(width: 100, height: 50) { canvas in
            try box.draw(in: canvas.bounds, on: canvas)
        }.rasterize()
        #expect(inkBounds(image) { $0.a > 200 && $0.b > 200 && $0.r < 40 } != nil)
        #expect(inkBounds(image) { $0.a > 200 && $0.r > 100 } == nil)
    }

    @Test func iconsSitOnTheBaselineWithTheLineHeight() throws {
        let icons = ["coin": circleIcon(Color(red: 1, green: 0, blue: 0)),
                     "gem": circleIcon(Color(red: 0, green: 0, blue: 1), aspectRatio: 2)]
        let box = TextBox(markup: "Pay <icon name=\"coin\"/> and <span size=\"larger\">:gem:</span> to draw :two: cards and more cards",
                          font: "DejaVu Sans 16", icons: icons)
        let layout = try box.layout(in: CGSize(width: 160, height: 200))
        #expect(layout.iconRects.count == 2)
        // `:two:` is not an icon, so it stays text.
        #expect(layout.lines.map(\.text).joined(separator: " ").contains(":two:"))
        let first = layout.lines[0]
        let coin = layout.iconRects[0], gem = layout.iconRects[1]
        #expect(abs(coin.height - first.rect.height) < 0.01)
        #expect(abs(gem.width - 2 * gem.height) < 0.01)
        // Both stand on their line: the icon's box spans the ascent above the baseline and the
        // descent below, like the line box of the base font.
        for rect in [coin, gem] {
            let line = try #require(layout.lines.first { $0.rect.minY <= rect.midY && rect.midY <= $0.rect.maxY })
            #expect(rect.minX >= line.rect.minX - 0.01 && rect.maxX <= line.rect.maxX + 0.01)
            #expect(abs(rect.maxY - (first.rect.maxY - first.baseline + line.baseline)) < 0.01)
        }
        // Drawn, each icon fills its rectangle (the circle's ink is within it, at 2×).
        let origin = CGPoint(x: 5, y: 5)
        let image = try Picture(width: 170, height: 210) { canvas in
            try box.draw(in: CGRect(origin: origin, size: CGSize(width: 160, height: 200)), on: canvas)
        }.rasterize(scale: 2)
        let redInk = try #require(inkBounds(image) { $0.a > 128 && $0.r > 200 && $0.b < 60 })
        let expected = coin.offsetBy(dx: origin.x, dy: origin.y)
        #expect(abs(redInk.midX / 2 - expected.midX) < 1)
        #expect(abs(redInk.midY / 2 - expected.midY) < 1)
        #expect(abs(redInk.height / 2 - expected.height) < 1)
    }

    @Test func unknownIconIsAnError() throws {
        let box = TextBox(markup: "Pay <icon name=\"cion\"/>", font: "DejaVu Sans 12", icons: ["coin": circleIcon(.black)])
        #expect(throws: DrawingError.font("text markup: unknown icon \"cion\"; did you mean \"coin\"? (valid icons: coin)")) {
            try box.layout(in: CGSize(width: 100, height: 100))
        }
    }

    /// A message quotes what the user wrote; a line break in it is shown escaped, so the message
    /// stays one line (found by fuzz-markup and fuzz-svg).
    @Test func anErrorQuotingALineBreakIsOneLine() throws {
        let box = TextBox(markup: "Pay <icon name=\"co\nin\r\n\"/>", font: "DejaVu Sans 12", icons: ["coin": circleIcon(.black)])
        do {
            _ = try box.layout(in: CGSize(width: 100, height: 100))
            Issue.record("an unknown icon was accepted")
        } catch {
            let message = error.description
            #expect(!message.contains { $0.isNewline }, "\(message)")
            #expect(message.contains(#"unknown icon "co\nin\r\n""#), "\(error.description)")
        }
        let svg = Data("<svg xmlns=\"http://www.w3.org/2000/svg\"><image href=\"data:image/png;base64,ab\ncd\"/></svg>".utf8)
        do {
            _ = try VectorImage(data: svg, name: "a\nb.svg")
        } catch {
            let message = error.description
            #expect(!message.contains { $0.isNewline }, "\(message)")
        }
    }

    @Test func justifiedInnerLinesFillTheWidth() throws {
        let layout = try TextBox(markup: pangram, font: "DejaVu Serif 11", alignment: .justify)
            .layout(in: CGSize(width: 140, height: 500))
        #expect(layout.lines.count >= 3)
        for line in layout.lines.dropLast() {
            #expect(abs(line.width - 140) < 0.05)
        }
        let last = try #require(layout.lines.last)
        #expect(last.width < 130)
        #expect(abs(last.rect.minX) < 0.001)
        // Left-aligned, the same lines are shorter.
        let left = try TextBox(markup: pangram, font: "DejaVu Serif 11").layout(in: CGSize(width: 140, height: 500))
        #expect(left.lines.map(\.text) == layout.lines.map(\.text))
        #expect(left.lines[0].width < 139)
    }

    @Test func alignmentPlacesLinesInTheBox() throws {
        let size = CGSize(width: 200, height: 100)
        for wrap in [TextWrap.word, .none] {
            let center = try TextBox(markup: "Hi", font: "DejaVu Sans 12", alignment: .center,
                                     verticalAlignment: .middle, wrap: wrap).layout(in: size)
            #expect(abs(center.lines[0].rect.midX - 100) < 0.01)
            #expect(abs(center.lines[0].rect.midY - 50) < 0.01)
            let right = try TextBox(markup: "Hi", font: "DejaVu Sans 12", alignment: .right,
                                    verticalAlignment: .bottom, wrap: wrap).layout(in: size)
            #expect(abs(right.lines[0].rect.maxX - 200) < 0.01)
            #expect(abs(right.lines[0].rect.maxY - 100) < 0.01)
        }
    }

    @Test func lineSpacingMultipliesTheLineHeight() throws {
        let text = "one\ntwo\nthree"
        let normal = try TextBox(markup: text, font: "DejaVu Sans 12").layout(in: CGSize(width: 100, height: 100))
        let double = try TextBox(markup: text, font: "DejaVu Sans 12", lineSpacing: 2).layout(in: CGSize(width: 100, height: 100))
        let normalGap = normal.lines[1].baseline - normal.lines[0].baseline
        let doubleGap = double.lines[1].baseline - double.lines[0].baseline
        #expect(abs(doubleGap / normalGap - 2) < 0.05)
    }

    @Test func unknownFamilyIsAnErrorNamingTheAvailableOnes() throws {
        #expect(throws: DrawingError.font("unknown font family \"Helvetica\"; available: "
            + bundledFamilies)) {
            try TextBox(markup: "x", font: "Helvetica 12").layout(in: CGSize(width: 100, height: 100))
        }
        #expect(throws: DrawingError.font(
            "unknown font family \"DejaVu Sns\"; available: "
            + bundledFamilies + "; did you mean \"DejaVu Sans\"?")) {
            try TextBox(markup: "x", font: "DejaVu Sns 12").layout(in: CGSize(width: 100, height: 100))
        }
        // Families named in the markup are checked too: no silent fallback.
        #expect(throws: DrawingError.font("unknown font family \"Comic Sans\"; available: "
            + bundledFamilies)) {
            try TextBox(markup: "<span font_family=\"Comic Sans\">x</span>", font: "DejaVu Sans 12")
                .layout(in: CGSize(width: 100, height: 100))
        }
        let sizeless = #expect(throws: DrawingError.self) {
            try TextBox(markup: "x", font: "DejaVu Sans").layout(in: CGSize(width: 100, height: 100))
        }
        #expect(sizeless?.description == "font \"DejaVu Sans\" has no size; add one in points, as in \"DejaVu Sans 12\"")
    }

    @Test func badMarkupIsAOneLineError() throws {
        do {
            _ = try TextBox(markup: "<b>bold</i>", font: "DejaVu Sans 12").layout(in: CGSize(width: 100, height: 100))
            Issue.record("bad markup was accepted")
        } catch {
            let message = error.description
            #expect(message.hasPrefix("text markup: "))
            #expect(!message.contains("\n"))
            #expect(message.contains("i"))
        }
        let ampersand = #expect(throws: DrawingError.self) {
            try TextBox(markup: "fish & chips", font: "DejaVu Sans 12").layout(in: CGSize(width: 100, height: 100))
        }
        #expect(ampersand?.description
                == "text markup: a `&` that starts no entity; write it as &amp; (at column 6 of the text)")
    }

    @Test func bundledLibraryFamilies() {
        #expect(FontLibrary.bundled.families == ["DejaVu Sans", "DejaVu Serif", "Noto Color Emoji", "Noto Sans Arabic",
                                                 "Noto Sans CJK JP", "Noto Sans Devanagari", "Noto Sans Hebrew",
                                                 "Noto Sans Thai", "Symbola"])
    }

    @Test func fontAddedByFileIsUsable() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("textbox-fonts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("Custom.ttf")
        try FileManager.default.copyItem(at: try BundledFonts.url(for: BundledFonts.serif), to: copy)
        let library = try FontLibrary(addingFontFilesAt: [copy.path])
        #expect(library.fontFiles == [copy.standardizedFileURL.path])
        #expect(library.families.contains("DejaVu Serif"))
        #expect(library != FontLibrary.bundled)
        let layout = try TextBox(markup: "Serif", font: "DejaVu Serif 12", library: library).layout(in: CGSize(width: 100, height: 50))
        #expect(layout.fits)

        let text = folder.appendingPathComponent("notes.ttf")
        try Data("not a font".utf8).write(to: text)
        #expect(throws: DrawingError.font("\(text.path) is not a font file FontConfig can read")) {
            try FontLibrary(addingFontFilesAt: [text.path])
        }
        let missing = folder.appendingPathComponent("missing.ttf").path
        #expect(throws: DrawingError.fontMissing("font file \(missing) not found")) {
            try FontLibrary(addingFontFilesAt: [missing])
        }
    }

    private static func sampleBox() -> TextBox {
        TextBox(markup: "<b>Fireball.</b> Deal <span foreground=\"#C0392B\"><b>3</b></span> damage :coin: to "
                    + "<i>any</i> target, then draw a card. <i>The flames remember every name they were ever given.</i>",
                font: "DejaVu Serif 11", color: Color(white: 0.1), alignment: .justify, verticalAlignment: .middle,
                lineSpacing: 1.1, icons: ["coin": circleIcon(Color(rgb: 0xD4A017))])
    }

    private static func samplePicture() -> Picture {
        Picture(width: 180, height: 120) { canvas in
            canvas.fill(BezierPath(rect: canvas.bounds), with: .white)
            let rect = CGRect(x: 10, y: 10, width: 160, height: 100)
            canvas.stroke(BezierPath(rect: rect), with: Color(white: 0.8))
            try sampleBox().draw(in: rect, on: canvas)
        }
    }

    @Test func renderingIsDeterministicAcrossRunsAndThreads() async throws {
        let picture = Self.samplePicture()
        let reference = try picture.pngData(resolution: .scale(3))
        #expect(try picture.pngData(resolution: .scale(3)) == reference)
        let results = await withTaskGroup(of: Data?.self) { group in
            for _ in 0..<4 {
                group.addTask { try? Self.samplePicture().pngData(resolution: .scale(3)) }
            }
            var all: [Data?] = []
            for await data in group { all.append(data) }
            return all
        }
        #expect(results.count == 4)
        #expect(results.allSatisfy { $0 == reference })
        let threadResults = Mutex<[Data?]>([])
        let threads = (0..<4).map { _ in
            Thread {
                let data = try? Self.samplePicture().pngData(resolution: .scale(3))
                threadResults.withLock { $0.append(data) }
            }
        }
        threads.forEach { $0.start() }
        while threadResults.withLock({ $0.count }) < 4 { try await Task.sleep(nanoseconds: 1_000_000) }
        #expect(threadResults.withLock { $0.allSatisfy { $0 == reference } })
    }

    @Test func layoutIsTheSameAtEveryScaleAndInSVG() throws {
        let rect = CGRect(x: 10, y: 10, width: 160, height: 100)
        let layouts = Mutex<[TextLayout]>([])
        let picture = Picture(width: 180, height: 120) { canvas in
            let layout = try Self.sampleBox().draw(in: rect, on: canvas)
            layouts.withLock { $0.append(layout) }
        }
        _ = try picture.pngData(resolution: .scale(1))
        _ = try picture.pngData(resolution: .scale(3))
        _ = try picture.pngData(resolution: .dpi(300))
        let svg = try picture.svgData()
        let measured = try Self.sampleBox().layout(in: rect.size)
        let all = layouts.withLock { $0 }
        #expect(all.count == 4)
        for layout in all {
            #expect(layout.lines.map(\.text) == measured.lines.map(\.text))
            for (drawn, reference) in zip(layout.lines, measured.lines) {
                #expect(abs(drawn.width - reference.width) < 0.01)
                #expect(abs(drawn.baseline - reference.baseline) < 0.01)
            }
            #expect(layout.iconRects == measured.iconRects)
        }
        // SVG output has glyphs and the icon, and is the same bytes every time.
        #expect(try picture.svgData() == svg)
        #expect(String(decoding: svg, as: UTF8.self).contains("<path"))
    }
}



/// Every bundled family, as an unknown-family error lists them.
let bundledFamilies = "DejaVu Sans, DejaVu Serif, Noto Color Emoji, Noto Sans Arabic, Noto Sans CJK JP, Noto Sans Devanagari, "
    + "Noto Sans Hebrew, Noto Sans Thai, Symbola"
