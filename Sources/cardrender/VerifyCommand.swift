import ArgumentParser
import CardRenderSupport
import Foundation
import GoldenImages

/// `cardrender verify --goldens DIR --actual DIR`: every PNG compared by relative path.
struct VerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Compare a folder of rendered PNGs with a folder of golden PNGs.",
        discussion: """
        Images are matched by relative path; goldens without an actual image and actual images \
        without a golden are failures (unless --record writes the golden). Goldens are written \
        atomically and a passing golden is never touched unless --record all. The record mode \
        defaults to $\(RecordMode.environmentVariable), else never. Exit status: 0 when every \
        image passes or was recorded, 1 when any fails, 2 for an error (a missing folder, a \
        golden folder that is a file, an unreadable image).
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

    func validate() throws {
        for (path, flag) in [(goldens, "--goldens"), (actual, "--actual"), (report, "--report"), (junit, "--junit"),
                             (artifacts, "--artifacts")] as [(String?, String)] {
            try PathArgument.requireNonEmpty(path, flag)
        }
    }

    func run() throws {
        let verification: FolderVerification
        do throws(GoldenError) {
            var mode = RecordMode.never
            if let record {
                mode = record
            } else if let fromEnvironment = try RecordMode.fromEnvironment() {
                mode = fromEnvironment
            }
            verification = try FolderVerification.run(
                goldens: URL(fileURLWithPath: goldens), actual: URL(fileURLWithPath: actual),
                tolerance: Tolerance(toleranceOptions, drawing: diffImageOptions), mode: mode,
                artifactsDirectory: artifacts.map { URL(fileURLWithPath: $0) })
            if let report { try verification.writeHTMLReport(to: URL(fileURLWithPath: report)) }
            if let junit { try verification.writeJUnitReport(to: URL(fileURLWithPath: junit)) }
            if json { print(String(decoding: try verification.jsonData(), as: UTF8.self)) }
        } catch {
            throw MessageError(error.description)
        }

        if !json { printSummary(verification) }
        let summary = verification.summary
        if summary.errors > 0 {
            let first = verification.entries.first { $0.status == .error }?.message ?? ""
            throw MessageError(summary.errors == 1 ? first : "\(summary.errors) images had errors; first: \(first)")
        }
        if verification.hasFailures { throw ExitCode(1) }
    }

    private func printSummary(_ verification: FolderVerification) {
        for entry in verification.entries where entry.status != .matched {
            print("\(label(entry.status)) \(entry.path): \(entry.message)")
        }
        let summary = verification.summary
        var parts = ["\(summary.matched) matched", "\(summary.failed) failed"]
        if summary.missingActual > 0 { parts.append("\(summary.missingActual) without actual image") }
        if summary.missingGolden > 0 { parts.append("\(summary.missingGolden) without golden") }
        if summary.recorded > 0 { parts.append("\(summary.recorded) recorded") }
        if summary.rerecorded > 0 { parts.append("\(summary.rerecorded) rewritten") }
        if summary.errors > 0 { parts.append("\(summary.errors) errors") }
        print("golden images: \(summary.total) compared: " + parts.joined(separator: ", "))
        if let report { print("report: \(URL(fileURLWithPath: report).path)") }
        if let junit { print("junit: \(URL(fileURLWithPath: junit).path)") }
    }

    private func label(_ status: FolderVerification.Entry.Status) -> String {
        switch status {
        case .matched: "MATCHED"
        case .failed: "FAILED"
        case .recorded: "RECORDED"
        case .rerecorded: "REWROTE"
        case .missingActual: "MISSING ACTUAL"
        case .missingGolden: "NO GOLDEN"
        case .error: "ERROR"
        }
    }
}
