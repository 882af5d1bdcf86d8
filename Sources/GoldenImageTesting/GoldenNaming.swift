import Foundation
import Synchronization
#if canImport(Testing)
import Testing
#endif

/// Golden names derived from the running test, as swift-snapshot-testing does: the test's name
/// and a counter per test, `kingOfHearts.1`, `kingOfHearts.2`, … in the order of the assertions.
/// The first golden of a test is `.1` too, so adding an assertion never renames an earlier golden.
public enum GoldenNaming {
    /// The test's name without its parameter list, with anything but letters, digits, `-` and `_`
    /// turned into `-`: `kingOfHearts()` → `kingOfHearts`, and a raw identifier such as `ace high` → `ace-high`.
    public static func sanitized(_ testName: String) -> String {
        let base = testName.prefix { $0 != "(" }
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-_"))
        var name = ""
        for scalar in base.unicodeScalars {
            if allowed.contains(scalar) {
                name.unicodeScalars.append(scalar)
            } else if !name.isEmpty, !name.hasSuffix("-") {
                name += "-"
            }
        }
        while name.hasSuffix("-") { name.removeLast() }
        return name.isEmpty ? "golden" : name
    }

    /// The running test's name: Swift Testing's `Test.current`, else `function` (XCTest's
    /// `#function`). Swift Testing's name is right even when called from a helper function.
    static func testName(function: String) -> String {
        #if canImport(Testing)
        if let test = Test.current, !test.isSuite { return test.name }
        #endif
        return function
    }

    /// Identifies the running test for its counter: Swift Testing's test id, else the file and function.
    static func testKey(fileID: String, function: String) -> String {
        #if canImport(Testing)
        if let test = Test.current { return "test \(test.id)" }
        #endif
        return "function \(fileID) \(function)"
    }

    /// True in a parameterized Swift Testing test, whose cases would share derived names.
    static var isInParameterizedTest: Bool {
        #if canImport(Testing)
        return Test.current?.isParameterized ?? false
        #else
        return false
        #endif
    }

    /// The next derived name of the running test.
    static func nextName(fileID: String, function: String) -> String {
        let base = sanitized(testName(function: function))
        let counters = scopedCounters ?? processCounters
        return "\(base).\(counters.next(for: testKey(fileID: fileID, function: function)))"
    }

    /// Counters for the current test case, installed by the `.goldens` trait (so a repeated run of
    /// a test starts again at 1); without it, `processCounters`.
    @TaskLocal static var scopedCounters: GoldenNameCounters?
    static let processCounters = GoldenNameCounters()

    /// Runs `operation` with counters of its own, starting at 1.
    static func withFreshCounters<Result>(
        isolation: isolated (any Actor)? = #isolation, _ operation: () async throws -> Result
    ) async rethrows -> Result {
        try await $scopedCounters.withValue(GoldenNameCounters(), operation: operation, isolation: isolation)
    }
}

/// Counts the derived goldens of each test; safe to use from tests that run in parallel.
final class GoldenNameCounters: Sendable {
    private let counts = Mutex<[String: Int]>([:])

    /// 1 for a key's first call, then 2, 3, …
    func next(for key: String) -> Int {
        counts.withLock { counts in
            let next = counts[key, default: 0] + 1
            counts[key] = next
            return next
        }
    }
}
