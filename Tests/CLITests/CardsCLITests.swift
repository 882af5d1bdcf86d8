import BatchRendering
import CardRenderSupport
import Drawing
import Foundation
import GoldenImageTesting
import Testing

/// `cardrender cards` and `kind: cards` batch jobs, through the binary: files named by the
/// template's pattern at its size and dpi, cards.json with its hashes, PNG against PDF, the same
/// bytes for any -j, row filters and copies, the sprite sheet, and a batch that renders the same
/// bytes and skips what has not changed. The inputs are a small game each test writes itself.
///
/// Goldens (cards.json, one card's SVG, two cards' PNGs) are re-recorded with
/// `CARDRENDER_RECORD=all swift test --filter CardsCLITests`; read the diff before committing.
@Suite struct CardsCLITests {
    static func expectSuccess(_ result: CLIRunner.Result, _ context: String = "",
                              sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.status == 0, "\(context) exit \(result.status): \(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.isEmpty, "\(context) \(result.stderr)", sourceLocation: sourceLocation)
    }

    static func pixelSize(_ url: URL) throws -> (width: Int, height: Int) {
        let image = try PNG.read(contentsOf: url)
        return (image.width, image.height)
    }

    /// The `cards` list of cards.json.
    static func manifestCards(_ manifest: [String: Any]) -> [[String: Any]] {
        manifest["cards"] as? [[String: Any]] ?? []
    }

