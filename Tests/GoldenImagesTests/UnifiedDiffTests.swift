@testable import GoldenImageTesting
import Testing

@Suite("Unified line diffs")
struct UnifiedDiffTests {
    static let tenLines = (1...10).map { "l\($0)" }

    @Test func changesCloseTogetherShareAHunk() {
        var actual = Self.tenLines
        actual[1] = "L2"
        actual.remove(at: 8)
        actual.append("new")
        let diff = UnifiedDiff(expected: Self.tenLines.joined(separator: "\n"), actual: actual.joined(separator: "\n"))
        #expect(diff.text(headers: ("a", "b")) == """
            --- a
            +++ b
            @@ -1,10 +1,10 @@
             l1
            -l2
            +L2
             l3
             l4
             l5
             l6
             l7
             l8
            -l9
             l10
            +new
            """)
        #expect(diff.summary == "2 lines removed, 2 added")

        let narrow = UnifiedDiff(expected: Self.tenLines.joined(separator: "\n"), actual: actual.joined(separator: "\n"),
                                 contextLines: 2)
        #expect(narrow.hunks.map(\.header) == ["@@ -1,4 +1,4 @@", "@@ -7,4 +7,4 @@"])
    }

    @Test func anEmptySideIsNumberedByTheLineBefore() {
        let inserted = UnifiedDiff(expected: "a\nb", actual: "a\nx\nb", contextLines: 0)
        #expect(inserted.text() == "@@ -1,0 +2 @@\n+x")
        #expect(inserted.summary == "1 line added")
        let deleted = UnifiedDiff(expected: "a\nx\nb", actual: "a\nb", contextLines: 0)
        #expect(deleted.text() == "@@ -2 +1,0 @@\n-x")
    }

    @Test func theEditScriptIsShortest() {
        // Myers' paper's example: 5 edits.
        let diff = UnifiedDiff(expected: "a\nb\nc\na\nb\nb\na", actual: "c\nb\na\nb\na\nc")
        #expect(diff.removedCount + diff.addedCount == 5)
        #expect(diff.removedCount == 3)
    }

    @Test func beyondTheEditLimitTheMiddleIsReplacedWhole() {
        let old = ["same"] + (0..<50).map { "old \($0)" } + ["end"]
        let new = ["same"] + (0..<50).map { "new \($0)" } + ["end"]
        let edits = UnifiedDiff.editScript(old, new, editLimit: 10)
        #expect(edits == [.same("same")] + (0..<50).map { .removed("old \($0)") } + (0..<50).map { .added("new \($0)") }
                + [.same("end")])
        #expect(UnifiedDiff.editScript(old, new).count == 102)
    }

    @Test func longDiffsAreCutInTheMessage() {
        let diff = UnifiedDiff(expected: "a\nb\nc", actual: "x\ny\nz", contextLines: 0)
        #expect(diff.text(lineLimit: 3) == "@@ -1,3 +1,3 @@\n-a\n-b\n… 4 more diff lines")
    }
}
