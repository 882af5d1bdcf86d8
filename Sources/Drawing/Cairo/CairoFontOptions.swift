internal import CCairo

/// Font options fixed for reproducible output: greyscale antialiasing, no hinting, unhinted
/// metrics, so glyph positions do not depend on the pixel scale or the machine's settings.
/// Every Pango context that lays text out uses them.
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
