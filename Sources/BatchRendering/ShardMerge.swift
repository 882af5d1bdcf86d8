import CardRenderSupport
import Foundation

/// Assembles the `--out` folders of a sharded run (`--shard K/N`, one per CI machine) into one
/// folder holding what an unsharded run of the spec writes, byte for byte: the files,
/// `manifest.json` and the gallery. Every folder is checked, and every file hashed, before
/// anything is written, so a refused merge leaves `--out` untouched.
public enum ShardMerge {
    /// A merge that passed every check: the merged manifest and where each file comes from.
    public struct Plan: Sendable {
        /// A file as the shard folder's manifest lists it, and where in that folder it is.
        public struct File: Sendable {
            /// The file as listed in the shard's manifest.
            public var written: WrittenFile
            /// Where the file is in the shard folder.
            public var source: URL
        }

        /// The manifest of the merged folder, as an unsharded run writes it.
        public var manifest: Manifest
        /// Every file to copy, with its source.
        public var files: [File]
        /// The number of shard folders merged.
        public var folders: Int
    }

    /// Checks `folders` (each the `--out` of one or more shard runs) and `out` (missing or empty)
    /// and plans the merge; nothing is written. `tool` names this program, whose gallery the
    /// merged folder gets, so shards must come from the same version.
    public static func plan(_ folders: [URL], into out: URL, tool: String, workers: Int) throws(BatchError) -> Plan {
        guard !folders.isEmpty else { throw BatchError("give the --out folder of every shard to merge") }
        try checkDestination(out, sources: folders)
        let sources = try readSources(folders)
        try checkSameRun(sources, tool: tool)
        try checkShards(sources.map { ($0.name, $0.manifest.shards) })
        let (merged, files) = try merge(sources, tool: tool)
        try checkHoldsTheSpec(merged, spec: sources[0].manifest.spec)
        try verify(files, workers: workers)
        return Plan(manifest: merged,
                    files: files.map { Plan.File(written: $0.output, source: $0.root.appendingPathComponent($0.output.path)) },
                    folders: sources.count)
    }

    /// A shard folder: its name as given, where it is and its manifest.
    private struct Source {
        var name: String
        var url: URL
        var manifest: Manifest
    }

    /// A file a shard folder's manifest lists.
    private typealias ListedFile = (name: String, root: URL, output: Manifest.Output)

