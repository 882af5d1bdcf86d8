import CardRenderSupport
import Foundation
import Geometry
import Images

/// Horizontal placement of the lines in a text box.
public enum TextBoxAlignment: String, Sendable, Hashable, CaseIterable {
    /// Lines start at the box's left edge, whatever the paragraph's direction.
    case left
    /// Lines are centred in the box.
    case center
    /// Lines end at the box's right edge, whatever the paragraph's direction.
    case right
    /// Lines stretched to the box width; the last line of each paragraph stays at its start.
    case justify
    /// Lines begin where the paragraph's direction starts: the left edge for left-to-right text,
    /// the right edge for right-to-left text (Arabic, Hebrew), each paragraph by its first strong character.
    case start
    /// The opposite edge to `start`.
    case end
}

/// Vertical placement of the laid-out text in its box.
public enum VerticalTextAlignment: String, Sendable, Hashable, CaseIterable {
    /// Against the top edge, centred, or against the bottom edge.
    case top, middle, bottom
}

/// How text breaks into lines at the box width.
public enum TextWrap: String, Sendable, Hashable, CaseIterable {
    /// Between words; a single word wider than the box is broken between characters (Pango's
    /// `PANGO_WRAP_WORD_CHAR`), and the layout then does not count as fitting.
    case word
    /// Between any two characters.
    case character
    /// No wrapping: one line per paragraph of the text, as given.
    case none
}

/// Where an ellipsis replaces text that does not fit.
public enum TextEllipsis: String, Sendable, Hashable, CaseIterable {
    /// No ellipsis (text is clipped), or an ellipsis at the start, the middle or the end.
    case none, start, middle, end
}

/// Shrink-to-fit: the font size drops from the box's font size in `step` point steps until the
/// text fits, but never below `minimumSize`.
public struct AutoFit: Sendable, Hashable {
    /// The smallest font size tried, in points.
    public var minimumSize: CGFloat
    /// How much the size drops per try, in points.
    public var step: CGFloat

    /// Shrink-to-fit down to `minimumSize`.
    public init(minimumSize: CGFloat, step: CGFloat = 0.25) {
        self.minimumSize = minimumSize
        self.step = step
    }
}

/// A picture drawn inline with the text, like a glyph: `<icon name="coin"/>` or `:coin:` in the
/// markup. It is as tall as the line (the font's ascent plus descent), `aspectRatio` times as wide,
/// and stands on the line's descent line, so its box matches the line box of the text around it.
public struct InlineIcon: Sendable, Hashable {
    /// Width divided by height.
    public var aspectRatio: CGFloat
    /// What makes two icons equal (a file path, say): the drawing closure cannot be compared.
    public var identity: String
    /// Draws the icon into the rectangle, in the canvas's current coordinates.
    public var draw: @Sendable (CGRect, Canvas) throws -> Void

    /// An icon drawn by `draw`; `identity` tells icons apart for equality.
    public init(aspectRatio: CGFloat, identity: String, draw: @escaping @Sendable (CGRect, Canvas) throws -> Void) {
        self.aspectRatio = aspectRatio
        self.identity = identity
        self.draw = draw
    }

    public static func == (lhs: InlineIcon, rhs: InlineIcon) -> Bool {
        lhs.aspectRatio == rhs.aspectRatio && lhs.identity == rhs.identity
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(aspectRatio)
        hasher.combine(identity)
    }
}

/// One laid-out line, in the text box's coordinates (origin at the box's top left).
public struct TextLine: Sendable, Hashable {
    /// The characters on the line, with the space a line broke at removed; elided text shows as "…"
    /// and an inline icon as U+FFFC.
    public var text: String
    /// Logical width of the line (for justified lines, the stretched width).
    public var width: CGFloat
    /// The baseline's y.
    public var baseline: CGFloat
    /// The line's logical rectangle.
    public var rect: CGRect
}

