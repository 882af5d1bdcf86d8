import CardRenderSupport
import Drawing
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Geometry
import Testing

@Suite struct OutputTests {
    static func sample(_ seed: Int) throws -> Picture {
        let font = try Font(.bold, size: 14)
        return Picture(width: 120, height: 80, title: "sample \(seed)") { canvas in
            let rounded = BezierPath(roundedRect: canvas.bounds.insetBy(dx: 4, dy: 4), cornerRadius: 10)
            rounded.addClip()
            canvas.drawLinearGradient(colors: [.white, Color(rgb: UInt32(0x204080 + seed * 0x101010))],
                                      from: .zero, to: CGPoint(x: 120, y: 80))
            StyledText("Card \(seed) ♠♥", font: font, alignment: .center).draw(centeredIn: canvas.bounds)
            try canvas.draw(RGBAImage(width: 4, height: 4, fill: (200, 10, 10, 255)),
                            in: CGRect(x: 8, y: 8, width: 16, height: 16))
        }
    }

    @Test func svgParsesAsXMLWithPhysicalSize() throws {
        let data = try Self.sample(1).svgData()
        let parser = XMLParser(data: data)
        #expect(parser.parse(), "SVG must be well-formed XML")
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains(#"width="120pt""#))
        #expect(text.contains(#"height="80pt""#))
    }

    @Test func pdfIsAPDF() throws {
        let data = try Self.sample(2).pdfData()
        #expect(data.starts(with: Array("%PDF-".utf8)))
        #expect(String(decoding: data.suffix(8), as: UTF8.self).contains("%%EOF"))
        // Physical size: a 120×80 pt media box.
        #expect(String(decoding: data, as: UTF8.self).contains("/MediaBox [ 0 0 120 80 ]"))
        // Fixed metadata: two renders are identical.
        #expect(try Self.sample(2).pdfData() == data)
    }

    @Test func outputIsByteIdenticalInAnyOrder() throws {
        // Cairo's SVG ids come from process-wide counters; render in two orders and compare.
        let forward = try (0..<4).map { try Self.sample($0).svgData() }
        let backward = try (0..<4).reversed().map { try Self.sample($0).svgData() }.reversed()
        #expect(Array(forward) == Array(backward))
        let png1 = try (0..<3).map { try Self.sample($0).pngData(resolution: .scale(2)) }
        let png2 = try (0..<3).reversed().map { try Self.sample($0).pngData(resolution: .scale(2)) }.reversed()
        #expect(Array(png1) == Array(png2))
    }

    @Test func outputIsByteIdenticalAcrossThreads() async throws {
        let reference = try Self.sample(3).svgData()
        let referencePNG = try Self.sample(3).pngData()
        try await withThrowingTaskGroup(of: (Data, Data).self) { group in
            for _ in 0..<8 {
                group.addTask {
                    _ = try Self.sample(1).svgData() // bump Cairo's counters in between
                    return (try Self.sample(3).svgData(), try Self.sample(3).pngData())
                }
            }
            for try await (svg, png) in group {
                #expect(svg == reference)
                #expect(png == referencePNG)
            }
        }
    }

    @Test func pngCarriesItsResolution() throws {
        let picture = try Self.sample(4)
        let image = try PNG.decode(try picture.pngData(resolution: .dpi(144)))
        #expect(image.width == 240 && image.height == 160)
        let twice = try picture.rasterize(scale: 2)
        #expect(image == twice)
        #expect(Resolution.scale(2).pixelSize(for: CGSize(width: 250, height: 350)) == (500, 700))
    }

    @Test func atomicWriteReplacesWholeFileAndLeavesNoTemporaries() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("atomic-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("card.png")
        try Self.sample(5).write(to: url, resolution: .scale(1))
        let first = try Data(contentsOf: url)
        #expect(try PNG.decode(first).width == 120)
        try Self.sample(6).write(to: url, resolution: .scale(1))
        #expect(try Data(contentsOf: url) != first)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["card.png"])
        // A failing write (missing folder) leaves the existing file alone.
        let missing = try #require(throws: FileWriteError.self) {
            try AtomicFile.write(Data([1, 2, 3]), to: dir.appendingPathComponent("missing/x.png"))
        }
        #expect(missing.description == "cannot write \(dir.path)/missing/x.png: folder \(dir.path)/missing does not exist")
        let gif = try #require(throws: DrawingError.self) { try Self.sample(5).write(to: dir.appendingPathComponent("x.gif")) }
        #expect(gif.description == "cannot write \(dir.path)/x.gif: unknown file extension; use .png, .svg, .pdf, .webp or .jpg")
    }

    @Test func pngWriteGoesThroughAtomicFile() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("png-write-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let image = RGBAImage(width: 2, height: 1, pixels: [255, 0, 0, 255, 0, 0, 255, 128])
        let url = dir.appendingPathComponent("two.png")
        try PNG.write(image, to: url)
        #expect(try PNG.read(contentsOf: url) == image)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["two.png"])
        let missing = dir.appendingPathComponent("missing")
        #expect(throws: PNGError.cannotWriteFile(path: missing.path + "/x.png", reason: "folder \(missing.path) does not exist")) {
            try PNG.write(image, to: missing.appendingPathComponent("x.png"))
        }
    }

    @Test func svgIdNormalisationRenamesConsistently() throws {
        let svg = try Self.sample(7).svgData()
        let text = String(decoding: svg, as: UTF8.self)
        // Every reference points at a defined id.
        let ids = Set(text.matches(of: /id="([^"]+)"/).map { String($0.1) })
        let refs = Set(text.matches(of: /(?:href="#|url\(#)([^")]+)/).map { String($0.1) })
        #expect(!ids.isEmpty)
        #expect(refs.isSubset(of: ids))
        #expect(ids.contains { $0.hasPrefix("glyph") })
    }
}
