import BatchRendering
import Foundation
import SpecFiles
import Testing

/// The one reader of a spec's shape, as batch specs (`jobs`, each with a `kind`) and keyboard
/// specs (`diagrams`, or a bare list) use it.
@Suite struct SpecEntriesTests {
    let keyboard = JobKindSchema(kind: "keyboard", keys: ["device", "orientation", "scenario", "format", "keyboard-frame"],
                                 fixedBy: ["scenario": ["device", "orientation"]])
    let deck = JobKindSchema(kind: "deck", keys: ["theme", "format"])

    var diagrams: SpecEntries { SpecEntries(listKey: "diagrams", entryName: "diagram", allowsBareList: true, kinds: [keyboard]) }
    var jobs: SpecEntries { SpecEntries(listKey: "jobs", entryName: "job", kindKey: "kind", kinds: [deck, keyboard]) }

    func read(_ text: String, with reader: SpecEntries) throws(SpecError) -> [SpecEntry] {
        try reader.read(SpecFile.compose(text, file: "spec.yaml"))
    }

    func error(_ text: String, with reader: SpecEntries) -> String? {
        do { _ = try read(text, with: reader) } catch { return error.description }
        return nil
    }

    /// A value of an entry as its text, or its list's texts joined by commas.
    func value(_ entry: SpecEntry, _ key: String) -> String? {
        entry.values.first { $0.key == key }.map { $0.value.scalars.joined(separator: ",") }
    }

    @Test func defaultsAreMergedUnderTheEntrysOwnValuesAndListsStayLists() throws {
        let entries = try read("""
            defaults: {format: [png, svg], device: iphone-8}
            diagrams:
              - orientation: landscape
                keyboard-frame: [0, 181, 667, 194]
              - device: ipad
                format: pdf
                output: notes/ipad
            """, with: diagrams)
        #expect(entries.map(\.values.count) == [4, 2])
        #expect(value(entries[0], "device") == "iphone-8")
        #expect(value(entries[0], "format") == "png,svg")
        #expect(value(entries[0], "keyboard-frame") == "0,181,667,194")
        #expect(entries[0].fields.location(of: "device") == SpecLocation(file: "spec.yaml", line: 1, column: 40))
        #expect(value(entries[1], "device") == "ipad" && value(entries[1], "format") == "pdf")
        #expect(entries[1].output?.scalar == "notes/ipad")
        #expect(entries[1].outputLocation == SpecLocation(file: "spec.yaml", line: 7, column: 13))
        #expect(entries[0].outputLocation == entries[0].location)
        // The keyboard spec may be the list alone; a batch spec may not.
        #expect(try read("- device: ipad\n", with: diagrams).count == 1)
        #expect(error("- kind: deck\n", with: jobs) == "spec.yaml:1:1: a spec is a mapping with `defaults` and `jobs`")
        #expect(error("text\n", with: diagrams)
            == "spec.yaml:1:1: a spec is a list of diagrams or a mapping with `defaults` and `diagrams`")
    }

    @Test func aKeyThatFixesOthersKeepsTheirDefaultsOut() throws {
        let entries = try read("""
            defaults:
              device: iphone-8
              orientation: landscape
            diagrams:
              - scenario: tab-bar
              - scenario: split-view
                orientation: portrait
              - device: ipad
            """, with: diagrams)
        #expect(entries[0].values.map(\.key) == ["scenario"])
        // What the entry names itself stays, for its request to refuse at its line.
        #expect(entries[1].values.map(\.key) == ["scenario", "orientation"])
        #expect(value(entries[1], "orientation") == "portrait")
        #expect(entries[2].values.map(\.key) == ["orientation", "device"])
        // A scenario among the defaults fixes the defaulted device too.
        let defaulted = try read("defaults:\n  device: iphone-8\n  scenario: tab-bar\ndiagrams:\n  - format: svg\n", with: diagrams)
        #expect(defaulted[0].values.map(\.key) == ["scenario", "format"])
    }

    @Test func unknownKeysAreNamedWhereTheyAreWritten() {
        #expect(error("diagrams:\n  - devcie: iphone-8\n", with: diagrams)
            == "spec.yaml:2:5: unknown key \"devcie\"; did you mean \"device\"?")
        #expect(error("defaults:\n  orientaton: landscape\ndiagrams:\n  - device: ipad\n", with: diagrams)
            == "spec.yaml:2:3: unknown key \"orientaton\"; did you mean \"orientation\"?")
        #expect(error("jobs:\n  - kind: deck\n    device: ipad\n", with: jobs)
            == "spec.yaml:3:5: unknown key for a deck job \"device\"; valid: theme, format, kind, output")
        #expect(error("jobs:\n  - kind: dekc\n", with: jobs) == "spec.yaml:2:11: unknown job kind \"dekc\"; did you mean \"deck\"?")
        #expect(error("jobs:\n  - theme: classic\n", with: jobs) == "spec.yaml:2:5: job has no `kind` (one of deck, keyboard)")
        #expect(error("diagram:\n  - device: ipad\n", with: diagrams)
            == "spec.yaml:1:1: unknown key \"diagram\"; did you mean \"diagrams\"?")
    }

    @Test func badValuesInAListEntryNameTheirLineAndColumn() {
        #expect(error("diagrams:\n  - device: ipad\n  - format: [png, {a: b}]\n", with: diagrams)
            == "spec.yaml:3:19: `format` must be a value or a list of values")
        #expect(error("diagrams:\n  - device: ipad\n  - just text\n", with: diagrams)
            == "spec.yaml:3:5: each diagram is a mapping of keys")
        #expect(error("jobs:\n  - kind: deck\n  - [deck]\n", with: jobs) == "spec.yaml:3:5: each job is a mapping with a `kind`")
        #expect(error("diagrams:\n  - output: [a, b]\n", with: diagrams) == "spec.yaml:2:13: `output` must be a path")
        #expect(error("defaults:\n  output: a\ndiagrams:\n  - device: ipad\n", with: diagrams)
            == "spec.yaml:2:3: `output` names one diagram's files and cannot be a default")
        #expect(error("defaults: [a]\ndiagrams:\n  - device: ipad\n", with: diagrams) == "spec.yaml:1:11: `defaults` must be a mapping")
        #expect(error("defaults:\n  device: ipad\n", with: diagrams) == "spec.yaml:1:1: the spec has no `diagrams` list")
        #expect(error("diagrams: ipad\n", with: diagrams) == "spec.yaml:1:11: `diagrams` must be a list")
        let tooMany = String(repeating: "- device: ipad\n", count: SpecEntries.maximumEntries + 1)
        #expect(error(tooMany, with: diagrams) == "spec.yaml:1:1: `diagrams` lists 10001 diagrams, more than 10000")
    }
}
