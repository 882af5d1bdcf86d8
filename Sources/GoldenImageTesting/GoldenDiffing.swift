import Drawing
import Foundation
import GoldenImages

/// How one format is stored in a golden file and compared with it, like swift-snapshot-testing's
/// `Diffing`: bytes out, bytes in, and a diff that explains a failure.
public struct GoldenDiffing<Format>: Sendable {
    /// The bytes written to the golden file.
    public var toData: @Sendable (Format) throws -> Data
    /// Reads a golden file back; throws when its bytes are not this format.
    public var fromData: @Sendable (Data) throws -> Format
    /// Nil when `actual` passes against `expected`, else what differs.
    public var diff: @Sendable (_ expected: Format, _ actual: Format) throws -> GoldenMismatch?

    /// A diffing from its three steps.
    public init(toData: @escaping @Sendable (Format) throws -> Data,
                fromData: @escaping @Sendable (Data) throws -> Format,
                diff: @escaping @Sendable (_ expected: Format, _ actual: Format) throws -> GoldenMismatch?) {
        self.toData = toData
        self.fromData = fromData
        self.diff = diff
    }
}

/// Why an actual value failed against its golden.
public struct GoldenMismatch: Sendable {
    /// One line, e.g. "81 of 3072 pixels differ …" or "2 lines removed, 1 added".
    public var summary: String
    /// Printed under the summary in the failure message (a unified diff for text); nil for none.
    public var details: String?
    /// A file showing the difference (diff.png, diff.patch), written beside expected and actual.
    public var diff: GoldenArtifactFile?
    /// Expected and actual side by side, for formats that have one (composite.png).
    public var composite: GoldenArtifactFile?
    /// The pixel comparison, for image formats.
    public var imageComparison: ImageComparison?

    /// A mismatch; only the summary is needed.
    public init(summary: String, details: String? = nil, diff: GoldenArtifactFile? = nil,
                composite: GoldenArtifactFile? = nil, imageComparison: ImageComparison? = nil) {
        self.summary = summary
        self.details = details
        self.diff = diff
        self.composite = composite
        self.imageComparison = imageComparison
    }
}

/// A file written next to a failed golden's expected and actual files, and attached to the test.
public struct GoldenArtifactFile: Sendable, Hashable {
    /// The name it is written under, e.g. `diff.png`; the golden's name is added before it for attachments.
    public var fileName: String
    /// The file's bytes.
    public var data: Data

    /// A file from its name and bytes.
    public init(fileName: String, data: Data) {
        self.fileName = fileName
        self.data = data
    }
}

extension GoldenDiffing where Format == RGBAImage {
    /// PNG files compared pixel by pixel (pixelmatch colour distance, anti-aliasing, clusters,
    /// density, ignore regions); a failure writes diff.png and composite.png.
    ///
    /// - Parameter tolerance: nil takes the running test's configured tolerance
    ///   (`GoldenConfiguration.current`), else `Tolerance.default`.
    public static func image(tolerance: Tolerance? = nil) -> GoldenDiffing {
        GoldenDiffing(
            toData: { image in try PNG.encode(image) },
            fromData: { data in try PNG.decode(data) },
            diff: { expected, actual in
                let comparison = try ImageComparison(expected: expected, actual: actual,
                                                     tolerance: GoldenConfiguration.resolvedTolerance(tolerance))
                guard !comparison.result.passed else { return nil }
                return GoldenMismatch(
                    summary: comparison.result.message,
                    diff: GoldenArtifactFile(fileName: "diff.png", data: try PNG.encode(comparison.makeDiffImage())),
                    composite: GoldenArtifactFile(fileName: "composite.png",
                                                  data: try PNG.encode(comparison.makeCompositeImage())),
                    imageComparison: comparison)
            })
    }
}

extension GoldenDiffing where Format == String {
    /// UTF-8 text compared line by line; a failure shows a unified diff with three lines of context
    /// in the message (at most 60 lines) and writes all of it as diff.patch.
    public static var lines: GoldenDiffing { lines(contextLines: 3) }

    /// `lines` with `contextLines` unchanged lines around each change.
    public static func lines(contextLines: Int) -> GoldenDiffing {
        GoldenDiffing(
            toData: { text in Data(text.utf8) },
            fromData: { data in
                guard let text = String(data: data, encoding: .utf8) else {
                    throw GoldenFileError("the file is not UTF-8 text")
                }
                return text
            },
            diff: { expected, actual in
                guard expected != actual else { return nil }
                let diff = UnifiedDiff(expected: expected, actual: actual, contextLines: contextLines)
                return GoldenMismatch(
                    summary: diff.summary, details: diff.text(lineLimit: UnifiedDiff.messageLineLimit),
                    diff: GoldenArtifactFile(fileName: "diff.patch",
                                             data: Data(diff.text(headers: ("expected", "actual")).utf8)))
            })
    }
}
