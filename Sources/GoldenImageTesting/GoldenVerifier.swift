import CardRenderSupport
import Drawing
import Foundation
import GoldenImages

/// A golden file that cannot be read, written or decoded. Descriptions are one line.
struct GoldenFileError: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) { self.description = description }
}

/// What verifying one golden found and wrote.
struct GoldenVerification: Sendable {
    var outcome: GoldenOutcome
    /// Nil when the value matched, or when there was no golden to compare with.
    var mismatch: GoldenMismatch?
    /// The artifacts written, under the names they were written with (expected.png, diff.png, …).
    var artifactFiles: [GoldenArtifactFile] = []
}

/// Compares a value with its golden file by a `GoldenDiffing`, and records goldens by `RecordMode`
/// with the same rules as `GoldenStore.verify`: a missing golden is written unless the mode is
/// `never`; `all` rewrites every golden, `failed` the failing ones; a golden that does not decode
/// is only replaced by `all`. Files are written whole (`AtomicFile`).
enum GoldenVerifier {
    static func verify<Format>(
        _ actual: Format, diffing: GoldenDiffing<Format>, golden: URL, pathExtension: String, mode: RecordMode,
        artifactsDirectory: URL?, display: (URL) -> String
    ) throws -> GoldenVerification {
        let goldenName = display(golden)
        let actualData: Data
        do {
            actualData = try diffing.toData(actual)
        } catch {
            throw GoldenFileError("cannot encode the actual value for \(goldenName): \(error)")
        }
        try checkParents(of: golden)
        guard let expectedData = try read(golden, display: display) else {
            return try missingGolden(actualData, at: golden, pathExtension: pathExtension, mode: mode,
                                     artifactsDirectory: artifactsDirectory, display: display)
        }
        let mismatch: GoldenMismatch?
        if expectedData == actualData {
            mismatch = nil
        } else {
            let expected: Format
            do {
                expected = try diffing.fromData(expectedData)
            } catch {
                return try unreadableGolden(error, at: golden, replacedBy: actualData, mode: mode, display: display)
            }
            do {
                mismatch = try diffing.diff(expected, actual)
            } catch {
                throw GoldenFileError("cannot compare with golden \(goldenName): \(error)")
            }
        }
        var verification = GoldenVerification(
            outcome: GoldenOutcome(status: .matched, goldenPath: golden.path, message: "matches \(goldenName)",
                                   result: mismatch?.imageComparison?.result, artifacts: nil,
                                   comparison: mismatch?.imageComparison),
            mismatch: mismatch)
        var note = ""
        if let mismatch, let artifactsDirectory {
            note = try writeArtifacts(of: mismatch, expected: expectedData, actual: actualData, pathExtension: pathExtension,
                                      to: artifactsDirectory, into: &verification, display: display)
        }
        try settle(&verification, mismatch: mismatch, recording: actualData, at: golden, mode: mode, note: note,
                   display: display)
        return verification
    }

    /// No golden: recorded unless the mode is `never`, which fails and writes the actual value
    /// as an artifact.
    private static func missingGolden(_ actualData: Data, at golden: URL, pathExtension: String, mode: RecordMode,
                                      artifactsDirectory: URL?, display: (URL) -> String) throws -> GoldenVerification {
        let goldenName = display(golden)
        guard mode.writesMissingGoldens() else {
            var verification = GoldenVerification(
                outcome: GoldenOutcome(status: .missingGolden, goldenPath: golden.path, message: "", result: nil,
                                       artifacts: nil, comparison: nil))
            let actualFile = GoldenArtifactFile(fileName: "actual." + pathExtension, data: actualData)
            if let artifactsDirectory {
                let written = try write([actualFile], to: artifactsDirectory)
                verification.outcome.artifacts = GoldenArtifacts(
                    directory: artifactsDirectory.path, actual: written[0].path, expected: nil, diff: nil,
                    composite: nil)
                verification.artifactFiles = [actualFile]
                verification.outcome.message = "no golden at \(goldenName) (record mode never)"
                    + artifactNote(written, display: display)
            } else {
                verification.outcome.message = "no golden at \(goldenName) (record mode never)"
            }
            return verification
        }
        try record(actualData, at: golden, display: display)
        return GoldenVerification(outcome: GoldenOutcome(
            status: .recorded, goldenPath: golden.path, message: "recorded new golden \(goldenName)", result: nil,
            artifacts: nil, comparison: nil))
    }

