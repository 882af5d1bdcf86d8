import Foundation

/// Issue: "a spec of 1,000 keyboard diagrams and 10 decks: throughput (images per second) at
/// -j 1 and -j 2 and the ratio; peak memory flat as the job count grows (1,000 jobs within
/// 1.2× the peak of 100 jobs); a no-change re-run of the default spec under 10% of the first".
/// Each run is a separate `cardrender` process, measured with wait4's rusage.
enum BatchBenchmark {
    static let devices = ["iphone-4s", "iphone-5s", "iphone-8", "iphone-8-plus", "iphone-x", "iphone-11", "iphone-12",
                          "iphone-15-pro", "ipad", "ipad-pro-11", "ipad-pro-12.9"]

    /// `count` keyboard diagrams: entries of one device × 2 orientations × 4 strategies (8
    /// diagrams each), cycling through the devices into separate folders; the last entry takes
    /// fewer strategies so the total is exact.
    static func keyboardJobs(_ count: Int) -> String {
        let strategies = ["toolbar", "bottom-offset", "content-inset", "layout-guide"]
        var yaml = ""
        var remaining = count, entry = 0
        while remaining >= 2 {
            let strategyCount = min(4, remaining / 2)
            yaml += """
              - kind: keyboard
                device: \(devices[entry % devices.count])
                orientation: [portrait, landscape]
                strategy: [\(strategies.prefix(strategyCount).joined(separator: ", "))]
                output: keyboard/set-\(entry / devices.count)

            """
            remaining -= 2 * strategyCount
            entry += 1
        }
        return yaml
    }

    static func spec(keyboard: Int, decks: Int) -> String {
        var yaml = "defaults:\n  scale: 1\njobs:\n" + keyboardJobs(keyboard)
        let themes = ["classic", "four-color", "large-index", "lecture", "classic"]
        let sizes = ["poker", "bridge"]
        for index in 0..<decks {
            yaml += """
              - kind: deck
                theme: \(themes[index / 2 % themes.count])
                size: \(sizes[index % 2])
                back-color: "#\(String(format: "%06X", 0x103070 + index * 0x0A0A0A))"
                output: decks/deck-\(index)

            """
        }
        return yaml
    }

    static func imageCount(in folder: URL) -> Int {
        let paths = (try? FileManager.default.subpathsOfDirectory(atPath: folder.path)) ?? []
        return paths.filter { $0.hasSuffix(".png") || $0.hasSuffix(".svg") }.count
    }

    static func run(cardrender: String) throws {
        print("\n== Batch: separate cardrender processes, side by side ==")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cardrender-batch-bench-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        func write(_ name: String, _ text: String) throws -> String {
            let url = dir.appendingPathComponent(name)
            try Data(text.utf8).write(to: url)
            return url.path
        }
        let big = try write("big.yaml", spec(keyboard: 1000, decks: 10))
        var throughputs: [Int: Double] = [:]
        for jobs in [1, 2] {
            let out = dir.appendingPathComponent("big-j\(jobs)")
            let m = Subprocess.run(cardrender, ["batch", big, "--out", out.path, "-j", "\(jobs)", "--quiet"])
            let images = imageCount(in: out)
            throughputs[jobs] = Double(images) / m.seconds
            print(String(format: "1,000 diagrams + 10 decks, -j %d: %5d images in %6.1f s = %6.1f images/s, peak %.0f MiB, exit %d",
                         jobs, images, m.seconds, Double(images) / m.seconds, m.peakMiB, m.status))
            try? FileManager.default.removeItem(at: out)
        }
        if let one = throughputs[1], let two = throughputs[2] {
            print(String(format: "throughput -j 2 / -j 1: %.2fx (2 cores, shared machine)", two / one))
        }

        // Peak memory against job count: the same kind of job, 100 and 1,000 of them, 3 runs each
        // (the peak depends on which large diagrams happen to render at the same moment).
        var peaks: [Int: [Double]] = [:]
        for round in 0..<3 {
            for count in [100, 1000] {
                let path = try write("kb-\(count).yaml", "defaults:\n  scale: 1\njobs:\n" + keyboardJobs(count))
                let out = dir.appendingPathComponent("kb-\(count)-\(round)")
                let m = Subprocess.run(cardrender, ["batch", path, "--out", out.path, "-j", "2", "--quiet"])
                peaks[count, default: []].append(m.peakMiB)
                print(String(format: "%5d keyboard jobs, -j 2: %6.1f s, peak %.0f MiB, %d images", count, m.seconds,
                             m.peakMiB, imageCount(in: out)))
                try? FileManager.default.removeItem(at: out)
            }
        }
        if let small = peaks[100], let large = peaks[1000] {
            print(String(format: "peak memory 1,000 jobs / 100 jobs (medians of 3): %.0f / %.0f MiB = %.2fx (goal ≤ 1.2x)",
                         Measure.median(large), Measure.median(small), Measure.median(large) / Measure.median(small)))
        }

        // The default spec: first run, then a re-run with nothing changed (median of 3 each).
        var firsts: [Double] = [], reruns: [Double] = []
        for round in 0..<3 {
            let out = dir.appendingPathComponent("default-\(round)")
            firsts.append(Subprocess.run(cardrender, ["render", "--out", out.path, "--quiet"]).seconds)
            reruns.append(Subprocess.run(cardrender, ["render", "--out", out.path, "--quiet"]).seconds)
            try? FileManager.default.removeItem(at: out)
        }
        let first = Measure.median(firsts), rerun = Measure.median(reruns)
        print(String(format: "default spec: first run %@, no-change re-run %@ = %.1f%% of the first (goal < 10%%)",
                     Measure.ms(first), Measure.ms(rerun), 100 * rerun / first))
    }
}
