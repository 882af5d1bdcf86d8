import BatchRendering
import CardRenderSupport
import Foundation
import Testing

/// A batch folder after its spec is edited: files of jobs the spec no longer has leave the
/// manifest and the gallery, and are deleted when the same spec wrote them and they are
/// unchanged; anything else stays on disk. A `kind: cards` job re-renders only when a file it
/// reads changes, not when the spec beside it does.
@Suite struct StaleOutputCLITests {
    static func spec(_ cards: String) -> String {
        """
        jobs:
          - kind: card
            card: [\(cards)]
            size: 60x84pt
            format: png,svg
            output: cards
          - kind: deck
            size: 40x56pt
            output: deck
        """
    }

    static func batch(_ spec: String, out: URL, in folder: URL) throws -> CLIRunner.Result {
        try CLIRunner.run(["batch", spec, "--out", out.path, "--quiet"], in: folder)
    }

    @Test func anEditedSpecRemovesTheFilesItNoLongerWritesAndKeepsChangedOnes() throws {
        let dir = try CLIRunner.temporaryDirectory("stale")
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("out")
        let specURL = dir.appendingPathComponent("spec.yaml")
        try Data(Self.spec("AS, KS, QS, JS").utf8).write(to: specURL)
        let first = try Self.batch("spec.yaml", out: out, in: dir)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(try Manifest.read(from: out).jobs.count == 5)

        // QS becomes QD; JS.png is edited by hand, so it is not the file the run wrote.
        try Data("edited".utf8).write(to: out.appendingPathComponent("cards/JS.png"))
        try Data(Self.spec("AS, KS, QD").utf8).write(to: specURL)
        let edited = try Self.batch("spec.yaml", out: out, in: dir)
        #expect(edited.status == 0, "\(edited.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("cards").path).sorted()
        #expect(files == ["AS.png", "AS.svg", "JS.png", "KS.png", "KS.svg", "QD.png", "QD.svg"], "\(files)")
        #expect(edited.stderr.contains("removed 3 files that no job of the spec writes any more: cards/JS.svg, cards/QS.png, cards/QS.svg"),
                "\(edited.stderr)")
        #expect(edited.stderr.contains("kept 1 file that") && edited.stderr.contains("cards/JS.png"), "\(edited.stderr)")
        let manifest = try Manifest.read(from: out)
        #expect(manifest.jobs.count == 4, "\(manifest.jobs.keys.sorted())")
        let listed = manifest.jobs.values.flatMap { $0.outputs.map(\.path) }
        #expect(!listed.contains { $0.hasPrefix("cards/QS") || $0.hasPrefix("cards/JS") }, "\(listed)")
        let gallery = String(decoding: try Data(contentsOf: out.appendingPathComponent(Gallery.fileName)), as: UTF8.self)
        #expect(gallery.contains("· 4 jobs · \(listed.count) files ·"), "\(gallery.prefix(1200))")
        #expect(!gallery.contains("cards/QS") && !gallery.contains("cards/JS"))
        for entry in manifest.jobs.values {
            for output in entry.outputs {
                #expect(Checksum.sha256(try Data(contentsOf: out.appendingPathComponent(output.path))) == output.sha256)
            }
        }

        // Another spec into the same folder takes the manifest over but deletes nothing it did not write.
        try Data(Self.spec("AS").utf8).write(to: dir.appendingPathComponent("other.yaml"))
        let other = try Self.batch("other.yaml", out: out, in: dir)
        #expect(other.status == 0, "\(other.stderr)")
        #expect(!other.stderr.contains("removed"), "\(other.stderr)")
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("cards/QD.png").path))
        #expect(try Manifest.read(from: out).jobs.count == 2)
    }

    /// A stale file edited in place with its size and time kept (as `cp -p`, rsync or tar keep
    /// them) is not the file the run wrote: it is hashed before it is deleted, and kept.
    @Test func aStaleFileEditedWithItsSizeAndTimeKeptIsKept() throws {
        let dir = try CLIRunner.temporaryDirectory("stale-same-stamp")
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("out")
        let specURL = dir.appendingPathComponent("spec.yaml")
        try Data(Self.spec("AS, QS").utf8).write(to: specURL)
        #expect(try Self.batch("spec.yaml", out: out, in: dir).status == 0)
        let edited = out.appendingPathComponent("cards/QS.png")
        let stamp = try #require(FileStamps.load(from: out).files["cards/QS.png"])
        var bytes = try Data(contentsOf: edited)
        bytes[bytes.count / 2] ^= 0xFF
        try bytes.write(to: edited)
        // The recorded time put back to the nanosecond, as `touch -r` from a copy made with `cp -p` would.
        let seconds = stamp.modified.rounded(.down)
        var times = [timespec](repeating: timespec(tv_sec: Int(seconds), tv_nsec: Int(((stamp.modified - seconds) * 1e9).rounded())), count: 2)
        try #require(utimensat(AT_FDCWD, edited.path, &times, 0) == 0)
        #expect(FileStamps.sizeAndModification(of: edited)?.1 == stamp.modified, "the stamp must match for this test to mean anything")
        try Data(Self.spec("AS").utf8).write(to: specURL)
        let result = try Self.batch("spec.yaml", out: out, in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try Data(contentsOf: edited) == bytes)
        #expect(result.stderr.contains("removed 1 file that no job of the spec writes any more: cards/QS.svg"), "\(result.stderr)")
        #expect(result.stderr.contains("kept 1 file that") && result.stderr.contains("cards/QS.png"), "\(result.stderr)")
    }

    @Test func aCardsJobIsSkippedWhenOnlyTheSpecBesideItsTemplateChanges() throws {
        let game = try CardsFixture.make("stale-cards")
        let out = try CLIRunner.temporaryDirectory("stale-cards-out")
        defer { game.remove(); try? FileManager.default.removeItem(at: out) }
        let spec = "jobs:\n  - kind: cards\n    template: template.yaml\n    data: cards.csv\n    dpi: 36\n    output: game\n"
        try game.write("spec.yaml", spec)
        func run() throws -> String {
            let result = try CLIRunner.run(["batch", "spec.yaml", "--out", out.path, "--json"], in: game.folder)
            #expect(result.status == 0, "\(result.stderr)")
            return result.stdout
        }
        #expect(try run().contains("\"rendered\":1"))
        try game.write("spec.yaml", "# The game's cards.\n" + spec)
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(120)],
                                              ofItemAtPath: game.url("spec.yaml").path)
        let commented = try run()
        #expect(commented.contains("\"rendered\":0") && commented.contains("\"status\":\"skipped\""), "\(commented)")
        // A file the cards read still counts.
        try game.write("cards.csv", CardsFixture.csv.replacingOccurrences(of: "Spark", with: "Ember"))
        #expect(try run().contains("\"rendered\":1"))
    }
}
