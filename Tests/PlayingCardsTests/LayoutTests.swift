import Drawing
import Foundation
import Geometry
import PlayingCards
import Testing

@Suite("Card layout")
struct LayoutTests {
    let label = CornerLabelMetrics(rankWidth: 18, rankHeight: 15, suitSize: 16, gap: 4)

    func poker(_ arrangement: PipArrangement = .classic) -> CardLayout {
        CardLayout(bounds: CGRect(x: 0, y: 0, width: 180, height: 252), cornerLabel: label, arrangement: arrangement)
    }

    @Test func proportionsComeFromTheHeight() {
        let layout = poker()
        #expect(abs(layout.cornerRadius - 15.12) < 1e-9)
        #expect(abs(layout.cornerOffset - 4.9896) < 1e-9)
        #expect(abs(layout.cornerFontSize - 21.42) < 1e-9)
        #expect(layout.faceCardScale == 0.75)
        let big = CardLayout(bounds: CGRect(x: 0, y: 0, width: 700, height: 1000), cornerLabel: label)
        #expect(abs(big.cornerRadius - 60) < 1e-9)
        #expect(abs(big.cornerOffset - 19.8) < 1e-9)
        #expect(abs(big.cornerFontSize - 85) < 1e-9)
        let bridge = CardLayout(bounds: CGRect(x: 0, y: 0, width: 162, height: 252), cornerLabel: label)
        #expect(abs(bridge.cornerFontSize - 21.42) < 1e-9)
        // Only cards narrower than 1 : 1.6 cap the index by their width.
        let narrow = CardLayout(bounds: CGRect(x: 0, y: 0, width: 50, height: 1000), cornerLabel: label)
        #expect(abs(narrow.cornerRadius - 60) < 1e-9)
        #expect(abs(narrow.cornerFontSize - 50 * 1.6 * 0.085) < 1e-9)
    }

    @Test func cornerLabelsFollowTheLecture() {
        let layout = poker()
        #expect(label.size == CGSize(width: 18, height: 35))
        let offset = 4.9896
        #expect(layout.upperLeftCornerLabelRect == CGRect(x: offset, y: offset, width: 18, height: 35))
        let origin = layout.lowerRightCornerLabelOrigin
        #expect(abs(origin.x - (180 - offset - 18)) < 1e-9)
        #expect(abs(origin.y - (252 - offset - 35)) < 1e-9)
        // The label's top-left corner lands at the card's far corner minus the offset: turned by π.
        let transform = layout.lowerRightCornerLabelTransform
        let topLeft = CGPoint.zero.applying(transform)
        #expect(abs(topLeft.x - (180 - offset)) < 1e-9 && abs(topLeft.y - (252 - offset)) < 1e-9)
        let bottomRight = CGPoint(x: 18, y: 35).applying(transform)
        #expect(abs(bottomRight.x - origin.x) < 1e-9 && abs(bottomRight.y - origin.y) < 1e-9)
        // The whole label maps to the upper-left label turned about the card's centre.
        for point in [CGPoint(x: 3, y: 7), CGPoint(x: 17, y: 30)] {
            let upper = point.applying(CGAffineTransform(translationX: offset, y: offset))
            let lower = point.applying(transform)
            #expect(abs(upper.x + lower.x - 180) < 1e-9 && abs(upper.y + lower.y - 252) < 1e-9)
        }
    }

    @Test func pipRectIsInsetByOffsetAndLabel() {
        let layout = poker()
        let offset = 4.9896
        let expected = CGRect(x: offset + 18, y: offset + 17.5, width: 180 - 2 * (offset + 18),
                              height: 252 - 2 * (offset + 17.5))
        #expect(abs(layout.pipRect.minX - expected.minX) < 1e-9)
        #expect(abs(layout.pipRect.minY - expected.minY) < 1e-9)
        #expect(abs(layout.pipRect.width - expected.width) < 1e-9)
        #expect(abs(layout.pipRect.height - expected.height) < 1e-9)
    }

    @Test(arguments: PipArrangement.allCases)
    func everyNumberCardHasItsRankInPips(arrangement: PipArrangement) {
        let layout = poker(arrangement)
        for rank in Rank.allCases {
            let pips = layout.pips(for: rank)
            #expect(pips.count == rank.pipCount, "\(rank)")
            for pip in pips where rank != .ace {
                #expect(layout.pipRect.insetBy(dx: -1e-9, dy: -1e-9).contains(pip.rect), "\(rank) pip \(pip.rect) leaves the pip rect")
                #expect(pip.isRotated == (pip.center.y > 126 + 1e-9))
            }
            // No two pips overlap.
            for (index, a) in pips.enumerated() {
                for b in pips[(index + 1)...] {
                    #expect(hypot(a.center.x - b.center.x, a.center.y - b.center.y) >= a.rect.width * 1.05, "\(rank)")
                }
            }
        }
    }

