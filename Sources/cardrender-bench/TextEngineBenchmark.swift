import CardRenderSupport
import Foundation

/// Issue: "`make bench` (cards section) before and after: text-heavy template cards must not get
/// slower by more than 10 % from the engine change, and the deck benchmark must not get slower by
/// more than 10 %; report both ratios side by side. `cardrender --version`-level commands and a
/// single card stay within 1.1× of today's process time."
///
/// Runs the same commands with an earlier `cardrender` (`CARDRENDER_BENCH_BASELINE`, built by
/// `make bench-baseline REV=<commit>`) and today's (the one beside this benchmark, or
/// `CARDRENDER_BENCH_CANDIDATE`), in pairs whose order alternates, so both see the same machine
/// load. CPU time (user + system, every thread) is compared: on a shared machine it moves far
/// less than wall time.
enum TextEngineBenchmark {
    static let section = "text-engine"
    static let baselineVariable = "CARDRENDER_BENCH_BASELINE"
    static let candidateVariable = "CARDRENDER_BENCH_CANDIDATE"
    /// Rows of the cards section's fixture, all of them, as the cards section renders.
    static let cardCount = CardsBenchmark.cardCount
    static let goal = 1.10
    /// One row for the cards section's template in Hangul: text the CJK fallback font draws.
    static let koreanRow = "id,title,color,rules\n1,불꽃 정령,#c8461b,\"대상 하나에게 피해 1을 줍니다. 카드를 한 장 뽑고, "
        + "턴이 끝날 때까지 당신이 조종하는 생물마다 생명점 1을 얻습니다.\"\n"

    struct Command {
        var name: String
        var arguments: [String]
        var pairs: Int
        /// Folder the command writes into, made fresh for each run and removed after it.
        var writesOut = true
    }

    static func run(cardrender: String) throws {
        let environment = ProcessInfo.processInfo.environment
        print("\n== Text engine: before and after, CPU time of the same commands ==")
        guard let baseline = environment[baselineVariable], !baseline.isEmpty else {
            print("skipped: no \(baselineVariable) (build one with `make bench-baseline REV=<commit>`, then "
                  + "`\(baselineVariable)=<its cardrender> make bench BENCH=\(section)`)")
            return
        }
        let candidate = environment[candidateVariable].flatMap { $0.isEmpty ? nil : $0 } ?? cardrender
        guard FileManager.default.isExecutableFile(atPath: baseline) else {
            throw MessageError("\(baselineVariable): \(baseline) is not an executable")
        }
        guard FileManager.default.isExecutableFile(atPath: candidate) else {
            throw MessageError("\(candidate) is not an executable (build it with `swift build -c release --product cardrender`)")
        }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cardrender-text-engine-bench-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try CardsBenchmark.writeFixture(in: dir, count: cardCount)
        try koreanRow.write(to: dir.appendingPathComponent("korean.csv"), atomically: true, encoding: .utf8)
        let template = dir.appendingPathComponent("bench.yaml").path
        let commands = [
            Command(name: "cards: \(cardCount) text-heavy template cards, -j 1",
                    arguments: ["cards", dir.appendingPathComponent("bench.yaml").path,
                                "--data", dir.appendingPathComponent("bench.csv").path, "--dpi", "300", "-j", "1"],
                    pairs: 7),
            Command(name: "deck --size \(DeckBenchmark.sizeArgument) --scale 2 --format png,svg",
                    arguments: ["deck", "--size", DeckBenchmark.sizeArgument, "--scale", "2", "--format", "png,svg"],
                    pairs: 9),
            Command(name: "card KH", arguments: ["card", "KH"], pairs: 15),
            Command(name: "card 7H", arguments: ["card", "7H"], pairs: 15),
            Command(name: "cards: one Korean template card",
                    arguments: ["cards", template, "--data", dir.appendingPathComponent("korean.csv").path,
                                "--dpi", "300", "-j", "1"],
                    pairs: 15),
            Command(name: "--version", arguments: ["--version"], pairs: 15, writesOut: false),
        ]
        print("before: \(baseline)\nafter:  \(candidate)")
        print("median CPU time (user + system) of paired runs, order alternating; goal after/before ≤ "
              + String(format: "%.2f×", goal))
        print("".padding(toLength: 52, withPad: " ", startingAt: 0) + "     before       after  after/before")
        for command in commands {
            let (before, after) = try measurePairs(command, baseline: baseline, candidate: candidate, in: dir)
            let ratio = after / max(before, 1e-9)
            print(command.name.padding(toLength: 52, withPad: " ", startingAt: 0) + Measure.ms(before) + "  "
                  + Measure.ms(after) + String(format: "  %6.2f×  %@ (%d pairs)", ratio,
                                                ratio <= goal ? "within goal" : "OVER GOAL", command.pairs))
        }
    }

    /// Medians of the CPU seconds of `command.pairs` runs of each binary, after one unmeasured run
    /// of each (page cache, font files).
    static func measurePairs(_ command: Command, baseline: String, candidate: String,
                             in dir: URL) throws -> (before: Double, after: Double) {
        var before: [Double] = [], after: [Double] = []
        for pair in -1..<command.pairs {
            let order = pair % 2 == 0 ? [(baseline, true), (candidate, false)] : [(candidate, false), (baseline, true)]
            for (binary, isBaseline) in order {
                let out = dir.appendingPathComponent("out-\(isBaseline ? "before" : "after")")
                defer { try? FileManager.default.removeItem(at: out) }
                let measurement = Subprocess.spawn(binary, command.arguments + (command.writesOut ? ["--out", out.path] : []))
                guard measurement.status == 0 else {
                    throw MessageError("\(binary) \(command.arguments.joined(separator: " ")) exited with status \(measurement.status)")
                }
                guard pair >= 0 else { continue }
                if isBaseline { before.append(measurement.cpuSeconds) } else { after.append(measurement.cpuSeconds) }
            }
        }
        return (Measure.median(before), Measure.median(after))
    }
}
