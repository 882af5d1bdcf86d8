import ArgumentParser
import CardRenderSupport
import FoundationEssentials
import GoldenImages

/// What `verify` and `report` do with a finished verification: reports, printing, exit status.
enum GoldenReporting {
    static func finish(_ verification: FolderVerification, report: String?, junit: String?, json: Bool) throws {
        // Pairs stopped starting at a stop signal: what ran is not the run asked for, so nothing is reported.
        try Interruption.checkpoint()
        do throws(GoldenError) {
            if let report { try verification.writeHTMLReport(to: URL(fileURLWithPath: report)) }
            if let junit { try verification.writeJUnitReport(to: URL(fileURLWithPath: junit)) }
            if json { print(String(decoding: try verification.jsonData(), as: UTF8.self)) }
        } catch {
            throw MessageError(error.description)
        }
        if !json { printSummary(verification, report: report, junit: junit) }
        let summary = verification.summary
        if summary.errors > 0 {
            let first = verification.entries.first { $0.status == .error }?.message ?? ""
            throw MessageError(summary.errors == 1 ? first : "\(summary.errors) images had errors; first: \(first)")
        }
        if verification.hasFailures { throw ExitCode(1) }
    }

    private static func printSummary(_ verification: FolderVerification, report: String?, junit: String?) {
        for entry in verification.entries where entry.status != .matched {
            print("\(label(entry.status)) \(entry.path): \(entry.message)")
        }
        let summary = verification.summary
        var parts = ["\(summary.matched) matched", "\(summary.failed) failed"]
        if summary.missingActual > 0 { parts.append("\(summary.missingActual) without actual image") }
        if summary.missingGolden > 0 { parts.append("\(summary.missingGolden) without golden") }
        if summary.recorded > 0 { parts.append("\(summary.recorded) recorded") }
        if summary.rerecorded > 0 { parts.append("\(summary.rerecorded) rewritten") }
        if summary.errors > 0 { parts.append(summary.errors == 1 ? "1 error" : "\(summary.errors) errors") }
        print("golden images: \(summary.total) compared: " + parts.joined(separator: ", "))
        if let report { print("report: \(URL(fileURLWithPath: report).path)") }
        if let junit { print("junit: \(URL(fileURLWithPath: junit).path)") }
    }

    private static func label(_ status: GoldenStatus) -> String {
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
