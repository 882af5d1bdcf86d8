import BatchRendering
import Foundation
import SpecFiles
import Testing

@Suite struct SpecTests {
    let kinds = [JobKindSchema(kind: "deck", keys: ["theme", "size", "scale", "formats"]),
                 JobKindSchema(kind: "keyboard", keys: ["device", "orientation", "strategy", "scale"])]

    func parse(_ yaml: String) throws -> [SpecJob] {
        try BatchSpec.parse(Data(yaml.utf8), file: "spec.yaml", kinds: kinds)
    }

    @Test func listsExpandAsAMatrixWithDefaults() throws {
        let jobs = try parse("""
        defaults:
          scale: 2
        jobs:
          - kind: deck
            theme: [classic, four-color]
            size: [poker, bridge, 100x140]
            output: decks/{theme}-{size}
          - kind: keyboard
            device: iphone-8
            orientation: [portrait, landscape]
            scale: 1
        """)
        #expect(jobs.count == 8)
        #expect(jobs[0].parameters == ["scale": "2", "theme": "classic", "size": "poker"])
        #expect(jobs[0].output == "decks/classic-poker")
        #expect(jobs[5].output == "decks/four-color-100x140")
        #expect(jobs[6].parameters == ["scale": "1", "device": "iphone-8", "orientation": "portrait"])
        #expect(jobs[6].output == nil)
    }

