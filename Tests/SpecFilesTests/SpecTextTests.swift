import Foundation
import SpecFiles
import Testing

/// The checks made on a spec's text before the YAML parser sees it: nesting (counted the way
/// libyaml's scanner sees it), UTF-8, characters YAML forbids and empty documents.
@Suite struct SpecTextTests {
    @discardableResult
    func compose(_ data: Data) throws -> LocatedNode {
        try SpecFile.compose(SpecFile.text(of: data, file: "spec.yaml"), file: "spec.yaml")
    }

    @discardableResult
    func compose(_ yaml: String) throws -> LocatedNode { try compose(Data(yaml.utf8)) }

    func message(_ yaml: String) -> String? {
        do {
            try compose(yaml)
            return nil
        } catch {
            return "\(error)"
        }
    }

    /// A spec whose `theme` value nests `levels` flow sequences (the spec's mapping, `jobs`, the
    /// job and the value's own list make 3 more).
    func flowNested(_ levels: Int) -> String {
        "jobs:\n  - kind: deck\n    theme: " + String(repeating: "[", count: levels) + "classic"
            + String(repeating: "]", count: levels) + "\n"
    }

    @Test func nestingDeeperThanTheLimitIsRefusedBeforeParsingWithItsPlace() {
        let limit = SpecFile.maximumDepth
        // 10,000 levels overflowed the stack in the YAML composer.
        #expect(message(flowNested(10_000)) == "spec.yaml:3:\(12 + limit - 3): the file nests deeper than \(limit) levels")
        #expect(message(flowNested(limit - 2)) == "spec.yaml:3:\(12 + limit - 3): the file nests deeper than \(limit) levels")
        // Just under the limit, the spec parses.
        #expect(message(flowNested(limit - 3)) == nil)
        // JSON is YAML's flow style.
        let json = "{\"jobs\": " + String(repeating: "{\"a\": ", count: 5_000) + "1" + String(repeating: "}", count: 5_000) + "}"
        #expect(message(json) == "spec.yaml:1:\(10 + 6 * (limit - 1)): the file nests deeper than \(limit) levels")
        // Block nesting: a mapping per indentation level, and sequences at their key's column.
        func block(_ levels: Int) -> String {
            (0..<levels).map { String(repeating: "  ", count: $0) + "a:" }.joined(separator: "\n") + " x\n"
        }
        #expect(message(block(200)) == "spec.yaml:\(limit + 1):\(2 * limit + 1): the file nests deeper than \(limit) levels")
        #expect(message(block(limit)) == nil)
        let sequences = (0..<100).map { String(repeating: "  ", count: $0) + "- a:" }.joined(separator: "\n")
        #expect(message("a:\n" + sequences + " x\n")?.hasPrefix("spec.yaml:33:") == true)
        #expect(message(String(repeating: "- ", count: 200) + "x\n") == "spec.yaml:1:\(2 * limit + 1): the file nests deeper than \(limit) levels")
        // Aliases copy their anchor's levels where they stand (60,000 overflowed the stack).
        let chain = ["a0: &a0 x"] + (1..<60_000).map { "a\($0): &a\($0) [*a\($0 - 1)]" }
        #expect(message(chain.joined(separator: "\n") + "\n") == "spec.yaml:\(limit + 1):12: the file nests deeper than \(limit) levels")
    }

    @Test func bracketsInQuotesCommentsAndScalarsAreNotNesting() {
        let many = String(repeating: "[{", count: 100)
        let spec = """
            # \(many)
            jobs:  # \(many)
              - kind: deck
                theme: "\(many)\\"[" # \(many)
                size: '\(many)''['
                scale: a\(many)
                formats: |
                  \(many)
                    \(many)
              - kind: keyboard  # \(many)
                device: >-
                  \(many)
                orientation: "multi-line \(many)
                  quoted \(many)"
                strategy: [a, "\(many)", '\(many)', b]

            """
        // Every bracket above is text: the spec parses.
        #expect(throws: Never.self) { try compose(spec) }
    }

    @Test func emptyFilesBadUTF8AndControlCharactersNameTheirPlace() {
        #expect(message("") == "spec.yaml:1:1: the spec is empty")
        #expect(message("# only a comment\n") == "spec.yaml:1:1: the spec is empty")
        #expect(throws: SpecError("the spec is not UTF-8 text (byte 0xFF)", at: SpecLocation(file: "spec.yaml", line: 3, column: 12))) {
            try compose(Data("jobs:\n  - kind: deck\n    theme: ".utf8) + [0xFF])
        }
        #expect(throws: SpecError("the spec is not UTF-8 text (byte 0xC3)", at: SpecLocation(file: "spec.yaml", line: 1, column: 4))) {
            try compose(Data("é: ".utf8) + [0xC3, 0x28])
        }
        #expect(message("jobs:\n  - kind: deck\n    the\u{0}me: classic\n")
                == "spec.yaml:3:8: the spec contains a NUL byte, which YAML does not allow")
        #expect(message("jobs:\n  - kind: d\u{7}eck\n")
                == "spec.yaml:2:12: the spec contains the control character U+0007, which YAML does not allow")
    }
}
