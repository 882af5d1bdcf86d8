import BatchRendering
import CardRenderSupport
import Foundation

/// The SHA-256 a manifest records for every file (`Checksum.sha256`, swift-crypto's `SHA256`) on
/// the files of the default set (`cardrender render`), one thread. Chosen here: on 288 files
/// (24.7 MiB) swift-crypto hashed 6.8–7.1× faster than the plain-Swift SHA-256 used before
/// (17–36 ms against 119–244 ms on a loaded 2-core machine), so that one was removed.
enum ChecksumBenchmark {
    static let section = "sha256"
    static let repetitions = 9

    static func run(cardrender: String) throws {
        guard Subprocess.cardrenderIsBuilt(at: cardrender) else { return }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cardrender-bench-\(getpid())-sha256")
        defer { try? FileManager.default.removeItem(at: folder) }
        let render = Subprocess.run(cardrender, ["render", "--out", folder.path, "--quiet"])
        guard render.status == 0 else { throw MessageError("cardrender render exited with status \(render.status)") }
        let files = try workload(in: folder)
        let bytes = files.reduce(0) { $0 + $1.count }
        print("\n== SHA-256 of the default set's files, as manifests record them: \(files.count) files, "
              + String(format: "%.1f MiB ==", Double(bytes) / 1_048_576))
        let seconds = Measure.median((0..<repetitions).map { _ in
            Measure.time { files.map { Checksum.sha256($0) } }.seconds
        })
        print("-- median of \(repetitions), one thread --")
        print("Checksum.sha256 (swift-crypto)".padding(toLength: 50, withPad: " ", startingAt: 0)
              + Measure.ms(seconds) + String(format: "  %7.0f MiB/s", Double(bytes) / 1_048_576 / max(seconds, 1e-9)))
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
