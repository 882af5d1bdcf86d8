import Foundation
import Testing

/// Planning a large spec: capped, and shown while it runs.
@Suite struct PlanningCLITests {
    private func spec(cards: Int, sizes: Int) -> String {
        let ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
        let names = ["S", "H", "D", "C"].flatMap { suit in ranks.map { $0 + suit } }.prefix(cards)
        let sizeList = (0..<sizes).map { "\(60 + $0)x84pt" }
        return """
        jobs:
          - kind: card
            card: [\(names.joined(separator: ", "))]
            size: [\(sizeList.joined(separator: ", "))]
            scale: 1
            output: c/{size}
        """
    }

    @Test func aLargeSpecShowsPlanningProgressOnStderr() throws {
        let dir = try CLIRunner.temporaryDirectory("planning")
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("spec.yaml")
        try Data(spec(cards: 50, sizes: 4).utf8).write(to: url)  // 200 jobs, the least that shows it
        let result = try CLIRunner.run(["batch", url.path, "--dry-run", "--out", dir.appendingPathComponent("out").path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("200 jobs: 0 up to date, 200 to render"))
        // stderr is a pipe, so plain lines: one every 20 jobs.
        #expect(result.stderrLines.contains { $0.hasPrefix("planning: 20/200 jobs") }, "\(result.stderr)")
        #expect(result.stderrLines.contains { $0.hasPrefix("planning: 200/200 jobs") }, "\(result.stderr)")
        let quiet = try CLIRunner.run(["batch", url.path, "--dry-run", "--quiet", "--out", dir.appendingPathComponent("out").path])
        #expect(quiet.status == 0 && quiet.stderr.isEmpty, "\(quiet.stderr)")
    }

    @Test func aSpecOverTheJobCapIsRefusedBeforePlanning() throws {
        let dir = try CLIRunner.temporaryDirectory("planning-cap")
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("spec.yaml")
        try Data(spec(cards: 52, sizes: 193).utf8).write(to: url)  // 10,036 jobs
        let result = try CLIRunner.run(["batch", url.path, "--dry-run", "--out", dir.appendingPathComponent("out").path])
        #expect(result.status == 2)
        #expect(result.stderrLines.count == 1 && result.stderr.contains("more than 10000 jobs"), "\(result.stderr)")
    }
}

/// `keyboard --spec` lays diagrams out a chunk at a time (16 with -j 1): every file of every chunk
/// is written and listed in spec order.
@Test func aKeyboardSpecLargerThanOneChunkWritesEveryDiagramInOrder() throws {
    let dir = try CLIRunner.temporaryDirectory("keyboard-chunks")
    defer { try? FileManager.default.removeItem(at: dir) }
    let entries = (0..<35).map { "  - device: \(["iphone-8", "iphone-x", "ipad"][$0 % 3])\n    output: k/\($0)" }
    try Data(("diagrams:\n" + entries.joined(separator: "\n") + "\n").utf8).write(to: dir.appendingPathComponent("spec.yaml"))
    let result = try CLIRunner.run(["keyboard", "--spec", "spec.yaml", "--scale", "0.25", "-j", "1", "--out", "out"], in: dir)
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(lines.dropLast() == (0..<35).map { "out/k/\($0).png" }[...])
    #expect(lines.last?.hasPrefix("Wrote 35 files (") == true, "\(lines.last ?? "")")
    for index in 0..<35 {
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("out/k/\(index).png").path))
    }
}
