import BatchRendering
import Foundation
import SpecFiles

/// A kind of job a batch spec can name: its keys and how a job of it is decoded and planned.
/// `JobKind.all` is the one list of kinds; a new kind is a request type and a line there.
public struct JobKind: Sendable {
    /// The value of `kind` in a spec.
    public var name: String
    /// The spec keys, the request's coding keys.
    public var keys: [String]
    /// Keys naming files or folders, resolved relative to the spec file.
    public var pathKeys: Set<String>
    /// Keys that fix others when a job gives them, so `defaults` do not supply those (`JobKindSchema.fixedBy`).
    public var fixedBy: [String: [String]]
    /// The request a job describes, decoded and checked.
    public var decode: @Sendable (SpecFields) throws(SpecError) -> any RenderRequest
    /// The job's files relative to its output folder, and their cost, before anything is
    /// rendered; kinds whose pictures are costly to lay out answer without laying them out.
    public var outputs: @Sendable (any RenderRequest) throws -> (paths: [String], cost: Double)?
    /// The plan that renders the job, files relative to its output folder.
    public var plan: @Sendable (any RenderRequest) throws -> OutputPlan

    /// A kind whose jobs decode into `Request`; `outputs` lists files cheaply when planning would lay out pictures.
    public init<Request: RenderRequest>(_ name: String, _ request: Request.Type, keys: [String], pathKeys: Set<String> = [],
                                        fixedBy: [String: [String]] = [:],
                                        outputs: (@Sendable (Request) throws -> (paths: [String], cost: Double))? = nil,
                                        plan: @escaping @Sendable (Request) throws -> OutputPlan = { try $0.plan() }) {
        self.name = name
        self.keys = keys
        self.pathKeys = pathKeys
        self.fixedBy = fixedBy
        decode = { fields throws(SpecError) in try Request.decode(from: fields) }
        self.outputs = { request in
            guard let outputs, let request = request as? Request else { return nil }
            return try outputs(request)
        }
        self.plan = { request in
            guard let request = request as? Request else { throw RequestError("a \(name) job got another kind of request") }
            return try plan(request)
        }
    }

    /// The keys a spec is checked against for this kind.
    public var schema: JobKindSchema { JobKindSchema(kind: name, keys: keys, fixedBy: fixedBy) }

    /// Every kind a spec can name.
    public static let all: [JobKind] = [
        JobKind("card", CardRequest.self, keys: CardRequest.keys, pathKeys: ["faces"]),
        JobKind("deck", DeckRequest.self, keys: DeckRequest.keys, pathKeys: ["faces"]),
        JobKind("keyboard", KeyboardRequest.self, keys: KeyboardRequest.schema.keys, fixedBy: KeyboardRequest.schema.fixedBy,
                outputs: { try $0.plannedOutputs() }),
        JobKind("samples", SamplesRequest.self, keys: SamplesRequest.keys),
        JobKind("print", PrintRequest.self, keys: PrintRequest.keys, pathKeys: PrintRequest.pathKeys),
        // Planned from the template and rows alone: text is laid out when the job runs.
        JobKind("cards", CardsRequest.self, keys: CardsRequest.keys, pathKeys: CardsRequest.pathKeys,
                outputs: { try $0.plannedOutputs() }),
    ]

    /// The kind called `name`, or nil.
    public static func named(_ name: String) -> JobKind? { all.first { $0.name == name } }
}
