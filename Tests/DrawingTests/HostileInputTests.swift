import Drawing
import Foundation
import Geometry
import Testing

/// Images and text built to exhaust time or memory: refused from what they declare, before the
/// work, in one line naming what is at fault.
@Suite struct HostileInputTests {
    // MARK: PNG headers

    /// A PNG whose IHDR says `width`×`height` and whose one IDAT chunk holds a few bytes (not a
    /// valid image stream): only a reader that decodes pixels finds that out.
    static func pngHeaderOnly(width: UInt32, height: UInt32) -> Data {
        func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
            let typed = Array(type.utf8) + body
            return bigEndian(UInt32(body.count)) + typed + bigEndian(crc32(typed))
        }
        let ihdr = bigEndian(width) + bigEndian(height) + [8, 6, 0, 0, 0]
        let bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", ihdr)
            + chunk("IDAT", [0x78, 0x9C, 0x63, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01]) + chunk("IEND", [])
        return Data(bytes)
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    static func message(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch {
            return "\(error)"
        }
    }

    /// A 16384×6000 PNG (110 KB) was decoded (400 MB) and only then refused.
    @Test func aPNGOverTheBudgetIsRefusedFromItsHeader() throws {
        let png = Self.pngHeaderOnly(width: 16384, height: 6000)
        let line = try #require(Self.message { _ = try Image(data: png, name: "art/wide.png", maxPixels: 1000) })
        #expect(line == "art/wide.png is 16384×6000 px (98.3 MP), over the limit of 1000 px per picture; "
                + "raise it with --max-pixels N", "\(line)")
        // The default budget (40 MP) refuses it too, where the reader's own limit (100 MP) did not.
        let atDefault = try #require(Self.message {
            _ = try Image(data: png, name: "art/wide.png", maxPixels: RenderLimits.defaultMaxPixels)
        })
        #expect(atDefault.hasPrefix("art/wide.png is 16384×6000 px (98.3 MP), over the limit of 40 MP"), "\(atDefault)")
    }

    @Test func aPNGWithinTheBudgetIsDecoded() throws {
        let png = try PNG.encode(RGBAImage(width: 30, height: 20, fill: (10, 20, 30, 255)))
        let image = try Image(data: png, name: "small.png", maxPixels: 600)
        #expect(image.size == CGSize(width: 30, height: 20))
        #expect(Self.message { _ = try Image(data: png, name: "small.png", maxPixels: 599) } != nil)
    }

    // MARK: images inside SVG

    static func svg(embedding png: Data, mediaType: String = "image/png") -> Data {
        Data("""
            <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10">
              <image width="10" height="10" xlink:href="data:\(mediaType);base64,\(png.base64EncodedString())"/>
            </svg>
            """.utf8)
    }

    /// A 30000×30000 PNG inside an SVG rendered at 6.2 GB whatever --max-pixels said.
    @Test func anSVGEmbeddingAHugePNGIsRefusedFromItsHeader() throws {
        let svg = Self.svg(embedding: Self.pngHeaderOnly(width: 30000, height: 30000))
        let line = try #require(Self.message { _ = try Image(data: svg, name: "icons/bomb.svg", maxPixels: 200_000) })
        #expect(line == "icons/bomb.svg: an embedded image/png image is 30000×30000 px (900 MP), over the limit of "
                + "200000 px per picture; raise it with --max-pixels N", "\(line)")
    }

    @Test func anSVGEmbeddingASmallPNGDraws() throws {
        let png = try PNG.encode(RGBAImage(width: 4, height: 4, fill: (255, 0, 0, 255)))
        let image = try Image(data: Self.svg(embedding: png), name: "icon.svg", maxPixels: 16)
        let picture = Picture(size: CGSize(width: 10, height: 10)) { canvas in
            try canvas.draw(image, in: canvas.bounds, fit: .stretch)
        }
        let pixels = try picture.rasterize(scale: 1)
        #expect(pixels[5, 5].r > 200 && pixels[5, 5].a == 255)
    }

    /// An SVG inside an SVG is looked into: its images count too.
    @Test func anSVGInsideAnSVGIsChecked() throws {
        let inner = Self.svg(embedding: Self.pngHeaderOnly(width: 5000, height: 5000))
        let outer = Self.svg(embedding: inner, mediaType: "image/svg+xml")
        let line = try #require(Self.message { _ = try Image(data: outer, name: "outer.svg", maxPixels: 1_000_000) })
        #expect(line.hasPrefix("outer.svg: an embedded image/svg+xml image: an embedded image/png image is 5000×5000 px"),
                "\(line)")
    }

    // MARK: filters

    static func turbulence(octaves: String) -> Data {
        Data("""
            <svg xmlns="http://www.w3.org/2000/svg" width="64" height="64">
              <filter id="noise"><feTurbulence baseFrequency="0.05" numOctaves="\(octaves)"/></filter>
              <rect width="64" height="64" filter="url(#noise)"/>
            </svg>
            """.utf8)
    }

    /// 1000 octaves took 13 s for a 300-byte icon; 10,000 never finished.
    @Test(arguments: ["1000", "10000", "11", " 1e9 ", "&#49;000"]) func tooManyOctavesAreRefused(octaves: String) throws {
        let line = try #require(Self.message { _ = try Image(data: Self.turbulence(octaves: octaves), name: "icons/noise.svg") })
        #expect(line == "icons/noise.svg: numOctaves=\"\(octaves)\" asks librsvg for too much work; "
                + "an SVG image may use at most 10", "\(line)")
    }

    @Test func aFewOctavesDraw() throws {
        let image = try Image(data: Self.turbulence(octaves: "4"), name: "noise.svg")
        let picture = Picture(size: CGSize(width: 16, height: 16)) { canvas in
            try canvas.draw(image, in: canvas.bounds, fit: .stretch)
        }
        let pixels = try picture.rasterize(scale: 1)
        #expect((0..<16).contains { pixels[$0, 8].a > 0 })
    }

    @Test func aHugeConvolutionKernelIsRefused() throws {
        let svg = Data("""
            <svg xmlns="http://www.w3.org/2000/svg" width="8" height="8">
              <filter id="f"><feConvolveMatrix order="300" kernelMatrix="1"/></filter>
              <rect width="8" height="8" filter="url(#f)"/>
            </svg>
            """.utf8)
        let line = try #require(Self.message { _ = try Image(data: svg, name: "k.svg") })
        #expect(line.hasPrefix("k.svg: order=\"300\" asks librsvg for too much work"), "\(line)")
    }

    // MARK: text

    @Test(arguments: ["DejaVu Sans 1000000", "DejaVu Sans 1001"]) func aHugeFontIsRefused(font: String) throws {
        let box = TextBox(markup: "Huge", font: font, autoFit: AutoFit(minimumSize: 6))
        let line = try #require(Self.message { _ = try box.layout(in: CGSize(width: 100, height: 50)) })
        #expect(line == "font \"\(font)\" is larger than 1000 pt, the largest size text may have", "\(line)")
    }

    /// Sizes from markup in data printed Pango warnings and ended in "error occurred in libfreetype".
    @Test(arguments: [
        ("<span size='1000000000'>Huge</span>", "97656"),
        ("<span font='DejaVu Sans 900000'>Huge</span>", "900000"),
        ("<span font_size='2000000pt'>Huge</span>", "2e+06"),
        ("<span size='1000000'><big><big><big>Huge</big></big></big></span>", "1687.5"),
    ]) func aHugeSizeInMarkupIsRefused(markup: String, size: String) throws {
        let box = TextBox(markup: markup, font: "DejaVu Sans 12", autoFit: AutoFit(minimumSize: 6))
        let line = try #require(Self.message { _ = try box.layout(in: CGSize(width: 100, height: 50)) })
        #expect(line.hasPrefix("text markup sets a font size of \(size)"), "\(line)")
        #expect(line.hasSuffix("pt; text may be at most 1000 pt"), "\(line)")
    }

    @Test func aThousandPointFontLaysOut() throws {
        let layout = try TextBox(markup: "W", font: "DejaVu Sans 1000").layout(in: CGSize(width: 2000, height: 2000))
        #expect(layout.fits && layout.fontSize == 1000)
    }

    /// One 50,000-letter word with word wrap took 15 s inside Pango's line breaking.
    @Test func textLongerThanABoxLaysOutIsRefused() throws {
        let box = TextBox(markup: String(repeating: "a", count: TextBox.maximumTextLength + 1), font: "DejaVu Sans 12")
        let line = try #require(Self.message { _ = try box.layout(in: CGSize(width: 100, height: 50)) })
        #expect(line == "the text is 5001 characters long; a text box lays out at most 5000", "\(line)")
    }

    @Test func theLongestTextLaysOut() throws {
        let box = TextBox(markup: "<b>" + String(repeating: "a", count: TextBox.maximumTextLength) + "</b>", font: "DejaVu Sans 12")
        let layout = try box.layout(in: CGSize(width: 100, height: 50))
        #expect(!layout.fits && layout.lines.count > 10)
    }

    // MARK: library warnings

    /// What GLib logs while a box is drawn (here an inline icon logging a warning the way Pango
    /// does) is that box's error, not lines printed to stderr.
    @Test func aLibraryWarningBecomesTheError() throws {
        let icon = InlineIcon(aspectRatio: 1, identity: "warns") { _, _ in
            GLibLog.warning(domain: "Pango", "pango_layout_get_pixel_size: assertion 'layout != NULL' failed")
        }
        let box = TextBox(markup: "a :warns: b", font: "DejaVu Sans 12", icons: ["warns": icon])
        let picture = Picture(size: CGSize(width: 100, height: 40)) { canvas in
            try box.draw(in: canvas.bounds, on: canvas)
        }
        let line = try #require(Self.message { _ = try picture.rasterize(scale: 1) })
        #expect(line.contains("Pango: pango_layout_get_pixel_size: assertion 'layout != NULL' failed"), "\(line)")
        // The next box starts clean.
        #expect(try TextBox(markup: "fine", font: "DejaVu Sans 12").layout(in: CGSize(width: 100, height: 40)).fits)
    }
}

/// Logs through GLib's structured log (`g_log_structured_array`, found at run time: the tests
/// do not link GLib's headers), as a library's `g_warning` does.
enum GLibLog {
    private typealias LogArray = @convention(c) (Int32, UnsafeRawPointer, Int) -> Void

    static func warning(domain: String, _ message: String) {
        guard let symbol = dlsym(nil, "g_log_structured_array") else { return }
        let log = unsafeBitCast(symbol, to: LogArray.self)
        let warningLevel: Int32 = 1 << 4
        domain.withCString { domainValue in
            message.withCString { messageValue in
                "GLIB_DOMAIN".withCString { domainKey in
                    "MESSAGE".withCString { messageKey in
                        // GLogField: key, value, length (-1: NUL-terminated).
                        let fields: [(UnsafeRawPointer, UnsafeRawPointer, Int)] = [
                            (UnsafeRawPointer(domainKey), UnsafeRawPointer(domainValue), -1),
                            (UnsafeRawPointer(messageKey), UnsafeRawPointer(messageValue), -1),
                        ]
                        fields.withUnsafeBytes { log(warningLevel, $0.baseAddress!, 2) }
                    }
                }
            }
        }
    }
}
