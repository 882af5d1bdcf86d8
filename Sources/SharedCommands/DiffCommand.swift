import ArgumentParser
import CardRenderSupport
import FoundationEssentials
import GoldenImages

/// `x,y,w,h` in pixels.
struct PixelRectArgument: ExpressibleByArgument, Sendable {
    let rect: PixelRect

    init?(argument: String) {
        let fields = argument.split(separator: ",", omittingEmptySubsequences: false)
            .map { Int($0.trimmingSpaces()) }
        guard fields.count == 4, let x = fields[0], let y = fields[1], let width = fields[2], let height = fields[3],
              width >= 0, height >= 0 else { return nil }
        rect = PixelRect(x: x, y: y, width: width, height: height)
    }

    static var defaultValueDescription: String { "x,y,w,h" }
}

/// `N,K`: at least N differing pixels in some K×K window.
struct DensityArgument: ExpressibleByArgument, Sendable {
    let density: Tolerance.Density

    init?(argument: String) {
        let fields = argument.split(separator: ",").map { Int($0.trimmingSpaces()) }
        guard fields.count == 2, let pixels = fields[0], let window = fields[1], pixels >= 1, window >= 1 else {
            return nil
        }
        density = Tolerance.Density(minPixels: pixels, window: window)
    }
}

/// `#rrggbb` or pixelmatch's `r,g,b`.
struct RGBArgument: ExpressibleByArgument, Sendable {
    let color: DiffImageStyle.RGB

    init?(argument: String) {
        guard let color = DiffImageStyle.RGB(parsing: argument) else { return nil }
        self.color = color
    }
}

extension Tolerance.Metric: ExpressibleByArgument {}
extension RecordMode: ExpressibleByArgument {}

