import Drawing
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import GoldenImages
#if canImport(Glibc)
import Glibc
#endif
import Testing

@Suite("Verifying folders and writing reports")
struct FolderVerificationTests {
    static let base = GoldenStoreTests.golden

    /// goldens/ and actual/ with one image of every kind of outcome.
    static func makeFolders(_ scratch: ScratchFolder) throws {
        try scratch.write(base, to: "goldens/same.png")
        try scratch.write(base, to: "actual/same.png", encoding: .palette)
        try scratch.write(base, to: "goldens/cards/nested.png")
        try scratch.write(base, to: "actual/cards/nested.png")
        try scratch.write(base, to: "goldens/changed.png")
        try scratch.write(GoldenStoreTests.changed, to: "actual/changed.png")
        try scratch.write(base, to: "goldens/only-golden.png")
        try scratch.write(base, to: "actual/only-actual.png")
        try scratch.write(base, to: "goldens/broken.png")
        try PNG.encode(base).prefix(50).write(to: scratch.file("actual/broken.png"))
        // Not images, or hidden: ignored.
        try Data("notes".utf8).write(to: scratch.file("actual/README.txt"))
        try scratch.write(base, to: "actual/.hidden.png")
    }

    @Test func everyImageIsComparedByRelativePathAndMissingAndExtraAreReported() throws {
        let scratch = try ScratchFolder()
        try Self.makeFolders(scratch)
        let verification = try FolderVerification.run(goldens: scratch.file("goldens"), actual: scratch.file("actual"),
                                                       mode: .never, artifactsDirectory: scratch.file("artifacts"))
        let statuses = Dictionary(uniqueKeysWithValues: verification.entries.map { ($0.path, $0.status) })
        #expect(statuses == [
            "same.png": .matched, "cards/nested.png": .matched, "changed.png": .failed,
            "only-golden.png": .missingActual, "only-actual.png": .missingGolden, "broken.png": .error,
        ])
        #expect(verification.entries.map(\.path) == verification.entries.map(\.path).sorted())
        let summary = verification.summary
        #expect(summary.total == 6 && summary.matched == 2 && summary.failed == 1 && summary.missingActual == 1
                && summary.missingGolden == 1 && summary.errors == 1 && summary.recorded == 0)
        #expect(verification.hasFailures && verification.hasErrors)
        #expect(!scratch.exists("goldens/only-actual.png"))
        #expect(try scratch.names(in: "artifacts/changed") == ["actual.png", "composite.png", "diff.png", "expected.png"])
        let broken = verification.entries.first { $0.path == "broken.png" }
        #expect(broken?.message.hasPrefix("cannot read image \(scratch.file("actual/broken.png").path)") == true)
    }

    @Test func recordingModeMissingWritesOnlyTheNewGolden() throws {
        let scratch = try ScratchFolder()
        try Self.makeFolders(scratch)
        let changedBefore = try scratch.fingerprint("goldens/changed.png")
        let verification = try FolderVerification.run(goldens: scratch.file("goldens"), actual: scratch.file("actual"),
                                                       mode: .missing)
        let statuses = Dictionary(uniqueKeysWithValues: verification.entries.map { ($0.path, $0.status) })
        #expect(statuses["only-actual.png"] == .recorded)
        #expect(statuses["changed.png"] == .failed)
        #expect(statuses["only-golden.png"] == .missingActual)
        #expect(try Data(contentsOf: scratch.file("goldens/only-actual.png"))
                == (try Data(contentsOf: scratch.file("actual/only-actual.png"))))
        #expect(try scratch.fingerprint("goldens/changed.png").0 == changedBefore.0)
        // A golden without an actual image is never deleted.
        #expect(scratch.exists("goldens/only-golden.png"))
    }

    @Test func aMissingGoldensFolderIsCreatedWhenRecordingAndAnErrorOtherwise() throws {
        let scratch = try ScratchFolder()
        try scratch.write(Self.base, to: "actual/a.png")
        #expect(throws: GoldenError.missingDirectory(path: scratch.file("goldens").path)) {
            try FolderVerification.run(goldens: scratch.file("goldens"), actual: scratch.file("actual"), mode: .never)
        }
        let recorded = try FolderVerification.run(goldens: scratch.file("goldens"), actual: scratch.file("actual"),
                                                  mode: .missing)
        #expect(recorded.entries.map(\.status) == [.recorded])
        #expect(scratch.exists("goldens/a.png"))
    }

    @Test func foldersThatAreFilesOrMissingAreErrors() throws {
        let scratch = try ScratchFolder()
        try scratch.write(Self.base, to: "actual/a.png")
        try Data().write(to: scratch.file("goldens"))
        #expect(throws: GoldenError.notADirectory(path: scratch.file("goldens").path)) {
            try FolderVerification.run(goldens: scratch.file("goldens"), actual: scratch.file("actual"), mode: .all)
        }
        #expect(throws: GoldenError.missingDirectory(path: scratch.file("nowhere").path)) {
            try FolderVerification.run(goldens: scratch.file("actual"), actual: scratch.file("nowhere"), mode: .never)
        }
        #expect(GoldenError.notADirectory(path: "/x/goldens").description == "/x/goldens is a file, not a folder")
    }

    @Test func junitHasOneCasePerImageWithFailuresAndErrors() throws {
        let scratch = try ScratchFolder()
        try Self.makeFolders(scratch)
        let verification = try FolderVerification.run(goldens: scratch.file("goldens"), actual: scratch.file("actual"),
                                                       mode: .never)
        let xml = JUnitReport.render(verification)
        #expect(xml.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"golden images\" tests=\"6\" failures=\"3\" errors=\"1\""))
        #expect(xml.components(separatedBy: "<testcase ").count - 1 == 6)
        #expect(xml.components(separatedBy: "<failure ").count - 1 == 3)
        #expect(xml.components(separatedBy: "<error ").count - 1 == 1)
        #expect(xml.contains("name=\"cards/nested.png\" classname=\"golden.cards\""))
        #expect(xml.contains("type=\"missingActual\""))
        // It parses as XML.
        let document = try XMLDocument(data: Data(xml.utf8))
        #expect(try document.nodes(forXPath: "//testcase").count == 6)
        #expect(try document.nodes(forXPath: "//testcase[failure]/@name").compactMap(\.stringValue).sorted()
                == ["changed.png", "only-actual.png", "only-golden.png"])
    }

    @Test func reportsStayWellFormedWhateverTheFileNames() throws {
        // Controls and noncharacters XML forbids even as references, markup characters, and a
        // combining mark after & (one Character, two scalars).
        let names = ["ctl\u{1}name", "esc\u{1B}[31m", "nonchar\u{FFFE}", "amp&\u{301}", "quote\"<x>'", "tab\tname", "bell\u{7}", "line\nbreak", "crlf\r\nname"]
        let scratch = try ScratchFolder()
        for (index, name) in names.enumerated() {
            try scratch.write(Self.base, to: "goldens/\(name).png")
            if index % 3 != 2 { try scratch.write(index % 3 == 0 ? Self.base : GoldenStoreTests.changed, to: "actual/\(name).png") }
        }
        let verification = try FolderVerification.run(goldens: scratch.file("goldens"), actual: scratch.file("actual"),
                                                       mode: .never)
        let forbidden = { (text: String) in
            text.unicodeScalars.filter { ($0.value < 0x20 && !["\t", "\n", "\r"].contains($0)) || $0.value == 0xFFFE || $0.value == 0xFFFF }
        }
        let xml = JUnitReport.render(verification)
        #expect(forbidden(xml).isEmpty)
        let document = try XMLDocument(data: Data(xml.utf8))
        let parsed = try document.nodes(forXPath: "//testcase/@name").compactMap(\.stringValue)
        #expect(parsed.count == names.count)
        for expected in ["ctl\\x01name.png", "esc\\x1B[31m.png", "nonchar\\u{FFFE}.png", "amp&\u{301}.png", "quote\"<x>'.png", "bell\\x07.png",
                         "tab\tname.png", "line\nbreak.png", "crlf\r\nname.png"] {
            #expect(parsed.contains(expected), "\(expected) in \(parsed)")
        }
        let html = HTMLReport.render(verification)
        #expect(forbidden(html).isEmpty)
        #expect(html.contains("ctl\\x01name.png") && html.contains("amp&amp;\u{301}.png") && !html.contains("<x>"))
    }

    @Test func htmlReportIsOneFileWithEmbeddedImagesAndAViewPerFailure() throws {
        let scratch = try ScratchFolder()
        try Self.makeFolders(scratch)
        let verification = try FolderVerification.run(goldens: scratch.file("goldens"), actual: scratch.file("actual"),
                                                       mode: .never)
        try verification.writeHTMLReport(to: scratch.file("report/index.html"))
        let html = try String(contentsOf: scratch.file("report/index.html"), encoding: .utf8)
        #expect(html.contains("<title>Golden image report: 3 of 6 failing, 1 error</title>"))
        // Four entries need attention; the two matches are only listed.
        #expect(html.components(separatedBy: "<section class=\"entry").count - 1 == 4)
        #expect(html.contains("<summary>2 matched</summary>"))
        // changed.png has expected, actual and diff embedded once each, plus swipe and blink views.
        let changed = try #require(html.components(separatedBy: "<section class=\"entry").first { $0.contains("changed.png</h2>") })
        #expect(changed.components(separatedBy: "src=\"data:image/png;base64,").count - 1 == 3)
        #expect(changed.contains("class=\"swipe\"") && changed.contains("type=\"range\""))
        #expect(changed.contains("class=\"blink\"") && changed.contains("class=\"toggle\""))
        // The embedded diff is the real diff image.
        let diffURI = try #require(changed.components(separatedBy: "class=\"diff\" src=\"data:image/png;base64,").last?
            .split(separator: "\"").first)
        let diff = try PNG.decode(try #require(Data(base64Encoded: String(diffURI))))
        #expect(diff[9, 6] == .red)
        // Nothing outside the file is referenced.
        #expect(!html.contains("src=\"http") && !html.contains("href=\"http") && !html.contains("src=\"/"))
    }

    /// Without a report to write, no PNG is kept or encoded for one; the entries are the same.
    @Test func reportImagesAreKeptOnlyWhenAskedFor() throws {
        let scratch = try ScratchFolder()
        try Self.makeFolders(scratch)
        func run(keeping: Bool) throws -> FolderVerification {
            try FolderVerification.run(goldens: scratch.file("goldens"), actual: scratch.file("actual"), mode: .never,
                                       keepingReportImages: keeping)
        }
        let kept = try run(keeping: true), left = try run(keeping: false)
        #expect(kept.images["changed.png"]?.diff != nil && kept.images["changed.png"]?.expected != nil)
        #expect(left.images.isEmpty)
        func withoutTimes(_ entries: [FolderVerification.Entry]) -> [FolderVerification.Entry] {
            entries.map { var entry = $0; entry.seconds = 0; return entry }
        }
        #expect(withoutTimes(kept.entries) == withoutTimes(left.entries))
    }

    @Test func jsonListsEntriesAndSummary() throws {
        let scratch = try ScratchFolder()
        try Self.makeFolders(scratch)
        let verification = try FolderVerification.run(goldens: scratch.file("goldens"), actual: scratch.file("actual"),
                                                       mode: .never)
        let object = try #require(try JSONSerialization.jsonObject(with: verification.jsonData()) as? [String: Any])
        let summary = try #require(object["summary"] as? [String: Int])
        #expect(summary["failed"] == 1 && summary["total"] == 6)
        let entries = try #require(object["entries"] as? [[String: Any]])
        let changed = try #require(entries.first { $0["path"] as? String == "changed.png" })
        #expect((changed["result"] as? [String: Any])?["differingPixels"] as? Int == 1)
        #expect(object["mode"] as? String == "never")
    }

    /// Writes `data` at `folder`/`name`, where the name is raw bytes (perhaps not UTF-8).
    static func write(_ data: Data, in folder: URL, rawName name: [UInt8]) throws {
        let path = Array(folder.path.utf8) + [UInt8(ascii: "/")] + name + [0]
        let fd = path.withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT, 0o644) } }
        try #require(fd >= 0)
        _ = data.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        close(fd)
    }

    @Test func aGoldenNamedWithBytesThatAreNotUTF8IsAnErrorNamingIt() throws {
        let scratch = try ScratchFolder()
        try scratch.write(Self.base, to: "goldens/ok.png")
        try scratch.write(Self.base, to: "actual/ok.png")
        let png = try PNG.encode(Self.base)
        try Self.write(png, in: scratch.file("goldens"), rawName: Array("caf".utf8) + [0xFF] + Array(".png".utf8))
        try FileManager.default.createDirectory(at: scratch.file("actual/sub"), withIntermediateDirectories: true)
        try Self.write(png, in: scratch.file("actual/sub"), rawName: [0xFE, 0x41] + Array(".PNG".utf8))
        try Self.write(png, in: scratch.file("goldens"), rawName: [0xFD] + Array(".txt".utf8))  // not a PNG: ignored
        let verification = try FolderVerification.run(goldens: scratch.file("goldens"), actual: scratch.file("actual"), mode: .missing)
        #expect(verification.entries.map(\.path) == ["caf\\xFF.png", "ok.png", "sub/\\xFEA.PNG"])
        #expect(verification.entries.map(\.status) == [.error, .matched, .error])
        #expect(verification.entries[0].message == "golden \(scratch.file("goldens").path)/caf\\xFF.png has a name that is not valid UTF-8; rename it")
        #expect(verification.entries[2].message.hasPrefix("actual image \(scratch.file("actual").path)/sub/\\xFEA.PNG has a name"))
        #expect(verification.summary.errors == 2)
    }

    /// ".png" in any case; a name that merely comes close is not listed. An actual image that is a
    /// link is listed (and read through it): here it has no golden.
    @Test(arguments: [1, 2])
    func onlyFilesEndingInPNGAreListed(workers: Int) throws {
        let scratch = try ScratchFolder()
        let png = try PNG.encode(Self.base)
        for name in ["lower.png", "UPPER.PNG", "Mixed.pNg", "deep/nested.png"] {
            try scratch.write(Self.base, to: "goldens/\(name)")
            try scratch.write(Self.base, to: "actual/\(name)")
        }
        // A control byte that a bit of case folding would turn into ".", other endings, a link.
        try Self.write(png, in: scratch.file("actual"), rawName: Array("shifted".utf8) + [0x0E] + Array("png".utf8))
        for name in ["notes.png.txt", "png", ".png", "short.pn"] {
            try png.write(to: scratch.file("actual/\(name)"))
        }
        try FileManager.default.createSymbolicLink(at: scratch.file("actual/link.png"),
                                                   withDestinationURL: scratch.file("actual/lower.png"))
        let verification = try FolderVerification.run(goldens: scratch.file("goldens"), actual: scratch.file("actual"),
                                                       mode: .never, workers: workers)
        #expect(verification.entries.map(\.path) == ["Mixed.pNg", "UPPER.PNG", "deep/nested.png", "link.png", "lower.png"])
        #expect(verification.entries.allSatisfy { $0.status == ($0.path == "link.png" ? .missingGolden : .matched) })
    }

    @Test func recordingNeverWritesThroughALinkOutOfTheGoldens() throws {
        let scratch = try ScratchFolder()
        try FileManager.default.createDirectory(at: scratch.file("goldens"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: scratch.file("elsewhere"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: scratch.file("goldens/linked"), withDestinationURL: scratch.file("elsewhere"))
        try scratch.write(Self.base, to: "actual/linked/new.png")
        try scratch.write(Self.base, to: "elsewhere/old.png")
        try scratch.write(GoldenStoreTests.changed, to: "actual/linked/old.png")
        for mode in [RecordMode.missing, .all] {
            let verification = try FolderVerification.run(goldens: scratch.file("goldens"), actual: scratch.file("actual"), mode: mode)
            #expect(verification.entries.map(\.status) == [.error, .error], "\(mode)")
            #expect(verification.entries.first?.message
                == "golden linked/new.png leaves the goldens folder \(scratch.file("goldens").path) through the symbolic link \"linked\"; it is neither read nor written")
            #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.file("elsewhere").path) == ["old.png"])
            #expect(try PNG.decode(Data(contentsOf: scratch.file("elsewhere/old.png"))) == Self.base)
        }
        // A link that stays inside the goldens is followed as before.
        try FileManager.default.createDirectory(at: scratch.file("goldens/real"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: scratch.file("goldens/inside"), withDestinationURL: scratch.file("goldens/real"))
        try scratch.write(Self.base, to: "actual/inside/a.png")
        let inside = try FolderVerification.run(goldens: scratch.file("goldens"), actual: scratch.file("actual"), mode: .missing)
        #expect(inside.entries.first { $0.path == "inside/a.png" }?.status == .recorded)
    }

    /// A golden that is itself a link: one out of the goldens folder (or dangling) is neither read
    /// nor compared, whatever the mode; one to a file inside is read.
    @Test func aGoldenThatIsALinkOutOfTheGoldensIsNeverRead() throws {
        let scratch = try ScratchFolder()
        try scratch.write(Self.base, to: "elsewhere/outside.png")
        try scratch.write(Self.base, to: "goldens/real.png")
        try FileManager.default.createSymbolicLink(at: scratch.file("goldens/out.png"), withDestinationURL: scratch.file("elsewhere/outside.png"))
        try FileManager.default.createSymbolicLink(at: scratch.file("goldens/gone.png"), withDestinationURL: scratch.file("elsewhere/none.png"))
        try FileManager.default.createSymbolicLink(at: scratch.file("goldens/in.png"), withDestinationURL: scratch.file("goldens/real.png"))
        for name in ["out.png", "gone.png", "in.png", "real.png"] { try scratch.write(Self.base, to: "actual/\(name)") }
        for mode in [RecordMode.never, .missing, .all] {
            let verification = try FolderVerification.run(goldens: scratch.file("goldens"), actual: scratch.file("actual"), mode: mode)
            let status = Dictionary(uniqueKeysWithValues: verification.entries.map { ($0.path, $0.status) })
            #expect(status["out.png"] == .error && status["gone.png"] == .error, "\(mode): \(status)")
            #expect(verification.entries.first { $0.path == "out.png" }?.message
                == "golden out.png leaves the goldens folder \(scratch.file("goldens").path) through the symbolic link \"out.png\"; it is neither read nor written")
            #expect(status["in.png"] == (mode == .all ? .rerecorded : .matched), "\(mode)")
            #expect(try PNG.decode(Data(contentsOf: scratch.file("elsewhere/outside.png"))) == Self.base)
            #expect(!FileManager.default.fileExists(atPath: scratch.file("elsewhere/none.png").path))
            try? FileManager.default.removeItem(at: scratch.file("goldens/in.png"))
            try FileManager.default.createSymbolicLink(at: scratch.file("goldens/in.png"), withDestinationURL: scratch.file("goldens/real.png"))
        }
    }

    /// An actual image that is a link is read through it; a FIFO named like a PNG is an error at
    /// once, never waited on, never skipped: neither is taken for a missing image.
    @Test func anActualImageThatIsALinkOrAFIFOIsNeitherSkippedNorMissing() throws {
        let scratch = try ScratchFolder()
        try scratch.write(Self.base, to: "goldens/linked.png")
        try scratch.write(GoldenStoreTests.changed, to: "rendered/linked.png")
        try FileManager.default.createDirectory(at: scratch.file("actual"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: scratch.file("actual/linked.png"), withDestinationURL: scratch.file("rendered/linked.png"))
        #expect(mkfifo(scratch.file("actual/fifo.png").path, 0o644) == 0)
        for mode in [RecordMode.never, .missing] {
            let verification = try FolderVerification.run(goldens: scratch.file("goldens"), actual: scratch.file("actual"), mode: mode)
            let status = Dictionary(uniqueKeysWithValues: verification.entries.map { ($0.path, $0.status) })
            #expect(status == ["linked.png": .failed, "fifo.png": .error], "\(mode): \(status)")
        }
        #expect(!FileManager.default.fileExists(atPath: scratch.file("goldens/fifo.png").path))
    }

    /// Artifacts written inside --goldens or --actual would be compared by the next run: refused
    /// before anything is compared or written, through a link too.
    @Test func anArtifactsFolderInsideAComparedFolderIsRefused() throws {
        let scratch = try ScratchFolder()
        try scratch.write(Self.base, to: "goldens/a.png")
        try scratch.write(GoldenStoreTests.changed, to: "actual/a.png")
        try FileManager.default.createSymbolicLink(at: scratch.file("into-actual"), withDestinationURL: scratch.file("actual"))
        for (artifacts, what, folder) in [("goldens/art", "goldens", "goldens"), ("actual/new/art", "actual images", "actual"),
                                          ("into-actual/art", "actual images", "actual"), ("actual", "actual images", "actual")] {
            #expect(throws: GoldenError.cannotWrite(path: scratch.file(artifacts).path, reason: "the artifacts folder is inside the \(what) "
                        + "folder \(scratch.file(folder).path), where the next run would take the PNGs written there for images to compare")) {
                try FolderVerification.run(goldens: scratch.file("goldens"), actual: scratch.file("actual"), mode: .missing,
                                           artifactsDirectory: scratch.file(artifacts))
            }
        }
        #expect(!FileManager.default.fileExists(atPath: scratch.file("actual/new").path))
        let beside = try FolderVerification.run(goldens: scratch.file("goldens"), actual: scratch.file("actual"), mode: .never,
                                                artifactsDirectory: scratch.file("artifacts"))
        #expect(beside.entries.map(\.status) == [.failed])
    }

    @Test func temporariesOfAKilledRecordingAreRemovedAndNeverGoldens() throws {
        let scratch = try ScratchFolder()
        try scratch.write(Self.base, to: "goldens/a.png")
        try scratch.write(Self.base, to: "actual/a.png")
        // A process that has exited: its pid is not alive.
        let exited = Process()
        exited.executableURL = URL(fileURLWithPath: "/bin/true")
        exited.environment = [:]
        try exited.run()
        exited.waitUntilExit()
        let png = try PNG.encode(GoldenStoreTests.changed)
        let stale = scratch.file("goldens/.a.png.tmp-\(exited.processIdentifier)-12345")
        let nested = scratch.file("goldens/cards/.b.png.tmp-\(exited.processIdentifier)-7")
        let live = scratch.file("goldens/.a.png.tmp-\(getpid())-99")
        try FileManager.default.createDirectory(at: scratch.file("goldens/cards"), withIntermediateDirectories: true)
        for url in [stale, nested, live] { try png.write(to: url) }
        let verification = try FolderVerification.run(goldens: scratch.file("goldens"), actual: scratch.file("actual"), mode: .missing)
        #expect(verification.entries.map(\.path) == ["a.png"])
        #expect(verification.entries.map(\.status) == [.matched])
        #expect(!FileManager.default.fileExists(atPath: stale.path))
        #expect(!FileManager.default.fileExists(atPath: nested.path))
        #expect(FileManager.default.fileExists(atPath: live.path), "a running process's temporary is kept")
    }

    /// One status for one golden, whichever way it was checked: each entry of a folder carries
    /// the status `GoldenStore.verify` gives the same pair, in every record mode.
    @Test func anEntryHasTheStatusTheStoreGivesItsPair() throws {
        for mode in RecordMode.allCases {
            let folder = try ScratchFolder(), single = try ScratchFolder()
            for scratch in [folder, single] {
                try scratch.write(Self.base, to: "goldens/same.png")
                try scratch.write(Self.base, to: "goldens/changed.png")
            }
            try folder.write(Self.base, to: "actual/same.png")
            try folder.write(GoldenStoreTests.changed, to: "actual/changed.png")
            try folder.write(Self.base, to: "actual/new.png")
            let entries = try FolderVerification.run(goldens: folder.file("goldens"), actual: folder.file("actual"),
                                                     mode: mode).entries
            for (name, image) in [("same.png", Self.base), ("changed.png", GoldenStoreTests.changed), ("new.png", Self.base)] {
                let outcome = try GoldenStore.verify(image, golden: single.file("goldens/\(name)"), mode: mode,
                                                     artifactsDirectory: nil)
                let entry = try #require(entries.first { $0.path == name })
                #expect(entry.status == outcome.status && entry.isFailure == outcome.isFailure, "\(mode) \(name)")
            }
        }
    }

    /// Run times differ from run to run; everything else in a report must not.
    static func withoutTimes(_ text: String) -> String {
        text.replacingOccurrences(of: #""seconds"( ?): ?[0-9.eE+-]+"#, with: #""seconds"$1: _"#, options: .regularExpression)
            .replacingOccurrences(of: #"time="[0-9.]+""#, with: #"time="_""#, options: .regularExpression)
    }

    /// Pairs compared on several threads give the same entries, images and reports, byte for byte,
    /// as one by one; in record mode the same goldens are written.
    @Test(arguments: [2, 3, 8])
    func reportsAreTheSameForAnyNumberOfWorkers(workers: Int) throws {
        let scratch = try ScratchFolder()
        try Self.makeFolders(scratch)
        for index in 0..<40 {
            try scratch.write(Self.base, to: "goldens/set/\(index).png")
            try scratch.write(index % 3 == 0 ? GoldenStoreTests.changed : Self.base, to: "actual/set/\(index).png")
        }
        func verify(_ workers: Int) throws -> (FolderVerification, json: String, html: String, junit: String) {
            let verification = try FolderVerification.run(
                goldens: scratch.file("goldens"), actual: scratch.file("actual"), mode: .never,
                artifactsDirectory: scratch.file("artifacts"), workers: workers)
            return (verification, Self.withoutTimes(String(decoding: try verification.jsonData(), as: UTF8.self)),
                    HTMLReport.render(verification), Self.withoutTimes(JUnitReport.render(verification)))
        }
        let one = try verify(1), many = try verify(workers)
        #expect(one.0.entries.count == 46 && one.0.summary.failed == 15)
        #expect(many.json == one.json)
        #expect(many.html == one.html)
        #expect(many.junit == one.junit)
        #expect(many.0.images.keys.sorted() == one.0.images.keys.sorted())
        for (path, images) in one.0.images {
            #expect(many.0.images[path]?.expected == images.expected && many.0.images[path]?.actual == images.actual
                    && many.0.images[path]?.diff == images.diff, "\(path)")
        }

        // Recording: every missing golden written, as one by one would.
        try FileManager.default.removeItem(at: scratch.file("goldens/set"))
        let recorded = try FolderVerification.run(goldens: scratch.file("goldens"), actual: scratch.file("actual"),
                                                  mode: .missing, workers: workers)
        #expect(recorded.summary.recorded == 41)  // and only-actual.png
        for index in 0..<40 {
            #expect(try Data(contentsOf: scratch.file("goldens/set/\(index).png"))
                    == Data(contentsOf: scratch.file("actual/set/\(index).png")))
        }
    }
}