    @Test func lectureRowsMatchPipsPerRowForRank() {
        let layout = poker(.lecture)
        let rect = layout.pipRect
        for rank in Rank.allCases where !rank.isCourt && rank != .ace {
            let rows = CardLayout.pipsPerRowForRank[rank.order]
            let spacing = rect.height / CGFloat(rows.count)
            let centres = Dictionary(grouping: layout.pips(for: rank)) { Int((($0.center.y - rect.minY) / spacing).rounded(.down)) }
            #expect(centres.keys.sorted() == Array(rows.indices).filter { rows[$0] > 0 })
            for (row, pips) in centres {
                #expect(pips.count == rows[row])
                for pip in pips { #expect(abs(pip.center.y - (rect.minY + spacing * (CGFloat(row) + 0.5))) < 1e-9) }
                if pips.count == 2 {
                    let xs = pips.map(\.center.x).sorted()
                    #expect(abs(xs[0] - rect.leftHalf.midX) < 1e-9 && abs(xs[1] - rect.rightHalf.midX) < 1e-9)
                }
            }
        }
        // Like createPipString(thatFits:): the pip fits the 5-row spacing and half the width.
        #expect(abs(layout.pipSize - min(rect.height / 5, rect.width / 2)) < 1e-9)
    }

    @Test func classicArrangementIsPointSymmetricExceptTheSeven() {
        let layout = poker()
        for rank in Rank.allCases where !rank.isCourt {
            let centres = layout.pips(for: rank).map(\.center)
            let turned = centres.map { CGPoint(x: 180 - $0.x, y: 252 - $0.y) }
            let symmetric = turned.allSatisfy { t in centres.contains { abs($0.x - t.x) < 1e-9 && abs($0.y - t.y) < 1e-9 } }
            #expect(symmetric == (rank != .seven), "\(rank)")
        }
    }

    @Test(arguments: [CGSize(width: 180, height: 252), CGSize(width: 162, height: 252), CGSize(width: 125, height: 175),
                      CGSize(width: 300, height: 200), CGSize(width: 90, height: 400)])
    func courtPanelNeverReachesTheCornerIndex(size: CGSize) {
        for ratio in [0.085, 0.12] as [CGFloat] {
            for scale in [0.5, 0.75, 0.9, 1] as [CGFloat] {
                let layout = CardLayout(bounds: CGRect(origin: .zero, size: size), cornerFontSizeRatio: ratio,
                                        faceCardScale: scale)
                let panel = layout.courtPanelRect
                #expect(!panel.isNull && panel.width > 0 && panel.height > 0)
                for keepOut in layout.cornerLabelKeepOutRects {
                    #expect(!panel.intersects(keepOut), "\(size) ratio \(ratio) scale \(scale)")
                }
                #expect(abs(panel.midX - size.width / 2) < 1e-9 && abs(panel.midY - size.height / 2) < 1e-9)
            }
        }
    }

    @Test func faceImageRectIsTheLectureZoom() {
        let layout = poker()
        #expect(layout.faceImageRect == CGRect(x: 22.5, y: 31.5, width: 135, height: 189))
    }
}

@Suite("Sizes, resolutions, themes")
struct OptionTests {
    @Test func sizesParse() throws {
        #expect(try CardSize(parsing: "poker") == .poker)
        #expect(try CardSize(parsing: "Bridge").points == CGSize(width: 162, height: 252))
        #expect(try CardSize(parsing: "250x350").points == CGSize(width: 250, height: 350))
        #expect(try CardSize(parsing: "63.5×88.9pt").points == CGSize(width: 63.5, height: 88.9))
        #expect(try CardSize(parsing: "2.5x3.5in") == .poker)
        #expect(try CardSize(parsing: "2.25in x 3.5in") == .bridge)
        #expect(abs(try CardSize(parsing: "63.5x88.9mm").points.width - 180) < 1e-9)
        // A bare number is points; under 72 pt that is a mistake, not a card, and the message says what to write.
        #expect(throws: PlayingCardsError.invalidSize("card size \"2.5x3.5\" needs a unit: a bare number is points, so this "
                                                      + "card would be 2.5 × 3.5 pt; write 2.5x3.5in (or 2.5x3.5pt for so small a card)")) {
            try CardSize(parsing: "2.5x3.5")
        }
        let unitless = #expect(throws: PlayingCardsError.self) { try CardSize(parsing: "63x88") }
        #expect(unitless?.description == "card size \"63x88\" needs a unit: a bare number is points, so this card would be "
                + "63 × 88 pt; write 63x88mm (or 63x88pt for so small a card)")
        #expect(CardSize.poker.points == CGSize(width: 2.5 * 72, height: 3.5 * 72))
    }

    @Test(arguments: ["0x100", "100x0", "-5x100", "abcx100", "100", "", "nanx5", "infx10", "10x10x10", "tarrot"])
    func badSizesAreRefused(text: String) {
        let error = #expect(throws: PlayingCardsError.self) { try CardSize(parsing: text) }
        let why = ["0x100", "100x0"].contains(text) ? ": both sides must be greater than zero" : ""
        #expect(error?.description == "invalid card size \"\(text)\"\(why); use a named size (poker, bridge, mini-usa, mini, "
                + "mini-euro, chimera, japanese, euro, square, tarot) or WIDTHxHEIGHT, e.g. 2.5x3.5in, 63x88mm or 250x350 (points)")
    }

    @Test func pixelLimitIsSixteenThousandThreeHundredEightyFourASide() throws {
        try CardSize(width: 8192, height: 100).validate(for: .scale(2))
        func message(_ size: CardSize, _ resolution: Resolution) -> String? {
            (#expect(throws: PlayingCardsError.self) { try size.validate(for: resolution) })?.description
        }
        #expect(message(CardSize(width: 8192.5, height: 100), .scale(2))
                == "a 8192.5x100 card at 2x is 16385×200 px, over the limit of 16384 px a side")
        try CardSize.poker.validate(for: .dpi(1200))
        #expect(message(CardSize(width: 1000, height: 1000), .dpi(1200))
                == "a 1000x1000 card at 1200 dpi is 16667×16667 px, over the limit of 16384 px a side")
        #expect(message(.poker, .dpi(1201)) == "--dpi must be between 18 and 1200, got 1201")
        #expect(message(.poker, .dpi(17)) == "--dpi must be between 18 and 1200, got 17")
        #expect(message(.poker, .scale(4)) == "--scale must be 1, 2 or 3, got 4")
        #expect(message(.poker, .scale(0)) == "--scale must be 1, 2 or 3, got 0")
    }

    @Test func themesAndOverrides() throws {
        #expect(try CardTheme.named("four-colour").diamonds == CardTheme.fourColor.diamonds)
        #expect(CardTheme.fourColor.diamonds != CardTheme.fourColor.hearts)
        #expect(CardTheme.fourColor.clubs != CardTheme.fourColor.spades)
        #expect(CardTheme.largeIndex.cornerFontSizeRatio > CardTheme.classic.cornerFontSizeRatio)
        var theme = CardTheme.classic
        try theme.apply(colorOverride: "hearts=#00ff00")
        try theme.apply(colorOverride: "C=#0000ff")
        try theme.apply(colorOverride: "back=#123456")
        #expect(theme.hearts == Color(rgb: 0x00FF00))
        #expect(theme.clubs == Color(rgb: 0x0000FF))
        #expect(theme.backColor == Color(rgb: 0x123456))
        #expect(theme.diamonds == CardTheme.classic.diamonds)
        func message(_ override: String) -> String? {
            (#expect(throws: PlayingCardsError.self) { try theme.apply(colorOverride: override) })?.description
        }
        let keys = "spades, hearts, diamonds, clubs (or S, H, D, C), red, black, back, border"
        #expect(message("stars=#fff") == "unknown colour key \"stars\" in --color \"stars=#fff\"; use one of \(keys)")
        #expect(message("hearts=red") == "invalid --color \"hearts=red\": \"red\" is not a colour; use #RGB, #RRGGBB or #RRGGBBAA")
        #expect(message("hearts") == "invalid --color \"hearts\"; use KEY=#RRGGBB with KEY one of \(keys)")
    }

    @Test func unknownThemeSuggestsTheNearestName() {
        #expect(throws: PlayingCardsError.unknownTheme("four-colr")) { try CardTheme.named("four-colr") }
        let message = PlayingCardsError.unknownTheme("four-colr").description
        #expect(message.contains("did you mean \"four-color\"?"))
        #expect(message.contains("classic, four-color, large-index"))
    }
}
