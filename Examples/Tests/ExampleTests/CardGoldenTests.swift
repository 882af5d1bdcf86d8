// CardGoldenTests.swift
import GoldenImageTesting
import GoldenImages
import PlayingCards
import Testing

@Suite(.goldens(tolerance: Tolerance(maxDiffPixels: 20)))
struct CardGoldenTests {
    @Test func kingOfHearts() throws {
        let king = try CardRenderer().picture(for: .card(.king, of: .hearts))
        assertGolden(of: king, as: .image(scale: 2))  // __Goldens__/CardGoldenTests/kingOfHearts.1.png
        assertGolden(of: king, as: .svg)              // __Goldens__/CardGoldenTests/kingOfHearts.2.svg
        assertGolden(of: Deck().shuffled(seed: 7), as: .json, named: "deck-seed-7")  // …/deck-seed-7.json
    }
}
