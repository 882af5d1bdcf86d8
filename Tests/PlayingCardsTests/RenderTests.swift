import Drawing
import Foundation
import Geometry
import PlayingCards
import Testing

@Suite("Rendered cards")
struct RenderTests {
    static let sides: [CardSide] = [.card(.ace, of: .spades), .card(.seven, of: .hearts), .card(.ten, of: .clubs),
                                    .card(.queen, of: .diamonds), .card(.king, of: .spades), .back, .joker(.red)]

    @Test(arguments: sides)
    func outsideTheRoundedCornersIsTransparent(side: CardSide) throws {
        let renderer = try CardRenderer(size: .poker)
        let image = try renderer.picture(for: side).rasterize(scale: 1)
        #expect(image.width == 180 && image.height == 252)
        for (x, y) in [(0, 0), (179, 0), (0, 251), (179, 251), (2, 1), (1, 2), (177, 250)] {
            #expect(image[x, y].a == 0, "pixel \(x),\(y) of \(side.shortName) is \(image[x, y])")
        }
        // Just inside the curve and in the middle the card is opaque.
        let radius = Int(renderer.layout.cornerRadius)
        for (x, y) in [(radius, radius), (90, 126), (179 - radius, 251 - radius), (90, 0), (0, 126)] {
            #expect(image[x, y].a == 255, "pixel \(x),\(y) of \(side.shortName) is \(image[x, y])")
        }
    }

    @Test(arguments: [("AS", 1.0), ("10H", 1.0), ("QD", 2.0), ("7C", 2.0), ("JS", 1.0)])
    func lowerRightCornerIsTheUpperLeftTurned(name: String, scale: Double) throws {
        for theme in [CardTheme.classic, .largeIndex] {
            let renderer = try CardRenderer(size: CardSize(width: 125, height: 175), theme: theme)
            let image = try renderer.picture(for: .front(try PlayingCard(parsing: name))).rasterize(scale: scale)
            let turned = PixelTools.rotated180(image)
            let region = PixelTools.pixelRegion(renderer.layout.upperLeftCornerLabelRect, scale: scale, margin: 2, in: image)
            let difference = PixelTools.difference(image, turned, in: region, threshold: 48)
            #expect(difference.fractionOver < 0.01, "\(name) \(theme.name): \(difference)")
            // The label really is drawn there (the comparison is not between two blanks).
            let inked = region.y.flatMap { y in region.x.map { image[$0, y] } }.filter { min($0.r, $0.g, $0.b) < 128 }
            #expect(inked.count > region.x.count * region.y.count / 8, "\(name): corner label missing")
        }
    }

    @Test(arguments: Suit.allCases)
    func pipsFoundInTheImageEqualTheRank(suit: Suit) throws {
        for theme in [CardTheme.classic, .fourColor, .lecture] {
            let renderer = try CardRenderer(size: .poker, theme: theme)
            let color = theme.color(for: suit)
            for rank in Rank.allCases where (2...10).contains(rank.order) {
                let image = try renderer.picture(for: .card(rank, of: suit)).rasterize(scale: 1)
                let region = PixelTools.pixelRegion(renderer.layout.pipRect, scale: 1, in: image)
                let groups = PixelTools.components(in: image, region: region) { PixelTools.coverage(of: color, at: $0) > 0.5 }
                let pips = groups.filter { $0 >= 12 }
                #expect(pips.count == rank.order, "\(rank.label)\(suit.letter) in \(theme.name): groups \(groups.sorted())")
            }
        }
    }

    @Test(arguments: [("bridge", 1.0), ("350x250", 1.0), ("60x84pt", 3.0), ("90x400", 2.0)])
    func pipsAreCountedOnOtherSizes(size: String, scale: Double) throws {
        let renderer = try CardRenderer(size: try CardSize(parsing: size), theme: .largeIndex)
        let color = CardTheme.largeIndex.hearts
        for rank in Rank.allCases where (2...10).contains(rank.order) {
            let image = try renderer.picture(for: .card(rank, of: .hearts)).rasterize(scale: scale)
            let region = PixelTools.pixelRegion(renderer.layout.pipRect, scale: scale, in: image)
            let pips = PixelTools.components(in: image, region: region) { PixelTools.coverage(of: color, at: $0) > 0.5 }
                .filter { $0 >= 12 }
            #expect(pips.count == rank.order, "\(rank.label)H at \(size)")
        }
    }

    @Test func pipCountingCanFail() throws {
        // The same counter sees one large pip on an ace, the two on a deuce of another suit's
        // colour not at all, and nothing on a back.
        let renderer = try CardRenderer(size: .poker)
        let black = CardTheme.classic.spades
        for (side, expected) in [(CardSide.card(.ace, of: .clubs), 1), (.card(.two, of: .hearts), 0), (.back, 0)] {
            let image = try renderer.picture(for: side).rasterize(scale: 1)
            let region = PixelTools.pixelRegion(renderer.layout.pipRect, scale: 1, in: image)
            let pips = PixelTools.components(in: image, region: region) { PixelTools.coverage(of: black, at: $0) > 0.5 }
                .filter { $0 >= 12 }
            #expect(pips.count == expected, "\(side.shortName)")
        }
    }

