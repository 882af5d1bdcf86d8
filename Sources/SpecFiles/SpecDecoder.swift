import Foundation

/// The keys of one spec entry (a batch job after its matrix is expanded, a diagram of a keyboard
/// spec) with their values, and where the entry and each key are. A value is a scalar or a list
/// of them (`LocatedNode.checkValueOrList`).
public struct SpecFields: Sendable {
    /// Each key's value, with where it is written.
    public var values: [String: LocatedNode]
    /// Where each key itself is written, for errors about the key rather than its value.
    public var keyLocations: [String: SpecLocation]
    /// Where the entry starts; errors with no better place point here.
    public var location: SpecLocation

    /// An entry from its values and locations.
    public init(values: [String: LocatedNode], keyLocations: [String: SpecLocation] = [:], location: SpecLocation) {
        self.values = values
        self.keyLocations = keyLocations
        self.location = location
    }

    /// Where an error about `key` points: its value, else the entry.
    public func location(of key: String?) -> SpecLocation {
        key.flatMap { values[$0]?.location } ?? location
    }
}

/// A value read from a spec by its name, such as an enum's case: an unknown name is refused
/// with the nearest valid one.
public protocol SpecNamed {
    /// Every valid name, for "did you mean" and the refusal's list.
    static var specNames: [String] { get }
    /// The value of that name, or nil when there is none.
    init?(specName: String)
}

extension SpecNamed where Self: RawRepresentable, Self: CaseIterable, RawValue == String {
    /// The raw values of every case.
    public static var specNames: [String] { allCases.map(\.rawValue) }
    /// The case whose raw value is `specName`, trimmed and lowercased.
    public init?(specName: String) { self.init(rawValue: specName.trimmingCharacters(in: .whitespaces).lowercased()) }
}

/// Decodes `Decodable` values from spec fields, so a request type is read from a spec by the
/// same `init(from:)` whichever file it comes from. Every error is a `SpecError` at the line and
/// column of the value (or key) at fault: a value of the wrong type, a name that is not known,
/// and a `DecodingError.dataCorrupted` thrown by the type itself for its coding path.
public enum SpecDecoder {
    /// Decodes a `T` from `fields`; `userInfo` reaches its `init(from:)` (defaults a command supplies, say).
    public static func decode<T: Decodable>(_ type: T.Type, from fields: SpecFields,
                                            userInfo: [CodingUserInfoKey: any Sendable] = [:]) throws(SpecError) -> T {
        do {
            return try T(from: FieldsDecoder(fields: fields, userInfo: userInfo))
        } catch let error as SpecError {
            throw error
        } catch let DecodingError.dataCorrupted(context) {
            throw SpecError(context.debugDescription, at: locate(context.codingPath, in: fields))
        } catch let DecodingError.typeMismatch(_, context) {
            throw SpecError(context.debugDescription, at: locate(context.codingPath, in: fields))
        } catch let DecodingError.keyNotFound(key, context) {
            throw SpecError("`\(key.stringValue)` is missing", at: locate(context.codingPath, in: fields))
        } catch {
            throw SpecError(String(describing: error), at: fields.location)
        }
    }

    /// The value a coding path leads to: a key, then list indices.
    static func locate(_ path: [any CodingKey], in fields: SpecFields) -> SpecLocation {
        guard let first = path.first, var value = fields.values[first.stringValue] else { return fields.location }
        for key in path.dropFirst() {
            guard let index = key.intValue, case let .list(items) = value.content, items.indices.contains(index) else { break }
            value = items[index]
        }
        return value.location
    }
}

/// A coding key for a list index.
struct IndexKey: CodingKey {
    var stringValue: String { "\(intValue ?? 0)" }
    var intValue: Int?
    init(_ index: Int) { intValue = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.intValue = intValue }
}

private struct FieldsDecoder: Decoder {
    let fields: SpecFields
    let userInfo: [CodingUserInfoKey: Any]
    var codingPath: [any CodingKey] { [] }

    init(fields: SpecFields, userInfo: [CodingUserInfoKey: any Sendable]) {
        self.fields = fields
        self.userInfo = userInfo
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(FieldsContainer<Key>(fields: fields, userInfo: userInfo))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw SpecError("a list is not expected here", at: fields.location)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        throw SpecError("a single value is not expected here", at: fields.location)
    }
}

