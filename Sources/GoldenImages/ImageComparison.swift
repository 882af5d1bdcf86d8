import CardRenderSupport
import FoundationEssentials
import Images

/// A comparison of an expected image with an actual one: the result, plus what is needed to draw
/// the diff and the composite on demand.
///
/// Order of work: sizes first (a mismatch fails but the overlap is still compared), then an exact
/// byte comparison (identical images stop there), then pixelmatch's perceptual comparison, then
/// regions, speckle, density and window counts.
public struct ImageComparison: Sendable {
    /// The golden image, whole.
    public let expected: RGBAImage
    /// The rendered image, whole; empty (0×0) once `takeDiffImage()` has drawn the diff over its pixels.
    public private(set) var actual: RGBAImage
    /// The tolerance after validation.
    public let tolerance: Tolerance
    /// What the comparison found, as plain values.
    public let result: ImageDiffResult
    /// Every region of counted pixels, in scan order of their first pixel.
    public let allRegions: [DiffRegion]

    /// The expected image cut to the compared area: the diff image is drawn from it.
    private let comparedExpected: RGBAImage
    /// One `PixelClass` per compared pixel; nil when the images are byte-identical.
    private let classes: [UInt8]?

    /// Compares the images at once; the diff and composite images are drawn only when asked for.
    ///
    /// Throws when the tolerance cannot apply (see ``Tolerance``) or the images are too large to compare.
    public init(expected: RGBAImage, actual: RGBAImage, tolerance: Tolerance = .default) throws(ComparisonError) {
        let tolerance = try tolerance.validated()
        self.expected = expected
        self.actual = actual
        self.tolerance = tolerance

        let expectedSize = ImageSize(width: expected.width, height: expected.height)
        let actualSize = ImageSize(width: actual.width, height: actual.height)
        let sizesMatch = expectedSize == actualSize
        let compared = ImageSize(width: min(expected.width, actual.width), height: min(expected.height, actual.height))
        let first = sizesMatch ? expected : Self.cropped(expected, to: compared)
        let second = sizesMatch ? actual : Self.cropped(actual, to: compared)
        comparedExpected = first

        let windowSide = tolerance.window.map { Self.windowSide($0, in: compared) }
        var summary = Summary(expectedSize: expectedSize, actualSize: actualSize, comparedSize: compared,
                              allowed: tolerance.allowedPixels(of: windowSide.map { $0 * $0 } ?? compared.pixelCount))

        if NativeDiff.bytesEqual(first.pixels, second.pixels) {
            classes = nil
            allRegions = []
        } else {
            var (classes, counts) = try NativeDiff.classify(first, second, tolerance: tolerance)
            summary.counts = counts
            let (regions, speckle) = try NativeDiff.findRegions(in: &classes, size: compared,
                                                                 minimumSize: tolerance.minClusterSize)
            summary.countedPixels = counts.different - speckle
            if let window = tolerance.window ?? tolerance.density?.window, summary.countedPixels > 0 {
                let densest = try NativeDiff.densestWindow(classes, size: compared, window: window)
                summary.densestWindow = .init(window: Self.windowSide(window, in: compared),
                                              pixelCount: densest.count, x: densest.x, y: densest.y)
            }
            self.classes = classes
            allRegions = regions
        }
        result = summary.result(tolerance: tolerance, regions: allRegions, bytesEqual: classes == nil)
    }

    /// pixelmatch's diff image of the compared area in the tolerance's style: by default faded
    /// greyscale expected image, differing pixels red, anti-aliased yellow; speckle (regions below
    /// the minimum cluster size) orange, ignored pixels pale blue.
    public func makeDiffImage() -> RGBAImage {
        makeDiffImage(style: tolerance.diffImage)
    }

    /// The diff image in another style (pixelmatch's `alpha`, colours and `diffMask`).
    public func makeDiffImage(style: DiffImageStyle) -> RGBAImage {
        NativeDiff.diffImage(of: comparedExpected, classes: classes, style: style)
    }

    /// Whether every pixel of the diff image is an opaque grey: the images' pixels are equal and
    /// it is not a mask. It can then be written as 8-bit greyscale, which skips the colour count
    /// that choosing a PNG encoding otherwise makes.
    public var diffImageIsGrey: Bool { classes == nil && !tolerance.diffImage.diffMask }

