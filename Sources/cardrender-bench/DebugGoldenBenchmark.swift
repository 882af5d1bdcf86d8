import CardRenderSupport
import Drawing
import Foundation
import GoldenImages
import PlayingCards

/// What `assertGolden` costs in a debug test build, where SwiftPM compiles this package's C
/// comparison loops without optimisation (a versioned dependency may not set compiler flags).
/// `make bench` builds this benchmark in debug twice, plainly and with `-Xcc -O2`, and this
/// section runs both side by side. One sample is one `GoldenStore.verify`, the work of one
/// `assertGolden`: decode the golden PNG, compare, and on a failure write the four artifacts.
enum DebugGoldenBenchmark {
    static let section = "golden-debug"
    static let sampleArgument = "golden-debug-sample"
    static let builds = [("debug, C unoptimised (a user's `swift test`)", "CARDRENDER_BENCH_DEBUG"),
                         ("debug, -Xcc -O2 (`make test`)", "CARDRENDER_BENCH_DEBUG_O2")]

    struct Sample { var identical: Double; var changed: Double }

    /// Medians of 9 verifications of the king of hearts, poker size at 2× (360×504 px), against
    /// an identical render and against one with a 24×24 block changed.
    static func measure() throws -> Sample {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cardrender-bench-golden-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let card = try CardRenderer(size: .poker, theme: .classic).picture(for: .front(PlayingCard(parsing: "KH")))
        let image = try card.rasterize(scale: 2)
        precondition(image.width == 360 && image.height == 504, "the card pair must be 360×504")
        let golden = dir.appendingPathComponent("KH.png")
        try PNG.write(image, to: golden)
        var changed = image
        for y in 240..<264 { for x in 168..<192 { changed[x, y] = RGBAImage.Pixel(r: 20, g: 90, b: 200, a: 255) } }
        func median(_ actual: RGBAImage) throws -> Double {
            try Measure.median((0..<9).map { _ in
                try Measure.time {
                    _ = try GoldenStore.verify(actual, golden: golden, mode: .never,
                                               artifactsDirectory: dir.appendingPathComponent("artifacts"))
                }.seconds
            })
        }
        return Sample(identical: try median(image), changed: try median(changed))
    }

    /// In a debug build: measure and write the two medians to `path`.
    static func writeSample(to path: String) throws {
        let sample = try measure()
        try Data("\(sample.identical) \(sample.changed)\n".utf8).write(to: URL(fileURLWithPath: path))
    }

    static func run() throws {
        print("\n== assertGolden in debug test builds: one 360×504 card pair, decode + compare (+ 4 artifacts when it fails), median of 9 ==")
        let environment = ProcessInfo.processInfo.environment
        let release = try measure()
        var rows = [("release (for reference)", release)]
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("cardrender-bench-sample-\(getpid())")
        defer { try? FileManager.default.removeItem(at: report) }
        var samples: [String: [Sample]] = [:]
        for round in 0..<3 {
            for (label, variable) in builds {
                guard let binary = environment[variable], FileManager.default.isExecutableFile(atPath: binary) else {
                    if round == 0 { print("\(label): not built (set \(variable); `make bench` does)") }
                    continue
                }
                let run = Subprocess.run(binary, [sampleArgument, report.path])
                let text = (try? String(contentsOf: report, encoding: .utf8)) ?? ""
                let numbers = text.split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
                guard run.status == 0, numbers.count == 2 else {
                    throw MessageError("\(binary) \(sampleArgument) failed with exit \(run.status)")
                }
                samples[label, default: []].append(Sample(identical: numbers[0], changed: numbers[1]))
            }
        }
        for (label, _) in builds {
            guard let runs = samples[label] else { continue }
            rows.append((label, Sample(identical: Measure.median(runs.map(\.identical)),
                                       changed: Measure.median(runs.map(\.changed)))))
        }
        for (label, sample) in rows {
            print("\(label.padding(toLength: 46, withPad: " ", startingAt: 0)) identical \(Measure.ms(sample.identical))  "
                  + "changed \(Measure.ms(sample.changed))")
        }
        if let plain = samples[builds[0].0], let optimised = samples[builds[1].0] {
            let p = Measure.median(plain.map(\.changed)), o = Measure.median(optimised.map(\.changed))
            let pi = Measure.median(plain.map(\.identical)), oi = Measure.median(optimised.map(\.identical))
            print("unoptimised C / -O2 C in debug: identical \(Measure.ratio(pi, oi)), changed \(Measure.ratio(p, o))")
        }
    }
}