    @Test func everyRowIsAFileNamedByThePatternAtTheTemplatesSizeAndDPI() throws {
        let game = try CardsFixture.make("cards-files")
        defer { game.remove() }
        Self.expectSuccess(try game.cards(["--format", "png,svg", "--out", "out"]))
        let files = try game.tree("out")
        #expect(files.keys.sorted() == (CardsFixture.stems.flatMap { ["\($0).png", "\($0).svg"] } + ["cards.json"]).sorted())
        // Poker, 180 × 252 pt, at the template's 300 dpi.
        for stem in CardsFixture.stems {
            let size = try Self.pixelSize(game.url("out/\(stem).png"))
            #expect(size == (750, 1050), "\(stem): \(size)")
        }
        // --dpi overrides the template's; --bleed adds the template's 0.125 in on every side.
        Self.expectSuccess(try game.cards(["--dpi", "144", "--out", "small"]))
        #expect(try Self.pixelSize(game.url("small/01-Spark.png")) == (360, 504))
        Self.expectSuccess(try game.cards(["--bleed", "--format", "png,svg", "--out", "bleed"]))
        // 198 × 270 pt: 0.125 in is 37.5 px a side at 300 dpi.
        #expect(try Self.pixelSize(game.url("bleed/01-Spark.png")) == (825, 1125))
        let bleedSVG = String(decoding: try Data(contentsOf: game.url("bleed/01-Spark.svg")), as: UTF8.self)
        #expect(bleedSVG.contains("width=\"198pt\" height=\"270pt\" viewBox=\"0 0 198 270\""), "\(bleedSVG.prefix(300))")

        // cards.json: every row with its copies and its files, whose hashes are the files'.
        let manifest = try game.json("out/cards.json")
        #expect(manifest["template"] as? String == "template.yaml")
        #expect(manifest["data"] as? String == "cards.csv")
        let cards = Self.manifestCards(manifest)
        #expect(cards.map { $0["name"] as? String ?? "" } == CardsFixture.stems)
        #expect(cards.map { $0["row"] as? Int ?? 0 } == [1, 2, 3])
        #expect(cards.map { $0["count"] as? Int ?? 0 } == [3, 1, 2])
        var listed = 0
        for card in cards {
            for file in card["files"] as? [[String: Any]] ?? [] {
                let path = try #require(file["path"] as? String)
                let data = try #require(files[path], "\(path) is listed but was not written")
                #expect(Checksum.sha256(data) == file["sha256"] as? String, "\(path)")
                #expect(data.count == file["bytes"] as? Int, "\(path)")
                if path.hasSuffix(".png") {
                    #expect(file["width"] as? Int == 750 && file["height"] as? Int == 1050, "\(file)")
                } else {
                    #expect(file["width"] as? Int == 180 && file["height"] as? Int == 252, "\(file)")
                }
                listed += 1
            }
        }
        #expect(listed == 6)
        #expect((manifest["backs"] as? [Any])?.isEmpty == true)

        assertGolden(of: String(decoding: try #require(files["cards.json"]), as: UTF8.self),
                     as: OutputGoldenTests.text("json"), named: "cards-json")
        assertGolden(of: String(decoding: try #require(files["02-Wall.svg"]), as: UTF8.self),
                     as: OutputGoldenTests.text("svg"), named: "wall-svg")
    }

    /// Two cards as pictures, at 100 dpi to keep the goldens small: the Wall's long rules shrunk
    /// to fit with the star inline, the Spark's short ones at full size.
    @Test func pngGoldens() throws {
        let game = try CardsFixture.make("cards-png-goldens")
        defer { game.remove() }
        Self.expectSuccess(try game.cards(["--dpi", "100", "--out", "out"]))
        for stem in ["01-Spark", "02-Wall"] {
            assertGolden(of: try PNG.read(contentsOf: game.url("out/\(stem).png")), as: .image, named: stem)
        }
    }

    /// The PDF, rasterised by poppler, and the PNG drawn by Cairo's image surface are the same
    /// card. Cairo's image backend snaps glyph origins to whole pixels and poppler does not, so
    /// text lands up to a pixel apart: a pixel agrees when each of its channels lies within the
    /// other picture's 3 × 3 neighbourhood there (± a small tolerance), both ways round.
    @Test func pngAndPDFAgree() throws {
        let game = try CardsFixture.make("cards-pdf")
        defer { game.remove() }
        let dpi = 144
        Self.expectSuccess(try game.cards(["--format", "png,pdf", "--dpi", "\(dpi)", "--out", "out"]))
        for stem in CardsFixture.stems {
            let png = try PNG.read(contentsOf: game.url("out/\(stem).png"))
            let pdf = try PrintCLITests.Raster(game.url("out/\(stem).pdf"), page: 1, dpi: dpi)
            #expect((pdf.width, pdf.height) == (png.width, png.height), "\(stem)")
            guard (pdf.width, pdf.height) == (png.width, png.height) else { continue }
            // The PNG's transparent corners over poppler's white paper.
            let cairo = Self.onWhite(png)
            let poppler = RGBPixels(width: pdf.width, height: pdf.height, bytes: pdf.bytes)
            for (a, b, direction) in [(cairo, poppler, "PNG in PDF"), (poppler, cairo, "PDF in PNG")] {
                let share = Self.shareWithinNeighbourhood(a, of: b, tolerance: 16)
                #expect(share >= 0.995, "\(stem), \(direction): only \(String(format: "%.2f", share * 100))% of pixels agree")
            }
        }
    }

    /// The SVG file, drawn back by librsvg (Drawing's `VectorImage`) at the PNG's resolution,
    /// shows what the PNG shows: text, icons, gradients and shapes in the same places.
    @Test func pngAndSVGAgree() throws {
        let game = try CardsFixture.make("cards-svg")
        defer { game.remove() }
        let dpi = 144.0
        Self.expectSuccess(try game.cards(["--format", "png,svg", "--dpi", "\(Int(dpi))", "--out", "out"]))
        for stem in CardsFixture.stems {
            let png = try PNG.read(contentsOf: game.url("out/\(stem).png"))
            let svg = try Image.load(contentsOf: game.url("out/\(stem).svg"))
            let redrawn = try Picture(size: svg.size) { canvas in
                try canvas.draw(svg, in: canvas.bounds, fit: .stretch)
            }.rasterize(resolution: .dpi(dpi))
            #expect((redrawn.width, redrawn.height) == (png.width, png.height), "\(stem)")
            guard (redrawn.width, redrawn.height) == (png.width, png.height) else { continue }
            let fromPNG = Self.onWhite(png), fromSVG = Self.onWhite(redrawn)
            for (a, b, direction) in [(fromPNG, fromSVG, "PNG in SVG"), (fromSVG, fromPNG, "SVG in PNG")] {
                let share = Self.shareWithinNeighbourhood(a, of: b, tolerance: 16)
                #expect(share >= 0.995, "\(stem), \(direction): only \(String(format: "%.2f", share * 100))% of pixels agree")
            }
        }
    }

    /// Straight RGBA over white, as 8-bit RGB.
    static func onWhite(_ image: RGBAImage) -> RGBPixels {
        var bytes = [UInt8](repeating: 0, count: image.width * image.height * 3)
        for index in 0..<(image.width * image.height) {
            let alpha = Int(image.pixels[index * 4 + 3])
            for channel in 0..<3 {
                bytes[index * 3 + channel] = UInt8((Int(image.pixels[index * 4 + channel]) * alpha + 255 * (255 - alpha)) / 255)
            }
        }
        return RGBPixels(width: image.width, height: image.height, bytes: bytes)
    }

    /// The share of `a`'s pixels whose every channel lies within `tolerance` of the range that
    /// channel takes in `b`'s 3 × 3 neighbourhood of the same pixel.
    static func shareWithinNeighbourhood(_ a: RGBPixels, of b: RGBPixels, tolerance: Int) -> Double {
        var agreeing = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                var low = [255, 255, 255], high = [0, 0, 0]
                for ny in max(0, y - 1)...min(b.height - 1, y + 1) {
                    for nx in max(0, x - 1)...min(b.width - 1, x + 1) {
                        for channel in 0..<3 {
                            let value = b[nx, ny, channel]
                            low[channel] = min(low[channel], value)
                            high[channel] = max(high[channel], value)
                        }
                    }
                }
                if (0..<3).allSatisfy({ low[$0] - tolerance <= a[x, y, $0] && a[x, y, $0] <= high[$0] + tolerance }) {
                    agreeing += 1
                }
            }
        }
        return Double(agreeing) / Double(max(1, a.width * a.height))
    }

