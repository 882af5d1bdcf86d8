import BatchRendering
import CardRenderSupport
import Drawing
import Foundation
import Synchronization

/// What a request writes, before anything renders: the units to render (pictures, documents of
/// pages, sequences of frames; see `OutputUnit`), plus files derived from the rendered files'
/// facts (like `deck.json`, which states their SHA-256). Every command and every batch job goes
/// through one of these: plan → render → encode → hash → atomic write → derived files.
public struct OutputPlan: Sendable {
    /// The pictures, documents and frame sequences to render.
    public var units: [OutputUnit]
    /// The paths `derive` writes, declared up front so clashes are found before rendering.
    public var derivedPaths: [String]
    /// Files made from what was rendered (each file's facts, keyed by path): manifests only, as
    /// anything drawn is a unit and runs on the workers.
    public var derive: @Sendable (_ rendered: [String: WrittenFile]) throws -> [RenderedFile]
    /// What planning found that the files will show but that is not an error, one line each
    /// (text that overflows its box even at its smallest size).
    public var warnings: [String]

    /// A plan of `units` and the files `derive` makes from their facts.
    public init(units: [OutputUnit], derivedPaths: [String] = [], warnings: [String] = [],
                derive: @escaping @Sendable (_ rendered: [String: WrittenFile]) throws -> [RenderedFile] = { _ in [] }) {
        self.units = units
        self.derivedPaths = derivedPaths
        self.warnings = warnings
        self.derive = derive
    }

    /// A plan of pictures.
    public init(files: [FileToRender], derivedPaths: [String] = [], warnings: [String] = [],
                derive: @escaping @Sendable (_ rendered: [String: WrittenFile]) throws -> [RenderedFile] = { _ in [] }) {
        self.init(units: files.map(\.unit), derivedPaths: derivedPaths, warnings: warnings, derive: derive)
    }

    /// Every path the plan writes, relative to the output folder.
    public var outputs: [String] { units.map(\.path) + derivedPaths }

    /// Pixels to draw, a proxy for rendering time when balancing shards: every unit's, documents
    /// and frames included.
    public var estimatedCost: Double { units.reduce(0) { $0 + $1.estimatedCost } }

    static func prefix(for folder: String) -> String {
        folder.isEmpty || folder == "." ? "" : folder.hasSuffix("/") ? folder : folder + "/"
    }

    static func paths(_ paths: [String], under folder: String) -> [String] {
        let prefix = prefix(for: folder)
        return paths.map { prefix + $0 }
    }

    /// The same plan with every path under `folder`.
    public func moved(under folder: String) -> OutputPlan {
        let prefix = Self.prefix(for: folder)
        guard !prefix.isEmpty else { return self }
        let derive = self.derive
        return OutputPlan(units: units.map { var unit = $0; unit.path = prefix + unit.path; return unit },
                          derivedPaths: derivedPaths.map { prefix + $0 }, warnings: warnings) { rendered in
            var local: [String: WrittenFile] = [:]
            for (path, file) in rendered where path.hasPrefix(prefix) {
                var facts = file
                facts.path = String(path.dropFirst(prefix.count))
                local[facts.path] = facts
            }
            return try derive(local).map { var file = $0; file.path = prefix + file.path; return file }
        }
    }

    /// Refuses the plan when a raster file it makes is over `maxPixels`, or wider or taller than
    /// its format can hold, before anything renders.
    public func checkBudget(maxPixels: Int) throws(ImageError) {
        for unit in units { try unit.checkBudget(maxPixels: maxPixels) }
    }

    /// Renders every unit in memory on `workers` threads, then the derived files.
    public func renderInMemory(workers: Int) throws -> [RenderedFile] {
        let rendered = try OutputUnit.render(units, workers: workers)
        return rendered + (try derive(Self.byPath(rendered.map(\.facts))))
    }

    /// Renders and writes into `out`, each file to a temporary name as soon as it is rendered
    /// (so writing overlaps rendering and no file's bytes outlive their write), then gives every
    /// file its final name, the derived files (a manifest) last: a run that fails or is stopped
    /// before that leaves the folder as it was. Derived files come from the written files'
    /// facts, so nothing is read back. The pixel budget and every path's length are checked first.
    @discardableResult
    public func write(into out: URL, workers: Int, maxPixels: Int = RenderLimits.defaultMaxPixels) throws -> [WrittenFile] {
        try checkBudget(maxPixels: maxPixels)
        try OutputPaths.checkLengths(of: outputs, under: out)
        try Self.prepareFolders(for: units.map(\.path), in: out)
        let staging = Mutex<[Int: AtomicFile.StagedFiles]>([:])
        defer { staging.withLock { for files in $0.values { files.discard() } } }
        // Each file is staged by the thread that made it, and its bytes dropped with the return.
        let written = try OutputUnit.render(units, workers: workers) { index, rendered in
            let staged = AtomicFile.StagedFiles()
            staging.withLock { $0[index] = staged }
            try Self.stage(rendered, into: out, in: staged)
            return rendered.facts
        }
        let derived = try derive(Self.byPath(written))
        try Self.prepareFolders(for: derived.map(\.path), in: out)
        let last = AtomicFile.StagedFiles()
        staging.withLock { $0[units.count] = last }
        for file in derived { try Self.stage(file, into: out, in: last) }
        // Published in plan order, the derived files last.
        let ordered = staging.withLock { all in (0...units.count).compactMap { all[$0] } }
        try AtomicFile.StagedFiles.publish(ordered)
        return written + derived.map(\.facts)
    }

    static func prepareFolders(for paths: [String], in out: URL) throws {
        for folder in Set(paths.map { out.appendingPathComponent($0).deletingLastPathComponent().path }).sorted() {
            try AtomicFile.prepareDirectory(URL(fileURLWithPath: folder, isDirectory: true))
        }
    }

    private static func stage(_ file: RenderedFile, into out: URL, in staged: AtomicFile.StagedFiles) throws {
        do {
            try staged.stage(file.data, to: out.appendingPathComponent(file.path))
        } catch {
            throw DrawingError.write(path: error.path, reason: error.reason.description)
        }
    }

    private static func byPath(_ files: [WrittenFile]) -> [String: WrittenFile] {
        Dictionary(files.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
    }
}
