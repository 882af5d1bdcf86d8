import Foundation
import Geometry
import Images

/// How an image goes on past the edges it was drawn to, as print-and-play art drawn to the
/// trim needs in a print's bleed (templates write these names as an image layer's `bleed`).
public enum EdgeExtension: String, Sendable, Hashable, CaseIterable {
    /// The image reflected in its edge: the first pixel outside is the edge pixel, the next the
    /// one inside it, and so on (Cairo's `CAIRO_EXTEND_REFLECT`).
    case mirror
    /// The outermost row or column repeated outward, a corner pixel filling its corner (Cairo's
    /// `CAIRO_EXTEND_PAD`).
    case stretch
}

extension Image {
    /// The part `rect` of the image, in points of ``size`` (a raster's pixels), nil unless it
    /// lies inside the image. A raster is cut at whole pixels (`rect` rounded to the nearest);
    /// an SVG stays vectors, clipped to `rect`.
    public func cropped(to rect: CGRect) -> Image? {
        switch self {
        case .raster(let pixels):
            guard let cut = Self.wholePixels(of: rect) else { return nil }
            return pixels.cropped(x: cut.x, y: cut.y, width: cut.width, height: cut.height).map(Image.raster)
        case .vector(let vector):
            return vector.cropped(to: rect).map(Image.vector)
        }
    }

    /// Whether ``cropped(to:)`` keeps a part of the image, found without copying anything.
    public func canBeCropped(to rect: CGRect) -> Bool {
        switch self {
        case .raster(let pixels):
            guard let cut = Self.wholePixels(of: rect) else { return false }
            return cut.x >= 0 && cut.y >= 0 && cut.width > 0 && cut.height > 0
                && cut.x <= pixels.width - cut.width && cut.y <= pixels.height - cut.height
        case .vector(let vector):
            return vector.cropped(to: rect) != nil
        }
    }

    /// `rect`'s edges rounded to the nearest whole pixels; nil when they are not finite or too large.
    private static func wholePixels(of rect: CGRect) -> (x: Int, y: Int, width: Int, height: Int)? {
        let limit = CGFloat(Int32.max)
        guard [rect.minX, rect.minY, rect.maxX, rect.maxY].allSatisfy({ $0.isFinite && abs($0) < limit }) else { return nil }
        let x = Int(rect.minX.rounded()), y = Int(rect.minY.rounded())
        return (x, y, Int(rect.maxX.rounded()) - x, Int(rect.maxY.rounded()) - y)
    }

    /// The image turned clockwise by `quarterTurns` quarter turns: a raster's pixels reordered,
    /// an SVG drawn turned.
    public func turnedClockwise(quarterTurns: Int) -> Image {
        switch self {
        case .raster(let pixels): .raster(pixels.turnedClockwise(quarterTurns: quarterTurns))
        case .vector(let vector): .vector(vector.turnedClockwise(quarterTurns: quarterTurns))
        }
    }
}

extension Canvas {
    /// The most pixels of the copy of an SVG that fills the parts of `outsets` around it: 16
    /// million (64 MB), whatever the output's resolution; a larger output gets a coarser copy,
    /// which only the bleed shows.
    public static let maximumExtensionPixels = 16_000_000

    /// Draws `image` fitted into `rect` as ``draw(_:in:fit:clippedTo:)`` does, and goes on past
    /// each side of `rect` by `outsets` (a positive distance per side) as `edges` says, where
    /// the fitted image reaches that side: a `contain` image leaves the sides it does not reach
    /// as they are. A `cover` image shows what it holds past `rect` first, then is extended from
    /// its own edge. An SVG stays vectors inside its fitted rectangle; around it the extension
    /// is painted from a copy rasterised at the output's resolution.
    public func draw(_ image: Image, in rect: CGRect, fit: ImageFit, extending edges: EdgeExtension,
                     by outsets: EdgeInsets) throws(DrawingError) {
        let rect = rect.standardized
        guard rect.minX.isFinite, rect.minY.isFinite, rect.width.isFinite, rect.height.isFinite,
              rect.width > 0, rect.height > 0, image.size.width > 0, image.size.height > 0 else { return }
        let target = Canvas.rect(for: image.size, in: rect, fit: fit)
        let tolerance: CGFloat = 0.01
        let reached = EdgeInsets(top: target.minY <= rect.minY + tolerance ? max(outsets.top, 0) : 0,
                                 left: target.minX <= rect.minX + tolerance ? max(outsets.left, 0) : 0,
                                 bottom: target.maxY >= rect.maxY - tolerance ? max(outsets.bottom, 0) : 0,
                                 right: target.maxX >= rect.maxX - tolerance ? max(outsets.right, 0) : 0)
        // What the fitted image shows (a `contain` image's letterbox stays empty), grown past the sides it reaches.
        let shown = target.intersection(rect)
        let area = shown.inset(by: EdgeInsets(top: -reached.top, left: -reached.left, bottom: -reached.bottom, right: -reached.right))
        context.save()
        defer { context.restore() }
        switch image {
        case .raster(let pixels):
            try paint(pixels, at: target, extending: edges, over: area)
        case .vector(let vector):
            // The vectors stop one output pixel inside the fitted image's edge, and the copy
            // reaches two pixels in, so every pixel along the seam is covered by the copy and
            // then by the vectors. The vectors are flattened in a group before that clip, so
            // their shapes are not each blended at its edge (a navy shape under a red one would
            // show through at the seam).
            let transform = context.currentTransform
            let pixel = 1 / max(hypot(transform.a, transform.b), hypot(transform.c, transform.d), 1e-6)
            func inset(_ pixels: CGFloat) -> CGRect {
                target.insetBy(dx: min(pixels * pixel, target.width / 2), dy: min(pixels * pixel, target.height / 2))
            }
            try drawExtension(of: vector, at: target, outside: inset(2), extending: edges, over: area)
            context.newPath()
            context.rectangle(area)
            context.clip(preserve: false)
            context.pushGroup()
            do {
                try vector.draw(in: target, on: self)
            } catch {
                context.popGroupToSource()
                throw error
            }
            context.popGroupToSource()
            context.newPath()
            context.rectangle(inset(1))
            context.clip(preserve: false)
            context.paint()
        }
    }

