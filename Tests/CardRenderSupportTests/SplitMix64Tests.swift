import CardRenderSupport
import Testing

@Suite struct SplitMix64Tests {
    /// The reference implementation's first outputs for seed 0 (Vigna, splitmix64.c).
    @Test func matchesTheReferenceSequence() {
        var generator = SplitMix64(seed: 0)
        #expect(generator.next() == 0xE220_A839_7B1D_CDAF)
        #expect(generator.next() == 0x6E78_9E6A_A1B9_65F4)
        #expect(generator.next() == 0x06C4_5D18_8009_454F)
    }

    @Test func boundedValuesStayBelowTheBoundAndCoverIt() {
        var generator = SplitMix64(seed: 42)
        var seen = Set<UInt64>()
        for _ in 0..<1000 {
            let value = generator.next(below: 7)
            #expect(value < 7)
            seen.insert(value)
        }
        #expect(seen.count == 7)
    }
}
