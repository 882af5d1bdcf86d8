import Drawing
import Foundation
import Geometry

/// Issue: "two 2000×2000 PNGs, decode both, compare, write the diff: faster than ImageMagick's
/// `compare -metric AE`; figures for identical images and for a 400×400 block; peak memory at
/// most 4× the two images' decoded size". A third pair has transparent corners and
/// half-transparent areas, which are blended with the checkerboard before comparing.
enum DiffBenchmark {
    /// Another build of cardrender (for example the last release) to time on the same pairs,
    /// alternating run by run with this one, so before and after come from one run on one machine.
    static let baselineVariable = "CARDRENDER_BENCH_BASELINE"

    /// A gradient with 20 rows of text; `block` adds a 400×400 square. `transparent` clips the
    /// picture to a rounded rectangle (transparent, anti-aliased corners, like a card's), lays a
    /// half-transparent band over it, and makes the block half transparent too.
    static func scene(block: Bool, transparent: Bool = false) throws -> Data {
        let font = try Font(.bold, size: 64)
        return try Picture(width: 2000, height: 2000) { canvas in
            if transparent {
                BezierPath(roundedRect: CGRect(x: 0, y: 0, width: 2000, height: 2000), cornerRadius: 240).addClip()
            }
            canvas.drawLinearGradient(colors: [Color(rgb: 0x0B3D91), Color(rgb: 0xF4F1EA), Color(rgb: 0xC8102E)],
                                      from: .zero, to: CGPoint(x: 2000, y: 2000))
            for row in 0..<20 {
                StyledText("Row \(row): ♠ ♥ ♦ ♣ A K Q J 10 9 8 7", font: font, color: row % 2 == 0 ? .black : .white)
                    .draw(at: CGPoint(x: 40, y: 20 + CGFloat(row) * 98))
            }
            if transparent {
                Color(white: 1, alpha: 0.5).setFill()
                canvas.fill(CGRect(x: 0, y: 700, width: 2000, height: 600))
            }
            if block {
                Color(rgb: 0x2E7D32, alpha: transparent ? 0.5 : 1).setFill()
                canvas.fill(CGRect(x: 800, y: 800, width: 400, height: 400))
            }
        }.pngData()
    }

    static func run(cardrender: String) throws {
        let runs = 7
        print("\n== Golden diff: two 2000×2000 PNGs, decode + compare + write diff (median of \(runs), separate processes) ==")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cardrender-bench-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        func file(_ name: String, _ data: Data) throws -> URL {
            let url = dir.appendingPathComponent(name)
            try data.write(to: url)
            return url
        }
        let base = try scene(block: false)
        let a = try file("a.png", base), a2 = try file("a-copy.png", base)
        let b = try file("b.png", try scene(block: true))
        let clear = try file("clear.png", try scene(block: false, transparent: true))
        let clearBlock = try file("clear-block.png", try scene(block: true, transparent: true))
        let diff = dir.appendingPathComponent("diff.png")
        let decodedMiB = 2.0 * 2000 * 2000 * 4 / 1_048_576
        let magick = Subprocess.which("compare")
        if magick == nil { print("ImageMagick's `compare` is not installed (make bench installs imagemagick)") }
        let baseline = ProcessInfo.processInfo.environment[baselineVariable].flatMap { $0.isEmpty ? nil : $0 }
        if let baseline, !FileManager.default.isExecutableFile(atPath: baseline) {
            print("\(baselineVariable)=\(baseline) is not an executable; timing this build only")
        }
        let other = baseline.flatMap { FileManager.default.isExecutableFile(atPath: $0) ? $0 : nil }

        for (label, first, second) in [("identical", a, a2), ("400×400 block", a, b), ("transparent", clear, clearBlock)] {
            let arguments = ["diff", first.path, second.path, "--diff-out", diff.path]
            var ours: [Subprocess.Measurement] = [], theirs: [Subprocess.Measurement] = []
            for _ in 0..<runs {
                ours.append(Subprocess.run(cardrender, arguments))
                if let other { theirs.append(Subprocess.run(other, arguments)) }
            }
            let median = Measure.median(ours.map(\.seconds)), peak = ours.map(\.peakMiB).max() ?? 0
            print(String(format: "%-14@ cardrender diff: %@  peak %.0f MiB (%.2f× the decoded pair; goal ≤ 4×), exit %d",
                         label as NSString, Measure.ms(median), peak, peak / decodedMiB, ours.last?.status ?? -1))
            if !theirs.isEmpty {
                let before = Measure.median(theirs.map(\.seconds))
                print(String(format: "%-14@ baseline build:  %@  exit %d   → this build takes %.2f× its time",
                             label as NSString, Measure.ms(before), theirs.last?.status ?? -1, median / before))
            }
            if let magick {
                let compare = (0..<runs).map { _ in Subprocess.run(magick, ["-metric", "AE", first.path, second.path, diff.path]) }
                let seconds = Measure.median(compare.map(\.seconds))
                print(String(format: "%-14@ magick compare:  %@  peak %.0f MiB   → cardrender is %@ faster",
                             label as NSString, Measure.ms(seconds), compare.map(\.peakMiB).max() ?? 0,
                             Measure.ratio(seconds, median) as NSString))
            }
        }
    }
}
