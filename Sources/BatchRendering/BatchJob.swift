import CardRenderSupport
import Foundation

/// A unit of batch work: a card, a deck or a keyboard diagram with its parameters.
/// Jobs are cheap descriptions; `render` does the work only when the runner calls it, so a
/// spec of thousands of jobs holds no pixels until each one runs.
public struct BatchJob: Sendable {
    /// Stable and unique within a spec (it names the job in the manifest and in shards).
    public var id: String
    /// `card`, `deck`, `keyboard`, …
    public var kind: String
    /// The job's parameters as given in the spec, for the gallery and the manifest.
    public var parameters: [String: String]
    /// Every path the job writes, relative to the output folder, declared before rendering so
    /// clashes and escapes are refused up front.
    public var outputs: [String]
    /// Relative cost, used to balance shards (e.g. pixels to draw).
    public var estimatedCost: Double
    /// A digest of everything that determines the output; a re-run skips the job when it
    /// matches the manifest and the files on disk are unchanged.
    public var inputKey: String
    /// The files, and the warnings found while planning them (a missing glyph, text that does
    /// not fit), which the manifest keeps with the job's entry.
    public var renderWithWarnings: @Sendable () throws -> (files: [RenderedFile], warnings: [String])

    /// The job's files without its warnings, for callers that only write them.
    public var render: @Sendable () throws -> [RenderedFile] {
        let renderWithWarnings = renderWithWarnings
        return { try renderWithWarnings().files }
    }

    /// A job whose render reports no warnings; `render` runs only when the runner calls it.
    public init(id: String, kind: String, parameters: [String: String], outputs: [String], estimatedCost: Double,
                inputKey: String, render: @escaping @Sendable () throws -> [RenderedFile]) {
        self.id = id
        self.kind = kind
        self.parameters = parameters
        self.outputs = outputs
        self.estimatedCost = estimatedCost
        self.inputKey = inputKey
        self.renderWithWarnings = { (try render(), []) }
    }

    /// A job whose rendering also reports warnings for the manifest.
    public static func reportingWarnings(
        id: String, kind: String, parameters: [String: String], outputs: [String], estimatedCost: Double, inputKey: String,
        render: @escaping @Sendable () throws -> (files: [RenderedFile], warnings: [String])
    ) -> BatchJob {
        var job = BatchJob(id: id, kind: kind, parameters: parameters, outputs: outputs, estimatedCost: estimatedCost,
                           inputKey: inputKey) { [] }
        job.renderWithWarnings = render
        return job
    }

    /// A digest of `parts` (parameter values, tool version, font checksums…) for `inputKey`.
    public static func key(_ parts: [String]) -> String {
        Checksum.sha256(Array(parts.joined(separator: "\u{1F}").utf8))
    }
}

/// Errors from the batch machinery, each one line.
public typealias BatchError = MessageError
