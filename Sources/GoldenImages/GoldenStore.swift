import FoundationEssentials
import Images

/// Where the files of a failed comparison were written.
public struct GoldenArtifacts: Sendable, Hashable, Codable {
    /// The folder the files are in.
    public var directory: String
    /// The golden's bytes as they were before any rewrite; nil when there was no readable golden.
    public var expected: String?
    /// The rendered image.
    public var actual: String
    /// The diff image; nil without a comparison (a missing golden).
    public var diff: String?
    /// Expected, actual and diff side by side; nil without a comparison.
    public var composite: String?

    /// Every file written, expected first.
    public var paths: [String] { [expected, actual, diff, composite].compactMap { $0 } }
}

/// What `GoldenStore.verify` found and did.
public struct GoldenOutcome: Sendable {
    /// `matched`, `failed`, `missingGolden`, `recorded` or `rerecorded`; a golden that cannot be
    /// read or written is thrown instead.
    public var status: GoldenStatus
    /// The golden file's path.
    public var goldenPath: String
    /// Nil when there was no golden to compare with.
    public var result: ImageDiffResult? = nil
    /// The files written for a failure; nil when none were.
    public var artifacts: GoldenArtifacts? = nil
    /// One line, with the artifact paths when there are any.
    public var message: String
    /// The comparison itself (nil without a golden), to draw reports from.
    public var comparison: ImageComparison? = nil
    /// The golden's bytes as read, before any rewrite.
    var expectedPNG: Data? = nil

    /// The actual image did not match and nothing was recorded.
    public var isFailure: Bool { status.isFailure }
}

/// Compares actual images with golden PNG files and records goldens by `RecordMode`.
///
/// Goldens are only ever written whole: to a temporary file in the same folder, flushed, then
/// renamed over the old one. A golden that passes is never touched unless the mode is `all`.
public enum GoldenStore {
    /// Compares `actual` with the PNG at `golden` and records according to `mode`.
    ///
    /// - Parameters:
    ///   - actual: the rendered image.
    ///   - actualPNG: the actual image's PNG bytes if it came from a file; written as is when
    ///     recording, so a golden keeps its encoding. Encoded from `actual` when nil.
    ///   - golden: the golden PNG file.
    ///   - tolerance: how much the images may differ.
    ///   - mode: when the golden is written (see ``RecordMode``).
    ///   - artifactsDirectory: where expected.png, actual.png, diff.png and composite.png go on a
    ///     failure (actual.png alone for a missing golden); nothing is written when nil.
    public static func verify(_ actual: RGBAImage, actualPNG: Data? = nil, golden: URL,
                              tolerance: Tolerance = .default, mode: RecordMode,
                              artifactsDirectory: URL?) throws(GoldenError) -> GoldenOutcome {
        let goldenPath = golden.path
        var outcome = GoldenOutcome(status: .matched, goldenPath: goldenPath, message: "")

        let expected: (image: RGBAImage, data: Data)
        switch try readGolden(golden, besides: actual, actualPNG: actualPNG) {
        case .missing:
            guard mode.writesMissingGoldens() else {
                outcome.status = .missingGolden
                outcome.artifacts = try artifactsDirectory.map { folder throws(GoldenError) in
                    try writeArtifacts(to: folder, expectedPNG: nil, actual: actual, actualPNG: actualPNG, comparison: nil)
                }
                outcome.message = "no golden at \(goldenPath) (record mode \(mode.rawValue))"
                    + artifactNote(outcome.artifacts)
                return outcome
            }
            try record(actual, actualPNG: actualPNG, at: golden)
            outcome.status = .recorded
            outcome.message = "recorded new golden \(goldenPath)"
            return outcome
        case .unreadable(let error):
            // A golden that cannot be read is only replaced when every golden is being rewritten.
            guard mode == .all else { throw error }
            try record(actual, actualPNG: actualPNG, at: golden)
            outcome.status = .rerecorded
            outcome.message = "rewrote unreadable golden \(goldenPath) (record mode all): \(error.description)"
            return outcome
        case .read(let image, let data):
            expected = (image, data)
        }

        let comparison: ImageComparison
        do {
            comparison = try ImageComparison(expected: expected.image, actual: actual, tolerance: tolerance)
        } catch {
            throw .comparison(error)
        }
        outcome.result = comparison.result
        outcome.comparison = comparison
        outcome.expectedPNG = expected.data
        let passed = comparison.result.passed

        if !passed, let artifactsDirectory {
            outcome.artifacts = try writeArtifacts(to: artifactsDirectory, expectedPNG: expected.data, actual: actual,
                                                   actualPNG: actualPNG, comparison: comparison)
        }
        if mode.rewritesExistingGolden(passed: passed) {
            try record(actual, actualPNG: actualPNG, at: golden)
            outcome.status = .rerecorded
            outcome.message = "rewrote golden \(goldenPath) (record mode \(mode.rawValue)): \(comparison.result.message)"
                + artifactNote(outcome.artifacts)
        } else if passed {
            outcome.status = .matched
            outcome.message = comparison.result.message
        } else {
            outcome.status = .failed
            outcome.message = "\(goldenPath): \(comparison.result.message)" + artifactNote(outcome.artifacts)
        }
        return outcome
    }

