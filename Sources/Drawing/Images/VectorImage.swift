import Foundation
import Geometry
import Images

/// An SVG document drawn as vectors through librsvg: in PNG output it is rasterised at the
/// output's resolution, in SVG and PDF output it stays paths.
///
/// The value holds the document's bytes, parsed once when it is made (to check it and to
/// measure it) and again for each drawing, so that one image can be drawn from several threads
/// at once: librsvg's handles must not be shared between threads.
public struct VectorImage: Sendable, Hashable {
    /// How the image is named in errors: the file's path, or the name it was made with.
    public let name: String
    /// The intrinsic size in points: the root `svg` element's `width` and `height` when both are
    /// absolute lengths (SVG pixels count as points; `in`, `mm`, … are converted at 72 per inch),
    /// else the size of its `viewBox`.
    public let size: CGSize
    let data: Data

    /// Reads and parses an SVG file.
    public init(contentsOf url: URL) throws(DrawingError) {
        try self.init(data: ImageFile.read(url), name: url.path)
    }

    /// Parses SVG bytes; `name` is used in error messages. Images embedded as `data:` URLs may
    /// have at most `maxPixels` (read from their headers), and filters are bounded
    /// (`feTurbulence` octaves, `feConvolveMatrix` order), before librsvg sees the document.
    public init(data: Data, name: String, maxPixels: Int = RenderLimits.defaultMaxPixels) throws(DrawingError) {
        try SVGWorkCheck.check(data, name: name, maxPixels: maxPixels)
        let handle = try RSVGHandle(parsing: data, name: name)
        guard let size = handle.intrinsicSize else {
            throw .image("\(name): the SVG has no size; give its svg element a width and height or a viewBox")
        }
        self.name = name
        self.size = size
        self.data = data
    }

    /// Checks the images the document embeds against `maxPixels` (from their headers) and its
    /// filters against their bounds, as making it did: for a document made before the budget was known.
    public func check(maxPixels: Int) throws(DrawingError) {
        try SVGWorkCheck.check(data, name: name, maxPixels: maxPixels)
    }

    /// Draws the document stretched to fill `rect`: its intrinsic size maps onto `rect`, so a
    /// `rect` of another aspect ratio distorts it (`Canvas.draw(_:in:fit:clippedTo:)` fits it first).
    public func draw(in rect: CGRect, on canvas: Canvas) throws(DrawingError) {
        let rect = rect.standardized
        guard rect.minX.isFinite, rect.minY.isFinite, rect.width.isFinite, rect.height.isFinite,
              rect.width > 0, rect.height > 0 else { return }
        // librsvg lays out SVG <text> with the thread's default Pango font map: make it the one
        // that sees only the bundled fonts, so an icon's text never comes from the machine's fonts.
        try PangoFonts.prepareThread()
        let handle = try RSVGHandle(parsing: data, name: name)
        let context = canvas.context
        context.save()
        defer { context.restore() }
        context.translate(rect.minX, rect.minY)
        context.scale(rect.width / size.width, rect.height / size.height)
        try handle.render(on: context, viewport: CGRect(origin: .zero, size: size))
    }
}

/// Reading image files with errors that name the file.
enum ImageFile {
    static func read(_ url: URL) throws(DrawingError) -> Data {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw .image("image \(url.path) not found")
        }
        guard !isDirectory.boolValue else { throw .image("image \(url.path) is a folder, not a file") }
        do {
            return try Data(contentsOf: url)
        } catch {
            throw .image("cannot read image \(url.path): \(error.localizedDescription)")
        }
    }
}
