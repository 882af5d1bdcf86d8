import ArgumentParser
import CardRenderSupport
import Drawing
import Foundation
import SpecFiles
import KeyboardDiagrams

/// `cardrender keyboard`: one keyboard-overlap diagram from options, or every diagram of a spec.
struct KeyboardCommand: ParsableCommand, PlannableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keyboard",
        abstract: "Draw a keyboard-overlap diagram (or a spec's diagrams), or print the geometry as JSON.",
        discussion: """
        Without --spec, draws one diagram: before/after, next to a --mistake, or a --filmstrip of the \
        animation. A --keyboard-frame (screen coordinates) entirely off screen is valid and means the \
        keyboard is hidden. --json prints the computed geometry instead of drawing. Files go to \
        --out/keyboard/<name>.<format>; a spec's "output" paths must stay inside --out.
        """
    )

    @Option(help: "Device id or alias from `cardrender devices` (default iphone-8): \(ValueNames.listed(ValueNames.devices)).",
            completion: .list(ValueNames.devices))
    var device: String?

    @Option(help: "\(ValueNames.listed(ValueNames.orientations)) (default portrait).",
            completion: .list(ValueNames.orientations))
    var orientation: String?

    @Option(help: "\(ValueNames.listed(ValueNames.strategies)) (default bottom-offset; a scenario's own otherwise).",
            completion: .list(ValueNames.strategies))
    var strategy: String?

    @Option(help: "A named edge case: \(ValueNames.listed(ValueNames.scenarios)).", completion: .list(ValueNames.scenarios))
    var scenario: String?

    @Option(help: "Draw a classic mistake next to the right result: \(ValueNames.listed(ValueNames.mistakes)).",
            completion: .list(ValueNames.mistakes))
    var mistake: String?

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

    @Option(help: "Output formats, comma separated: \(ValueNames.listed(ValueNames.formats)) (default: png).",
            completion: .formats, transform: FormatList.parse)
    var format: FormatList?

    @Option(help: "PNG pixels per point.")
    var scale: Double = 2

    @Flag(help: "Print the computed geometry as JSON instead of drawing.")
    var json = false

    @Option(help: "A YAML or JSON file listing diagrams (keys: device, orientation, strategy, scenario, predictive, keyboard-frame, view-frame, mistake, filmstrip, formats, output).",
            completion: .file(extensions: ValueNames.specExtensions))
    var spec: String?

    @OptionGroup var output: OutputOptions
    @OptionGroup var parallel: ParallelOptions
    @OptionGroup var budget: BudgetOptions

    func validate() throws {
        guard scale.isFinite, scale > 0, scale <= 8 else { throw ValidationError("--scale must be between 0 and 8, got \(scale)") }
        if let filmstrip, !(1...KeyboardDiagram.maximumFilmstripFrames).contains(filmstrip) {
            throw ValidationError("--filmstrip takes 1 to \(KeyboardDiagram.maximumFilmstripFrames) frames, got \(filmstrip)")
        }
        if spec != nil {
            let given = [("--device", device), ("--orientation", orientation), ("--strategy", strategy), ("--scenario", scenario),
                         ("--mistake", mistake), ("--keyboard-frame", keyboardFrame), ("--view-frame", viewFrame)]
                .filter { $0.1 != nil }.map(\.0) + (filmstrip != nil ? ["--filmstrip"] : []) + (noPredictive ? ["--no-predictive"] : [])
            let formatGiven = format != nil ? ["--format"] : []
            if let first = (given + formatGiven).first {
                throw ValidationError("\(first) cannot be combined with --spec; put it in the spec")
            }
        }
    }

    func run() throws {
        let builder = KeyboardDiagramBuilder(catalog: try DeviceCatalog.bundled())
        if let spec {
            try runSpec(spec, builder: builder)
            return
        }
        let order = try self.order(builder: builder)
        if json {
            FileHandle.standardOutput.write(try order.geometryJSON(builder: builder) + Data("\n".utf8))
            return
        }
        try render(single(order), builder: builder)
    }

    /// One diagram as a spec; an empty file name makes errors read as the message alone.
    private func single(_ order: KeyboardDiagramOrder) -> KeyboardDiagramSpec {
        KeyboardDiagramSpec(file: "", entries: [
            KeyboardDiagramSpec.Entry(order: order, location: SpecLocation(file: ""), outputLocation: SpecLocation(file: "")),
        ])
    }

    /// The one diagram the options describe.
    private func order(builder: KeyboardDiagramBuilder) throws -> KeyboardDiagramOrder {
        try KeyboardOptions.order(
            device: device, orientation: orientation, strategy: strategy, scenario: scenario, mistake: mistake,
            keyboardFrame: keyboardFrame, viewFrame: viewFrame, predictive: noPredictive ? false : nil,
            filmstrip: filmstrip, formats: format?.formats ?? [.png], builder: builder)
    }

    /// The order, for the commands that describe files (not `--spec` or `--json`).
    private func checkedOrder(builder: KeyboardDiagramBuilder) throws -> KeyboardDiagramOrder {
        guard spec == nil, !json else { throw MessageError("--spec and --json do not describe files to render") }
        return try order(builder: builder)
    }

    /// In a batch the job's output folder replaces the command's `keyboard/` folder.
    private static func batchPath(_ path: String) -> String {
        path.hasPrefix("keyboard/") ? String(path.dropFirst("keyboard/".count)) : path
    }

    /// The files of one diagram (not for `--spec` or `--json`), named as the command names them.
    func plan() throws -> OutputPlan {
        let builder = KeyboardDiagramBuilder(catalog: try DeviceCatalog.bundled())
        let planned = try single(try checkedOrder(builder: builder)).outputs(under: output.url, builder: builder)
        return OutputPlan(jobs: planned.flatMap { plan in
            plan.files.map { RenderJob(Self.batchPath($0.relativePath), plan.diagram.picture, format: $0.format,
                                       resolution: .scale(scale)) }
        })
    }

    /// The same paths as `plan()` without laying out the diagram (options fully checked), and a
    /// cost estimate for shards: what a batch needs before it renders.
    func plannedOutputs() throws -> (paths: [String], cost: Double) {
        let builder = KeyboardDiagramBuilder(catalog: try DeviceCatalog.bundled())
        let order = try checkedOrder(builder: builder)
        let name = try order.output ?? order.defaultOutput(model: order.model(builder: builder))
        let base = KeyboardDiagramSpec.strippingExtension(name)
        let formats = order.formats
        // Diagrams are about 1200×1000 pt; a filmstrip about three times that.
        let points = 1_200_000.0 * (order.filmstrip == nil ? 1 : 3)
        let cost = formats.reduce(0) { $0 + points * ($1 == .png ? scale * scale : 1) }
        return (formats.map { Self.batchPath(base + "." + $0.fileExtension) }, cost)
    }

    private func runSpec(_ path: String, builder: KeyboardDiagramBuilder) throws {
        let spec = try KeyboardDiagramSpec.load(contentsOf: URL(fileURLWithPath: path), displayName: path, builder: builder)
        if json {
            // One JSON array, each element as `--json` prints a single diagram.
            let parts = try spec.entries.map { try $0.order.geometryJSON(builder: builder) }
            var data = Data("[\n".utf8)
            for (index, part) in parts.enumerated() {
                data += part + Data((index == parts.count - 1 ? "\n" : ",\n").utf8)
            }
            FileHandle.standardOutput.write(data + Data("]\n".utf8))
            return
        }
        try render(spec, builder: builder)
    }

    /// Plans every file (paths checked inside --out), then renders them all.
    private func render(_ spec: KeyboardDiagramSpec, builder: KeyboardDiagramBuilder) throws {
        let files = try spec.plannedFiles(under: output.url, builder: builder)
        var out: URL?
        var count = 0
        let started = Date()
        // Diagrams are laid out a chunk at a time, just before they render: laying out every
        // diagram of a large spec first held gigabytes.
        let chunk = max(16, parallel.count * 8)
        for start in stride(from: 0, to: spec.entries.count, by: chunk) {
            var jobs: [RenderJob] = []
            for index in start..<min(start + chunk, spec.entries.count) {
                let picture = try spec.diagram(for: spec.entries[index], builder: builder).picture
                jobs += files[index].map { RenderJob($0.relativePath, picture, format: $0.format, resolution: .scale(scale)) }
            }
            try OutputPlan(jobs: jobs).checkBudget(maxPixels: budget.maxPixels)
            let folder = try out ?? output.prepare()
            out = folder
            for file in try JobRunner.run(jobs, into: folder, workers: parallel.count) {
                print((output.out as NSString).appendingPathComponent(file.path))
            }
            count += jobs.count
        }
        FileHandle.standardError.write(Data(String(format: "Rendered %d files in %.2f s\n", count,
                                                   Date().timeIntervalSince(started)).utf8))
    }
}

