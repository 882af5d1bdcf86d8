import BatchRendering
import CardRenderSupport
import Drawing
import Foundation
import RenderPipeline
import Synchronization
import Testing

/// The plan every command and batch job writes through: its paths, its cost, its budget, and a
/// write that renames only once everything has rendered.
@Suite struct OutputPlanTests {
    func temporaryFolder(_ name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("output-plan-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A filled rect: different colours give different bytes.
    static func square(_ side: CGFloat, _ color: Color = .black) -> Picture {
        Picture(width: side, height: side) { canvas in canvas.fill(BezierPath(rect: canvas.bounds), with: color) }
    }

    /// The derived file `list.txt`: the paths and hashes the plan's `derive` was given, one a line.
    static func listing(_ rendered: [String: WrittenFile]) -> [RenderedFile] {
        let lines = rendered.keys.sorted().map { "\($0) \(rendered[$0]?.sha256 ?? "")" }
        return [RenderedFile(path: "list.txt", data: Data(lines.joined(separator: "\n").utf8))]
    }

    static func samplePlan(_ color: Color = .black) -> OutputPlan {
        OutputPlan(files: [FileToRender("a.png", square(20, color)), FileToRender("art/b.svg", square(10, color))],
                   derivedPaths: ["list.txt"], warnings: ["one warning"], derive: listing)
    }

    /// Names and bytes of every file under `folder`, hidden ones (temporaries) included.
    static func contents(of folder: URL) throws -> [String: Data] {
        var contents: [String: Data] = [:]
        let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
        while let url = walker?.nextObject() as? URL {
            guard try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true else { continue }
            contents[String(url.path.dropFirst(folder.path.count + 1))] = try Data(contentsOf: url)
        }
        return contents
    }

    @Test func outputsAreTheFilesThenTheDerivedPaths() {
        let plan = Self.samplePlan()
        #expect(plan.outputs == ["a.png", "art/b.svg", "list.txt"])
        #expect(OutputPlan(files: []).outputs.isEmpty)
    }

    /// Pixels drawn: a raster at its resolution, a vector file as a 1x raster.
    @Test func estimatedCostCountsRasterPixelsAtTheirResolution() {
        let plan = OutputPlan(files: [FileToRender("a.png", Self.square(10), resolution: .scale(3)),
                                      FileToRender("a.svg", Self.square(10), resolution: .scale(3)),
                                      FileToRender("a.pdf", Self.square(5))])
        #expect(plan.estimatedCost == 900 + 100 + 25)
    }

    /// Moved under a folder, every path gains the prefix, and `derive` still sees the paths it
    /// planned, so a manifest lists its files relative to itself.
    @Test func aMovedPlanPrefixesEveryPathAndDerivesFromItsOwnPaths() throws {
        let moved = Self.samplePlan().moved(under: "cards")
        #expect(moved.outputs == ["cards/a.png", "cards/art/b.svg", "cards/list.txt"])
        #expect(moved.warnings == ["one warning"])
        let rendered = try moved.renderInMemory(workers: 2)
        #expect(rendered.map(\.path) == moved.outputs)
        let list = try #require(rendered.last)
        let png = try #require(rendered.first)
        #expect(String(decoding: list.data, as: UTF8.self).hasPrefix("a.png \(png.sha256)\nart/b.svg "))
        // Moved twice, the prefixes nest and `derive` still sees its own paths.
        let twice = Self.samplePlan().moved(under: "inner").moved(under: "outer/")
        #expect(twice.outputs == ["outer/inner/a.png", "outer/inner/art/b.svg", "outer/inner/list.txt"])
        #expect(try twice.renderInMemory(workers: 1).last?.data == list.data)
    }

    @Test func movingUnderTheFolderItselfChangesNothing() {
        for folder in ["", "."] {
            #expect(Self.samplePlan().moved(under: folder).outputs == ["a.png", "art/b.svg", "list.txt"], "\(folder)")
        }
        #expect(Self.samplePlan().moved(under: "x/").outputs == Self.samplePlan().moved(under: "x").outputs)
    }

    /// The budget is per raster file; vector files have no pixels to count.
    @Test func checkBudgetRefusesTheFirstRasterFileOverTheLimit() throws {
        let plan = OutputPlan(files: [FileToRender("big.svg", Self.square(1000)),
                                      FileToRender("a.png", Self.square(100), resolution: .scale(2)),
                                      FileToRender("b.png", Self.square(200))])
        try plan.checkBudget(maxPixels: 40_000)
        #expect(throws: ImageError.overBudget("a.png is 200×200 px (40000 px), over the limit of 39999 px per picture; "
                                                + "raise it with --max-pixels N")) {
            try plan.checkBudget(maxPixels: 39_999)
        }
    }

