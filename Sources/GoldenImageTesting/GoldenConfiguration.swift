import Foundation
import GoldenImages

/// Record mode, default tolerance and failure folder for the goldens of a suite or a test.
///
/// Set it once with the Swift Testing trait `@Suite(.goldens(record: .failed))`, or in XCTest by
/// wrapping `invokeTest()` in `withGoldenConfiguration(record:tolerance:artifacts:operation:)`. A field left
/// nil keeps the value of the enclosing scope. Precedence, first set wins: the argument of
/// `assertGolden`, the innermost configured scope, `CARDRENDER_RECORD`, then `missing` and
/// `Tolerance.default`. The failure folder: the innermost configured scope, `CARDRENDER_ARTIFACTS`,
/// then the temporary folder's `cardrender-golden-artifacts`.
public struct GoldenConfiguration: Sendable, Hashable {
    /// When goldens are written; nil keeps the enclosing scope's.
    public var record: RecordMode?
    /// The tolerance of image goldens that pass none; nil keeps the enclosing scope's.
    public var tolerance: Tolerance?
    /// Where failures are written, in the layout `cardrender report` reads.
    public var artifacts: URL?

    /// A configuration; each field left nil keeps the enclosing scope's value.
    public init(record: RecordMode? = nil, tolerance: Tolerance? = nil, artifacts: URL? = nil) {
        self.record = record
        self.tolerance = tolerance
        self.artifacts = artifacts
    }

    /// The configuration in effect for the running task (empty outside any scope).
    public static var current: GoldenConfiguration { scoped }

    @TaskLocal static var scoped = GoldenConfiguration()

    /// `inner`'s fields where set, else this configuration's.
    public func overridden(by inner: GoldenConfiguration) -> GoldenConfiguration {
        GoldenConfiguration(record: inner.record ?? record, tolerance: inner.tolerance ?? tolerance,
                            artifacts: inner.artifacts ?? artifacts)
    }

    /// The record mode for one assertion: `explicit`, else `configured.record`, else
    /// `CARDRENDER_RECORD` in `environment`, else `missing`.
    public static func resolvedRecordMode(
        explicit: RecordMode?, configured: GoldenConfiguration = .current,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(GoldenError) -> RecordMode {
        if let mode = explicit ?? configured.record { return mode }
        return try RecordMode.fromEnvironment(environment) ?? .missing
    }

    /// `explicit`, else `configured.tolerance`, else `Tolerance.default`.
    public static func resolvedTolerance(_ explicit: Tolerance?,
                                         configured: GoldenConfiguration = .current) -> Tolerance {
        explicit ?? configured.tolerance ?? .default
    }
}

/// Runs `operation` with `record` and `tolerance` as the golden configuration, over whatever an
/// enclosing scope set. For XCTest, set it for a whole class:
///
/// ```swift
/// override func invokeTest() {
///     withGoldenConfiguration(record: .failed) { super.invokeTest() }
/// }
/// ```
public func withGoldenConfiguration<Result>(
    record: RecordMode? = nil, tolerance: Tolerance? = nil, artifacts: URL? = nil, operation: () throws -> Result
) rethrows -> Result {
    let configuration = GoldenConfiguration.current.overridden(
        by: GoldenConfiguration(record: record, tolerance: tolerance, artifacts: artifacts))
    return try GoldenConfiguration.$scoped.withValue(configuration, operation: operation)
}

/// `withGoldenConfiguration(record:tolerance:artifacts:operation:)` for async code.
public func withGoldenConfiguration<Result>(
    record: RecordMode? = nil, tolerance: Tolerance? = nil, artifacts: URL? = nil,
    isolation: isolated (any Actor)? = #isolation, operation: () async throws -> Result
) async rethrows -> Result {
    let configuration = GoldenConfiguration.current.overridden(
        by: GoldenConfiguration(record: record, tolerance: tolerance, artifacts: artifacts))
    return try await GoldenConfiguration.$scoped.withValue(configuration, operation: operation, isolation: isolation)
}
