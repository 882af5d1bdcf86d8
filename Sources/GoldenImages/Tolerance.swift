import Foundation

/// A rectangle of pixels: `x`, `y` of the top-left pixel, `width` × `height` pixels.
public struct PixelRect: Sendable, Hashable, Codable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var description: String { "\(width)×\(height) at (\(x),\(y))" }

    public func contains(x px: Int, y py: Int) -> Bool {
        px >= x && py >= y && px - x < width && py - y < height
    }
}

/// Width and height in pixels.
public struct ImageSize: Sendable, Hashable, Codable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    public var pixelCount: Int { width * height }
    public var description: String { "\(width)×\(height)" }
}

/// How different two images may be and still pass.
///
/// A pixel *differs* when its pixelmatch colour delta is above `threshold` and it is not
/// anti-aliasing (unless `includeAntiAliasing`). Differing pixels in connected regions smaller
/// than `minClusterSize` are speckle and are not *counted*. The comparison fails when the counted
/// pixels exceed the allowed number (the smaller of `maxDiffPixels` and `maxDiffRatio` × pixels;
/// 0 when neither is set) and, if `density` is set, some `window`×`window` square holds at least
/// `minPixels` counted pixels.
public struct Tolerance: Sendable, Hashable, Codable {
    /// At least `minPixels` counted pixels in one `window`×`window` square.
    public struct Density: Sendable, Hashable, Codable {
        public var minPixels: Int
        public var window: Int

        public init(minPixels: Int, window: Int) {
            self.minPixels = minPixels
            self.window = window
        }
    }

    /// pixelmatch's threshold, 0...1: the largest squared YIQ distance ignored is 35215 × t².
    public var threshold: Double
    public var maxDiffPixels: Int?
    /// A fraction of the compared pixels, 0...1.
    public var maxDiffRatio: Double?
    /// Only connected regions (8-connectivity) of at least this many pixels count; 1 counts all.
    public var minClusterSize: Int
    public var density: Density?
    /// Count anti-aliased pixels as differences (pixelmatch's `includeAA`).
    public var includeAntiAliasing: Bool
    /// Pixels inside these rectangles are not compared, in either image; nothing outside them changes.
    public var ignoreRegions: [PixelRect]

    public init(threshold: Double = 0.1, maxDiffPixels: Int? = nil, maxDiffRatio: Double? = nil,
                minClusterSize: Int = 1, density: Density? = nil, includeAntiAliasing: Bool = false,
                ignoreRegions: [PixelRect] = []) {
        self.threshold = threshold
        self.maxDiffPixels = maxDiffPixels
        self.maxDiffRatio = maxDiffRatio
        self.minClusterSize = minClusterSize
        self.density = density
        self.includeAntiAliasing = includeAntiAliasing
        self.ignoreRegions = ignoreRegions
    }

    /// pixelmatch's defaults: threshold 0.1, anti-aliasing ignored, no differing pixel allowed.
    public static let `default` = Tolerance()

    /// Every pixel whose blended colour changes at all counts, anti-aliasing included.
    public static let exact = Tolerance(threshold: 0, includeAntiAliasing: true)

    /// How many counted pixels may differ among `pixelCount` compared pixels.
    public func allowedPixels(of pixelCount: Int) -> Int {
        let byRatio = maxDiffRatio.map { Int((Double(pixelCount) * $0).rounded(.down)) }
        switch (maxDiffPixels, byRatio) {
        case let (pixels?, ratio?): return min(pixels, ratio)
        case let (pixels?, nil): return pixels
        case let (nil, ratio?): return ratio
        case (nil, nil): return 0
        }
    }

    func validated() throws(ComparisonError) -> Tolerance {
        guard threshold.isFinite, (0...1).contains(threshold) else {
            throw .invalidTolerance("threshold must be between 0 and 1, got \(threshold)")
        }
        if let maxDiffPixels, maxDiffPixels < 0 {
            throw .invalidTolerance("max differing pixels must not be negative, got \(maxDiffPixels)")
        }
        if let maxDiffRatio, !(maxDiffRatio.isFinite && (0...1).contains(maxDiffRatio)) {
            throw .invalidTolerance("max differing ratio must be between 0 and 1, got \(maxDiffRatio)")
        }
        guard minClusterSize >= 1 else {
            throw .invalidTolerance("minimum cluster size must be at least 1, got \(minClusterSize)")
        }
        if let density, density.minPixels < 1 || density.window < 1 {
            throw .invalidTolerance(
                "density needs at least 1 pixel in a window of at least 1, got \(density.minPixels) in \(density.window)")
        }
        for region in ignoreRegions where region.width < 0 || region.height < 0 {
            throw .invalidTolerance("ignore region \(region) has a negative size")
        }
        return self
    }
}

/// Why two images could not be compared.
public enum ComparisonError: Error, Equatable, CustomStringConvertible, LocalizedError {
    case invalidTolerance(String)
    case outOfMemory(ImageSize)
    case tooLarge(ImageSize)
    case invalidImages(String)

    public var description: String {
        switch self {
        case .invalidTolerance(let why): return "invalid tolerance: \(why)"
        case .outOfMemory(let size): return "not enough memory to compare \(size) images"
        case .tooLarge(let size): return "cannot compare \(size) images: more than 2^31 pixels"
        case .invalidImages(let why): return "cannot compare the images: \(why)"
        }
    }

    public var errorDescription: String? { description }
}