    /// Paints `area` outside `inner` from a raster copy of `vector` as large as `target` is on
    /// the output (at most ``maximumExtensionPixels``), extended past its edges.
    private func drawExtension(of vector: VectorImage, at target: CGRect, outside inner: CGRect, extending edges: EdgeExtension,
                               over area: CGRect) throws(DrawingError) {
        let transform = context.currentTransform
        let scale = max(hypot(transform.a, transform.b), hypot(transform.c, transform.d), 1e-6)
        let fullPixels = Double(target.width * scale) * Double(target.height * scale)
        let shrink = fullPixels > Double(Self.maximumExtensionPixels) ? (Double(Self.maximumExtensionPixels) / fullPixels).squareRoot() : 1
        let pixelWidth = max(1, Int((Double(target.width * scale) * shrink).rounded(.up)))
        let pixelHeight = max(1, Int((Double(target.height * scale) * shrink).rounded(.up)))
        let surface = try vector.rasterized(pixelWidth: pixelWidth, pixelHeight: pixelHeight)
        let copy: RGBAImage
        do { copy = try surface.rgbaImage() } catch {
            throw error as? DrawingError ?? .image("\(vector.name): cannot read the copy drawn for the bleed: \(error)")
        }
        context.save()
        defer { context.restore() }
        // Everything in `area` but `inner`, most of which the vectors cover.
        context.newPath()
        context.rectangle(area)
        context.rectangle(inner)
        context.setFillRule(.evenOdd)
        context.clip(preserve: false)
        try paint(copy, at: target, extending: edges, over: area)
    }

    /// Paints `pixels` scaled onto `target` and extended past it over `area`. The new pixels
    /// are made as one larger image, reaching one pixel past what the clip lets show, so PDF
    /// and SVG hold one picture: Cairo writes an extended pattern there as tiles, whose edges
    /// (one on the trim) a viewer may draw as hairlines. When that image would hold more than
    /// ``maximumExtensionPixels`` or twice the image's pixels, Cairo's extended pattern is used.
    private func paint(_ pixels: RGBAImage, at target: CGRect, extending edges: EdgeExtension,
                       over area: CGRect) throws(DrawingError) {
        guard pixels.width > 0, pixels.height > 0 else { return }
        let visible = context.clipExtents.intersection(area)
        guard !visible.isNull, !visible.isEmpty else { return }
        let unitX = target.width / CGFloat(pixels.width), unitY = target.height / CGFloat(pixels.height)
        func margin(_ distance: CGFloat, _ unit: CGFloat) -> Int? {
            guard distance > 0 else { return 0 }
            let count = (distance / unit).rounded(.up) + 1
            return count.isFinite && count < CGFloat(Int32.max) ? Int(count) : nil
        }
        let limit = max(Self.maximumExtensionPixels, pixels.width * pixels.height * 2)
        if let top = margin(target.minY - visible.minY, unitY), let left = margin(target.minX - visible.minX, unitX),
           let bottom = margin(visible.maxY - target.maxY, unitY), let right = margin(visible.maxX - target.maxX, unitX),
           let grown = pixels.extended(top: top, left: left, bottom: bottom, right: right, mirrored: edges == .mirror,
                                       maxPixels: limit) {
            let surface = try CairoSurface.image(from: grown)
            let rect = CGRect(x: target.minX - CGFloat(left) * unitX, y: target.minY - CGFloat(top) * unitY,
                              width: CGFloat(grown.width) * unitX, height: CGFloat(grown.height) * unitY)
            context.save()
            defer { context.restore() }
            context.newPath()
            context.rectangle(area)
            context.clip(preserve: false)
            context.paintImage(surface, pixelWidth: grown.width, pixelHeight: grown.height, in: rect)
        } else {
            let surface = try CairoSurface.image(from: pixels)
            context.paintImage(surface, pixelWidth: pixels.width, pixelHeight: pixels.height, in: target,
                               extending: edges, over: area)
        }
    }
}

extension VectorImage {
    /// The image drawn over a transparent `pixelWidth`×`pixelHeight` image surface.
    func rasterized(pixelWidth: Int, pixelHeight: Int) throws(DrawingError) -> CairoSurface {
        let surface = try CairoSurface.image(pixelWidth: pixelWidth, pixelHeight: pixelHeight)
        let context = try CairoContext(surface: surface)
        let size = CGSize(width: pixelWidth, height: pixelHeight)
        try draw(in: CGRect(origin: .zero, size: size), on: Canvas(context: context, size: size))
        try context.checkStatus(while: "drawing \(name) for the bleed")
        return surface
    }
}
