import BatchRendering
import CardRenderSupport
import Foundation

/// The SHA-256 a manifest records for every file: swift-crypto's `SHA256` (through `Checksum`)
/// against the hand-written Swift SHA-256 the package used before, on the files of the default
/// set (`cardrender render`), interleaved, one thread.
enum ChecksumBenchmark {
    static let section = "sha256"
    static let repetitions = 9

    static func run(cardrender: String) throws {
        guard FileManager.default.isExecutableFile(atPath: cardrender) else {
            print("no cardrender beside this benchmark (build it with `swift build -c release --product cardrender`)")
            return
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cardrender-bench-\(getpid())-sha256")
        defer { try? FileManager.default.removeItem(at: folder) }
        let render = Subprocess.run(cardrender, ["render", "--out", folder.path, "--quiet"])
        guard render.status == 0 else { throw MessageError("cardrender render exited with status \(render.status)") }
        let files = try workload(in: folder)
        let bytes = files.reduce(0) { $0 + $1.count }
        print("\n== SHA-256 of the default set's files, as manifests record them: \(files.count) files, "
              + String(format: "%.1f MiB ==", Double(bytes) / 1_048_576))

        var crypto: [Double] = [], handWritten: [Double] = []
        for _ in 0..<repetitions {
            let (c, cryptoDigests) = Measure.time { files.map { Checksum.sha256($0) } }
            let (h, handDigests) = Measure.time { files.map { HandWrittenSHA256.hexDigest($0) } }
            guard cryptoDigests == handDigests else { throw MessageError("the two SHA-256 implementations disagree") }
            crypto.append(c)
            handWritten.append(h)
        }
        let cryptoMedian = Measure.median(crypto), handMedian = Measure.median(handWritten)
        func row(_ label: String, _ seconds: Double) {
            print(label.padding(toLength: 50, withPad: " ", startingAt: 0) + Measure.ms(seconds)
                  + String(format: "  %7.0f MiB/s", Double(bytes) / 1_048_576 / max(seconds, 1e-9)))
        }
        print("-- median of \(repetitions), interleaved, one thread --")
        row("swift-crypto SHA256 (Checksum.sha256)", cryptoMedian)
        row("hand-written Swift SHA-256", handMedian)
        print("sha256: swift-crypto is \(Measure.ratio(handMedian, cryptoMedian)) faster than the hand-written one")
    }

    /// Every file `cardrender render` wrote and its manifest lists (not the manifest, the gallery or
    /// the hidden bookkeeping files), in path order.
    static func workload(in folder: URL) throws -> [Data] {
        let paths = try FileManager.default.subpathsOfDirectory(atPath: folder.path).sorted()
        return try paths.compactMap { path in
            let url = folder.appendingPathComponent(path)
            guard !(path as NSString).lastPathComponent.hasPrefix("."), path != Manifest.fileName, path != Gallery.fileName,
                  (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true else { return nil }
            return try Data(contentsOf: url)
        }
    }
}
