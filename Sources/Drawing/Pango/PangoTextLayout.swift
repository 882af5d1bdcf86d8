internal import CCairo
internal import CPango
import Foundation
import Geometry

private let pangoScale = CGFloat(PANGO_SCALE)

/// `PANGO_GLYPH_UNKNOWN_FLAG` and `PANGO_GLYPH_INVALID_INPUT` (C macros with casts, not imported).
private let unknownGlyphFlag: PangoGlyph = 0x1000_0000
private let invalidInputGlyph: PangoGlyph = 0xFFFF_FFFF

private func points(_ units: Int32) -> CGFloat { CGFloat(units) / pangoScale }

private func pangoUnits(_ points: CGFloat) -> Int32 {
    let units = (points * pangoScale).rounded(.down)
    return units.isFinite ? Int32(clamping: Int64(max(-1e12, min(1e12, units)))) : 0
}

/// Markup parsed by Pango once (`pango_parse_markup`): the plain text, its attributes, the byte
/// offsets of the object replacement characters that stand for inline icons, and every font
/// family the markup names (`font_family`, `face`, `font`), so they can be checked.
final class PangoMarkup {
    let attributes: OpaquePointer
    let text: String
    let objectReplacementOffsets: [Int]
    let families: [String]
    /// The largest font size a span sets (`size`, `font`), in points; 0 when none does.
    let largestSize: CGFloat
    /// The largest factor a span scales its font by (`size="larger"`, `<big>`); 1 when none does.
    let largestScale: CGFloat

    init(parsing markup: String) throws(DrawingError) {
        var attributes: OpaquePointer?
        var parsedText: UnsafeMutablePointer<CChar>?
        var error: UnsafeMutablePointer<GError>?
        let parsed = pango_parse_markup(markup, -1, 0, &attributes, &parsedText, nil, &error)
        guard parsed != 0, let attributes, let parsedText else {
            let message = error.flatMap { $0.pointee.message.map { String(cString: $0) } } ?? "cannot be parsed"
            if let error { g_error_free(error) }
            if let attributes { pango_attr_list_unref(attributes) }
            g_free(parsedText)
            let oneLine = message.split(whereSeparator: \.isNewline).joined(separator: " ")
            throw .font("text markup: \(oneLine)")
        }
        self.attributes = attributes
        text = String(cString: parsedText)
        g_free(parsedText)
        var offsets: [Int] = []
        var offset = 0
        for scalar in text.unicodeScalars {
            if scalar == "\u{FFFC}" { offsets.append(offset) }
            offset += String(scalar).utf8.count
        }
        objectReplacementOffsets = offsets
        families = PangoMarkup.familyNames(in: attributes)
        (largestSize, largestScale) = PangoMarkup.largestSizeAndScale(in: attributes)
    }

    private static func largestSizeAndScale(in attributes: OpaquePointer) -> (size: CGFloat, scale: CGFloat) {
        var size: CGFloat = 0, scale: CGFloat = 1
        let list = pango_attr_list_get_attributes(attributes)
        var node = list
        while let current = node {
            if let attribute = current.pointee.data?.assumingMemoryBound(to: PangoAttribute.self),
               let kind = attribute.pointee.klass?.pointee.type {
                let raw = UnsafeMutableRawPointer(attribute)
                if kind == PANGO_ATTR_SIZE || kind == PANGO_ATTR_ABSOLUTE_SIZE {
                    size = max(size, points(raw.assumingMemoryBound(to: PangoAttrSize.self).pointee.size))
                } else if kind == PANGO_ATTR_SCALE {
                    scale = max(scale, CGFloat(raw.assumingMemoryBound(to: PangoAttrFloat.self).pointee.value))
                } else if kind == PANGO_ATTR_FONT_DESC {
                    let description = raw.assumingMemoryBound(to: PangoAttrFontDesc.self).pointee.desc
                    size = max(size, points(pango_font_description_get_size(description)))
                }
            }
            node = current.pointee.next
        }
        g_slist_free_full(list) { pango_attribute_destroy($0?.assumingMemoryBound(to: PangoAttribute.self)) }
        return (size, scale.isFinite ? scale : .infinity)
    }

