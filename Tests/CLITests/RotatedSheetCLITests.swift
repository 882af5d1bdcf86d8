import Drawing
import Foundation
import GoldenImageTesting
import PrintLayout
import Testing

/// `cardrender print --orientation landscape`: poker cards turned a quarter turn fit 9 on A4
/// instead of 8, each card's own pixels turned (its top towards the page's right), crop marks on
/// the turned trims, and duplex backs turned so each back's top lies behind its front's.
@Suite struct RotatedSheetCLITests {
    /// A card whose top half is one colour and bottom half another, so a turn shows.
    static func halves(top: String, bottom: String) -> String {
        """
        card:
          size: poker
          background: "\(bottom)"
        layers:
          - {type: rect, x: 0, y: 0, width: 100%, height: 50%, fill: "\(top)"}
        """
    }

    static let red = (208, 32, 32), blue = (32, 64, 192), green = (32, 160, 64), black = (0, 0, 0)

    static func expectColour(_ image: RGBAImage, _ point: CGPoint, _ colour: (Int, Int, Int), _ context: String,
                             sourceLocation: SourceLocation = #_sourceLocation) {
        let pixel = image[Int(point.x), Int(point.y)]
        let close = abs(Int(pixel.r) - colour.0) < 8 && abs(Int(pixel.g) - colour.1) < 8 && abs(Int(pixel.b) - colour.2) < 8
        #expect(close, "\(context): \(pixel)", sourceLocation: sourceLocation)
    }

    @Test func landscapeA4TurnsPokerCardsToFitNine() throws {
        let folder = try CLIRunner.temporaryDirectory("print-rotated")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(Self.halves(top: "#d02020", bottom: "#2040c0").utf8).write(to: folder.appendingPathComponent("front.yaml"))
        try Data(Self.halves(top: "#20a040", bottom: "#000000").utf8).write(to: folder.appendingPathComponent("back.yaml"))
        try Data("name,count\nhalves,9\n".utf8).write(to: folder.appendingPathComponent("cards.csv"))
        let layout = try SheetLayout(paper: .a4, cardSize: CGSize(width: 180, height: 252), orientation: .landscape,
                                     rotation: .automatic)
        #expect(layout.rotatesCards && layout.capacity == 9)
        let pixelsPerPoint: CGFloat = 0.5  // 36 dpi
        for flip in DuplexFlip.allCases {
            let out = "out-\(flip.rawValue)"
            let result = try CLIRunner.run(["print", "--template", "front.yaml", "--data", "cards.csv", "--orientation", "landscape",
                                            "--back-template", "back.yaml", "--duplex", flip.rawValue, "--pages-png", "36",
                                            "--out", out], in: folder)
            #expect(result.status == 0, "\(result.stderr)")
            let fronts = try PNG.read(contentsOf: folder.appendingPathComponent("\(out)/deck-print-page-1.png"))
            let backs = try PNG.read(contentsOf: folder.appendingPathComponent("\(out)/deck-print-page-2.png"))
            // Backs turn clockwise too unless the flip mirrors x, when they turn the other way.
            let backTopRight = !layout.flipMirrorsX(flip)
            for (front, back) in zip(layout.slots, layout.backSlots(flip: flip)) {
                let quarter = front.trim.width / 4
                let right = CGPoint(x: (front.trim.midX + quarter) * pixelsPerPoint, y: front.trim.midY * pixelsPerPoint)
                let left = CGPoint(x: (front.trim.midX - quarter) * pixelsPerPoint, y: front.trim.midY * pixelsPerPoint)
                Self.expectColour(fronts, right, Self.red, "front \(front.index), its top")
                Self.expectColour(fronts, left, Self.blue, "front \(front.index), its bottom")
                let backRight = CGPoint(x: (back.trim.midX + quarter) * pixelsPerPoint, y: back.trim.midY * pixelsPerPoint)
                let backLeft = CGPoint(x: (back.trim.midX - quarter) * pixelsPerPoint, y: back.trim.midY * pixelsPerPoint)
                Self.expectColour(backs, backRight, backTopRight ? Self.green : Self.black, "\(flip) back \(back.index), right")
                Self.expectColour(backs, backLeft, backTopRight ? Self.black : Self.green, "\(flip) back \(back.index), left")
            }
            if flip == .longEdge {
                assertGolden(of: fronts, named: "rotated-fronts")
                assertGolden(of: backs, named: "rotated-backs-long-edge")
            }
        }
    }
}
