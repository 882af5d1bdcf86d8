import Drawing
import Foundation
import Geometry

/// Small pixel measurements for tests that check what a card looks like without goldens.
enum PixelTools {
    /// The image turned by 180°: pixel (x, y) moves to (w-1-x, h-1-y).
    static func rotated180(_ image: RGBAImage) -> RGBAImage {
        var result = image
        for y in 0..<image.height {
            for x in 0..<image.width {
                result[image.width - 1 - x, image.height - 1 - y] = image[x, y]
            }
        }
        return result
    }

    struct Difference: CustomStringConvertible {
        var maxChannel = 0
        /// Pixels whose largest channel difference is over the threshold.
        var pixelsOver = 0
        var pixels = 0
        var fractionOver: Double { pixels == 0 ? 0 : Double(pixelsOver) / Double(pixels) }
        var description: String { "max \(maxChannel), \(pixelsOver) of \(pixels) px over threshold" }
    }

    /// Compares two images of the same size inside `region` (pixels), premultiplying so that
    /// colour under full transparency does not count.
    static func difference(_ a: RGBAImage, _ b: RGBAImage, in region: (x: Range<Int>, y: Range<Int>), threshold: Int = 40)
        -> Difference {
        var result = Difference()
        for y in region.y {
            for x in region.x {
                let p = a[x, y], q = b[x, y]
                func pre(_ c: UInt8, _ alpha: UInt8) -> Int { Int(c) * Int(alpha) / 255 }
                let channels = [
                    abs(pre(p.r, p.a) - pre(q.r, q.a)), abs(pre(p.g, p.a) - pre(q.g, q.a)),
                    abs(pre(p.b, p.a) - pre(q.b, q.a)), abs(Int(p.a) - Int(q.a)),
                ]
                let worst = channels.max() ?? 0
                result.maxChannel = max(result.maxChannel, worst)
                if worst > threshold { result.pixelsOver += 1 }
                result.pixels += 1
            }
        }
        return result
    }

    /// The pixels touching a rect in points at `scale` (or, `inner`, only those wholly inside
    /// it), grown by `margin` pixels and clamped to the image.
    static func pixelRegion(_ rect: CGRect, scale: CGFloat, margin: Int = 0, inner: Bool = false, in image: RGBAImage)
        -> (x: Range<Int>, y: Range<Int>) {
        let lower: FloatingPointRoundingRule = inner ? .up : .down, upper: FloatingPointRoundingRule = inner ? .down : .up
        let x0 = max(0, Int((rect.minX * scale).rounded(lower)) - margin)
        let y0 = max(0, Int((rect.minY * scale).rounded(lower)) - margin)
        let x1 = min(image.width, Int((rect.maxX * scale).rounded(upper)) + margin)
        let y1 = min(image.height, Int((rect.maxY * scale).rounded(upper)) + margin)
        return (x0..<max(x0, x1), y0..<max(y0, y1))
    }

    /// How much of `color` a pixel shows over white: 0 for white, 1 for the colour itself;
    /// 0 for pixels of another hue (off the line from white to the colour).
    static func coverage(of color: Color, at pixel: RGBAImage.Pixel) -> Double {
        let alpha = Double(pixel.a) / 255
        // Composite on white first, as the card is white under its pips.
        let mr = 255 - Double(pixel.r) * alpha - 255 * (1 - alpha)
        let mg = 255 - Double(pixel.g) * alpha - 255 * (1 - alpha)
        let mb = 255 - Double(pixel.b) * alpha - 255 * (1 - alpha)
        let tr = 255 - color.red * 255, tg = 255 - color.green * 255, tb = 255 - color.blue * 255
        let length = tr * tr + tg * tg + tb * tb
        guard length > 0 else { return 0 }
        let t = (mr * tr + mg * tg + mb * tb) / length
        let dr = mr - t * tr, dg = mg - t * tg, db = mb - t * tb
        return (dr * dr + dg * dg + db * db).squareRoot() > 60 ? 0 : t
    }

    /// Sizes of the 8-connected groups of pixels in `region` for which `isInk` holds.
    static func components(in image: RGBAImage, region: (x: Range<Int>, y: Range<Int>),
                           isInk: (RGBAImage.Pixel) -> Bool) -> [Int] {
        let width = region.x.count, height = region.y.count
        guard width > 0, height > 0 else { return [] }
        var ink = [Bool](repeating: false, count: width * height)
        for y in 0..<height {
            for x in 0..<width where isInk(image[region.x.lowerBound + x, region.y.lowerBound + y]) {
                ink[y * width + x] = true
            }
        }
        var seen = [Bool](repeating: false, count: width * height)
        var sizes: [Int] = []
        for start in 0..<ink.count where ink[start] && !seen[start] {
            var stack = [start]
            seen[start] = true
            var size = 0
            while let index = stack.popLast() {
                size += 1
                let x = index % width, y = index / width
                for dy in -1...1 {
                    for dx in -1...1 where dx != 0 || dy != 0 {
                        let nx = x + dx, ny = y + dy
                        guard nx >= 0, ny >= 0, nx < width, ny < height else { continue }
                        let next = ny * width + nx
                        if ink[next] && !seen[next] {
                            seen[next] = true
                            stack.append(next)
                        }
                    }
                }
            }
            sizes.append(size)
        }
        return sizes
    }
}
