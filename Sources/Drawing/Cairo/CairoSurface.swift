internal import CCairo
import Foundation
import Images

/// Collects the bytes Cairo streams out of a vector surface.
final class ByteSink {
    var data = Data()
}

private let appendToSink: cairo_write_func_t = { closure, bytes, length in
    guard let closure, let bytes else { return CAIRO_STATUS_WRITE_ERROR }
    let sink = Unmanaged<ByteSink>.fromOpaque(closure).takeUnretainedValue()
    sink.data.append(bytes, count: Int(length))
    return CAIRO_STATUS_SUCCESS
}

/// The thin layer over `cairo_surface_t`: a raster (ARGB32) surface or a vector (SVG/PDF)
/// surface streaming into memory.
final class CairoSurface {
    let raw: OpaquePointer
    /// Keeps the sink alive while Cairo may still write into it.
    private let sink: ByteSink?

    private init(raw: OpaquePointer, sink: ByteSink?, action: String) throws(DrawingError) {
        self.raw = raw
        self.sink = sink
        try CairoContext.check(cairo_surface_status(raw), while: action)
    }

    deinit { cairo_surface_destroy(raw) }

    /// `cairo_image_surface_create(CAIRO_FORMAT_ARGB32, …)`: premultiplied, native-endian 32-bit pixels.
    static func image(pixelWidth: Int, pixelHeight: Int) throws(DrawingError) -> CairoSurface {
        guard pixelWidth > 0, pixelHeight > 0, pixelWidth <= RenderLimits.maxPixelsPerSide,
              pixelHeight <= RenderLimits.maxPixelsPerSide else {
            throw .invalidSize("\(pixelWidth)×\(pixelHeight) px is outside 1...\(RenderLimits.maxPixelsPerSide) px a side")
        }
        let raw = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(pixelWidth), Int32(pixelHeight))!
        return try CairoSurface(raw: raw, sink: nil, action: "creating a \(pixelWidth)×\(pixelHeight) image")
    }

    /// An ARGB32 surface holding a copy of `image` (straight RGBA converted to premultiplied).
    static func image(from image: RGBAImage) throws(DrawingError) -> CairoSurface {
        let surface = try CairoSurface.image(pixelWidth: image.width, pixelHeight: image.height)
        cairo_surface_flush(surface.raw)
        let stride = Int(cairo_image_surface_get_stride(surface.raw))
        guard let base = cairo_image_surface_get_data(surface.raw) else {
            throw .cairo(action: "reading image pixels", message: "no pixel data")
        }
        image.pixels.withUnsafeBufferPointer { source in
            for y in 0..<image.height {
                let row = UnsafeMutableRawPointer(base + y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<image.width {
                    let i = (y * image.width + x) * 4
                    let a = UInt32(source[i + 3])
                    let r = (UInt32(source[i]) * a + 127) / 255
                    let g = (UInt32(source[i + 1]) * a + 127) / 255
                    let b = (UInt32(source[i + 2]) * a + 127) / 255
                    row[x] = (a << 24) | (r << 16) | (g << 8) | b
                }
            }
        }
        cairo_surface_mark_dirty(surface.raw)
        return surface
    }

    /// `cairo_svg_surface_create_for_stream`, sized in points, with `pt` as the document unit
    /// so the file prints at its physical size.
    static func svg(width: Double, height: Double) throws(DrawingError) -> CairoSurface {
        let sink = ByteSink()
        let raw = cairo_svg_surface_create_for_stream(appendToSink, Unmanaged.passUnretained(sink).toOpaque(),
                                                      width, height)!
        let surface = try CairoSurface(raw: raw, sink: sink, action: "creating an SVG document")
        cairo_svg_surface_restrict_to_version(raw, CAIRO_SVG_VERSION_1_1)
        cairo_svg_surface_set_document_unit(raw, CAIRO_SVG_UNIT_PT)
        return surface
    }

    /// `cairo_pdf_surface_create_for_stream`, sized in points, with fixed metadata so the bytes
    /// do not depend on the clock.
    static func pdf(width: Double, height: Double, title: String?) throws(DrawingError) -> CairoSurface {
        let sink = ByteSink()
        let raw = cairo_pdf_surface_create_for_stream(appendToSink, Unmanaged.passUnretained(sink).toOpaque(),
                                                      width, height)!
        let surface = try CairoSurface(raw: raw, sink: sink, action: "creating a PDF document")
        cairo_pdf_surface_set_metadata(raw, CAIRO_PDF_METADATA_CREATE_DATE, "2000-01-01T00:00:00Z")
        cairo_pdf_surface_set_metadata(raw, CAIRO_PDF_METADATA_CREATOR, "cardrender")
        if let title { cairo_pdf_surface_set_metadata(raw, CAIRO_PDF_METADATA_TITLE, title) }
        return surface
    }

    /// `cairo_pdf_surface_set_size`: the size of the page drawn next, in points. Cairo wants it
    /// before anything is drawn on that page.
    func setPDFPageSize(width: Double, height: Double) {
        cairo_pdf_surface_set_size(raw, width, height)
    }

    /// `cairo_recording_surface_create`, bounded to `width`×`height` points: drawing recorded once
    /// and replayed wherever the surface is painted. A PDF keeps it once, as a form XObject that
    /// each placement refers to.
    static func recording(width: Double, height: Double) throws(DrawingError) -> CairoSurface {
        var extents = cairo_rectangle_t(x: 0, y: 0, width: width, height: height)
        let raw = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, &extents)!
        return try CairoSurface(raw: raw, sink: nil, action: "recording a picture")
    }

    var pixelWidth: Int { Int(cairo_image_surface_get_width(raw)) }
    var pixelHeight: Int { Int(cairo_image_surface_get_height(raw)) }

    /// Finishes a vector surface and returns everything it streamed.
    func finishDocument(action: String) throws(DrawingError) -> Data {
        cairo_surface_finish(raw)
        try CairoContext.check(cairo_surface_status(raw), while: action)
        return sink?.data ?? Data()
    }

    /// Gives the premultiplied ARGB32 pixels (native-endian `0xAARRGGBB` words) to `body`,
    /// after flushing pending drawing.
    func withARGB32Pixels<R>(_ body: (_ base: UnsafePointer<UInt8>, _ width: Int, _ height: Int, _ stride: Int) throws -> R) throws -> R {
        cairo_surface_flush(raw)
        try CairoContext.check(cairo_surface_status(raw), while: "finishing the image")
        guard let base = cairo_image_surface_get_data(raw) else {
            throw DrawingError.cairo(action: "reading image pixels", message: "no pixel data")
        }
        return try body(UnsafePointer(base), pixelWidth, pixelHeight, Int(cairo_image_surface_get_stride(raw)))
    }

    /// Straight-alpha RGBA copy of the pixels (un-premultiplied, rounding to nearest).
    func rgbaImage() throws -> RGBAImage {
        try withARGB32Pixels { base, width, height, stride in
            var pixels = [UInt8](repeating: 0, count: width * height * 4)
            pixels.withUnsafeMutableBufferPointer { out in
                for y in 0..<height {
                    let row = UnsafeRawPointer(base + y * stride).assumingMemoryBound(to: UInt32.self)
                    for x in 0..<width {
                        let p = row[x]
                        let a = p >> 24
                        let i = (y * width + x) * 4
                        out[i + 3] = UInt8(a)
                        guard a > 0 else { continue }
                        out[i] = UInt8(min(255, (((p >> 16) & 0xFF) * 255 + a / 2) / a))
                        out[i + 1] = UInt8(min(255, (((p >> 8) & 0xFF) * 255 + a / 2) / a))
                        out[i + 2] = UInt8(min(255, ((p & 0xFF) * 255 + a / 2) / a))
                    }
                }
            }
            return RGBAImage(width: width, height: height, pixels: pixels)
        }
    }

    /// Cairo's own PNG writer (`cairo_surface_write_to_png_stream`), the path pycairo and most
    /// scripts take; kept so the benchmark can compare against it.
    func cairoPNGData() throws(DrawingError) -> Data {
        let sink = ByteSink()
        let status = cairo_surface_write_to_png_stream(raw, appendToSink, Unmanaged.passUnretained(sink).toOpaque())
        try CairoContext.check(status, while: "writing PNG with Cairo")
        return sink.data
    }
}
