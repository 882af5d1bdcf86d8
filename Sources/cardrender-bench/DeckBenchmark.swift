import CardRenderSupport
import Drawing
import BatchRendering
import Foundation
import PlayingCards

/// Issue: "Full deck, 53 cards (52 and a back) at `--size 250x350`, PNG at 2x (500×700 px) plus
/// SVG: at least 5x faster than rendering the same cards one after another with Cairo's own PNG
/// writer, with total PNG bytes no larger. Report the median wall time and the ratio, and peak
/// memory."
///
/// The baseline draws the 53 pictures one after another, encodes each PNG with Cairo's writer
/// (`cairo_surface_write_to_png`'s stream variant), renders the SVG, and writes every file with
/// open/write/close, as a script would. Ours is what `cardrender deck` does: every core, our PNG
/// writer, atomic writes (and, as a process, deck.json).
///
/// Three sections: where the time goes (each stage on one thread), both pipelines in this
/// process (no process start), and the headline: the built `cardrender deck` against this
/// program started again as `cardrender-bench deck-baseline DIR`, each its own process, so each
/// pays process start and has its own peak memory.
enum DeckBenchmark {
    static let repetitions = 5
    static let sizeArgument = "250x350"
    /// Makes this program run the baseline into the folder after it, for the process comparison.
    static let baselineArgument = "deck-baseline"

    static func export() throws -> DeckExport {
        DeckExport(renderer: try CardRenderer(size: try CardSize(parsing: sizeArgument), theme: .classic),
                   formats: [.png, .svg], resolution: .scale(2), naming: .short, includesJokers: false)
    }

    static func run(cardrender: String) throws {
        let arguments = CommandLine.arguments
        if arguments.count == 3, arguments[1] == baselineArgument {
            try writeBaseline(into: URL(fileURLWithPath: arguments[2], isDirectory: true))
            return
        }
        let files = try export().files
        let cards = Set(files.map { ($0.relativePath as NSString).deletingPathExtension }).count
        print("\n== Deck: \(cards) cards at \(sizeArgument) pt, PNG at 2x (500×700 px) + SVG: \(files.count) files, "
              + "\(ProcessInfo.processInfo.activeProcessorCount) cores ==")
        try printBreakdown(files)
        try compareInProcess(files)
        try compareProcesses(cardrender: cardrender)
    }

    // MARK: the two pipelines

    /// One card after another: rasterise, Cairo's PNG writer, SVG, plain file writes.
    /// Returns the PNG bytes written.
    @discardableResult
    static func writeBaseline(into folder: URL) throws -> Int {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var pngBytes = 0
        for file in try export().files {
            let data: Data
            if file.format.isRaster {
                data = try file.picture.bitmap(resolution: file.resolution).pngDataUsingCairoWriter()
                pngBytes += data.count
            } else {
                data = try file.picture.data(format: file.format, resolution: file.resolution)
            }
            try writePlainly(data, to: folder.appendingPathComponent(file.relativePath))
        }
        return pngBytes
    }

    /// Our pipeline with the settings that can be varied to see what each one costs.
    struct Variant {
        var name: String
        var pngOptions = Bitmap.pngOptions
        /// `AtomicFile.write` as the CLI does for renders (temporary file, rename, no fsync), or
        /// durable (fsync of file and folder) as for goldens.
        var durable = false
    }

    static let product = Variant(name: "ours: every core, our writer, atomic writes")
    /// Not what `cardrender` writes: these show what the encoder level and fsync cost.
    static let whatIfs = [
        Variant(name: "what-if: libdeflate level 5 (the previous writer)",
                pngOptions: PNG.WriteOptions(compressor: .libdeflate, compressionLevel: 5)),
        Variant(name: "what-if: durable writes (fsync)", durable: true),
    ]

    /// What `cardrender deck` does per file (`OutputPlan.write`), on `workers` threads.
    /// Returns the PNG bytes written.
    @discardableResult
    static func writeOurs(_ files: [CardFile], into folder: URL, workers: Int, variant: Variant = product) throws -> Int {
        try AtomicFile.prepareDirectory(folder)
        let sizes = try WorkerPool.map(files.count, workers: workers) { index in
            let file = files[index]
            let url = folder.appendingPathComponent(file.relativePath)
            let data = file.format.isRaster
                ? try file.picture.pngData(resolution: file.resolution, options: variant.pngOptions)
                : try file.picture.data(format: file.format, resolution: file.resolution)
            try AtomicFile.write(data, to: url, durable: variant.durable)
            return file.format.isRaster ? data.count : 0
        }
        return sizes.reduce(0, +)
    }

