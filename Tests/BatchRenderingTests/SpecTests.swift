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

    @Test func defaultsDoNotSupplyWhatAJobsOwnKeyFixes() throws {
        let kinds = [JobKindSchema(kind: "keyboard", keys: ["device", "orientation", "scenario", "scale"],
                                   fixedBy: ["scenario": ["device", "orientation"]])]
        let jobs = try BatchSpec.parse(Data("""
        defaults:
          device: iphone-8
          orientation: landscape
          scale: 2
        jobs:
          - kind: keyboard
            scenario: hardware-keyboard
          - kind: keyboard
            scenario: split
            orientation: portrait
          - kind: keyboard
        """.utf8), file: "spec.yaml", kinds: kinds)
        #expect(jobs.map(\.parameters) == [
            ["scale": "2", "scenario": "hardware-keyboard"],
            // What the job names itself stays, for the request to refuse with its line.
            ["scale": "2", "scenario": "split", "orientation": "portrait"],
            ["device": "iphone-8", "orientation": "landscape", "scale": "2"],
        ])
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
        let refusals = [
            "jobs: []\n": "spec.yaml:1:7: `jobs` is empty",
            "jobs:\n  - kind: deck\n    theme: []\n": "spec.yaml:3:12: `theme` is an empty list, so the job expands to zero jobs",
            "": "spec.yaml:1:1: the spec is empty",
            "jobs:\n  - kind: deck\n    output: x/{colour}\n":
                "spec.yaml:3:13: output path x/{colour} uses {colour}, which this job does not set",
        ]
        for (text, message) in refusals {
            let error = #expect(throws: SpecError.self) { try parse(text) }
            #expect(error?.description == message)
        }
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

    @Test func aListOfListsOrAMappingIsNotAValue() {
        #expect(message("jobs:\n  - kind: deck\n    theme: [[classic]]\n")
                == "spec.yaml:3:13: `theme` must be a value or a list of values")
        #expect(message("defaults:\n  theme: {a: b}\njobs:\n  - kind: deck\n")
                == "spec.yaml:2:10: `theme` must be a value or a list of values")
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
