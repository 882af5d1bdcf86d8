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
        let holder = Thread { holdFrozen() }
        holder.name = "cardrender glyph cache"
        holder.stackSize = 256 * 1024
        holder.start()
        started.wait()
    }()

    /// Signalled from inside Cairo once the cache is frozen.
    private static let started = DispatchSemaphore(value: 0)

    /// Measures a glyph of a user font whose drawing callback signals `started` and then sleeps
    /// forever, inside Cairo, with the glyph cache frozen. The objects are never released.
    private static func holdFrozen() {
        let face = cairo_user_font_face_create()
        cairo_user_font_face_set_render_glyph_func(face) { _, _, _, _ in
            CairoGlyphCache.started.signal()
            while true { sleep(3600) }
        }
        var fontMatrix = cairo_matrix_t(), identity = cairo_matrix_t()
        cairo_matrix_init_identity(&fontMatrix)
        cairo_matrix_init_identity(&identity)
        let scaledFont = cairo_scaled_font_create(face, &fontMatrix, &identity, FontOptions.shared.raw)
        var glyph = cairo_glyph_t(index: 0, x: 0, y: 0)
        var extents = cairo_text_extents_t()
        cairo_scaled_font_glyph_extents(scaledFont, &glyph, 1, &extents)
    }
}
