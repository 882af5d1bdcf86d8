import FoundationEssentials

/// A connected region of counted differing pixels (8-connectivity).
public struct DiffRegion: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The smallest rectangle holding every pixel of the region.
    public var bounds: PixelRect
    /// How many counted pixels the region holds (fewer than its bounds' area unless it is a full rectangle).
    public var pixelCount: Int

    /// A region from its bounds and pixel count.
    public init(bounds: PixelRect, pixelCount: Int) {
        self.bounds = bounds
        self.pixelCount = pixelCount
    }

    public var description: String { "\(pixelCount) px in \(bounds)" }
}

/// The outcome of comparing an expected image with an actual one, as plain values (Codable for JSON).
public struct ImageDiffResult: Sendable, Hashable, Codable {
    /// Whether the images were the same, close enough, or not.
    public enum Status: String, Sendable, Hashable, Codable {
        /// Same size and the same bytes.
        case equal
        /// Some pixels changed, but not beyond the tolerance.
        case withinTolerance
        /// Different sizes, or more differences than the tolerance allows.
        case failed
    }

    /// The densest `window`×`window` square of counted pixels.
    public struct DensestWindow: Sendable, Hashable, Codable {
        /// The square's side, in pixels (the tolerance's `window` or `density` window).
        public var window: Int
        /// Counted pixels inside the square.
        public var pixelCount: Int
        /// Left edge of the square, in pixels.
        public var x: Int
        /// Top edge of the square, in pixels.
        public var y: Int
    }

    /// Equal, within tolerance, or failed.
    public var status: Status
    /// The golden's size.
    public var expectedSize: ImageSize
    /// The rendered image's size.
    public var actualSize: ImageSize
    /// The area compared: both sizes when they match, their top-left overlap when not.
    public var comparedSize: ImageSize
    /// pixelmatch's count: above the threshold and not anti-aliasing (ignore regions excluded).
    public var differingPixels: Int
    /// Differing pixels in regions of at least the minimum cluster size: what the limits apply to.
    public var countedPixels: Int
    /// `differingPixels` / compared pixels (0 when nothing was compared).
    public var ratio: Double
    /// Pixels above the threshold that were taken for anti-aliasing and not counted (unless the tolerance includes anti-aliasing).
    public var antiAliasedPixels: Int
    /// Pixels inside the tolerance's ignore regions, not compared.
    public var ignoredPixels: Int
    /// Pixels whose bytes changed by no more than the threshold.
    public var changedWithinThreshold: Int
    /// The largest regions of counted pixels, largest first (at most 50).
    public var regions: [DiffRegion]
    /// How many regions of counted pixels there are in all.
    public var regionCount: Int
    /// With a `window` or `density`, the square with the most counted pixels; nil without either, or when no pixel counted.
    public var densestWindow: DensestWindow?
    /// How many counted pixels the tolerance allowed.
    public var allowedPixels: Int
    /// One line for people.
    public var message: String

    /// Keeps the JSON of a noisy comparison short; `regionCount` still counts them all.
    static let reportedRegionLimit = 50

    /// Whether both images have the same width and height; different sizes always fail.
    public var sizesMatch: Bool { expectedSize == actualSize }
    /// Equal or within tolerance.
    public var passed: Bool { status != .failed }
}