    /// 8-bit RGB, rows top to bottom.
    struct RGBPixels {
        var width: Int
        var height: Int
        var bytes: [UInt8]

        subscript(x: Int, y: Int, channel: Int) -> Int { Int(bytes[(y * width + x) * 3 + channel]) }
    }

    @Test func theSameBytesForAnyWorkerCountRunAfterRun() throws {
        let game = try CardsFixture.make("cards-determinism")
        defer { game.remove() }
        let options = ["--format", "png,svg,pdf", "--dpi", "150", "--back", "back.yaml", "--sheet", "--contact-sheet"]
        for (out, jobs) in [("j1a", "1"), ("j2a", "2"), ("j1b", "1"), ("j2b", "2")] {
            Self.expectSuccess(try game.cards(options + ["-j", jobs, "--out", out]), out)
        }
        let reference = try game.tree("j1a")
        // 3 cards and the back in 3 formats; sheet, atlas, contact sheet, cards.json.
        #expect(reference.count == 4 * 3 + 4, "\(reference.keys.sorted())")
        for out in ["j2a", "j1b", "j2b"] {
            let other = try game.tree(out)
            #expect(other.keys.sorted() == reference.keys.sorted(), "\(out)")
            for (path, data) in reference where other[path] != data { Issue.record("\(out)/\(path) differs from j1a") }
        }
    }

