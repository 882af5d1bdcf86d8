internal import CImageDiff
import Images

/// What the comparison decided for one pixel, mirroring `cid_pixel_class` in CImageDiff.
enum PixelClass: UInt8, Sendable {
    case same = 0
    case different = 1
    case antiAliased = 2
    case ignored = 3
    case speckle = 4
    /// Counted like `.different`; the actual pixel is darker.
    case darker = 5
}

struct PixelCounts: Sendable, Equatable {
    var different = 0
    var antiAliased = 0
    var ignored = 0
    var changedWithinThreshold = 0
}

/// The only Swift code that calls CImageDiff: turns Swift arrays into pointers and C statuses
/// into `ComparisonError`. Images are 8-bit RGBA, straight alpha, as in `RGBAImage`.
enum NativeDiff {
    static func keepFreedMemory(largestBlock: Int, keptBytes: Int) -> Bool {
        cid_keep_freed_memory(largestBlock, keptBytes) == 1
    }

    static func bytesEqual(_ first: [UInt8], _ second: [UInt8]) -> Bool {
        guard first.count == second.count else { return false }
        return first.withUnsafeBufferPointer { a in
            second.withUnsafeBufferPointer { b in
                cid_bytes_equal(a.baseAddress, b.baseAddress, a.count) != 0
            }
        }
    }

