#if ENABLE_MOCKING
import CardRenderSupport
import Foundation
@testable import GoldenImages
#if canImport(Glibc)
import Glibc
#endif
import Testing

/// verify reads thousands of pairs per run: each file is opened once and its kind taken from the
/// open file, with no `stat` before it, and what is not a regular file is an error at once.
@Suite("Each file of a pair is opened once")
struct PairReadingTests {
    @Test(arguments: [1, 2])
    func noPairFileIsStatted(workers: Int) throws {
        let scratch = try ScratchFolder()
        try scratch.write(GoldenStoreTests.golden, to: "goldens/same.png")
        try scratch.write(GoldenStoreTests.golden, to: "actual/same.png")
        try scratch.write(GoldenStoreTests.golden, to: "goldens/repacked.png")
        try scratch.write(GoldenStoreTests.golden, to: "actual/repacked.png", encoding: .palette)
        try scratch.write(GoldenStoreTests.golden, to: "goldens/changed.png")
        try scratch.write(GoldenStoreTests.changed, to: "actual/changed.png")
        let files = ["same.png", "repacked.png", "changed.png"].flatMap { name in
            ["goldens", "actual"].map { scratch.file("\($0)/\(name)").resolvingSymlinksInPath().path }
        }
        // A stat of any of these files would fail, and the pair would be an error.
        let installation = SystemFaults.install(files.flatMap { file in
            [SystemFault(.stat, .permissionDenied, in: file), SystemFault(.lstat, .permissionDenied, in: file)]
        })
        defer { installation.remove() }
        let verification = try FolderVerification.run(goldens: scratch.file("goldens").resolvingSymlinksInPath(),
                                                       actual: scratch.file("actual").resolvingSymlinksInPath(),
                                                       mode: .never, workers: workers, keepingReportImages: false)
        #expect(installation.failures == 0)
        let statuses = Dictionary(uniqueKeysWithValues: verification.entries.map { ($0.path, $0.status) })
        #expect(statuses == ["same.png": .matched, "repacked.png": .matched, "changed.png": .failed])
    }

    @Test(.timeLimit(.minutes(1)))
    func aFIFOInAGoldensPlaceIsAnErrorAndNeverWaitedOn() throws {
        let scratch = try ScratchFolder()
        try FileManager.default.createDirectory(at: scratch.file("goldens"), withIntermediateDirectories: true)
        let golden = scratch.file("goldens/card.png")
        #expect(mkfifo(golden.path, 0o600) == 0)
        #expect {
            try GoldenStore.verify(GoldenStoreTests.golden, golden: golden, mode: .never, artifactsDirectory: nil)
        } throws: { error in
            (error as? GoldenError)?.description == "cannot read image \(golden.path): not a regular file"
        }
    }

    @Test func aFileWhereTheGoldensFolderShouldBeIsStillNamed() throws {
        let scratch = try ScratchFolder()
        try Data("not a folder".utf8).write(to: scratch.file("goldens"))
        let golden = scratch.file("goldens/card.png")
        #expect {
            try GoldenStore.verify(GoldenStoreTests.golden, golden: golden, mode: .all, artifactsDirectory: nil)
        } throws: { error in
            (error as? GoldenError)?.description == "\(scratch.file("goldens").path) is a file, not a folder"
        }
    }
}
#endif
