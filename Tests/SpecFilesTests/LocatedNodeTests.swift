import SpecFiles
import Testing

/// A composed spec is a tree of located nodes: every value and key knows its line and column.
@Suite struct LocatedNodeTests {
    func at(_ line: Int, _ column: Int) -> SpecLocation { SpecLocation(file: "spec.yaml", line: line, column: column) }

    @Test func composeLocatesEveryKeyAndValue() throws {
        let root = try SpecFile.compose("jobs:\n  - kind: deck\n    theme: [classic, ~]\n", file: "spec.yaml")
        let jobs = try #require(try root.entries("the spec")["jobs"])
        #expect(jobs.location == at(2, 3))
        let job = try #require(jobs.items().first).entries("a job")
        #expect(job.map(\.key) == ["kind", "theme"])
        #expect(job.map(\.keyLocation) == [at(2, 5), at(3, 5)])
        #expect(job["kind"] == LocatedNode(scalar: "deck", at: at(2, 11)))
        let theme = try #require(job["theme"])
        #expect(theme == LocatedNode(.list([LocatedNode(scalar: "classic", at: at(3, 13)),
                                            LocatedNode(.scalar("~", isNull: true), at: at(3, 22))]), at: at(3, 12)))
        #expect(theme.items().map(\.isNull) == [false, true])
        // A quoted "~" is text, not null.
        #expect(try SpecFile.compose("a: '~'\n", file: "spec.yaml").entries("the spec")["a"]?.isNull == false)
    }

    @Test func keysGivenTwiceOrNotPlainNamesAreRefusedWhereTheyStand() {
        #expect(throws: SpecError("\"a\" is given twice (first at line 1)", at: at(3, 1))) {
            try SpecFile.compose("a: 1\nb: 2\na: 3\n", file: "spec.yaml")
        }
        #expect(throws: SpecError("keys must be plain names", at: at(2, 3))) {
            try SpecFile.compose("a: 1\n? [b]\n: 2\n", file: "spec.yaml")
        }
    }

    @Test func aMappingWhereAValueOrListBelongsIsRefusedAtTheMapping() throws {
        let root = try SpecFile.compose("a: [1, [2, {b: 3}]]\nc: [1, 2]\n", file: "spec.yaml").entries("the spec")
        #expect(throws: SpecError("`a` must be a value or a list of values", at: at(1, 12))) {
            try root["a"]?.checkValueOrList("a")
        }
        #expect(throws: Never.self) { try root["c"]?.checkValueOrList("c") }
    }
}
