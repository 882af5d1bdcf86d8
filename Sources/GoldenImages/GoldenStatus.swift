/// What became of one golden: matched, failed, recorded, or missing on one side. One
/// `assertGolden` (``GoldenOutcome/status``), each entry of a folder verification
/// (``FolderVerification/Entry/status``) and the reports all speak of it in these terms; the
/// raw values are what the JSON report and the JUnit failure types show.
public enum GoldenStatus: String, Sendable, Hashable, Codable, CaseIterable {
    /// Within tolerance; the golden was not touched.
    case matched
    /// Out of tolerance; the golden was not touched.
    case failed
    /// There was no golden; the actual image was written as the new golden.
    case recorded
    /// An existing golden was replaced (mode `all`, or mode `failed` on a failure).
    case rerecorded
    /// A golden without an actual image; only a folder verification finds one.
    case missingActual
    /// There is no golden and the record mode does not write one.
    case missingGolden
    /// The image could not be read or written. A folder verification goes on with the other
    /// images; `assertGolden` records the reason as a test failure instead.
    case error

    /// The actual image did not match and nothing was recorded. An `error` is not a failure of
    /// the image but of reading or writing it, and is counted apart.
    public var isFailure: Bool { self == .failed || self == .missingActual || self == .missingGolden }
}
