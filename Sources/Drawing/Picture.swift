import CardRenderSupport
import Foundation
import Geometry
import Images

/// How points become pixels in raster output.
public enum Resolution: Sendable, Hashable {
    /// Pixels per point (1x, 2x, 3x like a Retina screen).
    case scale(Double)
    /// Pixels per inch (a point is 1/72 in).
    case dpi(Double)

    /// How many pixels a point becomes.
    public var pixelsPerPoint: Double {
        switch self {
        case .scale(let s): return s
        case .dpi(let d): return d / 72
        }
    }

    /// The same as pixels per inch (a point is 1/72 in).
    public var pixelsPerInch: Double { pixelsPerPoint * 72 }

    /// The pixel size of a picture of `size` points: rounded up so nothing is cut.
    /// Sides beyond a billion pixels (or not numbers) come back as a billion, so the callers'
    /// limit checks refuse them instead of the conversion trapping.
    public func pixelSize(for size: CGSize) -> (width: Int, height: Int) {
        let s = pixelsPerPoint
        func pixels(_ points: CGFloat) -> Int {
            // A small epsilon keeps 250 pt × 2 at 500 px rather than 501 from rounding noise.
            let value = (Double(points) * s - 1e-9).rounded(.up)
            return value.isFinite && abs(value) < 1e9 ? Int(value) : 1_000_000_000
        }
        return (pixels(size.width), pixels(size.height))
    }
}

/// A drawing with a size in points: a closure that draws on a `Canvas`, rendered to PNG, SVG,
/// PDF or raw pixels. The closure runs once per rendering, with `Canvas.current` set.
///
/// Copies of a picture are the same artwork: a `Document` that places one many times stores
/// its drawing once.
public struct Picture: Sendable {
    /// The drawing's size in points.
    public let size: CGSize
    /// The title written into SVG and PDF metadata.
    public let title: String?
    private let drawing: @Sendable (Canvas) throws -> Void
    /// Shared by copies, told apart from other pictures: what a document records once.
    let artwork = Artwork()

    final class Artwork: Sendable {}

    /// A picture of `size` points drawn by `draw`, which runs at each rendering.
    public init(size: CGSize, title: String? = nil, draw: @escaping @Sendable (Canvas) throws -> Void) {
        self.size = size
        self.title = title
        self.drawing = draw
    }

    /// A picture `width` by `height` points.
    public init(width: CGFloat, height: CGFloat, title: String? = nil,
                draw: @escaping @Sendable (Canvas) throws -> Void) {
        self.init(size: CGSize(width: width, height: height), title: title, draw: draw)
    }

    func validateSize() throws(DrawingError) {
        guard size.width.isFinite, size.height.isFinite, size.width > 0, size.height > 0 else {
            throw .invalidSize("\(size.width)×\(size.height) pt; both sides must be positive numbers")
        }
    }

    func run(on surface: CairoSurface, pixelsPerPoint: Double) throws {
        let context = try CairoContext(surface: surface)
        if pixelsPerPoint != 1 { context.scale(pixelsPerPoint, pixelsPerPoint) }
        try draw(with: context)
        try context.checkStatus(while: "drawing")
    }

    /// Draws the picture on `canvas` with its top-left corner at the canvas's origin, clipped to
    /// its bounds; the canvas's state is restored afterwards.
    public func draw(on canvas: Canvas) throws {
        try canvas.withSavedState {
            canvas.clip(to: BezierPath(rect: CGRect(origin: .zero, size: size)))
            try draw(with: canvas.context)
        }
    }

    /// Runs the drawing on `context` in its current state, with `Canvas.current` set.
    func draw(with context: CairoContext) throws {
        let canvas = Canvas(context: context, size: size)
        try Canvas.$current.withValue(canvas) { try drawing(canvas) }
    }

    func rasterSurface(_ resolution: Resolution) throws -> CairoSurface {
        try validateSize()
        let s = resolution.pixelsPerPoint
        guard s.isFinite, s > 0 else { throw DrawingError.invalidSize("pixel scale must be positive, got \(s)") }
        let pixels = resolution.pixelSize(for: size)
        guard pixels.width <= RenderLimits.maxPixelsPerSide, pixels.height <= RenderLimits.maxPixelsPerSide else {
            throw DrawingError.invalidSize(
                "\(pixels.width)×\(pixels.height) px is over the limit of \(RenderLimits.maxPixelsPerSide) px a side")
        }
        let surface = try CairoSurface.image(pixelWidth: max(1, pixels.width), pixelHeight: max(1, pixels.height))
        try run(on: surface, pixelsPerPoint: s)
        return surface
    }

    /// Rasterises once; the result can then be encoded in several ways (see `Bitmap`).
    public func bitmap(resolution: Resolution = .scale(1)) throws -> Bitmap {
        Bitmap(surface: try rasterSurface(resolution), resolution: resolution)
    }

    /// The pixels, straight alpha, at `scale` pixels per point.
    public func rasterize(scale: Double = 1) throws -> RGBAImage {
        try rasterSurface(.scale(scale)).rgbaImage()
    }

