import ArgumentParser
import CardRenderSupport
import Drawing
import Foundation
import KeyboardDiagrams
import RenderPipeline
import SharedCommands

/// `cardrender keyboard`: one keyboard-overlap diagram from options, or every diagram of a spec.
struct KeyboardCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keyboard",
        abstract: "Draw a keyboard-overlap diagram (or a spec's diagrams), or print the geometry as JSON.",
        discussion: """
        Without --spec, draws one diagram: before/after, next to a --mistake, a --filmstrip of the \
        animation, or the animation itself (--animate). A --keyboard-frame (screen coordinates) entirely off screen is valid and means the \
        keyboard is hidden. --json prints the computed geometry instead of drawing. Files go to \
        --out/<name>.<format>, as card writes --out/QH.png; a spec's "output" paths must stay inside --out.
        """
    )

    @Option(help: "Device id or alias from `cardrender devices` (default iphone-8): \(ValueNames.listed(ValueNames.devices)).",
            completion: .list(ValueNames.devices))
    var device: String?

    @Option(help: "\(Orientation.listed) (default portrait).", completion: Orientation.completion, transform: Orientation.argument)
    var orientation: Orientation?

    @Option(help: "\(AvoidanceStrategy.listed) (default bottom-offset; a scenario's own otherwise).",
            completion: AvoidanceStrategy.completion, transform: AvoidanceStrategy.argument)
    var strategy: AvoidanceStrategy?

    @Option(help: "A named edge case: \(ValueNames.listed(ValueNames.scenarios)).", completion: .list(ValueNames.scenarios))
    var scenario: String?

    @Option(help: "Draw a classic mistake next to the right result (without --device or --scenario, in a setting where it matters): \(KeyboardMistake.listed).",
            completion: KeyboardMistake.completion, transform: KeyboardMistake.argument)
    var mistake: KeyboardMistake?

    // Unconditional: frames often start with a negative number, which must not read as an option.
    @Option(name: .customLong("keyboard-frame"), parsing: .unconditional,
            help: "The notification's end frame x,y,w,h in screen coordinates.")
    var keyboardFrame: String?

    @Option(name: .customLong("view-frame"), parsing: .unconditional, help: "The reacting view's frame x,y,w,h in the window (default: full screen).")
    var viewFrame: String?

    @Flag(name: .customLong("no-predictive"), help: "Use the keyboard height without the predictive bar.")
    var noPredictive = false

    @Option(help: "Draw N frames across the keyboard animation instead of before/after.")
    var filmstrip: Int?

    @Flag(help: "Write the keyboard sliding in as an animated PNG and an animated SVG (<name>-animated.png/.svg, formats png and svg) instead of a still.")
    var animate = false

    @Option(help: "Language of the diagram's labels, captions, legend and computation: \(DiagramLanguage.listed) (default: en).",
            completion: DiagramLanguage.completion, transform: DiagramLanguage.argument)
    var language: DiagramLanguage?

    @Option(help: "Output formats, comma separated: \(ValueNames.listed(ValueNames.formats)) (default: png).",
            completion: .formats, transform: FormatList.argument)
    var format: FormatList?

    @Option(parsing: .unconditional, help: ArgumentHelp("Lossy WebP at this quality, 0 to 100 (default: lossless); JPEG at 1 to 100, 90 unless given.", valueName: "N"))
    var quality: Int?

    @Option(help: "PNG pixels per point.")
    var scale: Double = 2

    @Flag(help: "Print the computed geometry as JSON instead of drawing.")
    var json = false

    @Option(help: "A YAML or JSON file listing diagrams, each with the keys of a batch `kind: keyboard` job and an `output` file name.",
            completion: .file(extensions: ValueNames.specExtensions))
    var spec: String?

    @OptionGroup var output: OutputOptions
    @OptionGroup var parallel: ParallelOptions
    @OptionGroup var budget: BudgetOptions

    /// The one diagram the options describe.
    func request() throws(RequestError) -> KeyboardRequest {
        KeyboardRequest(device: device, orientation: orientation, strategy: strategy, scenario: scenario,
                        predictive: noPredictive ? false : nil,
                        keyboardFrame: try keyboardFrame.map { text throws(RequestError) in
                            try KeyboardRequest.frame(text, key: "keyboard-frame", as: .commandLine)
                        },
                        viewFrame: try viewFrame.map { text throws(RequestError) in
                            try KeyboardRequest.frame(text, key: "view-frame", as: .commandLine)
                        },
                        mistake: mistake, filmstrip: filmstrip, animate: animate, formats: format?.formats ?? [.png],
                        language: language ?? .english, quality: quality, scale: scale)
    }

    func validate() throws {
        do {
            guard spec != nil else { return try request().validate(as: .commandLine) }
            try KeyboardRequest.checkScale(scale, as: .commandLine)
            // A spec's diagrams name their own formats; the quality applies to those that are lossy.
            try FormatList.validate(quality: quality, for: OutputFormat.allCases, as: .commandLine)
        } catch {
            throw ValidationError(error.message)
        }
        let options: [(name: String, given: Bool)] = [
            ("--device", device != nil), ("--orientation", orientation != nil), ("--strategy", strategy != nil),
            ("--scenario", scenario != nil), ("--mistake", mistake != nil), ("--keyboard-frame", keyboardFrame != nil),
            ("--view-frame", viewFrame != nil), ("--language", language != nil), ("--filmstrip", filmstrip != nil),
            ("--no-predictive", noPredictive), ("--format", format != nil), ("--animate", animate),
        ]
        if let first = options.first(where: \.given)?.name {
            throw ValidationError("\(first) cannot be combined with --spec; put it in the spec")
        }
    }

    func run() throws {
        let builder = KeyboardDiagramBuilder(catalog: try DeviceCatalog.bundled())
        if let spec {
            let file = try KeyboardSpecFile.load(contentsOf: URL(fileURLWithPath: spec), displayName: spec, builder: builder,
                                                 scale: scale, quality: quality)
            for note in file.notes { FileHandle.standardError.write(Data("cardrender: note: \(note)\n".utf8)) }
            if json {
                FileHandle.standardOutput.write(try file.geometryJSON(builder: builder))
                return
            }
            try render(file, builder: builder)
            return
        }
        let given = try request()
        let request = try given.checked(builder: builder, as: .commandLine)
        if let alias = given.aliasResolution(catalog: builder.catalog) {
            FileHandle.standardError.write(Data("cardrender: note: \(alias)\n".utf8))
        }
        if json {
            FileHandle.standardOutput.write(try request.geometryJSON(builder: builder) + Data("\n".utf8))
            return
        }
        try render(KeyboardSpecFile(single: request), builder: builder)
    }

    /// Renders every file into --out, listing each as it is written.
    private func render(_ file: KeyboardSpecFile, builder: KeyboardDiagramBuilder) throws {
        let started = Date()
        var bytes = 0
        let count = try file.write(into: output.url, builder: builder, workers: parallel.count,
                                   maxPixels: budget.maxPixels) { written in
            bytes += written.bytes
            print(WrittenFiles.path(written.path, in: output))
        }
        print(WrittenFiles.summary(count: count, bytes: bytes, in: output, since: started))
    }
}

