import Drawing
import Foundation
import GoldenImageTesting
import GoldenImages
import Testing

/// A `swift test` run's golden failures, kept by assertGolden, become an HTML report and JUnit XML
/// with `cardrender report`.
@Suite("Report of a test run's golden failures")
struct ReportCLITests {
    static func picture(_ color: Color) -> Picture {
        Picture(width: 24, height: 16) { canvas in
            canvas.setFillColor(color)
            canvas.addRect(CGRect(x: 4, y: 4, width: 12, height: 8))
            canvas.fillPath()
        }
    }

    @Test func failuresOfARunAreReportedAndAPassingGoldenLeavesTheReport() throws {
        let artifacts = try CLIRunner.temporaryDirectory("report-artifacts")
        let changed = "scratch-changed-\(UUID().uuidString)", missing = "scratch-missing-\(UUID().uuidString)"
        let golden = GoldenTesting.goldenURL(named: changed, testFile: #filePath)
        defer {
            try? FileManager.default.removeItem(at: artifacts)
            try? FileManager.default.removeItem(at: golden)
        }
        try FileManager.default.createDirectory(at: golden.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Self.picture(.red).bitmap(resolution: .scale(1)).pngData().write(to: golden)

        withGoldenConfiguration(record: .never, artifacts: artifacts) {
            withKnownIssue {
                assertGolden(of: Self.picture(.blue), named: changed)
            }
            withKnownIssue {
                assertGolden(of: Self.picture(.blue), named: missing)
            }
        }
        // The layout verify reads: goldens/<TestFileName>/<name>.png beside actual/….
        let folders = TestRunArtifacts(root: artifacts)
        #expect(FileManager.default.fileExists(atPath: folders.goldens.appendingPathComponent("ReportCLITests/\(changed).png").path))
        #expect(FileManager.default.fileExists(atPath: folders.actual.appendingPathComponent("ReportCLITests/\(changed).png").path))
        #expect(FileManager.default.fileExists(atPath: folders.actual.appendingPathComponent("ReportCLITests/\(missing).png").path))

        let result = try CLIRunner.run(["report", artifacts.path])
        #expect(result.status == 1, "\(result.stdout) \(result.stderr)")
        #expect(result.stdout.contains("FAILED ReportCLITests/\(changed).png"), "\(result.stdout)")
        #expect(result.stdout.contains("NO GOLDEN ReportCLITests/\(missing).png"), "\(result.stdout)")
        let html = String(decoding: try Data(contentsOf: artifacts.appendingPathComponent("report.html")), as: UTF8.self)
        #expect(html.contains(changed) && html.contains("data:image/png;base64,"))
        let junit = String(decoding: try Data(contentsOf: artifacts.appendingPathComponent("junit.xml")), as: UTF8.self)
        #expect(junit.contains("failures=\"2\""), "\(junit)")
        // verify reads the same folders.
        let verify = try CLIRunner.run(["verify", "--goldens", folders.goldens.path, "--actual", folders.actual.path])
        #expect(verify.status == 1 && verify.stdout.contains("1 failed"), "\(verify.stdout)")

        // The next run passes the changed golden: its failure leaves the folder, the other stays.
        withGoldenConfiguration(record: .never, artifacts: artifacts) {
            assertGolden(of: Self.picture(.red), named: changed)
        }
        let again = try CLIRunner.run(["report", artifacts.path, "--json"])
        #expect(again.status == 1)
        #expect(!again.stdout.contains(changed) && again.stdout.contains(missing), "\(again.stdout)")
        #expect(!FileManager.default.fileExists(atPath: GoldenTesting.artifactsURL(named: changed, testFile: #filePath, root: artifacts).path))
    }

    @Test func aRunWithoutFailuresAndAMissingFolder() throws {
        let artifacts = try CLIRunner.temporaryDirectory("report-empty")
        defer { try? FileManager.default.removeItem(at: artifacts) }
        // An earlier run's reports, of failures since gone, are replaced by reports of none.
        for name in ["report.html", "junit.xml"] {
            try Data("stale".utf8).write(to: artifacts.appendingPathComponent(name))
        }
        let empty = try CLIRunner.run(["report", artifacts.path])
        #expect(empty.status == 0 && empty.stdout.contains("no golden image failures"), "\(empty.stdout) \(empty.stderr)")
        let junit = try String(contentsOf: artifacts.appendingPathComponent("junit.xml"), encoding: .utf8)
        #expect(junit.contains("tests=\"0\" failures=\"0\" errors=\"0\""), "\(junit)")
        #expect(try String(contentsOf: artifacts.appendingPathComponent("report.html"), encoding: .utf8).hasPrefix("<!doctype html>"))
        let missing = try CLIRunner.run(["report", artifacts.appendingPathComponent("none").path])
        #expect(missing.status == 2 && missing.stderrLines.count == 1, "\(missing.stderr)")
        let file = artifacts.appendingPathComponent("junit.xml")
        let notAFolder = try CLIRunner.run(["report", file.path])
        #expect(notAFolder.status == 2 && notAFolder.stderrLines == ["cardrender: error: \(file.path) is a file, not a folder"],
                "\(notAFolder.stderr)")
    }
}