    /// A golden that does not decode: an error, unless the mode is `all`, which replaces it.
    private static func unreadableGolden(_ error: Error, at golden: URL, replacedBy actualData: Data, mode: RecordMode,
                                         display: (URL) -> String) throws -> GoldenVerification {
        let goldenName = display(golden)
        guard mode == .all else { throw GoldenFileError("cannot read golden \(goldenName): \(error)") }
        try record(actualData, at: golden, display: display)
        return GoldenVerification(outcome: GoldenOutcome(
            status: .rerecorded, goldenPath: golden.path,
            message: "rewrote unreadable golden \(goldenName) (record mode all): \(error)", result: nil,
            artifacts: nil, comparison: nil))
    }

    /// Writes a mismatch's artifacts (expected, actual, diff, composite) and records them in
    /// `verification`; returns the note that names them.
    private static func writeArtifacts(of mismatch: GoldenMismatch, expected: Data, actual: Data, pathExtension: String,
                                       to folder: URL, into verification: inout GoldenVerification,
                                       display: (URL) -> String) throws -> String {
        let files = [GoldenArtifactFile(fileName: "expected." + pathExtension, data: expected),
                     GoldenArtifactFile(fileName: "actual." + pathExtension, data: actual)]
            + [mismatch.diff, mismatch.composite].compactMap { $0 }
        let written = try write(files, to: folder)
        verification.artifactFiles = files
        verification.outcome.artifacts = GoldenArtifacts(
            directory: folder.path, actual: written[1].path, expected: written[0].path,
            diff: mismatch.diff.map { folder.appendingPathComponent($0.fileName).path },
            composite: mismatch.composite.map { folder.appendingPathComponent($0.fileName).path })
        return artifactNote(written, display: display)
    }

    /// The outcome by the record mode: the golden rewritten (`all`, or `failed` on a mismatch),
    /// else a mismatch fails.
    private static func settle(_ verification: inout GoldenVerification, mismatch: GoldenMismatch?, recording actualData: Data,
                               at golden: URL, mode: RecordMode, note: String, display: (URL) -> String) throws {
        let goldenName = display(golden)
        if mode.rewritesExistingGolden(passed: mismatch == nil) {
            try record(actualData, at: golden, display: display)
            verification.outcome.status = .rerecorded
            verification.outcome.message = "rewrote golden \(goldenName) (record mode \(mode.rawValue))"
                + (mismatch.map { ": " + $0.summary } ?? "") + note
        } else if let mismatch {
            verification.outcome.status = .failed
            verification.outcome.message = "\(goldenName): \(mismatch.summary)" + note
        }
    }

    /// "; wrote a, b" for the artifacts written, or nothing.
    private static func artifactNote(_ files: [URL], display: (URL) -> String) -> String {
        files.isEmpty ? "" : "; wrote " + files.map(display).joined(separator: ", ")
    }

    /// The golden's bytes, or nil when there is no file.
    private static func read(_ golden: URL, display: (URL) -> String) throws -> Data? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: golden.path, isDirectory: &isDirectory) else { return nil }
        if isDirectory.boolValue { throw GoldenFileError("\(display(golden)) is a folder, not a golden file") }
        do {
            return try Data(contentsOf: golden)
        } catch {
            throw GoldenFileError("cannot read golden \(display(golden)): \(error.localizedDescription)")
        }
    }

    /// A file where a folder of the golden's path should be is an error, not a missing golden.
    private static func checkParents(of golden: URL) throws {
        var folder = golden.standardizedFileURL.deletingLastPathComponent()
        var isDirectory: ObjCBool = false
        while folder.path != "/" {
            if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory) {
                if isDirectory.boolValue { return }
                throw GoldenFileError("\(folder.path) is a file, not a folder")
            }
            folder = folder.deletingLastPathComponent()
        }
    }

    private static func record(_ data: Data, at golden: URL, display: (URL) -> String) throws {
        do {
            try AtomicFile.prepareDirectory(golden.deletingLastPathComponent())
            try AtomicFile.write(data, to: golden)
        } catch {
            throw GoldenFileError("cannot write golden \(display(golden)): \(error.description)")
        }
    }

    private static func write(_ files: [GoldenArtifactFile], to folder: URL) throws -> [URL] {
        do {
            try AtomicFile.prepareDirectory(folder)
            return try files.map { file throws(FileWriteError) in
                let url = folder.appendingPathComponent(file.fileName)
                try AtomicFile.write(file.data, to: url, durable: false)
                return url
            }
        } catch {
            throw GoldenFileError("cannot write artifacts: \(error.description)")
        }
    }
}