    /// A plan over budget or with a name too long is refused before any folder or file is made.
    @Test func aRefusedPlanLeavesTheFolderUntouched() throws {
        let out = try temporaryFolder("refused")
        defer { try? FileManager.default.removeItem(at: out) }
        let plan = Self.samplePlan().moved(under: "sub")
        #expect(throws: ImageError.overBudget("sub/a.png is 20×20 px (400 px), over the limit of 399 px per picture; "
                                                + "raise it with --max-pixels N")) {
            try plan.write(into: out, workers: 1, maxPixels: 399)
        }
        let long = String(repeating: "n", count: 300) + ".png"
        let tooLong = OutputPlan(files: [FileToRender("sub/a.png", Self.square(5)), FileToRender(long, Self.square(5))])
        #expect(throws: OutputPathError.nameTooLong(path: long, bytes: 304)) { try tooLong.write(into: out, workers: 1) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).isEmpty)
    }

    /// What `write` returns is the facts of the bytes on disk, the derived file made from the
    /// written files' facts, and nothing else is left in the folder.
    @Test func writeLeavesExactlyThePlannedFilesWithTheirFacts() throws {
        let out = try temporaryFolder("write")
        defer { try? FileManager.default.removeItem(at: out) }
        let plan = Self.samplePlan()
        let written = try plan.write(into: out, workers: 2)
        #expect(written.map(\.path) == plan.outputs)
        let contents = try Self.contents(of: out)
        #expect(contents.keys.sorted() == plan.outputs.sorted())
        for file in written {
            #expect(WrittenFile(path: file.path, data: try #require(contents[file.path])) == file)
        }
        #expect(written[0].pixelWidth == 20 && written[0].pixelHeight == 20)
        let expectedList = "a.png \(written[0].sha256)\nart/b.svg \(written[1].sha256)"
        #expect(contents["list.txt"] == Data(expectedList.utf8))
        // In memory, the same bytes.
        #expect(try plan.renderInMemory(workers: 1).map(\.facts) == written)
    }

    /// While the plan renders, files already rendered wait under temporary names beside their
    /// targets: the final names appear only once every file has rendered.
    @Test func filesKeepTemporaryNamesUntilEveryFileHasRendered() throws {
        let out = try temporaryFolder("staging")
        defer { try? FileManager.default.removeItem(at: out) }
        let seen = Listing()
        let watcher = Picture(width: 2, height: 2) { _ in
            seen.names.withLock { $0 = (try? FileManager.default.contentsOfDirectory(atPath: out.path))?.sorted() ?? [] }
        }
        // The costlier file renders first, on one worker, so it is staged when the watcher draws.
        let plan = OutputPlan(files: [FileToRender("watcher.png", watcher), FileToRender("first.png", Self.square(30))])
        try plan.write(into: out, workers: 1)
        let during = seen.names.withLock { $0 }
        #expect(during.count == 1)
        #expect(during.first?.hasPrefix(".first.png.tmp-") == true, "\(during)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).sorted() == ["first.png", "watcher.png"])
    }

    /// A file that fails to render, or a derived file that cannot be made, leaves the folder as
    /// the last good run left it: the same names, the same bytes, no temporaries.
    @Test func aFailedWriteLeavesThePreviousRunsFiles() throws {
        let out = try temporaryFolder("failed")
        defer { try? FileManager.default.removeItem(at: out) }
        try Self.samplePlan(.black).write(into: out, workers: 2)
        let before = try Self.contents(of: out)

        var failingFile = Self.samplePlan(.white)
        failingFile.units.append(FileToRender("c.png", Picture(width: 4, height: 4) { _ in throw MessageError("no ink") }).unit)
        #expect(throws: MessageError("no ink")) { try failingFile.write(into: out, workers: 2) }
        #expect(try Self.contents(of: out) == before)

        var failingDerive = Self.samplePlan(.white)
        failingDerive.derive = { _ in throw MessageError("no manifest") }
        #expect(throws: MessageError("no manifest")) { try failingDerive.write(into: out, workers: 2) }
        #expect(try Self.contents(of: out) == before)

        // The same plan that succeeds replaces every file.
        try Self.samplePlan(.white).write(into: out, workers: 2)
        let after = try Self.contents(of: out)
        #expect(after.keys.sorted() == before.keys.sorted())
        #expect(after["a.png"] != before["a.png"] && after["list.txt"] != before["list.txt"])
    }
}

/// What a picture saw while it was drawn, shared with the test that drew it.
final class Listing: Sendable {
    let names = Mutex<[String]>([])
}
