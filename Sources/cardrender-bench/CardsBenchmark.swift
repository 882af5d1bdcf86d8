import CardRenderSupport
import Foundation

/// Issue: "1,000 template cards from CSV (title, wrapped text, an SVG icon, a gradient) at 300 dpi
/// poker size: cards per second at -j 1 and -j 2, peak memory, and a no-change re-run under 10%
/// of the first."
///
/// Every run is the built `cardrender` as its own process: `cards` at -j 1 and -j 2 interleaved,
/// then a batch spec with one `kind: cards` job, run once into an empty folder and again unchanged.
enum CardsBenchmark {
    static let section = "cards"
    static let cardCount = 1_000
    static let repetitions = 3

    static func run(cardrender: String) throws {
        guard Subprocess.cardrenderIsBuilt(at: cardrender) else { return }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cardrender-cards-bench-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try writeFixture(in: dir)
        print("\n== Cards: \(cardCount) template cards from CSV (title, wrapped auto-fit text, an SVG icon, a gradient), "
              + "poker at 300 dpi (750×1050 px); median of \(repetitions), separate processes, interleaved ==")
        let template = dir.appendingPathComponent("bench.yaml").path
        let data = dir.appendingPathComponent("bench.csv").path
        var seconds: [Int: [Double]] = [:], peaks: [Int: [Double]] = [:]
        for repetition in 0..<repetitions {
            for workers in [1, 2] {
                let out = dir.appendingPathComponent("out-\(workers)-\(repetition)")
                defer { try? FileManager.default.removeItem(at: out) }
                let measurement = Subprocess.run(cardrender, ["cards", template, "--data", data, "--dpi", "300",
                                                              "-j", "\(workers)", "--out", out.path])
                guard measurement.status == 0 else {
                    throw MessageError("cardrender cards -j \(workers) exited with status \(measurement.status)")
                }
                let written = BatchBenchmark.imageCount(in: out)
                guard written == cardCount else { throw MessageError("cardrender cards wrote \(written) images, not \(cardCount)") }
                seconds[workers, default: []].append(measurement.seconds)
                peaks[workers, default: []].append(measurement.peakMiB)
            }
        }
        for workers in [1, 2] {
            let median = Measure.median(seconds[workers] ?? [])
            print("cards -j \(workers)".padding(toLength: 30, withPad: " ", startingAt: 0) + Measure.ms(median)
                  + String(format: "  %7.1f cards/s, peak %6.1f MiB", Double(cardCount) / median,
                           Measure.median(peaks[workers] ?? [])))
        }
        let one = Measure.median(seconds[1] ?? []), two = Measure.median(seconds[2] ?? [])
        print("cards: -j 2 is " + Measure.ratio(one, two) + " the speed of -j 1")

        // Incremental: a batch job unchanged since the last run is not rendered again.
        let spec = dir.appendingPathComponent("spec.yaml")
        try """
        jobs:
          - kind: cards
            template: bench.yaml
            data: bench.csv
            dpi: 300
            output: cards

        """.write(to: spec, atomically: true, encoding: .utf8)
        let out = dir.appendingPathComponent("batch-out")
        let first = Subprocess.run(cardrender, ["batch", spec.path, "--out", out.path, "--quiet"])
        let again = Subprocess.run(cardrender, ["batch", spec.path, "--out", out.path, "--quiet"])
        guard first.status == 0, again.status == 0 else {
            throw MessageError("cardrender batch exited with status \(first.status), then \(again.status)")
        }
        print("batch kind: cards, first run".padding(toLength: 30, withPad: " ", startingAt: 0) + Measure.ms(first.seconds)
              + String(format: "  peak %6.1f MiB", first.peakMiB))
        print("batch, no change".padding(toLength: 30, withPad: " ", startingAt: 0) + Measure.ms(again.seconds)
              + String(format: "  %.1f%% of the first (goal < 10%%)", 100 * again.seconds / max(first.seconds, 1e-9)))
    }

    /// A template of the kind a card game has, and `count` rows of seeded, varied text.
    static func writeFixture(in dir: URL, count: Int = cardCount) throws {
        let icons = dir.appendingPathComponent("icons")
        try FileManager.default.createDirectory(at: icons, withIntermediateDirectories: true)
        try """
        <svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">
          <path d="M32 3 C36 16 50 22 50 40 C50 53 42 61 32 61 C22 61 14 53 14 41 C14 31 20 25 24 18 C26 26 29 29 32 30 C30 20 29 12 32 3 Z" fill="#e8501c"/>
          <circle cx="32" cy="46" r="9" fill="#ffc83d"/>
        </svg>

        """.write(to: icons.appendingPathComponent("flame.svg"), atomically: true, encoding: .utf8)
        try """
        card:
          size: poker
          dpi: 300
          background: {linear: {from: [0%, 0%], to: [0%, 100%]}, stops: ["#fdf8ec", "{color}"]}
          name: "{id}"
        icons:
          flame: icons/flame.svg
        layers:
          - type: rect
            x: 0.12in
            y: 0.12in
            width: 2.26in
            height: 0.4in
            radius: 0.06in
            fill: "{color}"
          - type: text
            x: 0.2in
            y: 0.12in
            width: 2.1in
            height: 0.4in
            text: "{title}"
            font: DejaVu Serif Bold 14
            color: white
            valign: middle
            wrap: none
            fit: {min-size: 8}
          - type: image
            x: 0.75in
            y: 0.7in
            width: 1in
            height: 1in
            src: icons/flame.svg
            fit: contain
          - type: text
            x: 0.2in
            y: 1.9in
            width: 2.1in
            height: 1.4in
            text: "{rules}"
            font: DejaVu Sans 10
            color: "#222222"
            wrap: word
            fit: {min-size: 5}

        """.write(to: dir.appendingPathComponent("bench.yaml"), atomically: true, encoding: .utf8)
        let words = ["deal", "damage", "to", "each", "creature", "you", "control", "gain", ":flame:", "draw", "a", "card",
                     "then", "discard", "return", "target", "relic", "its", "owner's", "hand", "until", "end", "of", "turn"]
        let colors = ["#c8461b", "#1f6fb8", "#3b8a33", "#5b6670", "#5e3f99"]
        var random = SplitMix64(seed: 14)
        var csv = "id,title,color,rules\n"
        for index in 1...count {
            let length = 8 + Int(random.next() % 50)
            let rules = (0..<length).map { _ in words[Int(random.next() % UInt64(words.count))] }.joined(separator: " ")
            csv += "\(index),Card number \(index),\(colors[index % colors.count]),\"\(rules.prefix(1).uppercased() + rules.dropFirst()).\"\n"
        }
        try csv.write(to: dir.appendingPathComponent("bench.csv"), atomically: true, encoding: .utf8)
    }
}
