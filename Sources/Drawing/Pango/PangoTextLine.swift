internal import CCairo
internal import CPango
import BundledFonts
import Foundation
import Geometry
import Synchronization

private let pangoScale = CGFloat(PANGO_SCALE)

private func points(_ units: Int32) -> CGFloat { CGFloat(units) / pangoScale }

/// The face a `Font` names, as Pango finds it: the font list (the bundled fonts plus
/// `extraFiles`) and a size-less Pango font description of one file's family, weight, style and
/// stretch. Characters that face lacks come from the rest of the list, per character.
struct PangoFace: Sendable, Hashable {
    var extraFiles: [String]
    var description: String
    /// The bundled file's name when the face is one of the bundled fonts.
    var bundledFile: String?

    private static let byPath = Mutex<[String: PangoFace]>([:])

    /// The face of the font file at `path`, read by FontConfig; a file that is not bundled joins
    /// the font list. Looked up once per path.
    static func ofFile(atPath path: String) throws(DrawingError) -> PangoFace {
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        if let face = byPath.withLock({ $0[absolute] }) { return face }
        let bundledFile = try bundledName(of: absolute)
        let extraFiles = bundledFile == nil ? try FontLibrary(addingFontFilesAt: [absolute]).fontFiles : []
        let fonts = try FontConfigFonts.fonts(FontConfigFonts.Key(extraFiles: extraFiles, withFallback: false,
                                                                  onlyBundledFile: bundledFile))
        guard let description = fonts.descriptionOfFile(absolute) else {
            throw .font("\(path) is not a font file FontConfig can read")
        }
        let face = PangoFace(extraFiles: extraFiles, description: description, bundledFile: bundledFile)
        byPath.withLock { $0[absolute] = face }
        return face
    }

    /// The bundled name of the standardized path `absolute` (of an existing file), if it is one
    /// of the bundled fonts: a bundled name in the bundle's folder, compared without asking the
    /// file system about each bundled file.
    private static func bundledName(of absolute: String) throws(DrawingError) -> String? {
        let folder: String
        do {
            folder = try BundledFonts.bundle().bundleURL.standardizedFileURL.path
        } catch {
            throw .fontMissing(error.description)
        }
        return BundledFonts.fileNames.first { folder + "/" + $0 == absolute }
    }
}

extension FontConfigFonts {
    /// A Pango font description (family, weight, style, stretch; no size) of the first face in
    /// the file at `path`, as FontConfig scanned it, or nil if no font comes from that file.
    func descriptionOfFile(_ path: String) -> String? {
        for pattern in fontPatterns {
            var file: UnsafeMutablePointer<FcChar8>?
            guard FcPatternGetString(pattern, FC_FILE, 0, &file) == FcResultMatch, let file else { continue }
            let filePath = String(cString: UnsafeRawPointer(file).assumingMemoryBound(to: CChar.self))
            guard URL(fileURLWithPath: filePath).standardizedFileURL.path == path else { continue }
            guard let description = pango_fc_font_description_from_pattern(pattern, 0) else { return nil }
            defer { pango_font_description_free(description) }
            guard let text = pango_font_description_to_string(description) else { return nil }
            defer { g_free(text) }
            return String(cString: text)
        }
        return nil
    }
}

/// One line of plain text in one face and size, shaped by Pango (kerning, ligatures, fallback
/// per character): its measures in points and a way to draw it.
final class PangoTextLine {
    private let layout: OpaquePointer
    /// The advance of the whole line.
    let width: CGFloat
    /// The ink rectangle relative to the baseline's left end (y grows downwards, so the top of
    /// capitals is negative).
    let inkBounds: CGRect
    /// The line box above and below the baseline: the largest ascent and descent of its fonts.
    let ascent: CGFloat
    let descent: CGFloat

    fileprivate init(layout: OpaquePointer) {
        self.layout = layout
        var ink = PangoRectangle(), logical = PangoRectangle()
        if let line = pango_layout_get_line_readonly(layout, 0) {
            pango_layout_line_get_extents(line, &ink, &logical)
        }
        width = points(logical.width)
        ascent = -points(logical.y)
        descent = points(logical.y + logical.height)
        inkBounds = CGRect(x: points(ink.x), y: points(ink.y), width: points(ink.width), height: points(ink.height))
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(layout)) }

    /// Draws the line on `cairo` (a `cairo_t`) in its current source colour with the baseline's
    /// left end at `point`. The path being built is kept, as Core Graphics keeps it when it draws text.
    func draw(on cairo: OpaquePointer, baselineAt point: CGPoint) {
        guard let line = pango_layout_get_line_readonly(layout, 0) else { return }
        let pending = cairo_has_current_point(cairo) != 0 ? cairo_copy_path(cairo) : nil
        cairo_new_path(cairo)
        ColourGlyphRuns(firstLineOf: layout, baselineAt: point).draw(on: cairo) {
            cairo_move_to(cairo, Double(point.x), Double(point.y))
            pango_cairo_show_layout_line(cairo, line)
        }
        cairo_new_path(cairo)
        if let pending {
            cairo_append_path(cairo, pending)
            cairo_path_destroy(pending)
        }
    }
}

