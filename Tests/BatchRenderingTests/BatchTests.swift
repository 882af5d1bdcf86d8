import BatchRendering
import CardRenderSupport
import Drawing
import Foundation
import Testing
import Synchronization

/// Synthetic jobs: small pictures whose pixels depend on the job's number.
func syntheticJobs(_ count: Int, failing: Set<Int> = []) -> [BatchJob] {
    (0..<count).map { n in
        BatchJob(id: "job-\(n)", kind: n % 2 == 0 ? "even" : "odd", parameters: ["n": "\(n)"],
                 outputs: ["set/\(n).png", "set/\(n).svg"], estimatedCost: Double(1 + n % 7),
                 inputKey: BatchJob.key(["v1", "\(n)"])) {
            if failing.contains(n) { throw BatchError("job \(n) cannot render") }
            let picture = Picture(width: 20, height: 20) { canvas in
                Color(rgb: UInt32(n * 0x030507 & 0xFFFFFF)).setFill()
                canvas.fill(canvas.bounds.insetBy(dx: CGFloat(n % 5), dy: 2))
            }
            return [RenderedFile(path: "set/\(n).png", data: try picture.pngData(), pixelWidth: 20, pixelHeight: 20),
                    RenderedFile(path: "set/\(n).svg", data: try picture.svgData())]
        }
    }
}

func temporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("batch-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

func files(in folder: URL) throws -> [String: Data] {
    var result: [String: Data] = [:]
    for path in try FileManager.default.subpathsOfDirectory(atPath: folder.path) {
        var isDirectory: ObjCBool = false
        let url = folder.appendingPathComponent(path)
        _ = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
        if !isDirectory.boolValue { result[path] = try Data(contentsOf: url) }
    }
    return result
}

@Suite struct ShardTests {
    @Test func shardsCoverEveryJobExactlyOnce() throws {
        let jobs = syntheticJobs(103)
        for count in 1...7 {
            var seen: [String: Int] = [:]
            for index in 1...count {
                for job in try Shard(index: index, count: count).select(jobs) { seen[job.id, default: 0] += 1 }
            }
            #expect(seen.count == jobs.count)
            #expect(seen.values.allSatisfy { $0 == 1 })
        }
    }

    @Test func shardsBalanceCostNotCount() throws {
        // One expensive job and many cheap ones: the expensive one gets a shard nearly to itself.
        var jobs = syntheticJobs(10)
        for i in jobs.indices { jobs[i].estimatedCost = 1 }
        jobs[3].estimatedCost = 9
        let first = try Shard(index: 1, count: 2).select(jobs), second = try Shard(index: 2, count: 2).select(jobs)
        let costs = [first, second].map { $0.reduce(0) { $0 + $1.estimatedCost } }
        #expect(costs.sorted() == [9, 9])
        #expect([first.count, second.count].sorted() == [1, 9])
    }

    @Test func assignmentDoesNotDependOnInputOrder() throws {
        let jobs = syntheticJobs(40)
        let shard = try Shard(index: 2, count: 3)
        #expect(Set(shard.select(jobs).map(\.id)) == Set(shard.select(jobs.reversed()).map(\.id)))
    }

    @Test func assignmentMatchesALinearScanOfEveryShard() throws {
        // The balancing rule spelled out over all N shards; the split must stay byte-identical.
        func reference(_ ids: [String], _ costs: [Double], _ count: Int) -> [Int] {
            let order = ids.indices.sorted { costs[$0] != costs[$1] ? costs[$0] > costs[$1] : ids[$0] < ids[$1] }
            var load = [Double](repeating: 0, count: count), result = [Int](repeating: 0, count: ids.count)
            for job in order {
                var lightest = 0
                for shard in 1..<count where load[shard] < load[lightest] { lightest = shard }
                result[job] = lightest
                load[lightest] += max(costs[job], 0)
            }
            return result
        }
        let jobs = syntheticJobs(57)
        var costs = jobs.map(\.estimatedCost)
        costs[4] = 0; costs[9] = 0; costs[20] = -3; costs[31] = 0.25
        for count in [1, 2, 3, 5, 8, 13, 56, 57, 58, 200] {
            #expect(Shard.assignments(ids: jobs.map(\.id), costs: costs, count: count) == reference(jobs.map(\.id), costs, count), "N = \(count)")
        }
    }

    @Test func aHugeShardCountCostsNoMoreThanTheJobs() throws {
        // N far above the job count: used to allocate N loads (or crash); the split equals N = jobs.
        let jobs = syntheticJobs(9)
        for count in [1_000_000_000_000, Int.max] {
            #expect(try Shard(index: 1, count: count).select(jobs).map(\.id) == Shard(index: 1, count: 9).select(jobs).map(\.id))
            #expect(try Shard(index: 10, count: count).select(jobs).isEmpty)
            #expect(try Shard(index: count, count: count).select(jobs).isEmpty)
        }
        #expect(Shard.assignments(ids: [], costs: [], count: Int.max).isEmpty)
    }

    @Test func badShardsAreRefused() throws {
        let refusals = [
            "0/3": "shard 0/3 is out of range: K must be between 1 and 3",
            "4/3": "shard 4/3 is out of range: K must be between 1 and 3",
            "-1/2": "shard -1/2 is out of range: K must be between 1 and 2",
            "1/0": "shard count must be at least 1, got 0",
            "a/b": "invalid shard \"a/b\": expected K/N with whole numbers, e.g. 1/3",
            "3": "invalid shard \"3\": expected K/N with whole numbers, e.g. 1/3",
            "1/2/3": "invalid shard \"1/2/3\": expected K/N with whole numbers, e.g. 1/3",
        ]
        for (text, message) in refusals {
            #expect(throws: BatchError(message), "\(text)") { try Shard(parsing: text) }
        }
        #expect(try Shard(parsing: "3/3").description == "3/3")
    }
}

@Suite struct OutputFolderTests {
    @Test func pathsThatEscapeAreRefused() throws {
        let root = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let out = root.appendingPathComponent("out")
        let folder = try OutputFolder(out)
        #expect(throws: BatchError("output path \"../x.png\" uses \"..\"; it must stay inside --out")) {
            try folder.confine("../x.png")
        }
        #expect(throws: BatchError("output path \"a/../../x.png\" uses \"..\"; it must stay inside --out")) {
            try folder.confine("a/../../x.png")
        }
        #expect(throws: BatchError("output path \"/etc/x.png\" is absolute; give a path inside --out")) {
            try folder.confine("/etc/x.png")
        }
        #expect(throws: BatchError("output path is empty")) { try folder.confine("") }
        // A symbolic link inside --out that points outside it.
        try FileManager.default.createSymbolicLink(at: out.appendingPathComponent("link"), withDestinationURL: root)
        #expect(throws: BatchError("output path \"link/x.png\" leaves --out through the symbolic link \"link\"")) {
            try folder.confine("link/x.png")
        }
        // A link that stays inside is fine.
        try FileManager.default.createDirectory(at: out.appendingPathComponent("real"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: out.appendingPathComponent("inside"),
                                                   withDestinationURL: out.appendingPathComponent("real"))
        #expect(try folder.confine("inside/x.png").lastPathComponent == "x.png")
        #expect(try folder.confine("a/b/c.png").path.hasSuffix("out/a/b/c.png"))
    }

    @Test func anOutFolderThatIsAFileIsRefused() throws {
        let root = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appendingPathComponent("file")
        try Data("x".utf8).write(to: file)
        #expect(throws: FileWriteError(path: file.path, reason: .notAFolder)) { try OutputFolder(file) }
        #expect(throws: FileWriteError(path: file.path, reason: .notAFolder)) { try OutputFolder(file, create: false) }
    }
}

@Suite struct RunnerTests {
    func run(_ jobs: [BatchJob], _ out: URL, workers: Int = 2, force: Bool = false, failFast: Bool = false,
             shard: Shard? = nil) throws -> BatchRunner.Outcome {
        try BatchRunner(options: .init(workers: workers, force: force, failFast: failFast, shard: shard, tool: "test"))
            .run(jobs, in: try OutputFolder(out), progress: .quiet)
    }

