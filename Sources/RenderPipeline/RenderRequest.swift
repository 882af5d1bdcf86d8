import Foundation
import SpecFiles

/// Something to render, as a value: a card, a deck, a keyboard diagram, the samples sheet.
/// The command line and a spec file are two front ends filling the same value: a command
/// declares options and builds the request; a spec decodes it (its coding keys are the spec's
/// keys, the commands' long option names). Both then call `validate(as:)`, so the checks and
/// their messages are written once.
public protocol RenderRequest: Decodable, Sendable {
    /// Checks every value, naming the key at fault in the front end's words. Nothing renders.
    func validate(as source: RequestSource) throws(RequestError)
    /// Plans the files, as the command writes them; nothing is rendered or written.
    func plan() throws -> OutputPlan
    /// Folders the request reads files from (face images), whose contents decide its bytes too.
    var inputFolders: [String] { get }
    /// The request with images it reads held to `maxPixels` each (the `--max-pixels` budget).
    func limitingImages(to maxPixels: Int) -> Self
    /// The request as written into `folder`, its output folder: what names its own files by URL
    /// (a Tabletop Simulator saved object's `file://` images) learns where they are.
    func locating(in folder: URL) -> Self
    /// Files the request reads, each named exactly (a template, its data, the images it draws):
    /// their contents decide its bytes, and nothing else in their folders does.
    var inputFiles: [String] { get }
}

extension RenderRequest {
    public var inputFolders: [String] { [] }
    public func limitingImages(to maxPixels: Int) -> Self { self }
    public func locating(in folder: URL) -> Self { self }
    public var inputFiles: [String] { [] }
}

/// Which front end filled a request, for naming keys in messages.
public enum RequestSource: Sendable {
    /// Options of `cardrender` commands, named as `--key`.
    case commandLine
    /// Keys of a batch or keyboard spec file.
    case spec

    /// `--face-scale` on the command line; in a spec, the key in backquotes.
    public func name(_ key: String) -> String {
        switch self {
        case .commandLine: "--\(key)"
        case .spec: "`\(key)`"
        }
    }
}

/// A value of a request that cannot be used: the key at fault, when there is one, and one line
/// saying why. A spec error points at that key's value; the command line shows the message.
public struct RequestError: Error, Sendable, Equatable, CustomStringConvertible, LocalizedError {
    /// The key whose value is at fault; nil when the request as a whole is.
    public var key: String?
    /// One line saying what is wrong.
    public var message: String

    /// An error about `key`, or the whole request when nil.
    public init(_ message: String, key: String? = nil) {
        self.message = message
        self.key = key
    }

    public var description: String { message }
    public var errorDescription: String? { message }
}

extension RenderRequest {
    /// The request a spec entry describes, checked, with errors at the entry's lines.
    public static func decode(from fields: SpecFields) throws(SpecError) -> Self {
        let request = try SpecDecoder.decode(Self.self, from: fields)
        do { try request.validate(as: .spec) } catch { throw SpecError(error.message, at: fields.location(of: error.key)) }
        return request
    }
}

extension KeyedDecodingContainer {
    /// The value for `key`, or `fallback` when the spec does not give it.
    func value<T: Decodable>(_ key: Key, or fallback: T) throws -> T {
        try decodeIfPresent(T.self, forKey: key) ?? fallback
    }

    /// A list of strings, which may be written as one string; empty when not given.
    func stringOrList(_ key: Key) throws -> [String] {
        if let list = try? decodeIfPresent([String].self, forKey: key) { return list }
        return try decodeIfPresent(String.self, forKey: key).map { [$0] } ?? []
    }
}
