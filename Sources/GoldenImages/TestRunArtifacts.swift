import Foundation

/// The folder where `assertGolden` keeps the failures of a test run, in the layout
/// `cardrender verify` reads: `goldens/<TestFileName>/<name>.png` (the expected image, when there
/// is one) beside `actual/<TestFileName>/<name>.png`, and each failure's expected, actual and
/// diff files in `failures/<TestFileName>/<name>/`. `cardrender report` compares the first two.
public struct TestRunArtifacts: Sendable, Hashable {
    /// Sets the folder; the temporary folder's `cardrender-golden-artifacts` when unset or empty.
    public static let environmentVariable = "CARDRENDER_ARTIFACTS"

    public var root: URL

    public init(root: URL) { self.root = root }

    /// `CARDRENDER_ARTIFACTS`, else the temporary folder's `cardrender-golden-artifacts`.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment)
        -> TestRunArtifacts {
        let configured = environment[environmentVariable].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
        return TestRunArtifacts(root: configured
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("cardrender-golden-artifacts"))
    }

    public var goldens: URL { root.appendingPathComponent("goldens", isDirectory: true) }
    public var actual: URL { root.appendingPathComponent("actual", isDirectory: true) }
    public var failures: URL { root.appendingPathComponent("failures", isDirectory: true) }
}
