import BatchRendering
import CardRenderSupport
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
    var sha256: String
    var pixelWidth: Int?
    var pixelHeight: Int?

    init(_ file: RenderedFile) {
        path = file.path
        bytes = file.data.count
        sha256 = file.sha256
        pixelWidth = file.pixelWidth
        pixelHeight = file.pixelHeight
    }
}

extension RenderJob {
    /// Pixels to draw, a proxy for rendering time. Vector output costs about as much as a 1x
    /// raster of the same picture.
    var estimatedCost: Double {
        let pixelsPerPoint = format == .png ? resolution.pixelsPerPoint : 1
        return Double(picture.size.width * picture.size.height) * pixelsPerPoint * pixelsPerPoint
    }

    /// The file's bytes, with the pixel size for PNG.
    func render() throws -> RenderedFile {
        let data = try picture.data(format: format, resolution: resolution)
        let pixels = format == .png ? resolution.pixelSize(for: picture.size) : nil
        return RenderedFile(path: relativePath, data: data, pixelWidth: pixels?.width, pixelHeight: pixels?.height)
    }
}

enum JobRunner {
    /// Renders `jobs` on `workers` threads and writes each file atomically under `out` as soon as
    /// it is rendered, so writing overlaps rendering and no file's bytes outlive its write.
    /// Every job's folder is created first, so a failure cannot leave half a tree of files.
    @discardableResult
    static func run(_ jobs: [RenderJob], into out: URL, workers: Int) throws -> [WrittenFile] {
        try prepareFolders(for: jobs.map(\.relativePath), in: out)
        return try WorkerPool.map(jobs.count, workers: workers, order: costliestFirst(jobs)) { index in
            try write(try jobs[index].render(), into: out)
        }
    }

    /// Writes files rendered in memory, in order on this thread (files written side by side into
    /// one folder mostly wait on each other in the kernel).
    @discardableResult
    static func write(_ files: [RenderedFile], into out: URL) throws -> [WrittenFile] {
        try prepareFolders(for: files.map(\.path), in: out)
        return try files.map { try write($0, into: out) }
    }

    static func prepareFolders(for paths: [String], in out: URL) throws {
        for folder in Set(paths.map { out.appendingPathComponent($0).deletingLastPathComponent().path }).sorted() {
            try AtomicFile.prepareDirectory(URL(fileURLWithPath: folder, isDirectory: true))
        }
    }

    /// Job indices, the costliest first: run in this order, the last jobs to finish are the
    /// cheap ones, so no thread is left with a long job while the others idle. Results still come
    /// back in job order.
    static func costliestFirst(_ jobs: [RenderJob]) -> [Int] {
        let costs = jobs.map(\.estimatedCost)
        return jobs.indices.sorted { costs[$0] != costs[$1] ? costs[$0] > costs[$1] : $0 < $1 }
    }

    /// Renders are re-runnable, so they are written atomically but not fsynced.
    private static func write(_ file: RenderedFile, into out: URL) throws -> WrittenFile {
        try AtomicFile.write(file.data, to: out.appendingPathComponent(file.path), durable: false)
        return WrittenFile(file)
    }
}
