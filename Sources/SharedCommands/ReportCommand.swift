import ArgumentParser
import CardRenderSupport
import FoundationEssentials
import GoldenImages

/// `cardrender report [ARTIFACTS]`: the HTML report and JUnit XML of the golden failures a
/// `swift test` run kept.
package struct ReportCommand: ParsableCommand {
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Make the HTML report and JUnit XML of the golden image failures of the last swift test run.",
        discussion: """
        assertGolden keeps each failing PNG golden of a test run in ARTIFACTS: the expected image \
        under goldens/ and the actual one under actual/, by test file and golden name, and removes \
        them when the golden passes again. This compares the two folders as verify does (pass the \
        tolerance the tests use) and writes ARTIFACTS/report.html and ARTIFACTS/junit.xml. Nothing \
        else is written. Exit status: 0 when no golden failed, 1 when any did, 2 for an error.
        """
    )

    @Argument(help: ArgumentHelp(
        "The artifacts folder of the test run (default: $\(TestRunArtifacts.environmentVariable), else the temporary folder's cardrender-golden-artifacts).",
        valueName: "artifacts"), completion: .directory)
    var artifacts: String?

    @OptionGroup var toleranceOptions: ToleranceOptions

    @OptionGroup(title: "Diff images (report)") var diffImageOptions: DiffImageOptions

    @Option(help: ArgumentHelp("Write the HTML report here (default: ARTIFACTS/report.html).", valueName: "file.html"),
            completion: .file(extensions: ["html"]))
    var report: String?

    @Option(help: ArgumentHelp("Write the JUnit XML report here (default: ARTIFACTS/junit.xml).", valueName: "file.xml"),
            completion: .file(extensions: ["xml"]))
    var junit: String?

    @Flag(help: "Print the results as JSON.")
    var json = false

    package func validate() throws {
        for (path, flag) in [(artifacts, "ARTIFACTS"), (report, "--report"), (junit, "--junit")] as [(String?, String)] {
            try PathArgument.requireNonEmpty(path, flag)
        }
    }

    package func run() throws {
        let folders = artifacts.map { TestRunArtifacts(root: URL(fileURLWithPath: $0)) } ?? .fromEnvironment()
        switch Syscalls.kind(at: folders.root.path) {
        case nil: throw MessageError("no artifacts folder \(folders.root.path): the tests kept no golden failure there")
        case .directory: break
        case .some: throw MessageError(GoldenError.notADirectory(path: folders.root.path).description)
        }
        let tolerance = Tolerance(toleranceOptions, drawing: diffImageOptions)
        let verification: FolderVerification
        if FileManager.default.fileExists(atPath: folders.actual.path) {
            do throws(GoldenError) {
                verification = try FolderVerification.run(goldens: folders.goldens, actual: folders.actual, tolerance: tolerance, mode: .never)
            } catch {
                throw MessageError(error.description)
            }
        } else {
            // No failure kept: the reports say so, in place of an earlier run's.
            if !json { print("no golden image failures in \(folders.root.path)") }
            verification = FolderVerification(goldensDirectory: folders.goldens.path, actualDirectory: folders.actual.path,
                                              mode: .never, tolerance: tolerance)
        }
        try GoldenReporting.finish(
            verification, report: report ?? folders.root.appendingPathComponent("report.html").path,
            junit: junit ?? folders.root.appendingPathComponent("junit.xml").path, json: json)
    }
}
