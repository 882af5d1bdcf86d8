import BatchRendering
import CardRenderSupport
import Drawing
import Foundation
import Testing

/// `cardrender batch` and `render` as a batch run, through the binary.
@Suite(.serialized) struct BatchCLITests {
    /// A small spec: one small deck and a matrix of keyboard diagrams.
    static let spec = """
    defaults:
      scale: 1
    jobs:
      - kind: deck
        size: 60x84pt
        theme: [classic, four-color]
        format: png,svg
        output: decks/{theme}
      - kind: keyboard
        device: [iphone-8, iphone-x]
        orientation: [portrait, landscape]
        strategy: bottom-offset
        output: keyboard
      - kind: card
        card: [AS, QH]
        size: 60x84pt
        output: cards
    """

    func makeSpec(_ text: String = BatchCLITests.spec) throws -> (dir: URL, spec: URL) {
        let dir = try CLIRunner.temporaryDirectory("batch")
        let spec = dir.appendingPathComponent("spec.yaml")
        try Data(text.utf8).write(to: spec)
        return (dir, spec)
    }

    /// Every file under `folder` except the run's own bookkeeping (manifest, gallery, file stamps).
    func images(in folder: URL) throws -> [String: Data] {
        try tree(folder).filter { ![Manifest.fileName, Gallery.fileName, FileStamps.fileName].contains($0.key) }
    }

