import FoundationEssentials

/// The folder where `assertGolden` keeps the failures of a test run, in the layout
/// `cardrender verify` reads: `goldens/<TestFileName>/<name>.png` (the expected image, when there
/// is one) beside `actual/<TestFileName>/<name>.png`, and each failure's expected, actual and
/// diff files in `failures/<TestFileName>/<name>/`. `cardrender report` compares the first two.
public struct TestRunArtifacts: Sendable, Hashable {
    /// Sets the folder; the temporary folder's `cardrender-golden-artifacts` when unset or empty.
    public static let environmentVariable = "CARDRENDER_ARTIFACTS"

    /// The folder that holds `goldens/`, `actual/` and `failures/`.
    public var root: URL

    /// The layout under `root`.
    public init(root: URL) { self.root = root }

    /// `CARDRENDER_ARTIFACTS`, else the temporary folder's `cardrender-golden-artifacts`.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment)
        -> TestRunArtifacts {
        let configured = environment[environmentVariable].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
        return TestRunArtifacts(root: configured
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("cardrender-golden-artifacts"))
    }

    /// `<root>/goldens/`: the expected images of failing goldens, for `verify --goldens`.
    public var goldens: URL { root.appendingPathComponent("goldens", isDirectory: true) }
    /// `<root>/actual/`: the actual images of failing goldens, for `verify --actual`.
    public var actual: URL { root.appendingPathComponent("actual", isDirectory: true) }
    /// `<root>/failures/`: each failure's expected, actual and diff files, one folder per golden.
    public var failures: URL { root.appendingPathComponent("failures", isDirectory: true) }
}
