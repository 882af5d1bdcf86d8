import BatchRendering
import Drawing
import Foundation

/// What a command writes, before anything renders: render jobs, plus files derived from the
/// rendered bytes (like `deck.json`, which states their SHA-256).
struct OutputPlan: Sendable {
    var jobs: [RenderJob]
    var derivedPaths: [String] = []
    var derive: @Sendable (_ rendered: [String: Data]) throws -> [RenderedFile] = { _ in [] }

    var outputs: [String] { jobs.map(\.relativePath) + derivedPaths }

    /// Pixels to draw, a proxy for rendering time when balancing shards.
    var estimatedCost: Double {
        jobs.reduce(0) { total, job in
            let points = Double(job.picture.size.width * job.picture.size.height)
            let pixelsPerPoint = job.format == .png ? job.resolution.pixelsPerPoint : 1
            // Vector output is about as costly as a 1x raster of the same picture.
            return total + points * pixelsPerPoint * pixelsPerPoint
        }
    }

    static func prefix(for folder: String) -> String {
        folder.isEmpty || folder == "." ? "" : folder.hasSuffix("/") ? folder : folder + "/"
    }

    static func paths(_ paths: [String], under folder: String) -> [String] {
        let prefix = prefix(for: folder)
        return paths.map { prefix + $0 }
    }

    /// The same plan with every path under `folder`.
    func moved(under folder: String) -> OutputPlan {
        let prefix = Self.prefix(for: folder)
        guard !prefix.isEmpty else { return self }
        var moved = self
        moved.jobs = jobs.map { var job = $0; job.relativePath = prefix + job.relativePath; return job }
        moved.derivedPaths = derivedPaths.map { prefix + $0 }
        let derive = self.derive
        moved.derive = { rendered in
            var local: [String: Data] = [:]
            for (path, data) in rendered where path.hasPrefix(prefix) { local[String(path.dropFirst(prefix.count))] = data }
            return try derive(local).map { var file = $0; file.path = prefix + file.path; return file }
        }
        return moved
    }

    /// Renders every job in memory on `workers` threads, then the derived files.
    func renderInMemory(workers: Int) throws -> [RenderedFile] {
        let files = try WorkerPool.map(jobs.count, workers: workers) { index in try jobs[index].render() }
        var byPath: [String: Data] = [:]
        for file in files { byPath[file.path] = file.data }
        return files + (try derive(byPath))
    }

    /// Renders and writes into `out` (atomically); derived files come from the rendered bytes,
    /// so nothing is read back.
    @discardableResult
    func write(into out: URL, workers: Int) throws -> [WrittenFile] {
        guard !derivedPaths.isEmpty else { return try JobRunner.run(jobs, into: out, workers: workers) }
        return try JobRunner.write(try renderInMemory(workers: workers), into: out, workers: workers)
    }
}

/// A command that can describe its files up front, so `batch` can run it as a job kind.
protocol PlannableCommand {
    /// Plans the files, checking every option; nothing is rendered or written.
    func plan() throws -> OutputPlan
}
