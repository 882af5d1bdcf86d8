import Drawing
import Foundation

typealias Pixel = RGBAImage.Pixel

extension RGBAImage.Pixel {
    static func grey(_ value: UInt8, alpha: UInt8 = 255) -> Pixel { Pixel(r: value, g: value, b: value, a: alpha) }
    static let white = Pixel.grey(255)
    static let black = Pixel.grey(0)
    static let red = Pixel(r: 255, g: 0, b: 0, a: 255)
}

/// Small images built pixel by pixel for tests with answers worked out by hand.
func makeImage(width: Int, height: Int, _ pixel: (Int, Int) -> Pixel) -> RGBAImage {
    var pixels = [UInt8]()
    pixels.reserveCapacity(width * height * 4)
    for y in 0..<height {
        for x in 0..<width {
            let p = pixel(x, y)
            pixels += [p.r, p.g, p.b, p.a]
        }
    }
    return RGBAImage(width: width, height: height, pixels: pixels)
}

func filled(width: Int, height: Int, _ pixel: Pixel) -> RGBAImage {
    RGBAImage(width: width, height: height, fill: (pixel.r, pixel.g, pixel.b, pixel.a))
}

extension RGBAImage {
    func with(_ changes: [(x: Int, y: Int, pixel: Pixel)]) -> RGBAImage {
        var copy = self
        for change in changes { copy[change.x, change.y] = change.pixel }
        return copy
    }

    func withBlock(x: Int, y: Int, width: Int, height: Int, _ pixel: Pixel) -> RGBAImage {
        var copy = self
        for row in y..<(y + height) {
            for column in x..<(x + width) { copy[column, row] = pixel }
        }
        return copy
    }

    /// FNV-1a over the pixel bytes, to compare whole images with numbers from another implementation.
    var fnv1a: UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in pixels {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return hash
    }

    func count(of pixel: Pixel) -> Int {
        var count = 0
        for index in stride(from: 0, to: pixels.count, by: 4)
        where pixels[index] == pixel.r && pixels[index + 1] == pixel.g && pixels[index + 2] == pixel.b
            && pixels[index + 3] == pixel.a {
            count += 1
        }
        return count
    }
}

/// A 64×48 scene with a 4×4-supersampled disk (so its edge is anti-aliased), a semi-transparent
/// strip, and, when `shifted`, the disk moved right by half a pixel, a 6×5 red block, three
/// darker single pixels and different alpha in the strip. Integer-only, so any language builds the
/// same bytes: the counts it is checked against were produced by running pixelmatch 7.2.0's
/// index.js on this same scene (with `checkerboard: false` they equal pixelmatch 5.x's, which the
/// PyPI `pixelmatch` 0.4.0 port of index.js gave first).
func pixelmatchScene(shifted: Bool) -> RGBAImage {
    let centreX8 = shifted ? 196 : 192
    let foreground = [30, 60, 200], background = [255, 255, 255]
    return makeImage(width: 64, height: 48) { x, y in
        var coverage = 0
        for sy in 0..<4 {
            for sx in 0..<4 {
                let dx = 8 * x + 2 * sx + 1 - centreX8
                let dy = 8 * y + 2 * sy + 1 - 192
                if dx * dx + dy * dy <= 112 * 112 { coverage += 1 }
            }
        }
        var rgb = (0..<3).map { (background[$0] * (16 - coverage) + foreground[$0] * coverage) / 16 }
        var alpha = 255
        if shifted, (50..<56).contains(x), (10..<15).contains(y) { rgb = [220, 40, 40] }
        if (56..<64).contains(x), (30..<48).contains(y) {
            rgb = [40, 120, 60]
            alpha = shifted ? 128 + ((x + y) % 3) * 20 : 128
        }
        if shifted, [(5, 40), (10, 44), (60, 2)].contains(where: { $0 == (x, y) }) { rgb = rgb.map { $0 - 60 } }
        return Pixel(r: UInt8(rgb[0]), g: UInt8(rgb[1]), b: UInt8(rgb[2]), a: UInt8(alpha))
    }
}