/// What laying out a text box produced, in the box's coordinates.
public struct TextLayout: Sendable, Hashable {
    /// The font size used, after auto-fit.
    public var fontSize: CGFloat
    /// The laid-out lines, top to bottom.
    public var lines: [TextLine]
    /// Logical extents of all the lines.
    public var size: CGSize
    /// True when the text stays inside the box (height, and width with no word broken apart)
    /// and nothing was elided.
    public var fits: Bool
    /// Whether text was cut and an ellipsis drawn.
    public var isEllipsized: Bool
    /// Each visible inline icon's rectangle, in text order.
    public var iconRects: [CGRect]
    /// The font families the box names (its font, then the markup's), in order: the list in
    /// effect before the bundled fallback fonts.
    public var fontFamilies: [String] = []
    /// Characters drawn as a box because no font in `fontFamilies` nor any bundled fallback font
    /// has a glyph for them, each once, in text order. Empty when every character has a glyph.
    public var charactersWithoutGlyph: [Unicode.Scalar] = []

    /// `U+0378 "\u{378}"`: how a report names a character without a glyph.
    public static func describe(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        let visible = scalar.properties.generalCategory == .control ? "" : " \"\(Character(scalar))\""
        return code + visible
    }

    /// One line for a report: `no glyph for U+0E01 "ก", U+0378 "\u{378}" in the fonts DejaVu Sans (and the bundled fallback fonts)`.
    public var missingGlyphsDescription: String? {
        guard !charactersWithoutGlyph.isEmpty else { return nil }
        let characters = charactersWithoutGlyph.prefix(8).map(TextLayout.describe).joined(separator: ", ")
            + (charactersWithoutGlyph.count > 8 ? " and \(charactersWithoutGlyph.count - 8) more" : "")
        return "no glyph for \(characters) in the fonts \(fontFamilies.joined(separator: ", ")) (or any bundled fallback font)"
    }
}

/// A box of laid-out text, drawn with Pango: markup, wrapping, alignment and justification,
/// line spacing, ellipsis, shrink-to-fit and inline icons. Fonts come only from `library`.
///
/// Layout is independent of the canvas it is drawn on (no hinting, unrounded glyph positions,
/// 72 dpi), so the same box breaks its lines the same way in PNG at any scale, SVG and PDF.
public struct TextBox: Sendable, Hashable {
    /// Pango markup: `<b>`, `<i>`, `<span foreground="#c00" size="larger">`, … plus inline icons.
    public var markup: String
    /// A Pango font description, such as `"DejaVu Serif Bold 14"`; the size is in points. Without
    /// a family, DejaVu Sans.
    public var font: String
    /// The text colour where the markup sets none.
    public var color: Color
    /// An outline around the glyphs in one colour, drawn under them (as SVG's `paint-order: stroke`),
    /// so the glyphs' fill stays crisp and half the width shows outside them; nil for none.
    public var outline: Stroke?
    /// How lines sit across the box (justified included).
    public var alignment: TextBoxAlignment
    /// Where the text block sits in the box's height.
    public var verticalAlignment: VerticalTextAlignment
    /// Where lines may break.
    public var wrap: TextWrap
    /// A multiple of the font's normal line height; 1 is normal.
    public var lineSpacing: CGFloat
    /// Where text that does not fit is cut.
    public var ellipsis: TextEllipsis
    /// Shrink-to-fit settings; nil keeps the font size.
    public var autoFit: AutoFit?
    /// Inline icons by name, for `<icon name="…"/>` and `:name:` in the markup.
    public var icons: [String: InlineIcon]
    /// The only fonts the box may use.
    public var library: FontLibrary

    /// A text box; the defaults give left-aligned, top, word-wrapped text in the bundled fonts.
    public init(markup: String, font: String, color: Color = .black, alignment: TextBoxAlignment = .left,
                verticalAlignment: VerticalTextAlignment = .top, wrap: TextWrap = .word, lineSpacing: CGFloat = 1,
                ellipsis: TextEllipsis = .none, autoFit: AutoFit? = nil, icons: [String: InlineIcon] = [:],
                library: FontLibrary = .bundled, outline: Stroke? = nil) {
        self.markup = markup
        self.font = font
        self.color = color
        self.alignment = alignment
        self.verticalAlignment = verticalAlignment
        self.wrap = wrap
        self.lineSpacing = lineSpacing
        self.ellipsis = ellipsis
        self.autoFit = autoFit
        self.icons = icons
        self.library = library
        self.outline = outline
    }

