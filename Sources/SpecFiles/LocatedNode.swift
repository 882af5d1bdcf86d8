internal import Yams

/// A YAML or JSON value with where it was written: a scalar's text, a list or a mapping, each
/// part located, so any value can be checked (or substituted and then checked) long after the
/// file was read and still be reported at its line and column. `SpecFile.compose` reads a
/// spec into one; `SpecFields` holds the values of a spec entry as them.
public struct LocatedNode: Sendable, Equatable {
    /// One key of a mapping with where the key is written.
    public struct Entry: Sendable, Equatable {
        /// The key's text.
        public var key: String
        /// Where the key is written.
        public var keyLocation: SpecLocation
        /// The key's value.
        public var value: LocatedNode
    }

    /// A scalar, a list or a mapping.
    public enum Content: Sendable, Equatable {
        /// A scalar's text; `isNull` for a plain `~`, `null` or nothing.
        case scalar(String, isNull: Bool)
        /// A list's items in order.
        case list([LocatedNode])
        /// A mapping's keys in the order they are written.
        case mapping([Entry])
    }

    /// The value itself.
    public var content: Content
    /// Where the value starts.
    public var location: SpecLocation

    /// A value found at `location`.
    public init(_ content: Content, at location: SpecLocation) {
        self.content = content
        self.location = location
    }

    /// A scalar that is not null, such as a value given on the command line or a default.
    public init(scalar text: String, at location: SpecLocation) {
        self.init(.scalar(text, isNull: false), at: location)
    }

    /// Reads a composed node, refusing keys that are not plain names and keys given twice.
    init(node: Node, file: String) throws(SpecError) {
        let location = SpecFile.location(of: node, in: file)
        switch node {
        case let .scalar(scalar):
            self.init(.scalar(scalar.string, isNull: node.null != nil && scalar.style == .plain), at: location)
        case let .sequence(items):
            var values: [LocatedNode] = []
            for item in items { values.append(try LocatedNode(node: item, file: file)) }
            self.init(.list(values), at: location)
        case let .mapping(mapping):
            var entries: [Entry] = []
            for pair in try SpecFile.pairs(of: mapping, in: file) {
                entries.append(Entry(key: pair.name, keyLocation: SpecFile.location(of: pair.key, in: file),
                                     value: try LocatedNode(node: pair.value, file: file)))
            }
            self.init(.mapping(entries), at: location)
        }
    }

    /// The scalar's text (a null's too: `~`, `null` or empty), or nil for a list or mapping.
    public var scalar: String? {
        if case let .scalar(text, _) = content { return text }
        return nil
    }

    /// Whether this is a plain `~`, `null` or nothing.
    public var isNull: Bool {
        if case .scalar(_, true) = content { return true }
        return false
    }

    /// Every scalar in the tree, keys excepted.
    public var scalars: [String] {
        switch content {
        case let .scalar(text, _): [text]
        case let .list(items): items.flatMap(\.scalars)
        case let .mapping(entries): entries.flatMap(\.value.scalars)
        }
    }

    /// The same tree with every scalar passed through `transform`.
    public func mapScalars(_ transform: (String, SpecLocation) throws(SpecError) -> String) throws(SpecError) -> LocatedNode {
        switch content {
        case let .scalar(text, isNull):
            return LocatedNode(.scalar(isNull ? text : try transform(text, location), isNull: isNull), at: location)
        case let .list(items):
            var mapped: [LocatedNode] = []
            for item in items { mapped.append(try item.mapScalars(transform)) }
            return LocatedNode(.list(mapped), at: location)
        case let .mapping(entries):
            var mapped: [Entry] = []
            for entry in entries {
                mapped.append(Entry(key: entry.key, keyLocation: entry.keyLocation, value: try entry.value.mapScalars(transform)))
            }
            return LocatedNode(.mapping(mapped), at: location)
        }
    }

    /// The mapping's entries, or an error naming `what` at this node.
    public func entries(_ what: String) throws(SpecError) -> [Entry] {
        guard case let .mapping(entries) = content else { throw SpecError("\(what) must be a mapping of keys to values", at: location) }
        return entries
    }

    /// The list's items; a single value is a list of one.
    public func items() -> [LocatedNode] {
        if case let .list(items) = content { return items }
        return [self]
    }

    /// The scalar's text, or an error naming `key` at this node.
    public func text(_ key: String) throws(SpecError) -> String {
        switch content {
        case let .scalar(text, isNull):
            guard !isNull else { throw SpecError("`\(key)` needs a value", at: location) }
            return text
        case .list: throw SpecError("`\(key)` must be a single value, not a list", at: location)
        case .mapping: throw SpecError("`\(key)` must be a single value, not a mapping", at: location)
        }
    }

    /// A `[x, y]` pair's two scalars.
    public func pair(_ key: String) throws(SpecError) -> (LocatedNode, LocatedNode) {
        guard case let .list(items) = content, items.count == 2 else {
            throw SpecError("`\(key)` must be a pair [x, y]", at: location)
        }
        return (items[0], items[1])
    }

    /// Refuses a mapping where `key` takes a value or a list of values, at the first mapping
    /// found (this node, or an item of its lists).
    public func checkValueOrList(_ key: String) throws(SpecError) {
        switch content {
        case .scalar: break
        case let .list(items):
            for item in items { try item.checkValueOrList(key) }
        case .mapping:
            throw SpecError("`\(key)` must be a value or a list of values", at: location)
        }
    }
}

extension [LocatedNode.Entry] {
    /// The value of `key`, or nil when the mapping does not give it.
    public subscript(key: String) -> LocatedNode? { first { $0.key == key }?.value }

    /// Refuses keys not in `valid`, with the nearest valid one.
    public func checkKeys(_ valid: [String], what: String = "key") throws(SpecError) {
        for entry in self where !valid.contains(entry.key) {
            throw SpecFile.unknown(entry.key, at: entry.keyLocation, valid: valid, what: what)
        }
    }
}