    /// Reads and decodes a PNG file, keeping its bytes (errors name the file, in one line).
    public static func readImage(at url: URL) throws(GoldenError) -> (image: RGBAImage, data: Data) {
        try Paths.readImage(url)
    }

    /// Encodes `image` as PNG (in `encoding`; by default the narrowest that fits) and writes it
    /// atomically, creating the folder if needed.
    public static func writePNG(_ image: RGBAImage, to url: URL, encoding: PNG.Encoding = .automatic) throws(GoldenError) {
        try Paths.makeDirectory(url.deletingLastPathComponent())
        if Paths.kind(of: url) == .directory { throw .isADirectory(path: url.path) }
        try Paths.writeAtomically(Paths.encode(image, for: url, encoding: encoding), to: url)
    }

    /// Writes the actual image as the golden, atomically, creating its folder if needed.
    static func record(_ actual: RGBAImage, actualPNG: Data?, at golden: URL) throws(GoldenError) {
        try Paths.makeDirectory(golden.deletingLastPathComponent())
        let data: Data
        if let actualPNG { data = actualPNG } else { data = try Paths.encode(actual, for: golden) }
        try Paths.writeAtomically(data, to: golden)
    }

    /// What is at a golden's path.
    private enum GoldenFile {
        case missing
        case unreadable(GoldenError)
        case read(image: RGBAImage, data: Data)
    }

    /// The golden, opened once (its folders are looked at only when nothing is there). A golden
    /// with the actual image's bytes is not decoded again. A folder in its place, or a file where
    /// one of its folders should be, is an error whatever the record mode.
    private static func readGolden(_ golden: URL, besides actual: RGBAImage,
                                   actualPNG: Data?) throws(GoldenError) -> GoldenFile {
        let data: Data?
        do throws(GoldenError) {
            data = try Paths.readDataIfPresent(golden)
        } catch .isADirectory(let path) {
            throw .isADirectory(path: path)
        } catch {
            return .unreadable(error)
        }
        guard let data else {
            try checkParents(of: golden)
            return .missing
        }
        do throws(GoldenError) {
            let known = actualPNG.map { (image: actual, data: $0) }
            return .read(image: try Paths.decode(data, from: golden, sameBytesAs: known), data: data)
        } catch {
            return .unreadable(error)
        }
    }

    /// A file where a folder of the golden's path should be is an error, not a missing golden.
    private static func checkParents(of golden: URL) throws(GoldenError) {
        var folder = golden.standardizedFileURL.deletingLastPathComponent()
        while folder.path != "/" {
            switch Paths.kind(of: folder) {
            case .file: throw .notADirectory(path: folder.path)
            case .directory: return
            case .missing: folder = folder.deletingLastPathComponent()
            }
        }
    }

    static func writeArtifacts(to folder: URL, expectedPNG: Data?, actual: RGBAImage, actualPNG: Data?,
                               comparison: ImageComparison?) throws(GoldenError) -> GoldenArtifacts {
        try Paths.makeDirectory(folder)
        func write(_ data: Data, _ name: String) throws(GoldenError) -> String {
            let url = folder.appendingPathComponent(name)
            try Paths.writeAtomically(data, to: url)
            return url.path
        }
        let actualData: Data
        if let actualPNG {
            actualData = actualPNG
        } else {
            actualData = try Paths.encode(actual, for: folder.appendingPathComponent("actual.png"))
        }
        var artifacts = GoldenArtifacts(directory: folder.path, actual: try write(actualData, "actual.png"))
        if let expectedPNG { artifacts.expected = try write(expectedPNG, "expected.png") }
        if let comparison {
            let diffURL = folder.appendingPathComponent("diff.png")
            artifacts.diff = try write(Paths.encode(comparison.makeDiffImage(), for: diffURL), "diff.png")
            let compositeURL = folder.appendingPathComponent("composite.png")
            artifacts.composite = try write(Paths.encode(comparison.makeCompositeImage(), for: compositeURL),
                                            "composite.png")
        }
        return artifacts
    }

    private static func artifactNote(_ artifacts: GoldenArtifacts?) -> String {
        guard let artifacts else { return "" }
        return "; wrote " + artifacts.paths.joined(separator: ", ")
    }
}