    /// Every file under `folder`, hidden ones included, by relative path.
    func tree(_ folder: URL) throws -> [String: Data] {
        var result: [String: Data] = [:]
        for path in try FileManager.default.subpathsOfDirectory(atPath: folder.path) {
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path, isDirectory: &isDirectory)
            if !isDirectory.boolValue { result[path] = try Data(contentsOf: folder.appendingPathComponent(path)) }
        }
        return result
    }

    @Test func parallelAndShardedRunsGiveTheSameBytesAndShardsCoverTheSpecOnce() throws {
        let (dir, spec) = try makeSpec()
        defer { try? FileManager.default.removeItem(at: dir) }
        let one = dir.appendingPathComponent("one"), two = dir.appendingPathComponent("two")
        let sharded = dir.appendingPathComponent("sharded")
        #expect(try CLIRunner.run(["batch", spec.path, "--out", one.path, "-j", "1", "--quiet"]).status == 0)
        #expect(try CLIRunner.run(["batch", spec.path, "--out", two.path, "-j", "2", "--quiet"]).status == 0)
        var jobsPerShard: [Int] = []
        for k in 1...3 {
            let result = try CLIRunner.run(["batch", spec.path, "--out", sharded.path, "--shard", "\(k)/3", "--json"])
            #expect(result.status == 0, "\(result.stderr)")
            jobsPerShard.append(result.stdout.components(separatedBy: "\"event\":\"job\"").count - 1)
        }
        let reference = try images(in: one)
        #expect(reference.count == 2 * (52 + 1) * 2 + 2 * 1 + 4 + 2) // cards png+svg and deck.json per deck, diagrams, cards
        #expect(try images(in: two) == reference)
        #expect(try images(in: sharded) == reference)
        #expect(jobsPerShard.reduce(0, +) == 8)
        // The shards' manifests merged into one describe every job exactly once.
        let manifest = try JSONDecoder().decode(Manifest.self, from: Data(contentsOf: sharded.appendingPathComponent("manifest.json")))
        #expect(manifest.jobs.count == 8)
        for entry in manifest.jobs.values {
            for output in entry.outputs {
                #expect(Checksum.sha256(try Data(contentsOf: sharded.appendingPathComponent(output.path))) == output.sha256)
            }
        }
        // deck.json agrees with the files it lists.
        let deck = try JSONSerialization.jsonObject(with: Data(contentsOf: one.appendingPathComponent("decks/classic/deck.json")))
        let files = (deck as? [String: Any])?["files"] as? [[String: Any]] ?? []
        #expect(files.count == 106)
        for file in files {
            let data = try Data(contentsOf: one.appendingPathComponent("decks/classic/" + (file["path"] as? String ?? "")))
            #expect(Checksum.sha256(data) == file["sha256"] as? String)
        }
        // A second run renders nothing.
        let again = try CLIRunner.run(["batch", spec.path, "--out", one.path, "--json"])
        #expect(again.stdout.contains("\"rendered\":0"))
        #expect(again.stdout.components(separatedBy: "\"status\":\"skipped\"").count - 1 == 8)
    }

    @Test func anInterruptedRunLeavesNoPartialFilesAndTheNextRunCompletesTheSet() throws {
        let (dir, spec) = try makeSpec()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("out"), full = dir.appendingPathComponent("full")
        #expect(try CLIRunner.run(["batch", spec.path, "--out", full.path, "--quiet"]).status == 0)
        for signal in [SIGTERM, SIGKILL] {
            try? FileManager.default.removeItem(at: out)
            let process = Process()
            process.executableURL = CLIRunner.executable
            process.arguments = ["batch", spec.path, "--out", out.path, "-j", "2", "--quiet", "--force"]
            process.currentDirectoryURL = dir
            process.environment = CLIRunner.childEnvironment()
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            // Wait until the first files appear, then stop it mid-way.
            let deadline = Date().addingTimeInterval(20)
            while Date() < deadline, (try? images(in: out).count) ?? 0 < 3 { usleep(20_000) }
            kill(process.processIdentifier, signal)
            process.waitUntilExit()
            // Every file under its final name is complete: the same bytes as the full run. Only
            // SIGKILL, which cannot be caught, may leave a hidden temporary file; the next run
            // sweeps it away.
            let reference = try images(in: full)
            let temporaries = try images(in: out).keys.filter { ($0 as NSString).lastPathComponent.hasPrefix(".") }
            if signal == SIGTERM { #expect(temporaries.isEmpty, "\(temporaries)") }
            for (path, data) in try images(in: out) where !temporaries.contains(path) {
                #expect(data == reference[path], "\(path) after signal \(signal)")
            }
            let result = try CLIRunner.run(["batch", spec.path, "--out", out.path, "--quiet"])
            #expect(result.status == 0)
            #expect(try images(in: out) == images(in: full))
            let leftovers = try FileManager.default.subpathsOfDirectory(atPath: out.path).filter { $0.contains(".tmp-") }
            #expect(leftovers.isEmpty, "temporary files left after signal \(signal): \(leftovers)")
        }
    }

    @Test func badInputIsOneLineAndLeavesEarlierOutputsAlone() throws {
        let (dir, spec) = try makeSpec()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let keep = out.appendingPathComponent("earlier.png")
        try Data("earlier".utf8).write(to: keep)
        let file = dir.appendingPathComponent("a-file")
        try Data("x".utf8).write(to: file)
        func specFile(_ name: String, _ text: String) throws -> String {
            let url = dir.appendingPathComponent(name)
            try Data(text.utf8).write(to: url)
            return url.path
        }
        let cases: [([String], String)] = [
            (["batch", dir.appendingPathComponent("missing.yaml").path], "does not exist"),
            (["batch", dir.path], "is a folder"),
            (["batch", try specFile("bad.yaml", "jobs:\n  - kind: deck\n    theme: [classic\n")], "bad.yaml:"),
            (["batch", try specFile("zero.yaml", "jobs:\n  - kind: deck\n    theme: []\n")], "zero jobs"),
            (["batch", try specFile("clash.yaml", "jobs:\n  - kind: card\n    card: AS\n  - kind: card\n    card: AS\n    size: bridge\n")], "both write"),
            (["batch", try specFile("escape.yaml", "jobs:\n  - kind: card\n    card: AS\n    output: ../outside\n")], ".."),
            (["batch", try specFile("key.yaml", "jobs:\n  - kind: deck\n    theem: classic\n")], "did you mean \"theme\""),
            (["batch", try specFile("value.yaml", "jobs:\n  - kind: deck\n    theme: purple\n")], "value.yaml:3:12"),
            (["batch", spec.path, "--shard", "0/3"], "shard"),
            (["batch", spec.path, "--shard", "4/3"], "shard"),
            (["batch", spec.path, "--shard", "a/b"], "shard"),
            (["batch", spec.path, "--out", file.path], "not a folder"),
        ]
        for (arguments, expected) in cases {
            let result = try CLIRunner.run(arguments + (arguments.contains("--out") ? [] : ["--out", out.path]))
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderrLines.count == 1, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains(expected), "\(arguments): \(result.stderr)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path) == ["earlier.png"])
        #expect(try Data(contentsOf: keep) == Data("earlier".utf8))
        #expect(try Data(contentsOf: file) == Data("x".utf8))
    }

    @Test func theDefaultSpecPrintsAndParsesAndDryRunsWithoutRendering() throws {
        let (dir, _) = try makeSpec()
        defer { try? FileManager.default.removeItem(at: dir) }
        let printed = try CLIRunner.run(["render", "--print-spec"])
        #expect(printed.status == 0)
        let spec = dir.appendingPathComponent("default.yaml")
        try Data(printed.stdout.utf8).write(to: spec)
        let out = dir.appendingPathComponent("out")
        let dry = try CLIRunner.run(["batch", spec.path, "--out", out.path, "--dry-run"])
        #expect(dry.status == 0, "\(dry.stderr)")
        #expect(dry.stdout.contains("117 jobs: 0 up to date, 117 to render"))
        #expect(!FileManager.default.fileExists(atPath: out.path), "--dry-run must not create --out")
    }

    @Test func galleryShowsEachCardOnceInNaturalOrderWithItsFormatsLinked() throws {
        let (dir, spec) = try makeSpec("jobs:\n  - kind: card\n    card: [AS, 10C, KD, 2C, 7C]\n    size: 60x84pt\n    format: png,svg,pdf\n")
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("out")
        #expect(try CLIRunner.run(["batch", spec.path, "--out", out.path, "--quiet"]).status == 0)
        let html = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
        // One tile per card, showing its PNG; the SVG and PDF are links under it.
        #expect(html.components(separatedBy: "<figure>").count - 1 == 5)
        #expect(html.components(separatedBy: "<img ").count - 1 == 5)
        #expect(!html.contains("src=\"card/2C.svg\""))
        #expect(html.contains("src=\"card/2C.png\""))
        #expect(html.contains("<a href=\"card/2C.png\">png</a> <a href=\"card/2C.svg\">svg</a> <a href=\"card/2C.pdf\">pdf</a>"))
        // Jobs in natural order: 2C before 7C before 10C.
        let order = ["card=2C", "card=7C", "card=10C", "card=AS", "card=KD"].map { html.range(of: "<h3>card/\($0)")?.lowerBound }
        #expect(order.allSatisfy { $0 != nil }, "\(html)")
        #expect(order.compactMap { $0 } == order.compactMap { $0 }.sorted())
    }

    @Test func completionsOfferSpecFilesForBatchAndFoldersForMerge() throws {
        let zsh = try CLIRunner.run(["--generate-completion-script", "zsh"])
        #expect(zsh.status == 0)
        #expect(zsh.stdout.contains(#"':spec:_files -g '\''*.yaml *.yml *.json'\'''"#))
        #expect(zsh.stdout.contains("'*:shard-folder:_files -/'"))
        #expect(zsh.stdout.contains("'--out[Folder to write the merged run into (missing or empty).]:out:_files -/'"))
        let bash = try CLIRunner.run(["--generate-completion-script", "bash"])
        #expect(bash.status == 0)
        #expect(bash.stdout.contains("-fX '!*.@(yaml|yml|json)'"))
        let merge = try #require(bash.stdout.range(of: "_cardrender_merge() {")).upperBound
        let mergeFunction = bash.stdout[merge...].components(separatedBy: "\n}\n")[0]
        #expect(mergeFunction.contains("'--out')\n        __cardrender_add_completions -d"))
    }

    /// The small spec run whole, and as 3 shards each in its own folder (as on 3 CI machines).
    static func runWholeAndSharded(_ spec: URL, in dir: URL) throws -> (whole: URL, shards: [URL]) {
        let whole = dir.appendingPathComponent("whole")
        #expect(try CLIRunner.run(["batch", spec.path, "--out", whole.path, "--quiet"]).status == 0)
        let shards = (1...3).map { dir.appendingPathComponent("shard-\($0)") }
        for (k, shard) in shards.enumerated() {
            let result = try CLIRunner.run(["batch", spec.path, "--out", shard.path, "--shard", "\(k + 1)/3", "--quiet"])
            #expect(result.status == 0, "\(result.stderr)")
        }
        return (whole, shards)
    }

    @Test func mergedShardsAreByteForByteTheUnshardedRun() throws {
        let (dir, spec) = try makeSpec()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (whole, shards) = try Self.runWholeAndSharded(spec, in: dir)
        let merged = dir.appendingPathComponent("merged")
        let result = try CLIRunner.run(["merge"] + shards.map(\.path) + ["--out", merged.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "3 folders merged: 8 jobs, 220 files into \(merged.path)\n")
        // Every file, manifest.json and index.html included, is the same bytes. The one exception
        // is the hidden file of modification times, which belong to this machine's copies: it
        // must list the same files with the same SHA-256.
        let expected = try tree(whole), actual = try tree(merged)
        #expect(expected.count == 220 + 3)
        #expect(Set(actual.keys) == Set(expected.keys))
        for (path, data) in expected where path != FileStamps.fileName {
            #expect(actual[path] == data, "\(path) differs from the unsharded run")
        }
        func stampedHashes(_ folder: URL) throws -> [String: String] {
            try JSONDecoder().decode(FileStamps.self, from: Data(contentsOf: folder.appendingPathComponent(FileStamps.fileName)))
                .files.mapValues(\.sha256)
        }
        #expect(try stampedHashes(merged) == stampedHashes(whole))
        #expect(try stampedHashes(merged).count == 220)
        // The merged folder is a complete --out: a run of the spec there renders nothing.
        let again = try CLIRunner.run(["batch", spec.path, "--out", merged.path, "--json"])
        #expect(again.status == 0)
        #expect(again.stdout.components(separatedBy: "\"status\":\"skipped\"").count - 1 == 8)
        #expect(try tree(merged).filter { $0.key != FileStamps.fileName } == expected.filter { $0.key != FileStamps.fileName })
    }

    @Test func aMergeThatDoesNotAddUpIsRefusedBeforeWritingAnything() throws {
        let (dir, spec) = try makeSpec()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (whole, shards) = try Self.runWholeAndSharded(spec, in: dir)
        let paths = shards.map(\.path)
        func copy(_ shard: URL, as name: String, edit: (URL) throws -> Void = { _ in }) throws -> String {
            let copy = dir.appendingPathComponent(name)
            try FileManager.default.copyItem(at: shard, to: copy)
            try edit(copy)
            return copy.path
        }
        func editManifest(_ folder: URL, _ change: (inout Manifest) -> Void) throws {
            let url = folder.appendingPathComponent(Manifest.fileName)
            var manifest = try JSONDecoder().decode(Manifest.self, from: Data(contentsOf: url))
            change(&manifest)
            try manifest.encoded().write(to: url)
        }
        // The shard holding the most files, and one PNG in it.
        let big = try shards.max { try tree($0).count < tree($1).count } ?? shards[0]
        let png = try #require(try tree(big).keys.filter { $0.hasSuffix(".png") }.sorted().first)
        // The same spec with one more card: a different spec.
        let otherSpec = dir.appendingPathComponent("other.yaml")
        try Data(Self.spec.replacingOccurrences(of: "[AS, QH]", with: "[AS, QH, KH]").utf8).write(to: otherSpec)
        let other = dir.appendingPathComponent("other")
        #expect(try CLIRunner.run(["batch", otherSpec.path, "--out", other.path, "--shard", "3/3", "--quiet"]).status == 0)
        let notEmpty = dir.appendingPathComponent("not-empty")
        try FileManager.default.createDirectory(at: notEmpty, withIntermediateDirectories: true)
        try Data("x".utf8).write(to: notEmpty.appendingPathComponent("keep.txt"))
        let bigIndex = try #require(shards.firstIndex(of: big))
        let withoutBig = paths.enumerated().filter { $0.offset != bigIndex }.map(\.element)

        let cases: [([String], String)] = [
            (Array(paths.prefix(2)), "shard 3/3 is missing"),
            (paths + [try copy(shards[0], as: "again-1")], "shard 1/3 is in both"),
            (paths + [whole.path], "holds every shard of the spec already"),
            (Array(paths.prefix(2)) + [other.path], "different specs"),
            (withoutBig + [try copy(big, as: "tampered") { folder in
                let url = folder.appendingPathComponent(png)
                var data = try Data(contentsOf: url)
                data[data.count - 20] ^= 0xFF
                try data.write(to: url)
            }], "does not match the SHA-256"),
            (withoutBig + [try copy(big, as: "missing-file") { try FileManager.default.removeItem(at: $0.appendingPathComponent(png)) }],
             "is missing, though"),
            (withoutBig + [try copy(big, as: "other-build") { try editManifest($0) { $0.build = "another build" } }],
             "different builds"),
            (withoutBig + [try copy(big, as: "other-version") { try editManifest($0) { $0.tool = "cardrender 0.0.1" } }],
             "rendered by cardrender 0.0.1"),
            (withoutBig + [try copy(big, as: "failed-job") { try editManifest($0) { $0.jobs.removeValue(forKey: $0.jobs.keys.sorted()[0]) } }],
             "the folders hold 7 of the spec's 8 jobs"),
            (paths + [dir.appendingPathComponent("nowhere").path], "does not exist"),
            (paths + [spec.path], "is a file"),
            ([dir.path], "has no manifest.json"),
        ]
        let before = try tree(dir)
        for (folders, expected) in cases {
            let out = dir.appendingPathComponent("merged")
            let result = try CLIRunner.run(["merge"] + folders + ["--out", out.path])
            #expect(result.status == 2, "\(expected)")
            #expect(result.stderrLines.count == 1, "\(expected): \(result.stderr)")
            #expect(result.stderr.hasPrefix("cardrender: error: ") && result.stderr.contains(expected), "\(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: out.path), "\(expected): --out was created")
        }
        for (out, expected) in [(notEmpty, "is not empty"), (shards[1], "is one of the shard folders")] {
            let result = try CLIRunner.run(["merge"] + paths + ["--out", out.path])
            #expect(result.status == 2 && result.stderrLines.count == 1 && result.stderr.contains(expected), "\(result.stderr)")
        }
        #expect(try CLIRunner.run(["merge", "--out", dir.appendingPathComponent("merged").path]).status == 2)
        #expect(try tree(dir) == before, "a refused merge changed a file")
    }

    /// Runs `batch` on each spec and expects one error line naming the spec and the place.
    func expectSpecErrors(_ cases: [(name: String, bytes: Data, error: String)], in dir: URL, out: URL) throws {
        for (name, bytes, error) in cases {
            let spec = dir.appendingPathComponent(name)
            try bytes.write(to: spec)
            let result = try CLIRunner.run(["batch", spec.path, "--out", out.path])
            #expect(result.status == 2, "\(name)")
            #expect(result.stderr == "cardrender: error: \(spec.path):\(error)\n", "\(name)")
        }
    }

    @Test func unreadableAndTooDeepSpecsNameTheLineAndColumn() throws {
        let dir = try CLIRunner.temporaryDirectory("batch-spec-text")
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("out")
        let limit = 64  // SpecFile.maximumDepth
        // 10,000 levels overflowed the stack of both commands.
        let deep = Data((String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000) + "\n").utf8)
        try expectSpecErrors([
            ("deep.yaml", deep, "1:\(limit + 1): the file nests deeper than \(limit) levels"),
            ("empty.yaml", Data(), "1:1: the spec is empty"),
            ("latin1.yaml", Data("jobs:\n  - kind: card\n    card: ".utf8) + [0xC9], "3:11: the spec is not UTF-8 text (byte 0xC9)"),
            ("nul.yaml", Data("jobs:\n  - kind: card\n    ca\u{0}rd: AS\n".utf8), "3:7: the spec contains a NUL byte, which YAML does not allow"),
        ], in: dir, out: out)
        try deep.write(to: dir.appendingPathComponent("deep.yaml"))
        let keyboard = try CLIRunner.run(["keyboard", "--spec", "deep.yaml", "--out", "out"], in: dir)
        #expect(keyboard.status == 2)
        #expect(keyboard.stderr == "cardrender: error: deep.yaml:1:\(limit + 1): the file nests deeper than \(limit) levels\n")
        // Just under the limit, both parse the spec and then find fault with the value.
        let frame = String(repeating: "[", count: limit - 3) + "0" + String(repeating: "]", count: limit - 3)
        try Data("diagrams:\n  - keyboard-frame: \(frame)\n".utf8).write(to: dir.appendingPathComponent("under.yaml"))
        let under = try CLIRunner.run(["keyboard", "--spec", "under.yaml", "--out", "out"], in: dir)
        #expect(under.status == 2 && under.stderr.hasPrefix("cardrender: error: under.yaml:2:21: "), "\(under.stderr)")
        #expect(!under.stderr.contains("nests deeper"))
        try expectSpecErrors([("under.yaml", Data("jobs:\n  - kind: card\n    card: \(frame)\n".utf8),
                               "3:12: `card` must be a value or a list of values")], in: dir, out: out)
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    @Test func outputsThatLeaveOutOrClashNameTheJobsOutput() throws {
        let dir = try CLIRunner.temporaryDirectory("batch-spec-outputs")
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: out.appendingPathComponent("link"), withDestinationURL: dir)
        let card = "jobs:\n  - kind: card\n    card: AS\n"
        try expectSpecErrors([
            ("absolute.yaml", Data((card + "    output: /tmp/cards\n").utf8),
             "4:13: output path \"/tmp/cards\" is absolute; give a path inside --out"),
            ("home.yaml", Data((card + "    output: ~/cards\n").utf8),
             "4:13: output path \"~/cards\" is absolute; give a path inside --out"),
            ("placeholder.yaml", Data((card + "    size: [poker, ..]\n    output: cards/{size}\n").utf8),
             "5:13: output path \"cards/..\" uses \"..\"; it must stay inside --out ({size} is \"..\")"),
            ("link.yaml", Data((card + "    output: link/cards\n").utf8),
             "4:13: output path \"link/cards/AS.png\" leaves --out through the symbolic link \"link\""),
            ("clash.yaml", Data((card + "    output: cards\n" + card.dropFirst(6) + "    size: bridge\n    output: ./cards/\n").utf8),
             "4:13: this job and the job at line 8 both write cards/AS.png"),
            ("matrix.yaml", Data((card + "    size: [poker, bridge]\n    output: cards\n").utf8),
             "5:13: two jobs of this matrix (size=poker and size=bridge) both write cards/AS.png; put {size} in `output`"),
            ("same-id.yaml", Data("jobs:\n  - kind: keyboard\n    scale: 1\n    output: x\n  - kind: samples\n    scale: 1\n    output: x\n".utf8),
             "2:5: this job and the job at line 5 get the same id x/scale=1; give them different outputs"),
        ], in: dir, out: out)
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path) == ["link"])
    }
}
