#if canImport(Testing)
import Foundation
import GoldenImages
import Testing

/// Sets the golden configuration of a Swift Testing suite or test:
///
/// ```swift
/// @Suite(.goldens(record: .failed, tolerance: Tolerance(maxDiffPixels: 20)))
/// struct CardGoldenTests { … }
/// ```
///
/// It applies to every test of the suite and its nested suites; a nested suite's or a test's own
/// trait overrides the fields it sets. Each test case also gets its own golden-name counters.
public struct GoldenConfigurationTrait: SuiteTrait, TestTrait, TestScoping {
    /// The fields this trait sets for its suite or test.
    public var configuration: GoldenConfiguration

    /// A trait that applies `configuration`; usually written `.goldens(record:tolerance:artifacts:)`.
    public init(_ configuration: GoldenConfiguration) {
        self.configuration = configuration
    }

    /// Copied onto every test of the suite, so each test case runs in its own scope.
    public var isRecursive: Bool { true }

    public func provideScope(for test: Test, testCase: Test.Case?,
                             performing function: @Sendable () async throws -> Void) async throws {
        try await withGoldenConfiguration(record: configuration.record, tolerance: configuration.tolerance,
                                          artifacts: configuration.artifacts) {
            try await GoldenNaming.withFreshCounters(function)
        }
    }
}

extension Trait where Self == GoldenConfigurationTrait {
    /// Record mode, default tolerance and failure folder for the goldens of this suite or test; nil
    /// keeps the enclosing value (`assertGolden`'s own arguments still win).
    public static func goldens(record: RecordMode? = nil, tolerance: Tolerance? = nil, artifacts: URL? = nil) -> Self {
        GoldenConfigurationTrait(GoldenConfiguration(record: record, tolerance: tolerance, artifacts: artifacts))
    }
}
#endif
