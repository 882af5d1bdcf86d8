import CardRenderSupport
import Drawing
import Foundation
import PlayingCards

/// Issue: "`verify`, 500 golden/actual pairs of 360×504 cards (25 changed): pairs compared in
/// parallel (`-j N`, default the core count); ratio vs `-j 1` on 500 pairs (target ≥ 1.8× on 2
/// cores) and vs an odiff loop."
///
/// The 52 faces of the classic deck at poker size, 2× (360×504 px), cycled over 500 goldens; the
/// actual folder holds the same files but for every 20th, which has a 24×24 block changed. Every
/// run is the built `cardrender verify` as its own process: each round runs `-j 1`, then `-j 2`, then
/// two `-j 1` processes side by side, and the ratios are given from the medians and round by round; then,
/// when `odiff` is installed, one odiff process per pair, one after the other, as a script would.
enum VerifyBenchmark {
    static let section = "verify"
    static let pairCount = 500
    static let changedEvery = 20
    static let repetitions = 21

    static func run(cardrender: String) throws {
        guard Subprocess.cardrenderIsBuilt(at: cardrender) else { return }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cardrender-verify-bench-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let goldens = dir.appendingPathComponent("goldens"), actual = dir.appendingPathComponent("actual")
        let changed = try writePairs(goldens: goldens, actual: actual)
        print("\n== Verify: \(pairCount) golden/actual pairs of 360×504 cards (\(changed) changed); "
              + "median of \(repetitions), separate processes, interleaved; "
              + "times without GNU time, peak memory through it ==")
        print("timed: \(cardrender) verify")

        func arguments(_ workers: Int) -> [String] {
            ["verify", "--goldens", goldens.path, "--actual", actual.path, "--record", "never", "-j", "\(workers)"]
        }
        // Exit 1: the changed pairs fail, as they should; anything else is a broken run.
        func checked(_ measurement: Subprocess.Measurement, _ workers: Int) throws -> Subprocess.Measurement {
            guard measurement.status == 1 else {
                throw MessageError("cardrender verify -j \(workers) exited with status \(measurement.status), not 1")
            }
            return measurement
        }
        // Peak memory through GNU time; the times from the tool alone, so that time's own start-up
        // is not added to both sides of the ratio. Each round runs -j 1, then -j 2, then two -j 1
        // processes side by side (the most -j 2 could gain on this machine), in an order reversed
        // every other round, so that a shared machine's drifting load weighs on the three alike.
        var wall: [Int: [Double]] = [:], cpu: [Int: [Double]] = [:], peak: [Int: [Double]] = [:]
        var together: [Double] = []
        for round in 0..<repetitions {
            // nil: two -j 1 processes at once.
            for workers in round % 2 == 0 ? [1, 2, nil] : [nil, 2, 1] as [Int?] {
                guard let workers else {
                    together.append(try Subprocess.spawnTogether(cardrender, arguments(1), copies: 2))
                    continue
                }
                let measurement = try checked(Subprocess.spawn(cardrender, arguments(workers)), workers)
                wall[workers, default: []].append(measurement.seconds)
                cpu[workers, default: []].append(measurement.cpuSeconds)
            }
        }
        for workers in [1, 2] {
            for _ in 0..<3 { peak[workers, default: []].append(try checked(Subprocess.run(cardrender, arguments(workers)), workers).peakMiB) }
        }
        for workers in [1, 2] {
            let seconds = Measure.median(wall[workers] ?? [])
            print("verify -j \(workers)".padding(toLength: 22, withPad: " ", startingAt: 0) + "wall " + Measure.ms(seconds)
                  + "  CPU " + Measure.ms(Measure.median(cpu[workers] ?? []))
                  + String(format: "  %6.0f pairs/s, peak %6.1f MiB", Double(pairCount) / seconds,
                           Measure.median(peak[workers] ?? [])))
        }
        let one = Measure.median(wall[1] ?? []), two = Measure.median(wall[2] ?? [])
        print("verify: -j 2 is " + Measure.ratio(one, two) + " the speed of -j 1 (goal ≥ 1.8× on 2 cores; "
              + "\(ProcessInfo.processInfo.activeProcessorCount) cores here)")
        print("two -j 1 runs at once".padding(toLength: 22, withPad: " ", startingAt: 0) + "wall " + Measure.ms(Measure.median(together))
              + "  → this machine gives two jobs " + Measure.ratio(2 * one, Measure.median(together))
              + " the throughput of one (the most -j 2 can reach here)")
        // The same ratios round by round: each from runs a second apart, so a load that comes and
        // goes between rounds moves both of its sides.
        let ratios = zip(wall[1] ?? [], wall[2] ?? []).map { $0 / $1 }
        let ceilings = zip(wall[1] ?? [], together).map { 2 * $0 / $1 }
        func spread(_ values: [Double]) -> String {
            String(format: "median %.2fx (%.2f–%.2fx)", Measure.median(values), values.min() ?? 0, values.max() ?? 0)
        }
        print("round by round: -j 2 ÷ -j 1 " + spread(ratios) + "; two -j 1 runs " + spread(ceilings)
              + String(format: "; -j 2 got %.0f %% of what two processes got", 100 * Measure.median(zip(ratios, ceilings).map { $0 / $1 })))
        try startUp(cardrender, emptyFolders: dir.appendingPathComponent("empty"), oneWorker: one)
        try odiffLoop(goldens: goldens, actual: actual, diffs: dir.appendingPathComponent("odiff"),
                      verifyCPU: Measure.median(cpu[1] ?? []), verifyWall: two)
    }

