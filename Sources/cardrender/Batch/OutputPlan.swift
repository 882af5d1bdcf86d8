import BatchRendering
import Drawing
import Foundation

/// What a command writes, before anything renders: render jobs, plus files derived from the
/// rendered bytes (like `deck.json`, which states their SHA-256).
struct OutputPlan: Sendable {
    var jobs: [RenderJob]
    var derivedPaths: [String] = []
    /// Files made from what the jobs rendered (their sizes and SHA-256, keyed by path).
    var derive: @Sendable (_ rendered: [String: WrittenFile]) throws -> [RenderedFile] = { _ in [] }

    var outputs: [String] { jobs.map(\.relativePath) + derivedPaths }

    /// Pixels to draw, a proxy for rendering time when balancing shards.
    var estimatedCost: Double { jobs.reduce(0) { $0 + $1.estimatedCost } }

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
            var local: [String: WrittenFile] = [:]
            for (path, file) in rendered where path.hasPrefix(prefix) { local[String(path.dropFirst(prefix.count))] = file }
            return try derive(local).map { var file = $0; file.path = prefix + file.path; return file }
        }
        return moved
    }

    /// Refuses the plan when a PNG it makes is over `maxPixels`, before anything renders.
    func checkBudget(maxPixels: Int) throws {
        for job in jobs where job.format == .png {
            let pixels = job.resolution.pixelSize(for: job.picture.size)
            try RenderLimits.checkBudget(width: pixels.width, height: pixels.height, maxPixels: maxPixels,
                                         what: job.relativePath)
        }
    }

    /// Renders every job in memory on `workers` threads, then the derived files.
    func renderInMemory(workers: Int) throws -> [RenderedFile] {
        let files = try WorkerPool.map(jobs.count, workers: workers, order: JobRunner.costliestFirst(jobs)) { index in
            try jobs[index].render()
        }
        return files + (try derive(Self.byPath(files.map(WrittenFile.init))))
    }

    /// Renders and writes into `out` (atomically), each file as soon as it is rendered; derived
    /// files come from the written files' sizes and hashes, so nothing is read back.
    @discardableResult
    func write(into out: URL, workers: Int) throws -> [WrittenFile] {
        let written = try JobRunner.run(jobs, into: out, workers: workers)
        guard !derivedPaths.isEmpty else { return written }
        return written + (try JobRunner.write(try derive(Self.byPath(written)), into: out))
    }

    private static func byPath(_ files: [WrittenFile]) -> [String: WrittenFile] {
        Dictionary(files.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
    }
}

/// A command that can describe its files up front, so `batch` can run it as a job kind.
protocol PlannableCommand {
    /// Plans the files, checking every option; nothing is rendered or written.
    func plan() throws -> OutputPlan
}
