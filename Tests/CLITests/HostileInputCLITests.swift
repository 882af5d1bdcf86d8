import Foundation
import Testing

/// `cardrender cards` given templates and data built to hang, crash or exhaust memory:
/// one line on stderr naming where, exit status 2, nothing written, and no time to speak of.
@Suite struct HostileInputCLITests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var template: String = CardsFixture.template
        var csv: String = CardsFixture.csv
        var files: [String: [UInt8]] = [:]
        var arguments: [String] = []
        /// Parts of the message, each of which must appear in it; the first starts it.
        var expected: [String]

        var testDescription: String { name }
    }

    static func replacing(_ old: String, with new: String, in text: String = CardsFixture.template) -> String {
        precondition(text.contains(old), "the fixture no longer contains \(old)")
        return text.replacingOccurrences(of: old, with: new)
    }

    /// Nine levels of ten aliases each: 10^9 values.
    static let aliasBomb = zip("abcdefghi", "_abcdefgh").map { name, previous in
        let item = previous == "_" ? "x" : "*\(previous)"
        return "- {\(name): &\(name) [\(Array(repeating: item, count: 10).joined(separator: ", "))]}\n"
    }.joined()

    static let cases: [Case] = [
        Case(name: "a value with CR LF",
             csv: replacing("01,Spark,spell,1,star,#f4a261,", with: "01,Spark,spell,1,star,\"#f4a2\r\n61\",", in: CardsFixture.csv),
             expected: ["cardrender: error: template.yaml:", "row 1 (cards.csv:2)", "#f4a2\\r\\n61"]),
        Case(name: "YAML data with nested aliases",
             csv: aliasBomb, arguments: ["--data", "rows.yaml"],
             expected: ["cardrender: error: rows.yaml:", "aliases expand the file to more values"]),
    ]

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
}
