import ArgumentParser
import CardRenderSupport
import Drawing
import Foundation
import RenderPipeline

/// `--out DIR`, checked to be a writable folder (created if missing) before anything renders.
struct OutputOptions: ParsableArguments {
    @Option(name: .long, help: "Folder to write into (created if missing).", completion: .directory)
    var out: String = "Output"

    var url: URL { URL(fileURLWithPath: out, isDirectory: true) }

    func validate() throws {
        try PathArgument.requireNonEmpty(out, "--out")
    }

    func prepare() throws -> URL {
        try AtomicFile.prepareDirectory(url)
        return url
    }
}

/// `-j N`: worker threads for rendering, default the number of cores.
struct ParallelOptions: ParsableArguments {
    @Option(name: .customShort("j"), parsing: .unconditional, help: "Jobs to run in parallel (default: the number of cores).")
    var jobs: Int?

    var count: Int { jobs ?? ProcessInfo.processInfo.activeProcessorCount }

    func validate() throws {
        if let jobs, !(1...256).contains(jobs) { throw ValidationError("-j must be between 1 and 256, got \(jobs)") }
    }
}

extension OutputFormat: ExpressibleByArgument {}

extension FormatList: ExpressibleByArgument {
    public init?(argument: String) {
        guard let list = try? Self.parse(argument) else { return nil }
        self = list
    }

    /// For `@Option(transform:)`: the error names the format that is not known and lists the
    /// valid ones.
    static func argument(_ text: String) throws -> FormatList {
        do { return try parse(text) } catch { throw ValidationError(error.message) }
    }

    public var defaultValueDescription: String { formats.map(\.rawValue).joined(separator: ",") }
}

/// Checks on path options.
enum PathArgument {
    /// An empty path would mean the current folder, which nobody asks for by giving "".
    static func requireNonEmpty(_ path: String?, _ flag: String) throws {
        if let path, path.trimmingCharacters(in: .whitespaces).isEmpty {
            throw ValidationError("\(flag) is empty; give a path (\".\" for the current folder)")
        }
    }
}

/// `--max-pixels N`: the largest raster picture (or diff image) a command makes, checked from
/// sizes and headers before any pixels are allocated, so `-j N` holds at most N such pictures.
struct BudgetOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: ArgumentHelp("Largest PNG picture or compared image, in pixels (default \(RenderLimits.defaultMaxPixels), 160 MB of pixels).",
                               valueName: "N"))
    var maxPixels: Int = RenderLimits.defaultMaxPixels

    func validate() throws {
        guard maxPixels > 0 else { throw ValidationError("--max-pixels must be a positive number of pixels, got \(maxPixels)") }
    }
}

extension OutputPlan {
    /// What planning found that is not an error, one `cardrender: warning:` line each on stderr.
    func printWarnings() {
        for warning in warnings {
            FileHandle.standardError.write(Data("cardrender: warning: \(warning)\n".utf8))
        }
    }
}
