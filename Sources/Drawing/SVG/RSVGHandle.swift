internal import CRSVG
import Foundation
import Geometry

/// The thin layer over librsvg's `RsvgHandle`: every `rsvg_*` and `g_*` call lives here.
///
/// A handle is not safe to share between threads, so one is parsed for each use and freed
/// afterwards; `VectorImage` keeps only the document's bytes.
final class RSVGHandle {
    private let raw: UnsafeMutablePointer<RsvgHandle>
    /// How the document is named in errors: its path, or the name it was given.
    let name: String

    /// Parses `data` (`rsvg_handle_new_from_data`). Units such as `in` and `mm` are resolved at
    /// 72 dpi, so one SVG pixel is one point.
    init(parsing data: Data, name: String) throws(DrawingError) {
        // librsvg warns through GLib: kept, never printed (see LibraryLog).
        LibraryLog.install()
        var error: UnsafeMutablePointer<GError>?
        let handle = data.withUnsafeBytes { bytes in
            rsvg_handle_new_from_data(bytes.bindMemory(to: guint8.self).baseAddress, gsize(bytes.count), &error)
        }
        guard let handle else {
            throw .image(RSVGHandle.parseError(RSVGHandle.message(consuming: error), name: name))
        }
        if let error { g_error_free(error) }
        raw = handle
        self.name = name
        rsvg_handle_set_dpi(raw, 72)
    }

    deinit { g_object_unref(raw) }

    /// The document's size in points: its `width` and `height` when both are absolute lengths
    /// (`rsvg_handle_get_intrinsic_size_in_pixels`), else its `viewBox` size
    /// (`rsvg_handle_get_intrinsic_dimensions`); nil when it has neither.
    var intrinsicSize: CGSize? {
        var width = 0.0, height = 0.0
        if rsvg_handle_get_intrinsic_size_in_pixels(raw, &width, &height) != 0,
           width.isFinite, height.isFinite, width > 0, height > 0 {
            return CGSize(width: width, height: height)
        }
        var hasViewBox: gboolean = 0
        var viewBox = RsvgRectangle()
        rsvg_handle_get_intrinsic_dimensions(raw, nil, nil, nil, nil, &hasViewBox, &viewBox)
        guard hasViewBox != 0, viewBox.width.isFinite, viewBox.height.isFinite,
              viewBox.width > 0, viewBox.height > 0 else { return nil }
        return CGSize(width: viewBox.width, height: viewBox.height)
    }

    /// Draws the whole document into `viewport` (user space of `context`) with
    /// `rsvg_handle_render_document`, which draws through Cairo: vector output stays vector.
    func render(on context: CairoContext, viewport: CGRect) throws(DrawingError) {
        var rectangle = RsvgRectangle(x: Double(viewport.minX), y: Double(viewport.minY),
                                      width: Double(viewport.width), height: Double(viewport.height))
        var error: UnsafeMutablePointer<GError>?
        guard rsvg_handle_render_document(raw, context.raw, &rectangle, &error) != 0 else {
            throw .image("\(name): cannot draw SVG: \(RSVGHandle.message(consuming: error))")
        }
        if let error { g_error_free(error) }
    }

    /// `path:line:column: invalid SVG: reason` when libxml2 gave a position ("XML parse error:
    /// Error domain 1 code 77 on line 4 column 1 of data: reason"), else `path: invalid SVG: message`.
    static func parseError(_ message: String, name: String) -> String {
        if let match = message.firstMatch(of: /on line (\d+) column (\d+) of data: (.+)$/) {
            return "\(name):\(match.1):\(match.2): invalid SVG: \(match.3)"
        }
        return "\(name): invalid SVG: \(message)"
    }

    /// The error's message on one line, and frees the error.
    private static func message(consuming error: UnsafeMutablePointer<GError>?) -> String {
        guard let error else { return "unknown error" }
        defer { g_error_free(error) }
        guard let cString = error.pointee.message else { return "unknown error" }
        let words = String(cString: cString).split(whereSeparator: \.isWhitespace)
        return words.isEmpty ? "unknown error" : words.joined(separator: " ")
    }
}