    /// The largest font size a box may use, in points, from its font or its markup: a 1000 pt
    /// glyph is 14 inches tall, larger than any card but a poster. Near 10^6 pt Pango and
    /// FreeType fail with warnings and no useful error.
    public static let maximumFontSize: CGFloat = 1000

    /// The most characters (Unicode scalars, markup removed) one box lays out. Pango's line
    /// breaking grows with the square of a paragraph's length (one 50,000-letter word took 15 s);
    /// at this length the slowest text, one word broken between characters and shrunk to fit,
    /// draws a whole card in well under a second, and a card never shows more.
    public static let maximumTextLength = 5000

    /// The widest glyph outline, in points: an inch, far more than a title's outline needs.
    public static let maximumOutlineWidth: CGFloat = 72

    /// The most an outline's width in points times the characters it goes around may be.
    /// Rasterising an outline costs about that product: at 300 dpi 500 characters took 17 s with a
    /// 72 pt outline and 4,900 took 6 s with 8 pt, while 2,000 (a 40-letter title with a 50 pt
    /// outline, 500 characters with 4 pt) stays near a second.
    public static let maximumOutlineWork: CGFloat = 2000

    /// The most characters an outlined text may have, however thin its outline: stroking each
    /// glyph has a cost of its own (4,900 characters with a 0.4 pt outline took 4.5 s).
    public static let maximumOutlinedTextLength = 1000

    /// Lays the text out in a box of `size` without drawing it.
    public func layout(in size: CGSize) throws(DrawingError) -> TextLayout {
        try LibraryLog.failingOnMessages { () throws(DrawingError) in try Prepared(self).layout(in: size).result }
    }

    /// Lays the text out in `rect` and draws it on `canvas`. Nothing is clipped: text that does
    /// not fit spills out of the box (the result says so), and the caller clips if it wants.
    @discardableResult
    public func draw(in rect: CGRect, on canvas: Canvas) throws(DrawingError) -> TextLayout {
        try LibraryLog.failingOnMessages { () throws(DrawingError) in try drawLaidOut(in: rect, on: canvas) }
    }

    private func drawLaidOut(in rect: CGRect, on canvas: Canvas) throws(DrawingError) -> TextLayout {
        let laidOut = try Prepared(self).layout(in: rect.size)
        let icons = laidOut.iconNames.map { self.icons[$0] }
        do {
            try canvas.withSavedState {
                let origin = CGPoint(x: rect.minX + laidOut.offset.x, y: rect.minY + laidOut.offset.y)
                if let outline, outline.width > 0 {
                    canvas.context.setSource(outline.color)
                    canvas.context.setLineWidth(outline.width)
                    canvas.context.setLineJoin(.round)
                    laidOut.pango.strokeGlyphOutlines(on: canvas.context.raw, at: origin)
                }
                canvas.context.setSource(color)
                try laidOut.pango.draw(on: canvas.context.raw, at: origin) { index, iconRect in
                    guard index >= 0, index < icons.count, let icon = icons[index] else { return }
                    do {
                        try canvas.withSavedState { try icon.draw(iconRect, canvas) }
                    } catch let error as DrawingError {
                        throw error
                    } catch {
                        throw DrawingError.image("inline icon \"\(laidOut.iconNames[index])\": \(error)")
                    }
                }
            }
        } catch let error as DrawingError {
            throw error
        } catch {
            throw .image("text box: \(error)")
        }
        return laidOut.result
    }
}

extension TextBox {
    /// The glyphs the box draws in `size` (id and font family, in visual order): for tests that
    /// check shaping and fallback.
    func glyphs(in size: CGSize) throws(DrawingError) -> [(id: UInt32, family: String)] {
        try Prepared(self).layout(in: size).pango.glyphs
    }

    /// The glyphs the box draws in `size` with the font file and advance of each, laid out with
    /// the fallback files the text needs or, where it needs any, every fallback file: for tests
    /// that check the two draw the same.
    func glyphsWithFiles(in size: CGSize, everyFallbackFile: Bool) throws(DrawingError)
        -> [(id: UInt32, file: String, advance: Int32)] {
        try Prepared(self, everyFallbackFile: everyFallbackFile).layout(in: size).pango.glyphsWithFiles
    }
}

extension TextBox {
    private struct LaidOut {
        let pango: PangoTextLayout
        let result: TextLayout
        let offset: CGPoint
        let iconNames: [String]
    }

