import Drawing
import Foundation
import PlayingCards
import Testing

/// Cards drawn for print sheets with bleed: ground to the edge, square corners, the card inside unmoved.
@Suite("cards with bleed")
struct BleedTests {
    let renderer: CardRenderer
    let bleed: CGFloat = 9

    init() throws {
        renderer = try CardRenderer(size: .poker, theme: .classic)
    }

    @Test func theBledPictureIsTheTrimGrownByTheBleed() throws {
        let back = renderer.picture(for: .back, bleed: bleed)
        #expect(back.size == CGSize(width: 198, height: 270))
        // No bleed: the normal card, rounded corners and all.
        let plain = renderer.picture(for: .card(.ace, of: .spades), bleed: 0)
        let normal = renderer.picture(for: .card(.ace, of: .spades))
        #expect(try plain.pngData() == normal.pngData())
    }

    @Test func cornersAreSquareAndTheGroundReachesEveryEdge() throws {
        let back = try renderer.picture(for: .back, bleed: bleed).rasterize(scale: 1)
        let front = try renderer.picture(for: .card(.king, of: .hearts), bleed: bleed).rasterize(scale: 1)
        let backColor = RGBAImage.Pixel(r: 0x1F, g: 0x4E, b: 0x9E, a: 255)
        let white = RGBAImage.Pixel(r: 255, g: 255, b: 255, a: 255)
        for (x, y) in [(0, 0), (197, 0), (0, 269), (197, 269), (99, 0), (0, 135), (197, 135), (99, 269)] {
            #expect(back[x, y] == backColor, "back at (\(x), \(y)): \(back[x, y])")
            #expect(front[x, y] == white, "front at (\(x), \(y)): \(front[x, y])")
        }
        // The normal card's corner is rounded: transparent outside the curve.
        let normal = try renderer.picture(for: .back).rasterize(scale: 1)
        #expect(normal[0, 0].a == 0)
    }

    @Test func theCardInsideTheTrimIsUnmoved() throws {
        // A pip card's pips and labels sit where they do on the normal card, `bleed` points in.
        let side = CardSide.card(.seven, of: .clubs)
        let bled = try renderer.picture(for: side, bleed: bleed).rasterize(scale: 1)
        let normal = try renderer.picture(for: side).rasterize(scale: 1)
        let offset = Int(bleed)
        var differing = 0
        // Inside the border stroke, which the bled card leaves out, and away from its rounded corners.
        let corner = Int(renderer.layout.cornerRadius) + 1
        for y in 4..<(normal.height - 4) {
            for x in 4..<(normal.width - 4) where normal[x, y] != bled[x + offset, y + offset] {
                let nearCorner = (x < corner || x >= normal.width - corner) && (y < corner || y >= normal.height - corner)
                if !nearCorner { differing += 1 }
            }
        }
        #expect(differing == 0)
    }
}