    /// The pixels, straight alpha, at `resolution`.
    public func rasterize(resolution: Resolution) throws -> RGBAImage {
        try rasterSurface(resolution).rgbaImage()
    }

    /// PNG bytes through the project's libpng writer, with the pixel density in pHYs.
    public func pngData(resolution: Resolution = .scale(1), options: PNG.WriteOptions = Bitmap.pngOptions) throws -> Data {
        try bitmap(resolution: resolution).pngData(options: options)
    }

    /// PNG bytes through Cairo's own writer (`cairo_surface_write_to_png`), for comparison.
    public func pngDataUsingCairoWriter(resolution: Resolution = .scale(1)) throws -> Data {
        try bitmap(resolution: resolution).pngDataUsingCairoWriter()
    }

    /// SVG 1.1 sized in points, with deterministic element ids.
    public func svgData() throws -> Data {
        try validateSize()
        let surface = try CairoSurface.svg(width: Double(size.width), height: Double(size.height))
        try run(on: surface, pixelsPerPoint: 1)
        let data = try surface.finishDocument(action: "writing SVG")
        let text = String(decoding: data, as: UTF8.self)
        return Data(SVGNormalizer.normalize(text).utf8)
    }

    /// A one-page PDF sized in points, with fixed metadata.
    public func pdfData() throws -> Data {
        try validateSize()
        let surface = try CairoSurface.pdf(width: Double(size.width), height: Double(size.height), title: title)
        try run(on: surface, pixelsPerPoint: 1)
        return try surface.finishDocument(action: "writing PDF")
    }

    /// The picture in `format` (see `OutputFormat` for each format's encoder); `resolution`
    /// applies to raster formats only, `quality` to formats with a lossy mode (nil: lossless).
    public func data(format: OutputFormat, resolution: Resolution = .scale(1), quality: Int? = nil) throws -> Data {
        try format.encode(self, resolution: resolution, quality: quality)
    }

    /// WebP bytes, lossless unless `compression` says otherwise.
    public func webpData(resolution: Resolution = .scale(1), compression: WebP.Compression = .lossless) throws -> Data {
        try WebP.encode(try bitmap(resolution: resolution).rgbaImage(), compression: compression)
    }

    /// Renders and writes atomically; the format comes from the file extension unless given.
    public func write(to url: URL, format: OutputFormat? = nil, resolution: Resolution = .scale(1)) throws {
        guard let format = format ?? OutputFormat(fileExtension: url.pathExtension) else {
            throw DrawingError.write(path: url.path, reason: "unknown file extension; use \(OutputFormat.extensionList())")
        }
        try AtomicFile.write(try data(format: format, resolution: resolution), to: url)
    }
}

/// A rasterised picture: Cairo's premultiplied ARGB32 pixels, ready to be encoded.
public final class Bitmap {
    let surface: CairoSurface
    /// The resolution the picture was rasterised at.
    public let resolution: Resolution

    init(surface: CairoSurface, resolution: Resolution) {
        self.surface = surface
        self.resolution = resolution
    }

    /// The width in pixels.
    public var pixelWidth: Int { surface.pixelWidth }
    /// The height in pixels.
    public var pixelHeight: Int { surface.pixelHeight }

    /// The writer settings used unless told otherwise, chosen by `make bench`.
    public static let pngOptions = PNG.WriteOptions.default

    /// PNG through the project's libpng writer, with the pixel density in pHYs.
    public func pngData(options: PNG.WriteOptions = Bitmap.pngOptions) throws -> Data {
        var options = options
        options.pixelsPerInch = resolution.pixelsPerInch
        return try surface.withARGB32Pixels { base, width, height, stride in
            try encodePNG(argb32Premultiplied: base, width: width, height: height, stride: stride, options: options)
        }
    }

    /// PNG through Cairo's own writer (`cairo_surface_write_to_png_stream`): the path pycairo
    /// and most scripts take. Kept for comparison in benchmarks.
    public func pngDataUsingCairoWriter() throws -> Data { try surface.cairoPNGData() }

    /// Straight-alpha RGBA pixels.
    public func rgbaImage() throws -> RGBAImage { try surface.rgbaImage() }
}

extension OutputFormat {
    /// `picture` encoded in this format; `resolution` applies to raster formats only, `quality`
    /// (within `lossyQualities`) to lossy ones; nil is lossless.
    func encode(_ picture: Picture, resolution: Resolution, quality: Int? = nil) throws -> Data {
        switch self {
        case .png: try picture.bitmap(resolution: resolution).pngData()
        case .webp: try picture.webpData(resolution: resolution, compression: quality.map { .lossy(quality: $0) } ?? .lossless)
        case .jpeg: try JPEG.encode(try picture.bitmap(resolution: resolution).rgbaImage(), quality: quality ?? JPEG.defaultQuality)
        case .svg: try picture.svgData()
        case .pdf: try picture.pdfData()
        }
    }
}