    /// The diff image in the tolerance's style, drawn over the actual image's pixel buffer, which
    /// it takes: `actual` is empty afterwards. When the caller passed its actual image with
    /// `consume` and nothing else holds it, no new image-sized buffer is allocated: a comparison
    /// of two large images then peaks at two images, not three. Draw the composite first.
    public mutating func takeDiffImage() -> RGBAImage {
        // A buffer shared with the expected image (byte-identical files decode once) would be
        // copied before it is drawn over: a new one, which the drawing fills whole, costs less.
        let sharesExpected = actual.pixels.withUnsafeBytes { mine in
            comparedExpected.pixels.withUnsafeBytes { $0.baseAddress == mine.baseAddress }
        }
        if sharesExpected { actual = RGBAImage(width: 0, height: 0, pixels: []) }
        guard !sharesExpected, actual.width == comparedExpected.width, actual.height == comparedExpected.height else {
            return makeDiffImage()
        }
        var pixels = actual.pixels
        actual = RGBAImage(width: 0, height: 0, pixels: [])
        NativeDiff.drawDiff(of: comparedExpected, classes: classes, style: tolerance.diffImage, over: &pixels)
        return RGBAImage(width: comparedExpected.width, height: comparedExpected.height, pixels: pixels)
    }

    /// pixelmatch's window side: the requested size, at most the shorter side of the image, at least 1.
    static func windowSide(_ window: Int, in size: ImageSize) -> Int {
        max(1, min(window, size.width, size.height))
    }

    /// expected | actual | diff side by side on a grey background, top-aligned, padded to the
    /// tallest, with `gutter` pixels around and between them.
    public func makeCompositeImage(gutter: Int = 8) -> RGBAImage {
        Self.composite([expected, actual, makeDiffImage()], gutter: max(0, gutter))
    }

    /// The size of the composite of images of these sizes: side by side, `gutter` pixels around
    /// and between them.
    public static func compositeSize(of sizes: [(width: Int, height: Int)], gutter: Int = 8)
        -> (width: Int, height: Int) {
        (sizes.reduce(gutter) { $0 + $1.width + gutter }, (sizes.map(\.height).max() ?? 0) + 2 * gutter)
    }

    static func composite(_ images: [RGBAImage], gutter: Int) -> RGBAImage {
        let (width, height) = compositeSize(of: images.map { ($0.width, $0.height) }, gutter: gutter)
        var canvas = NativeDiff.filledImage(width: width, height: height,
                                            color: RGBAImage.Pixel(r: 200, g: 200, b: 200, a: 255))
        var x = gutter
        for image in images {
            NativeDiff.copy(PixelRect(x: 0, y: 0, width: image.width, height: image.height), of: image,
                            into: &canvas, x: x, y: gutter)
            x += image.width + gutter
        }
        return canvas
    }

    private static func cropped(_ image: RGBAImage, to size: ImageSize) -> RGBAImage {
        var cropped = RGBAImage(width: size.width, height: size.height)
        NativeDiff.copy(PixelRect(x: 0, y: 0, width: size.width, height: size.height), of: image,
                        into: &cropped, x: 0, y: 0)
        return cropped
    }
}

/// pixelmatch's colour distances for one pair of pixels, for checking numbers by hand. Blending
/// with the checkerboard depends on where the pixel is: `pixelIndex` is row × width + column.
public enum ColorDelta {
    /// The squared YIQ distance between two pixels (semi-transparent ones blended with the
    /// background), negative when the second is darker: pixelmatch 7.2.0's `colorDelta`.
    public static func yiq(_ first: RGBAImage.Pixel, _ second: RGBAImage.Pixel,
                           alphaBlending: Tolerance.AlphaBlending = .checkerboard, pixelIndex: Int = 0) -> Double {
        NativeDiff.yiqDelta(first, second, pixelIndex: pixelIndex, blending: alphaBlending)
    }

    /// The brightness difference Y1 − Y2 after blending: the anti-aliasing detector's `brightnessDelta`.
    public static func brightness(_ first: RGBAImage.Pixel, _ second: RGBAImage.Pixel,
                                  alphaBlending: Tolerance.AlphaBlending = .checkerboard,
                                  pixelIndex: Int = 0) -> Double {
        NativeDiff.brightnessDelta(first, second, pixelIndex: pixelIndex, blending: alphaBlending)
    }

    /// The OKLab HyAB distance (black to white is 1) that `Tolerance.Metric.oklab` compares with the
    /// threshold, negative when the second pixel is darker.
    public static func oklab(_ first: RGBAImage.Pixel, _ second: RGBAImage.Pixel,
                             alphaBlending: Tolerance.AlphaBlending = .checkerboard, pixelIndex: Int = 0) -> Double {
        NativeDiff.oklabDelta(first, second, pixelIndex: pixelIndex, blending: alphaBlending)
    }

    /// The colour semi-transparent pixels are blended with, red, green and blue in 0...255.
    public static func background(pixelIndex: Int, alphaBlending: Tolerance.AlphaBlending = .checkerboard) -> [Double] {
        NativeDiff.background(pixelIndex: pixelIndex, blending: alphaBlending)
    }

    /// The largest |YIQ delta| that still counts as the same colour: 35215 × threshold².
    public static func maxDelta(threshold: Double) -> Double {
        NativeDiff.maxDelta(threshold: threshold)
    }
}