    @Test func outputIsIdenticalForAnyWorkerCountAndShardSplit() throws {
        let a = try temporaryFolder(), b = try temporaryFolder(), c = try temporaryFolder()
        defer { for u in [a, b, c] { try? FileManager.default.removeItem(at: u) } }
        let jobs = syntheticJobs(24)
        _ = try run(jobs, a, workers: 1)
        _ = try run(jobs, b, workers: 2)
        for index in 1...3 { _ = try run(jobs, c, workers: 2, shard: try Shard(index: index, count: 3)) }
        let (fa, fb, fc) = (try files(in: a), try files(in: b), try files(in: c))
        let images = fa.keys.filter { $0.hasPrefix("set/") }
        #expect(images.count == 48)
        for path in images {
            #expect(fa[path] == fb[path], "\(path) differs between 1 and 2 workers")
            #expect(fa[path] == fc[path], "\(path) differs when sharded")
        }
        // Once every shard has run into it, the folder's manifest and gallery read as an unsharded run's.
        for name in [Manifest.fileName, Gallery.fileName] {
            #expect(fa[name] != nil && fa[name] == fb[name] && fa[name] == fc[name], "\(name)")
        }
    }

    @Test func aShardRunRecordsItsShardUntilEveryShardHasRun() throws {
        let out = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        let jobs = syntheticJobs(9)
        func manifest() throws -> Manifest { try Manifest.read(from: out) }
        _ = try run(jobs, out, shard: try Shard(index: 2, count: 3))
        #expect(try manifest().shards == Manifest.ShardSet(count: 3, indices: [2]))
        #expect(try manifest().spec == Manifest.SpecSummary(jobs: jobs))
        _ = try run(jobs, out, shard: try Shard(index: 1, count: 3))
        #expect(try manifest().shards == Manifest.ShardSet(count: 3, indices: [1, 2]))
        _ = try run(jobs, out, shard: try Shard(index: 3, count: 3))
        #expect(try manifest().shards == nil)
        // Another spec starts the record again.
        let other = Array(jobs.prefix(4))
        _ = try run(other, out, shard: try Shard(index: 1, count: 2))
        #expect(try manifest().shards == Manifest.ShardSet(count: 2, indices: [1]))
        #expect(try manifest().spec == Manifest.SpecSummary(jobs: other))
    }

