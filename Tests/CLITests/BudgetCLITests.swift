import Foundation
import Testing

/// The pixel budget: pictures and compared images over `--max-pixels` are refused from their
/// sizes or headers, before any pixels are allocated, with one line naming the flag.
@Suite struct BudgetCLITests {
    private func expectRefusal(_ result: CLIRunner.Result, size: String) {
        #expect(result.status == 2)
        #expect(result.stderrLines.count == 1)
        let line = result.stderrLines.first ?? ""
        #expect(line.hasPrefix("cardrender: error: "))
        #expect(line.contains(size), "\(line)")
        #expect(line.contains("40 MP") && line.contains("--max-pixels"), "\(line)")
    }

    @Test func aCardOverTheBudgetIsRefusedAndNothingIsWritten() throws {
        let out = try CLIRunner.temporaryDirectory("budget-card")
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try CLIRunner.run(["card", "AS", "--size", "16384x16384", "--scale", "1", "--out", out.path])
        expectRefusal(result, size: "16384×16384 px")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).isEmpty)
    }

    @Test func aDeckOverTheBudgetIsRefusedBeforeAnyCardRenders() throws {
        let out = try CLIRunner.temporaryDirectory("budget-deck")
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try CLIRunner.run(["deck", "--size", "5461x5461", "--scale", "3", "-j", "2", "--out", out.path])
        expectRefusal(result, size: "16383×16383 px")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).isEmpty)
    }

    @Test func maxPixelsRaisesAndLowersTheLimit() throws {
        let out = try CLIRunner.temporaryDirectory("budget-flag")
        defer { try? FileManager.default.removeItem(at: out) }
        // A 100×140 pt card at 1x is 14,000 px.
        let low = try CLIRunner.run(["card", "AS", "--size", "100x140", "--scale", "1", "--max-pixels", "13999",
                                     "--out", out.path])
        #expect(low.status == 2)
        #expect(low.stderr.contains("100×140 px") && low.stderr.contains("--max-pixels"), "\(low.stderr)")
        let enough = try CLIRunner.run(["card", "AS", "--size", "100x140", "--scale", "1", "--max-pixels", "14000",
                                        "--out", out.path])
        #expect(enough.status == 0, "\(enough.stderr)")
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("AS.png").path))
        let zero = try CLIRunner.run(["card", "AS", "--max-pixels", "0", "--out", out.path])
        #expect(zero.status == 2 && zero.stderrLines.count == 1)
    }

    /// `print --pages-png` pages count against the same budget as every other picture, and
    /// `print` takes `--max-pixels` like every other command.
    @Test func printPagesOverTheBudgetAreRefusedBeforeAnyPageRenders() throws {
        let out = try CLIRunner.temporaryDirectory("budget-print")
        defer { try? FileManager.default.removeItem(at: out) }
        // 22.7 in square at 720 dpi: 16344 × 16344 px, 267 MP (2.1 GB of pixels).
        let started = Date()
        let square = try CLIRunner.run(["print", "--paper", "22.7x22.7in", "--pages-png", "720", "--out", out.path])
        expectRefusal(square, size: "16344×16344 px")
        #expect(Date().timeIntervalSince(started) < 20, "refused from sizes, before rendering")
        // A4 at 300 dpi is 2481 × 3508 px (a page's pixels are rounded up), 8.7 MP: over a budget
        // of 8 MP, within one of 9.
        let low = try CLIRunner.run(["print", "--pages-png", "300", "--max-pixels", "8000000", "--out", out.path])
        #expect(low.status == 2 && low.stderrLines.count == 1, "\(low.stderr)")
        #expect(low.stderr.contains("2481×3508 px") && low.stderr.contains("--max-pixels"), "\(low.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).isEmpty)
        let enough = try CLIRunner.run(["print", "--cards", "AS", "--pages-png", "300", "--max-pixels", "9000000",
                                        "--out", out.path])
        #expect(enough.status == 0, "\(enough.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).contains { $0.hasSuffix(".png") })
    }

    @Test func aDiffOfImagesOverTheBudgetIsRefusedFromTheirHeaders() throws {
        let folder = try CLIRunner.temporaryDirectory("budget-diff")
        defer { try? FileManager.default.removeItem(at: folder) }
        // Two valid, identical 16384×6103 PNGs (100 MP, which the reader accepts) of a few KB.
        let png = BlankPNG.data(width: 16384, height: 6103)
        let expected = folder.appendingPathComponent("expected.png"), actual = folder.appendingPathComponent("actual.png")
        try png.write(to: expected)
        try png.write(to: actual)
        let result = try CLIRunner.run(["diff", expected.path, actual.path])
        expectRefusal(result, size: "16384×6103 px")

        // The flag raises the limit: a small pair passes with a budget that fits it, not below.
        let small = BlankPNG.data(width: 64, height: 32)
        let a = folder.appendingPathComponent("a.png"), b = folder.appendingPathComponent("b.png")
        try small.write(to: a)
        try small.write(to: b)
        #expect(try CLIRunner.run(["diff", a.path, b.path, "--max-pixels", "2047"]).status == 2)
        let fits = try CLIRunner.run(["diff", a.path, b.path, "--max-pixels", "2048"])
        #expect(fits.status == 0, "\(fits.stderr)")
    }
}

/// A black 1-bit greyscale PNG of any size in a few KB: its zlib stream is one fixed-Huffman
/// block of a zero literal and 258-byte copies of it.
enum BlankPNG {
    static func data(width: Int, height: Int) -> Data {
        let rowBytes = 1 + (width + 7) / 8  // filter byte + pixels
        let total = rowBytes * height
        var bits = BitWriter()
        bits.write(1, count: 1)  // BFINAL
        bits.write(1, count: 2)  // BTYPE 01: fixed Huffman
        bits.writeCode(0x30, count: 8)  // literal 0
        var remaining = total - 1
        while remaining >= 258 {
            bits.writeCode(0xC5, count: 8)  // length code 285: 258 bytes
            bits.writeCode(0, count: 5)  // distance code 0: 1 back
            remaining -= 258
        }
        for _ in 0..<remaining { bits.writeCode(0x30, count: 8) }
        bits.writeCode(0, count: 7)  // end of block
        var zlib: [UInt8] = [0x78, 0x01] + bits.bytes
        let adler = UInt32(total % 65521) << 16 | 1  // every byte is zero: a stays 1, b counts bytes
        zlib += bigEndian(adler)

        var header = bigEndian(UInt32(width)) + bigEndian(UInt32(height))
        header += [1, 0, 0, 0, 0]  // 1-bit greyscale, deflate, no filter method, not interlaced
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        png += chunk("IHDR", header) + chunk("IDAT", zlib) + chunk("IEND", [])
        return Data(png)
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    private static func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + body
        return bigEndian(UInt32(body.count)) + typed + bigEndian(crc32(typed))
    }

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    /// DEFLATE's bit order: values least significant bit first, Huffman codes most significant first.
    private struct BitWriter {
        var bytes: [UInt8] = []
        private var used = 8

        mutating func write(_ value: UInt32, count: Int) {
            for bit in 0..<count { append((value >> bit) & 1) }
        }

        mutating func writeCode(_ code: UInt32, count: Int) {
            for bit in (0..<count).reversed() { append((code >> bit) & 1) }
        }

        private mutating func append(_ bit: UInt32) {
            if used == 8 { bytes.append(0); used = 0 }
            bytes[bytes.count - 1] |= UInt8(bit) << used
            used += 1
        }
    }
}
