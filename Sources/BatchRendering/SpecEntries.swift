import CardRenderSupport
import Foundation
import SpecFiles

/// One entry of a spec's list (a batch job, a diagram of a keyboard spec) with the `defaults`
/// its kind accepts merged under what it gives. Lists are kept as lists: a batch expands them
/// as a matrix, a keyboard spec reads them as one value.
public struct SpecEntry: Sendable {
    /// The schema of the entry's kind.
    public var schema: JobKindSchema
    /// Its keys with their values: the defaults it takes, in the order `defaults` gives them,
    /// then its own, in its order (a key of its own replaces the default).
    public var values: [LocatedNode.Entry]
    /// The entry's `output` (a scalar), when it gives one.
    public var output: LocatedNode?
    /// Where the entry starts.
    public var location: SpecLocation

    /// Where the entry's `output` is written (the entry itself without one), for errors about its files.
    public var outputLocation: SpecLocation { output?.location ?? location }

    /// The entry's values by key with where they are written, for decoding its request.
    public var fields: SpecFields {
        SpecFields(values: Dictionary(values.map { ($0.key, $0.value) }, uniquingKeysWith: { _, own in own }),
                   keyLocations: Dictionary(values.map { ($0.key, $0.keyLocation) }, uniquingKeysWith: { _, own in own }),
                   location: location)
    }
}

/// The one reading of a spec file's shape, shared by `batch` specs and `keyboard --spec` files:
///
/// ```yaml
/// defaults:          # applied to every entry whose kind accepts the key
///   device: iphone-8
/// jobs:              # `listKey`; where `allowsBareList`, the file may be the list alone
///   - kind: keyboard # `kindKey`, when entries name their kind
///     scenario: tab-bar
///     output: notes/tab-bar
/// ```
///
/// An entry's keys are checked against its kind's schema, and a key it has (its own or a
/// default) keeps `defaults` from supplying the keys it fixes (`JobKindSchema.fixedBy`): a
/// keyboard diagram's scenario fixes its device. Every error names the file, line and column.
public struct SpecEntries: Sendable {
    /// The top-level key of the list: `jobs`, `diagrams`.
    public var listKey: String
    /// What one entry is called in messages: `job`, `diagram`.
    public var entryName: String
    /// The key that names an entry's kind; nil when every entry is of the one kind in `kinds`.
    public var kindKey: String?
    /// Whether the file may be the list alone, without `defaults`.
    public var allowsBareList: Bool
    /// The kinds an entry can be.
    public var kinds: [JobKindSchema]

    /// A reader of specs whose list is `listKey`, of entries called `entryName`.
    public init(listKey: String, entryName: String, kindKey: String? = nil, allowsBareList: Bool = false,
                kinds: [JobKindSchema]) {
        self.listKey = listKey
        self.entryName = entryName
        self.kindKey = kindKey
        self.allowsBareList = allowsBareList
        self.kinds = kinds
    }

    /// The key every entry may give besides its kind's: the path of its files.
    public static let outputKey = "output"
    /// More entries than this is not a plan (a batch's matrices expand to at most as many jobs):
    /// each entry is decoded and checked before anything renders.
    public static let maximumEntries = BatchSpec.maximumJobs

    /// The entries of `root` (a composed spec file), defaults merged, in the file's order.
    public func read(_ root: LocatedNode) throws(SpecError) -> [SpecEntry] {
        var defaults: [LocatedNode.Entry] = []
        let list: LocatedNode
        switch root.content {
        case .list where allowsBareList:
            list = root
        case let .mapping(top):
            try top.checkKeys(["defaults", listKey])
            if let node = top["defaults"] { defaults = try readDefaults(node) }
            guard let node = top[listKey] else { throw SpecError("the spec has no `\(listKey)` list", at: root.location) }
            list = node
        default:
            let shape = allowsBareList ? "a list of \(entryName)s or a mapping" : "a mapping"
            throw SpecError("a spec is \(shape) with `defaults` and `\(listKey)`", at: root.location)
        }
        guard case let .list(items) = list.content else { throw SpecError("`\(listKey)` must be a list", at: list.location) }
        guard !items.isEmpty else { throw SpecError("`\(listKey)` is empty", at: list.location) }
        guard items.count <= Self.maximumEntries else {
            throw SpecError("`\(listKey)` lists \(items.count) \(entryName)s, more than \(Self.maximumEntries)", at: list.location)
        }
        var entries: [SpecEntry] = []
        for item in items { entries.append(try entry(item, defaults: defaults)) }
        return entries
    }

    /// Every key `defaults` may hold: the keys of any kind.
    var defaultKeys: [String] {
        kinds.count == 1 ? kinds[0].keys : Array(Set(kinds.flatMap(\.keys))).sorted()
    }

    private func readDefaults(_ node: LocatedNode) throws(SpecError) -> [LocatedNode.Entry] {
        guard case let .mapping(entries) = node.content else { throw SpecError("`defaults` must be a mapping", at: node.location) }
        for entry in entries {
            if entry.key == Self.outputKey {
                throw SpecError("`output` names one \(entryName)'s files and cannot be a default", at: entry.keyLocation)
            }
            guard defaultKeys.contains(entry.key) else { throw SpecFile.unknown(entry.key, at: entry.keyLocation, valid: defaultKeys) }
            try entry.value.checkValueOrList(entry.key)
        }
        return entries
    }

    private func entry(_ item: LocatedNode, defaults: [LocatedNode.Entry]) throws(SpecError) -> SpecEntry {
        guard case let .mapping(entries) = item.content else {
            let kind = kindKey.map { " with a `\($0)`" } ?? " of keys"
            throw SpecError("each \(entryName) is a mapping\(kind)", at: item.location)
        }
        let schema = try schema(of: entries, at: item.location)
        let reserved = [kindKey, Self.outputKey].compactMap { $0 }
        let what = kindKey == nil ? "key" : "key for a \(schema.kind) \(entryName)"
        var values = defaults.filter { schema.keys.contains($0.key) }
        var output: LocatedNode?
        for entry in entries where entry.key != kindKey {
            if entry.key == Self.outputKey {
                guard entry.value.scalar != nil else { throw SpecError("`output` must be a path", at: entry.value.location) }
                output = entry.value
                continue
            }
            guard schema.keys.contains(entry.key) else {
                throw SpecFile.unknown(entry.key, at: entry.keyLocation, valid: schema.keys + reserved, what: what)
            }
            try entry.value.checkValueOrList(entry.key)
            values.removeAll { $0.key == entry.key }
            values.append(entry)
        }
        let given = Set(entries.map(\.key))
        let present = Set(values.map(\.key))
        for (key, fixed) in schema.fixedBy where present.contains(key) {
            values.removeAll { fixed.contains($0.key) && !given.contains($0.key) }
        }
        return SpecEntry(schema: schema, values: values, output: output, location: item.location)
    }

    private func schema(of entries: [LocatedNode.Entry], at location: SpecLocation) throws(SpecError) -> JobKindSchema {
        guard let kindKey else { return kinds[0] }
        let names = kinds.map(\.kind).sorted()
        guard let node = entries[kindKey], let kind = node.scalar else {
            throw SpecError("\(entryName) has no `\(kindKey)` (one of \(names.joined(separator: ", ")))", at: location)
        }
        guard let schema = kinds.first(where: { $0.kind == kind }) else {
            throw SpecFile.unknown(kind, at: node.location, valid: names, what: "\(entryName) kind")
        }
        return schema
    }
}
