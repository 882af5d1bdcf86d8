import Foundation

/// A connected region of counted differing pixels (8-connectivity).
public struct DiffRegion: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The smallest rectangle holding every pixel of the region.
    public var bounds: PixelRect
    public var pixelCount: Int

    public init(bounds: PixelRect, pixelCount: Int) {
        self.bounds = bounds
        self.pixelCount = pixelCount
    }

    public var description: String { "\(pixelCount) px in \(bounds)" }
}

/// The outcome of comparing an expected image with an actual one, as plain values (Codable for JSON).
public struct ImageDiffResult: Sendable, Hashable, Codable {
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
        public var window: Int
        public var pixelCount: Int
        public var x: Int
        public var y: Int
    }

    public var status: Status
    public var expectedSize: ImageSize
    public var actualSize: ImageSize
    /// The area compared: both sizes when they match, their top-left overlap when not.
    public var comparedSize: ImageSize
    /// pixelmatch's count: above the threshold and not anti-aliasing (ignore regions excluded).
    public var differingPixels: Int
    /// Differing pixels in regions of at least the minimum cluster size: what the limits apply to.
    public var countedPixels: Int
    /// `differingPixels` / compared pixels (0 when nothing was compared).
    public var ratio: Double
    public var antiAliasedPixels: Int
    public var ignoredPixels: Int
    /// Pixels whose bytes changed by no more than the threshold.
    public var changedWithinThreshold: Int
    /// The largest regions of counted pixels, largest first (at most `ImageDiffResult.reportedRegionLimit`).
    public var regions: [DiffRegion]
    /// How many regions of counted pixels there are in all.
    public var regionCount: Int
    public var densestWindow: DensestWindow?
    /// How many counted pixels the tolerance allowed.
    public var allowedPixels: Int
    /// One line for people.
    public var message: String

    public static let reportedRegionLimit = 50

    public var sizesMatch: Bool { expectedSize == actualSize }
    public var passed: Bool { status != .failed }
}