    @Test func whereFiltersRowsAndCountRepeatsOnlyInCounts() throws {
        let game = try CardsFixture.make("cards-where")
        defer { game.remove() }
        func names(_ out: String) throws -> [String] {
            Self.manifestCards(try game.json("\(out)/cards.json")).map { $0["name"] as? String ?? "" }
        }
        Self.expectSuccess(try game.cards(["--where", "type == spell", "--out", "spells"]))
        #expect(try names("spells") == ["01-Spark", "03-Flood"])
        #expect(try game.tree("spells").keys.sorted() == ["01-Spark.png", "03-Flood.png", "cards.json"])
        // Rows keep their numbers in the data when others are filtered out.
        #expect(Self.manifestCards(try game.json("spells/cards.json")).map { $0["row"] as? Int ?? 0 } == [1, 3])
        Self.expectSuccess(try game.cards(["--where", "cost != 0", "--out", "costly"]))
        #expect(try names("costly") == ["01-Spark", "03-Flood"])
        Self.expectSuccess(try game.cards(["--where", "type == spell", "--where", "cost != 1", "--out", "both"]))
        #expect(try names("both") == ["03-Flood"])
        Self.expectSuccess(try game.cards(["--where", "type == structure", "--out", "walls"]))
        #expect(try names("walls") == ["02-Wall"])

        // Copies (3, 1, 2) are counted, never drawn twice: one sheet frame and one contact-sheet
        // cell per distinct card, the same layout as when every count is 1.
        Self.expectSuccess(try game.cards(["--dpi", "72", "--sheet", "--contact-sheet", "--out", "counted"]))
        let counted = try game.json("counted/cards.json")
        #expect(Self.manifestCards(counted).map { $0["count"] as? Int ?? 0 } == [3, 1, 2])
        #expect(try game.tree("counted").keys.filter { $0.hasSuffix(".png") }.count == 3 + 2)
        let frames = try game.json("counted/sheet.json")["frames"] as? [String: Any] ?? [:]
        #expect(frames.keys.sorted() == CardsFixture.stems)
        try game.write("ones.csv", CardsFixture.csv.replacingOccurrences(of: ",3\n", with: ",1\n")
            .replacingOccurrences(of: ",2\n", with: ",1\n"))
        Self.expectSuccess(try game.cards(["--dpi", "72", "--sheet", "--contact-sheet", "--out", "ones"], data: "ones.csv"))
        #expect(Self.manifestCards(try game.json("ones/cards.json")).map { $0["count"] as? Int ?? 0 } == [1, 1, 1])
        #expect(try Self.pixelSize(game.url("counted/contact-sheet.png")) == Self.pixelSize(game.url("ones/contact-sheet.png")))
        #expect(try Self.pixelSize(game.url("counted/sheet.png")) == Self.pixelSize(game.url("ones/sheet.png")))
        #expect(try Data(contentsOf: game.url("counted/sheet.png")) == Data(contentsOf: game.url("ones/sheet.png")))
        // A count of 0 leaves the row out: no file, no frame, not in cards.json.
        try game.write("zero.csv", CardsFixture.csv.replacingOccurrences(of: ",3\n", with: ",0\n"))
        Self.expectSuccess(try game.cards(["--sheet", "--dpi", "72", "--out", "zero"], data: "zero.csv"))
        #expect(Self.manifestCards(try game.json("zero/cards.json")).map { $0["row"] as? Int ?? -1 } == [2, 3])
        #expect(Self.manifestCards(try game.json("zero/cards.json")).map { $0["count"] as? Int ?? -1 } == [1, 2])
        #expect(try game.tree("zero").keys.sorted() == ["02-Wall.png", "03-Flood.png", "cards.json", "sheet.json", "sheet.png"])
    }

