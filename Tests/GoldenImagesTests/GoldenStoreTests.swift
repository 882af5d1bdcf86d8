import Drawing
import Foundation
import GoldenImages
import Testing

/// A fresh folder under the system temporary folder, removed when the test is done with it.
final class ScratchFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("golden-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    func file(_ path: String) -> URL { url.appendingPathComponent(path) }

    func write(_ image: RGBAImage, to path: String, encoding: PNG.Encoding = .rgba8) throws {
        let target = file(path)
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try PNG.encode(image, options: PNG.WriteOptions(encoding: encoding)).write(to: target)
    }

    /// Bytes and modification time, to prove a file was not touched.
    func fingerprint(_ path: String) throws -> (Data, Date?) {
        let target = file(path)
        let date = try FileManager.default.attributesOfItem(atPath: target.path)[.modificationDate] as? Date
        return (try Data(contentsOf: target), date)
    }

    func setOldModificationDate(_ path: String) throws {
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_000_000_000)],
                                              ofItemAtPath: file(path).path)
    }

    func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: file(path).path) }

    func names(in path: String = "") throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: file(path).path).sorted()
    }
}

@Suite("Goldens: record modes, atomic writes, artifacts")
struct GoldenStoreTests {
    static let golden = filled(width: 12, height: 8, .white).withBlock(x: 2, y: 2, width: 3, height: 3, .black)
    static let changed = golden.with([(x: 9, y: 6, pixel: .red)])
    /// Within the default threshold: grey 255 → 250 is a squared YIQ distance of about 12.6.
    static let faintlyChanged = golden.with([(x: 9, y: 6, pixel: .grey(250))])