    /// The parts of a text box that do not depend on the font size: checked font, parsed markup.
    private struct Prepared {
        let box: TextBox
        let fontMap: PangoFontMap
        let font: PangoFontDescription
        let markup: PangoMarkup
        let iconNames: [String]
        let families: [String]

        init(_ box: TextBox, everyFallbackFile: Bool = false) throws(DrawingError) {
            self.box = box
            font = PangoFontDescription(parsing: box.font, defaultFamily: "DejaVu Sans")
            guard font.size > 0 else {
                throw .font("font \"\(box.font)\" has no size; add one in points, as in \"DejaVu Sans 12\"")
            }
            guard font.size <= TextBox.maximumFontSize else {
                throw .font("font \"\(box.font)\" is larger than \(Int(TextBox.maximumFontSize)) pt, "
                            + "the largest size text may have")
            }
            for family in font.families { try box.library.checkFamily(family) }
            let substituted = try InlineIconMarkup.substitute(in: box.markup, iconNames: Set(box.icons.keys))
            do { markup = try PangoMarkup(parsing: substituted.markup) } catch { throw Self.markupError(error, of: box) }
            guard markup.objectReplacementOffsets.count == substituted.iconNames.count else {
                throw .font("text markup: the character U+FFFC is reserved for inline icons")
            }
            for family in markup.families { try box.library.checkFamily(family) }
            let largest = max(font.size, markup.largestSize) * markup.largestScale
            guard largest <= TextBox.maximumFontSize else {
                throw .font("text markup sets a font size of \(String(format: "%g", Double(largest))) pt; "
                            + "text may be at most \(Int(TextBox.maximumFontSize)) pt")
            }
            let length = markup.text.unicodeScalars.count
            guard length <= TextBox.maximumTextLength else {
                throw .font("the text is \(length) characters long; a text box lays out at most \(TextBox.maximumTextLength)")
            }
            var families: [String] = []
            for family in font.families + markup.families where !families.contains(family) { families.append(family) }
            self.families = families
            fontMap = try PangoFontMap.forCurrentThread(box.library.fontsKey(for: markup.text, families: families,
                                                                              everyFallbackFile: everyFallbackFile))
            iconNames = substituted.iconNames
            guard box.lineSpacing.isFinite, box.lineSpacing > 0 else {
                throw .font("line spacing must be a positive number, got \(box.lineSpacing)")
            }
            if let width = box.outline?.width {
                guard width >= 0 && width <= TextBox.maximumOutlineWidth else {
                    throw .font("a text outline must be 0 to \(Int(TextBox.maximumOutlineWidth)) pt wide, got \(width)")
                }
                guard length <= TextBox.maximumOutlinedTextLength else {
                    throw .font("an outlined text may have at most \(TextBox.maximumOutlinedTextLength) characters, "
                                + "and this one has \(length)")
                }
                guard width * CGFloat(length) <= TextBox.maximumOutlineWork else {
                    throw .font("a \(String(format: "%g", Double(width))) pt outline may go around at most "
                                + "\(Int(TextBox.maximumOutlineWork / width)) characters, and the text has \(length); "
                                + "make the outline thinner or the text shorter")
                }
            }
        }

        /// A parse error told against the markup as written: parsed again with each icon as that
        /// many plain letters, GLib's place is a place in `box.markup`.
        static func markupError(_ error: DrawingError, of box: TextBox) -> DrawingError {
            let prefix = "text markup: "
            var message = error.description
            if let sameLength = try? InlineIconMarkup.substitute(in: box.markup, iconNames: Set(box.icons.keys), keepingLength: true) {
                do { _ = try PangoMarkup(parsing: sameLength.markup) } catch { message = error.description }
            }
            guard message.hasPrefix(prefix) else { return error }
            return .font(prefix + MarkupProblem.describe(String(message.dropFirst(prefix.count)), in: box.markup))
        }

