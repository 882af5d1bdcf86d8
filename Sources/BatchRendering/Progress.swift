import Foundation
import Synchronization

/// How a batch run reports progress.
public enum ProgressStyle: Sendable, Equatable {
    /// A redrawn bar with counts, rate and ETA on stderr (for terminals).
    case bar
    /// A plain line on stderr every `every` jobs (for CI logs: no control characters).
    case lines(every: Int)
    /// One JSON object per event on stdout.
    case json
    /// No progress output.
    case quiet

    /// A bar on a terminal, plain lines in CI or when stderr is not a terminal.
    public static func automatic(environment: [String: String] = ProcessInfo.processInfo.environment,
                                 stderrIsTerminal: Bool = isatty(2) == 1, total: Int) -> ProgressStyle {
        if stderrIsTerminal && environment["CI"] == nil && environment["TERM"] != "dumb" { return .bar }
        return .lines(every: max(1, min(100, total / 10)))
    }
}

/// How a job of a run ended, as progress events and the summary report it.
public enum JobStatus: String, Sendable, Codable {
    /// The job rendered and wrote its files.
    case rendered
    /// The job's inputs and files were unchanged, so nothing was rendered.
    case skipped
    /// The job threw; its error is reported and the run goes on unless told to stop.
    case failed
}

/// Prints progress events; safe to call from every worker thread.
public final class ProgressReporter: Sendable {
    private struct State {
        var done = 0, rendered = 0, skipped = 0, failed = 0
        var lastDraw = 0.0
    }

    /// Where and how events are printed.
    public let style: ProgressStyle
    private let total: Int
    private let started: Double
    private let state = Mutex(State())

    /// A reporter for a run of `total` jobs; the clock for rate and ETA starts now.
    public init(style: ProgressStyle, total: Int) {
        self.style = style
        self.total = total
        started = ProgressReporter.now()
    }

    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// Reports the start of a run: the jobs of this shard and those left to other shards.
    public func begin(jobs: Int, skippedByShard: Int) {
        if style == .json {
            emitJSON(["event": "start", "jobs": jobs, "otherShards": skippedByShard])
        }
    }

    /// Reports a finished job and updates the counts (thread-safe).
    public func finished(id: String, status: JobStatus, seconds: Double, outputs: [String], error: String? = nil) {
        let line: String? = state.withLock { s in
            s.done += 1
            switch status {
            case .rendered: s.rendered += 1
            case .skipped: s.skipped += 1
            case .failed: s.failed += 1
            }
            let elapsed = ProgressReporter.now() - started
            let rate = elapsed > 0 ? Double(s.done) / elapsed : 0
            let eta = rate > 0 ? Double(total - s.done) / rate : 0
            switch style {
            case .bar:
                let now = ProgressReporter.now()
                guard now - s.lastDraw > 0.1 || s.done == total else { return nil }
                s.lastDraw = now
                let width = 30
                let filled = total > 0 ? width * s.done / total : width
                let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
                return "\r\u{1B}[2K[\(bar)] \(s.done)/\(total) " + String(format: "%.1f/s ETA %.0fs", rate, eta)
                    + (s.failed > 0 ? " \(s.failed) failed" : "")
            case .lines(let every):
                guard s.done % every == 0 || s.done == total else { return nil }
                return "batch: \(s.done)/\(total) jobs (" + String(format: "%.1f/s, ETA %.0fs", rate, eta)
                    + ", \(s.rendered) rendered, \(s.skipped) unchanged, \(s.failed) failed)\n"
            case .json, .quiet:
                return nil
            }
        }
        if let line { FileHandle.standardError.write(Data(line.utf8)) }
        if style == .json {
            var event: [String: Any] = ["event": "job", "id": id, "status": status.rawValue,
                                        "seconds": (seconds * 1000).rounded() / 1000, "outputs": outputs]
            if let error { event["error"] = error }
            emitJSON(event)
        }
    }

    /// One more job planned (options checked, files listed): a large spec takes a while to plan,
    /// so the bar or lines show it, labelled "planning"; JSON and quiet runs print nothing.
    public func planned() {
        let line: String? = state.withLock { s in
            s.done += 1
            let now = ProgressReporter.now()
            let elapsed = now - started
            let rate = elapsed > 0 ? Double(s.done) / elapsed : 0
            let eta = rate > 0 ? Double(total - s.done) / rate : 0
            switch style {
            case .bar:
                guard now - s.lastDraw > 0.1 || s.done == total else { return nil }
                s.lastDraw = now
                return "\r\u{1B}[2Kplanning \(s.done)/\(total) jobs " + String(format: "%.0f/s ETA %.0fs", rate, eta)
                    + (s.done == total ? "\n" : "")
            case .lines(let every):
                guard s.done % every == 0 || s.done == total else { return nil }
                return "planning: \(s.done)/\(total) jobs (" + String(format: "%.0f/s, ETA %.0fs", rate, eta) + ")\n"
            case .json, .quiet:
                return nil
            }
        }
        if let line { FileHandle.standardError.write(Data(line.utf8)) }
    }

    /// Reports the end of a run with the summary `fields` (JSON style prints them as one event).
    public func end(fields: [String: Any]) {
        switch style {
        case .bar: FileHandle.standardError.write(Data("\n".utf8))
        case .json:
            var event = fields
            event["event"] = "summary"
            emitJSON(event)
            return
        default: break
        }
    }

    private func emitJSON(_ object: [String: Any]) {
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else { return }
        state.withLock { _ in FileHandle.standardOutput.write(data + Data("\n".utf8)) }
    }
}