    @Test func spriteSheetHasAFramePerDistinctCardAndTheBack() throws {
        let game = try CardsFixture.make("cards-sheet")
        defer { game.remove() }
        Self.expectSuccess(try game.cards(["--dpi", "72", "--back", "back.yaml", "--sheet", "--out", "out"]))
        #expect(try game.tree("out").keys.sorted()
                == ["01-Spark.png", "02-Wall.png", "03-Flood.png", "back.png", "cards.json", "sheet.json", "sheet.png"])
        let atlas = try game.json("out/sheet.json")
        let frames = try #require(atlas["frames"] as? [String: [String: Any]])
        #expect(frames.keys.sorted() == CardsFixture.stems + ["back"])
        let meta = try #require(atlas["meta"] as? [String: Any])
        #expect(meta["image"] as? String == "sheet.png")
        // Four frames of 180 × 252 px, two columns of two, inside the sheet and not overlapping.
        let sheet = try Self.pixelSize(game.url("out/sheet.png"))
        var rects: [CGRect] = []
        for (name, frame) in frames {
            let box = try #require(frame["frame"] as? [String: Int], "\(name)")
            let rect = CGRect(x: box["x"] ?? -1, y: box["y"] ?? -1, width: box["w"] ?? 0, height: box["h"] ?? 0)
            #expect(rect.size == CGSize(width: 180, height: 252), "\(name): \(rect)")
            #expect(rect.minX >= 0 && rect.minY >= 0 && Int(rect.maxX) <= sheet.width && Int(rect.maxY) <= sheet.height,
                    "\(name): \(rect) outside \(sheet)")
            #expect(!rects.contains { $0.intersects(rect) }, "\(name) overlaps another frame")
            rects.append(rect)
        }
        #expect(sheet.width >= 2 * 180 && sheet.height >= 2 * 252, "\(sheet)")
        // The back in cards.json, once, backing every copy of every card.
        let backs = try #require(try game.json("out/cards.json")["backs"] as? [[String: Any]])
        #expect(backs.count == 1)
        #expect(backs.first?["name"] as? String == "back" && backs.first?["count"] as? Int == 6)
        #expect(try Self.pixelSize(game.url("out/back.png")) == (180, 252))
        assertGolden(of: String(decoding: try Data(contentsOf: game.url("out/sheet.json")), as: UTF8.self),
                     as: OutputGoldenTests.text("json"), named: "cards-sheet-json")
    }

    static let batchSpec = """
    jobs:
      - kind: cards
        template: ../template.yaml
        data: ../cards.csv
        back: ../back.yaml
        format: png,svg
        dpi: 96
        where: cost != 0
        sheet: true
        output: game
    """

    /// A `kind: cards` job writes what `cardrender cards` writes, then skips it until an input changes.
    @Test func batchJobRendersTheSameBytesAndSkipsUntilTheDataChanges() throws {
        let game = try CardsFixture.make("cards-batch")
        let out = try CLIRunner.temporaryDirectory("cards-batch-out")
        defer { game.remove(); try? FileManager.default.removeItem(at: out) }
        // The spec sits in its own folder: template and data are found relative to it.
        try game.write("specs/spec.yaml", Self.batchSpec)
        func batch() throws -> CLIRunner.Result {
            try CLIRunner.run(["batch", "specs/spec.yaml", "--out", out.path, "--json"], in: game.folder)
        }
        Self.expectSuccess(try game.cards(["--format", "png,svg", "--dpi", "96", "--back", "back.yaml", "--where", "cost != 0",
                                           "--sheet", "--out", out.appendingPathComponent("direct").path]))
        let first = try batch()
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("\"rendered\":1"), "\(first.stdout)")
        let direct = try CardsFixture.tree(at: out.appendingPathComponent("direct"))
        #expect(direct.keys.sorted() == ["01-Spark.png", "01-Spark.svg", "03-Flood.png", "03-Flood.svg", "back.png", "back.svg",
                                         "cards.json", "sheet.json", "sheet.png"])
        let rendered = try CardsFixture.tree(at: out.appendingPathComponent("game"))
        #expect(rendered.keys.sorted() == direct.keys.sorted())
        for (path, data) in direct where rendered[path] != data { Issue.record("game/\(path) differs from the command's") }

        let again = try batch()
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.contains("\"rendered\":0") && again.stdout.contains("\"status\":\"skipped\""), "\(again.stdout)")

        // The same data with a new date: the job runs again (and writes the same bytes).
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(120)],
                                              ofItemAtPath: game.url("cards.csv").path)
        let touched = try batch()
        #expect(touched.status == 0, "\(touched.stderr)")
        #expect(touched.stdout.contains("\"rendered\":1") && !touched.stdout.contains("\"status\":\"skipped\""),
                "\(touched.stdout)")
        #expect(try CardsFixture.tree(at: out.appendingPathComponent("game")) == rendered)
        // A changed icon re-renders too: a file a card draws is an input like the data.
        try game.write("icons/star.svg", CardsFixture.star.replacingOccurrences(of: "#e0a526", with: "#2a9d8f"))
        let recoloured = try batch()
        #expect(recoloured.stdout.contains("\"rendered\":1"), "\(recoloured.stdout)")
        #expect(try CardsFixture.tree(at: out.appendingPathComponent("game"))["01-Spark.png"] != rendered["01-Spark.png"])
    }

    /// A template extending one in another folder: a change to the base re-renders the job.
    @Test func batchReRendersWhenTheTemplateItExtendsChanges() throws {
        let game = try CardsFixture.make("cards-batch-game")
        let shared = try CLIRunner.temporaryDirectory("cards-batch-shared")
        let out = try CLIRunner.temporaryDirectory("cards-batch-extends-out")
        defer { game.remove(); [shared, out].forEach { try? FileManager.default.removeItem(at: $0) } }
        let base = shared.appendingPathComponent("base.yaml")
        try Data("card:\n  size: mini\n  background: \"#336699\"\n".utf8).write(to: base)
        try game.write("front.yaml", """
        extends: \(base.path)
        card:
          name: "{id}"
        data:
          - {id: a}
        layers:
          - type: rect
            x: 10%
            y: 10%
            width: 50%
            height: 50%
            fill: white
        """)
        try game.write("spec.yaml", "jobs:\n  - kind: cards\n    template: front.yaml\n    dpi: 72\n    output: game\n")
        func batch() throws -> String {
            let result = try CLIRunner.run(["batch", "spec.yaml", "--out", out.path, "--json"], in: game.folder)
            #expect(result.status == 0, "\(result.stderr)")
            return result.stdout
        }
        #expect(try batch().contains("\"rendered\":1"))
        let before = try Data(contentsOf: out.appendingPathComponent("game/a.png"))
        #expect(try batch().contains("\"rendered\":0"))
        try Data("card:\n  size: mini\n  background: \"#993366\"\n".utf8).write(to: base)
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(120)], ofItemAtPath: base.path)
        let changed = try batch()
        #expect(changed.contains("\"rendered\":1"), "\(changed)")
        #expect(try Data(contentsOf: out.appendingPathComponent("game/a.png")) != before)
    }

    /// `cd game && cardrender batch spec.yaml --out build`: the output folder inside the
    /// template's folder. The template's folder is an input, digested with the names, sizes and
    /// dates of everything in it, the output folder included, so every run changes the next
    /// run's digest and nothing is ever skipped.
    @Test func batchSkipsWhenItsOutputIsInsideTheTemplatesFolder() throws {
        let game = try CardsFixture.make("cards-batch-inside")
        defer { game.remove() }
        try game.write("specs/spec.yaml", Self.batchSpec)
        let first = try CLIRunner.run(["batch", "specs/spec.yaml", "--out", "build", "--json"], in: game.folder)
        #expect(first.status == 0 && first.stdout.contains("\"rendered\":1"), "\(first.stdout) \(first.stderr)")
        let again = try CLIRunner.run(["batch", "specs/spec.yaml", "--out", "build", "--json"], in: game.folder)
        #expect(again.status == 0, "\(again.stderr)")
        // The output folder sits in the template's folder: its date must not count as an input.
        #expect(again.stdout.contains("\"rendered\":0"), "\(again.stdout)")
    }

    /// The worked example in docs/examples/game: 20 cards, their back and cards.json, 38 copies.
    @Test func theWorkedExampleRenders() throws {
        let example = CLIRunner.repositoryRoot.appendingPathComponent("docs/examples/game")
        let out = try CLIRunner.temporaryDirectory("cards-example")
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try CLIRunner.run(["cards", "front.yaml", "--data", "cards.csv", "--back", "back.yaml", "--dpi", "72",
                                        "--out", out.path], in: example)
        Self.expectSuccess(result)
        let names = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
        #expect(names.filter { $0.hasSuffix(".png") }.count == 21, "\(names)")
        #expect(names.contains("back.png") && names.contains("cards.json"))
        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("cards.json")))
            as? [String: Any] ?? [:]
        let cards = Self.manifestCards(manifest)
        #expect(cards.count == 20)
        #expect(cards.reduce(0) { $0 + ($1["count"] as? Int ?? 0) } == 38)
        #expect((manifest["warnings"] as? [Any])?.isEmpty ?? true, "\(manifest["warnings"] ?? "")")
    }
}

