import FoundationEssentials

/// A rectangle of pixels: `x`, `y` of the top-left pixel, `width` × `height` pixels.
public struct PixelRect: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Column of the top-left pixel.
    public var x: Int
    /// Row of the top-left pixel.
    public var y: Int
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int

    /// A rectangle from its top-left pixel and size.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var description: String { "\(width)×\(height) at (\(x),\(y))" }

    /// Whether the pixel at column `px`, row `py` is inside.
    public func contains(x px: Int, y py: Int) -> Bool {
        px >= x && py >= y && px - x < width && py - y < height
    }
}

/// Width and height in pixels.
public struct ImageSize: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Pixels across.
    public var width: Int
    /// Pixels down.
    public var height: Int

    /// A size in pixels.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// Width × height.
    public var pixelCount: Int { width * height }
    public var description: String { "\(width)×\(height)" }
}

/// How different two images may be and still pass, and how the diff image is drawn.
///
/// A pixel *differs* when its colour delta (`metric`, after blending semi-transparent pixels
/// as `alphaBlending` says) is above `threshold` and it is not anti-aliasing (unless
/// `includeAntiAliasing`). Differing pixels in connected regions smaller than `minClusterSize`
/// are speckle and are not *counted*. The comparison fails when the counted pixels (with `window`,
/// the most in any `window`×`window` square) exceed the allowed number (the smaller of
/// `maxDiffPixels` and `maxDiffRatio` × pixels; 0 when neither is set) and, if `density` is set,
/// some `window`×`window` square holds at least `minPixels` counted pixels. The defaults are
/// pixelmatch 7.2.0's.
public struct Tolerance: Sendable, Hashable, Codable {
    /// At least `minPixels` counted pixels in one `window`×`window` square.
    public struct Density: Sendable, Hashable, Codable {
        /// The counted pixels a square must hold for the comparison to fail.
        public var minPixels: Int
        /// The square's side, in pixels.
        public var window: Int

        /// Fails where some `window`×`window` square holds `minPixels` or more counted pixels.
        public init(minPixels: Int, window: Int) {
            self.minPixels = minPixels
            self.window = window
        }
    }

    /// The colour difference that decides whether a pixel changed.
    public enum Metric: String, Sendable, Hashable, Codable, CaseIterable {
        /// pixelmatch 7.2.0's squared YIQ distance (Kotsarenko and Ramos); threshold t ignores up to 35215 × t².
        case yiq
        /// The OKLab HyAB distance of pixelmatch's development line, which tells apart colours that YIQ
        /// scores as nearly the same (pixelmatch issue #127); threshold t ignores up to t, black to white being 1.
        case oklab
    }

    /// What semi-transparent pixels are blended with before their colours are compared.
    public enum AlphaBlending: String, Sendable, Hashable, Codable, CaseIterable {
        /// pixelmatch 7's default (`checkerboard: true`): a dark and light pattern that depends on the
        /// pixel's position, so a change of transparency shows whatever the colour.
        case checkerboard
        /// pixelmatch's `checkerboard: false`, and its only choice before version 7: a transparent pixel
        /// and an opaque white one look the same.
        case white
    }

    /// pixelmatch's threshold, 0...1: with `.yiq` the largest squared YIQ distance ignored is
    /// 35215 × t², with `.oklab` the largest HyAB distance ignored is t.
    public var threshold: Double
    /// The most counted pixels allowed; nil sets no count (0 allowed when `maxDiffRatio` is nil too).
    public var maxDiffPixels: Int?
    /// A fraction of the compared pixels, 0...1.
    public var maxDiffRatio: Double?
    /// Only connected regions (8-connectivity) of at least this many pixels count; 1 counts all.
    public var minClusterSize: Int
    /// With a density, the limits fail a comparison only where the counted pixels are also dense.
    public var density: Density?
    /// Count anti-aliased pixels as differences (pixelmatch's `includeAA`).
    public var includeAntiAliasing: Bool
    /// Pixels inside these rectangles are not compared, in either image; nothing outside them changes.
    public var ignoreRegions: [PixelRect]
    /// How the colour difference of a pixel is measured.
    public var metric: Metric
    /// pixelmatch's `checkerboard` option.
    public var alphaBlending: AlphaBlending
    /// pixelmatch's `windowSize`: the limits apply to the most counted pixels in any N×N square
    /// (N no larger than the image's shorter side), and `maxDiffRatio` to the square's pixels.
    /// With `Density(minPixels: n, window: N)` the same squares fail at n pixels: use one or the other.
    public var window: Int?
    /// How `ImageComparison.makeDiffImage()` draws; it does not change the result.
    public var diffImage: DiffImageStyle

