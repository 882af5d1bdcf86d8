import Drawing
import Foundation
import Geometry

/// Issue: "render a card-sized picture (500×700 px: a rounded rect, text and 10 glyph-heavy
/// shapes) 53 times; report rasterisation and PNG encoding time separately, and PNG bytes,
/// for our writer versus Cairo's `cairo_surface_write_to_png`".
enum PNGWriterBenchmark {
    static let count = 53

    static func cardLikePicture(_ index: Int) throws -> Picture {
        let big = try Font(.bold, size: 30)
        let small = try Font(.regular, size: 11)
        let glyphs = ["♠", "♥", "♦", "♣", "A", "K", "Q", "J", "10", "7"]
        return Picture(width: 250, height: 350) { canvas in
            let rounded = BezierPath(roundedRect: canvas.bounds, cornerRadius: 21)
            rounded.addClip()
            Color.white.setFill()
            rounded.fill()
            var border = rounded
            border.lineWidth = 1.5
            canvas.stroke(border, with: Color(white: 0.6))
            let red = Color(rgb: 0xC8102E)
            StyledText("\(glyphs[index % glyphs.count])\n♠", font: big, color: index % 2 == 0 ? .black : red,
                       alignment: .center).draw(at: CGPoint(x: 10, y: 8))
            for i in 0..<10 {
                // Glyph-heavy shapes: outlined text paths with many curves.
                let x = CGFloat(40 + (i % 2) * 100), y = CGFloat(70 + (i / 2) * 52)
                StyledText(String(repeating: glyphs[(i + index) % glyphs.count], count: 3), font: big,
                           color: i % 2 == 0 ? red : .black).draw(at: CGPoint(x: x, y: y))
                StyledText("shape \(i) of card \(index)", font: small, color: .gray).draw(at: CGPoint(x: x, y: y + 36))
            }
        }
    }

    struct Candidate { var name: String; var options: PNG.WriteOptions }

    static func run() throws {
        print("== PNG writer: 53 card-sized pictures (500×700 px), one after another ==")
        let pictures = try (0..<count).map(cardLikePicture)
        var rasterTimes: [Double] = []
        var bitmaps: [Bitmap] = []
        for picture in pictures {
            let (seconds, bitmap) = try Measure.time { try picture.bitmap(resolution: .scale(2)) }
            rasterTimes.append(seconds)
            bitmaps.append(bitmap)
        }
        let rasterTotal = rasterTimes.reduce(0, +)
        print("rasterisation: total \(Measure.ms(rasterTotal)), median per picture \(Measure.ms(Measure.median(rasterTimes)))")

        // Each writer encodes all 53 bitmaps; repeated 3 times, the median total is reported.
        func measure(_ encode: (Bitmap) throws -> Data) throws -> (seconds: Double, bytes: Int) {
            var totals: [Double] = []
            var bytes = 0
            for _ in 0..<3 {
                var total = 0.0
                bytes = 0
                for bitmap in bitmaps {
                    let (s, data) = try Measure.time { try encode(bitmap) }
                    total += s
                    bytes += data.count
                }
                totals.append(total)
            }
            return (Measure.median(totals), bytes)
        }

        let cairo = try measure { try $0.pngDataUsingCairoWriter() }
        print(String(format: "%-44@ %@  %9d bytes", "cairo_surface_write_to_png" as NSString, Measure.ms(cairo.seconds), cairo.bytes))
        var candidates: [Candidate] = [Candidate(name: "Cairo-like: zlib 6, all filters, rgba8",
                                                 options: PNG.WriteOptions(compressor: .zlib, compressionLevel: 6,
                                                                           filter: .all, encoding: .rgba8))]
        for level in [1, 3, 4, 5, 6] {
            for filter in [PNG.Filter.none, .up] {
                candidates.append(Candidate(
                    name: "zlib \(level), \(filter.rawValue), automatic",
                    options: PNG.WriteOptions(compressor: .zlib, compressionLevel: level, filter: filter)))
            }
        }
        // libdeflate takes filter none only (other filters go to zlib); levels 10...12 take
        // seconds here.
        for level in 1...9 {
            candidates.append(Candidate(name: "libdeflate \(level), none, automatic",
                                        options: PNG.WriteOptions(compressor: .libdeflate, compressionLevel: level)))
        }
        for level in 1...9 {
            candidates.append(Candidate(name: "scanline \(level), none, automatic",
                                        options: PNG.WriteOptions(compressor: .scanline, compressionLevel: level)))
        }
        var rows: [(Candidate, Double, Int)] = []
        for candidate in candidates {
            let result = try measure { try $0.pngData(options: candidate.options) }
            rows.append((candidate, result.seconds, result.bytes))
        }
        for (candidate, seconds, bytes) in rows {
            let mark = candidate.options == Bitmap.pngOptions ? " <- default" : ""
            print(String(format: "%-44@ %@  %9d bytes  %@ faster, %.3f× size%@", candidate.name as NSString,
                         Measure.ms(seconds), bytes, Measure.ratio(cairo.seconds, seconds) as NSString,
                         Double(bytes) / Double(cairo.bytes), mark as NSString))
        }
        if let chosen = rows.first(where: { $0.0.options == Bitmap.pngOptions }) {
            print(String(format: "default writer: encoding %@ vs Cairo's writer (goal ≥ 2x), bytes %.3f× (goal ≤ 1)",
                         Measure.ratio(cairo.seconds, chosen.1) as NSString, Double(chosen.2) / Double(cairo.bytes)))
        }
        try compareWithFPNG(try bitmaps.map { try $0.rgbaImage() })
    }

