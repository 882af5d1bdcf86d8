import CardRenderSupport
import Foundation

/// The digital tabletop exports of 300 template cards against the plain `cards` run of the same
/// cards: Tabletop Simulator (five sheets of card faces, the back and the saved object) and Card
/// Game Simulator (a game folder with one image per card, or its `.cgs.zip`), besides the cards'
/// own files: what each export adds, as a ratio of time and bytes.
///
/// Every run is the built `cardrender` as its own process, the plain run and the exports
/// interleaved, -j 2.
enum TabletopSimulatorBenchmark {
    static let section = "tabletop-simulator"
    static let cardCount = 300
    static let repetitions = 3

    static func run(cardrender: String) throws {
        guard Subprocess.cardrenderIsBuilt(at: cardrender) else { return }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cardrender-tts-bench-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try CardsBenchmark.writeFixture(in: dir, count: cardCount)
        try """
        card:
          size: poker
          background: "#264653"
        layers:
          - {type: ellipse, x: 20%, y: 30%, width: 60%, height: 40%, fill: "#e9c46a"}

        """.write(to: dir.appendingPathComponent("back.yaml"), atomically: true, encoding: .utf8)
        print("\n== Tabletop Simulator and Card Game Simulator: \(cardCount) template cards at 300 dpi with a back, plain `cards` "
              + "against `cards --tabletop-simulator` (5 sheets, the back, the saved object) and `cards --card-game-simulator` "
              + "(one image per card, the back, the JSON files); median of \(repetitions), -j 2 ==")
        let base = ["cards", dir.appendingPathComponent("bench.yaml").path, "--data", dir.appendingPathComponent("bench.csv").path,
                    "--back", dir.appendingPathComponent("back.yaml").path, "--dpi", "300", "-j", "2"]
        let variants: [(name: String, arguments: [String], folder: String)] = [
            ("cards", [], "tabletop-simulator"),
            ("cards --tabletop-simulator", ["--tabletop-simulator"], "tabletop-simulator"),
            ("… --tabletop-format jpg", ["--tabletop-simulator", "--tabletop-format", "jpg"], "tabletop-simulator"),
            ("cards --card-game-simulator", ["--card-game-simulator"], "card-game-simulator"),
            ("… --card-game-simulator-zip", ["--card-game-simulator", "--card-game-simulator-zip"], "card-game-simulator"),
        ]
        var seconds: [String: [Double]] = [:], peaks: [String: [Double]] = [:], bytes: [String: Int] = [:]
        for repetition in 0..<repetitions {
            for variant in variants {
                let out = dir.appendingPathComponent("out-\(repetition)")
                defer { try? FileManager.default.removeItem(at: out) }
                let measurement = Subprocess.run(cardrender, base + variant.arguments + ["--out", out.path])
                guard measurement.status == 0 else {
                    throw MessageError("cardrender \(variant.name) exited with status \(measurement.status)")
                }
                seconds[variant.name, default: []].append(measurement.seconds)
                peaks[variant.name, default: []].append(measurement.peakMiB)
                bytes[variant.name] = folderBytes(out.appendingPathComponent(variant.folder))
            }
        }
        let plain = Measure.median(seconds["cards"] ?? [])
        for variant in variants {
            let median = Measure.median(seconds[variant.name] ?? [])
            let sheets = bytes[variant.name] ?? 0
            print(variant.name.padding(toLength: 30, withPad: " ", startingAt: 0) + Measure.ms(median)
                  + String(format: "  peak %6.1f MiB", Measure.median(peaks[variant.name] ?? []))
                  + (sheets > 0 ? String(format: ", %@/ %.1f MiB", variant.folder as NSString, Double(sheets) / 1_048_576) : "")
                  + (variant.name == "cards" ? "" : ", " + Measure.ratio(median, plain) + " the plain run's time"))
        }
    }

    /// The bytes of the files in `folder` and its subfolders; 0 when it does not exist.
    static func folderBytes(_ folder: URL) -> Int {
        let names = (try? FileManager.default.subpathsOfDirectory(atPath: folder.path)) ?? []
        return names.reduce(0) { total, name in
            let attributes = try? FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(name).path)
            guard attributes?[.type] as? FileAttributeType == .typeRegular else { return total }
            return total + (attributes?[.size] as? Int ?? 0)
        }
    }
}
