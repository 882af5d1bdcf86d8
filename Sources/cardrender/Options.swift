import ArgumentParser
import Drawing
import Foundation

/// `--out DIR`, checked to be a writable folder (created if missing) before anything renders.
struct OutputOptions: ParsableArguments {
    @Option(name: .long, help: "Folder to write into (created if missing).")
    var out: String = "Output"

    var url: URL { URL(fileURLWithPath: out, isDirectory: true) }

    func prepare() throws -> URL {
        try AtomicFile.prepareDirectory(url)
        return url
    }
}

/// `-j N`: worker threads for rendering, default the number of cores.
struct ParallelOptions: ParsableArguments {
    @Option(name: .customShort("j"), help: "Jobs to run in parallel (default: the number of cores).")
    var jobs: Int?

    var count: Int { jobs ?? ProcessInfo.processInfo.activeProcessorCount }

    func validate() throws {
        if let jobs, !(1...256).contains(jobs) { throw ValidationError("-j must be between 1 and 256, got \(jobs)") }
    }
}

extension OutputFormat: ExpressibleByArgument {}

/// Parses `png,svg` into formats.
struct FormatList: ExpressibleByArgument, Sendable {
    var formats: [OutputFormat]

    init?(argument: String) {
        var result: [OutputFormat] = []
        for part in argument.split(separator: ",") {
            guard let format = OutputFormat(rawValue: part.trimmingCharacters(in: .whitespaces).lowercased()) else {
                return nil
            }
            if !result.contains(format) { result.append(format) }
        }
        guard !result.isEmpty else { return nil }
        formats = result
    }

    init(_ formats: [OutputFormat]) { self.formats = formats }
    var defaultValueDescription: String { formats.map(\.rawValue).joined(separator: ",") }
}
