import BatchRendering
import CardRenderSupport
import Drawing
import Foundation
import Geometry
import PlayingCards
import RenderPipeline
import Testing

@Suite("Deck export")
struct ExportTests {
    func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("deck-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// What `cardrender deck` does, one file after another.
    func write(_ export: DeckExport, into out: URL) throws {
        for file in export.files {
            let url = out.appendingPathComponent(file.relativePath)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try AtomicFile.write(try file.picture.data(format: file.format, resolution: file.resolution), to: url)
        }
        try AtomicFile.write(try export.manifest(readingFrom: out).jsonData(),
                             to: out.appendingPathComponent(export.manifestPath))
    }

    @Test func deckJSONStatesEveryFileWithItsSHA256() throws {
        let out = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        let export = DeckExport(renderer: try CardRenderer(size: CardSize(width: 100, height: 140)), formats: [.png, .svg],
                                resolution: .scale(1), naming: .long, includesJokers: true, folder: "deck")
        try write(export, into: out)
        let data = try Data(contentsOf: out.appendingPathComponent("deck/deck.json"))
        let manifest = try JSONDecoder().decode(DeckManifest.self, from: data)
        #expect(manifest.files.count == (52 + 1 + 2) * 2)
        // Each entry's file facts are flat keys beside its card; reading deck.json gives back the
        // manifest that wrote it, and writing that again gives the same bytes.
        #expect(try manifest == export.manifest(readingFrom: out))
        #expect(try manifest.jsonData() == data)
        #expect(Set(manifest.files.map(\.file.written.path)).count == manifest.files.count)
        #expect(manifest.files.contains { $0.file.written.path == "ace-of-spades.png" && $0.card == "AS" })
        #expect(manifest.files.contains { $0.file.written.path == "red-joker.svg" && $0.card == "RJ" })
        for entry in manifest.files.map(\.file) {
            let bytes = try Data(contentsOf: out.appendingPathComponent("deck").appendingPathComponent(entry.written.path))
            #expect(Checksum.sha256(bytes) == entry.written.sha256, "\(entry.written.path)")
            #expect(bytes.count == entry.written.bytes)
            if entry.format == "png" {
                let header = try PNG.header(of: bytes)
                #expect(header.width == entry.width && header.height == entry.height && entry.width == 100)
            } else {
                #expect(entry.width == 100 && entry.height == 140)
            }
        }
        // Changing a file on disk is caught by the stated digest.
        let first = out.appendingPathComponent("deck").appendingPathComponent(manifest.files[0].file.written.path)
        try Data("changed".utf8).write(to: first)
        #expect(Checksum.sha256(try Data(contentsOf: first)) != manifest.files[0].file.written.sha256)
    }

    @Test func shortNamesAndDeckOrder() throws {
        let export = DeckExport(renderer: try CardRenderer(size: .poker), formats: [.png])
        let paths = export.files.map(\.relativePath)
        #expect(paths.count == 53)
        #expect(paths.prefix(3) == ["AS.png", "2S.png", "3S.png"])
        #expect(paths.contains("10H.png") && paths.last == "back.png")
    }

    @Test func allBacksWritesEveryDesignNamedAsOnTheSheet() throws {
        var renderer = try CardRenderer(size: CardSize(width: 50, height: 70))
        renderer.theme.backDesign = .rosette
        let export = DeckExport(renderer: renderer, formats: [.png], naming: .long, includesAllBacks: true)
        let backs = export.files.filter { $0.side == .back }
        #expect(backs.map(\.relativePath) == ["back.png", "back-lattice.png"])
        #expect(backs.map(\.backDesign) == [.rosette, .lattice])
        // The two files are the two designs, and the sheet's frames carry the same names.
        let pixels = try backs.map { try $0.picture.bitmap(resolution: .scale(1)).pngData() }
        #expect(pixels[0] != pixels[1])
        #expect(try pixels[0] == renderer.picture(for: .back).bitmap(resolution: .scale(1)).pngData())
        let sheetBacks = export.sheetRows.last?.filter { $0.name.hasPrefix("back") }.map(\.name)
        #expect(sheetBacks == backs.map(\.relativePath))
        // Without the option only the theme's back is written; the sheet still shows every design.
        let plain = DeckExport(renderer: renderer, formats: [.png])
        #expect(plain.files.filter { $0.side == .back }.map(\.relativePath) == ["back.png"])
        #expect(plain.sheetRows.last?.filter { $0.name.hasPrefix("back") }.count == BackDesign.allCases.count)
        // deck.json names each back's design.
        let manifest = try export.manifest(rendered: Dictionary(uniqueKeysWithValues: zip(backs.map(\.relativePath), pixels))
            .merging(export.files.filter { $0.side != .back }.map { ($0.relativePath, Data()) }) { first, _ in first })
        #expect(manifest.files.filter { $0.card == "back" }.map(\.backDesign) == ["rosette", "lattice"])
        #expect(manifest.files.first { $0.card == "AS" }?.backDesign == nil)
    }

    @Test func spriteSheetAtlasMatchesTheSheet() throws {
        let renderer = try CardRenderer(size: CardSize(width: 50, height: 70))
        let export = DeckExport(renderer: renderer, resolution: .scale(1))
        let sheet = try export.spriteSheet()
        let json = try JSONSerialization.jsonObject(with: export.atlasJSON()) as? [String: Any]
        let frames = json?["frames"] as? [String: [String: Any]] ?? [:]
        let meta = json?["meta"] as? [String: Any] ?? [:]
        #expect(frames.count == 52 + BackDesign.allCases.count + 2)
        #expect(meta["image"] as? String == "sheet.png")
        #expect(meta["format"] as? String == "RGBA8888")
        let size = meta["size"] as? [String: Int]
        #expect(size?["w"] == 13 * 50 + 12 * 2 && size?["h"] == 5 * 70 + 4 * 2)
        let ace = frames["AS.png"]?["frame"] as? [String: Int]
        #expect(ace == ["x": 0, "y": 0, "w": 50, "h": 70])
        let kingOfClubs = frames["KC.png"]?["frame"] as? [String: Int]
        #expect(kingOfClubs == ["x": 12 * 52, "y": 3 * 72, "w": 50, "h": 70])
        #expect(frames["RJ.png"]?["rotated"] as? Bool == false)
        // Frames never overlap and stay inside the sheet.
        let rects = sheet.frames.map { CGRect(x: $0.x, y: $0.y, width: $0.width, height: $0.height) }
        for (index, a) in rects.enumerated() {
            #expect(a.maxX <= CGFloat(sheet.pixelWidth) && a.maxY <= CGFloat(sheet.pixelHeight))
            for b in rects[(index + 1)...] { #expect(!a.intersects(b)) }
        }
        // The pixels in a frame are the card itself.
        let pixels = try sheet.picture().rasterize(scale: 1)
        #expect(pixels.width == sheet.pixelWidth && pixels.height == sheet.pixelHeight)
        let single = try renderer.picture(for: .card(.king, of: .clubs)).rasterize(scale: 1)
        var worst = 0
        for y in 0..<70 {
            for x in 0..<50 {
                let p = pixels[12 * 52 + x, 3 * 72 + y], q = single[x, y]
                worst = max(worst, abs(Int(p.a) - Int(q.a)), abs(Int(p.r) - Int(q.r)), abs(Int(p.g) - Int(q.g)))
            }
        }
        #expect(worst <= 2)
    }

    @Test func sheetOverThePixelLimitIsRefusedBeforeRendering() throws {
        let export = DeckExport(renderer: try CardRenderer(size: .poker), resolution: .dpi(600))
        let error = #expect(throws: PlayingCardsError.self) { try export.validate(sheet: true) }
        #expect(error?.description == "the sprite sheet would be 19524×10508 px, over the limit of 16384 px a side; "
                + "use a smaller --scale, --dpi or --size")
        try export.validate(sheet: false)
    }
}
