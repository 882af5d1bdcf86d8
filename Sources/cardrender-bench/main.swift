import Foundation

// `make bench`: release-built benchmarks that print figures and ratios measured side by side.
let sections = CommandLine.arguments.dropFirst()
let all = sections.isEmpty
do {
    if all || sections.contains("png") { try PNGWriterBenchmark.run() }
    print(String(format: "peak memory: %.1f MiB", Measure.peakMemoryMiB()))
} catch {
    FileHandle.standardError.write(Data("cardrender-bench: error: \(error)\n".utf8))
    exit(2)
}
