internal import CCairo
internal import CPango
import Foundation

/// `PANGO_GLYPH_EMPTY` (a C macro with a cast, not imported): a glyph Pango draws as nothing.
private let emptyGlyph: PangoGlyph = 0x0FFF_FFFF

/// The glyphs of a laid-out text that come from a colour bitmap font (Noto Color Emoji), taken out
/// of Pango's drawing and painted as images instead: Cairo 1.16 would embed each in SVG and PDF
/// at one pixel per point. Pango draws the rest as usual; the glyph ids are put back afterwards,
/// so the layout measures and reports glyphs as before. A layout belongs to one thread, which is
/// the only one that changes it.
struct ColourGlyphRuns {
    private struct Hidden {
        var slot: UnsafeMutablePointer<PangoGlyphInfo>
        var glyph: PangoGlyph
        var scaledFont: OpaquePointer
        var pixelsPerEm: Double
        var x: Double
        var y: Double
        var em: Double
    }

    private var hidden: [Hidden] = []

    /// Hides the colour glyphs of every line of `layout` drawn with its top-left corner at `origin`.
    init(layout: OpaquePointer, origin: CGPoint) {
        walk(layout: layout) { runX, baseline, _ in
            (Double(origin.x) + runX, Double(origin.y) + baseline)
        }
    }

    /// Hides the colour glyphs of the first line of `layout` drawn with its baseline's left end at `point`.
    init(firstLineOf layout: OpaquePointer, baselineAt point: CGPoint) {
        walk(layout: layout, onlyFirstLine: true) { runX, _, lineX in
            (Double(point.x) + runX - lineX, Double(point.y))
        }
    }

    /// Runs `drawText` (Pango drawing the layout) without the colour glyphs, then paints them on `cairo`.
    func draw(on cairo: OpaquePointer, _ drawText: () throws -> Void) rethrows {
        guard !hidden.isEmpty else { return try drawText() }
        try withColourGlyphsHidden(drawText)
        let images = ColourGlyphImages.forCurrentThread()
        for glyph in hidden {
            images.image(of: glyph.glyph, in: glyph.scaledFont, pixelsPerEm: glyph.pixelsPerEm)?
                .paint(on: cairo, x: glyph.x, y: glyph.y, em: glyph.em)
        }
    }

    /// Runs `body` with the colour glyphs drawn as nothing, then puts them back.
    func withColourGlyphsHidden(_ body: () throws -> Void) rethrows {
        for glyph in hidden { glyph.slot.pointee.glyph = emptyGlyph }
        defer { for glyph in hidden { glyph.slot.pointee.glyph = glyph.glyph } }
        try body()
    }

    /// Finds the colour runs line by line; `place` turns a run's start and its line's baseline and
    /// start (layout coordinates, points) into the run's baseline origin in user space.
    private mutating func walk(layout: OpaquePointer, onlyFirstLine: Bool = false,
                               place: (_ runX: Double, _ baseline: Double, _ lineX: Double) -> (Double, Double)) {
        // The extents are cached now, while every glyph is in place, not while some are hidden.
        pango_layout_get_extents(layout, nil, nil)
        guard let iterator = pango_layout_get_iter(layout) else { return }
        defer { pango_layout_iter_free(iterator) }
        // A layout has a few fonts: a list, not a dictionary, whose first use of a key type costs
        // Swift's runtime a search of every conformance in the binary (see `FontConfigFonts.Key.id`).
        var strikes: [(font: UnsafeMutableRawPointer, strike: Double?)] = []
        var line: UnsafeMutablePointer<PangoLayoutLine>?
        var lineX = 0.0
        repeat {
            let runLine = pango_layout_iter_get_line_readonly(iterator)
            if runLine != line {
                if line != nil && onlyFirstLine { break }
                line = runLine
                var logical = PangoRectangle()
                pango_layout_iter_get_line_extents(iterator, nil, &logical)
                lineX = Double(logical.x) / Double(PANGO_SCALE)
            }
            guard let run = pango_layout_iter_get_run_readonly(iterator), let item = run.pointee.item,
                  let font = item.pointee.analysis.font, let glyphs = run.pointee.glyphs else { continue }
            let key = UnsafeMutableRawPointer(font)
            let known = strikes.first { $0.font == key }
            let colourStrike = known.map(\.strike) ?? Self.colourStrike(of: font)
            if known == nil { strikes.append((key, colourStrike)) }
            guard let strike = colourStrike, let scaledFont = pango_cairo_font_get_scaled_font(OpaquePointer(font)) else { continue }
            var logical = PangoRectangle()
            pango_layout_iter_get_run_extents(iterator, nil, &logical)
            let baseline = Double(pango_layout_iter_get_baseline(iterator) - run.pointee.y_offset) / Double(PANGO_SCALE)
            let (originX, originY) = place(Double(logical.x) / Double(PANGO_SCALE), baseline, lineX)
            let em = Self.emSize(of: font)
            var advance = 0.0
            for index in 0..<Int(glyphs.pointee.num_glyphs) {
                let slot = glyphs.pointee.glyphs + index
                let geometry = slot.pointee.geometry
                let id = slot.pointee.glyph
                if id != emptyGlyph, id & 0x1000_0000 == 0 {
                    hidden.append(Hidden(slot: slot, glyph: id, scaledFont: scaledFont, pixelsPerEm: strike,
                                         x: originX + advance + Double(geometry.x_offset) / Double(PANGO_SCALE),
                                         y: originY + Double(geometry.y_offset) / Double(PANGO_SCALE), em: em))
                }
                advance += Double(geometry.width) / Double(PANGO_SCALE)
            }
        } while pango_layout_iter_next_run(iterator) != 0
    }

    /// The pixels per em of the font's colour bitmaps, or nil for a font without them. FontConfig's
    /// pattern answers for most fonts without locking the font's FreeType face.
    private static func colourStrike(of font: UnsafeMutablePointer<PangoFont>) -> Double? {
        var colour: FcBool = 0
        guard let pattern = pango_fc_font_get_pattern(UnsafeMutableRawPointer(font).assumingMemoryBound(to: PangoFcFont.self)),
              FcPatternGetBool(pattern, FC_COLOR, 0, &colour) == FcResultMatch, colour != 0,
              let scaledFont = pango_cairo_font_get_scaled_font(OpaquePointer(font)) else { return nil }
        return ColourGlyphImages.colourStrike(of: scaledFont)
    }

    /// The font's size in user-space units (its pixel size at the layout's resolution).
    private static func emSize(of font: UnsafeMutablePointer<PangoFont>) -> Double {
        guard let description = pango_font_describe_with_absolute_size(font) else { return 0 }
        defer { pango_font_description_free(description) }
        return Double(pango_font_description_get_size(description)) / Double(PANGO_SCALE)
    }
}