        func layout(in size: CGSize) throws(DrawingError) -> LaidOut {
            guard size.width.isFinite, size.height.isFinite, size.width >= 0, size.height >= 0 else {
                throw .invalidSize("text box \(size.width)×\(size.height) pt; both sides must be numbers ≥ 0")
            }
            let scale = try chooseScale(for: size)
            let fitsAtScale = try fits(scale: scale, in: size)
            var settings = PangoLayoutSettings()
            settings.alignment = box.alignment
            settings.lineSpacing = box.lineSpacing
            settings.ellipsis = box.ellipsis
            switch box.wrap {
            case .word, .character:
                settings.width = size.width
                settings.wrap = box.wrap == .word ? .wordOrCharacter : .character
                if box.ellipsis != .none { settings.height = .points(size.height) }
            case .none:
                if box.ellipsis != .none {
                    settings.width = size.width
                    settings.height = .oneLinePerParagraph
                }
            }
            let pango = try makeLayout(scale: scale, settings: settings)
            let logical = pango.logicalRect
            var offset = CGPoint.zero
            if settings.width == nil {
                // Without a width Pango aligns within the widest line; place that in the box.
                let rightToLeft = pango.startsRightToLeft
                switch box.alignment {
                case .left: offset.x = 0
                case .center: offset.x = (size.width - logical.width) / 2 - logical.minX
                case .right: offset.x = size.width - logical.width - logical.minX
                case .start, .justify, .end:
                    offset.x = (box.alignment == .end) != rightToLeft ? size.width - logical.width - logical.minX : 0
                }
            }
            switch box.verticalAlignment {
            case .top: offset.y = -logical.minY
            case .middle: offset.y = (size.height - logical.height) / 2 - logical.minY
            case .bottom: offset.y = size.height - logical.height - logical.minY
            }
            let lines = pango.lines.map { line in
                TextLine(text: line.text.trimmingTrailingLineBreakSpace(),
                         width: line.logicalRect.width,
                         baseline: line.baseline + offset.y,
                         rect: line.logicalRect.offsetBy(dx: offset.x, dy: offset.y))
            }
            var iconRects: [CGRect] = []
            for placement in pango.iconPlacements where placement.index >= 0 && placement.index < iconNames.count {
                iconRects.append(placement.rect.offsetBy(dx: offset.x, dy: offset.y))
            }
            let isEllipsized = pango.isEllipsized
            let result = TextLayout(fontSize: font.size * scale, lines: lines,
                                    size: CGSize(width: logical.width, height: logical.height),
                                    fits: fitsAtScale && !isEllipsized, isEllipsized: isEllipsized, iconRects: iconRects,
                                    fontFamilies: families, charactersWithoutGlyph: pango.charactersWithoutGlyph)
            return LaidOut(pango: pango, result: result, offset: offset, iconNames: iconNames)
        }

        private func makeLayout(scale: CGFloat, settings: PangoLayoutSettings) throws(DrawingError) -> PangoTextLayout {
            let aspects = iconNames.map { box.icons[$0]?.aspectRatio ?? 1 }
            return try PangoTextLayout(fontMap: fontMap, markup: markup, font: font, scale: scale,
                                       settings: settings, iconAspectRatios: aspects)
        }

        /// Whether the text fits at `scale` times the font size: with strict word wrapping (a word
        /// wider than the box makes its line too wide), no ellipsis, and no height limit.
        private func fits(scale: CGFloat, in size: CGSize) throws(DrawingError) -> Bool {
            var settings = PangoLayoutSettings()
            settings.alignment = box.alignment == .justify ? .start : box.alignment
            settings.lineSpacing = box.lineSpacing
            switch box.wrap {
            case .word: settings.width = size.width; settings.wrap = .word
            case .character: settings.width = size.width; settings.wrap = .character
            case .none: break
            }
            let pango = try makeLayout(scale: scale, settings: settings)
            // Pango units are 1/1024 pt; allow for their rounding.
            let tolerance: CGFloat = 0.002
            guard pango.logicalRect.height <= size.height + tolerance else { return false }
            return pango.lines.allSatisfy { $0.logicalRect.width <= size.width + tolerance }
        }

