import BatchRendering
import CardRenderSupport
import Drawing
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// Checks shared by the card and keyboard CLI tests.
enum CLIChecks {
    /// Every regular file under `folder`, by relative path, with its bytes.
    static func fileTree(_ folder: URL) throws -> [String: Data] {
        guard let paths = FileManager.default.subpaths(atPath: folder.path) else { return [:] }
        var tree: [String: Data] = [:]
        for path in paths {
            var isFolder: ObjCBool = false
            let url = folder.appendingPathComponent(path)
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue {
                tree[path] = try Data(contentsOf: url)
            }
        }
        return tree
    }

    /// The CLI's contract for bad input: exit status 2 and exactly one line on stderr.
    static func expectRefusal(_ result: CLIRunner.Result, mentioning fragments: [String], _ context: String,
                              sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.status == 2, "\(context): exit \(result.status)", sourceLocation: sourceLocation)
        #expect(result.stderrLines.count == 1, "\(context): \(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.hasPrefix("cardrender: error: "), "\(context): \(result.stderr)", sourceLocation: sourceLocation)
        for fragment in fragments {
            #expect(result.stderr.contains(fragment), "\(context): \(result.stderr) should mention \(fragment)",
                    sourceLocation: sourceLocation)
        }
    }
}

/// `cardrender card` and `cardrender deck`, run as a user would.
@Suite struct CardCLITests {
    /// The card as typed, and the file it must become.
    static let typedNames: [(typed: String, file: String)] = [
        ("AS", "AS"), ("10H", "10H"), ("queen-of-hearts", "QH"), ("Q♥️", "QH"),
    ]

