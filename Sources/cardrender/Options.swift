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
    // swift-argument-parser shows the default; the help says what it means.
    @Option(parsing: .unconditional, help: ArgumentHelp("Largest PNG picture or compared image, in pixels (4 bytes each: \(RenderLimits.defaultMaxPixels) is 160 MB).",
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

/// How every command reports what it wrote, in one vocabulary: each file as `--out` was typed joined
/// with the file's path (`out/QH.png`, `out/cards/AS.png`), one a line, and a closing
/// `Wrote 3 files (12 KiB) into out in 0.21 s`.
enum WrittenFiles {
    static func path(_ file: String, in output: OutputOptions) -> String {
        (output.out as NSString).appendingPathComponent(file)
    }

    /// `1 file`, `3 files`.
    static func count(_ count: Int) -> String { "\(count) \(count == 1 ? "file" : "files")" }

    static func summary(count: Int, bytes: Int, note: String? = nil, in output: OutputOptions, since started: Date) -> String {
        let details = ["\(bytes / 1024) KiB"] + (note.map { [$0] } ?? [])
        return "Wrote \(Self.count(count)) (\(details.joined(separator: ", "))) into \(output.out) in "
            + String(format: "%.2f s", Date().timeIntervalSince(started))
    }
}
