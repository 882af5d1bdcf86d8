import Drawing
import Foundation

/// `manifest.json` in the output folder: what each job wrote, with digests and the key of the
/// inputs that produced it, so a re-run can skip work that is already done.
public struct Manifest: Codable, Sendable, Equatable {
    public static let fileName = "manifest.json"

    public struct Output: Codable, Sendable, Equatable {
        public var path: String
        public var sha256: String
        public var bytes: Int
        public var pixelWidth: Int?
        public var pixelHeight: Int?
        /// Modification time when written (seconds since 1970), a shortcut for "unchanged".
        public var modified: Double
    }

    public struct Entry: Codable, Sendable, Equatable {
        public var kind: String
        public var parameters: [String: String]
        public var inputKey: String
        public var outputs: [Output]
        public var seconds: Double
    }

    public var version = 1
    public var tool: String
    public var jobs: [String: Entry] = [:]

    public init(tool: String) { self.tool = tool }

    public static func load(from folder: URL, tool: String) -> Manifest {
        let url = folder.appendingPathComponent(fileName)
        guard let data = try? Data(contentsOf: url),
              let manifest = try? JSONDecoder().decode(Manifest.self, from: data), manifest.version == 1 else {
            return Manifest(tool: tool)
        }
        return manifest
    }

    public func save(to folder: URL) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try AtomicFile.write(try encoder.encode(self), to: folder.appendingPathComponent(Self.fileName))
    }

    /// True when `job` can be skipped: same inputs, same outputs, and every file on disk is the
    /// one recorded (same size and modification time, or else the same SHA-256).
    public func isUpToDate(_ job: BatchJob, in folder: URL) -> Bool {
        guard let entry = jobs[job.id], entry.inputKey == job.inputKey,
              entry.outputs.map(\.path).sorted() == job.outputs.sorted() else { return false }
        for output in entry.outputs {
            let url = folder.appendingPathComponent(output.path)
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
                  let size = attributes[.size] as? Int, size == output.bytes else { return false }
            let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? -1
            if modified == output.modified { continue }
            guard let data = try? Data(contentsOf: url), SHA256.hexDigest(data) == output.sha256 else { return false }
        }
        return true
    }
}