    private static func withPixels<T>(_ first: RGBAImage.Pixel, _ second: RGBAImage.Pixel,
                                      _ body: (UnsafePointer<UInt8>?, UnsafePointer<UInt8>?) -> T) -> T {
        let a: [UInt8] = [first.r, first.g, first.b, first.a]
        let b: [UInt8] = [second.r, second.g, second.b, second.a]
        return a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in body(a.baseAddress, b.baseAddress) }
        }
    }

    static func yiqDelta(_ first: RGBAImage.Pixel, _ second: RGBAImage.Pixel, pixelIndex: Int,
                         blending: Tolerance.AlphaBlending) -> Double {
        withPixels(first, second) { cid_yiq_delta($0, $1, Int64(pixelIndex), blending.checkerboardFlag) }
    }

    static func brightnessDelta(_ first: RGBAImage.Pixel, _ second: RGBAImage.Pixel, pixelIndex: Int,
                                blending: Tolerance.AlphaBlending) -> Double {
        withPixels(first, second) { cid_brightness_delta($0, $1, Int64(pixelIndex), blending.checkerboardFlag) }
    }

    static func oklabDelta(_ first: RGBAImage.Pixel, _ second: RGBAImage.Pixel, pixelIndex: Int,
                           blending: Tolerance.AlphaBlending) -> Double {
        withPixels(first, second) { cid_oklab_delta($0, $1, Int64(pixelIndex), blending.checkerboardFlag) }
    }

    static func background(pixelIndex: Int, blending: Tolerance.AlphaBlending) -> [Double] {
        var rgb = [Double](repeating: 0, count: 3)
        rgb.withUnsafeMutableBufferPointer { cid_blend_background(Int64(pixelIndex), blending.checkerboardFlag, $0.baseAddress) }
        return rgb
    }

    static func maxDelta(threshold: Double) -> Double {
        cid_max_delta(threshold)
    }

    /// Classifies every pixel of two images of the same size. Returns one `PixelClass` byte per pixel.
    static func classify(_ expected: RGBAImage, _ actual: RGBAImage,
                         tolerance: Tolerance) throws(ComparisonError) -> (classes: [UInt8], counts: PixelCounts) {
        precondition(expected.width == actual.width && expected.height == actual.height)
        let width = expected.width, height = expected.height
        let size = ImageSize(width: width, height: height)
        guard let width32 = Int32(exactly: width), let height32 = Int32(exactly: height),
              width * height <= Int(Int32.max) else { throw .tooLarge(size) }

        var options = cid_options(threshold: tolerance.threshold,
                                  metric: tolerance.metric == .oklab ? Int32(CID_METRIC_OKLAB.rawValue)
                                                                     : Int32(CID_METRIC_YIQ.rawValue),
                                  checkerboard: tolerance.alphaBlending.checkerboardFlag,
                                  include_aa: tolerance.includeAntiAliasing ? 1 : 0)
        var classes = [UInt8](repeating: PixelClass.same.rawValue, count: width * height)
        var counts = cid_counts()
        let status = classes.withUnsafeMutableBufferPointer { classBuffer in
            for region in tolerance.ignoreRegions {
                cid_mark_ignored(classBuffer.baseAddress, width32, height32,
                                 Int32(clamping: region.x), Int32(clamping: region.y),
                                 Int32(clamping: region.width), Int32(clamping: region.height))
            }
            return expected.pixels.withUnsafeBufferPointer { first in
                actual.pixels.withUnsafeBufferPointer { second in
                    cid_classify(first.baseAddress, second.baseAddress, width32, height32, &options,
                                 classBuffer.baseAddress, &counts)
                }
            }
        }
        try check(status, size)
        return (classes, PixelCounts(different: Int(counts.different), antiAliased: Int(counts.anti_aliased),
                                     ignored: Int(counts.ignored),
                                     changedWithinThreshold: Int(counts.changed_within_threshold)))
    }

    /// Groups different pixels into 8-connected regions; regions below `minimumSize` become speckle
    /// in `classes`. Returns the other regions in scan order and the speckle pixel count.
    static func findRegions(in classes: inout [UInt8], size: ImageSize,
                            minimumSize: Int) throws(ComparisonError) -> (regions: [DiffRegion], specklePixels: Int) {
        var found: UnsafeMutablePointer<cid_region>?
        var count: Int64 = 0
        var speckle: Int64 = 0
        let status = classes.withUnsafeMutableBufferPointer { buffer in
            cid_find_regions(buffer.baseAddress, Int32(size.width), Int32(size.height), Int64(minimumSize),
                             &found, &count, &speckle)
        }
        defer { cid_free_regions(found) }
        try check(status, size)
        guard let found else { return ([], Int(speckle)) }
        let regions = UnsafeBufferPointer(start: found, count: Int(count)).map { region in
            DiffRegion(bounds: PixelRect(x: Int(region.min_x), y: Int(region.min_y),
                                         width: Int(region.max_x - region.min_x) + 1,
                                         height: Int(region.max_y - region.min_y) + 1),
                       pixelCount: Int(region.pixel_count))
        }
        return (regions, Int(speckle))
    }

    static func densestWindow(_ classes: [UInt8], size: ImageSize,
                              window: Int) throws(ComparisonError) -> (count: Int, x: Int, y: Int) {
        var best: Int64 = 0
        var x: Int32 = 0, y: Int32 = 0
        let status = classes.withUnsafeBufferPointer { buffer in
            cid_densest_window(buffer.baseAddress, Int32(size.width), Int32(size.height), Int32(clamping: window),
                               &best, &x, &y)
        }
        try check(status, size)
        return (Int(best), Int(x), Int(y))
    }

    /// pixelmatch's diff picture; `classes` nil means every pixel is the same.
    static func diffImage(of image: RGBAImage, classes: [UInt8]?, style: DiffImageStyle) -> RGBAImage {
        let byteCount = image.width * image.height * 4
        // cid_draw_diff writes every byte, so the buffer is not zeroed first.
        let output = RGBAImage.pixelBuffer(byteCount: byteCount) { destination in
            drawDiff(of: image, classes: classes, style: style, into: destination)
            return byteCount
        }
        return RGBAImage(width: image.width, height: image.height, pixels: output)
    }

    /// The diff picture drawn over `buffer`, which must hold as many bytes as `image`: a buffer
    /// no longer needed (the actual image's) saves allocating and faulting in a new one.
    static func drawDiff(of image: RGBAImage, classes: [UInt8]?, style: DiffImageStyle, over buffer: inout [UInt8]) {
        precondition(buffer.count == image.pixels.count, "the diff is drawn over a buffer of the image's size")
        buffer.withUnsafeMutableBufferPointer { drawDiff(of: image, classes: classes, style: style, into: $0) }
    }

    private static func drawDiff(of image: RGBAImage, classes: [UInt8]?, style: DiffImageStyle,
                                 into destination: UnsafeMutableBufferPointer<UInt8>) {
        let pixelCount = image.width * image.height
        func bytes(_ color: DiffImageStyle.RGB) -> (UInt8, UInt8, UInt8) { (color.r, color.g, color.b) }
        var cStyle = cid_diff_style(alpha: style.alpha, aa_color: bytes(style.aaColor),
                                    diff_color: bytes(style.diffColor),
                                    diff_color_alt: bytes(style.diffColorAlt ?? style.diffColor),
                                    diff_mask: style.diffMask ? 1 : 0)
        image.pixels.withUnsafeBufferPointer { source in
            // No classes: every pixel is the same (byte-identical images).
            guard let classes else {
                return cid_draw_diff(source.baseAddress, nil, Int64(pixelCount), &cStyle, destination.baseAddress)
            }
            classes.withUnsafeBufferPointer { classBuffer in
                cid_draw_diff(source.baseAddress, classBuffer.baseAddress, Int64(pixelCount), &cStyle,
                              destination.baseAddress)
            }
        }
    }

    /// A new image of one colour.
    static func filledImage(width: Int, height: Int, color: RGBAImage.Pixel) -> RGBAImage {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        pixels.withUnsafeMutableBufferPointer { buffer in
            cid_fill(buffer.baseAddress, Int64(width * height), color.r, color.g, color.b, color.a)
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// Copies `rect` of `source` (which must lie inside it) into `destination` at (`x`, `y`) (which must fit).
    static func copy(_ rect: PixelRect, of source: RGBAImage, into destination: inout RGBAImage, x: Int, y: Int) {
        precondition(rect.x >= 0 && rect.y >= 0 && rect.x + rect.width <= source.width
                     && rect.y + rect.height <= source.height, "block outside the source image")
        precondition(x >= 0 && y >= 0 && x + rect.width <= destination.width && y + rect.height <= destination.height,
                     "block outside the destination image")
        let destinationWidth = destination.width
        source.pixels.withUnsafeBufferPointer { from in
            destination.pixels.withUnsafeMutableBufferPointer { to in
                cid_copy_block(from.baseAddress, Int32(source.width), Int32(rect.x), Int32(rect.y),
                               Int32(rect.width), Int32(rect.height),
                               to.baseAddress, Int32(destinationWidth), Int32(x), Int32(y))
            }
        }
    }

    private static func check(_ status: cid_status, _ size: ImageSize) throws(ComparisonError) {
        switch status {
        case CID_OK: return
        case CID_OUT_OF_MEMORY: throw .outOfMemory(size)
        default: throw .invalidImages("the pixel comparison refused \(size) buffers")
        }
    }
}

extension Tolerance.AlphaBlending {
    var checkerboardFlag: Int32 { self == .checkerboard ? 1 : 0 }
}
