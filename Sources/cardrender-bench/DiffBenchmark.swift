import Drawing
import Foundation
import Geometry

/// `cardrender diff` as a whole process (start-up, decoding both PNGs, pixelmatch's comparison
/// with anti-aliasing detection, writing the diff PNG) on 2000×2000 pairs and a 100×100 one,
/// against odiff (a Zig/SIMD image differ) run the same way, alternating run by run: the medians
/// of CPU time (user + system, all threads) and the peak memory of each, and their ratios.
/// ImageMagick's `compare -metric AE` and an earlier cardrender (`CARDRENDER_BENCH_BASELINE`) are
/// timed too when present.
enum DiffBenchmark {
    /// Another build of cardrender (for example the last release) to time on the same pairs,
    /// alternating run by run with this one, so before and after come from one run on one machine.
    static let baselineVariable = "CARDRENDER_BENCH_BASELINE"
    /// odiff, when it is not on PATH.
    static let odiffVariable = "CARDRENDER_BENCH_ODIFF"
    static let runs = 7

    /// A gradient with 20 rows of text; `block` adds a 400×400 square, `shift` moves the text and
    /// the block right by that many pixels. `transparent` clips the picture to a rounded rectangle
    /// (transparent, anti-aliased corners, like a card's), lays a half-transparent band over it,
    /// and makes the block half transparent too.
    static func scene(block: Bool, transparent: Bool = false, shift: CGFloat = 0, side: Int = 2000) throws -> Data {
        let scale = CGFloat(side) / 2000
        let font = try Font(.bold, size: 64 * scale)
        return try Picture(width: CGFloat(side), height: CGFloat(side)) { canvas in
            let size = CGFloat(side)
            if transparent {
                BezierPath(roundedRect: CGRect(x: 0, y: 0, width: size, height: size), cornerRadius: 240 * scale).addClip()
            }
            canvas.drawLinearGradient(colors: [Color(rgb: 0x0B3D91), Color(rgb: 0xF4F1EA), Color(rgb: 0xC8102E)],
                                      from: .zero, to: CGPoint(x: size, y: size))
            for row in 0..<20 {
                StyledText("Row \(row): ♠ ♥ ♦ ♣ A K Q J 10 9 8 7", font: font, color: row % 2 == 0 ? .black : .white)
                    .draw(at: CGPoint(x: 40 * scale + shift, y: (20 + CGFloat(row) * 98) * scale))
            }
            if transparent {
                Color(white: 1, alpha: 0.5).setFill()
                canvas.fill(CGRect(x: 0, y: 700 * scale, width: size, height: 600 * scale))
            }
            if block {
                Color(rgb: 0x2E7D32, alpha: transparent ? 0.5 : 1).setFill()
                canvas.fill(CGRect(x: 800 * scale + shift, y: 800 * scale, width: 400 * scale, height: 400 * scale))
            }
        }.pngData()
    }

    /// Opaque random pixels from a fixed seed: nothing to compress, every pixel differs.
    static func noise(seed: UInt64, side: Int = 2000) throws -> Data {
        var state = seed
        var pixels = [UInt8](repeating: 255, count: side * side * 4)
        for index in stride(from: 0, to: pixels.count, by: 4) {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let bits = state >> 24
            pixels[index] = UInt8(truncatingIfNeeded: bits)
            pixels[index + 1] = UInt8(truncatingIfNeeded: bits >> 8)
            pixels[index + 2] = UInt8(truncatingIfNeeded: bits >> 16)
        }
        return try PNG.encode(RGBAImage(width: side, height: side, pixels: pixels))
    }

    struct Pair { var label: String; var first: URL; var second: URL }

    struct Tool {
        var name: String
        var path: String
        /// The pairs it is timed on; nil: all.
        var labels: Set<String>? = nil
        var arguments: (Pair, URL?) -> [String]
    }