    @Test func stampsLetARerunSkipHashingAndAChangedFileIsStillCaught() throws {
        let out = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        let jobs = syntheticJobs(4)
        _ = try run(jobs, out)
        let stamps = FileStamps.load(from: out)
        let manifest = try Manifest.read(from: out)
        #expect(stamps.files.count == 8)
        for entry in manifest.jobs.values {
            for output in entry.outputs { #expect(stamps.files[output.path]?.sha256 == output.sha256) }
        }
        // A file replaced by other bytes of the same size whose stamp matches its time is trusted
        // without being read (that is what the stamp is for); with a new time it is hashed,
        // found changed and rendered again.
        let url = out.appendingPathComponent("set/1.svg")
        var data = try Data(contentsOf: url)
        data[data.count - 2] ^= 0x01
        try data.write(to: url)
        var matching = stamps
        matching.files["set/1.svg"]?.modified = try #require(FileStamps.sizeAndModification(of: url)).modified
        try matching.save(to: out, keeping: manifest)
        #expect(try run(jobs, out).rendered == 0)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: 5)], ofItemAtPath: url.path)
        #expect(try run(jobs, out).rendered == 1)
        #expect(try run(jobs, out).rendered == 0)
        // Stamps that are lost only cost hashing: nothing renders again.
        try FileManager.default.removeItem(at: out.appendingPathComponent(FileStamps.fileName))
        #expect(try run(jobs, out).rendered == 0)
        #expect(FileStamps.load(from: out).files.count == 8)
    }

    @Test func shardFoldersMergeIntoTheFolderOfAnUnshardedRun() throws {
        let root = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let jobs = syntheticJobs(17)
        let whole = root.appendingPathComponent("whole"), merged = root.appendingPathComponent("merged")
        _ = try run(jobs, whole)
        let shards = (1...4).map { root.appendingPathComponent("shard-\($0)") }
        for (index, folder) in shards.enumerated() { _ = try run(jobs, folder, shard: try Shard(index: index + 1, count: 4)) }
        let plan = try ShardMerge.plan(Array(shards.reversed()), into: merged, tool: "test", workers: 2)
        #expect(plan.files.count == 34)
        #expect(!FileManager.default.fileExists(atPath: merged.path), "planning writes nothing")
        #expect(try ShardMerge.write(plan, into: merged, workers: 2) == 34)
        var expected = try files(in: whole), actual = try files(in: merged)
        #expect(expected.removeValue(forKey: FileStamps.fileName) != nil)
        #expect(actual.removeValue(forKey: FileStamps.fileName) != nil)
        #expect(actual == expected)
        #expect(try run(jobs, merged).skipped == 17)
    }

    /// A merge that fails while writing leaves `--out` as it was (missing, or an empty folder,
    /// or a link to one) and no temporary folder beside it, so the next merge starts afresh.
    @Test func aMergeThatFailsWhileWritingLeavesOutAsItWas() throws {
        let root = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let jobs = syntheticJobs(9)
        let whole = root.appendingPathComponent("whole")
        _ = try run(jobs, whole)
        let shards = (1...3).map { root.appendingPathComponent("shard-\($0)") }
        for (index, folder) in shards.enumerated() { _ = try run(jobs, folder, shard: try Shard(index: index + 1, count: 3)) }
        let emptyFolder = root.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: emptyFolder, withIntermediateDirectories: false)
        let link = root.appendingPathComponent("link")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: emptyFolder)
        func leftovers() throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: root.path).filter { $0.contains(".tmp-") }
        }
        var expected = try files(in: whole)
        expected.removeValue(forKey: FileStamps.fileName)

        for (out, shown) in [(root.appendingPathComponent("merged"), "missing"), (emptyFolder, "empty"), (link, "link")] {
            let plan = try ShardMerge.plan(shards, into: out, tool: "test", workers: 2)
            // A file that changes after the plan fails the copy after others were written.
            let changed = try #require(plan.files.last).source
            let original = try Data(contentsOf: changed)
            try Data("changed".utf8).write(to: changed)
            #expect(throws: BatchError("\(changed.relativePath) changed while merging; merge again"), "\(shown)") {
                try ShardMerge.write(plan, into: out, workers: 2)
            }
            try original.write(to: changed)
            #expect(try leftovers().isEmpty, "\(shown)")
            if shown == "missing" {
                #expect(!FileManager.default.fileExists(atPath: out.path))
            } else {
                #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).isEmpty, "\(shown)")
            }
            // Something written into --out after the plan: the merge does not replace it.
            if shown == "empty" {
                let intruder = out.appendingPathComponent("intruder.txt")
                try Data("mine".utf8).write(to: intruder)
                #expect(throws: FileWriteError(path: out.path, reason: .folderNotEmpty)) {
                    try ShardMerge.write(plan, into: out, workers: 2)
                }
                #expect(try Data(contentsOf: intruder) == Data("mine".utf8))
                #expect(try leftovers().isEmpty)
                try FileManager.default.removeItem(at: intruder)
            }
            #expect(try ShardMerge.write(plan, into: out, workers: 2) == 18, "\(shown)")
            var merged = try files(in: out.resolvingSymlinksInPath())
            merged.removeValue(forKey: FileStamps.fileName)
            #expect(merged == expected, "\(shown)")
            #expect(try leftovers().isEmpty, "\(shown)")
            if shown == "link" {
                #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == emptyFolder.path)
            }
            // Emptied for the next case: the link names the empty folder.
            for name in try FileManager.default.contentsOfDirectory(atPath: out.path) {
                try FileManager.default.removeItem(at: out.appendingPathComponent(name))
            }
        }
    }

    @Test func impossibleOrHugeShardRecordsAreRefusedBriefly() throws {
        let root = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let jobs = syntheticJobs(4)
        let folder = root.appendingPathComponent("shard-1")
        _ = try run(jobs, folder, shard: try Shard(index: 1, count: 2))
        var manifest = try Manifest.read(from: folder)
        func plan() throws { _ = try ShardMerge.plan([folder], into: root.appendingPathComponent("merged"), tool: "test", workers: 1) }
        // A huge N names a few missing shards, not every one of them.
        manifest.shards = Manifest.ShardSet(count: 100_000, indices: [1])
        try manifest.save(to: folder)
        #expect(throws: BatchError("shards 2/100000, 3/100000, 4/100000, 5/100000, 6/100000 and 99994 more are missing; give the folder of every shard")) { try plan() }
        // Records no run can write: refused, not a crash.
        let impossible = [(Manifest.ShardSet(count: 0, indices: []), "shards of 0"),
                          (Manifest.ShardSet(count: 2, indices: [3]), "shard 3/2"),
                          (Manifest.ShardSet(count: -1, indices: [1]), "shards of -1")]
        for (shards, record) in impossible {
            manifest.shards = shards
            try manifest.save(to: folder)
            let message = "\(folder.path)/manifest.json records \(record), which cannot exist; render that shard again"
            #expect(throws: BatchError(message), "\(shards)") { try plan() }
        }
    }

    @Test func aPathTwoShardsWriteWithDifferentBytesIsRefused() throws {
        let root = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let jobs = syntheticJobs(6)
        let shards = (1...2).map { root.appendingPathComponent("shard-\($0)") }
        for (index, folder) in shards.enumerated() { _ = try run(jobs, folder, shard: try Shard(index: index + 1, count: 2)) }
        // The second shard's manifest claims one of the first shard's paths, with other bytes.
        let first = try Manifest.read(from: shards[0])
        var second = try Manifest.read(from: shards[1])
        let claimed = try #require(first.jobs.values.first?.outputs.first)
        let id = try #require(second.jobs.keys.sorted().first)
        second.jobs[id]?.outputs.append(Manifest.Output(path: claimed.path, sha256: String(repeating: "0", count: 64), bytes: 1))
        try second.save(to: shards[1])
        #expect(throws: BatchError("\(claimed.path) differs between \(shards[0].path) and \(shards[1].path) (SHA-256 \(claimed.sha256.prefix(12))… and 000000000000…)")) {
            try ShardMerge.plan(shards, into: root.appendingPathComponent("merged"), tool: "test", workers: 1)
        }
        // The same bytes under the same path is an overlap.
        second.jobs[id]?.outputs.removeLast()
        second.jobs[id]?.outputs.append(claimed)
        try second.save(to: shards[1])
        #expect(throws: BatchError("\(claimed.path) is in both \(shards[0].path) and \(shards[1].path): the shards overlap")) {
            try ShardMerge.plan(shards, into: root.appendingPathComponent("merged"), tool: "test", workers: 1)
        }
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("merged").path))
    }

    @Test func manifestHashesMatchFilesAndRerunSkipsEverything() throws {
        let out = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        let jobs = syntheticJobs(12)
        let first = try run(jobs, out)
        #expect(first.rendered == 12 && first.skipped == 0 && first.failures.isEmpty)
        let manifest = try JSONDecoder().decode(Manifest.self, from: Data(contentsOf: out.appendingPathComponent("manifest.json")))
        #expect(manifest.jobs.count == 12)
        for entry in manifest.jobs.values {
            for output in entry.outputs {
                let data = try Data(contentsOf: out.appendingPathComponent(output.path))
                #expect(Checksum.sha256(data) == output.sha256)
                #expect(data.count == output.bytes)
            }
        }
        let second = try run(jobs, out)
        #expect(second.rendered == 0 && second.skipped == 12)
        // A changed input or a changed file re-renders just that job; --force renders all.
        var changed = jobs
        changed[4].inputKey = BatchJob.key(["v2", "4"])
        try Data("tampered".utf8).write(to: out.appendingPathComponent("set/7.png"))
        let third = try run(changed, out)
        #expect(third.rendered == 2 && third.skipped == 10)
        #expect(try run(changed, out, force: true).rendered == 12)
    }

    @Test func oneFailureDoesNotStopTheOthersUnlessFailFast() throws {
        let out = try temporaryFolder(), fast = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out); try? FileManager.default.removeItem(at: fast) }
        let outcome = try run(syntheticJobs(10, failing: [3]), out)
        #expect(outcome.failures.map(\.id) == ["job-3"])
        #expect(outcome.rendered == 9)
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("set/3.png").path))
        let stopped = try run(syntheticJobs(40, failing: [0]), fast, workers: 1, failFast: true)
        #expect(stopped.failures.count == 1)
        #expect(stopped.rendered == 0)
        #expect(stopped.notRun == 39)
    }

    @Test func clashesAndEscapesAreRefusedBeforeAnythingRenders() throws {
        let out = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        var jobs = syntheticJobs(3)
        jobs[2].outputs = ["set/0.png"]
        #expect(throws: BatchError("jobs job-0 and job-2 both write set/0.png")) { try run(jobs, out) }
        jobs = syntheticJobs(3)
        jobs[1].outputs = ["../escape.png"]
        #expect(throws: BatchError("job job-1: output path \"../escape.png\" uses \"..\"; it must stay inside --out")) {
            try run(jobs, out)
        }
        #expect(try files(in: out).isEmpty)
        #expect(throws: BatchError("the spec expands to zero jobs")) { try run([], out) }
    }

    @Test func galleryListsEveryImageLazily() throws {
        let out = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        _ = try run(syntheticJobs(6), out)
        let html = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
        // One lazily loaded tile per picture (its PNG), its SVG a link.
        #expect(html.components(separatedBy: "loading=\"lazy\"").count - 1 == 6)
        #expect(html.contains("src=\"set/5.png\""))
        #expect(!html.contains("src=\"set/5.svg\""))
        #expect(html.contains("<a href=\"set/5.svg\">svg</a>"))
        #expect(html.contains("n=5"))
    }
}

