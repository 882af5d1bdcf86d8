import Drawing
import ExampleDrawings
import Foundation
import PlayingCards
import Testing

@Suite("The README's examples")
struct ExampleTests {
    /// The aces' strip is four half-size cards wide, the same bytes on one worker or four.
    @Test func aceStripIsTheSameOnAnyNumberOfWorkers() throws {
        let strip = try aceStrip(workers: 1)
        let image = try PNG.decode(strip.data)
        #expect(image.width == 4 * 90 && image.height == 126)
        #expect(try aceStrip(workers: 4).data == strip.data)
    }

    /// The lecture card is visible and point-symmetric: the lower-right label is the upper-left one
    /// turned 180°, so the whole picture equals itself turned 180°.
    @Test func lectureCardsLowerRightLabelIsTheUpperLeftTurned() throws {
        let image = try lectureCard().rasterize(scale: 2)
        #expect(image.width == 500 && image.height == 700)
        func isRed(_ p: RGBAImage.Pixel) -> Bool { p.a > 200 && p.r > 180 && p.g < 90 && p.b < 90 }
        var redUpperLeft = 0, redLowerRight = 0, mismatches = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let pixel = image[x, y]
                if isRed(pixel) {
                    if x < 120 && y < 200 { redUpperLeft += 1 }
                    if x >= image.width - 120 && y >= image.height - 200 { redLowerRight += 1 }
                }
                let turned = image[image.width - 1 - x, image.height - 1 - y]
                if abs(Int(pixel.r) - Int(turned.r)) > 48 || abs(Int(pixel.a) - Int(turned.a)) > 48 { mismatches += 1 }
            }
        }
        #expect(redUpperLeft > 800, "the upper-left label must be drawn")
        #expect(redLowerRight > 800, "the lower-right label must be drawn on the card")
        #expect(abs(redUpperLeft - redLowerRight) < redUpperLeft / 20)
        #expect(mismatches < 40, "\(mismatches) pixels differ from the picture turned 180°")
        #expect(image[0, 0].a == 0, "the corner outside the rounded rect is transparent")
        #expect(image[250, 350] == RGBAImage.Pixel(r: 255, g: 255, b: 255, a: 255))
    }

    @Test func cardImageSetWritesEveryCardBackAndJoker() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("card-set-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let written = try writeCardImageSet(to: folder)
        #expect(written.count == 55)
        let names = Set(written.map(\.lastPathComponent))
        for name in ["AS.png", "10H.png", "KC.png", "back.png", "RJ.png", "BJ.png"] {
            #expect(names.contains(name), "missing \(name)")
        }
        let king = try PNG.read(contentsOf: folder.appendingPathComponent("KC.png"))
        #expect(king.width == 360 && king.height == 504)
    }

    @Test func oneCardFromItsName() throws {
        let king = try CardRenderer(size: .bridge, theme: .classic).picture(for: .front(PlayingCard(parsing: "KH")))
        let image = try king.rasterize()
        #expect(image.width == 162 && image.height == 252)
    }

    @Test func keyboardOverlapOnTheFourPointSevenInchIPhone() throws {
        let diagram = try keyboardOverlapDiagram()
        #expect(diagram.bottomOffset == 258)
        let image = try diagram.picture.rasterize()
        #expect(image.width > 600 && image.height > 400)
    }
}
