internal import CCairo
import Foundation
import Synchronization

/// A font file loaded through FreeType and wrapped as a Cairo font face. Faces live for the whole
/// process (cached by path and thread slot). Cairo serialises drawing with one face, which is safe
/// but slow, so rendering threads use their own copies (`FontLoader.threadFace`).
final class LoadedFontFace: @unchecked Sendable {
    let path: String
    let cairoFace: OpaquePointer
    private let ftFace: FT_Face

    fileprivate init(path: String, ftFace: FT_Face) throws(DrawingError) {
        self.path = path
        self.ftFace = ftFace
        cairoFace = cairo_ft_font_face_create_for_ft_face(ftFace, 0)
        try CairoContext.check(cairo_font_face_status(cairoFace), while: "loading font \(path)")
    }

    /// Scaled fonts by size, created once: creating one takes Cairo's global font-map lock, which
    /// serialised text measuring across rendering threads. Cairo locks each scaled font itself.
    private let scaledFonts = Mutex<[CGFloat: ScaledFont]>([:])

    private final class ScaledFont: @unchecked Sendable {
        let raw: OpaquePointer
        let ascent: CGFloat, descent: CGFloat
        init(raw: OpaquePointer) {
            self.raw = raw
            var extents = cairo_font_extents_t()
            cairo_scaled_font_extents(raw, &extents)
            ascent = CGFloat(extents.ascent)
            descent = CGFloat(extents.descent)
        }
        deinit { cairo_scaled_font_destroy(raw) }
    }

    private func scaledFont(size: CGFloat) -> ScaledFont {
        scaledFonts.withLock { cache in
            if let font = cache[size] { return font }
            var fontMatrix = cairo_matrix_t()
            cairo_matrix_init_scale(&fontMatrix, Double(size), Double(size))
            var identity = cairo_matrix_t()
            cairo_matrix_init_identity(&identity)
            let font = ScaledFont(raw: cairo_scaled_font_create(cairoFace, &fontMatrix, &identity, FontOptions.shared.raw))
            // Sizes come from layouts, so there are few; the bound only guards against misuse.
            if cache.count >= 512 { cache.removeAll() }
            cache[size] = font
            return font
        }
    }

    /// Advance width of `text` and the line metrics, in points, at `size`.
    func measure(_ text: String, size: CGFloat) -> (width: CGFloat, ascent: CGFloat, descent: CGFloat) {
        let font = scaledFont(size: size)
        var textExtents = cairo_text_extents_t()
        if !text.isEmpty { cairo_scaled_font_text_extents(font.raw, text, &textExtents) }
        return (CGFloat(textExtents.x_advance), font.ascent, font.descent)
    }

    /// Ink bounds of `text` relative to its baseline origin, in points at `size`.
    func inkBounds(_ text: String, size: CGFloat) -> CGRect {
        var e = cairo_text_extents_t()
        cairo_scaled_font_text_extents(scaledFont(size: size).raw, text, &e)
        return CGRect(x: e.x_bearing, y: e.y_bearing, width: e.width, height: e.height)
    }
}

/// Font options fixed for reproducible output: greyscale antialiasing, no hinting, unhinted
/// metrics, so glyph positions do not depend on the pixel scale or the machine's settings.
final class FontOptions: @unchecked Sendable {
    static let shared = FontOptions()
    let raw: OpaquePointer

    private init() {
        raw = cairo_font_options_create()
        cairo_font_options_set_antialias(raw, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(raw, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(raw, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_subpixel_order(raw, CAIRO_SUBPIXEL_ORDER_DEFAULT)
    }
}

/// Loads font files by path with FreeType. FreeType's library object is not thread-safe for
/// opening faces, so loading is serialised. Each file is loaded once for `face(atPath:)` and once
/// per thread slot for `threadFace(atPath:)`: a fixed number of copies, so rendering threads
/// rarely share one (Cairo locks a face's glyph cache while it draws) and memory stays bounded.
enum FontLoader {
    static let threadSlots = 16

    private struct State: @unchecked Sendable {
        var library: FT_Library?
        var faces: [String: LoadedFontFace] = [:]
        var slotFaces: [String: [LoadedFontFace?]] = [:]
        var nextSlot = 0
    }

    private static let state = Mutex(State())

    static func face(atPath path: String) throws(DrawingError) -> LoadedFontFace {
        let result: Result<LoadedFontFace, DrawingError> = state.withLock { state in
            if let face = state.faces[path] { return .success(face) }
            let loaded = load(path, into: &state)
            if case let .success(face) = loaded { state.faces[path] = face }
            return loaded
        }
        return try result.get()
    }

    /// The calling thread's copy of an already loaded file, or nil if it cannot be loaded.
    static func threadFace(atPath path: String) -> LoadedFontFace? {
        let slotKey = "cardrender.font-slot"
        let dictionary = Thread.current.threadDictionary
        let assigned = dictionary[slotKey] as? Int
        return state.withLock { state in
            let slot: Int
            if let assigned {
                slot = assigned
            } else {
                slot = state.nextSlot % threadSlots
                state.nextSlot += 1
                dictionary[slotKey] = slot
            }
            var copies = state.slotFaces[path] ?? Array(repeating: nil, count: threadSlots)
            if let face = copies[slot] { return face }
            guard case let .success(face) = load(path, into: &state) else { return nil }
            copies[slot] = face
            state.slotFaces[path] = copies
            return face
        }
    }

    private static func load(_ path: String, into state: inout State) -> Result<LoadedFontFace, DrawingError> {
        if state.library == nil {
            var library: FT_Library?
            guard FT_Init_FreeType(&library) == 0, let library else {
                return .failure(.font("FreeType could not start"))
            }
            state.library = library
        }
        var ftFace: FT_Face?
        let error = FT_New_Face(state.library, path, 0, &ftFace)
        guard error == 0, let ftFace else {
            return .failure(.font("cannot load font file \(path) (FreeType error \(error))"))
        }
        do throws(DrawingError) {
            return .success(try LoadedFontFace(path: path, ftFace: ftFace))
        } catch {
            FT_Done_Face(ftFace)
            return .failure(error)
        }
    }
}