@Suite struct GalleryTests {
    func output(_ path: String, width: Int? = nil) -> Manifest.Output {
        Manifest.Output(path: path, sha256: String(repeating: "a", count: 64), bytes: 1, pixelWidth: width,
                        pixelHeight: width.map { $0 * 7 / 5 })
    }

    @Test func naturalOrderComparesNumbersAsNumbers() {
        let names = ["10C", "AC", "2C", "back", "9S", "QH", "100C", "02C", "2D", "card-10", "card-9", "x1y10", "x1y2", "2C"]
        #expect(names.sorted(by: NaturalOrder.areInIncreasingOrder)
            == ["02C", "2C", "2C", "2D", "9S", "10C", "100C", "AC", "QH", "back", "card-9", "card-10", "x1y2", "x1y10"])
        #expect(NaturalOrder.compare("a", "a") == 0)
        #expect(NaturalOrder.compare("a2", "a10") < 0 && NaturalOrder.compare("a10", "a2") > 0)
        #expect(NaturalOrder.compare("a", "a1") < 0)
        // Long digit runs do not overflow.
        #expect(NaturalOrder.areInIncreasingOrder("n99999999999999999999999", "n100000000000000000000000"))
    }

    @Test func aDeckShowsOneTilePerCardInNaturalOrderWithEveryFormatLinked() throws {
        var manifest = Manifest(tool: "test")
        let cards = ["10C", "2C", "AC", "9C", "JC"]
        var outputs = cards.flatMap { [output("deck/\($0).svg"), output("deck/\($0).png", width: 50), output("deck/\($0).pdf")] }
        outputs += [output("deck/deck.json"), output("deck/only.svg"), output("deck/only-pdf.pdf")]
        manifest.jobs["deck"] = Manifest.Entry(kind: "deck", parameters: ["theme": "classic"], inputKey: "k", outputs: outputs)
        let html = Gallery.html(manifest)
        #expect(html.components(separatedBy: "<figure>").count - 1 == cards.count + 3)
        #expect(html.components(separatedBy: "<img ").count - 1 == cards.count + 1)
        // The PNG is the picture; every format is a link, png first.
        #expect(html.contains("<img loading=\"lazy\" decoding=\"async\" src=\"deck/2C.png\" alt=\"2C.png\">"))
        #expect(html.contains("<figcaption>2C · 50×70<br><a href=\"deck/2C.png\">png</a> <a href=\"deck/2C.svg\">svg</a> <a href=\"deck/2C.pdf\">pdf</a></figcaption>"))
        // Without a PNG the SVG is shown; a file that is no picture is a link only.
        #expect(html.contains("src=\"deck/only.svg\""))
        #expect(html.contains("<figure><figcaption>deck<br><a href=\"deck/deck.json\">json</a></figcaption></figure>"))
        #expect(html.contains("<figure><figcaption>only-pdf<br><a href=\"deck/only-pdf.pdf\">pdf</a></figcaption></figure>"))
        let positions = ["2C", "9C", "10C", "AC", "JC"].compactMap { html.range(of: "src=\"deck/\($0).png\"")?.lowerBound }
        #expect(positions.count == 5 && positions == positions.sorted())
    }
}

@Test func renderedFilesCarryTheirSHA256() throws {
    let file = RenderedFile(path: "a.txt", data: Data("abc".utf8))
    #expect(file.sha256 == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
}