/// A small card game in a temporary folder, written by the tests themselves: a poker-size
/// template with a gradient background, a polygon, an SVG and a PNG image, a title and wrapped,
/// auto-fitting rules text with an inline `:star:` icon, three rows of CSV and a back.
struct CardsFixture {
    let folder: URL

    static let template = """
    card:
      size: poker
      dpi: 300
      corner-radius: 0.125in
      bleed: 0.125in
      background: {linear: {from: [0%, 0%], to: [0%, 100%]}, stops: ["#fdf6e3", "{color}"]}
      name: "{id}-{title}"
    icons:
      star: icons/star.svg
    layers:
      - type: polygon
        x: 10%
        y: 22%
        width: 80%
        height: 36%
        points: [[50%, 0%], [100%, 100%], [0%, 100%]]
        fill: "{color}"
        stroke: "#222222"
        stroke-width: 1.5pt
      - type: image
        x: 35%
        y: 36%
        width: 30%
        height: 20%
        src: "icons/{icon}.svg"
        fit: contain
      - type: image
        x: 0.15in
        y: 0.15in
        width: 0.3in
        height: 0.3in
        src: art/dot.png
        fit: contain
      - type: text
        x: 0.55in
        y: 0.12in
        width: 1.8in
        height: 0.4in
        text: "{title}"
        font: DejaVu Serif Bold 14
        color: "#222222"
        valign: middle
      - type: text
        x: 0.2in
        y: 2.2in
        width: 2.1in
        height: 0.8in
        text: "{rules:markup}"
        font: DejaVu Sans 12
        color: "#1e1a14"
        wrap: word
        fit: {min-size: 6}
    """