    /// open, write, close: what `cairo_surface_write_to_png` does with a file name. (Foundation's
    /// `Data.write` costs about 0.4 ms more per file here and would flatter us.)
    static func writePlainly(_ data: Data, to url: URL) throws {
        let fd = open(url.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw MessageError("cannot write \(url.path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        try data.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count {
                let written = write(fd, base + offset, buffer.count - offset)
                if written < 0, errno == EINTR { continue }
                guard written > 0 else { throw MessageError("cannot write \(url.path): \(String(cString: strerror(errno)))") }
                offset += written
            }
        }
    }

    // MARK: where the time goes

    /// Each stage over the whole deck on one thread, so the stages add up to a serial run.
    static func printBreakdown(_ files: [CardFile]) throws {
        let libdeflate5 = PNG.WriteOptions(compressor: .libdeflate, compressionLevel: 5)
        var raster = 0.0, ours = 0.0, cairo = 0.0, fast = 0.0, svg = 0.0
        var oursBytes = 0, cairoBytes = 0, fastBytes = 0, svgBytes = 0
        var encoded: [(path: String, data: Data)] = []
        for file in files {
            if file.format.isRaster {
                let (r, bitmap) = try Measure.time { try file.picture.bitmap(resolution: file.resolution) }
                let (o, png) = try Measure.time { try bitmap.pngData() }
                let (c, cairoPNG) = try Measure.time { try bitmap.pngDataUsingCairoWriter() }
                let (f, fastPNG) = try Measure.time { try bitmap.pngData(options: libdeflate5) }
                raster += r; ours += o; cairo += c; fast += f
                oursBytes += png.count; cairoBytes += cairoPNG.count; fastBytes += fastPNG.count
                encoded.append((file.relativePath, png))
            } else {
                let (s, data) = try Measure.time { try file.picture.svgData() }
                svg += s
                svgBytes += data.count
                encoded.append((file.relativePath, data))
            }
        }
        // Each way of writing gets a fresh folder, so neither replaces the other's files.
        func timeWriting(_ name: String, _ write: (Data, URL) throws -> Void) throws -> Double {
            let folder = temporaryFolder("breakdown-\(name)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            return try Measure.time {
                for file in encoded { try write(file.data, folder.appendingPathComponent(file.path)) }
            }.seconds
        }
        let atomic = try timeWriting("atomic") { try AtomicFile.write($0, to: $1, durable: false) }
        let durable = try timeWriting("durable") { try AtomicFile.write($0, to: $1, durable: true) }
        let plain = try timeWriting("plain") { try writePlainly($0, to: $1) }
        print("-- where the time goes: each stage over the whole deck, one thread --")
        row("rasterise 53 × 500×700 px", seconds: raster)
        let defaults = Bitmap.pngOptions
        row("PNG, our writer (default: \(defaults.compressor.rawValue) \(defaults.compressionLevel), "
            + "\(defaults.filter.rawValue) filter)", seconds: ours, bytes: oursBytes)
        row("PNG, Cairo's writer", seconds: cairo, bytes: cairoBytes)
        row("PNG, libdeflate level 5 (what-if)", seconds: fast, bytes: fastBytes)
        row("SVG: Cairo's SVG surface + id renaming", seconds: svg, bytes: svgBytes)
        row("write \(files.count) files atomically (temp file, rename), as renders are", seconds: atomic)
        row("write \(files.count) files durably (+ fsync), as goldens are", seconds: durable)
        row("write \(files.count) files plainly (open, write, close)", seconds: plain)
    }

    private static func row(_ label: String, seconds: Double, bytes: Int? = nil, extra: String = "") {
        let size = bytes.map { String(format: "  %9d bytes", $0) } ?? ""
        print(label.padding(toLength: 50, withPad: " ", startingAt: 0) + Measure.ms(seconds) + size + extra)
    }

    // MARK: side by side

