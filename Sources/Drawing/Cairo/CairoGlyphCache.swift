internal import CCairo
import Foundation

/// Keeps Cairo's process-wide glyph cache from ever evicting, which is what deadlocks Cairo 1.16
/// when threads draw text at once.
///
/// Cairo keeps every scaled font's glyphs in pages, and all pages in one cache of 256. A thread
/// that adds a page to the full cache evicts another font's page while holding the cache's lock,
/// and waits for that font's own lock. Cairo 1.16 checks that the font is not in use before it
/// waits, but without taking its lock (later versions only try the lock), so a thread that has
/// just started using that font holds its lock and then waits for the cache's lock: both wait
/// forever. The backtraces of a hang show it: one thread in `cairo_show_glyphs` or
/// `cairo_scaled_font_glyph_extents` waiting on a font's lock, the others waiting on the cache's.
///
/// Cairo does not evict while the cache is frozen, and a font freezes it while it adds glyphs,
/// until it is done. So one glyph of a private user font is measured on a thread of its own
/// whose drawing callback never returns: the cache stays frozen for the life of the process and
/// no thread ever evicts. Glyphs then stay cached as long as their fonts live: Pango keeps the
/// fonts of recent font descriptions per font map, and `PangoLineCache` those of its lines.
enum CairoGlyphCache {
    /// Freezes the cache, once per process; returns when it is frozen.
    static func freezeForProcess() { _ = frozen }

    private static let frozen: Void = {
        let started = DispatchSemaphore(value: 0)
        let holder = Thread {
            holdFrozen(signalling: started)
        }
        holder.name = "cardrender glyph cache"
        holder.stackSize = 256 * 1024
        holder.start()
        started.wait()
    }()

    /// Measures a glyph of a user font whose drawing callback signals `started` and then sleeps
    /// forever, inside Cairo, with the glyph cache frozen.
    private static func holdFrozen(signalling started: DispatchSemaphore) {
        let face = cairo_user_font_face_create()
        let signal = Unmanaged.passRetained(started)
        let key = UnsafeMutablePointer<cairo_user_data_key_t>.allocate(capacity: 1)
        cairo_font_face_set_user_data(face, key, signal.toOpaque(), nil)
        cairo_user_font_face_set_render_glyph_func(face) { scaledFont, _, _, _ in
            if let face = cairo_scaled_font_get_font_face(scaledFont),
               let pointer = cairo_font_face_get_user_data(face, CairoGlyphCache.userDataKey) {
                Unmanaged<DispatchSemaphore>.fromOpaque(pointer).takeUnretainedValue().signal()
            }
            while true { sleep(3600) }
        }
        userDataKey = key
        var fontMatrix = cairo_matrix_t(), identity = cairo_matrix_t()
        cairo_matrix_init_scale(&fontMatrix, 1, 1)
        cairo_matrix_init_identity(&identity)
        let scaledFont = cairo_scaled_font_create(face, &fontMatrix, &identity, FontOptions.shared.raw)
        var glyph = cairo_glyph_t(index: 0, x: 0, y: 0)
        var extents = cairo_text_extents_t()
        cairo_scaled_font_glyph_extents(scaledFont, &glyph, 1, &extents)
    }

    /// Set before the callback can run, read only by it.
    nonisolated(unsafe) private static var userDataKey: UnsafeMutablePointer<cairo_user_data_key_t>?
}