    deinit { pango_attr_list_unref(attributes) }

    private static func familyNames(in attributes: OpaquePointer) -> [String] {
        var names: [String] = []
        let list = pango_attr_list_get_attributes(attributes)
        var node = list
        while let current = node {
            if let attribute = current.pointee.data?.assumingMemoryBound(to: PangoAttribute.self),
               let kind = attribute.pointee.klass?.pointee.type {
                if kind == PANGO_ATTR_FAMILY {
                    let string = UnsafeMutableRawPointer(attribute).assumingMemoryBound(to: PangoAttrString.self)
                    if let value = string.pointee.value { names += PangoFontDescription.splitFamilies(String(cString: value)) }
                } else if kind == PANGO_ATTR_FONT_DESC {
                    let fontAttribute = UnsafeMutableRawPointer(attribute).assumingMemoryBound(to: PangoAttrFontDesc.self)
                    if let family = pango_font_description_get_family(fontAttribute.pointee.desc) {
                        names += PangoFontDescription.splitFamilies(String(cString: family))
                    }
                }
            }
            node = current.pointee.next
        }
        g_slist_free_full(list) { pango_attribute_destroy($0?.assumingMemoryBound(to: PangoAttribute.self)) }
        return names
    }
}

/// A Pango font description (`"DejaVu Serif Bold 14"`), with its size in points.
final class PangoFontDescription {
    let raw: OpaquePointer
    /// The families named, in order (a description may list several, comma-separated).
    let families: [String]
    /// Size in points; 0 when the description has none.
    let size: CGFloat

    init(parsing text: String, defaultFamily: String) {
        raw = pango_font_description_from_string(text)
        if let family = pango_font_description_get_family(raw), !String(cString: family).isEmpty {
            families = PangoFontDescription.splitFamilies(String(cString: family))
        } else {
            pango_font_description_set_family(raw, defaultFamily)
            families = [defaultFamily]
        }
        let units = pango_font_description_get_size(raw)
        size = points(units)
        // Absolute (pixel) sizes would not follow the resolution that auto-fit scales; at 72 dpi
        // a pixel is a point anyway.
        if pango_font_description_get_size_is_absolute(raw) != 0 { pango_font_description_set_size(raw, units) }
    }

    deinit { pango_font_description_free(raw) }

    static func splitFamilies(_ list: String) -> [String] {
        list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
}

/// How one layout is set up, in points.
struct PangoLayoutSettings {
    enum Wrap { case word, wordOrCharacter, character }
    enum Height { case unlimited, points(CGFloat), oneLinePerParagraph }

    /// Nil lays each paragraph out on one line of its natural width.
    var width: CGFloat?
    var height: Height = .unlimited
    var wrap: Wrap = .word
    var alignment: TextBoxAlignment = .left
    /// Multiple of the normal line height; 1 leaves Pango's default spacing.
    var lineSpacing: CGFloat = 1
    var ellipsis: TextEllipsis = .none
}

/// One line of a Pango layout in layout coordinates (points, origin at the layout's top left).
struct PangoLine {
    var text: String
    var logicalRect: CGRect
    var baseline: CGFloat
}

/// A laid-out paragraph set: a Pango context on the calling thread's restricted font map,
/// with fixed font options (no hinting, unhinted metrics, unrounded glyph positions) and a
/// resolution of 72 dpi times `scale`, so sizes are points and the layout is the same at any
/// output scale and in vector output. Drawn without `pango_cairo_update_context`, for the same reason.
final class PangoTextLayout {
    private let context: OpaquePointer
    private let layout: OpaquePointer
    /// The ascent and descent of the base font at this scale: the height of an inline icon.
    let iconAscent: CGFloat
    let iconDescent: CGFloat

