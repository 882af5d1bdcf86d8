import Drawing
import Foundation
import Testing

/// `cardrender cards` given templates, data and images built to hang, crash or exhaust memory:
/// one line on stderr naming where, exit status 2, nothing written, and no time to speak of.
@Suite struct HostileInputCLITests {
    /// The same kind of case as the other refusals: how the fixture game is broken, what the line says.
    typealias Case = CardsErrorCLITests.Case

    static func replacing(_ old: String, with new: String, in text: String = CardsFixture.template) -> String {
        CardsErrorCLITests.replacing(old, with: new, in: text)
    }

    /// A 1e18 pt rounded rect took seconds in `cairo_arc` (1e30 never returned): its size comes from the data.
    static let hugeRect = replacing("layers:\n",
                                    with: "layers:\n  - {type: rect, width: \"{cost}000000000000000000\", height: 10, radius: 50%}\n")

    static let layoutChain = CardsFixture.template + "\nlayouts:\n"
        + (0..<5000).map { "  l\($0): {x: 1\($0 + 1 < 5000 ? ", extends: l\($0 + 1)" : "")}\n" }.joined()

    /// Nine levels of ten aliases each: 10^9 values.
    static let aliasBomb = zip("abcdefghi", "_abcdefgh").map { name, previous in
        let item = previous == "_" ? "x" : "*\(previous)"
        return "- {\(name): &\(name) [\(Array(repeating: item, count: 10).joined(separator: ", "))]}\n"
    }.joined()

    static let noise = """
        <svg xmlns="http://www.w3.org/2000/svg" width="32" height="32">
          <filter id="n"><feTurbulence baseFrequency="0.05" numOctaves="1000"/></filter>
          <rect width="32" height="32" filter="url(#n)"/>
        </svg>
        """

    static let cases: [Case] = [
        Case(name: "a layer box of 1e18 pt from the data",
             template: hugeRect,
             expected: ["cardrender: error: template.yaml:11:25: row 1 (cards.csv:2), layer 1 (rect): ",
                        "`width` is 1000000000000000000pt, beyond the ±72000pt a layer may reach"]),
        Case(name: "a font size of 976,562 pt from markup in the data, with fit",
             csv: replacing("Deal 1 damage. Gain :star:.", with: "<span size='1000000000'>Huge</span>", in: CardsFixture.csv),
             expected: ["cardrender: error: template.yaml:43:5: row 1 (cards.csv:2), layer 5 (text): ",
                        "text markup sets a font size of 97656"]),
        Case(name: "a value with CR LF",
             csv: replacing("01,Spark,spell,1,star,#f4a261,", with: "01,Spark,spell,1,star,\"#f4a2\r\n61\",", in: CardsFixture.csv),
             expected: ["cardrender: error: template.yaml:", "row 1 (cards.csv:2)", "#f4a2\\r\\n61"]),
        Case(name: "a chain of 5000 layouts",
             template: layoutChain,
             expected: ["cardrender: error: template.yaml:", "extends a chain of more than 64 layouts"]),
        Case(name: "YAML data with nested aliases",
             csv: aliasBomb, arguments: ["--data", "rows.yaml"],
             expected: ["cardrender: error: rows.yaml:", "aliases expand the file to more values"]),
        Case(name: "a 16384×6000 PNG, from its header",
             files: ["art/dot.png": Array(pngHeader(width: 16384, height: 6000))],
             expected: ["cardrender: error: template.yaml:", "layer 3 (image): ",
                        "/art/dot.png is 16384×6000 px (98.3 MP), over the limit of 40 MP per picture"]),
        Case(name: "a PNG over --max-pixels, from its header",
             files: ["art/dot.png": Array(pngHeader(width: 100, height: 100))], arguments: ["--max-pixels", "9999"],
             expected: ["cardrender: error: template.yaml:", "/art/dot.png is 100×100 px (10000 px), over the limit of 9999 px"]),
        Case(name: "an icon with 1000 octaves of turbulence",
             files: ["icons/star.svg": Array(noise.utf8)],
             expected: ["cardrender: error: template.yaml: icon `star`: ", "/icons/star.svg: numOctaves=\"1000\" asks librsvg for too much work"]),
    ]

