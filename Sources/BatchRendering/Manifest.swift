import CardRenderSupport
import Foundation

/// `manifest.json` in the output folder: what each job wrote, with digests and the key of the
/// inputs that produced it, so a re-run can skip work that is already done, and which spec and
/// shards the folder holds, so the folders of a sharded run can be merged.
///
/// It describes the output only (no times), so the same output has the same manifest bytes on
/// every machine; when each file was written is machine-local and kept in `FileStamps`.
public struct Manifest: Codable, Sendable, Equatable {
    /// The manifest's file name in the output folder.
    public static let fileName = "manifest.json"
    /// 2: run times left the manifest (file times are in `FileStamps`); `build`, `spec`, `shards`.
    public static let currentVersion = 2

    /// A file a job wrote, as listed for it.
    public typealias Output = WrittenFile

    /// What one job wrote and the inputs that produced it.
    public struct Entry: Codable, Sendable, Equatable {
        /// The job's kind, as in the spec.
        public var kind: String
        /// The job's parameters, for the gallery.
        public var parameters: [String: String]
        /// The digest of the job's inputs; a re-run with the same key may skip the job.
        public var inputKey: String
        /// Every file the job wrote, with its digest.
        public var outputs: [Output]
        /// What planning the job found that is not an error (a character without a glyph, text
        /// that does not fit), as printed; absent when there was none.
        public var warnings: [String]?

        /// An entry; empty warnings are stored as absent so the JSON stays small.
        public init(kind: String, parameters: [String: String], inputKey: String, outputs: [Output],
                    warnings: [String] = []) {
            self.kind = kind
            self.parameters = parameters
            self.inputKey = inputKey
            self.outputs = outputs
            self.warnings = warnings.isEmpty ? nil : warnings
        }
    }

    /// The whole spec of the last run (every shard's jobs), so merged shards can be checked to
    /// add up to exactly that spec.
    public struct SpecSummary: Codable, Sendable, Equatable {
        /// `digest(of:)` over every job of the spec.
        public var digest: String
        /// The number of jobs in the whole spec.
        public var jobs: Int

        /// The summary of a spec with these jobs, in any order.
        public init(jobs: [BatchJob]) {
            digest = SpecSummary.digest(of: jobs.map { ($0.id, $0.inputKey) })
            self.jobs = jobs.count
        }

        /// A digest of job ids and input keys that does not depend on their order.
        public static func digest(of jobs: [(id: String, inputKey: String)]) -> String {
            BatchJob.key(jobs.map { $0.id + "\u{1F}" + $0.inputKey }.sorted())
        }
    }

    /// Which shards of the spec the folder holds when it holds only some of them.
    public struct ShardSet: Codable, Sendable, Equatable {
        /// N of `--shard K/N`.
        public var count: Int
        /// The K values held, sorted.
        public var indices: [Int]

        /// A set of `count` shards of which the folder holds `indices`.
        public init(count: Int, indices: [Int]) {
            self.count = count
            self.indices = indices
        }
    }

    /// The format version; readers refuse versions newer than `currentVersion`.
    public var version = Manifest.currentVersion
    /// The program name and version that wrote the folder.
    public var tool: String
    /// The program build and fonts behind every input key; shards merge only when it agrees.
    public var build: String?
    /// The spec of the last run, so shards can be checked to add up to it.
    public var spec: SpecSummary?
    /// The name of the spec file of the last run (`render`'s built-in spec has one too): files
    /// that an earlier run of the same spec wrote, and that no job of it writes any more, are
    /// deleted when they are unchanged.
    public var specFile: String?
    /// Nil when the folder holds every shard (or the run was not sharded).
    public var shards: ShardSet?
    /// The entries by job id.
    public var jobs: [String: Entry] = [:]

    /// An empty manifest written by `tool`.
    public init(tool: String) { self.tool = tool }

    /// The manifest in `folder`, or an empty one when there is none or it cannot be read (every
    /// job then renders again).
    public static func load(from folder: URL, tool: String) -> Manifest {
        (try? read(from: folder)) ?? Manifest(tool: tool)
    }

