import CardRenderSupport
import Testing

@Suite struct NearestNameTests {
    @Test func swappedNeighboursAreOneEdit() {
        #expect(NearestName.editDistance("theem", "theme") == 1)
        #expect(NearestName.editDistance("theem", "sheet") == 2)
        #expect(NearestName.suggestion(for: "theem", among: ["sheet", "theme", "size"]) == "theme")
    }

    @Test func aUniquePrefixIsSuggested() {
        let scenarios = ["hardware-keyboard", "tab-bar", "split-view", "split-keyboard"]
        #expect(NearestName.suggestion(for: "hardwar", among: scenarios) == "hardware-keyboard")
        // An ambiguous prefix falls back to edit distance, which finds nothing close here.
        #expect(NearestName.suggestion(for: "split", among: scenarios) == nil)
    }

    @Test func farNamesGetNoSuggestion() {
        #expect(NearestName.suggestion(for: "zebra", among: ["poker", "bridge"]) == nil)
        #expect(NearestName.suggestion(for: "", among: ["poker"]) == nil)
    }

    @Test func everyHintHasOneWording() {
        #expect(NearestName.hint(for: "theem", among: ["sheet", "theme"]) == "; did you mean \"theme\"?")
        #expect(NearestName.hint(for: "zebra", among: ["poker", "bridge"]) == "")
        #expect(NearestName.hint(suggesting: "{rank}") == "; did you mean \"{rank}\"?")
        #expect(NearestName.hint(suggesting: nil) == "")
    }

    @Test func aCountTakesTheSingularForOneAndThePluralOtherwise() {
        #expect(counted(1, "job") == "1 job")
        #expect(counted(0, "file") == "0 files")
        #expect(counted(3, "folder") == "3 folders")
        #expect(counted(2, "entry") == "2 entries")
    }
}