    @Test(arguments: Suit.allCases)
    func courtCardsReadTheSameUpsideDown(suit: Suit) throws {
        let renderer = try CardRenderer(size: .poker)
        for rank in [Rank.jack, .queen, .king] {
            let image = try renderer.picture(for: .card(rank, of: suit)).rasterize(scale: 1)
            let panel = PixelTools.pixelRegion(renderer.layout.courtPanelRect, scale: 1, margin: 1, in: image)
            let difference = PixelTools.difference(image, PixelTools.rotated180(image), in: panel, threshold: 48)
            #expect(difference.fractionOver < 0.005, "\(rank.label)\(suit.letter): \(difference)")
            // The panel is really drawn: many pixels in the suit colour and others in gold.
            let pixels = panel.y.flatMap { y in panel.x.map { image[$0, y] } }
            let suitPixels = pixels.filter { PixelTools.coverage(of: CardTheme.classic.color(for: suit), at: $0) > 0.8 }
            let goldPixels = pixels.filter { PixelTools.coverage(of: CardTheme.classic.courtGold, at: $0) > 0.8 }
            #expect(suitPixels.count > pixels.count / 20 && goldPixels.count > pixels.count / 50, "\(rank.label)\(suit.letter)")
        }
    }

    @Test func theSymmetryCheckNoticesAsymmetry() throws {
        // A seven (one centre pip in the upper half) and a joker are not point-symmetric.
        let renderer = try CardRenderer(size: .poker)
        for side in [CardSide.card(.seven, of: .hearts), .joker(.black)] {
            let image = try renderer.picture(for: side).rasterize(scale: 1)
            let panel = PixelTools.pixelRegion(renderer.layout.courtPanelRect, scale: 1, margin: 1, in: image)
            let difference = PixelTools.difference(image, PixelTools.rotated180(image), in: panel, threshold: 48)
            #expect(difference.fractionOver > 0.02, "\(side.shortName): \(difference)")
        }
    }

    @Test func backsAreThemableAndDiffer() throws {
        var theme = CardTheme.classic
        theme.backColor = Color(rgb: 0x2E7D32)
        var images: [RGBAImage] = []
        for design in BackDesign.allCases {
            theme.backDesign = design
            let image = try CardRenderer(size: .poker, theme: theme).picture(for: .back).rasterize(scale: 1)
            let green = (0..<image.height).flatMap { y in (0..<image.width).map { image[$0, y] } }
                .filter { PixelTools.coverage(of: theme.backColor, at: $0) > 0.9 }
            #expect(green.count > image.width * image.height / 4, "\(design): back colour not used")
            images.append(image)
        }
        #expect(images[0] != images[1])
    }

    @Test func jokersAreRedAndBlack() throws {
        let renderer = try CardRenderer(size: .poker)
        for joker in Joker.allCases {
            let image = try renderer.picture(for: .joker(joker)).rasterize(scale: 1)
            // The "JOKER" lettering down the upper-left corner is in the joker's colour.
            let corner = PixelTools.pixelRegion(CGRect(x: 0, y: 0, width: 25, height: 80), scale: 1, in: image)
            let lettering = corner.y.flatMap { y in corner.x.map { image[$0, y] } }
                .filter { PixelTools.coverage(of: CardTheme.classic.color(for: joker), at: $0) > 0.8 }
            #expect(lettering.count > 100, "\(joker)")
        }
    }
}

@Suite("Face images")
struct FaceImageTests {
    func folder(_ files: [String: Data]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("faces-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for (name, data) in files { try data.write(to: url.appendingPathComponent(name)) }
        return url
    }

    @Test func faceImageFillsTheZoomedBoundsButNeverTheIndex() throws {
        let green = try RGBAImage(width: 50, height: 70, fill: (0, 200, 0, 255)).pngData()
        let url = try folder(["KH.png": green, "notes.png": green])
        defer { try? FileManager.default.removeItem(at: url) }
        let faces = try FaceImages(directory: url)
        #expect(faces.images.count == 1)
        let renderer = try CardRenderer(size: .poker, faceImages: faces)
        let layout = renderer.layout
        // The lecture's zoom rect reaches into the corner index on a poker card.
        #expect(layout.faceImageRect.intersects(layout.upperLeftCornerLabelRect))
        let image = try renderer.picture(for: .card(.king, of: .hearts)).rasterize(scale: 1)
        #expect(image[90, 126] == RGBAImage.Pixel(r: 0, g: 200, b: 0, a: 255))
        for rect in layout.cornerLabelKeepOutRects {
            let region = PixelTools.pixelRegion(rect, scale: 1, inner: true, in: image)
            let greens = region.y.flatMap { y in region.x.map { image[$0, y] } }.filter { $0.g > 150 && $0.r < 100 }
            #expect(greens.isEmpty, "face image covers the index at \(rect)")
        }
        // Cards without an image keep the vector court design.
        let queen = try renderer.picture(for: .card(.queen, of: .hearts)).rasterize(scale: 1)
        #expect(queen[90, 126] != RGBAImage.Pixel(r: 0, g: 200, b: 0, a: 255))
    }

    @Test func missingFolderOrBadPNGIsOneClearError() throws {
        let missing = URL(fileURLWithPath: "/nonexistent/faces-\(UUID().uuidString)")
        let absent = #expect(throws: PlayingCardsError.self) { try FaceImages(directory: missing) }
        #expect(absent?.description == "--faces folder \(missing.path) does not exist")
        let broken = try folder(["QS.png": Data("not a png".utf8)])
        defer { try? FileManager.default.removeItem(at: broken) }
        do {
            _ = try FaceImages(directory: broken)
            Issue.record("a damaged PNG was accepted")
        } catch {
            #expect(error.description.contains("QS.png"))
            #expect(!error.description.contains("\n"))
        }
        let empty = try folder([:])
        defer { try? FileManager.default.removeItem(at: empty) }
        let courtless = #expect(throws: PlayingCardsError.self) { try FaceImages(directory: empty) }
        #expect(courtless?.description == "--faces folder \(empty.path) has no court images; name them like JH.png, QS.png, KD.png")
    }
}