    /// An empty file is refused as empty PNG data without being read (reading one leaked 4 KiB
    /// under `make sanitize`).
    @Test func anEmptyImageFileIsRefusedAsEmpty() throws {
        let scratch = try ScratchFolder()
        FileManager.default.createFile(atPath: scratch.file("empty.png").path, contents: Data())
        #expect(throws: GoldenError.unreadableImage(path: scratch.file("empty.png").path, reason: "PNG data is empty")) {
            try GoldenStore.readImage(at: scratch.file("empty.png"))
        }
    }

    @Test func aMissingGoldenIsRecordedUnlessTheModeIsNever() throws {
        for mode in [RecordMode.missing, .failed, .all] {
            let scratch = try ScratchFolder()
            let outcome = try GoldenStore.verify(Self.golden, golden: scratch.file("new/card.png"), mode: mode,
                                                 artifactsDirectory: scratch.file("artifacts"))
            #expect(outcome.status == .recorded, "\(mode)")
            #expect(try PNG.read(contentsOf: scratch.file("new/card.png")) == Self.golden)
            #expect(!outcome.isFailure)
            #expect(!scratch.exists("artifacts"))
            // Only the golden: no temporary file is left next to it.
            #expect(try scratch.names(in: "new") == ["card.png"])
        }

        let scratch = try ScratchFolder()
        let outcome = try GoldenStore.verify(Self.golden, golden: scratch.file("new/card.png"), mode: .never,
                                             artifactsDirectory: scratch.file("artifacts"))
        #expect(outcome.status == .missingGolden)
        #expect(outcome.isFailure)
        #expect(!scratch.exists("new/card.png"))
        #expect(!scratch.exists("new"))
        #expect(try PNG.read(contentsOf: scratch.file("artifacts/actual.png")) == Self.golden)
        #expect(outcome.message.contains(scratch.file("artifacts/actual.png").path))
    }

    @Test func aPassingGoldenIsNotTouchedUnlessTheModeIsAll() throws {
        for mode in [RecordMode.missing, .failed, .never] {
            for actual in [Self.golden, Self.faintlyChanged] {
                let scratch = try ScratchFolder()
                try scratch.write(Self.golden, to: "card.png")
                try scratch.setOldModificationDate("card.png")
                let before = try scratch.fingerprint("card.png")
                let outcome = try GoldenStore.verify(actual, golden: scratch.file("card.png"), mode: mode,
                                                     artifactsDirectory: scratch.file("artifacts"))
                #expect(outcome.status == .matched, "\(mode)")
                let after = try scratch.fingerprint("card.png")
                #expect(after.0 == before.0, "\(mode): bytes changed")
                #expect(after.1 == before.1, "\(mode): modification time changed")
                #expect(try scratch.names() == ["card.png"])
            }
        }
    }

    @Test func modeAllRewritesEvenAPassingGolden() throws {
        let scratch = try ScratchFolder()
        // The same pixels stored as 16-bit: `all` replaces the file with the actual image's encoding.
        try scratch.write(Self.golden, to: "card.png", encoding: .rgba16)
        try scratch.setOldModificationDate("card.png")
        let before = try scratch.fingerprint("card.png")
        let outcome = try GoldenStore.verify(Self.golden, golden: scratch.file("card.png"), mode: .all,
                                             artifactsDirectory: nil)
        #expect(outcome.status == .rerecorded)
        #expect(outcome.result?.status == .equal)
        let after = try scratch.fingerprint("card.png")
        #expect(after.0 != before.0)
        #expect(after.0 == (try PNG.encode(Self.golden)))
        #expect(after.1 != before.1)
    }

    @Test func aFailureWritesExpectedActualDiffAndCompositeAndLeavesTheGoldenUnderNeverAndMissing() throws {
        for mode in [RecordMode.never, .missing] {
            let scratch = try ScratchFolder()
            try scratch.write(Self.golden, to: "card.png")
            let before = try scratch.fingerprint("card.png")
            let outcome = try GoldenStore.verify(Self.changed, golden: scratch.file("card.png"), mode: mode,
                                                 artifactsDirectory: scratch.file("artifacts/card"))
            #expect(outcome.status == .failed)
            #expect(outcome.isFailure)
            #expect(outcome.result?.differingPixels == 1)
            #expect(try scratch.fingerprint("card.png").0 == before.0)

            #expect(try scratch.names(in: "artifacts/card") == ["actual.png", "composite.png", "diff.png", "expected.png"])
            #expect(try Data(contentsOf: scratch.file("artifacts/card/expected.png")) == before.0)
            #expect(try PNG.read(contentsOf: scratch.file("artifacts/card/actual.png")) == Self.changed)
            let diff = try PNG.read(contentsOf: scratch.file("artifacts/card/diff.png"))
            #expect(diff[9, 6] == .red)
            #expect(diff.count(of: .red) == 1)
            let composite = try PNG.read(contentsOf: scratch.file("artifacts/card/composite.png"))
            #expect(composite.width == 8 + 12 + 8 + 12 + 8 + 12 + 8)
            #expect(composite.height == 8 + 8 + 8)
            for name in ["expected.png", "actual.png", "diff.png", "composite.png"] {
                #expect(outcome.message.contains(scratch.file("artifacts/card/\(name)").path))
            }
        }
    }

    @Test func modeFailedRewritesOnlyAFailingGoldenAndKeepsTheOldOneAsAnArtifact() throws {
        let scratch = try ScratchFolder()
        try scratch.write(Self.golden, to: "card.png")
        let before = try scratch.fingerprint("card.png")
        let outcome = try GoldenStore.verify(Self.changed, golden: scratch.file("card.png"), mode: .failed,
                                             artifactsDirectory: scratch.file("artifacts"))
        #expect(outcome.status == .rerecorded)
        #expect(try PNG.read(contentsOf: scratch.file("card.png")) == Self.changed)
        #expect(try Data(contentsOf: scratch.file("artifacts/expected.png")) == before.0)
        #expect(try scratch.names() == ["artifacts", "card.png"])
    }

    @Test func recordingKeepsTheActualFilesBytes() throws {
        let scratch = try ScratchFolder()
        let paletteBytes = try PNG.encode(Self.golden, options: PNG.WriteOptions(encoding: .palette))
        _ = try GoldenStore.verify(Self.golden, actualPNG: paletteBytes, golden: scratch.file("card.png"),
                                   mode: .missing, artifactsDirectory: nil)
        #expect(try Data(contentsOf: scratch.file("card.png")) == paletteBytes)
    }

    @Test func theSamePictureInRGBPaletteAndGreyEncodingsIsEqual() throws {
        let picture = Self.golden  // opaque greys only, so every encoding can hold it exactly
        for encoding in [PNG.Encoding.rgb8, .palette, .grey8, .greyAlpha8, .rgba16] {
            let scratch = try ScratchFolder()
            try scratch.write(picture, to: "card.png", encoding: encoding)
            let outcome = try GoldenStore.verify(picture, golden: scratch.file("card.png"), mode: .never,
                                                 artifactsDirectory: nil)
            #expect(outcome.status == .matched, "\(encoding)")
            #expect(outcome.result?.status == .equal, "\(encoding)")
        }
    }

    @Test func aGoldenFolderThatIsAFileIsAnError() throws {
        let scratch = try ScratchFolder()
        try Data("not a folder".utf8).write(to: scratch.file("goldens"))
        for mode in RecordMode.allCases {
            #expect(throws: GoldenError.notADirectory(path: scratch.file("goldens").path)) {
                try GoldenStore.verify(Self.golden, golden: scratch.file("goldens/card.png"), mode: mode,
                                       artifactsDirectory: nil)
            }
        }
        #expect(try Data(contentsOf: scratch.file("goldens")) == Data("not a folder".utf8))
    }

    @Test func anUnreadableGoldenIsAnErrorAndOnlyModeAllReplacesIt() throws {
        let scratch = try ScratchFolder()
        let truncated = try PNG.encode(Self.golden).prefix(40)
        try truncated.write(to: scratch.file("card.png"))
        for mode in [RecordMode.never, .missing, .failed] {
            let error = #expect(throws: GoldenError.self) {
                try GoldenStore.verify(Self.golden, golden: scratch.file("card.png"), mode: mode, artifactsDirectory: nil)
            }
            #expect(error?.description == "cannot read image \(scratch.file("card.png").path): PNG is truncated: "
                    + "the data ends after 40 bytes, before the IEND chunk", "\(mode)")
            #expect(try Data(contentsOf: scratch.file("card.png")) == truncated)
        }
        do {
            _ = try GoldenStore.verify(Self.golden, golden: scratch.file("card.png"), mode: .never, artifactsDirectory: nil)
            Issue.record("a truncated golden must not verify")
        } catch {
            #expect(error.description.hasPrefix("cannot read image \(scratch.file("card.png").path): "))
            #expect(!error.description.contains("\n"))
        }
        let outcome = try GoldenStore.verify(Self.golden, golden: scratch.file("card.png"), mode: .all, artifactsDirectory: nil)
        #expect(outcome.status == .rerecorded)
        #expect(try PNG.read(contentsOf: scratch.file("card.png")) == Self.golden)
    }

    @Test func aGoldenPathThatIsAFolderIsAnError() throws {
        let scratch = try ScratchFolder()
        try FileManager.default.createDirectory(at: scratch.file("card.png"), withIntermediateDirectories: true)
        #expect(throws: GoldenError.isADirectory(path: scratch.file("card.png").path)) {
            try GoldenStore.verify(Self.golden, golden: scratch.file("card.png"), mode: .all, artifactsDirectory: nil)
        }
    }

    @Test func recordModeComesFromTheEnvironment() throws {
        #expect(try RecordMode.fromEnvironment([:]) == nil)
        #expect(try RecordMode.fromEnvironment(["CARDRENDER_RECORD": ""]) == nil)
        #expect(try RecordMode.fromEnvironment(["CARDRENDER_RECORD": "never"]) == .never)
        #expect(try RecordMode.fromEnvironment(["CARDRENDER_RECORD": " Failed "]) == .failed)
        #expect(throws: GoldenError.invalidRecordMode(value: "sometimes", source: "CARDRENDER_RECORD")) {
            try RecordMode.fromEnvironment(["CARDRENDER_RECORD": "sometimes"])
        }
        #expect(GoldenError.invalidRecordMode(value: "sometimes", source: "CARDRENDER_RECORD").description
                == "CARDRENDER_RECORD: unknown record mode 'sometimes' (use missing, all, failed or never)")
    }
}
