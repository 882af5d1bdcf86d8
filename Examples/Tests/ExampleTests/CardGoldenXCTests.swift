// CardGoldenXCTests.swift
import GoldenImageTesting
import GoldenImages
import PlayingCards
import XCTest

final class CardGoldenXCTests: XCTestCase {
    override func invokeTest() {
        withGoldenConfiguration(tolerance: Tolerance(maxDiffPixels: 20)) { super.invokeTest() }
    }

    func testAceOfSpades() throws {
        let ace = try CardRenderer().picture(for: .card(.ace, of: .spades))
        assertGolden(of: ace)  // __Goldens__/CardGoldenXCTests/testAceOfSpades.1.png
    }
}