/// The lines and metrics one thread has laid out, for one font list: a Pango context on the
/// thread's font map (see `PangoFontMap`) with the same fixed settings as `PangoTextLayout`
/// (72 dpi, no hinting, unrounded positions, English), so a line measures the same on every
/// thread and at every output scale. Corner indices and labels repeat from card to card, so
/// lines are kept (a bounded number) rather than shaped again. Caches are kept for the process,
/// keyed by thread id like the font maps, and only their own thread uses them.
final class PangoLineCache: @unchecked Sendable {
    /// A face at a size, as a dictionary key (see `FontConfigFonts.Key.id`): the size's bits,
    /// then Pango's description of the face.
    private struct FaceSize {
        var description: String
        var size: CGFloat
        var id: String { String(Double(size).bitPattern, radix: 16) + " " + description }
    }

    /// Lines kept per thread before the cache starts again: labels on cards are few, and a
    /// few thousand layouts are a few megabytes.
    private static let lineLimit = 4096

    private static let caches = Mutex<[String: PangoLineCache]>([:])

    private let context: OpaquePointer
    private var descriptions: [String: OpaquePointer] = [:]
    /// Lines by face, size and text (`FaceSize.id`, a NUL, the text).
    private var lines: [String: PangoTextLine] = [:]

    private init(fontMap: PangoFontMap) throws(DrawingError) {
        guard let context = pango_font_map_create_context(fontMap.raw) else {
            throw .outOfMemory("creating a text layout context")
        }
        self.context = context
        pango_cairo_context_set_resolution(context, 72)
        pango_cairo_context_set_font_options(context, FontOptions.shared.raw)
        pango_context_set_round_glyph_positions(context, 0)
        pango_context_set_language(context, pango_language_from_string("en"))
    }

    /// The calling thread's cache for the bundled fonts plus `extraFiles`, with the bundled
    /// fallback fonts when `withFallback` (scanned only once some text needs them).
    static func forCurrentThread(extraFiles: [String], withFallback: Bool = false) throws(DrawingError) -> PangoLineCache {
        try forCurrentThread(FontConfigFonts.Key(extraFiles: extraFiles, withFallback: withFallback))
    }

    /// The calling thread's cache for the configuration `fontsKey` names.
    static func forCurrentThread(_ fontsKey: FontConfigFonts.Key) throws(DrawingError) -> PangoLineCache {
        let fontMap = try PangoFontMap.forCurrentThread(fontsKey)
        let key = fontsKey.id(onThread: pthread_self())
        if let cache = caches.withLock({ $0[key] }) { return cache }
        let cache = try PangoLineCache(fontMap: fontMap)
        caches.withLock { $0[key] = cache }
        return cache
    }

    /// `text` on one line (line breaks included, as glyphs) in `face` at `size` points.
    func line(_ text: String, face: PangoFace, size: CGFloat) -> PangoTextLine? {
        let faceSize = FaceSize(description: face.description, size: size)
        let key = faceSize.id + "\u{0}" + text
        if let line = lines[key] { return line }
        guard let description = description(faceSize), let layout = pango_layout_new(context) else { return nil }
        pango_layout_set_single_paragraph_mode(layout, 1)
        pango_layout_set_font_description(layout, description)
        pango_layout_set_text(layout, text, -1)
        let line = PangoTextLine(layout: layout)
        if lines.count >= Self.lineLimit { lines.removeAll(keepingCapacity: true) }
        lines[key] = line
        return line
    }

    /// The ascent and descent of `face` itself at `size` points: those of a line holding only a
    /// space, which every font has, so no fallback font takes part.
    func metrics(face: PangoFace, size: CGFloat) -> (ascent: CGFloat, descent: CGFloat) {
        guard let line = line(" ", face: face, size: size) else { return (0, 0) }
        return (line.ascent, line.descent)
    }

    private func description(_ key: FaceSize) -> OpaquePointer? {
        if let description = descriptions[key.id] { return description }
        guard let description = pango_font_description_from_string(key.description) else { return nil }
        // Pango keeps sizes as integers of 1/1024 pt; larger sizes would overflow them.
        pango_font_description_set_absolute_size(description, Double(min(key.size, 1_000_000) * pangoScale))
        // Sizes come from layouts, so there are few; the bound only guards against misuse.
        if descriptions.count >= Self.lineLimit {
            descriptions.values.forEach { pango_font_description_free($0) }
            descriptions.removeAll()
        }
        descriptions[key.id] = description
        return description
    }
}
