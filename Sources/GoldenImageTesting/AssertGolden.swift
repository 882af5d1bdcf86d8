import CardRenderSupport
import Drawing
import Foundation
import GoldenImages
#if canImport(Testing)
import Testing
#endif
#if canImport(XCTest)
import XCTest
#endif

/// Compares `value`, turned into a golden format by `strategy`, with the golden file
/// `__Goldens__/<TestFileName>/<name>.<extension>` next to the test file, and records a test
/// failure when they differ.
///
/// - `name` nil derives one from the test, as swift-snapshot-testing does: the test's name and a
///   counter, `kingOfHearts.1`, `kingOfHearts.2`, … (a parameterized test must pass names).
/// - The record mode is `record`, else the configured one (the `.goldens` trait,
///   `withGoldenConfiguration`), else `CARDRENDER_RECORD`, else `missing` (CI should use `never`).
///   Writing a golden also fails the test, so a run that recorded is never mistaken for one that
///   verified.
/// - On a failure, expected, actual and the strategy's diff files are written under the artifacts
///   folder (the configured one, else `CARDRENDER_ARTIFACTS`, else the temporary folder's
///   `cardrender-golden-artifacts`) in `failures/<TestFileName>/<name>/`, named in the message
///   (relative to the package when under it) and attached to the test where the framework supports
///   attachments. Text formats show a unified diff in the message. A PNG golden's failure is also
///   kept in the layout `cardrender verify` reads, `goldens/<TestFileName>/<name>.png` and
///   `actual/<TestFileName>/<name>.png`, and removed again when the golden passes, so
///   `cardrender report ARTIFACTS` makes the HTML report and JUnit XML of the last run.
///
/// Works under Swift Testing and XCTest.
///
/// - Returns: what happened, or nil when the golden could not be verified at all (the reason is
///   recorded as a failure).
@discardableResult
public func assertGolden<Value, Format>(
    of value: @autoclosure () throws -> Value, as strategy: GoldenStrategy<Value, Format>, named name: String? = nil,
    record: RecordMode? = nil, fileID: String = #fileID, file: StaticString = #filePath, function: String = #function,
    line: UInt = #line, column: UInt = #column
) -> GoldenOutcome? {
    let location = GoldenSourceLocation(fileID: fileID, filePath: file, line: line, column: column)
    let goldenName: String
    if let name {
        if let problem = GoldenTesting.problem(withName: name) {
            GoldenTesting.recordFailure(problem, at: location)
            return nil
        }
        goldenName = name
    } else {
        guard !GoldenNaming.isInParameterizedTest else {
            GoldenTesting.recordFailure(
                "a parameterized test must name its goldens (named:), or its cases would share them", at: location)
            return nil
        }
        goldenName = GoldenNaming.nextName(fileID: fileID, function: function)
    }
    func fail(_ message: String) {
        GoldenTesting.recordFailure("golden '\(goldenName)': \(message)", at: location)
    }

    let mode: RecordMode
    let format: Format
    do {
        mode = try GoldenConfiguration.resolvedRecordMode(explicit: record)
    } catch {
        GoldenTesting.recordFailure(error.description, at: location)
        return nil
    }
    do {
        format = try strategy.snapshot(value())
    } catch {
        fail("cannot make the value to compare: \(error)")
        return nil
    }

    let testFile = "\(file)"
    let artifactsRoot = GoldenTesting.artifactsRoot()
    let packageRoot = GoldenTesting.packageRoot(containing: testFile)
    let verification: GoldenVerification
    do {
        verification = try GoldenVerifier.verify(
            format, diffing: strategy.diffing,
            golden: GoldenTesting.goldenURL(named: goldenName, testFile: testFile, pathExtension: strategy.pathExtension),
            pathExtension: strategy.pathExtension, mode: mode,
            artifactsDirectory: GoldenTesting.artifactsURL(named: goldenName, testFile: testFile, root: artifactsRoot),
            display: { GoldenTesting.displayPath($0, packageRoot: packageRoot) })
    } catch {
        fail("\(error)")
        return nil
    }
    let outcome = verification.outcome
    let details = verification.mismatch?.details.map { "\n" + $0 } ?? ""
    switch outcome.status {
    case .matched:
        break
    case .recorded, .rerecorded:
        fail(outcome.message + ". Re-run with \(RecordMode.environmentVariable)=never to verify." + details)
    case .failed, .missingGolden, .missingActual, .error:
        fail(outcome.message + details)
    }
    GoldenAttachments.record(verification.artifactFiles, golden: goldenName, at: location)
    if strategy.pathExtension == "png" {
        do {
            try GoldenTesting.keepForReport(verification, named: goldenName, testFile: testFile, root: artifactsRoot)
        } catch {
            fail("\(error)")
        }
    }
    return outcome
}

