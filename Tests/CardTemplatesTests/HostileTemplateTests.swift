import CardTemplates
import Foundation
import SpecFiles
import Testing

/// Templates and data built to hurt: every one is refused in one line, at once, naming where.
@Suite struct HostileTemplateTests {
    // MARK: extends and layout chains

    /// A chain of `count` template files, `t0.yaml` extending `t1.yaml` … the last extending none.
    static func templateChain(_ count: Int, in files: Fixtures) throws -> URL {
        for index in (0..<count).reversed() {
            let extends = index + 1 < count ? "extends: t\(index + 1).yaml\n" : ""
            try files.write("t\(index).yaml", extends + "layouts: {l\(index): {x: \(index)}}\n")
        }
        return files.folder.appendingPathComponent("t0.yaml")
    }

    @Test func aChainOfSixtyFourTemplatesIsRead() throws {
        let files = try Fixtures()
        let url = try Self.templateChain(64, in: files)
        let template = try CardTemplate.load(contentsOf: url, displayName: "t0.yaml")
        #expect(template.sourceFiles.count == 64)
        #expect(template.sourceFiles.first?.lastPathComponent == "t63.yaml")
    }

    /// Some thousands of files overflowed the stack through the YAML reader (one recursion per
    /// file); any chain longer than the bound stops at the bound.
    @Test func aLongerTemplateChainIsOneLine() throws {
        let files = try Fixtures()
        let url = try Self.templateChain(100, in: files)
        let message = specError { _ = try CardTemplate.load(contentsOf: url, displayName: "t0.yaml") }
        #expect(message == "t63.yaml:1:10: the template extends a chain of more than 64 templates")
    }

    @Test func aTemplateCycleIsStillNamedInOrder() throws {
        let files = try Fixtures()
        try files.write("a.yaml", "extends: b.yaml\n")
        try files.write("b.yaml", "extends: c.yaml\n")
        try files.write("c.yaml", "extends: b.yaml\n")
        let message = specError { _ = try files.template("a.yaml", "extends: b.yaml\n") }
        #expect(message == "c.yaml:1:10: templates extend each other in a cycle: b.yaml → c.yaml → b.yaml")
    }

    /// `count` layouts, each extending the next; the last sets `x: 1`, every other adds 1. With
    /// `reversedNames` the last is `l0`, so resolving in name order meets the bases first.
    static func layoutChain(_ count: Int, reversedNames: Bool = false) -> String {
        func name(_ position: Int) -> String { "l\(reversedNames ? count - 1 - position : position)" }
        var text = "layouts:\n"
        for position in 0..<count {
            let body = position + 1 < count ? "x: += 1, extends: \(name(position + 1))" : "x: 1"
            text += "  \(name(position)): {\(body)}\n"
        }
        return text
    }

    @Test func aChainOfSixtyFourLayoutsResolves() throws {
        let files = try Fixtures()
        let template = try files.template("layouts.yaml", Self.layoutChain(64)
            + "layers:\n  - {type: rect, layout: l0, width: 10, height: 10}\n")
        let card = try #require(try template.cards(from: nil).first)
        #expect(card.layers.first?.box.minX == 64)
    }

    /// `l0` extends `l1` … `l4999` crashed the resolver's recursion; so did 50,000.
    @Test(arguments: [false, true]) func aLongerLayoutChainIsOneLine(reversedNames: Bool) throws {
        let files = try Fixtures()
        let message = specError { _ = try files.template("layouts.yaml", Self.layoutChain(5000, reversedNames: reversedNames)) }
        let line = try #require(message)
        #expect(line.hasPrefix("layouts.yaml:"), "\(line)")
        #expect(line.hasSuffix("extends a chain of more than 64 layouts"), "\(line)")
    }

    // MARK: aliases

    /// Nine levels of ten aliases each: 10^9 values from a few hundred bytes.
    static let aliasBomb = """
        a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]
        b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]
        c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]
        d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]
        e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]
        f: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e, *e]
        g: &g [*f, *f, *f, *f, *f, *f, *f, *f, *f, *f]
        h: &h [*g, *g, *g, *g, *g, *g, *g, *g, *g, *g]
        i: &i [*h, *h, *h, *h, *h, *h, *h, *h, *h, *h]

        """

