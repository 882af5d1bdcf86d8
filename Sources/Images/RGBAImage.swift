import CardRenderSupport
import FoundationEssentials

/// A decoded raster image: 8-bit RGBA, straight (not premultiplied) alpha, rows top to bottom,
/// `width * 4` bytes per row with no padding.
public struct RGBAImage: Sendable, Equatable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// `width * height * 4` bytes: R, G, B, A for each pixel.
    public var pixels: [UInt8]

    /// An image over `pixels`; the count must be `width * height * 4`.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width >= 0 && height >= 0 && pixels.count == width * height * 4,
                     "RGBAImage needs width * height * 4 bytes")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// A blank image filled with one colour (components 0...255, straight alpha).
    public init(width: Int, height: Int, fill: (r: UInt8, g: UInt8, b: UInt8, a: UInt8) = (0, 0, 0, 0)) {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        if fill != (0, 0, 0, 0) {
            for i in stride(from: 0, to: pixels.count, by: 4) {
                pixels[i] = fill.r; pixels[i + 1] = fill.g; pixels[i + 2] = fill.b; pixels[i + 3] = fill.a
            }
        }
        self.init(width: width, height: height, pixels: pixels)
    }

    /// One pixel's components, 0...255, straight alpha.
    public struct Pixel: Sendable, Equatable, CustomStringConvertible {
        /// Red, green, blue and alpha.
        public var r, g, b, a: UInt8
        /// A pixel from its components.
        public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8) { self.r = r; self.g = g; self.b = b; self.a = a }
        public var description: String { "rgba(\(r),\(g),\(b),\(a))" }

        /// `#RGB`, `#RGBA`, `#RRGGBB` or `#RRGGBBAA` (the `#` optional, surrounding spaces
        /// ignored; a short form's digit `F` is 255), or nil. `Color(hex:)` reads the same text.
        public init?(hex text: String) {
            var digits = Substring(text.trimmingSpaces())
            if digits.hasPrefix("#") { digits = digits.dropFirst() }
            guard [3, 4, 6, 8].contains(digits.count), digits.allSatisfy(\.isHexDigit),
                  let value = UInt64(digits, radix: 16) else { return nil }
            let short = digits.count <= 4
            let count = digits.count == 4 || digits.count == 8 ? 4 : 3
            let bits = short ? 4 : 8
            let components = (0..<count).map { index in
                let component = UInt8((value >> UInt64(bits * (count - 1 - index))) & UInt64((1 << bits) - 1))
                return short ? component * 17 : component
            }
            self.init(r: components[0], g: components[1], b: components[2], a: count == 4 ? components[3] : 255)
        }
    }

    /// The pixel at column `x`, row `y` (from the top), with labelled arguments.
    public subscript(x x: Int, y y: Int) -> Pixel {
        get { self[x, y] }
        set { self[x, y] = newValue }
    }

    /// The pixel at column `x`, row `y` (from the top).
    public subscript(x: Int, y: Int) -> Pixel {
        get {
            let i = (y * width + x) * 4
            return Pixel(r: pixels[i], g: pixels[i + 1], b: pixels[i + 2], a: pixels[i + 3])
        }
        set {
            let i = (y * width + x) * 4
            pixels[i] = newValue.r; pixels[i + 1] = newValue.g; pixels[i + 2] = newValue.b; pixels[i + 3] = newValue.a
        }
    }
}

extension RGBAImage {
    /// A picture of `width`×`height` that a file's header gives, checked against `limits` before
    /// its pixels are allocated; `decode` fills the RGBA rows and says whether the file was whole.
    static func decoded(_ format: String, width: Int, height: Int, limits: PNG.Limits,
                        _ decode: (UnsafeMutablePointer<UInt8>?) -> Bool) throws(ImageError) -> RGBAImage {
        guard width <= limits.maxWidth, height <= limits.maxHeight, width * height <= limits.maxPixels else {
            throw .image("the \(format) file is \(width)×\(height) px, over the limit of \(limits.maxWidth)×\(limits.maxHeight) "
                         + "and \(limits.maxPixels) pixels")
        }
        let byteCount = width * height * 4
        var whole = false
        let pixels = pixelBuffer(byteCount: byteCount) { buffer in
            whole = decode(buffer.baseAddress)
            return whole ? byteCount : 0
        }
        guard whole else { throw .image("the \(format) file is damaged or truncated") }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }
}