    /// `golden` is `cardrender-golden` (the same diff without the drawing libraries), timed first
    /// when built, with `cardrender diff` beside it.
    static func run(cardrender: String, golden: String?) throws {
        print("\n== Golden diff: decode two PNGs + compare (+ write the diff), separate processes,"
              + " median of \(runs) alternating runs ==")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cardrender-bench-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        func file(_ name: String, _ data: Data) throws -> URL {
            let url = dir.appendingPathComponent(name)
            try data.write(to: url)
            return url
        }
        let base = try scene(block: false)
        let a = try file("a.png", base)
        let pairs = [
            Pair(label: "identical", first: a, second: try file("a-copy.png", base)),
            Pair(label: "400² block", first: a, second: try file("block.png", try scene(block: true))),
            Pair(label: "1-px shift", first: a, second: try file("shift.png", try scene(block: false, shift: 1))),
            Pair(label: "noise", first: try file("noise-1.png", try noise(seed: 1)),
                 second: try file("noise-2.png", try noise(seed: 2))),
            Pair(label: "transparent", first: try file("clear.png", try scene(block: false, transparent: true)),
                 second: try file("clear-block.png", try scene(block: true, transparent: true))),
            Pair(label: "100² block", first: try file("small.png", try scene(block: false, side: 100)),
                 second: try file("small-block.png", try scene(block: true, side: 100))),
        ]
        let diff = dir.appendingPathComponent("diff.png")

        let command = { (pair: Pair, out: URL?) in
            ["diff", pair.first.path, pair.second.path] + (out.map { ["--diff-out", $0.path] } ?? [])
        }
        var ours = Tool(name: "cardrender", path: cardrender, arguments: command)
        var peers: [Tool] = []
        if let golden, FileManager.default.isExecutableFile(atPath: golden) {
            print("timed: cardrender-golden diff (\(golden)), with cardrender diff beside it")
            peers.append(ours)
            ours = Tool(name: "golden", path: golden, arguments: command)
        } else {
            print("cardrender-golden not built (make bench builds it): timing cardrender diff")
        }
        if let odiff = Subprocess.locate("odiff", variable: odiffVariable) {
            let version = Subprocess.firstLine(odiff, ["--version"]) ?? "odiff, version unknown"
            print("peer: \(version) (\(odiff)), with --antialiasing as cardrender detects anti-aliasing")
            peers.append(Tool(name: "odiff", path: odiff) { pair, out in
                [pair.first.path, pair.second.path] + (out.map { [$0.path] } ?? []) + ["--antialiasing"]
            })
        } else {
            print("peer missing: odiff (not on PATH; name it with \(odiffVariable)=/path/to/odiff)")
        }
        if let baseline = ProcessInfo.processInfo.environment[baselineVariable], !baseline.isEmpty {
            if FileManager.default.isExecutableFile(atPath: baseline) {
                peers.append(Tool(name: "baseline", path: baseline, arguments: ours.arguments))
            } else {
                print("\(baselineVariable)=\(baseline) is not an executable; timing this build only")
            }
        }
        if let magick = Subprocess.which("compare") {
            let version = Subprocess.firstLine(magick, ["-version"])?.replacingOccurrences(of: "Version: ", with: "") ?? "?"
            print("peer: \(version), `compare -metric AE`")
            // Slow on every pixel; timed on the pairs the earlier versions of this benchmark had.
            peers.append(Tool(name: "magick", path: magick, labels: ["identical", "400² block", "transparent"]) { pair, out in
                ["-metric", "AE", pair.first.path, pair.second.path, out?.path ?? "null:"]
            })
        } else {
            print("peer missing: ImageMagick's `compare` (make bench installs imagemagick)")
        }

        func padded(_ text: String, _ width: Int) -> String {
            text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
        }
        print(padded("pair", 12) + padded("diff PNG", 9) + padded("tool", 11) + "       CPU     peak  \(ours.name) ÷ tool")
        for pair in pairs {
            for out in [nil, diff] {
                let tools = [ours] + peers.filter { $0.labels?.contains(pair.label) ?? true }
                var cpu = [[Double]](repeating: [], count: tools.count)
                for _ in 0..<runs {
                    for (index, tool) in tools.enumerated() {
                        cpu[index].append(Subprocess.spawn(tool.path, tool.arguments(pair, out)).cpuSeconds)
                    }
                }
                let peaks = tools.map { Subprocess.run($0.path, $0.arguments(pair, out)).peakMiB }
                let medians = cpu.map(Measure.median)
                for (index, tool) in tools.enumerated() {
                    let versus = index == 0 ? "" : String(format: "CPU %.2f×, peak %.2f×", medians[0] / medians[index],
                                                          peaks[0] / max(peaks[index], 0.001))
                    print(padded(pair.label, 12) + padded(out == nil ? "no" : "yes", 9) + padded(tool.name, 11)
                          + Measure.ms(medians[index]) + String(format: " %5.0f MiB  ", peaks[index]) + versus)
                }
            }
        }
        print("goals for \(ours.name) against odiff: CPU ≤ 1.0× on every 2000² pair, ≤ 2× on the 100² pair;"
              + " peak ≤ 1.2× with a diff image")
    }
}