    static let csv = """
    id,title,type,cost,icon,color,rules,count
    01,Spark,spell,1,star,#f4a261,Deal 1 damage. Gain :star:.,3
    02,Wall,structure,0,shield,#8ab17d,"Blocks one attack, then <b>crumbles</b>. Rules this long shrink to fit their box, well below twelve points, and still gain :star: at the end.",1
    03,Flood,spell,2,star,#2a9d8f,Every creature gets -1 power.,2

    """

    static let back = """
    card:
      size: poker
      background: "#264653"
    layers:
      - type: ellipse
        x: 20%
        y: 30%
        width: 60%
        height: 40%
        fill: "#e9c46a"
      - type: text
        x: 0
        y: 75%
        width: 100%
        height: 10%
        text: "FIXTURE"
        font: DejaVu Sans Bold 16
        color: white
        align: center
        valign: middle
    """

    static let star = """
    <svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" viewBox="0 0 32 32">
      <path d="M16 2 L20 12 L31 12 L22 19 L26 30 L16 23 L6 30 L10 19 L1 12 L12 12 Z" fill="#e0a526" stroke="#7a4d00" stroke-width="1.5"/>
    </svg>
    """

    static let shield = """
    <svg xmlns="http://www.w3.org/2000/svg" width="32" height="36" viewBox="0 0 32 36">
      <path d="M16 1 L31 6 L29 22 L16 35 L3 22 L1 6 Z" fill="#4a6fa5" stroke="#1d2d44" stroke-width="2"/>
    </svg>
    """

    /// The three cards' files, in the rows' order.
    static let stems = ["01-Spark", "02-Wall", "03-Flood"]

    /// A fresh folder with the template, `cards.csv`, `back.yaml`, two SVG icons and a 24 × 24 PNG dot.
    static func make(_ name: String = "cards", template: String = CardsFixture.template,
                     csv: String = CardsFixture.csv) throws -> CardsFixture {
        let fixture = CardsFixture(folder: try CLIRunner.temporaryDirectory(name))
        try fixture.write("template.yaml", template)
        try fixture.write("cards.csv", csv)
        try fixture.write("back.yaml", back)
        try fixture.write("icons/star.svg", star)
        try fixture.write("icons/shield.svg", shield)
        // A red dot fading out at its edge, 24 px across.
        var dot = RGBAImage(width: 24, height: 24, fill: (0, 0, 0, 0))
        for y in 0..<24 {
            for x in 0..<24 {
                let distance = (Double(x) - 11.5) * (Double(x) - 11.5) + (Double(y) - 11.5) * (Double(y) - 11.5)
                let alpha = max(0, min(1, (11.5 - distance.squareRoot()) / 3))
                dot[x, y] = RGBAImage.Pixel(r: 200, g: 40, b: 60, a: UInt8((alpha * 255).rounded()))
            }
        }
        try fixture.write("art/dot.png", try PNG.encode(dot))
        return fixture
    }

    func url(_ path: String) -> URL { folder.appendingPathComponent(path) }

    func write(_ path: String, _ text: String) throws { try write(path, Data(text.utf8)) }

    func write(_ path: String, _ data: Data) throws {
        let url = url(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
    }

    /// `cardrender cards template.yaml --data cards.csv …` run in the fixture's folder.
    func cards(_ arguments: [String], template: String = "template.yaml", data: String? = "cards.csv") throws
        -> CLIRunner.Result {
        try CLIRunner.run(["cards", template] + (data.map { ["--data", $0] } ?? []) + arguments, in: folder)
    }

    /// Every regular file under `path` by relative path; empty when the folder does not exist.
    func tree(_ path: String) throws -> [String: Data] { try Self.tree(at: url(path)) }

    /// Every regular file under `root` by relative path; empty when the folder does not exist.
    static func tree(at root: URL) throws -> [String: Data] {
        var result: [String: Data] = [:]
        guard FileManager.default.fileExists(atPath: root.path) else { return result }
        for relative in try FileManager.default.subpathsOfDirectory(atPath: root.path) {
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: root.appendingPathComponent(relative).path, isDirectory: &isDirectory)
            if !isDirectory.boolValue { result[relative] = try Data(contentsOf: root.appendingPathComponent(relative)) }
        }
        return result
    }

    func json(_ path: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(contentsOf: url(path))) as? [String: Any] ?? [:]
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }
}