        /// 1 without auto-fit; otherwise the largest size on the grid `font size − k × step` (and the
        /// minimum itself) that fits, as a factor of the font size, or the minimum when none does.
        private func chooseScale(for size: CGSize) throws(DrawingError) -> CGFloat {
            guard let autoFit = box.autoFit else { return 1 }
            guard autoFit.minimumSize.isFinite, autoFit.minimumSize > 0, autoFit.step.isFinite, autoFit.step > 0 else {
                throw .font("auto-fit needs a positive minimum size and step, got \(autoFit.minimumSize) and \(autoFit.step)")
            }
            let base = font.size
            guard autoFit.minimumSize < base else { return 1 }
            // Candidate sizes, largest first: the grid above the minimum, then the minimum.
            let steps = Int(((base - autoFit.minimumSize) / autoFit.step).rounded(.up) - 1e-9)
            var sizes = (0...max(0, steps)).map { base - CGFloat($0) * autoFit.step }.filter { $0 > autoFit.minimumSize }
            sizes.append(autoFit.minimumSize)
            func fitsAt(_ index: Int) throws(DrawingError) -> Bool { try fits(scale: sizes[index] / base, in: size) }
            if try fitsAt(0) { return 1 }
            let last = sizes.count - 1
            guard try fitsAt(last) else { return sizes[last] / base }
            // Binary search for the first index that fits: `tooBig` never fits, `fitting` always does.
            var tooBig = 0, fitting = last
            while fitting - tooBig > 1 {
                let middle = (tooBig + fitting) / 2
                if try fitsAt(middle) { fitting = middle } else { tooBig = middle }
            }
            return sizes[fitting] / base
        }
    }
}

private extension String {
    /// The line without the space (or newline) Pango keeps at its end when it breaks there.
    func trimmingTrailingLineBreakSpace() -> String {
        var text = Substring(self)
        while let last = text.last, last == " " || last == "\n" || last == "\r" || last == "\u{2028}" { text = text.dropLast() }
        return String(text)
    }
}

/// Inline icons in markup: `<icon name="coin"/>` (an unknown name is an error) and `:coin:` (only
/// for defined names; anything else stays literal), each replaced by U+FFFC, which the layout
/// then gives the icon's shape; `keepingLength` puts as many letters as the icon was written
/// with instead, so places in the result are places in `markup`.
enum InlineIconMarkup {
    static func substitute(in markup: String, iconNames: Set<String>, keepingLength: Bool = false) throws(DrawingError)
        -> (markup: String, iconNames: [String]) {
        func icon(writtenAs written: Substring) -> String {
            keepingLength ? String(repeating: "x", count: written.count) : "\u{FFFC}"
        }
        var output = ""
        var found: [String] = []
        var rest = Substring(markup)
        while let next = rest.firstIndex(where: { $0 == "<" || $0 == ":" }) {
            output += rest[..<next]
            rest = rest[next...]
            if rest.hasPrefix("<") {
                guard let close = rest.firstIndex(of: ">") else { output += rest; rest = ""; break }
                let tag = rest[...close]
                rest = rest[rest.index(after: close)...]
                if tag.hasPrefix("<icon") && (tag.dropFirst(5).first.map { $0.isWhitespace || $0 == "/" || $0 == ">" } ?? false) {
                    let name = try iconName(inTag: String(tag))
                    guard iconNames.contains(name) else {
                        let known = iconNames.sorted()
                        throw .font(known.isEmpty
                            ? "text markup: unknown icon \"\(name)\"; no icons are defined"
                            : "text markup: " + NearestName.unknown("icon", name, among: known))
                    }
                    output += icon(writtenAs: tag)
                    found.append(name)
                } else {
                    output += tag
                }
            } else {
                // ":name:" with a defined name becomes the icon; otherwise the colon is text.
                let afterColon = rest.dropFirst()
                if let end = afterColon.firstIndex(of: ":"), iconNames.contains(String(afterColon[..<end])) {
                    output += icon(writtenAs: rest[...end])
                    found.append(String(afterColon[..<end]))
                    rest = afterColon[afterColon.index(after: end)...]
                } else {
                    output += ":"
                    rest = afterColon
                }
            }
        }
        output += rest
        return (output, found)
    }

    private static func iconName(inTag tag: String) throws(DrawingError) -> String {
        let pattern = #/^<icon\s+name\s*=\s*(?:"([^"]*)"|'([^']*)')\s*/?>$/#
        guard let match = tag.wholeMatch(of: pattern), let name = match.1 ?? match.2 else {
            throw .font("text markup: write an inline icon as <icon name=\"…\"/>, not \(tag)")
        }
        return String(name)
    }
}
