import ArgumentParser
import CardRenderSupport
import FoundationEssentials
import Images

/// `-j N`: worker threads for rendering, default the number of cores.
package struct ParallelOptions: ParsableArguments {
    package init() {}

    @Option(name: .customShort("j"), parsing: .unconditional, help: "Jobs to run in parallel (default: the number of cores).")
    package var jobs: Int?

    package var count: Int { jobs ?? ProcessInfo.processInfo.activeProcessorCount }

    package func validate() throws {
        if let jobs, !(1...256).contains(jobs) { throw ValidationError("-j must be between 1 and 256, got \(jobs)") }
    }
}

/// Checks on path options.
package enum PathArgument {
    /// An empty path would mean the current folder, which nobody asks for by giving "".
    package static func requireNonEmpty(_ path: String?, _ flag: String) throws {
        if let path, path.trimmingSpaces().isEmpty {
            throw ValidationError("\(flag) is empty; give a path (\".\" for the current folder)")
        }
    }
}

/// `--max-pixels N`: the largest raster picture (or diff image) a command makes, checked from
/// sizes and headers before any pixels are allocated, so `-j N` holds at most N such pictures.
package struct BudgetOptions: ParsableArguments {
    package init() {}

    // swift-argument-parser shows the default; the help says what it means.
    @Option(parsing: .unconditional, help: ArgumentHelp("Largest PNG picture or compared image, in pixels (4 bytes each: \(RenderLimits.defaultMaxPixels) is 160 MB).",
                               valueName: "N"))
    package var maxPixels: Int = RenderLimits.defaultMaxPixels

    package func validate() throws {
        guard maxPixels > 0 else { throw ValidationError("--max-pixels must be a positive number of pixels, got \(maxPixels)") }
    }
}

