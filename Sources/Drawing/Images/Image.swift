import Foundation
import Geometry
import Images

/// An image a card can show: decoded pixels (from a PNG, JPEG or WebP file), or an SVG document
/// drawn as vectors.
public enum Image: Sendable, Hashable {
    /// Decoded pixels, scaled when drawn.
    case raster(RGBAImage)
    /// An SVG document, drawn as vectors at any size.
    case vector(VectorImage)

    /// Reads a PNG, JPEG, WebP or SVG file, telling them apart by their first bytes (not by the
    /// file's extension): a raster format's signature, or an XML declaration, comment, doctype
    /// or `<svg` tag.
    public static func load(contentsOf url: URL, limits: PNG.Limits = .default) throws(DrawingError) -> Image {
        try Image(data: ImageFile.read(url), name: url.path, limits: limits)
    }

    /// Reads a PNG, JPEG, WebP or SVG file whose pixels (a raster's, or those of the images an
    /// SVG embeds) are at most `maxPixels`, checked from their headers before anything is decoded.
    public static func load(contentsOf url: URL, maxPixels: Int) throws(DrawingError) -> Image {
        try Image(data: ImageFile.read(url), name: url.path, maxPixels: maxPixels)
    }

    /// Decodes PNG, JPEG, WebP or SVG bytes whose pixels are at most `maxPixels`, from their headers.
    public init(data: Data, name: String, maxPixels: Int) throws(DrawingError) {
        if let (width, height) = ImageFormat(sniffing: data)?.pixelSize(of: data) {
            do {
                try RenderLimits.checkBudget(width: width, height: height, maxPixels: maxPixels, what: name)
            } catch {
                throw .pixels(error)
            }
        }
        var limits = PNG.Limits.default
        limits.maxPixels = min(limits.maxPixels, maxPixels)
        try self.init(data: data, name: name, limits: limits, maxPixels: maxPixels)
    }

    /// Decodes PNG, JPEG, WebP or SVG bytes; `name` is used in error messages.
    public init(data: Data, name: String, limits: PNG.Limits = .default) throws(DrawingError) {
        try self.init(data: data, name: name, limits: limits, maxPixels: limits.maxPixels)
    }

    private init(data: Data, name: String, limits: PNG.Limits, maxPixels: Int) throws(DrawingError) {
        switch ImageFormat(sniffing: data) {
        case .png:
            do {
                self = .raster(try PNG.decode(data, limits: limits))
            } catch {
                throw .image("\(name): \(error.description)")
            }
        case .jpeg:
            do {
                self = .raster(try JPEG.decode(data, limits: limits))
            } catch {
                throw .image("\(name): \(error.description)")
            }
        case .webp:
            do {
                self = .raster(try WebP.decode(data, limits: limits))
            } catch {
                throw .image("\(name): \(error.description)")
            }
        case .svg:
            self = .vector(try VectorImage(data: data, name: name, maxPixels: maxPixels))
        case nil:
            throw .image("\(name) is not a PNG, JPEG, WebP or SVG image")
        }
    }

    /// The size in points: a raster image's pixels count as points; a vector image's intrinsic size.
    public var size: CGSize {
        switch self {
        case .raster(let image): CGSize(width: image.width, height: image.height)
        case .vector(let image): image.size
        }
    }
}

/// How an image fills the rectangle it is drawn into: the one fit type of the project (templates
/// write these names as an image layer's `fit`).
public enum ImageFit: String, Sendable, Hashable, CaseIterable {
    /// Whole image inside the rectangle, aspect ratio kept, centred.
    case contain
    /// Rectangle covered, aspect ratio kept, centred; the overflow is clipped.
    case cover
    /// Stretched to the rectangle.
    case stretch
}

enum ImageFormat {
    case png, jpeg, webp, svg

    init?(sniffing data: Data) {
        let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        if data.starts(with: pngSignature) { self = .png; return }
        if data.starts(with: [0xFF, 0xD8, 0xFF]) { self = .jpeg; return }
        if data.count >= 12, data.starts(with: Array("RIFF".utf8)),
           data.dropFirst(8).prefix(4).elementsEqual("WEBP".utf8) { self = .webp; return }
        // An SVG may start with a byte-order mark and white space before its first tag.
        var start = data.startIndex
        if data.starts(with: [0xEF, 0xBB, 0xBF]) { start += 3 }
        while start < data.endIndex, [0x20, 0x09, 0x0A, 0x0D].contains(data[start]) { start += 1 }
        let head = String(decoding: data[start..<min(data.endIndex, start + 16)], as: UTF8.self).lowercased()
        guard ["<svg", "<?xml", "<!--", "<!doctype svg"].contains(where: head.hasPrefix) else { return nil }
        self = .svg
    }

    /// A raster file's width and height from its header, before anything is decoded.
    func pixelSize(of data: Data) -> (width: Int, height: Int)? {
        switch self {
        case .png: (try? PNG.header(of: data)).map { ($0.width, $0.height) }
        case .jpeg: JPEG.pixelSize(of: data)
        case .webp: WebP.pixelSize(of: data)
        case .svg: nil
        }
    }
}

extension Canvas {
    /// Draws `image` fitted into `rect` by `fit`, centred. A `cover` image is clipped to `rect`;
    /// when `clip` is given the image is also clipped to it (a rounded rectangle, an ellipse, …).
    /// SVG images stay vectors in SVG and PDF output.
    public func draw(_ image: Image, in rect: CGRect, fit: ImageFit, clippedTo clip: BezierPath? = nil) throws(DrawingError) {
        let rect = rect.standardized
        guard rect.minX.isFinite, rect.minY.isFinite, rect.width.isFinite, rect.height.isFinite,
              rect.width > 0, rect.height > 0 else { return }
        let target = Canvas.rect(for: image.size, in: rect, fit: fit)
        context.save()
        defer { context.restore() }
        if let clip { self.clip(to: clip) }
        if fit == .cover {
            context.newPath()
            context.rectangle(rect)
            context.clip(preserve: false)
        }
        switch image {
        case .raster(let pixels):
            guard pixels.width > 0, pixels.height > 0 else { return }
            let surface = try CairoSurface.image(from: pixels)
            context.paintImage(surface, pixelWidth: pixels.width, pixelHeight: pixels.height, in: target)
        case .vector(let vector):
            try vector.draw(in: target, on: self)
        }
    }
}

extension RGBAImage: Hashable {
    public func hash(into hasher: inout Hasher) {
        hasher.combine(width)
        hasher.combine(height)
        hasher.combine(pixels)
    }
}
