import BatchRendering
import Drawing
import Foundation

/// One file to produce: a picture, its format and resolution, and a path relative to `--out`.
struct RenderJob: Sendable {
    var relativePath: String
    var format: OutputFormat
    var resolution: Resolution
    var picture: Picture

    init(_ relativePath: String, _ picture: Picture, format: OutputFormat? = nil, resolution: Resolution = .scale(1)) {
        self.relativePath = relativePath
        self.format = format ?? OutputFormat(rawValue: (relativePath as NSString).pathExtension.lowercased()) ?? .png
        self.resolution = resolution
        self.picture = picture
    }

    /// One job per format, named `base.<ext>`.
    static func all(_ base: String, _ picture: Picture, formats: [OutputFormat], resolution: Resolution) -> [RenderJob] {
        formats.map { RenderJob("\(base).\($0.fileExtension)", picture, format: $0, resolution: resolution) }
    }
}

/// What a written file looks like, for manifests and summaries.
struct WrittenFile: Sendable, Codable {
    var path: String
    var bytes: Int
    var sha256: String?
    var pixelWidth: Int?
    var pixelHeight: Int?
}

enum JobRunner {
    /// Renders `jobs` on `workers` threads and writes each file atomically under `out`.
    /// Every job's folder is created first, so a failure cannot leave half a tree of files.
    @discardableResult
    static func run(_ jobs: [RenderJob], into out: URL, workers: Int) throws -> [WrittenFile] {
        let folders = Set(jobs.map { out.appendingPathComponent($0.relativePath).deletingLastPathComponent().path })
        for folder in folders.sorted() {
            try AtomicFile.prepareDirectory(URL(fileURLWithPath: folder, isDirectory: true))
        }
        return try WorkerPool.map(jobs.count, workers: workers) { index in
            let job = jobs[index]
            let url = out.appendingPathComponent(job.relativePath)
            let data = try job.picture.data(format: job.format, resolution: job.resolution)
            try AtomicFile.write(data, to: url, durable: false)
            var written = WrittenFile(path: job.relativePath, bytes: data.count)
            if job.format == .png {
                let pixels = job.resolution.pixelSize(for: job.picture.size)
                written.pixelWidth = pixels.width
                written.pixelHeight = pixels.height
            }
            return written
        }
    }
}
