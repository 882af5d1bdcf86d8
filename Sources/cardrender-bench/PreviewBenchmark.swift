import CardRenderSupport
import Foundation
import Synchronization

/// `cardrender preview`: how long after a one-row edit of the data the card is drawn again, on a
/// 100-card and a 1,000-card deck (the cards benchmark's template and rows, 150 dpi as the preview
/// draws them). The built `cardrender preview` runs as its own process; the benchmark saves the
/// CSV as an editor does (a new file renamed over the old one) and times the save to the line the
/// server prints once the card is drawn and the pages are told: inotify's wake-up, the settling
/// wait, reading the files, the keys and the one card. Median of 9 edits each.
enum PreviewBenchmark {
    static let section = "preview"
    static let edits = 9

    static func run(cardrender: String) throws {
        guard Subprocess.cardrenderIsBuilt(at: cardrender) else { return }
        print("\n== Preview: a one-row CSV edit to the card drawn again (save → server's line), median of \(edits) ==")
        for count in [100, 1_000] {
            let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cardrender-preview-bench-\(getpid())-\(count)")
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: dir) }
            try CardsBenchmark.writeFixture(in: dir, count: count)
            try measure(cardrender: cardrender, in: dir, count: count)
        }
    }

    static func measure(cardrender: String, in dir: URL, count: Int) throws {
        let server = try Server(cardrender: cardrender, folder: dir)
        defer { server.stop() }
        let started = Measure.now()
        guard server.waitForLine(containing: "Previewing", seconds: 600) != nil else {
            throw MessageError("cardrender preview did not start: \(server.lines)")
        }
        let firstRender = Measure.now() - started
        let csv = dir.appendingPathComponent("bench.csv")
        // Each edit changes a row not edited before, and only that row.
        var text = try String(contentsOf: csv, encoding: .utf8)
        var latencies: [Double] = [], reported: [Double] = []
        for edit in 0..<edits {
            let row = 1 + (edit * 37) % count
            text = text.replacingOccurrences(of: ",Card number \(row),", with: ",Card number \(row) (edit \(edit)),")
            let saved = Measure.now()
            try save(text, to: csv)
            guard let line = server.waitForLine(containing: "redrew", seconds: 30) else {
                throw MessageError("no redraw within 30 s of editing row \(row): \(server.lines)")
            }
            latencies.append(Measure.now() - saved)
            if let milliseconds = line.split(separator: " ").dropLast().last.flatMap({ Double($0) }) { reported.append(milliseconds / 1000) }
            guard line.contains("redrew row \(row) in") else {
                throw MessageError("editing row \(row) gave \"\(line)\"")
            }
        }
        print("\(count) cards: first render".padding(toLength: 34, withPad: " ", startingAt: 0) + Measure.ms(firstRender))
        print("\(count) cards: save → card redrawn".padding(toLength: 34, withPad: " ", startingAt: 0)
              + Measure.ms(Measure.median(latencies))
              + String(format: "  (redraw itself %.1f ms; max %.1f ms)", Measure.median(reported) * 1000, (latencies.max() ?? 0) * 1000))
    }

    static func save(_ text: String, to url: URL) throws {
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).saving")
        try Data(text.utf8).write(to: temporary)
        guard rename(temporary.path, url.path) == 0 else { throw MessageError("cannot rename over \(url.path)") }
    }

    /// `cardrender preview bench.yaml --data bench.csv` with its output lines collected.
    final class Server: Sendable {
        let process: Process
        private let collected = Mutex<[String]>([])

        var lines: [String] { collected.withLock { $0 } }

        init(cardrender: String, folder: URL) throws {
            process = Process()
            process.executableURL = URL(fileURLWithPath: cardrender)
            process.arguments = ["preview", "bench.yaml", "--data", "bench.csv"]
            process.currentDirectoryURL = folder
            let out = Pipe()
            process.standardOutput = out
            process.standardError = FileHandle.nullDevice
            try process.run()
            Thread.detachNewThread { [self] in
                var buffer = Data()
                while case let chunk = out.fileHandleForReading.availableData, !chunk.isEmpty {
                    buffer += chunk
                    while let end = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                        let line = String(decoding: buffer[buffer.startIndex..<end], as: UTF8.self)
                        self.collected.withLock { $0.append(line) }
                        buffer = Data(buffer[(end + 1)...])
                    }
                }
            }
        }

        /// The first line printed from now on that contains `text` (earlier lines are dropped).
        func waitForLine(containing text: String, seconds: Double) -> String? {
            let deadline = Measure.now() + seconds
            while Measure.now() < deadline, process.isRunning {
                let found = collected.withLock { lines -> String? in
                    guard let index = lines.firstIndex(where: { $0.contains(text) }) else { return nil }
                    let line = lines[index]
                    lines.removeSubrange(...index)
                    return line
                }
                if let found { return found }
                usleep(1_000)
            }
            return nil
        }

        func stop() {
            guard process.isRunning else { return }
            process.interrupt()
            process.waitUntilExit()
        }
    }
}
