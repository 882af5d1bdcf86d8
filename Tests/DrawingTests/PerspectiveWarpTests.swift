import Foundation
import Geometry
import Images
import Testing

/// The pixel work behind a showcase: a card's reflection, and the perspective warp.
@Suite struct PerspectiveWarpTests {
    /// `width` × `height` pixels, row `y` of colour (y, 0, 0), opaque.
    static func rows(_ width: Int, _ height: Int) -> RGBAImage {
        var image = RGBAImage(width: width, height: height)
        for y in 0..<height { for x in 0..<width { image[x, y] = RGBAImage.Pixel(r: UInt8(y), g: 0, b: 0, a: 255) } }
        return image
    }

    @Test func theReflectionIsTheBottomRowsUpsideDownFadingOut() {
        let card = Self.rows(3, 10)
        let standing = card.withReflection(gap: 2, length: 4, strength: 0.5)
        #expect(standing.width == 3 && standing.height == 16)
        for y in 0..<10 { #expect(standing[1, y] == card[1, y]) }
        #expect(standing[0, 10].a == 0 && standing[2, 11].a == 0, "the gap is clear")
        // The reflection's first row is the card's last, at half strength fading by the row.
        #expect(standing[0, 12].r == 9 && standing[0, 15].r == 6)
        #expect([12, 13, 14, 15].map { standing[1, $0].a } == [112, 80, 48, 16])
    }

    @Test func noStrengthOrLengthLeavesNoReflection() {
        let card = Self.rows(2, 4)
        #expect(card.withReflection(gap: 0, length: 0, strength: 1) == card)
        #expect(card.withReflection(gap: 1, length: 2, strength: 0).pixels.suffix(3 * 2 * 4).allSatisfy { $0 == 0 })
    }

    /// A flat red card warped onto a trapezoid: inside it stays red and opaque, outside it is
    /// clear, and the far (left) edge is shorter than the near one.
    @Test func aWarpFillsTheQuadAndNothingElse() throws {
        let card = RGBAImage(width: 40, height: 60, fill: (220, 30, 40, 255))
        let quad = [CGPoint(x: 0, y: 6), CGPoint(x: 32, y: 0), CGPoint(x: 32, y: 60), CGPoint(x: 0, y: 54)]
        let transform = try #require(ProjectiveTransform(from: CGRect(x: 0, y: 0, width: 40, height: 60), to: quad))
        let warped = try #require(card.warped(through: transform, width: 32, height: 60, originX: 0, originY: 0))
        #expect(warped[16, 30] == RGBAImage.Pixel(r: 220, g: 30, b: 40, a: 255))
        #expect(warped[1, 2].a == 0, "above the far edge's top")
        #expect(warped[30, 1].a == 255)
        func opaqueRows(_ x: Int) -> Int { (0..<60).filter { warped[x, $0].a == 255 }.count }
        #expect(opaqueRows(1) < opaqueRows(30))
        // Colour stays red at a half-covered edge: averaged premultiplied, not towards black.
        let edge = (0..<60).map { warped[1, $0] }.first { $0.a > 0 && $0.a < 255 }
        #expect(edge.map { $0.r == 220 && $0.g == 30 } == true, "\(String(describing: edge))")
    }

    @Test func theSameWarpIsTheSameBytes() throws {
        let card = Self.rows(30, 50)
        let transform = try #require(ProjectiveTransform(from: CGRect(x: 0, y: 0, width: 30, height: 50), to: [
            CGPoint(x: 3.5, y: 4), CGPoint(x: 27, y: 1), CGPoint(x: 27, y: 49.5), CGPoint(x: 3.5, y: 45)]))
        let first = card.warped(through: transform, width: 30, height: 50, originX: 0, originY: 0)
        #expect(first == card.warped(through: transform, width: 30, height: 50, originX: 0, originY: 0))
        let offset = try #require(card.warped(through: transform, width: 20, height: 20, originX: 5, originY: 10))
        #expect(offset[0, 0] == first?[5, 10])
    }
}