/// A keyboard option whose values are a library enum's cases: help and completion list the cases,
/// and a value that is none of them gets the message a spec gets (the valid names, "did you mean").
protocol KeyboardOptionValue: CaseIterable, RawRepresentable where RawValue == String {
    static var kind: String { get }
    static func parse(_ name: String) -> Self?
}

extension KeyboardOptionValue {
    static var names: [String] { allCases.map(\.rawValue) }
    static var listed: String { ValueNames.listed(names) }
    static var completion: CompletionKind { .list(names) }

    /// For `@Option(transform:)`.
    static func argument(_ text: String) throws -> Self {
        do { return try KeyboardRequest.named(text, kind, parse: parse) } catch { throw ValidationError(error.message) }
    }
}

extension Orientation: KeyboardOptionValue {
    static let kind = "orientation"
    static func parse(_ name: String) -> Orientation? { try? named(name) }
}

extension AvoidanceStrategy: KeyboardOptionValue {
    static let kind = "strategy"
    static func parse(_ name: String) -> AvoidanceStrategy? { try? named(name) }
}

extension KeyboardMistake: KeyboardOptionValue {
    static let kind = "mistake"
    static func parse(_ name: String) -> KeyboardMistake? { named(name) }
}

extension DiagramLanguage: KeyboardOptionValue {
    static let kind = "language"
    static func parse(_ name: String) -> DiagramLanguage? { named(name) }
}
