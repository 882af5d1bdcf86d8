import Foundation

// `make bench`: release-built benchmarks that print figures and ratios measured side by side.
let sections = CommandLine.arguments.dropFirst()
let all = sections.isEmpty
do {
    // A debug build of this benchmark, run by the release one: one sample, written to a file.
    if sections.first == DebugGoldenBenchmark.sampleArgument, let path = sections.dropFirst().first {
        try DebugGoldenBenchmark.writeSample(to: path)
        exit(0)
    }
    // The CLI built beside this benchmark, for benchmarks that run it as a separate process.
    let cardrender = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        .deletingLastPathComponent().appendingPathComponent("cardrender").path
    // diff and verify without the drawing libraries: the static build `make bench` names (as
    // `make install` builds it), else the one beside this benchmark.
    let golden = ProcessInfo.processInfo.environment["CARDRENDER_BENCH_GOLDEN"].flatMap { $0.isEmpty ? nil : $0 }
        ?? URL(fileURLWithPath: cardrender).deletingLastPathComponent().appendingPathComponent("cardrender-golden").path
    if all || sections.contains("png") { try PNGWriterBenchmark.run() }
    if all || sections.contains(PNGLimitsBenchmark.section) { try PNGLimitsBenchmark.run() }
    if all || sections.contains("diff") { try DiffBenchmark.run(cardrender: cardrender, golden: golden) }
    if all || sections.contains(VerifyBenchmark.section) { try VerifyBenchmark.run(cardrender: FileManager.default.isExecutableFile(atPath: golden) ? golden : cardrender) }
    if all || sections.contains("deck") || sections.first == DeckBenchmark.baselineArgument {
        try DeckBenchmark.run(cardrender: cardrender)
    }
    if all || sections.contains(PrintBenchmark.section) { try PrintBenchmark.run(cardrender: cardrender) }
    if all || sections.contains("batch") { try BatchBenchmark.run(cardrender: cardrender) }
    if all || sections.contains(DebugGoldenBenchmark.section) { try DebugGoldenBenchmark.run() }
    if all || sections.contains(ChecksumBenchmark.section) { try ChecksumBenchmark.run(cardrender: cardrender) }
    if all || sections.contains(CardsBenchmark.section) { try CardsBenchmark.run(cardrender: cardrender) }
    if all || sections.contains(SpreadsheetBenchmark.section) { try SpreadsheetBenchmark.run() }
    if all || sections.contains(TabletopSimulatorBenchmark.section) { try TabletopSimulatorBenchmark.run(cardrender: cardrender) }
    if all || sections.contains(TextEngineBenchmark.section) { try TextEngineBenchmark.run(cardrender: cardrender) }
    if all || sections.contains(PreviewBenchmark.section) { try PreviewBenchmark.run(cardrender: cardrender) }
    print(String(format: "peak memory of this benchmark process: %.1f MiB", Measure.peakMemoryMiB()))
} catch {
    FileHandle.standardError.write(Data("cardrender-bench: error: \(error)\n".utf8))
    exit(2)
}