    /// A PNG header with a token IDAT: refused before decoding, or the message would say "corrupt".
    static func pngHeader(width: UInt32, height: UInt32) -> Data {
        func bigEndian(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }
        func crc32(_ bytes: [UInt8]) -> UInt32 {
            var crc: UInt32 = 0xFFFF_FFFF
            for byte in bytes {
                crc ^= UInt32(byte)
                for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
            }
            return ~crc
        }
        func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
            let typed = Array(type.utf8) + body
            return bigEndian(UInt32(body.count)) + typed + bigEndian(crc32(typed))
        }
        return Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", bigEndian(width) + bigEndian(height) + [8, 6, 0, 0, 0])
            + chunk("IDAT", [0x78, 0x9C, 0x63, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01]) + chunk("IEND", []))
    }

    @Test(arguments: cases) func hostileInputIsOneLineExitTwoAndNoFiles(_ bad: Case) throws {
        let game = try CardsFixture.make("cards-hostile", template: bad.template, csv: bad.csv)
        defer { game.remove() }
        for (path, bytes) in bad.files { try game.write(path, Data(bytes)) }
        var arguments = bad.arguments
        if let index = arguments.firstIndex(of: "--data") {
            try game.write(arguments[index + 1], bad.csv)
            arguments.removeSubrange(index...index + 1)
        }
        let data = bad.arguments.firstIndex(of: "--data").map { bad.arguments[$0 + 1] } ?? "cards.csv"
        let started = Date()
        let result = try game.cards(arguments + ["--out", "out"], data: data)
        #expect(Date().timeIntervalSince(started) < 20)
        #expect(result.status == 2, "exit \(result.status): \(result.stderr)")
        // Counted in scalars: "\r\n" is one Character, so splitting on "\n" would not see it.
        #expect(result.stderr.unicodeScalars.filter { $0 == "\n" || $0 == "\r" }.count == 1, "\(result.stderr.debugDescription)")
        let line = result.stderrLines.first ?? ""
        #expect(line.hasPrefix(bad.expected.first ?? ""), "\(line)")
        for part in bad.expected { #expect(line.contains(part), "\"\(part)\" not in: \(line)") }
        #expect(try game.tree("out").keys.sorted().isEmpty)
    }

    /// `diff` with the budget raised as far as it goes and a header of 2³¹−1 × 2³¹−1: the reader's
    /// own limit refuses the file in one line; nothing on the way multiplies its sides in integers.
    @Test func diffRefusesAHostileHeaderWithTheBudgetRaisedToTheMost() throws {
        let dir = try CLIRunner.temporaryDirectory("diff-hostile-header")
        defer { try? FileManager.default.removeItem(at: dir) }
        let small = dir.appendingPathComponent("small.png"), huge = dir.appendingPathComponent("huge.png")
        try PNG.encode(RGBAImage(width: 10, height: 10, pixels: [UInt8](repeating: 255, count: 400))).write(to: small)
        try Self.pngHeader(width: 0x7FFF_FFFF, height: 0x7FFF_FFFF).write(to: huge)
        for program in [CLIRunner.executable, LeanGoldenToolCLITests.lean] {
            for pair in [[small, huge], [huge, small]] {
                let result = try CLIRunner.run(["diff"] + pair.map(\.path) + ["--max-pixels", "\(Int.max)"], program: program)
                #expect(result.status == 2, "\(program.lastPathComponent): exit \(result.status): \(result.stderr)")
                #expect(result.stderrLines.count == 1, "\(result.stderr)")
                #expect(result.stderr.contains("huge.png") && result.stderr.contains("the limit is 16384 px a side"), "\(result.stderr)")
            }
        }
    }

    /// A batch's `--max-pixels` holds a cards job's images too, from their headers. At 72 dpi the
    /// cards are 180×252 px, under the budget; the 300×300 px image is over it.
    @Test func aBatchHoldsACardsJobsImagesToItsBudget() throws {
        let game = try CardsFixture.make("cards-hostile-batch")
        let out = try CLIRunner.temporaryDirectory("cards-hostile-batch-out")
        defer { game.remove(); try? FileManager.default.removeItem(at: out) }
        try game.write("art/dot.png", Self.pngHeader(width: 300, height: 300))
        try game.write("spec.yaml", "jobs:\n  - kind: cards\n    template: template.yaml\n    data: cards.csv\n    dpi: 72\n")
        let result = try CLIRunner.run(["batch", "spec.yaml", "--out", out.path, "--max-pixels", "50000"], in: game.folder)
        #expect(result.status == 2, "exit \(result.status): \(result.stderr)")
        #expect(result.stderrLines.last?.hasPrefix("cardrender: error: job cards/") ?? false, "\(result.stderr)")
        #expect(result.stderr.contains("/art/dot.png is 300×300 px (90000 px), over the limit of 50000 px"), "\(result.stderr)")
    }
}
