import Dispatch
import FoundationEssentials
import Images
import Synchronization

/// Two PNG files compared, with the diff image and the expected | actual | diff composite
/// written where asked: `cardrender diff` as a library call.
public struct FileComparison: Sendable {
    /// The golden PNG.
    public var expected: URL
    /// The rendered PNG.
    public var actual: URL
    /// How much the images may differ.
    public var tolerance: Tolerance
    /// Where to write the diff image (faded expected, differences red, anti-aliasing yellow).
    public var diffImage: URL?
    /// Where to write expected | actual | diff side by side.
    public var compositeImage: URL?
    /// The largest image, diff or composite, in pixels; checked from the headers before decoding.
    public var maxPixels: Int

    /// A comparison of two files; nothing is read until ``run()``.
    public init(expected: URL, actual: URL, tolerance: Tolerance = .default, diffImage: URL? = nil,
                compositeImage: URL? = nil, maxPixels: Int = RenderLimits.defaultMaxPixels) {
        self.expected = expected
        self.actual = actual
        self.tolerance = tolerance
        self.diffImage = diffImage
        self.compositeImage = compositeImage
        self.maxPixels = maxPixels
    }

    /// What was compared and written; `cardrender diff --json` prints it.
    public struct Report: Sendable, Encodable {
        /// The golden's path.
        public var expected: String
        /// The rendered image's path.
        public var actual: String
        /// Equal or within tolerance.
        public var passed: Bool
        /// What the comparison found.
        public var result: ImageDiffResult
        /// Where the diff image was written, if it was asked for.
        public var diffImage: String?
        /// Where the composite was written, if it was asked for.
        public var compositeImage: String?
    }

    /// Reads both images, compares them and writes the images asked for (atomically). Throws
    /// `ImageError` over the budget, `GoldenError` for a file that cannot be read or written,
    /// `ComparisonError` for a tolerance that cannot apply; each describes itself in one line.
    public func run() throws -> Report {
        try checkBudget()
        var report: Report
        let diffPixels: RGBAImage?, compositePixels: RGBAImage?, diffEncoding: PNG.Encoding
        do {
            // The decoded pair is released at the end of this scope, before the PNGs are encoded.
            // The actual image is handed over, so the diff can be drawn over its pixels.
            let (expectedImage, actualImage) = try Self.readImages(expected, actual)
            var comparison = try ImageComparison(expected: expectedImage, actual: consume actualImage,
                                                 tolerance: tolerance)
            report = Report(expected: expected.path, actual: actual.path, passed: comparison.result.passed,
                            result: comparison.result)
            compositePixels = compositeImage == nil ? nil : comparison.makeCompositeImage()
            diffPixels = diffImage == nil ? nil : comparison.takeDiffImage()
            diffEncoding = comparison.diffImageIsGrey ? .grey8 : .automatic
        }
        if let diffImage, let diffPixels {
            try GoldenStore.writePNG(diffPixels, to: diffImage, encoding: diffEncoding)
            report.diffImage = diffImage.path
        }
        if let compositeImage, let compositePixels {
            try GoldenStore.writePNG(compositePixels, to: compositeImage)
            report.compositeImage = compositeImage.path
        }
        return report
    }

    /// Reads both files and decodes them, the second on another thread when the files are well
    /// compressed: decoding is most of a comparison's time. Files that hardly compress (noise) are
    /// decoded one after the other, each file's bytes let go once decoded, so the peak holds one
    /// file's bytes fewer. Files with the same bytes are decoded once. When both fail, the first
    /// file's error is the one thrown.
    static func readImages(_ first: URL, _ second: URL) throws(GoldenError) -> (RGBAImage, RGBAImage) {
        let urls = [first, second]
        var data = urls.map { url in Result { () throws(GoldenError) -> Data in try Paths.readData(url) } }
        if case .success(let bytes) = data[0], case .success(bytes) = data[1] {
            let image = try Paths.decode(bytes, from: first)
            return (image, image)
        }
        guard decodesSideBySide(data) else {
            let firstImage = try Paths.decode(data[0].get(), from: first)
            data[0] = .success(Data())
            return (firstImage, try Paths.decode(data[1].get(), from: second))
        }
        let files = data
        let results = Mutex<[Result<RGBAImage, GoldenError>?]>([nil, nil])
        DispatchQueue.concurrentPerform(iterations: urls.count) { index in
            let result = Result { () throws(GoldenError) -> RGBAImage in try Paths.decode(files[index].get(), from: urls[index]) }
            results.withLock { $0[index] = result }
        }
        let (firstResult, secondResult) = results.withLock { ($0[0], $0[1]) }
        guard let firstResult, let secondResult else { preconditionFailure("concurrentPerform ran every index") }
        return (try firstResult.get(), try secondResult.get())
    }

    /// Side by side unless both are PNGs whose bytes are more than a quarter of their pixels' (as
    /// their headers give them): rendered pictures compress ten times or more.
    static func decodesSideBySide(_ data: [Result<Data, GoldenError>]) -> Bool {
        var fileBytes = 0.0, pixelBytes = 0.0
        for case .success(let bytes) in data {
            guard let header = try? PNG.header(of: bytes) else { return true }
            fileBytes += Double(bytes.count)
            // In floating point: a header's sides are untrusted until the decoder checks them.
            pixelBytes += Double(header.width) * Double(header.height) * 4
        }
        return fileBytes * 4 <= pixelBytes
    }

    /// Refuses images over `maxPixels` from their headers, and the composite when it is asked for.
    /// A file that cannot be read or has no valid header is left to the decoder, which says what
    /// is wrong with it.
    private func checkBudget() throws(ImageError) {
        var sizes: [(width: Int, height: Int)] = []
        for url in [expected, actual] {
            guard let data = try? Data(contentsOf: url, options: .mappedIfSafe),
                  let header = try? PNG.header(of: data) else { return }
            try RenderLimits.checkBudget(width: header.width, height: header.height, maxPixels: maxPixels,
                                         what: url.path)
            sizes.append((header.width, header.height))
        }
        if compositeImage != nil, let widest = sizes.map(\.width).max(), let tallest = sizes.map(\.height).max() {
            // The diff image is as wide and tall as the larger of the two.
            let size = ImageComparison.compositeSize(of: sizes + [(widest, tallest)])
            try RenderLimits.checkBudget(width: size.width, height: size.height, maxPixels: maxPixels,
                                         what: "the composite image")
        }
    }
}
