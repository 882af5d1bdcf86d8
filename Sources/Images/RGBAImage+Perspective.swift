import Foundation
import Geometry

extension RGBAImage {
    /// The image seen through `transform`, which maps this image's pixel coordinates (the
    /// top-left corner of pixel (0, 0) is (0, 0)) to a destination plane: the `width` × `height`
    /// pixels of that plane whose top-left pixel is at (`originX`, `originY`). Each destination
    /// pixel averages 2 × 2 samples, each mapped back through the inverse and read bilinearly,
    /// outside the image transparent; colours are averaged premultiplied, so edges fade to
    /// clear rather than to black. Nil when the transform has no inverse.
    ///
    /// Exact for any perspective, where Cairo (affine only) would need the picture cut into
    /// strips, each with edges of its own.
    public func warped(through transform: ProjectiveTransform, width: Int, height: Int,
                       originX: Int, originY: Int) -> RGBAImage? {
        guard let inverse = transform.inverted, width > 0, height > 0 else { return nil }
        var output = [UInt8](repeating: 0, count: width * height * 4)
        let offsets = [0.25, 0.75]
        for y in 0..<height {
            for x in 0..<width {
                var sum = (r: 0.0, g: 0.0, b: 0.0, a: 0.0)
                for dy in offsets {
                    for dx in offsets {
                        guard let source = inverse.apply(x: Double(x + originX) + dx, y: Double(y + originY) + dy) else { continue }
                        let sample = premultipliedSample(x: source.x - 0.5, y: source.y - 0.5)
                        sum = (sum.r + sample.r, sum.g + sample.g, sum.b + sample.b, sum.a + sample.a)
                    }
                }
                Self.store(sum, scale: 0.25, in: &output, at: (y * width + x) * 4)
            }
        }
        return RGBAImage(width: width, height: height, pixels: output)
    }

    /// This image with its mirror image below it, as on a glossy table: `gap` clear rows, then
    /// the image's bottom `length` rows upside down, from `strength` opacity (0...1) at the top
    /// to clear at the bottom.
    public func withReflection(gap: Int, length: Int, strength: Double) -> RGBAImage {
        let gap = max(0, gap), length = max(0, min(length, height))
        let rowBytes = width * 4
        var pixels = self.pixels + [UInt8](repeating: 0, count: (gap + length) * rowBytes)
        let strength = Swift.min(1, Swift.max(0, strength.isFinite ? strength : 0))
        for row in 0..<length {
            let fade = strength * (1 - (Double(row) + 0.5) / Double(length))
            let source = (height - 1 - row) * rowBytes, target = (height + gap + row) * rowBytes
            for column in 0..<width {
                let from = source + column * 4, to = target + column * 4
                let alpha = UInt8((Double(self.pixels[from + 3]) * fade).rounded())
                // A clear pixel stays all zero, as the rest of the clear area is.
                guard alpha > 0 else { continue }
                pixels[to] = self.pixels[from]
                pixels[to + 1] = self.pixels[from + 1]
                pixels[to + 2] = self.pixels[from + 2]
                pixels[to + 3] = alpha
            }
        }
        return RGBAImage(width: width, height: height + gap + length, pixels: pixels)
    }

    /// The bilinear mix of the four pixels around (x, y) in pixel-centre coordinates,
    /// premultiplied, components 0...255; pixels outside the image are clear.
    @inline(__always)
    private func premultipliedSample(x: Double, y: Double) -> (r: Double, g: Double, b: Double, a: Double) {
        guard x > -1, y > -1, x < Double(width), y < Double(height) else { return (0, 0, 0, 0) }
        let left = Int(x.rounded(.down)), top = Int(y.rounded(.down))
        let fx = x - Double(left), fy = y - Double(top)
        var sum = (r: 0.0, g: 0.0, b: 0.0, a: 0.0)
        func add(_ column: Int, _ row: Int, _ weight: Double) {
            guard weight > 0, column >= 0, row >= 0, column < width, row < height else { return }
            let index = (row * width + column) * 4
            let alpha = Double(pixels[index + 3]) * weight
            guard alpha > 0 else { return }
            sum.r += Double(pixels[index]) * alpha / 255
            sum.g += Double(pixels[index + 1]) * alpha / 255
            sum.b += Double(pixels[index + 2]) * alpha / 255
            sum.a += alpha
        }
        add(left, top, (1 - fx) * (1 - fy))
        add(left + 1, top, fx * (1 - fy))
        add(left, top + 1, (1 - fx) * fy)
        add(left + 1, top + 1, fx * fy)
        return sum
    }

    /// Writes a premultiplied sum, times `scale`, as one straight-alpha pixel.
    @inline(__always)
    private static func store(_ sum: (r: Double, g: Double, b: Double, a: Double), scale: Double,
                              in pixels: inout [UInt8], at index: Int) {
        let alpha = sum.a * scale
        guard alpha >= 0.5 / 255 else { return }
        func channel(_ value: Double) -> UInt8 { UInt8(Swift.min(255, Swift.max(0, (value * scale * 255 / alpha).rounded()))) }
        pixels[index] = channel(sum.r)
        pixels[index + 1] = channel(sum.g)
        pixels[index + 2] = channel(sum.b)
        pixels[index + 3] = UInt8(Swift.min(255, alpha.rounded()))
    }
}