    /// Both pipelines in this process, interleaved: no process start on either side.
    static func compareInProcess(_ files: [CardFile]) throws {
        let workers = ProcessInfo.processInfo.activeProcessorCount
        let variants = [product] + whatIfs
        var baseline: [Double] = [], baselineBytes = 0
        var times = [[Double]](repeating: [], count: variants.count), bytes = [Int](repeating: 0, count: variants.count)
        for repetition in 0..<repetitions {
            let folder = temporaryFolder("in-process-\(repetition)")
            defer { try? FileManager.default.removeItem(at: folder) }
            let b = try Measure.time { try writeBaseline(into: folder.appendingPathComponent("baseline")) }
            baseline.append(b.seconds)
            baselineBytes = b.value
            for (index, variant) in variants.enumerated() {
                let into = folder.appendingPathComponent("variant-\(index)")
                let o = try Measure.time { try writeOurs(files, into: into, workers: workers, variant: variant) }
                times[index].append(o.seconds)
                bytes[index] = o.value
            }
        }
        let base = Measure.median(baseline)
        print("-- in one process (no process start), \(workers) threads, median of \(repetitions), interleaved --")
        row("baseline: one after another, Cairo's writer", seconds: base, bytes: baselineBytes)
        for (index, variant) in variants.enumerated() {
            let seconds = Measure.median(times[index])
            row(variant.name, seconds: seconds, bytes: bytes[index],
                extra: String(format: " (%.3f×)  %@ faster", Double(bytes[index]) / Double(max(baselineBytes, 1)),
                              Measure.ratio(base, seconds) as NSString))
        }
    }

    /// The headline: `cardrender deck` against the baseline, each its own process.
    static func compareProcesses(cardrender: String) throws {
        guard Subprocess.cardrenderIsBuilt(at: cardrender) else { return }
        let bench = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().path
        let deck = ["deck", "--size", sizeArgument, "--scale", "2", "--format", "png,svg"]
        // -j 4 on 2 cores: while one worker waits for fsync, another can use the core.
        let runs: [(name: String, path: String, arguments: [String])] = [
            ("baseline: cardrender-bench deck-baseline", bench, [baselineArgument]),
            ("cardrender deck (-j = cores)", cardrender, deck + ["--out"]),
            ("cardrender deck -j 4", cardrender, deck + ["-j", "4", "--out"]),
        ]
        var measurements = [[Subprocess.Measurement]](repeating: [], count: runs.count)
        var pngBytes = [Int](repeating: 0, count: runs.count)
        for repetition in 0..<repetitions {
            for (index, run) in runs.enumerated() {
                let folder = temporaryFolder("process-\(index)-\(repetition)")
                defer { try? FileManager.default.removeItem(at: folder) }
                let measurement = Subprocess.run(run.path, run.arguments + [folder.path])
                guard measurement.status == 0 else {
                    throw MessageError("\(run.name) exited with status \(measurement.status)")
                }
                measurements[index].append(measurement)
                pngBytes[index] = try checkedPNGBytes(in: folder)
            }
        }
        let medians = measurements.map { Measure.median($0.map(\.seconds)) }
        print("-- separate processes (process start included), median of \(repetitions), interleaved --")
        for (index, run) in runs.enumerated() {
            let ratio = index == 0 ? "" : "  \(Measure.ratio(medians[0], medians[index])) faster"
            row(run.name, seconds: medians[index], bytes: pngBytes[index],
                extra: String(format: " PNG, peak %.0f MiB%@", measurements[index].map(\.peakMiB).max() ?? 0, ratio as NSString))
        }
        print(String(format: "deck: cardrender is %@ faster than the baseline (goal ≥ 5x), PNG bytes %.3f× (goal ≤ 1)",
                     Measure.ratio(medians[0], medians[1]) as NSString, Double(pngBytes[1]) / Double(max(pngBytes[0], 1))))
    }

    /// Total bytes of the PNGs in `folder`, after checking that every card is there in both formats.
    static func checkedPNGBytes(in folder: URL) throws -> Int {
        var png = 0, counts: [String: Int] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            let ext = (name as NSString).pathExtension
            counts[ext, default: 0] += 1
            if ext == "png" {
                let attributes = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(name).path)
                png += (attributes[.size] as? Int) ?? 0
            }
        }
        guard counts["png"] == 53, counts["svg"] == 53 else {
            throw MessageError("\(folder.path) holds \(counts["png"] ?? 0) PNG and \(counts["svg"] ?? 0) SVG files, not 53 of each")
        }
        return png
    }

    static func temporaryFolder(_ name: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("cardrender-bench-\(getpid())-deck-\(name)")
    }
}
