import CardTemplates
import Foundation
import SpecFiles
import Testing

/// Templates and data built to hurt: every one is refused in one line, at once, naming where.
@Suite struct HostileTemplateTests {
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

    // MARK: one line

    /// A rect whose width comes from the data.
    static let hugeLayers = """
        layers:
          - {type: rect, width: "{w}", height: 10, radius: 50%}
        """

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