/// Command-line option strings → an order, with the library's one-line errors.
enum KeyboardOptions {
    static func order(device: String?, orientation: String?, strategy: String?, scenario: String?, mistake: String?,
                      keyboardFrame: String?, viewFrame: String?, predictive: Bool?, filmstrip: Int?,
                      formats: [OutputFormat], builder: KeyboardDiagramBuilder) throws -> KeyboardDiagramOrder {
        if scenario != nil {
            let fixed = [("--device", device), ("--orientation", orientation), ("--keyboard-frame", keyboardFrame),
                         ("--view-frame", viewFrame)].filter { $0.1 != nil }.map(\.0)
            if let first = fixed.first { throw MessageError("\(first) cannot be combined with --scenario: the scenario fixes it") }
        }
        if mistake != nil, filmstrip != nil { throw MessageError("--mistake and --filmstrip draw different diagrams; pick one") }
        var order = KeyboardDiagramOrder(formats: formats)
        // Device ids and scenario names cannot be guessed: their errors list them.
        do {
            if let device { order.device = try builder.catalog.device(named: device).id }
            if let scenario { order.scenario = try builder.scenario(named: scenario).id }
        } catch {
            switch error {
            case let .unknownDevice(name, suggestion):
                throw ValueNames.unknown("device", name, suggestion: suggestion, valid: builder.catalog.devices.map(\.id))
            case let .unknownScenario(name, suggestion):
                throw ValueNames.unknown("scenario", name, suggestion: suggestion, valid: builder.scenarios.map(\.id))
            default:
                throw error
            }
        }
        order.orientation = try orientation.map { try Orientation.named($0) }
        order.strategy = try strategy.map { try AvoidanceStrategy.named($0) }
        order.keyboardFrame = try keyboardFrame.map { try FrameInput.parse($0, name: "--keyboard-frame") }
        order.viewFrame = try viewFrame.map { try FrameInput.parse($0, name: "--view-frame") }
        order.predictive = predictive
        order.filmstrip = filmstrip
        if let mistake {
            guard let parsed = KeyboardMistake.named(mistake) else {
                let names = ValueNames.mistakes
                throw ValueNames.unknown("mistake", mistake, suggestion: NearestName.suggestion(for: mistake, among: names),
                                         valid: names)
            }
            order.mistake = parsed
        }
        // Build once so every remaining problem (a mistake the strategy cannot make) surfaces now.
        let model = try order.model(builder: builder)
        if let parsed = order.mistake, model.result.geometry.outcome(of: parsed, strategy: model.strategy) == nil {
            throw MessageError(KeyboardDiagramError.mistakeNotApplicable(parsed, model.strategy).description)
        }
        return order
    }
}