    /// The manifest in `folder`, or an error that says why there is none to use.
    public static func read(from folder: URL) throws(BatchError) -> Manifest {
        let url = folder.appendingPathComponent(fileName)
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw BatchError("\(folder.relativePath) has no \(fileName): it is not the --out folder of a batch run")
        }
        let manifest: Manifest
        do {
            manifest = try JSONDecoder().decode(Manifest.self, from: Data(contentsOf: url))
        } catch {
            throw BatchError("\(url.relativePath) cannot be read as a batch manifest")
        }
        // Version 1 differs only in fields that are no longer read.
        guard (1...currentVersion).contains(manifest.version) else {
            throw BatchError("\(url.relativePath) has manifest version \(manifest.version); this cardrender reads up to \(currentVersion)")
        }
        return manifest
    }

    /// The manifest's JSON at the current version, with stable key order for identical bytes.
    public func encoded() throws -> Data {
        var current = self
        current.version = Manifest.currentVersion
        return try StableJSON.data(current)
    }

    /// Writes `manifest.json` into `folder` atomically.
    public func save(to folder: URL) throws {
        try AtomicFile.write(try encoded(), to: folder.appendingPathComponent(Self.fileName))
    }

    /// Records that a run of `spec` by `build` (one shard of it, or all) wrote into this folder.
    /// Shards of the same spec and build accumulate; when all are there the folder reads as an
    /// unsharded run. Another spec or build starts the record again.
    public mutating func recordRun(of spec: SpecSummary, build: String?, shard: Shard?) {
        let sameRun = self.spec == spec && self.build == build
        self.spec = spec
        self.build = build
        guard let shard, shard.count > 1 else {
            shards = nil
            return
        }
        if sameRun && shards == nil { return }
        var indices = sameRun && shards?.count == shard.count ? shards?.indices ?? [] : []
        if !indices.contains(shard.index) { indices = (indices + [shard.index]).sorted() }
        shards = indices.count == shard.count ? nil : ShardSet(count: shard.count, indices: indices)
    }

    /// When `job` can be skipped (same inputs, same outputs, every file on disk the one
    /// recorded), the stamps of its files as they are now; nil when it must render. A file whose
    /// size and modification time match its stamp is not read; any other is hashed.
    public func upToDateStamps(for job: BatchJob, in folder: URL, stamps: FileStamps) -> [String: FileStamps.Stamp]? {
        guard let entry = jobs[job.id], entry.inputKey == job.inputKey,
              entry.outputs.map(\.path).sorted() == job.outputs.sorted() else { return nil }
        return Manifest.intactStamps(of: entry, in: folder, stamps: stamps)
    }

    /// The stamps of `entry`'s files as they are now when every one is on disk as recorded,
    /// else nil. A file whose size and modification time match its stamp is not read.
    public static func intactStamps(of entry: Entry, in folder: URL, stamps: FileStamps) -> [String: FileStamps.Stamp]? {
        var current: [String: FileStamps.Stamp] = [:]
        for output in entry.outputs {
            let url = folder.appendingPathComponent(output.path)
            guard let (size, modified) = FileStamps.sizeAndModification(of: url), size == output.bytes else { return nil }
            let stamp = FileStamps.Stamp(sha256: output.sha256, modified: modified)
            if stamps.files[output.path] != stamp {
                guard let data = try? Data(contentsOf: url), Checksum.sha256(data) == output.sha256 else { return nil }
            }
            current[output.path] = stamp
        }
        return current
    }
}

/// `.cardrender-stamps.json` in the output folder: the modification time each file had when
/// it was written with the recorded SHA-256, so a re-run can trust a file without hashing it.
/// Times belong to this machine and this copy of the files, which is why they are not in the
/// manifest; a missing or unreadable stamps file only means files are hashed again.
public struct FileStamps: Codable, Sendable, Equatable {
    /// The stamps file's name in the output folder.
    public static let fileName = ".cardrender-stamps.json"

    /// A file's digest and the modification time it had when written.
    public struct Stamp: Codable, Sendable, Equatable {
        /// The SHA-256 of the file's bytes, in hex.
        public var sha256: String
        /// Seconds since 1970.
        public var modified: Double

        /// A stamp for a file with this digest and modification time.
        public init(sha256: String, modified: Double) {
            self.sha256 = sha256
            self.modified = modified
        }
    }

    /// Stamps by path relative to the output folder.
    public var files: [String: Stamp] = [:]

    /// Stamps for the given files.
    public init(files: [String: Stamp] = [:]) { self.files = files }

    /// The stamps in `folder`, or none when missing or unreadable (files are then hashed again).
    public static func load(from folder: URL) -> FileStamps {
        guard let data = try? Data(contentsOf: folder.appendingPathComponent(fileName)),
              let stamps = try? JSONDecoder().decode(FileStamps.self, from: data) else { return FileStamps() }
        return stamps
    }

    /// Saves the stamps of the files `manifest` lists (stamps of files it no longer lists are dropped).
    public func save(to folder: URL, keeping manifest: Manifest) throws {
        let listed = Set(manifest.jobs.values.flatMap { $0.outputs.map(\.path) })
        let kept = FileStamps(files: files.filter { listed.contains($0.key) })
        try AtomicFile.write(try StableJSON.data(kept, pretty: false), to: folder.appendingPathComponent(Self.fileName), durable: false)
    }

    /// Size and modification time of a regular file, or nil.
    /// One `lstat(2)`: Foundation's attributes would also look the owner up in the user database.
    public static func sizeAndModification(of url: URL) -> (size: Int, modified: Double)? {
        guard let status = try? Syscalls.status(at: url.path), status.kind == .regularFile else { return nil }
        return (status.size, status.modificationDate.timeIntervalSince1970)
    }
}
