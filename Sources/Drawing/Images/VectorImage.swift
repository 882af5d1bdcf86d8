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
    /// The size in points of what is drawn: the document's intrinsic size (the root `svg`
    /// element's `width` and `height` when both are absolute lengths, SVG pixels counting as
    /// points and `in`, `mm`, … converted at 72 per inch, else the size of its `viewBox`), or
    /// of the part ``cropped(to:)`` keeps, turned by ``turnedClockwise(quarterTurns:)``.
    public let size: CGSize
    let data: Data
    /// The document's intrinsic size.
    let documentSize: CGSize
    /// The part of the document drawn, in document points (all of it unless cropped).
    let view: CGRect
    /// Clockwise quarter turns applied after the crop, 0...3.
    let quarterTurns: Int

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
        documentSize = size
        view = CGRect(origin: .zero, size: size)
        quarterTurns = 0
    }

    private init(_ base: VectorImage, view: CGRect, quarterTurns: Int) {
        name = base.name
        data = base.data
        documentSize = base.documentSize
        self.view = view
        self.quarterTurns = quarterTurns
        size = quarterTurns % 2 == 0 ? view.size : CGSize(width: view.height, height: view.width)
    }

    /// The part `rect` of what is drawn now (in points of ``size``), nil unless `rect` lies
    /// inside it with a positive width and height. The document stays vectors; the rest is clipped.
    public func cropped(to rect: CGRect) -> VectorImage? {
        let tolerance: CGFloat = 1e-6
        guard rect.minX >= -tolerance, rect.minY >= -tolerance, rect.width > 0, rect.height > 0,
              rect.maxX <= size.width + tolerance, rect.maxY <= size.height + tolerance else { return nil }
        // The rectangle in the document's own points: undo the turn already applied.
        let unturned = rect.applying(turn.inverted())
        return VectorImage(self, view: unturned.offsetBy(dx: view.minX, dy: view.minY), quarterTurns: quarterTurns)
    }

    /// The image turned clockwise by `quarterTurns` quarter turns (after any earlier turn).
    public func turnedClockwise(quarterTurns turns: Int) -> VectorImage {
        VectorImage(self, view: view, quarterTurns: (((quarterTurns + turns) % 4) + 4) % 4)
    }

    /// Maps the cropped, unturned view (origin at its top-left) onto the turned one of ``size``.
    var turn: CGAffineTransform {
        let width = view.width, height = view.height
        switch quarterTurns {
        case 1: return CGAffineTransform(a: 0, b: 1, c: -1, d: 0, tx: height, ty: 0)
        case 2: return CGAffineTransform(a: -1, b: 0, c: 0, d: -1, tx: width, ty: height)
        case 3: return CGAffineTransform(a: 0, b: -1, c: 1, d: 0, tx: 0, ty: width)
        default: return .identity
        }
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
        if view != CGRect(origin: .zero, size: documentSize) || quarterTurns != 0 {
            context.newPath()
            context.rectangle(CGRect(origin: .zero, size: size))
            context.clip(preserve: false)
            context.concatenate(turn)
            context.translate(-view.minX, -view.minY)
        }
        try handle.render(on: context, viewport: CGRect(origin: .zero, size: documentSize))
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
