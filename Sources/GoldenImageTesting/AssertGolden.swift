import Drawing
import Foundation
import GoldenImages
#if canImport(Testing)
import Testing
#endif
#if canImport(XCTest)
import XCTest
#endif

/// Where goldens and artifacts go, and how failures reach the running test framework.
public enum GoldenTesting {
    /// Folder for failure artifacts; the system temporary folder's `cardrender-golden-artifacts` when unset.
    public static let artifactsEnvironmentVariable = "CARDRENDER_ARTIFACTS"

    /// `<folder of the test file>/__Goldens__/<TestFileName>/<name>.png`.
    public static func goldenURL(named name: String, testFile: String) -> URL {
        let testFile = URL(fileURLWithPath: testFile)
        return testFile.deletingLastPathComponent()
            .appendingPathComponent("__Goldens__", isDirectory: true)
            .appendingPathComponent(testFile.deletingPathExtension().lastPathComponent, isDirectory: true)
            .appendingPathComponent(name + ".png")
    }

    /// `<artifacts root>/<TestFileName>/<name>/`.
    public static func artifactsURL(named name: String, testFile: String,
                                    environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        let root = environment[artifactsEnvironmentVariable].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("cardrender-golden-artifacts")
        return root
            .appendingPathComponent(URL(fileURLWithPath: testFile).deletingPathExtension().lastPathComponent,
                                    isDirectory: true)
            .appendingPathComponent(name, isDirectory: true)
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
    static func recordFailure(_ message: String, fileID: String, filePath: StaticString, line: UInt, column: UInt) {
        #if canImport(Testing)
        if Test.current != nil {
            Issue.record(Comment(rawValue: message),
                         sourceLocation: SourceLocation(fileID: fileID, filePath: "\(filePath)",
                                                        line: Int(line), column: Int(column)))
            return
        }
        #endif
        #if canImport(XCTest)
        XCTFail(message, file: filePath, line: line)
        #else
        print("error: \(filePath):\(line): \(message)")
        #endif
    }
}

/// Compares `image` with the golden `__Goldens__/<TestFileName>/<name>.png` next to the test file
/// and records a test failure when they differ beyond `tolerance`.
///
/// The record mode is `record`, else the `CARDRENDER_RECORD` environment variable, else `missing`
/// (CI should set `never`). As in swift-snapshot-testing, writing a golden also fails the test,
/// so a run that recorded is never mistaken for one that verified. On a failure, expected.png,
/// actual.png, diff.png and composite.png are written under `CARDRENDER_ARTIFACTS` (default: the
/// temporary folder's `cardrender-golden-artifacts/<TestFileName>/<name>/`) and the failure
/// message names them. Works under Swift Testing and XCTest.
///
/// - Returns: what happened, or nil when the golden could not be verified at all (the reason is
///   recorded as a failure).
@discardableResult
public func assertGolden(of image: RGBAImage, named name: String, tolerance: Tolerance = .default,
                         record: RecordMode? = nil, fileID: String = #fileID, file: StaticString = #filePath,
                         line: UInt = #line, column: UInt = #column) -> GoldenOutcome? {
    func fail(_ message: String) {
        GoldenTesting.recordFailure(message, fileID: fileID, filePath: file, line: line, column: column)
    }
    if let problem = GoldenTesting.problem(withName: name) {
        fail(problem)
        return nil
    }
    let testFile = "\(file)"
    let mode: RecordMode
    if let record {
        mode = record
    } else {
        do {
            mode = try RecordMode.fromEnvironment() ?? .missing
        } catch {
            fail(error.description)
            return nil
        }
    }
    do {
        let outcome = try GoldenStore.verify(
            image, golden: GoldenTesting.goldenURL(named: name, testFile: testFile), tolerance: tolerance, mode: mode,
            artifactsDirectory: GoldenTesting.artifactsURL(named: name, testFile: testFile))
        switch outcome.kind {
        case .matched:
            break
        case .failed, .missing:
            fail("golden '\(name)': \(outcome.message)")
        case .recorded, .rerecorded:
            fail("golden '\(name)': \(outcome.message). Re-run with \(RecordMode.environmentVariable)=never to verify.")
        }
        return outcome
    } catch {
        fail("golden '\(name)': \(error.description)")
        return nil
    }
}

/// Rasterises `picture` at `scale` pixels per point and compares it like `assertGolden(of:named:)`.
@discardableResult
public func assertGolden(of picture: Picture, scale: Double = 1, named name: String, tolerance: Tolerance = .default,
                         record: RecordMode? = nil, fileID: String = #fileID, file: StaticString = #filePath,
                         line: UInt = #line, column: UInt = #column) -> GoldenOutcome? {
    let image: RGBAImage
    do {
        image = try picture.rasterize(scale: scale)
    } catch {
        GoldenTesting.recordFailure("golden '\(name)': cannot draw the picture: \(error)", fileID: fileID,
                                    filePath: file, line: line, column: column)
        return nil
    }
    return assertGolden(of: image, named: name, tolerance: tolerance, record: record, fileID: fileID, file: file,
                        line: line, column: column)
}