/// Collects the numbers while comparing, then decides and words the result.
private struct Summary {
    let expectedSize: ImageSize
    let actualSize: ImageSize
    let comparedSize: ImageSize
    let allowed: Int
    var counts = PixelCounts()
    var countedPixels = 0
    var densestWindow: ImageDiffResult.DensestWindow?

    func result(tolerance: Tolerance, regions: [DiffRegion], bytesEqual: Bool) -> ImageDiffResult {
        let sizesMatch = expectedSize == actualSize
        let overLimit = (tolerance.window == nil ? countedPixels : densestWindow?.pixelCount ?? 0) > allowed
        let denseEnough = tolerance.density.map { (densestWindow?.pixelCount ?? 0) >= $0.minPixels } ?? true
        let status: ImageDiffResult.Status
        if !sizesMatch || (overLimit && denseEnough) {
            status = .failed
        } else if bytesEqual {
            status = .equal
        } else {
            status = .withinTolerance
        }
        let largestFirst = regions.sorted {
            ($0.pixelCount, -$0.bounds.y, -$0.bounds.x) > ($1.pixelCount, -$1.bounds.y, -$1.bounds.x)
        }
        let ratio = comparedSize.pixelCount == 0 ? 0 : Double(counts.different) / Double(comparedSize.pixelCount)
        return ImageDiffResult(
            status: status, expectedSize: expectedSize, actualSize: actualSize, comparedSize: comparedSize,
            differingPixels: counts.different, countedPixels: countedPixels, ratio: ratio,
            antiAliasedPixels: counts.antiAliased, ignoredPixels: counts.ignored,
            changedWithinThreshold: counts.changedWithinThreshold,
            regions: Array(largestFirst.prefix(ImageDiffResult.reportedRegionLimit)), regionCount: regions.count,
            densestWindow: densestWindow, allowedPixels: allowed,
            message: message(status: status, tolerance: tolerance, largest: largestFirst.first, regionCount: regions.count,
                             overLimit: overLimit))
    }

    private func message(status: ImageDiffResult.Status, tolerance: Tolerance, largest: DiffRegion?,
                         regionCount: Int, overLimit: Bool) -> String {
        var differences = "\(counts.different) of \(comparedSize.pixelCount) pixels differ (\(percent))"
        if countedPixels != counts.different {
            differences += "; \(countedPixels) in regions of \(tolerance.minClusterSize)+ px"
        }
        if let largest {
            differences += regionCount == 1 ? ", 1 region: \(largest)" : ", \(regionCount) regions, largest \(largest)"
        }
        if counts.antiAliased > 0 { differences += "; \(counts.antiAliased) anti-aliased" }

        if expectedSize != actualSize {
            return "size differs: expected \(expectedSize), actual \(actualSize); in the \(comparedSize) overlap "
                + differences
        }
        switch status {
        case .equal:
            return "identical \(comparedSize) images"
        case .withinTolerance:
            if counts.different == 0 {
                return "within tolerance: no pixel differs above threshold \(tolerance.threshold)"
                    + " (\(counts.changedWithinThreshold) changed less, \(counts.antiAliased) anti-aliased)"
            }
            if tolerance.window != nil {
                return "within tolerance: \(differences); \(windowCount); allowed \(allowed)"
            }
            if overLimit, let density = tolerance.density {
                let side = densestWindow?.window ?? density.window
                return "within tolerance: \(differences); no \(side)×\(side) window holds"
                    + " \(density.minPixels)+ px (densest \(densestWindow?.pixelCount ?? 0))"
            }
            return "within tolerance: \(differences); allowed \(allowed)"
        case .failed:
            var line = tolerance.window == nil ? differences : "\(differences); \(windowCount)"
            line += "; allowed \(allowed)"
            if tolerance.density != nil, let densestWindow {
                line += "; \(densestWindow.pixelCount) px in the \(densestWindow.window)×\(densestWindow.window) window at"
                    + " (\(densestWindow.x),\(densestWindow.y))"
            }
            return line
        }
    }

    /// pixelmatch's windowed count, in words.
    private var windowCount: String {
        guard let densestWindow, densestWindow.pixelCount > 0 else { return "no window holds a counted pixel" }
        let side = densestWindow.window
        return "\(densestWindow.pixelCount) px in the densest \(side)×\(side) window, at"
            + " (\(densestWindow.x),\(densestWindow.y))"
    }

    private var percent: String {
        guard comparedSize.pixelCount > 0, counts.different > 0 else { return "0%" }
        let value = Double(counts.different) / Double(comparedSize.pixelCount) * 100
        return value < 0.01 ? "<0.01%" : PrintfFormat.string("%.2f%%", value)
    }
}