    init(fontMap: PangoFontMap, markup: PangoMarkup, font: PangoFontDescription, scale: CGFloat,
         settings: PangoLayoutSettings, iconAspectRatios: [CGFloat]) throws(DrawingError) {
        guard let context = pango_font_map_create_context(fontMap.raw) else {
            throw .outOfMemory("creating a text layout context")
        }
        self.context = context
        pango_cairo_context_set_resolution(context, 72 * Double(scale))
        pango_cairo_context_set_font_options(context, FontOptions.shared.raw)
        pango_context_set_round_glyph_positions(context, 0)
        pango_context_set_language(context, pango_language_from_string("en"))

        let metrics = pango_context_get_metrics(context, font.raw, nil)
        iconAscent = points(pango_font_metrics_get_ascent(metrics))
        iconDescent = points(pango_font_metrics_get_descent(metrics))
        pango_font_metrics_unref(metrics)

        layout = pango_layout_new(context)
        pango_layout_set_font_description(layout, font.raw)
        pango_layout_set_text(layout, markup.text, -1)
        let attributes = pango_attr_list_copy(markup.attributes)
        let lineHeight = pangoUnits(iconAscent + iconDescent)
        for (index, offset) in markup.objectReplacementOffsets.enumerated() {
            let aspect = index < iconAspectRatios.count ? iconAspectRatios[index] : 1
            var rect = PangoRectangle(x: 0, y: -pangoUnits(iconAscent),
                                      width: pangoUnits(CGFloat(lineHeight) / pangoScale * aspect), height: lineHeight)
            // The icon's position in the list, plus one so it is never a null pointer.
            guard let shape = pango_attr_shape_new_with_data(&rect, &rect, UnsafeMutableRawPointer(bitPattern: index + 1),
                                                             nil, nil) else { continue }
            shape.pointee.start_index = UInt32(offset)
            shape.pointee.end_index = UInt32(offset + 3)
            pango_attr_list_insert(attributes, shape)
        }
        pango_layout_set_attributes(layout, attributes)
        pango_attr_list_unref(attributes)

        if let width = settings.width {
            pango_layout_set_width(layout, max(0, pangoUnits(width)))
            switch settings.wrap {
            case .word: pango_layout_set_wrap(layout, PANGO_WRAP_WORD)
            case .wordOrCharacter: pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
            case .character: pango_layout_set_wrap(layout, PANGO_WRAP_CHAR)
            }
        }
        switch settings.height {
        case .unlimited: break
        case .points(let height): pango_layout_set_height(layout, max(0, pangoUnits(height)))
        case .oneLinePerParagraph: pango_layout_set_height(layout, -1)
        }
        // Pango swaps left and right for a paragraph whose direction is opposite to the context's
        // base direction (left-to-right unless set): so LEFT is a paragraph's start, RIGHT its end.
        // A neutral base direction matches no paragraph, so nothing is swapped: LEFT is the left edge.
        switch settings.alignment {
        case .left, .center, .right:
            pango_context_set_base_dir(context, PANGO_DIRECTION_NEUTRAL)
            pango_layout_context_changed(layout)
            pango_layout_set_alignment(layout, settings.alignment == .left ? PANGO_ALIGN_LEFT
                                       : settings.alignment == .right ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_CENTER)
        case .start: pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
        case .end: pango_layout_set_alignment(layout, PANGO_ALIGN_RIGHT)
        case .justify:
            pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
            pango_layout_set_justify(layout, 1)
        }
        if settings.lineSpacing != 1 { pango_layout_set_line_spacing(layout, Float(settings.lineSpacing)) }
        switch settings.ellipsis {
        case .none: pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_NONE)
        case .start: pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_START)
        case .middle: pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_MIDDLE)
        case .end: pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
        }
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(layout))
        g_object_unref(UnsafeMutableRawPointer(context))
    }

    /// The layout's logical extents.
    var logicalRect: CGRect {
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        return CGRect(x: points(logical.x), y: points(logical.y), width: points(logical.width), height: points(logical.height))
    }

    /// Whether the first paragraph runs right to left (its first strong character is Arabic, Hebrew, …).
    var startsRightToLeft: Bool { pango_layout_get_direction(layout, 0) == PANGO_DIRECTION_RTL }

    var isEllipsized: Bool { pango_layout_is_ellipsized(layout) != 0 }

    /// Every line with the text it shows: an elided range reads as "…".
    var lines: [PangoLine] {
        let bytes = Array(UnsafeBufferPointer(start: UnsafeRawPointer(pango_layout_get_text(layout))
            .assumingMemoryBound(to: UInt8.self), count: Int(strlen(pango_layout_get_text(layout)))))
        func slice(_ start: Int32, _ length: Int32) -> String {
            let lower = max(0, min(bytes.count, Int(start))), upper = max(lower, min(bytes.count, Int(start) + Int(length)))
            return String(decoding: bytes[lower..<upper], as: UTF8.self)
        }
        var result: [PangoLine] = []
        guard let iterator = pango_layout_get_iter(layout) else { return [] }
        defer { pango_layout_iter_free(iterator) }
        repeat {
            var logical = PangoRectangle()
            pango_layout_iter_get_line_extents(iterator, nil, &logical)
            let baseline = points(pango_layout_iter_get_baseline(iterator))
            guard let line = pango_layout_iter_get_line_readonly(iterator) else { continue }
            var pieces: [(offset: Int32, text: String)] = []
            var hasEllipsis = false
            var node = line.pointee.runs
            while let current = node {
                if let run = current.pointee.data?.assumingMemoryBound(to: PangoGlyphItem.self), let item = run.pointee.item {
                    if item.pointee.analysis.flags & UInt8(PANGO_ANALYSIS_FLAG_IS_ELLIPSIS) != 0 {
                        hasEllipsis = true
                        pieces.append((item.pointee.offset, "…"))
                    } else {
                        pieces.append((item.pointee.offset, slice(item.pointee.offset, item.pointee.length)))
                    }
                }
                node = current.pointee.next
            }
            let text = hasEllipsis
                ? pieces.sorted { $0.offset < $1.offset }.map(\.text).joined()
                : slice(line.pointee.start_index, line.pointee.length)
            result.append(PangoLine(
                text: text,
                logicalRect: CGRect(x: points(logical.x), y: points(logical.y),
                                    width: points(logical.width), height: points(logical.height)),
                baseline: baseline))
        } while pango_layout_iter_next_line(iterator) != 0
        return result
    }

    /// The characters shown with no glyph (Pango's hex box: no font in the list in effect, nor any
    /// bundled fallback, has one), each once, in the order they first appear in the layout's lines.
    /// A box from Pango carries its character (`PANGO_GET_UNKNOWN_GLYPH`); a glyph 0 (`.notdef`)
    /// from a font is mapped to its character through the run's log clusters.
    var charactersWithoutGlyph: [Unicode.Scalar] {
        guard let textPointer = pango_layout_get_text(layout) else { return [] }
        let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(textPointer).assumingMemoryBound(to: UInt8.self),
                                        count: Int(strlen(textPointer)))
        var found: [Unicode.Scalar] = []
        var seen = Set<Unicode.Scalar>()
        forEachRun { run in
            guard let item = run.pointee.item, let glyphs = run.pointee.glyphs,
                  item.pointee.analysis.flags & UInt8(PANGO_ANALYSIS_FLAG_IS_ELLIPSIS) == 0 else { return }
            for index in 0..<Int(glyphs.pointee.num_glyphs) {
                let glyph = glyphs.pointee.glyphs[index].glyph
                guard glyph == 0 || (glyph & unknownGlyphFlag != 0) else { continue }
                let scalar = glyph & unknownGlyphFlag != 0 && glyph != invalidInputGlyph
                    ? Unicode.Scalar(glyph & ~unknownGlyphFlag)
                    : Self.scalar(in: bytes, at: Int(item.pointee.offset) + Int(glyphs.pointee.log_clusters[index]))
                if let scalar, seen.insert(scalar).inserted { found.append(scalar) }
            }
        }
        return found
    }

    /// Calls `body` with each run of glyphs of the layout, line by line, in visual order.
    private func forEachRun(_ body: (UnsafeMutablePointer<PangoGlyphItem>) -> Void) {
        var lineNode = pango_layout_get_lines_readonly(layout)
        while let lineEntry = lineNode {
            defer { lineNode = lineEntry.pointee.next }
            guard let line = lineEntry.pointee.data?.assumingMemoryBound(to: PangoLayoutLine.self) else { continue }
            var runNode = line.pointee.runs
            while let runEntry = runNode {
                defer { runNode = runEntry.pointee.next }
                if let run = runEntry.pointee.data?.assumingMemoryBound(to: PangoGlyphItem.self) { body(run) }
            }
        }
    }

    /// Every glyph id of the layout's runs in visual order, line by line, with the family of the
    /// font that drew it (Pango's box for a missing glyph has `PANGO_GLYPH_UNKNOWN_FLAG` set).
    var glyphs: [(id: UInt32, family: String)] {
        var result: [(id: UInt32, family: String)] = []
        forEachRun { run in
            guard let item = run.pointee.item, let glyphs = run.pointee.glyphs else { return }
            var family = ""
            if let font = item.pointee.analysis.font {
                let description = pango_font_describe(font)
                if let name = pango_font_description_get_family(description) { family = String(cString: name) }
                pango_font_description_free(description)
            }
            for index in 0..<Int(glyphs.pointee.num_glyphs) {
                result.append((glyphs.pointee.glyphs[index].glyph, family))
            }
        }
        return result
    }

    /// Every glyph of the layout's runs in visual order, line by line, with the name of the font
    /// file that drew it and its advance in Pango units: what two font lists must agree on to
    /// draw the same.
    var glyphsWithFiles: [(id: UInt32, file: String, advance: Int32)] {
        var result: [(id: UInt32, file: String, advance: Int32)] = []
        forEachRun { run in
            guard let item = run.pointee.item, let glyphs = run.pointee.glyphs else { return }
            var file = ""
            if let font = item.pointee.analysis.font,
               let pattern = pango_fc_font_get_pattern(UnsafeMutableRawPointer(font).assumingMemoryBound(to: PangoFcFont.self)) {
                var path: UnsafeMutablePointer<FcChar8>?
                if FcPatternGetString(pattern, FC_FILE, 0, &path) == FcResultMatch, let path {
                    file = URL(fileURLWithPath: String(cString: UnsafeRawPointer(path).assumingMemoryBound(to: CChar.self)))
                        .lastPathComponent
                }
            }
            for index in 0..<Int(glyphs.pointee.num_glyphs) {
                let glyph = glyphs.pointee.glyphs[index]
                result.append((glyph.glyph, file, glyph.geometry.width))
            }
        }
        return result
    }

    private static func scalar(in bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Unicode.Scalar? {
        guard offset >= 0, offset < bytes.count else { return nil }
        let end = min(bytes.count, offset + 4)
        return String(decoding: bytes[offset..<end], as: UTF8.self).unicodeScalars.first
    }

    /// Where each visible inline icon sits (index into the icon list, logical rect in layout
    /// coordinates): as wide as its shape, from the ascent line to the descent line.
    var iconPlacements: [(index: Int, rect: CGRect)] {
        var placements: [(index: Int, rect: CGRect)] = []
        guard let iterator = pango_layout_get_iter(layout) else { return [] }
        defer { pango_layout_iter_free(iterator) }
        repeat {
            guard let run = pango_layout_iter_get_run_readonly(iterator), let item = run.pointee.item,
                  item.pointee.analysis.flags & UInt8(PANGO_ANALYSIS_FLAG_IS_ELLIPSIS) == 0 else { continue }
            var node = item.pointee.analysis.extra_attrs
            while let current = node {
                if let attribute = current.pointee.data?.assumingMemoryBound(to: PangoAttribute.self),
                   attribute.pointee.klass?.pointee.type == PANGO_ATTR_SHAPE {
                    let shape = UnsafeMutableRawPointer(attribute).assumingMemoryBound(to: PangoAttrShape.self)
                    let index = Int(bitPattern: shape.pointee.data) - 1
                    var logical = PangoRectangle()
                    pango_layout_iter_get_run_extents(iterator, nil, &logical)
                    let baseline = points(pango_layout_iter_get_baseline(iterator))
                    let top = baseline + points(shape.pointee.logical_rect.y)
                    placements.append((index, CGRect(x: points(logical.x), y: top, width: points(logical.width),
                                                     height: points(shape.pointee.logical_rect.height))))
                    break
                }
                node = current.pointee.next
            }
        } while pango_layout_iter_next_run(iterator) != 0
        return placements
    }

    /// Draws the layout with its top-left corner at `origin` on `cairo` (a `cairo_t`) in the
    /// context's current source colour; `drawIcon` is called for each inline icon with its index
    /// and rectangle in the cairo context's user space. The first error it throws is rethrown.
    func draw(on cairo: OpaquePointer, at origin: CGPoint, drawIcon: (Int, CGRect) throws -> Void) throws {
        try withoutActuallyEscaping(drawIcon) { drawIcon in
            let drawing = IconDrawing(drawIcon)
            let userData = Unmanaged.passRetained(drawing)
            pango_cairo_context_set_shape_renderer(context, renderIcon, userData.toOpaque(), nil)
            ColourGlyphRuns(layout: layout, origin: origin).draw(on: cairo) {
                cairo_move_to(cairo, Double(origin.x), Double(origin.y))
                pango_cairo_show_layout(cairo, layout)
            }
            pango_cairo_context_set_shape_renderer(context, nil, nil, nil)
            userData.release()
            if let error = drawing.error { throw error }
        }
    }
}