/// Compares `image` with the PNG golden `__Goldens__/<TestFileName>/<name>.png`: the
/// `.image(tolerance:)` strategy (a nil tolerance takes the configured one, else `Tolerance.default`).
@discardableResult
public func assertGolden(of image: RGBAImage, named name: String? = nil, tolerance: Tolerance? = nil,
                         record: RecordMode? = nil, fileID: String = #fileID, file: StaticString = #filePath,
                         function: String = #function, line: UInt = #line, column: UInt = #column) -> GoldenOutcome? {
    assertGolden(of: image, as: .image(tolerance: tolerance), named: name, record: record, fileID: fileID, file: file,
                 function: function, line: line, column: column)
}

/// Rasterises `picture` at `scale` pixels per point and compares it like `assertGolden(of:named:)`.
@discardableResult
public func assertGolden(of picture: Picture, scale: Double = 1, named name: String? = nil, tolerance: Tolerance? = nil,
                         record: RecordMode? = nil, fileID: String = #fileID, file: StaticString = #filePath,
                         function: String = #function, line: UInt = #line, column: UInt = #column) -> GoldenOutcome? {
    assertGolden(of: picture, as: .image(scale: scale, tolerance: tolerance), named: name, record: record,
                 fileID: fileID, file: file, function: function, line: line, column: column)
}

/// Where an assertion was made, for the failure and its attachments.
struct GoldenSourceLocation: Sendable {
    var fileID: String
    var filePath: StaticString
    var line: UInt
    var column: UInt

    #if canImport(Testing)
    var swiftTesting: SourceLocation {
        SourceLocation(fileID: fileID, filePath: "\(filePath)", line: Int(line), column: Int(column))
    }
    #endif
}

/// Where goldens and artifacts go, and how failures reach the running test framework.
public enum GoldenTesting {
    /// Folder for failure artifacts; the system temporary folder's `cardrender-golden-artifacts` when unset.
    public static let artifactsEnvironmentVariable = TestRunArtifacts.environmentVariable

    /// `<folder of the test file>/__Goldens__/<TestFileName>/<name>.<pathExtension>`.
    public static func goldenURL(named name: String, testFile: String, pathExtension: String = "png") -> URL {
        let testFile = URL(fileURLWithPath: testFile)
        return testFile.deletingLastPathComponent()
            .appendingPathComponent("__Goldens__", isDirectory: true)
            .appendingPathComponent(testFile.deletingPathExtension().lastPathComponent, isDirectory: true)
            .appendingPathComponent(name + "." + pathExtension)
    }

    /// The configured artifacts folder, else `CARDRENDER_ARTIFACTS`, else the temporary folder's
    /// `cardrender-golden-artifacts`.
    public static func artifactsRoot(configured: GoldenConfiguration = .current,
                                     environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        configured.artifacts ?? TestRunArtifacts.fromEnvironment(environment).root
    }

    /// `<artifacts root>/failures/<TestFileName>/<name>/`: expected, actual and diff files of one
    /// failure, laid out as `cardrender verify --artifacts` writes them.
    public static func artifactsURL(named name: String, testFile: String, root: URL? = nil,
                                    environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        TestRunArtifacts(root: root ?? artifactsRoot(environment: environment)).failures
            .appendingPathComponent(testFileName(testFile), isDirectory: true)
            .appendingPathComponent(name, isDirectory: true)
    }