    /// What no number of threads shortens: a run over two empty folders (start-up, parsing, the
    /// listings, the summary) and `--version`, medians of 41; and the ratio a perfect pool would
    /// give with that part alone serial.
    static func startUp(_ cardrender: String, emptyFolders: URL, oneWorker: Double) throws {
        let goldens = emptyFolders.appendingPathComponent("goldens"), actual = emptyFolders.appendingPathComponent("actual")
        for folder in [goldens, actual] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        let verify = ["verify", "--goldens", goldens.path, "--actual", actual.path, "--record", "never", "-j", "1"]
        var empty: [Double] = [], version: [Double] = []
        for _ in 0..<41 {
            let run = Subprocess.spawn(cardrender, verify)
            guard run.status == 0 else { throw MessageError("cardrender verify of empty folders exited with status \(run.status)") }
            empty.append(run.seconds)
            version.append(Subprocess.spawn(cardrender, ["--version"]).seconds)
        }
        let serial = Measure.median(empty)
        let perfect = serial + (oneWorker - serial) / 2
        print("start-up".padding(toLength: 22, withPad: " ", startingAt: 0) + "wall " + Measure.ms(serial)
              + " for empty folders (--version " + Measure.ms(Measure.median(version)) + "): with it alone serial, "
              + "a perfect pool gives -j 2 " + Measure.ratio(oneWorker, perfect) + " the speed of -j 1")
    }

    /// Writes the pairs; returns how many differ.
    static func writePairs(goldens: URL, actual: URL) throws -> Int {
        let renderer = try CardRenderer(size: .poker, theme: .classic)
        var faces: [(golden: Data, changed: Data)] = []
        for card in Deck.standard.cards {
            let image = try renderer.picture(for: .front(.standard(card))).rasterize(scale: 2)
            guard image.width == 360, image.height == 504 else { throw MessageError("a card is not 360×504") }
            var changed = image
            for y in 240..<264 { for x in 168..<192 { changed[x, y] = RGBAImage.Pixel(r: 20, g: 90, b: 200, a: 255) } }
            faces.append((try PNG.encode(image), try PNG.encode(changed)))
        }
        for folder in [goldens, actual] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        var changedCount = 0
        for index in 0..<pairCount {
            let face = faces[index % faces.count], name = String(format: "card-%03d.png", index)
            try face.golden.write(to: goldens.appendingPathComponent(name))
            let isChanged = index % changedEvery == changedEvery - 1
            if isChanged { changedCount += 1 }
            try (isChanged ? face.changed : face.golden).write(to: actual.appendingPathComponent(name))
        }
        return changedCount
    }

    /// `odiff --antialiasing golden actual diff` for every pair in turn (as verify detects
    /// anti-aliasing), timed as a whole, when odiff is on PATH or named by `CARDRENDER_BENCH_ODIFF`;
    /// its wall and CPU time beside verify's at -j 1 (CPU) and -j 2 (wall).
    static func odiffLoop(goldens: URL, actual: URL, diffs: URL, verifyCPU: Double, verifyWall: Double) throws {
        guard let odiff = Subprocess.locate("odiff", variable: DiffBenchmark.odiffVariable) else {
            print("odiff not installed: no odiff loop to compare with (name it with \(DiffBenchmark.odiffVariable)=/path/to/odiff)")
            return
        }
        print("peer: " + (Subprocess.firstLine(odiff, ["--version"]) ?? "odiff, version unknown") + " (\(odiff))")
        try FileManager.default.createDirectory(at: diffs, withIntermediateDirectories: true)
        var walls: [Double] = [], cpus: [Double] = []
        for _ in 0..<3 {
            var wall = 0.0, cpu = 0.0, failing = 0
            for index in 0..<pairCount {
                let name = String(format: "card-%03d.png", index)
                let run = Subprocess.spawn(odiff, ["--antialiasing", goldens.appendingPathComponent(name).path,
                                                   actual.appendingPathComponent(name).path, diffs.appendingPathComponent(name).path])
                wall += run.seconds
                cpu += run.cpuSeconds
                if run.status != 0 { failing += 1 }
            }
            guard failing == pairCount / changedEvery else {
                throw MessageError("odiff found \(failing) differing pairs, not \(pairCount / changedEvery)")
            }
            walls.append(wall)
            cpus.append(cpu)
        }
        let wall = Measure.median(walls), cpu = Measure.median(cpus)
        print("odiff loop".padding(toLength: 22, withPad: " ", startingAt: 0) + "wall " + Measure.ms(wall) + "  CPU " + Measure.ms(cpu)
              + "  → verify -j 2 wall is " + Measure.ratio(wall, verifyWall) + " faster; verify CPU (-j 1) is "
              + Measure.ratio(verifyCPU, cpu) + " odiff's")
    }
}
