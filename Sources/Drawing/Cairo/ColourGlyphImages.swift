internal import CCairo
import Foundation
import Images
import Synchronization

/// A colour bitmap glyph (an emoji of Noto Color Emoji) as an image at its font's own bitmap
/// size, and where it sits relative to the glyph's origin on the baseline, in that image's pixels.
final class ColourGlyphImage {
    /// An ARGB32 image surface (premultiplied), never changed once made.
    let surface: OpaquePointer
    /// Pixels per em of the bitmap strike it was drawn from.
    let pixelsPerEm: Double
    /// The image's top-left corner from the glyph's origin, in pixels (y down).
    let bearingX: Double
    let bearingY: Double

    init(surface: OpaquePointer, pixelsPerEm: Double, bearingX: Double, bearingY: Double) {
        self.surface = surface
        self.pixelsPerEm = pixelsPerEm
        self.bearingX = bearingX
        self.bearingY = bearingY
    }

    deinit { cairo_surface_destroy(surface) }

    /// Paints the image on `cairo` (a `cairo_t`) for a glyph whose origin is at `(x, y)` in user
    /// space and whose font is `em` units tall, with the alpha of the current source colour.
    /// Scaling a whole bitmap keeps it sharp in SVG and PDF, where Cairo would embed the glyph
    /// at one pixel per point, and in PNG at any scale.
    func paint(on cairo: OpaquePointer, x: Double, y: Double, em: Double) {
        var red = 0.0, green = 0.0, blue = 0.0, alpha = 1.0
        if cairo_pattern_get_rgba(cairo_get_source(cairo), &red, &green, &blue, &alpha) != CAIRO_STATUS_SUCCESS {
            alpha = 1
        }
        let scale = em / pixelsPerEm
        cairo_save(cairo)
        cairo_translate(cairo, x, y)
        cairo_scale(cairo, scale, scale)
        cairo_set_source_surface(cairo, surface, bearingX, bearingY)
        cairo_pattern_set_filter(cairo_get_source(cairo), CAIRO_FILTER_GOOD)
        cairo_paint_with_alpha(cairo, alpha)
        cairo_restore(cairo)
    }
}

/// The colour glyph images one thread has drawn, for the process, keyed by thread id like the
/// Pango font maps: a surface is only ever used as a source on the thread that made it, and
/// reusing one lets SVG and PDF embed each emoji once per document.
final class ColourGlyphImages: @unchecked Sendable {
    private struct Key: Hashable {
        var face: UInt
        var glyph: UInt32
    }

    /// Images kept per thread before the cache starts again: an emoji image is about 70 kB.
    private static let limit = 256
    /// `FT_FACE_FLAG_FIXED_SIZES` and `FT_FACE_FLAG_COLOR` (C macros with casts, not imported).
    private static let fixedSizesFlag = 1 << 1
    private static let colorFlag = 1 << 14

    private static let caches = Mutex<[UInt: ColourGlyphImages]>([:])

    private var images: [Key: ColourGlyphImage?] = [:]
    /// The font faces of the keys, referenced so an address is not reused while it is a key.
    private var faces: [UInt: OpaquePointer] = [:]

    private init() {}

    static func forCurrentThread() -> ColourGlyphImages {
        let thread = UInt(bitPattern: Int(bitPattern: UInt(pthread_self())))
        return caches.withLock { caches in
            if let cache = caches[thread] { return cache }
            let cache = ColourGlyphImages()
            caches[thread] = cache
            return cache
        }
    }

    /// The pixels per em of the largest bitmap strike of `scaledFont`'s face (a `cairo_scaled_font_t`
    /// of the FreeType backend) if the face has colour bitmaps, else nil.
    static func colourStrike(of scaledFont: OpaquePointer) -> Double? {
        guard cairo_scaled_font_get_type(scaledFont) == CAIRO_FONT_TYPE_FT,
              let face = cairo_ft_scaled_font_lock_face(scaledFont) else { return nil }
        defer { cairo_ft_scaled_font_unlock_face(scaledFont) }
        let flags = Int(face.pointee.face_flags)
        guard flags & colorFlag != 0, flags & fixedSizesFlag != 0, let sizes = face.pointee.available_sizes else { return nil }
        let largest = (0..<Int(face.pointee.num_fixed_sizes)).map { Double(sizes[$0].y_ppem) / 64 }.max() ?? 0
        return largest > 0 ? largest : nil
    }

    /// The image of `glyph` in `scaledFont`, drawn once at `pixelsPerEm` (its strike's size) by
    /// Cairo; nil for a blank glyph.
    func image(of glyph: UInt32, in scaledFont: OpaquePointer, pixelsPerEm: Double) -> ColourGlyphImage? {
        guard let face = cairo_scaled_font_get_font_face(scaledFont) else { return nil }
        let key = Key(face: UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(face))), glyph: glyph)
        if let image = images[key] { return image }
        if images.count >= Self.limit {
            images.removeAll()
            faces.values.forEach { cairo_font_face_destroy($0) }
            faces.removeAll()
        }
        let image = Self.draw(glyph, face: face, pixelsPerEm: pixelsPerEm)
        if faces[key.face] == nil { faces[key.face] = cairo_font_face_reference(face) }
        images[key] = image
        return image
    }

    private static func draw(_ glyph: UInt32, face: OpaquePointer, pixelsPerEm: Double) -> ColourGlyphImage? {
        var fontMatrix = cairo_matrix_t(), identity = cairo_matrix_t()
        cairo_matrix_init_scale(&fontMatrix, pixelsPerEm, pixelsPerEm)
        cairo_matrix_init_identity(&identity)
        guard let font = cairo_scaled_font_create(face, &fontMatrix, &identity, FontOptions.shared.raw) else { return nil }
        defer { cairo_scaled_font_destroy(font) }
        var cairoGlyph = cairo_glyph_t(index: UInt(glyph), x: 0, y: 0)
        var extents = cairo_text_extents_t()
        cairo_scaled_font_glyph_extents(font, &cairoGlyph, 1, &extents)
        // A strike's bitmap is at most a few ems across; anything else is not drawn as an image.
        let width = Int(extents.width.rounded(.up)), height = Int(extents.height.rounded(.up))
        guard cairo_scaled_font_status(font) == CAIRO_STATUS_SUCCESS, width > 0, height > 0,
              Double(max(width, height)) <= 4 * pixelsPerEm,
              let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)) else { return nil }
        let cairo = cairo_create(surface)
        cairo_set_scaled_font(cairo, font)
        cairoGlyph.x = -extents.x_bearing
        cairoGlyph.y = -extents.y_bearing
        cairo_show_glyphs(cairo, &cairoGlyph, 1)
        cairo_destroy(cairo)
        cairo_surface_flush(surface)
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            return nil
        }
        return ColourGlyphImage(surface: surface, pixelsPerEm: pixelsPerEm,
                                bearingX: extents.x_bearing, bearingY: extents.y_bearing)
    }
}
