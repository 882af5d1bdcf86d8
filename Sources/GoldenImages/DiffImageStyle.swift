import CardRenderSupport
import FoundationEssentials
import Images

/// How the diff image is drawn: pixelmatch's `alpha`, `aaColor`, `diffColor`, `diffColorAlt` and
/// `diffMask` options, with its defaults. Speckle (regions below the minimum cluster size) is
/// orange and ignored pixels pale blue whatever the style.
public struct DiffImageStyle: Sendable, Hashable, Codable {
    /// An opaque colour of the diff image.
    public struct RGB: Sendable, Hashable, Codable, CustomStringConvertible {
        /// Red, 0...255.
        public var r: UInt8
        /// Green, 0...255.
        public var g: UInt8
        /// Blue, 0...255.
        public var b: UInt8

        /// A colour from its three channels.
        public init(r: UInt8, g: UInt8, b: UInt8) {
            self.r = r
            self.g = g
            self.b = b
        }

        /// `#RRGGBB` (or `#RGB`), as `RGBAImage.Pixel(hex:)` reads it, or pixelmatch's `R,G,B` with each 0...255.
        public init?(parsing text: String) {
            let fields = text.split(separator: ",", omittingEmptySubsequences: false)
            if fields.count == 3 {
                let values = fields.map { UInt8($0.trimmingSpaces()) }
                guard let r = values[0], let g = values[1], let b = values[2] else { return nil }
                self.init(r: r, g: g, b: b)
                return
            }
            guard let pixel = RGBAImage.Pixel(hex: text), pixel.a == 255 else { return nil }
            self.init(r: pixel.r, g: pixel.g, b: pixel.b)
        }

        public var description: String { "rgb(\(r),\(g),\(b))" }

        /// pixelmatch's `diffColor`: counted differences.
        public static let red = RGB(r: 255, g: 0, b: 0)
        /// pixelmatch's `aaColor`: anti-aliased pixels.
        public static let yellow = RGB(r: 255, g: 255, b: 0)
    }

    /// Opacity of the greyscale expected image under the differences, 0...1.
    public var alpha: Double
    /// Anti-aliased pixels (changed, but not counted).
    public var aaColor: RGB
    /// Counted pixels.
    public var diffColor: RGB
    /// Counted pixels that got darker in the actual image; nil draws them in `diffColor`.
    public var diffColorAlt: RGB?
    /// Only the differences, on a transparent background: no faded image, no anti-aliasing.
    public var diffMask: Bool

    /// A style from pixelmatch's options; the defaults are its own (see ``pixelmatch``).
    public init(alpha: Double = 0.1, aaColor: RGB = .yellow, diffColor: RGB = .red, diffColorAlt: RGB? = nil,
                diffMask: Bool = false) {
        self.alpha = alpha
        self.aaColor = aaColor
        self.diffColor = diffColor
        self.diffColorAlt = diffColorAlt
        self.diffMask = diffMask
    }

    /// pixelmatch's defaults: alpha 0.1, anti-aliasing yellow, differences red.
    public static let pixelmatch = DiffImageStyle()
}