    @Test(arguments: typedNames)
    func cardInEveryFormatAtPokerSizeTwiceScale(typed: String, file: String) throws {
        let dir = try CLIRunner.temporaryDirectory("card")
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try CLIRunner.run(["card", typed, "--size", "poker", "--scale", "2", "--format", "png,svg,pdf",
                                        "--out", dir.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try Set(FileManager.default.contentsOfDirectory(atPath: dir.path))
                == ["\(file).png", "\(file).svg", "\(file).pdf"])

        // Poker is 2.5×3.5 in = 180×252 pt; at 2x that is 360×504 px.
        let png = try PNG.read(contentsOf: dir.appendingPathComponent("\(file).png"))
        #expect(png.width == 360 && png.height == 504)
        // Outside the rounded corner is transparent; the middle of the card is opaque.
        #expect(png[0, 0].a == 0)
        #expect(png[359, 503].a == 0)
        #expect(png[180, 252].a == 255)

        let svg = try Data(contentsOf: dir.appendingPathComponent("\(file).svg"))
        #expect(XMLParser(data: svg).parse())
        let svgText = String(decoding: svg, as: UTF8.self)
        #expect(svgText.contains(#"width="180pt""#))
        #expect(svgText.contains(#"height="252pt""#))

        let pdf = try Data(contentsOf: dir.appendingPathComponent("\(file).pdf"))
        #expect(pdf.starts(with: Array("%PDF".utf8)))
        // The printed page is the card's physical size: 180×252 pt.
        #expect(String(decoding: pdf, as: UTF8.self).contains("/MediaBox [ 0 0 180 252 ]"))
    }

    @Test func longAndEmojiNamesDrawTheSameCardAsTheShortName() throws {
        var drawings: [Data] = []
        for typed in ["QH", "qh", "queen-of-hearts", "Q♥️", "Q♥"] {
            let dir = try CLIRunner.temporaryDirectory("card-name")
            defer { try? FileManager.default.removeItem(at: dir) }
            let result = try CLIRunner.run(["card", typed, "--size", "60x84pt", "--scale", "1", "--out", dir.path])
            #expect(result.status == 0, "\(typed): \(result.stderr)")
            drawings.append(try Data(contentsOf: dir.appendingPathComponent("QH.png")))
        }
        #expect(Set(drawings).count == 1)
    }

    @Test func dpiSetsThePixelSize() throws {
        let dir = try CLIRunner.temporaryDirectory("card-dpi")
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(try CLIRunner.run(["card", "AS", "--dpi", "300", "--out", dir.appendingPathComponent("poker").path]).status == 0)
        let poker = try PNG.read(contentsOf: dir.appendingPathComponent("poker/AS.png"))
        #expect(poker.width == 750 && poker.height == 1050)
        // Bridge is 2.25×3.5 in: 324×504 px at 144 dpi.
        #expect(try CLIRunner.run(["card", "7D", "--size", "bridge", "--dpi", "144",
                                   "--out", dir.appendingPathComponent("bridge").path]).status == 0)
        let bridge = try PNG.read(contentsOf: dir.appendingPathComponent("bridge/7D.png"))
        #expect(bridge.width == 324 && bridge.height == 504)
    }

    /// Share of strongly coloured (not grey, not white) pixels inside the card's inner half.
    static func colouredShare(_ image: RGBAImage) -> Double {
        var coloured = 0, total = 0
        for y in image.height / 4..<image.height * 3 / 4 {
            for x in image.width / 4..<image.width * 3 / 4 {
                let p = image[x, y]
                total += 1
                if p.a > 0 && Int(max(p.r, p.g, p.b)) - Int(min(p.r, p.g, p.b)) > 60 { coloured += 1 }
            }
        }
        return Double(coloured) / Double(total)
    }

    @Test func faceDownWritesTheBack() throws {
        let dir = try CLIRunner.temporaryDirectory("card-back")
        defer { try? FileManager.default.removeItem(at: dir) }
        let down = try CLIRunner.run(["card", "AS", "--face-down", "--size", "100x140", "--scale", "1",
                                      "--format", "png,svg", "--out", dir.path])
        #expect(down.status == 0, "\(down.stderr)")
        #expect(try Set(FileManager.default.contentsOfDirectory(atPath: dir.path)) == ["back.png", "back.svg"])
        let back = try PNG.read(contentsOf: dir.appendingPathComponent("back.png"))
        #expect(back.width == 100 && back.height == 140)
        #expect(back[0, 0].a == 0)

        let up = try CLIRunner.run(["card", "AS", "--size", "100x140", "--scale", "1", "--out", dir.path])
        #expect(up.status == 0, "\(up.stderr)")
        let face = try PNG.read(contentsOf: dir.appendingPathComponent("AS.png"))
        // The ace of spades is mostly black on white; a back is covered by its coloured pattern.
        #expect(Self.colouredShare(face) < 0.1)
        #expect(Self.colouredShare(back) > 0.5)
    }

    @Test func facesFolderImageReplacesTheCourtDesign() throws {
        let dir = try CLIRunner.temporaryDirectory("card-faces")
        defer { try? FileManager.default.removeItem(at: dir) }
        let faces = dir.appendingPathComponent("faces")
        try FileManager.default.createDirectory(at: faces, withIntermediateDirectories: true)
        try PNG.encode(RGBAImage(width: 10, height: 14, fill: (0, 200, 0, 255))).write(to: faces.appendingPathComponent("QS.png"))
        let result = try CLIRunner.run(["card", "QS", "--faces", faces.path, "--size", "100x140", "--scale", "1",
                                        "--out", dir.appendingPathComponent("out").path])
        #expect(result.status == 0, "\(result.stderr)")
        let card = try PNG.read(contentsOf: dir.appendingPathComponent("out/QS.png"))
        #expect(card[50, 70] == RGBAImage.Pixel(r: 0, g: 200, b: 0, a: 255))
        // The image is drawn into the card zoomed by the face scale (0.75), so the edge stays paper.
        #expect(card[50, 8] != RGBAImage.Pixel(r: 0, g: 200, b: 0, a: 255))
    }

    /// Bad card input; `$DIR` stands for the test's own folder.
    struct BadInput: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var mentions: [String]
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let badInputs: [BadInput] = [
        BadInput(arguments: ["ZZ"], mentions: ["unknown card \"ZZ\"", "AS", "10H", "TD", "qc", "A♠", "Q♥️", "queen-of-hearts"]),
        BadInput(arguments: ["11H"], mentions: ["\"11H\"", "queen-of-hearts"]),
        BadInput(arguments: ["AS", "--theme", "neon"], mentions: ["neon", "classic", "four-color", "large-index", "lecture"]),
        BadInput(arguments: ["AS", "--theme", "fourcolor"], mentions: ["did you mean \"four-color\"", "classic", "large-index"]),
        BadInput(arguments: ["AS", "--size", "0x350"], mentions: ["0x350"]),
        BadInput(arguments: ["AS", "--size=-10x20"], mentions: ["-10x20"]),
        BadInput(arguments: ["AS", "--size", "axb"], mentions: ["axb"]),
        BadInput(arguments: ["AS", "--size", "2.5x3.5"], mentions: ["needs a unit", "write 2.5x3.5in"]),
        BadInput(arguments: ["AS", "--size", "20000x20000", "--scale", "3"], mentions: ["16384"]),
        BadInput(arguments: ["AS", "--size", "6000x6000", "--scale", "3"], mentions: ["16384"]),
        BadInput(arguments: ["AS", "--scale", "5"], mentions: ["--scale", "5"]),
        BadInput(arguments: ["AS", "--dpi", "0"], mentions: ["--dpi", "0"]),
        BadInput(arguments: ["AS", "--dpi", "5000"], mentions: ["--dpi", "5000"]),
        BadInput(arguments: ["AS", "--scale", "2", "--dpi", "300"], mentions: ["--scale", "--dpi"]),
        BadInput(arguments: ["JH", "--faces", "$DIR/no-such-faces"], mentions: ["no-such-faces"]),
        BadInput(arguments: ["JH", "--faces", "$DIR/garbage-faces"], mentions: ["JH.png"]),
        BadInput(arguments: ["JH", "--faces", "$DIR/truncated-faces"], mentions: ["JH.png"]),
        // A broken image in the folder is refused even when this card does not use it.
        BadInput(arguments: ["AS", "--faces", "$DIR/truncated-faces"], mentions: ["JH.png"]),
    ]

    /// A folder with `garbage-faces/JH.png` (not a PNG) and `truncated-faces/JH.png` (a PNG cut short).
    static func makeBrokenFaces(in dir: URL) throws {
        let garbage = dir.appendingPathComponent("garbage-faces"), truncated = dir.appendingPathComponent("truncated-faces")
        try FileManager.default.createDirectory(at: garbage, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: truncated, withIntermediateDirectories: true)
        try Data("this is not a picture".utf8).write(to: garbage.appendingPathComponent("JH.png"))
        let png = try PNG.encode(RGBAImage(width: 10, height: 14, fill: (200, 0, 0, 255)))
        try png.prefix(50).write(to: truncated.appendingPathComponent("JH.png"))
    }

    @Test(arguments: badInputs)
    func badCardInputIsOneLineExitTwoAndWritesNothing(_ input: BadInput) throws {
        let dir = try CLIRunner.temporaryDirectory("card-bad")
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.makeBrokenFaces(in: dir)
        let out = dir.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        // A file from an earlier run with the name this run would write.
        try Data("earlier run".utf8).write(to: out.appendingPathComponent("AS.png"))
        let before = try CLIChecks.fileTree(out)

        let arguments = input.arguments.map { $0.replacingOccurrences(of: "$DIR", with: dir.path) }
        let result = try CLIRunner.run(["card"] + arguments + ["--format", "png,svg,pdf", "--out", out.path])
        CLIChecks.expectRefusal(result, mentioning: input.mentions, input.testDescription)
        #expect(try CLIChecks.fileTree(out) == before)
    }

    @Test func unknownFormatIsNamedWithTheValidOnes() throws {
        let dir = try CLIRunner.temporaryDirectory("card-format")
        defer { try? FileManager.default.removeItem(at: dir) }
        for (format, named) in [("png,gif", "unknown format 'gif'"), ("png,,svg", "an empty format"), ("GIF", "'gif'")] {
            for command in [["card", "AS"], ["deck"], ["keyboard"]] {
                let result = try CLIRunner.run(command + ["--format", format, "--out", dir.path])
                CLIChecks.expectRefusal(result, mentioning: [named, "png, svg, pdf"], "\(command) --format \(format)")
            }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
        // In a batch spec the error points at the format key's line.
        let spec = dir.appendingPathComponent("spec.yaml")
        try Data("jobs:\n  - kind: card\n    card: AS\n    format: png,gif\n    output: x\n".utf8).write(to: spec)
        let batch = try CLIRunner.run(["batch", spec.path, "--out", dir.appendingPathComponent("out").path])
        CLIChecks.expectRefusal(batch, mentioning: [spec.path + ":4:13:", "unknown format 'gif'"], "batch")
    }

    @Test func negativeSizeWithoutEqualsSignIsNamedAsASizeError() throws {
        let dir = try CLIRunner.temporaryDirectory("card-negative")
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("out")
        let result = try CLIRunner.run(["card", "AS", "--size", "-10x20", "--out", out.path])
        #expect(result.status == 2)
        #expect(result.stderrLines.count == 1)
        #expect(!FileManager.default.fileExists(atPath: out.path))
        // The value is parsed unconditionally, so the message is about the size itself.
        #expect(result.stderr.contains("-10x20"), "\(result.stderr)")
    }

    @Test func unwritableOutIsOneLineAndLeavesTheFileAlone() throws {
        let dir = try CLIRunner.temporaryDirectory("card-unwritable")
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("a-file")
        try Data("keep me".utf8).write(to: file)
        for out in [file.appendingPathComponent("below").path, file.path] {
            let card = try CLIRunner.run(["card", "AS", "--size", "60x84pt", "--scale", "1", "--out", out])
            CLIChecks.expectRefusal(card, mentioning: [file.path], "card --out \(out)")
            let deck = try CLIRunner.run(["deck", "--size", "60x84pt", "--scale", "1", "--out", out])
            CLIChecks.expectRefusal(deck, mentioning: [file.path], "deck --out \(out)")
        }
        #expect(try Data(contentsOf: file) == Data("keep me".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["a-file"])
    }

    // MARK: - deck

    static let shortNames: [String] = {
        let ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
        return ["S", "H", "D", "C"].flatMap { suit in ranks.map { "\($0)\(suit)" } }
    }()

    struct Frame: Decodable { var x, y, w, h: Int }
    struct Atlas: Decodable {
        struct Entry: Decodable { var frame: Frame; var rotated: Bool; var trimmed: Bool }
        struct Meta: Decodable { struct Size: Decodable { var w, h: Int }; var image: String; var size: Size }
        var frames: [String: Entry]
        var meta: Meta
    }
    struct Manifest: Decodable {
        struct File: Decodable { var card: String; var path: String; var width: Int; var height: Int; var sha256: String; var bytes: Int }
        var files: [File]
    }

    @Test func deckWritesCardsBacksJokersManifestAndSheet() throws {
        let dir = try CLIRunner.temporaryDirectory("deck")
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try CLIRunner.run(["deck", "--size", "100x140", "--scale", "1", "--jokers", "--sheet",
                                        "--out", dir.path, "-j", "2"])
        #expect(result.status == 0, "\(result.stderr)")

        let cards = Self.shortNames.map { "\($0).png" } + ["back.png", "RJ.png", "BJ.png"]
        let written = try Set(FileManager.default.contentsOfDirectory(atPath: dir.path))
        #expect(written == Set(cards + ["deck.json", "sheet.png", "sheet.json"]))

        // deck.json: one entry per card file, each existing with the size and SHA-256 it states.
        let manifest = try JSONDecoder().decode(Manifest.self, from: Data(contentsOf: dir.appendingPathComponent("deck.json")))
        #expect(manifest.files.count == 55)
        #expect(Set(manifest.files.map(\.path)) == Set(cards))
        for entry in manifest.files {
            let data = try Data(contentsOf: dir.appendingPathComponent(entry.path))
            #expect(Checksum.sha256(data) == entry.sha256, "\(entry.path)")
            #expect(data.count == entry.bytes, "\(entry.path)")
            let image = try PNG.read(contentsOf: dir.appendingPathComponent(entry.path))
            #expect(image.width == entry.width && image.height == entry.height, "\(entry.path)")
            #expect(entry.width == 100 && entry.height == 140, "\(entry.path)")
        }

        // sheet.json: a TexturePacker hash atlas whose frames name the card files and lie inside sheet.png.
        let atlas = try JSONDecoder().decode(Atlas.self, from: Data(contentsOf: dir.appendingPathComponent("sheet.json")))
        let sheet = try PNG.read(contentsOf: dir.appendingPathComponent("sheet.png"))
        #expect(atlas.meta.image == "sheet.png")
        #expect(atlas.meta.size.w == sheet.width && atlas.meta.size.h == sheet.height)
        #expect(Set(cards).isSubset(of: Set(atlas.frames.keys)))
        // The sheet shows every back design; only the theme's own back is written as a file.
        let extra = Set(atlas.frames.keys).subtracting(cards)
        #expect(extra.allSatisfy { $0.hasPrefix("back-") && $0.hasSuffix(".png") }, "\(extra)")
        // 13 columns and four suit rows, plus one row of backs and jokers.
        #expect(sheet.width >= 13 * 100 && sheet.height >= 5 * 140)
        for (name, entry) in atlas.frames {
            let frame = entry.frame
            #expect(frame.w == 100 && frame.h == 140, "\(name)")
            #expect(frame.x >= 0 && frame.y >= 0 && frame.x + frame.w <= sheet.width && frame.y + frame.h <= sheet.height,
                    "\(name) at \(frame) is outside the \(sheet.width)×\(sheet.height) sheet")
            #expect(!entry.rotated && !entry.trimmed)
        }
        let frames = atlas.frames.values.map(\.frame)
        for (i, a) in frames.enumerated() {
            for b in frames[(i + 1)...] {
                let overlaps = a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h
                #expect(!overlaps, "frames \(a) and \(b) overlap")
            }
        }
        // Each frame holds the picture of the file it names.
        for name in ["AS.png", "10H.png", "KC.png", "back.png", "RJ.png"] {
            guard let frame = atlas.frames[name]?.frame else { Issue.record("no frame for \(name)"); continue }
            let card = try PNG.read(contentsOf: dir.appendingPathComponent(name))
            var differing = 0
            for y in 0..<frame.h {
                for x in 0..<frame.w where sheet[frame.x + x, frame.y + y] != card[x, y] { differing += 1 }
            }
            #expect(differing == 0, "\(name): \(differing) pixels differ between the sheet and the file")
        }
    }

    @Test func deckWithLongNames() throws {
        let dir = try CLIRunner.temporaryDirectory("deck-long")
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try CLIRunner.run(["deck", "--names", "long", "--size", "60x84pt", "--scale", "1", "--out", dir.path])
        #expect(result.status == 0, "\(result.stderr)")
        let written = try Set(FileManager.default.contentsOfDirectory(atPath: dir.path))
        #expect(written.contains("ace-of-spades.png"))
        #expect(written.contains("ten-of-hearts.png"))
        #expect(written.contains("queen-of-diamonds.png"))
        #expect(written.contains("back.png"))
        #expect(!written.contains("AS.png") && !written.contains("AD.png"))
        #expect(written.count == 52 + 1 + 1)
        let manifest = try JSONDecoder().decode(Manifest.self, from: Data(contentsOf: dir.appendingPathComponent("deck.json")))
        #expect(Set(manifest.files.map(\.path)) == written.subtracting(["deck.json"]))
    }

    @Test func deckIsByteIdenticalForAnyJobCount() throws {
        let one = try CLIRunner.temporaryDirectory("deck-j1"), two = try CLIRunner.temporaryDirectory("deck-j2")
        defer { try? FileManager.default.removeItem(at: one); try? FileManager.default.removeItem(at: two) }
        let arguments = ["deck", "--size", "100x140", "--scale", "1", "--jokers", "--sheet", "--format", "png,svg"]
        #expect(try CLIRunner.run(arguments + ["--out", one.path, "-j", "1"]).status == 0)
        #expect(try CLIRunner.run(arguments + ["--out", two.path, "-j", "2"]).status == 0)
        let treeOne = try CLIChecks.fileTree(one), treeTwo = try CLIChecks.fileTree(two)
        #expect(treeOne.count == 55 * 2 + 3)
        #expect(treeOne.keys.sorted() == treeTwo.keys.sorted())
        for (path, data) in treeOne {
            #expect(data == treeTwo[path], "\(path) differs between -j 1 and -j 2")
        }
    }

    @Test(arguments: [
        BadInput(arguments: ["--theme", "neon"], mentions: ["neon"]),
        BadInput(arguments: ["--size", "0x350"], mentions: ["0x350"]),
        BadInput(arguments: ["--faces", "$DIR/truncated-faces"], mentions: ["JH.png"]),
        BadInput(arguments: ["-j", "0"], mentions: ["-j"]),
    ])
    func badDeckInputWritesNothing(_ input: BadInput) throws {
        let dir = try CLIRunner.temporaryDirectory("deck-bad")
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.makeBrokenFaces(in: dir)
        let out = dir.appendingPathComponent("out")
        let arguments = input.arguments.map { $0.replacingOccurrences(of: "$DIR", with: dir.path) }
        let result = try CLIRunner.run(["deck", "--size", "60x84pt", "--scale", "1", "--sheet", "--jokers"] + arguments
                                       + ["--out", out.path])
        CLIChecks.expectRefusal(result, mentioning: input.mentions, "deck " + input.testDescription)
        #expect(try CLIChecks.fileTree(out).isEmpty)
    }
}