    @Test func jsonSpecsWorkToo() throws {
        let jobs = try parse(#"{"jobs": [{"kind": "deck", "theme": ["classic", "large-index"]}]}"#)
        #expect(jobs.map { $0.parameters["theme"] } == ["classic", "large-index"])
    }

    @Test func unknownKeysNameLineColumnAndSuggest() {
        #expect {
            try parse("jobs:\n  - kind: deck\n    theem: classic\n")
        } throws: { error in
            let text = "\(error)"
            return text.hasPrefix("spec.yaml:3:5:") && text.contains("did you mean \"theme\"")
        }
        #expect {
            try parse("defaults:\n  scael: 2\njobs:\n  - kind: deck\n")
        } throws: { error in "\(error)".hasPrefix("spec.yaml:2:3:") && "\(error)".contains("\"scale\"") }
        #expect {
            try parse("jobs:\n  - kind: dekc\n")
        } throws: { error in "\(error)".hasPrefix("spec.yaml:2:11:") && "\(error)".contains("\"deck\"") }
        #expect {
            try parse("job:\n  - kind: deck\n")
        } throws: { error in "\(error)".contains("did you mean \"jobs\"") }
    }

    @Test func malformedYAMLNamesTheLine() {
        #expect {
            try parse("jobs:\n  - kind: deck\n    theme: [classic\n")
        } throws: { error in
            let text = "\(error)"
            return text.hasPrefix("spec.yaml:") && text.contains("malformed YAML") && !text.contains("\n")
        }
    }

    @Test func emptyExpansionsAreErrors() {
        #expect(throws: SpecError.self) { try parse("jobs: []\n") }
        #expect(throws: SpecError.self) { try parse("jobs:\n  - kind: deck\n    theme: []\n") }
        #expect(throws: SpecError.self) { try parse("") }
        #expect(throws: SpecError.self) { try parse("jobs:\n  - kind: deck\n    output: x/{colour}\n") }
    }

    @Test func missingFileAndFolderAreClearErrors() throws {
        #expect {
            try BatchSpec.load(contentsOf: URL(fileURLWithPath: "/nonexistent/spec.yaml"), kinds: kinds)
        } throws: { "\($0)".contains("does not exist") }
        #expect {
            try BatchSpec.load(contentsOf: FileManager.default.temporaryDirectory, kinds: kinds)
        } throws: { "\($0)".contains("is a folder") }
    }

    @Test func aKeyGivenTwiceIsAnError() {
        #expect {
            try parse("jobs:\n  - kind: deck\n    theme: classic\n    theme: four-color\n")
        } throws: { "\($0)" == "spec.yaml:4:5: \"theme\" is given twice (first at line 3)" }
    }

    func message(_ yaml: String) -> String? {
        do {
            _ = try parse(yaml)
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
        #expect(message(flowNested(10_000)) == "spec.yaml:3:\(12 + limit - 3): the spec nests deeper than \(limit) levels")
        #expect(message(flowNested(limit - 2)) == "spec.yaml:3:\(12 + limit - 3): the spec nests deeper than \(limit) levels")
        // Just under the limit, the spec parses and the error is about the value.
        #expect(message(flowNested(limit - 3))?.hasSuffix("`theme` must be a value or a list of values") == true)
        // JSON is YAML's flow style.
        let json = "{\"jobs\": " + String(repeating: "{\"a\": ", count: 5_000) + "1" + String(repeating: "}", count: 5_000) + "}"
        #expect(message(json) == "spec.yaml:1:\(10 + 6 * (limit - 1)): the spec nests deeper than \(limit) levels")
        // Block nesting: a mapping per indentation level, and sequences at their key's column.
        func block(_ levels: Int) -> String {
            (0..<levels).map { String(repeating: "  ", count: $0) + "a:" }.joined(separator: "\n") + " x\n"
        }
        #expect(message(block(200)) == "spec.yaml:\(limit + 1):\(2 * limit + 1): the spec nests deeper than \(limit) levels")
        #expect(message(block(limit))?.contains("nests deeper") == false)
        let sequences = (0..<100).map { String(repeating: "  ", count: $0) + "- a:" }.joined(separator: "\n")
        #expect(message("a:\n" + sequences + " x\n")?.hasPrefix("spec.yaml:33:") == true)
        #expect(message(String(repeating: "- ", count: 200) + "x\n") == "spec.yaml:1:\(2 * limit + 1): the spec nests deeper than \(limit) levels")
        // Aliases copy their anchor's levels where they stand (60,000 overflowed the stack).
        let chain = ["a0: &a0 x"] + (1..<60_000).map { "a\($0): &a\($0) [*a\($0 - 1)]" }
        #expect(message(chain.joined(separator: "\n") + "\n") == "spec.yaml:\(limit + 1):12: the spec nests deeper than \(limit) levels")
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
        // Every bracket above is text: the spec parses (and then its values are checked).
        #expect(throws: Never.self) { try parse(spec) }
    }

    @Test func emptyFilesBadUTF8AndControlCharactersNameTheirPlace() {
        #expect(message("") == "spec.yaml:1:1: the spec is empty")
        #expect(message("# only a comment\n") == "spec.yaml:1:1: the spec is empty")
        #expect(throws: SpecError("the spec is not UTF-8 text (byte 0xFF)", at: SpecLocation(file: "spec.yaml", line: 3, column: 12))) {
            try BatchSpec.parse(Data("jobs:\n  - kind: deck\n    theme: ".utf8) + [0xFF], file: "spec.yaml", kinds: kinds)
        }
        #expect(throws: SpecError("the spec is not UTF-8 text (byte 0xC3)", at: SpecLocation(file: "spec.yaml", line: 1, column: 4))) {
            try BatchSpec.parse(Data("é: ".utf8) + [0xC3, 0x28], file: "spec.yaml", kinds: kinds)
        }
        #expect(message("jobs:\n  - kind: deck\n    the\u{0}me: classic\n")
                == "spec.yaml:3:8: the spec contains a NUL byte, which YAML does not allow")
        #expect(message("jobs:\n  - kind: d\u{7}eck\n")
                == "spec.yaml:2:12: the spec contains the control character U+0007, which YAML does not allow")
    }

    @Test func outputPathsThatLeaveOutNameTheirOutputAndPlaceholder() {
        #expect(message("jobs:\n  - kind: deck\n    output: /tmp/decks\n")
                == "spec.yaml:3:13: output path \"/tmp/decks\" is absolute; give a path inside --out")
        #expect(message("jobs:\n  - kind: deck\n    theme: [classic, ..]\n    output: decks/{theme}/../../x\n")?
                    .hasPrefix("spec.yaml:4:13: output path \"decks/classic/../../x\" uses \"..\"") == true)
        #expect(message("jobs:\n  - kind: deck\n    theme: [classic, ..]\n    output: decks/{theme}\n")
                == "spec.yaml:4:13: output path \"decks/..\" uses \"..\"; it must stay inside --out ({theme} is \"..\")")
        #expect(message("jobs:\n  - kind: deck\n    theme: /etc\n    output: \"{theme}\"\n")
                == "spec.yaml:4:13: output path \"/etc\" is absolute; give a path inside --out ({theme} is \"/etc\")")
        #expect(message("jobs:\n  - kind: deck\n    output: .\n") == nil)
    }

    @Test func filesTwoJobsWriteAreNamedAtTheFirstJobsOutput() throws {
        func check(_ yaml: String, _ files: (SpecJob) -> [String]) throws -> String? {
            let specJobs = try parse(yaml)
            let jobs = specJobs.enumerated().map { index, job in
                BatchJob(id: "\(index)", kind: job.kind, parameters: job.parameters, outputs: files(job),
                         estimatedCost: 1, inputKey: "") { [] }
            }
            do {
                try BatchSpec.checkOutputs(of: specJobs, planned: jobs, under: FileManager.default.temporaryDirectory)
                return nil
            } catch {
                return "\(error)"
            }
        }
        let two = "jobs:\n  - kind: deck\n    output: decks\n  - kind: keyboard\n    scale: 1\n    output: decks\n"
        #expect(try check(two) { [($0.output ?? "") + "/AS.png"] }
                == "spec.yaml:3:13: this job and the job at line 6 both write decks/AS.png")
        let matrix = "jobs:\n  - kind: deck\n    theme: [classic, four-color]\n    size: poker\n    output: decks\n"
        #expect(try check(matrix) { [($0.output ?? "") + "/AS.png"] }
                == "spec.yaml:5:13: two jobs of this matrix (theme=classic and theme=four-color) both write decks/AS.png; "
                + "put {theme} in `output`")
        #expect(try check(two) { _ in ["manifest.json"] } == "spec.yaml:3:13: manifest.json is written by the batch run itself; give this job another output")
        #expect(try check(two) { [($0.output ?? "") + "/\($0.kind).png"] } == nil)
    }
}
