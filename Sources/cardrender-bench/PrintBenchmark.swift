import CardRenderSupport
import Foundation

/// Issue: "a 54-card deck with backs, duplex, A4, bleed: report time and PDF size beside
/// `deck --format pdf` for the same cards; the imposed PDF should take no longer and be smaller
/// than the files together, since repeated artwork (pips, backs) can be drawn once and reused."
///
/// Both are the built `cardrender`, each run as its own process, interleaved: `print` writes one
/// imposed PDF (the back drawn once and placed behind every card), `deck` one PDF per card.
enum PrintBenchmark {
    static let section = "print"
    static let repetitions = 9

    static func run(cardrender: String) throws {
        guard Subprocess.cardrenderIsBuilt(at: cardrender) else { return }
        print("\n== Print: 54 cards (52 + 2 jokers) with backs, duplex long-edge, A4, 1/8 in bleed, poker; "
              + "median of \(repetitions), separate processes, interleaved ==")
        let runs: [(name: String, arguments: [String])] = [
            ("cardrender print (one imposed PDF)",
             ["print", "--jokers", "--duplex", "long-edge", "--paper", "A4", "--bleed", "1/8in", "--out"]),
            ("cardrender deck --format pdf (a PDF per card)",
             ["deck", "--jokers", "--format", "pdf", "--out"]),
        ]
        var seconds = [[Double]](repeating: [], count: runs.count)
        var totals = [(files: Int, bytes: Int)](repeating: (0, 0), count: runs.count)
        for repetition in 0..<repetitions {
            for (index, run) in runs.enumerated() {
                let folder = FileManager.default.temporaryDirectory
                    .appendingPathComponent("cardrender-bench-\(getpid())-print-\(index)-\(repetition)")
                defer { try? FileManager.default.removeItem(at: folder) }
                let measurement = Subprocess.run(cardrender, run.arguments + [folder.path])
                guard measurement.status == 0 else {
                    throw MessageError("\(run.name) exited with status \(measurement.status)")
                }
                seconds[index].append(measurement.seconds)
                totals[index] = try pdfBytes(in: folder)
            }
        }
        let medians = seconds.map(Measure.median)
        for (index, run) in runs.enumerated() {
            print(run.name.padding(toLength: 50, withPad: " ", startingAt: 0) + Measure.ms(medians[index])
                  + String(format: "  %3d PDF, %8.1f KiB", totals[index].files, Double(totals[index].bytes) / 1024))
        }
        print(String(format: "print: time %@ of deck's (goal ≤ 1), bytes %.3f× (goal < 1)",
                     Measure.ratio(medians[0], medians[1]) as NSString,
                     Double(totals[0].bytes) / Double(max(totals[1].bytes, 1))))
    }

    /// The PDFs in `folder` and their total size.
    static func pdfBytes(in folder: URL) throws -> (files: Int, bytes: Int) {
        var files = 0, bytes = 0
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".pdf") {
            let attributes = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(name).path)
            files += 1
            bytes += (attributes[.size] as? Int) ?? 0
        }
        guard files > 0 else { throw MessageError("\(folder.path) holds no PDF") }
        return (files, bytes)
    }
}