extension PangoTextLayout {
    /// Strokes the outlines of the layout's glyphs, its top-left corner at `origin`, on `cairo`
    /// with the context's current source, line width and join. Inline icons and colour (emoji)
    /// glyphs get no outline: Cairo would trace a bitmap glyph pixel by pixel.
    func strokeGlyphOutlines(on cairo: OpaquePointer, at origin: CGPoint) {
        ColourGlyphRuns(layout: layout, origin: origin).withColourGlyphsHidden {
            cairo_new_path(cairo)
            cairo_move_to(cairo, Double(origin.x), Double(origin.y))
            pango_cairo_layout_path(cairo, layout)
            cairo_stroke(cairo)
        }
    }
}

private final class IconDrawing {
    let draw: (Int, CGRect) throws -> Void
    var error: (any Error)?
    init(_ draw: @escaping (Int, CGRect) throws -> Void) { self.draw = draw }
}

/// Pango's Cairo renderer calls this for every shape attribute, with the current point at the
/// shape's left end on the baseline.
private let renderIcon: PangoCairoShapeRendererFunc = { cairo, attribute, doPath, userData in
    guard doPath == 0, let cairo, let attribute, let userData else { return }
    let drawing = Unmanaged<IconDrawing>.fromOpaque(userData).takeUnretainedValue()
    guard drawing.error == nil else { return }
    var x = 0.0, y = 0.0
    cairo_get_current_point(cairo, &x, &y)
    let logical = attribute.pointee.logical_rect
    let rect = CGRect(x: x + Double(points(logical.x)), y: y + Double(points(logical.y)),
                      width: points(logical.width), height: points(logical.height))
    do {
        try drawing.draw(Int(bitPattern: attribute.pointee.data) - 1, rect)
    } catch {
        drawing.error = error
    }
}
