import ArgumentParser
import CardRenderSupport
import FoundationEssentials
import GoldenImages

/// `cardrender verify --goldens DIR --actual DIR`: every PNG compared by relative path.
package struct VerifyCommand: ParsableCommand {
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Compare a folder of rendered PNGs with a folder of golden PNGs.",
        discussion: """
        Images are matched by relative path; goldens without an actual image and actual images \
        without a golden are failures (unless --record writes the golden). Goldens are written \
        atomically and a passing golden is never touched unless --record all. The record mode \
        defaults to $\(RecordMode.environmentVariable), else never. Exit status: 0 when every \
        image passes or was recorded, 1 when any fails, 2 for an error (a missing folder, a \
        golden folder that is a file, an unreadable image). Pairs are compared -j at a time; \
        the output is the same for any -j.
        """
    )


    @Option(help: "The folder of golden PNGs.", completion: .directory)
    var goldens: String

    @Option(help: "The folder of actual PNGs.", completion: .directory)
    var actual: String

    @Option(help: "When to write goldens.")
    var record: RecordMode?

    @OptionGroup var toleranceOptions: ToleranceOptions

    @OptionGroup(title: "Diff images (artifacts and report)") var diffImageOptions: DiffImageOptions

    @Option(help: ArgumentHelp("Write a self-contained HTML report here.", valueName: "file.html"),
            completion: .file(extensions: ["html"]))
    var report: String?

    @Option(help: ArgumentHelp("Write a JUnit XML report here.", valueName: "file.xml"),
            completion: .file(extensions: ["xml"]))
    var junit: String?

    @Option(help: "Write expected, actual, diff and composite PNGs of each failure under this folder.",
            completion: .directory)
    var artifacts: String?

    @Flag(help: "Print the results as JSON.")
    var json = false

    @OptionGroup var parallel: ParallelOptions

    package func validate() throws {
        for (path, flag) in [(goldens, "--goldens"), (actual, "--actual"), (report, "--report"), (junit, "--junit"),
                             (artifacts, "--artifacts")] as [(String?, String)] {
            try PathArgument.requireNonEmpty(path, flag)
        }
    }

    package func run() throws {
        let verification: FolderVerification
        do throws(GoldenError) {
            var mode = RecordMode.never
            if let record {
                mode = record
            } else if let fromEnvironment = try RecordMode.fromEnvironment() {
                mode = fromEnvironment
            }
            FolderVerification.keepFreedImageMemory()
            verification = try FolderVerification.run(
                goldens: URL(fileURLWithPath: goldens), actual: URL(fileURLWithPath: actual),
                tolerance: Tolerance(toleranceOptions, drawing: diffImageOptions), mode: mode,
                artifactsDirectory: artifacts.map { URL(fileURLWithPath: $0) }, workers: parallel.count,
                keepingReportImages: report != nil)
        } catch {
            throw MessageError(error.description)
        }
        try GoldenReporting.finish(verification, report: report, junit: junit, json: json)
    }
}
