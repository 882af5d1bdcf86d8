import ArgumentParser
import BatchRendering
import Drawing
import Foundation
import SpecFiles

/// The job kinds a batch spec can name. Each kind runs one of the CLI's commands, so a spec job
/// accepts exactly that command's options (`theme: classic` is `--theme classic`) and is
/// checked by the same code.
struct JobKind: Sendable {
    var name: String
    /// Spec keys, each the long name of one of the command's options.
    var keys: [String]
    /// Keys that are on/off switches (`jokers: true` is `--jokers`).
    var switches: Set<String> = []
    /// A key given as the command's argument rather than an option.
    var argument: String?
    /// Keys naming files, resolved relative to the spec file.
    var paths: Set<String> = []
    var plan: @Sendable ([String]) throws -> OutputPlan
    /// The output paths and cost without planning the pictures, where that is much cheaper.
    var outputs: (@Sendable ([String]) throws -> (paths: [String], cost: Double))?

    var schema: JobKindSchema { JobKindSchema(kind: name, keys: keys) }

    static let cardLook = ["size", "scale", "dpi", "theme", "color", "back-color", "back", "faces", "face-scale", "format"]

    static let all: [JobKind] = [
        JobKind(name: "card", keys: ["card", "face-down", "names"] + cardLook, switches: ["face-down"],
                argument: "card", paths: ["faces"]) { try CardCommand.parse($0).plan() },
        JobKind(name: "deck", keys: ["jokers", "all-backs", "sheet", "contact-sheet", "names"] + cardLook,
                switches: ["jokers", "all-backs", "sheet", "contact-sheet"], paths: ["faces"]) { try DeckCommand.parse($0).plan() },
        JobKind(name: "keyboard",
                keys: ["device", "orientation", "strategy", "scenario", "mistake", "keyboard-frame", "view-frame",
                       "predictive", "filmstrip", "format", "scale"],
                switches: ["predictive"], plan: { try KeyboardCommand.parse($0).plan() },
                outputs: { try KeyboardCommand.parse($0).plannedOutputs() }),
        JobKind(name: "samples", keys: ["scale", "format"]) { arguments in
            let options = try SamplesOptions.parse(arguments)
            return OutputPlan(jobs: RenderJob.all("primitives", try PrimitivesSample.picture(),
                                                  formats: options.format?.formats ?? [.png, .svg, .pdf],
                                                  resolution: .scale(options.scale)))
        },
    ]

    static func named(_ name: String) -> JobKind? { all.first { $0.name == name } }

    /// The command-line arguments for a spec job's parameters.
    func arguments(for job: SpecJob, relativeTo specFolder: URL?) throws(SpecError) -> [String] {
        var result: [String] = []
        for key in job.parameters.keys.sorted() {
            guard var value = job.parameters[key] else { continue }
            if paths.contains(key), let specFolder, !value.hasPrefix("/") {
                value = specFolder.appendingPathComponent(value).standardizedFileURL.path
            }
            if key == argument {
                result.insert(value, at: 0)
            } else if switches.contains(key) {
                guard let on = Self.boolean(value) else {
                    throw SpecError("`\(key)` must be true or false, got \"\(value)\"", at: job.location(of: key))
                }
                // `predictive: false` is the keyboard command's --no-predictive.
                if key == "predictive" { if !on { result.append("--no-predictive") } } else if on { result.append("--\(key)") }
            } else {
                result.append("--\(key)")
                result.append(value)
            }
        }
        return result
    }

    static func boolean(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        default: return nil
        }
    }
}

/// The options of the `samples` job kind: the primitives sheet.
struct SamplesOptions: ParsableArguments {
    @Option var scale: Double = 2
    @Option(transform: FormatList.parse) var format: FormatList?

    func validate() throws {
        guard scale.isFinite, (0.25...8).contains(scale) else { throw ValidationError("scale must be between 0.25 and 8") }
    }
}
