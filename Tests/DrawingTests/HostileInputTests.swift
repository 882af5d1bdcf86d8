import Drawing
import Foundation
import Geometry
import Testing

/// Text built to exhaust time or memory: refused from what it declares, before the work, in one
/// line naming what is at fault.
@Suite struct HostileInputTests {
    static func message(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch {
            return "\(error)"
        }
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
