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
}