    /// A tolerance; every default is pixelmatch 7.2.0's (nothing may differ beyond the threshold). Values are checked when a comparison starts.
    public init(threshold: Double = 0.1, maxDiffPixels: Int? = nil, maxDiffRatio: Double? = nil,
                minClusterSize: Int = 1, density: Density? = nil, includeAntiAliasing: Bool = false,
                ignoreRegions: [PixelRect] = [], metric: Metric = .yiq, alphaBlending: AlphaBlending = .checkerboard,
                window: Int? = nil, diffImage: DiffImageStyle = .pixelmatch) {
        self.threshold = threshold
        self.maxDiffPixels = maxDiffPixels
        self.maxDiffRatio = maxDiffRatio
        self.minClusterSize = minClusterSize
        self.density = density
        self.includeAntiAliasing = includeAntiAliasing
        self.ignoreRegions = ignoreRegions
        self.metric = metric
        self.alphaBlending = alphaBlending
        self.window = window
        self.diffImage = diffImage
    }

    private enum CodingKeys: String, CodingKey {
        case threshold, maxDiffPixels, maxDiffRatio, minClusterSize, density, includeAntiAliasing, ignoreRegions
        case metric, alphaBlending, window, diffImage
    }

    /// Keys added later may be missing: they take their defaults.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = Tolerance()
        self.init(
            threshold: try container.decodeIfPresent(Double.self, forKey: .threshold) ?? defaults.threshold,
            maxDiffPixels: try container.decodeIfPresent(Int.self, forKey: .maxDiffPixels),
            maxDiffRatio: try container.decodeIfPresent(Double.self, forKey: .maxDiffRatio),
            minClusterSize: try container.decodeIfPresent(Int.self, forKey: .minClusterSize) ?? defaults.minClusterSize,
            density: try container.decodeIfPresent(Density.self, forKey: .density),
            includeAntiAliasing: try container.decodeIfPresent(Bool.self, forKey: .includeAntiAliasing)
                ?? defaults.includeAntiAliasing,
            ignoreRegions: try container.decodeIfPresent([PixelRect].self, forKey: .ignoreRegions) ?? [],
            metric: try container.decodeIfPresent(Metric.self, forKey: .metric) ?? defaults.metric,
            alphaBlending: try container.decodeIfPresent(AlphaBlending.self, forKey: .alphaBlending)
                ?? defaults.alphaBlending,
            window: try container.decodeIfPresent(Int.self, forKey: .window),
            diffImage: try container.decodeIfPresent(DiffImageStyle.self, forKey: .diffImage) ?? defaults.diffImage)
    }

    /// pixelmatch 7.2.0's defaults: YIQ, threshold 0.1, checkerboard blending, anti-aliasing
    /// ignored, no differing pixel allowed.
    public static let `default` = Tolerance()

    /// Every pixel whose blended colour changes at all counts, anti-aliasing included.
    public static let exact = Tolerance(threshold: 0, includeAntiAliasing: true)

    /// How many counted pixels may differ among `pixelCount` compared pixels (with `window`, pass
    /// the square's pixel count).
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
        // A window cannot hold more pixels than its area: such a density would pass every image.
        if let density, density.minPixels > Self.area(density.window) {
            throw .invalidTolerance("density \(density.minPixels) px in a \(density.window)×\(density.window) window"
                + " can never be reached: the window holds \(Self.area(density.window)) px")
        }
        for region in ignoreRegions where region.width < 0 || region.height < 0 {
            throw .invalidTolerance("ignore region \(region) has a negative size")
        }
        if let window {
            guard window >= 1 else { throw .invalidTolerance("window must be at least 1, got \(window)") }
            if density != nil {
                throw .invalidTolerance("density and window both limit N×N squares; use one of them")
            }
            // Allowing a whole window to differ would pass every image.
            if let maxDiffPixels, maxDiffPixels >= Self.area(window) {
                throw .invalidTolerance("max differing pixels \(maxDiffPixels) with a \(window)×\(window) window"
                    + " allows every pixel of it (\(Self.area(window))) to differ; allow fewer")
            }
        }
        guard diffImage.alpha.isFinite, (0...1).contains(diffImage.alpha) else {
            throw .invalidTolerance("diff image alpha must be between 0 and 1, got \(diffImage.alpha)")
        }
        return self
    }

    /// Throws when no comparison could use this tolerance (a threshold outside 0...1, negative
    /// limits, a density no window can reach…), with the reason in one line.
    public func validate() throws(ComparisonError) {
        _ = try validated()
    }

    /// Pixels in a `side`×`side` window, saturating instead of overflowing.
    private static func area(_ side: Int) -> Int {
        let (product, overflow) = side.multipliedReportingOverflow(by: side)
        return overflow ? .max : product
    }
}

/// Why two images could not be compared.
public enum ComparisonError: Error, Equatable, CustomStringConvertible, LocalizedError {
    /// A tolerance no comparison can use (a threshold out of 0...1, a density no window can reach); says why.
    case invalidTolerance(String)
    /// The comparison's buffers for images of this size could not be allocated.
    case outOfMemory(ImageSize)
    /// More than 2^31 pixels: beyond what the comparison counts.
    case tooLarge(ImageSize)
    /// The comparison refused the images' buffers; says why.
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