    @Test func anAliasBombTemplateIsRefusedAtOnce() throws {
        let files = try Fixtures()
        let clock = ContinuousClock()
        var message: String?
        let elapsed = clock.measure {
            message = specError { _ = try files.template("bomb.yaml", "layouts:\n" + Self.aliasBomb.split(separator: "\n")
                .map { "  " + $0 }.joined(separator: "\n") + "\n") }
        }
        let line = try #require(message)
        #expect(line.hasPrefix("bomb.yaml:"), "\(line)")
        #expect(line.contains("aliases expand the file to more values than it could hold written out"), "\(line)")
        #expect(elapsed < .seconds(2), "\(elapsed)")
    }

    @Test func anAliasBombInYAMLDataIsRefusedAtOnce() throws {
        let files = try Fixtures()
        let line = try #require(specError { _ = try files.data("rows.yaml", Self.aliasBomb) })
        #expect(line.hasPrefix("rows.yaml:"), "\(line)")
        #expect(line.contains("aliases expand the file"), "\(line)")
    }

    /// Aliases that repeat a little are fine.
    @Test func aFewAliasesAreRead() throws {
        let files = try Fixtures()
        let data = try files.data("rows.yaml", """
            - &base {name: Spark, cost: 1}
            - *base
            - *base
            """)
        #expect(data.rows.count == 3)
        #expect(data.rows[2].values["name"] == "Spark")
    }

    // MARK: layer geometry

    /// 10^30, written out (lengths take no exponents).
    static let huge = "1" + String(repeating: "0", count: 30)

    static let hugeLayers = """
        layers:
          - {type: rect, width: "{w}", height: 10, radius: 50%}
        """

    /// A 10^30 pt box with rounded corners never came back from `cairo_arc`.
    @Test(arguments: [huge, "1000000000000000000", "72001pt", "-1000000000", huge + "%"])
    func aHugeLayerBoxIsRefused(width: String) throws {
        let files = try Fixtures()
        let template = try files.template("huge.yaml", Self.hugeLayers)
        let data = try files.data("cards.csv", "w\n\(width)\n")
        let line = try #require(specError { _ = try template.cards(from: data) })
        #expect(line.hasPrefix("huge.yaml:2:25: row 1 (cards.csv:2), layer 1 (rect): `width` is "), "\(line)")
        #expect(line.hasSuffix("pt, beyond the ±72000pt a layer may reach (10 times the largest card)"), "\(line)")
    }

    @Test(arguments: [
        ("{type: playing-card, card: QH, x: 0, y: 0, width: \(huge), height: \(huge)}", "`width`"),
        ("{type: image, src: a.png, clip: rounded-rect, radius: \(huge), width: 10, height: 10}", "`radius`"),
        ("{type: line, from: [0, 0], to: [\(huge), 0]}", "`to`"),
        ("{type: rect, stroke-width: \(huge)}", "`stroke-width`"),
        ("{type: rect, fill: {radial: {radius: \(huge)}, stops: [red, blue]}}", "`radius`"),
    ]) func everyHugeLengthIsRefused(layer: String, key: String) throws {
        let files = try Fixtures()
        try files.write("a.png", Data([0x89, 0x50, 0x4E, 0x47]))
        let template = try files.template("huge.yaml", "layers:\n  - \(layer)\n")
        let line = try #require(specError { _ = try template.cards(from: nil) })
        #expect(line.contains("layer 1 (") && line.contains("\(key) is 1e+30pt, beyond"), "\(line)")
    }

    @Test func aHugeBleedIsRefused() throws {
        let files = try Fixtures()
        let line = specError { _ = try files.template("bleed.yaml", "card: {bleed: \(Self.huge)}\n") }
        #expect(line == "bleed.yaml:1:15: `bleed` must be at most 7200pt (the largest card side), got \"\(Self.huge)\"")
    }

    // MARK: one line

    /// `"\r\n"` is one Character: a split on "\n" kept both breaks in the message.
    @Test(arguments: ["12\r\nmm", "12\nmm", "12\rmm", "12\u{2028}mm"]) func aValueWithLineBreaksStaysOneLine(value: String) throws {
        let files = try Fixtures()
        let template = try files.template("one.yaml", Self.hugeLayers)
        let data = try files.data("cards.json", "[{\"w\": \(String(reflecting: value).replacingOccurrences(of: "\u{2028}", with: "\\u2028"))}]")
        let line = try #require(specError { _ = try template.cards(from: data) })
        let breaks = line.filter(\.isNewline)
        #expect(breaks.isEmpty, "\(line.debugDescription)")
        #expect(!line.unicodeScalars.contains { $0 == "\n" || $0 == "\r" || $0 == "\u{2028}" }, "\(line.debugDescription)")
        #expect(line.contains("got \"12\\"), "\(line)")
    }
}