private struct FieldsContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let fields: SpecFields
    let userInfo: [CodingUserInfoKey: Any]
    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] { fields.values.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { fields.values[key.stringValue] != nil }

    func value(_ key: Key) throws -> ValueDecoder {
        guard let value = fields.values[key.stringValue] else {
            throw SpecError("`\(key.stringValue)` is missing", at: fields.location)
        }
        return ValueDecoder(value: value, name: key.stringValue, codingPath: [key], userInfo: userInfo)
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        guard let value = fields.values[key.stringValue] else { return true }
        return value.isNull
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try value(key).decodeValue(T.self) }

    // A key that is present but null is an error rather than "not given": `device:` with no
    // value is a slip, not a request for the default.
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        contains(key) ? try decode(T.self, forKey: key) : nil
    }
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { contains(key) ? try decode(type, forKey: key) : nil }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { contains(key) ? try decode(type, forKey: key) : nil }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { contains(key) ? try decode(type, forKey: key) : nil }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { contains(key) ? try decode(type, forKey: key) : nil }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        throw SpecError("`\(key.stringValue)` must be a value or a list of values", at: fields.location(of: key.stringValue))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try value(key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder { FieldsDecoder(fields: fields, userInfo: [:]) }
    func superDecoder(forKey key: Key) throws -> any Decoder { try value(key) }
}

/// One value: a scalar read as text, a number, a switch or a name; or a list.
private struct ValueDecoder: Decoder, SingleValueDecodingContainer {
    let value: LocatedNode
    /// The key the value belongs to, for messages.
    let name: String
    let codingPath: [any CodingKey]
    let userInfo: [CodingUserInfoKey: Any]

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        throw SpecError("`\(name)` must be a value or a list of values", at: value.location)
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case let .list(items) = value.content else {
            throw SpecError("`\(name)` must be a list", at: value.location)
        }
        return ListContainer(items: items, name: name, codingPath: codingPath, userInfo: userInfo)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    func decodeNil() -> Bool { value.isNull }

    /// The scalar's text; a list or a null where one value belongs is refused.
    func text() throws -> String { try value.text(name) }

    func decode(_ type: String.Type) throws -> String { try text() }

    func decode(_ type: Bool.Type) throws -> Bool {
        let text = try text()
        switch text.lowercased() {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        default: throw SpecError("`\(name)` must be true or false, got \"\(text)\"", at: value.location)
        }
    }

    func decode(_ type: Double.Type) throws -> Double {
        let text = try text()
        guard let number = Double(text.trimmingCharacters(in: .whitespaces)) else {
            throw SpecError("`\(name)` must be a number, got \"\(text)\"", at: value.location)
        }
        return number
    }

    func decode(_ type: Float.Type) throws -> Float { Float(try decode(Double.self)) }

    func decode(_ type: Int.Type) throws -> Int {
        let text = try text()
        guard let number = Int(text.trimmingCharacters(in: .whitespaces)) else {
            throw SpecError("`\(name)` must be a whole number, got \"\(text)\"", at: value.location)
        }
        return number
    }

    func decode(_ type: Int8.Type) throws -> Int8 { try narrow(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try narrow(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try narrow(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try narrow(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try narrow(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try narrow(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try narrow(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try narrow(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try narrow(type) }

    private func narrow<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        let number = try decode(Int.self)
        guard let narrowed = T(exactly: number) else {
            throw SpecError("`\(name)` is out of range, got \(number)", at: value.location)
        }
        return narrowed
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decodeValue(type) }

    func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
        // Scalars are text: numbers and switches are read from it here, not by JSON's rules.
        if type == String.self, let result = try text() as? T { return result }
        if type == Bool.self, let result = try decode(Bool.self) as? T { return result }
        if type == Double.self, let result = try decode(Double.self) as? T { return result }
        if type == Int.self, let result = try decode(Int.self) as? T { return result }
        if let named = type as? any SpecNamed.Type {
            let text = try text()
            guard let result = named.init(specName: text) as? T else {
                throw SpecFile.unknown(text, at: value.location, valid: named.specNames, what: name)
            }
            return result
        }
        return try T(from: self)
    }
}

private struct ListContainer: UnkeyedDecodingContainer {
    let items: [LocatedNode]
    let name: String
    let codingPath: [any CodingKey]
    let userInfo: [CodingUserInfoKey: Any]
    var currentIndex = 0

    init(items: [LocatedNode], name: String, codingPath: [any CodingKey], userInfo: [CodingUserInfoKey: Any]) {
        self.items = items
        self.name = name
        self.codingPath = codingPath
        self.userInfo = userInfo
    }

    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    mutating func next() throws -> ValueDecoder {
        guard !isAtEnd else { throw SpecError("`\(name)` has too few values", at: items.last?.location) }
        defer { currentIndex += 1 }
        return ValueDecoder(value: items[currentIndex], name: name, codingPath: codingPath + [IndexKey(currentIndex)],
                            userInfo: userInfo)
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, items[currentIndex].isNull else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next().decodeValue(type) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try next().container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { try next().unkeyedContainer() }

    mutating func superDecoder() throws -> any Decoder { try next() }
}