/// The tolerance options shared by `diff` and `verify`.
package struct ToleranceOptions: ParsableArguments {
    package init() {}

    @Option(help: """
        pixelmatch's colour threshold, 0...1: smaller is stricter (yiq: squared YIQ distance up to \
        35215 × t² is the same; oklab: HyAB distance up to t, black to white being 1).
        """)
    var threshold: Double = 0.1

    @Option(help: """
        Colour difference: yiq (pixelmatch 7.2.0) or oklab (pixelmatch's newer OKLab HyAB distance, \
        which tells apart colours YIQ scores as nearly the same).
        """)
    var metric: Tolerance.Metric = .yiq

    @Flag(inversion: .prefixedNo, help: """
        Blend semi-transparent pixels with pixelmatch's checkerboard before comparing, so changes of \
        transparency count; --no-checkerboard blends with white, where they can pass unseen.
        """)
    var checkerboard = true

    @Option(help: "Differing pixels allowed (default 0).")
    var maxDiffPixels: Int?

    @Option(help: "Fraction of pixels allowed to differ, 0...1.")
    var maxDiffRatio: Double?

    @Option(name: .customLong("min-cluster"), help: "Only connected regions of at least this many differing pixels count.")
    var minCluster: Int = 1

    @Option(help: ArgumentHelp("Fail only where some K×K window holds at least N differing pixels.", valueName: "N,K"))
    var density: DensityArgument?

    @Option(help: ArgumentHelp("""
        Apply --max-diff-pixels (and --max-diff-ratio, of the window) to the most differing pixels in \
        any N×N window (pixelmatch's windowSize); --window K --max-diff-pixels N-1 fails like --density N,K.
        """, valueName: "N"))
    var window: Int?

    @Flag(name: .customLong("include-aa"), help: "Count anti-aliased pixels as differences too.")
    var includeAntiAliasing = false

    // Unconditional, so a rectangle starting off the image (`-5,0,10,10`) is a value, not an option.
    @Option(name: .customLong("ignore"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("A rectangle not to compare (repeatable; x and y may be negative).", valueName: "x,y,w,h"))
    var ignoreRegions: [PixelRectArgument] = []

    package func validate() throws {
        guard threshold.isFinite, (0...1).contains(threshold) else {
            throw ValidationError("--threshold must be between 0 and 1, got \(threshold)")
        }
        if let maxDiffPixels, maxDiffPixels < 0 {
            throw ValidationError("--max-diff-pixels must not be negative, got \(maxDiffPixels)")
        }
        if let maxDiffRatio, !(maxDiffRatio.isFinite && (0...1).contains(maxDiffRatio)) {
            throw ValidationError("--max-diff-ratio must be between 0 and 1, got \(maxDiffRatio)")
        }
        guard minCluster >= 1 else { throw ValidationError("--min-cluster must be at least 1, got \(minCluster)") }
        if let window {
            guard window >= 1 else { throw ValidationError("--window must be at least 1, got \(window)") }
            if density != nil { throw ValidationError("--window and --density both limit N×N windows; use one") }
        }
        // What the flags above cannot see alone (a density no window can reach…), as the library words it.
        do throws(ComparisonError) {
            try tolerance.validate()
        } catch {
            throw ValidationError(error.description)
        }
    }

    var tolerance: Tolerance {
        Tolerance(threshold: threshold, maxDiffPixels: maxDiffPixels, maxDiffRatio: maxDiffRatio,
                  minClusterSize: minCluster, density: density?.density, includeAntiAliasing: includeAntiAliasing,
                  ignoreRegions: ignoreRegions.map(\.rect), metric: metric,
                  alphaBlending: checkerboard ? .checkerboard : .white, window: window)
    }
}

/// pixelmatch's diff image options, for `diff` and the diff images `verify` writes.
package struct DiffImageOptions: ParsableArguments {
    package init() {}

    @Option(help: "Opacity of the faded expected image under the differences, 0...1 (pixelmatch's alpha).")
    var alpha: Double = DiffImageStyle.pixelmatch.alpha

    @Option(help: ArgumentHelp("Colour of anti-aliased pixels (default yellow).", valueName: "#rrggbb|r,g,b"))
    var aaColor: RGBArgument?

    @Option(help: ArgumentHelp("Colour of differing pixels (default red).", valueName: "#rrggbb|r,g,b"))
    var diffColor: RGBArgument?

    @Option(help: ArgumentHelp("Colour of differing pixels that got darker (default: --diff-color).",
                               valueName: "#rrggbb|r,g,b"))
    var diffColorAlt: RGBArgument?

    @Flag(help: "Draw only the differences, on a transparent background.")
    var diffMask = false

    package func validate() throws {
        guard alpha.isFinite, (0...1).contains(alpha) else {
            throw ValidationError("--alpha must be between 0 and 1, got \(alpha)")
        }
    }

    var style: DiffImageStyle {
        let defaults = DiffImageStyle.pixelmatch
        return DiffImageStyle(alpha: alpha, aaColor: aaColor?.color ?? defaults.aaColor,
                              diffColor: diffColor?.color ?? defaults.diffColor, diffColorAlt: diffColorAlt?.color,
                              diffMask: diffMask)
    }
}

extension Tolerance {
    /// The options of the command line as one tolerance.
    init(_ options: ToleranceOptions, drawing diffImage: DiffImageOptions) {
        self = options.tolerance
        self.diffImage = diffImage.style
    }
}

/// `cardrender diff EXPECTED ACTUAL`: exit 0 within tolerance, 1 when not, 2 for an error.
package struct DiffCommand: ParsableCommand {
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compare two PNG images the way pixelmatch does, with regions and tolerances.",
        discussion: """
        Semi-transparent pixels are blended with pixelmatch 7's checkerboard before their colours \
        are compared, so a pixel that turns from transparent to white differs (--no-checkerboard \
        blends with white, as pixelmatch before 7 did). Exit status: 0 when the images are within \
        tolerance, 1 when they are not (different sizes included), 2 for an error such as an \
        unreadable file.
        """
    )

    @Argument(help: "The expected (golden) PNG.", completion: .file(extensions: ["png"]))
    var expected: String

    @Argument(help: "The actual PNG.", completion: .file(extensions: ["png"]))
    var actual: String

    @OptionGroup var toleranceOptions: ToleranceOptions

    @OptionGroup(title: "Diff image") var diffImageOptions: DiffImageOptions

    @OptionGroup var budget: BudgetOptions

    @Option(help: "Write the diff image (faded expected, differences red, anti-aliasing yellow) here.",
            completion: .file(extensions: ["png"]))
    var diffOut: String?

    @Option(help: "Write expected | actual | diff side by side here.", completion: .file(extensions: ["png"]))
    var compositeOut: String?

    @Flag(help: "Print counts, ratio, regions and paths as JSON.")
    var json = false

    package func validate() throws {
        try PathArgument.requireNonEmpty(diffOut, "--diff-out")
        try PathArgument.requireNonEmpty(compositeOut, "--composite-out")
    }

    package func run() throws {
        let comparison = FileComparison(
            expected: URL(fileURLWithPath: expected), actual: URL(fileURLWithPath: actual),
            tolerance: Tolerance(toleranceOptions, drawing: diffImageOptions),
            diffImage: diffOut.map { URL(fileURLWithPath: $0) }, compositeImage: compositeOut.map { URL(fileURLWithPath: $0) },
            maxPixels: budget.maxPixels)
        let report = try comparison.run()
        if json {
            print(String(decoding: try StableJSON.data(report), as: UTF8.self))
        } else {
            print("\(report.passed ? "PASS" : "FAIL"): \(report.result.message)")
            for region in report.result.regions.prefix(10) { print("  region \(region)") }
            if report.result.regionCount > 10 { print("  … \(report.result.regionCount - 10) more regions") }
            if let diffImage = report.diffImage { print("diff: \(diffImage)") }
            if let compositeImage = report.compositeImage { print("composite: \(compositeImage)") }
        }
        if !report.passed { throw ExitCode(1) }
    }
}
