import CardRenderSupport
import FoundationEssentials
import Images

/// When goldens are written, as in swift-snapshot-testing.
public enum RecordMode: String, Sendable, Hashable, Codable, CaseIterable {
    /// Write goldens that do not exist yet; compare the others. The default for local runs.
    case missing
    /// Rewrite every golden, passing or not.
    case all
    /// Write missing goldens and rewrite failing ones; passing goldens are left alone.
    case failed
    /// Never write a golden: a missing one is a failure. What CI should use.
    case never

    /// The environment variable that sets the mode: `missing`, `all`, `failed` or `never`.
    public static let environmentVariable = "CARDRENDER_RECORD"

    /// The mode named by `CARDRENDER_RECORD`, or nil when it is unset or empty.
    public static func fromEnvironment(
        _ environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(GoldenError) -> RecordMode? {
        guard let value = environment[environmentVariable]?.trimmingSpaces(), !value.isEmpty
        else { return nil }
        guard let mode = RecordMode(rawValue: value.lowercased()) else {
            throw .invalidRecordMode(value: value, source: environmentVariable)
        }
        return mode
    }

    /// Whether a golden that does not exist yet is written.
    public func writesMissingGoldens() -> Bool { self != .never }

    /// Whether an existing golden is replaced by the actual value: always in `all`, on a
    /// failure in `failed`. The one rule both `GoldenStore.verify` and `assertGolden` follow.
    public func rewritesExistingGolden(passed: Bool) -> Bool { self == .all || (self == .failed && !passed) }
}

/// Why a golden could not be verified or written. Descriptions are one line.
public enum GoldenError: Error, Equatable, CustomStringConvertible, LocalizedError {
    /// The file is missing, cannot be read, or is not a PNG it can decode.
    case unreadableImage(path: String, reason: String)
    /// A golden, artifact or report could not be written (the reason is the system's).
    case cannotWrite(path: String, reason: String)
    /// A file stands where a folder is needed.
    case notADirectory(path: String)
    /// A folder to read from does not exist.
    case missingDirectory(path: String)
    /// A folder stands where an image is needed.
    case isADirectory(path: String)
    /// A record mode that is not one of the four, from `source` (an environment variable, say).
    case invalidRecordMode(value: String, source: String)
    /// The images could not be compared.
    case comparison(ComparisonError)
    /// An image could not be encoded as PNG for the file at `path`.
    case cannotEncode(path: String, reason: String)

    public var description: String {
        switch self {
        case let .unreadableImage(path, reason): return "cannot read image \(path): \(reason)"
        case let .cannotWrite(path, reason): return "cannot write \(path): \(reason)"
        case let .notADirectory(path): return "\(path) is a file, not a folder"
        case let .missingDirectory(path): return "folder \(path) does not exist"
        case let .isADirectory(path): return "\(path) is a folder, not an image"
        case let .invalidRecordMode(value, source):
            return "\(source): unknown record mode '\(value)' (use missing, all, failed or never)"
        case let .comparison(error): return error.description
        case let .cannotEncode(path, reason): return "cannot encode PNG for \(path): \(reason)"
        }
    }

    public var errorDescription: String? { description }
}

/// Small checks on paths, with `GoldenError`s a person understands.
enum Paths {
    enum Kind { case missing, file, directory }

    /// Writes through `AtomicFile` (temporary file, flush, rename), so no golden, report or
    /// artifact is ever seen half-written.
    static func writeAtomically(_ data: Data, to url: URL) throws(GoldenError) {
        do {
            try AtomicFile.write(data, to: url)
        } catch {
            throw .cannotWrite(path: error.path, reason: error.reason.description)
        }
    }

    static func kind(of url: URL) -> Kind {
        switch Syscalls.kind(at: url.path) {
        case nil: .missing
        case .directory: .directory
        case .some: .file
        }
    }

    /// Creates the folder and its parents (`AtomicFile.prepareDirectory`); a file anywhere on
    /// the way is `notADirectory`, naming that file.
    static func makeDirectory(_ url: URL) throws(GoldenError) {
        var ancestor = url.standardizedFileURL
        while kind(of: ancestor) == .missing, ancestor.path != "/" { ancestor = ancestor.deletingLastPathComponent() }
        if kind(of: ancestor) == .file { throw .notADirectory(path: ancestor.path) }
        do {
            try AtomicFile.prepareDirectory(url)
        } catch {
            throw .cannotWrite(path: url.path, reason: error.reason.description)
        }
    }

    static func readImage(_ url: URL) throws(GoldenError) -> (image: RGBAImage, data: Data) {
        let data = try readData(url)
        return (try decode(data, from: url), data)
    }

    /// `data` decoded, unless it is the bytes of an image already decoded: the same bytes hold the
    /// same pixels, so that image is shared instead of decoding the file again.
    static func decode(_ data: Data, from url: URL, sameBytesAs known: (image: RGBAImage, data: Data)?) throws(GoldenError)
        -> RGBAImage {
        if let known, known.data == data { return known.image }
        return try decode(data, from: url)
    }

    /// The bytes of a file that should be a PNG (a folder, a missing file or anything but a
    /// regular file is an error).
    static func readData(_ url: URL) throws(GoldenError) -> Data {
        guard let data = try readDataIfPresent(url) else { throw .unreadableImage(path: url.path, reason: "no such file") }
        return data
    }

    /// As `readData`, or nil when nothing is at `url` or a folder on its way is missing. The file
    /// is opened once and its kind taken from the open file: thousands of pairs are read per run.
    static func readDataIfPresent(_ url: URL) throws(GoldenError) -> Data? {
        let file: (kind: Syscalls.FileKind, data: Data)
        do throws(Errno) {
            file = try Syscalls.contents(ofRegularFile: url.path)
        } catch {
            if error == .noSuchFileOrDirectory || error == .notDirectory { return nil }
            throw .unreadableImage(path: url.path, reason: error.description)
        }
        switch file.kind {
        case .regularFile: return file.data
        case .directory: throw .isADirectory(path: url.path)
        case .symbolicLink, .other: throw .unreadableImage(path: url.path, reason: "not a regular file")
        }
    }

    static func decode(_ data: Data, from url: URL) throws(GoldenError) -> RGBAImage {
        do {
            return try PNG.decode(data)
        } catch {
            throw .unreadableImage(path: url.path, reason: error.description)
        }
    }

    static func encode(_ image: RGBAImage, for url: URL, encoding: PNG.Encoding = .automatic) throws(GoldenError) -> Data {
        do {
            return try PNG.encode(image, options: PNG.WriteOptions(encoding: encoding))
        } catch {
            throw .cannotEncode(path: url.path, reason: error.description)
        }
    }
}
