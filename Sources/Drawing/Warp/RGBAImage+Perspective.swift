internal import CImageWarp
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
        guard let inverse = transform.inverted, width > 0, height > 0, self.width > 0, self.height > 0,
              [self.width, self.height, width, height, originX, originY].allSatisfy({ Int32(exactly: $0) != nil }) else { return nil }
        var output = [UInt8](repeating: 0, count: width * height * 4)
        // The loop is in C, optimised in every build (a debug build of it in Swift took seconds a card).
        pixels.withUnsafeBufferPointer { source in
            inverse.matrix.withUnsafeBufferPointer { matrix in
                output.withUnsafeMutableBufferPointer { target in
                    ciw_warp_projective(source.baseAddress, Int32(self.width), Int32(self.height), matrix.baseAddress,
                                        target.baseAddress, Int32(width), Int32(height), Int32(originX), Int32(originY))
                }
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
}