    /// fpng (Rich Geldreich's fast PNG writer), through its Python package, times its encoder
    /// inside its own process on the same straight RGBA pixels; it prints the median total CPU
    /// time of `runs` passes over all pictures and the bytes of one.
    static let fpngScript = """
        import sys, time, importlib.metadata
        import fpng
        fpng.fpng_ext.init()
        runs, paths = int(sys.argv[1]), sys.argv[2:]
        images = []
        for path in paths:
            with open(path, "rb") as f:
                width, height = int.from_bytes(f.read(4), "little"), int.from_bytes(f.read(4), "little")
                images.append((f.read(), width, height))
        totals, size = [], 0
        for _ in range(runs):
            start = time.thread_time()
            outputs = [fpng.fpng_ext.encode_image_to_memory(p, w, h, 4) for p, w, h in images]
            totals.append(time.thread_time() - start)
            size = sum(len(o) for o in outputs)
        print(importlib.metadata.version("fpng"), sorted(totals)[len(totals) // 2], size)
        """

    /// Our default writer against fpng on the same RGBA pixels: CPU time of one thread and bytes.
    static func compareWithFPNG(_ images: [RGBAImage]) throws {
        let runs = 7
        var totals: [Double] = []
        var bytes = 0
        for _ in 0..<runs {
            let start = Measure.threadCPUTime()
            bytes = try images.reduce(0) { $0 + (try PNG.encode($1)).count }
            totals.append(Measure.threadCPUTime() - start)
        }
        let ours = Measure.median(totals)
        let megapixels = Double(images.reduce(0) { $0 + $1.width * $1.height }) / 1e6
        print(String(format: "default writer on straight RGBA: %@ CPU (%.2f ms/MP), %d bytes", Measure.ms(ours),
                     ours * 1000 / megapixels, bytes))
        guard let python = Subprocess.which("python3"),
              Subprocess.firstLine(python, ["-c", "import fpng; print('ok')"]) == "ok" else {
            print("peer missing: fpng (`pip install fpng`, the Python package of the fpng writer)")
            return
        }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cardrender-bench-fpng-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        var paths: [String] = []
        for (index, image) in images.enumerated() {
            var data = Data()
            for value in [image.width, image.height] { withUnsafeBytes(of: UInt32(value).littleEndian) { data.append(contentsOf: $0) } }
            data.append(contentsOf: image.pixels)
            let url = dir.appendingPathComponent("\(index).rgba")
            try data.write(to: url)
            paths.append(url.path)
        }
        let script = dir.appendingPathComponent("fpng-encode.py")
        try fpngScript.write(to: script, atomically: true, encoding: .utf8)
        let fields = Subprocess.firstLine(python, [script.path, "\(runs)"] + paths)?.split(separator: " ") ?? []
        guard fields.count == 3, let seconds = Double(fields[1]), let fpngBytes = Int(fields[2]) else {
            print("fpng did not run: \(fields.joined(separator: " "))")
            return
        }
        print(String(format: "peer: fpng (PyPI fpng %@): %@ CPU (%.2f ms/MP), %d bytes", String(fields[0]) as NSString,
                     Measure.ms(seconds), seconds * 1000 / megapixels, fpngBytes))
        print(String(format: "default writer ÷ fpng: CPU %.2f× (goal ≤ 1.0), bytes %.2f× (goal ≤ 0.5)",
                     ours / seconds, Double(bytes) / Double(fpngBytes)))
    }
}
