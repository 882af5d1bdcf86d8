import Drawing
import Foundation
import Geometry

/// Issue: "two 2000×2000 PNGs, decode both, compare, write the diff: faster than ImageMagick's
/// `compare -metric AE`; figures for identical images and for a 400×400 block; peak memory at
/// most 4× the two images' decoded size".
enum DiffBenchmark {
    static func scene(block: Bool) throws -> Data {
        let font = try Font(.bold, size: 64)
        return try Picture(width: 2000, height: 2000) { canvas in
            canvas.drawLinearGradient(colors: [Color(rgb: 0x0B3D91), Color(rgb: 0xF4F1EA), Color(rgb: 0xC8102E)],
                                      from: .zero, to: CGPoint(x: 2000, y: 2000))
            for row in 0..<20 {
                StyledText("Row \(row): ♠ ♥ ♦ ♣ A K Q J 10 9 8 7", font: font, color: row % 2 == 0 ? .black : .white)
                    .draw(at: CGPoint(x: 40, y: 20 + CGFloat(row) * 98))
            }
            if block {
                Color(rgb: 0x2E7D32).setFill()
                canvas.fill(CGRect(x: 800, y: 800, width: 400, height: 400))
            }
        }.pngData()
    }

    static func run(cardrender: String) throws {
        print("\n== Golden diff: two 2000×2000 PNGs, decode + compare + write diff (median of 5, separate processes) ==")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cardrender-bench-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let a = dir.appendingPathComponent("a.png"), a2 = dir.appendingPathComponent("a-copy.png")
        let b = dir.appendingPathComponent("b.png"), diff = dir.appendingPathComponent("diff.png")
        let base = try scene(block: false)
        try base.write(to: a)
        try base.write(to: a2)
        try scene(block: true).write(to: b)
        let decodedMiB = 2.0 * 2000 * 2000 * 4 / 1_048_576
        let magick = Subprocess.which("compare")
        if magick == nil { print("ImageMagick's `compare` is not installed (make bench installs imagemagick)") }
        for (label, other) in [("identical", a2), ("400×400 block", b)] {
            func median(_ path: String, _ args: [String]) -> (Double, Double, Int32) {
                let runs = (0..<5).map { _ in Subprocess.run(path, args) }
                return (Measure.median(runs.map(\.seconds)), runs.map(\.peakMiB).max() ?? 0, runs.last?.status ?? -1)
            }
            let ours = median(cardrender, ["diff", a.path, other.path, "--diff-out", diff.path])
            print(String(format: "%-14@ cardrender diff: %@  peak %.0f MiB (%.2f× the decoded pair; goal ≤ 4×), exit %d",
                         label as NSString, Measure.ms(ours.0), ours.1, ours.1 / decodedMiB, ours.2))
            if let magick {
                let theirs = median(magick, ["-metric", "AE", a.path, other.path, diff.path])
                print(String(format: "%-14@ magick compare:  %@  peak %.0f MiB   → cardrender is %@ faster",
                             label as NSString, Measure.ms(theirs.0), theirs.1, Measure.ratio(theirs.0, ours.0) as NSString))
            }
        }
    }
}