    /// Each folder's manifest: the folders exist, are folders, are each given once, and say
    /// which spec they hold.
    private static func readSources(_ folders: [URL]) throws(BatchError) -> [Source] {
        var seen: [String: String] = [:]
        var sources: [Source] = []
        for folder in folders {
            let name = folder.relativePath
            let real = folder.resolvingSymlinksInPath().path
            if let earlier = seen[real] {
                throw BatchError(earlier == name ? "\(name) is given twice" : "\(earlier) and \(name) are the same folder")
            }
            seen[real] = name
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory) else {
                throw BatchError("\(name) does not exist")
            }
            guard isDirectory.boolValue else { throw BatchError("\(name) is a file; give the --out folder of a shard run") }
            let manifest = try Manifest.read(from: folder)
            guard manifest.spec != nil else {
                throw BatchError("\(name)/\(Manifest.fileName) does not say which spec it holds (an older cardrender wrote it); render that shard again")
            }
            sources.append(Source(name: name, url: folder, manifest: manifest))
        }
        return sources
    }

    /// Every folder was rendered by this tool, by the first folder's build, from its spec.
    private static func checkSameRun(_ sources: [Source], tool: String) throws(BatchError) {
        let first = sources[0]
        for source in sources {
            guard source.manifest.tool == tool else {
                throw BatchError("\(source.name) was rendered by \(source.manifest.tool), not by this \(tool); merge with the same version")
            }
            guard source.manifest.build == first.manifest.build else {
                throw BatchError("\(first.name) and \(source.name) were rendered by different builds of cardrender or with different fonts; render every shard with the same binary")
            }
            guard source.manifest.spec == first.manifest.spec else {
                throw BatchError("\(first.name) and \(source.name) hold shards of different specs, or of a spec whose inputs changed between the runs")
            }
        }
    }

    /// The merged manifest and the files it lists, with the folder each comes from: each job
    /// and each file in one folder only.
    private static func merge(_ sources: [Source], tool: String) throws(BatchError) -> (Manifest, [ListedFile]) {
        let first = sources[0].manifest
        var merged = Manifest(tool: tool)
        merged.build = first.build
        merged.spec = first.spec
        merged.specFile = first.specFile
        var jobOwner: [String: String] = [:]
        var fileOwner: [String: (name: String, sha256: String)] = [:]
        var files: [ListedFile] = []
        for source in sources {
            for id in source.manifest.jobs.keys.sorted() {
                guard let entry = source.manifest.jobs[id] else { continue }
                if let other = jobOwner[id] { throw BatchError("job \(id) is in both \(other) and \(source.name): the shards overlap") }
                jobOwner[id] = source.name
                merged.jobs[id] = entry
                for output in entry.outputs {
                    try claim(output, for: source.name, owners: &fileOwner)
                    files.append((source.name, source.url, output))
                }
            }
        }
        return (merged, files)
    }

    /// Records that the folder `name` holds `output`; refuses a file a merge writes itself and
    /// a file another folder holds too.
    private static func claim(_ output: Manifest.Output, for name: String,
                              owners: inout [String: (name: String, sha256: String)]) throws(BatchError) {
        let key: String
        do { key = try OutputPaths.components(of: output.path).joined(separator: "/") } catch {
            throw BatchError("\(name)/\(Manifest.fileName): \(error.description)")
        }
        guard ![Manifest.fileName, Gallery.fileName, FileStamps.fileName].contains(key) else {
            throw BatchError("\(name)/\(Manifest.fileName) lists \(key), which a merge writes itself")
        }
        if let other = owners[key] {
            throw BatchError(other.sha256 == output.sha256
                ? "\(output.path) is in both \(other.name) and \(name): the shards overlap"
                : "\(output.path) differs between \(other.name) and \(name) (SHA-256 \(other.sha256.prefix(12))… and \(output.sha256.prefix(12))…)")
        }
        owners[key] = (name, output.sha256)
    }

    /// Together the folders hold exactly the spec's jobs, with the spec's inputs.
    private static func checkHoldsTheSpec(_ merged: Manifest, spec: Manifest.SpecSummary?) throws(BatchError) {
        guard let spec else { return }
        let held = merged.jobs.count
        if held < spec.jobs {
            throw BatchError("the folders hold \(held) of the spec's \(spec.jobs) jobs: a job failed or a shard run was interrupted; run that shard again")
        }
        let digest = Manifest.SpecSummary.digest(of: merged.jobs.map { ($0.key, $0.value.inputKey) })
        if held > spec.jobs || digest != spec.digest {
            throw BatchError("the folders hold \(held) jobs that are not exactly the spec's \(spec.jobs): a folder also holds jobs of another run; render each shard into an empty folder")
        }
    }

    /// Every listed file is on disk with the recorded size and SHA-256.
    private static func verify(_ files: [ListedFile], workers: Int) throws(BatchError) {
        do {
            _ = try WorkerPool.map(files.count, workers: workers) { index in
                let (name, root, output) = files[index]
                let url: URL
                do { url = try OutputPaths.resolve(output.path, under: root) } catch {
                    throw BatchError("\(name)/\(Manifest.fileName): \(error)")
                }
                try verify(url, output, shown: "\(name)/\(output.path)", manifest: "\(name)/\(Manifest.fileName)")
            }
        } catch let error as BatchError {
            throw error
        } catch {
            throw BatchError("\(error)")
        }
    }

    /// Copies every file (each one hashed again as it is copied), then writes the manifest, the
    /// stamps and the gallery, all into a temporary folder beside `out` that is renamed to `out`
    /// at the end: a merge that fails, or is given up on a signal, leaves `out` as it was and
    /// the next merge can start again. Returns the number of files copied.
    @discardableResult
    public static func write(_ plan: Plan, into out: URL, workers: Int) throws -> Int {
        // A symbolic link to an empty folder stays a link: the folder it names is replaced.
        let staging = try AtomicFile.StagedFolder(for: out.resolvingSymlinksInPath(), last: Manifest.fileName)
        defer { staging.discard() }
        try copy(plan, into: OutputFolder(staging.url, create: false), workers: workers)
        try staging.publish()
        return plan.files.count
    }

    /// The files, the manifest, the stamps and the gallery written into `folder`.
    private static func copy(_ plan: Plan, into folder: OutputFolder, workers: Int) throws {
        let stamps = try WorkerPool.map(plan.files.count, workers: workers) { index in
            let file = plan.files[index]
            let data: Data
            do { data = try Data(contentsOf: file.source) } catch {
                throw BatchError("\(file.source.relativePath) cannot be read while merging")
            }
            guard Checksum.sha256(data) == file.written.sha256 else {
                throw BatchError("\(file.source.relativePath) changed while merging; merge again")
            }
            let url = try folder.confine(file.written.path)
            try AtomicFile.prepareDirectory(url.deletingLastPathComponent())
            try AtomicFile.write(data, to: url, durable: false)
            let stamp = FileStamps.sizeAndModification(of: url).map { FileStamps.Stamp(sha256: file.written.sha256, modified: $0.modified) }
            return (file.written.path, stamp)
        }
        try plan.manifest.save(to: folder.url)
        var fileStamps = FileStamps()
        for (path, stamp) in stamps { fileStamps.files[path] = stamp }
        try fileStamps.save(to: folder.url, keeping: plan.manifest)
        try Gallery.write(plan.manifest, to: folder.url)
    }

    /// `out` is missing or an empty folder, and is none of the shard folders.
    static func checkDestination(_ out: URL, sources: [URL]) throws(BatchError) {
        let name = out.relativePath
        let real = out.resolvingSymlinksInPath().path
        if sources.contains(where: { $0.resolvingSymlinksInPath().path == real }) {
            throw BatchError("--out \(name) is one of the shard folders; merge into a new or empty folder")
        }
        switch Syscalls.kind(at: out.path) {
        case nil: return
        case .directory: break
        case .some: throw BatchError("--out \(name) is a file, not a folder")
        }
        // What a killed merge left inside (its temporary folder) is removed when this one writes.
        let contents = ((try? Syscalls.entries(of: out.path)) ?? []).filter { !AtomicFile.StagedFolder.isLeftoverInside($0) }
        guard contents.isEmpty else { throw BatchError("--out \(name) is not empty; merge into a new or empty folder") }
    }

    /// The folders' shards are of one split, none twice and none missing. A folder without a
    /// shard record holds every shard, so it can only be merged alone.
    static func checkShards(_ folders: [(name: String, shards: Manifest.ShardSet?)]) throws(BatchError) {
        if folders.count > 1, let whole = folders.first(where: { $0.shards == nil }) {
            let other = folders.first { $0.name != whole.name }?.name ?? ""
            throw BatchError("\(whole.name) holds every shard of the spec already, so it overlaps \(other)")
        }
        guard let count = folders.first?.shards?.count else { return }
        guard count >= 1 else {
            throw BatchError("\(folders[0].name)/\(Manifest.fileName) records shards of \(count), which cannot exist; render that shard again")
        }
        var owner: [Int: String] = [:]
        for folder in folders {
            guard let shards = folder.shards else { continue }
            guard shards.count == count else {
                throw BatchError("\(folders[0].name) holds shards of \(count) but \(folder.name) of \(shards.count); every shard must use the same N")
            }
            for index in shards.indices {
                guard (1...count).contains(index) else {
                    throw BatchError("\(folder.name)/\(Manifest.fileName) records shard \(index)/\(count), which cannot exist; render that shard again")
                }
                if let other = owner[index] {
                    throw BatchError("shard \(index)/\(count) is in both \(other) and \(folder.name): the shards overlap")
                }
                owner[index] = folder.name
            }
        }
        // Counted, and only the first few listed, so a huge N costs nothing.
        let missingCount = count - owner.count
        guard missingCount <= 0 else {
            let shown = 5
            let missing = (1...count).lazy.filter { owner[$0] == nil }.prefix(shown)
            var list = missing.map { "\($0)/\(count)" }.joined(separator: ", ")
            if missingCount > shown { list += " and \(missingCount - shown) more" }
            throw BatchError("shard\(missingCount == 1 ? "" : "s") \(list) \(missingCount == 1 ? "is" : "are") missing; give the folder of every shard")
        }
    }

    /// The file at `url` is a regular file with the size and SHA-256 the manifest records.
    static func verify(_ url: URL, _ output: Manifest.Output, shown: String, manifest: String) throws(BatchError) {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path) else {
            throw BatchError("\(shown) is missing, though \(manifest) lists it")
        }
        guard attributes[.type] as? FileAttributeType == .typeRegular else {
            throw BatchError("\(shown) is not a regular file")
        }
        let size = attributes[.size] as? Int ?? -1
        guard size == output.bytes else {
            throw BatchError("\(shown) is \(size) bytes, but \(manifest) records \(output.bytes)")
        }
        guard let data = try? Data(contentsOf: url) else { throw BatchError("\(shown) cannot be read") }
        guard Checksum.sha256(data) == output.sha256 else {
            throw BatchError("\(shown) does not match the SHA-256 that \(manifest) records")
        }
    }
}