    /// `<artifacts root>/goldens/<TestFileName>/<name>.png` and `<artifacts root>/actual/…`: the
    /// folders `cardrender verify --goldens --actual` (and `cardrender report`) compare.
    public static func reportURLs(named name: String, testFile: String, root: URL) -> (golden: URL, actual: URL) {
        let folders = TestRunArtifacts(root: root), relative = testFileName(testFile) + "/" + name + ".png"
        return (folders.goldens.appendingPathComponent(relative), folders.actual.appendingPathComponent(relative))
    }

    private static func testFileName(_ testFile: String) -> String {
        URL(fileURLWithPath: testFile).deletingPathExtension().lastPathComponent
    }

    /// Keeps a failing PNG golden's expected and actual image where `cardrender report` finds them,
    /// or removes what an earlier run kept once the golden passes or is recorded.
    static func keepForReport(_ verification: GoldenVerification, named name: String, testFile: String,
                              root: URL) throws {
        let urls = reportURLs(named: name, testFile: testFile, root: root)
        func data(_ fileName: String) -> Data? { verification.artifactFiles.first { $0.fileName == fileName }?.data }
        let kept: (golden: Data?, actual: Data?) = verification.outcome.isFailure
            ? (data("expected.png"), data("actual.png")) : (nil, nil)
        do {
            // Both folders exist once anything failed, so verify can always read the pair.
            if kept.actual != nil {
                try AtomicFile.prepareDirectory(TestRunArtifacts(root: root).goldens)
                try AtomicFile.prepareDirectory(TestRunArtifacts(root: root).actual)
            }
            for (url, bytes) in [(urls.golden, kept.golden), (urls.actual, kept.actual)] {
                if let bytes {
                    try AtomicFile.prepareDirectory(url.deletingLastPathComponent())
                    try AtomicFile.write(bytes, to: url, durable: false)
                } else if FileManager.default.fileExists(atPath: url.path) {
                    try FileManager.default.removeItem(at: url)
                }
            }
            if kept.actual == nil {
                let failure = artifactsURL(named: name, testFile: testFile, root: root)
                if FileManager.default.fileExists(atPath: failure.path) { try FileManager.default.removeItem(at: failure) }
            }
        } catch let error as FileWriteError {
            throw GoldenFileError("cannot keep the failure for cardrender report: \(error.description)")
        } catch {
            throw GoldenFileError("cannot keep the failure for cardrender report: \(error.localizedDescription)")
        }
    }

    /// The nearest folder above `testFile` that holds a `Package.swift`, or nil.
    public static func packageRoot(containing testFile: String) -> URL? {
        var folder = URL(fileURLWithPath: testFile).standardizedFileURL.deletingLastPathComponent()
        while folder.path != "/" {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
                return folder
            }
            folder = folder.deletingLastPathComponent()
        }
        return nil
    }

    /// `url`'s path relative to `packageRoot` when it is inside it, else the full path.
    public static func displayPath(_ url: URL, packageRoot: URL?) -> String {
        let path = url.standardizedFileURL.path
        guard let root = packageRoot?.standardizedFileURL.path else { return path }
        let prefix = root.hasSuffix("/") ? root : root + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    /// A golden name is one file name without extension: letters, digits, `-`, `_`, `.` and spaces,
    /// not starting with a dot. Returns why not, or nil when it is fine.
    static func problem(withName name: String) -> String? {
        if name.isEmpty { return "a golden name must not be empty" }
        if name.hasPrefix(".") { return "golden name '\(name)' must not start with a dot" }
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-_. "))
        if name.unicodeScalars.contains(where: { !allowed.contains($0) }) {
            return "golden name '\(name)' may only use letters, digits, '-', '_', '.' and spaces"
        }
        return nil
    }

    /// Records a failure in Swift Testing when a Swift Testing test is running, else in XCTest.
    static func recordFailure(_ message: String, at location: GoldenSourceLocation) {
        #if canImport(Testing)
        if Test.current != nil {
            Issue.record(Comment(rawValue: message), sourceLocation: location.swiftTesting)
            return
        }
        #endif
        #if canImport(XCTest)
        XCTFail(message, file: location.filePath, line: location.line)
        #else
        print("error: \(location.filePath):\(location.line): \(message)")
        #endif
    }
}
