import Foundation
import Geometry
import Testing
@testable import PrintLayout

let poker = CGSize(width: 180, height: 252)
let bridge = CGSize(width: 162, height: 252)

func isClose(_ r: CGRect, _ s: CGRect, within tolerance: CGFloat = 1e-9) -> Bool {
    abs(r.minX - s.minX) <= tolerance && abs(r.minY - s.minY) <= tolerance
        && abs(r.width - s.width) <= tolerance && abs(r.height - s.height) <= tolerance
}

@Suite struct SheetLayoutTests {
    @Test func pokerOnA4PortraitIsThreeByThreeCentred() throws {
        let layout = try SheetLayout(paper: .a4, cardSize: poker)
        #expect(layout.orientation == .portrait)
        #expect((layout.columns, layout.rows) == (3, 3))
        #expect(layout.capacity == 9)
        let expectedFrame = CGRect(x: (595.2755905511812 - 540) / 2, y: (841.8897637795276 - 756) / 2, width: 540, height: 756)
        #expect(isClose(layout.trimFrame, expectedFrame, within: 1e-9))
        #expect(isClose(layout.slots[0].trim, CGRect(x: expectedFrame.minX, y: expectedFrame.minY, width: 180, height: 252)))
        #expect(isClose(layout.slots[5].trim, CGRect(x: expectedFrame.minX + 360, y: expectedFrame.minY + 252, width: 180, height: 252)))
        #expect(layout.slots.map(\.index) == Array(0..<9))
        #expect(layout.slots[5].column == 2 && layout.slots[5].row == 1)
        // No bleed: the bleed box is the trim.
        #expect(layout.slots.allSatisfy { $0.bleed == $0.trim })
    }

    @Test func pokerOnLetterFillsTheHeightBetweenTheMarginsExactly() throws {
        let layout = try SheetLayout(paper: .letter, cardSize: poker)
        #expect(layout.orientation == .portrait)
        #expect((layout.columns, layout.rows) == (3, 3))
        #expect(layout.trimFrame == CGRect(x: 36, y: 18, width: 540, height: 756))
        #expect(layout.printableArea == CGRect(x: 18, y: 18, width: 576, height: 756))
    }

    @Test func bridgeOnLetterIsThreeByThreePortraitOverFourByTwoLandscape() throws {
        let automatic = try SheetLayout(paper: .letter, cardSize: bridge)
        #expect(automatic.orientation == .portrait)
        #expect((automatic.columns, automatic.rows) == (3, 3))
        #expect(automatic.trimFrame == CGRect(x: 63, y: 18, width: 486, height: 756))
        let landscape = try SheetLayout(paper: .letter, cardSize: bridge, orientation: .landscape)
        #expect((landscape.columns, landscape.rows) == (4, 2))
        #expect(landscape.pageSize == CGSize(width: 792, height: 612))
    }

    @Test func automaticPicksTheOrientationWithMoreCards() throws {
        // A3 and Tabloid hold 4 × 4 poker cards upright but 6 × 3 across.
        for paper in [Paper.a3, .tabloid] {
            let layout = try SheetLayout(paper: paper, cardSize: poker)
            #expect(layout.orientation == .landscape)
            #expect((layout.columns, layout.rows) == (6, 3))
            let portrait = try SheetLayout(paper: paper, cardSize: poker, orientation: .portrait)
            #expect((portrait.columns, portrait.rows) == (4, 4))
        }
    }

    @Test func aTieGoesToPortrait() throws {
        let square = Paper(width: .inches(10), height: .inches(10))
        let layout = try SheetLayout(paper: square, cardSize: poker)
        #expect(layout.orientation == .portrait)
        // 7.5 × 7.6 in with no margins: 3 × 2 upright and 3 × 2 across.
        let nearlySquare = Paper(width: .inches(7.5), height: .inches(7.6))
        let tie = try SheetLayout(paper: nearlySquare, cardSize: poker, margin: .zero)
        #expect(tie.orientation == .portrait)
        #expect(tie.capacity == 6)
        #expect(try SheetLayout(paper: nearlySquare, cardSize: poker, margin: .zero, orientation: .landscape).capacity == 6)
    }

    @Test func bleedGrowsEachCardAndKeepsBleedBoxesApart() throws {
        let layout = try SheetLayout(paper: .a4, cardSize: poker, bleed: .inches(0.125))
        // 198 × 270 pt boxes: 2 × 2 upright, 4 × 2 across.
        #expect(layout.orientation == .landscape)
        #expect((layout.columns, layout.rows) == (4, 2))
        for slot in layout.slots {
            #expect(isClose(slot.bleed.insetBy(dx: 9, dy: 9), slot.trim))
            #expect(layout.printableArea.contains(slot.bleed))
        }
        for (a, b) in zip(layout.slots, layout.slots.dropFirst()) where a.row == b.row {
            #expect(abs(b.bleed.minX - a.bleed.maxX) < 1e-9, "bleed boxes touch with no gutter")
            #expect(abs(b.trim.minX - a.trim.maxX - 18) < 1e-9)
        }
    }

    @Test func theSafeAreaIsAnEighthInchInsideTheTrim() throws {
        let slot = try SheetLayout(paper: .letter, cardSize: poker, bleed: .inches(0.125)).slots[0]
        let safe = slot.safeArea()
        #expect(safe.size == CGSize(width: 162, height: 234))
        #expect(safe.midX == slot.trim.midX && safe.midY == slot.trim.midY)
        #expect(slot.safeArea(inset: .millimetres(3)).width < slot.trim.width)
    }

    @Test func gutterSeparatesBleedBoxes() throws {
        let gutter = Length.millimetres(5)
        let layout = try SheetLayout(paper: .a4, cardSize: poker, gutter: gutter, orientation: .portrait)
        #expect((layout.columns, layout.rows) == (2, 3))
        for (a, b) in zip(layout.slots, layout.slots.dropFirst()) where a.row == b.row {
            #expect(abs(b.bleed.minX - a.bleed.maxX - gutter.points) < 1e-9)
        }
        #expect(abs(layout.slots[2].trim.minY - layout.slots[0].trim.maxY - gutter.points) < 1e-9)
        // Centred: equal room left and right, top and bottom.
        let frame = layout.trimFrame
        #expect(abs(frame.minX - (layout.pageSize.width - frame.maxX)) < 1e-9)
        #expect(abs(frame.minY - (layout.pageSize.height - frame.maxY)) < 1e-9)
    }

    @Test func marginsDecideWhatFits() throws {
        #expect(SheetLayout.defaultMargin.points == 18)
        #expect(SheetLayout.defaultGutter == .zero)
        let noMargin = try SheetLayout(paper: .letter, cardSize: poker, margin: .zero)
        #expect((noMargin.columns, noMargin.rows) == (3, 3))
        // 0.3 in margins leave 10.4 in of Letter's 11: two rows of 3.5 in, and landscape 4 × 2 = 8 wins over 3 × 2.
        let wider = try SheetLayout(paper: .letter, cardSize: poker, margin: .inches(0.3))
        #expect(wider.capacity == 8)
        #expect(wider.orientation == .landscape)
    }

    @Test func refusesWithOneLine() throws {
        let tiny = Paper(width: .millimetres(50), height: .millimetres(50))
        #expect(throws: PrintLayoutError.paperSmallerThanCard("a 180x252 pt card does not fit on 50x50mm paper (50×50 mm)")) {
            try SheetLayout(paper: tiny, cardSize: poker)
        }
        #expect(throws: PrintLayoutError.nothingFits("margins of 3in and bleed of 0in leave no room for a 180x252 pt card on A4 portrait")) {
            try SheetLayout(paper: .a4, cardSize: poker, margin: .inches(3))
        }
        #expect(throws: PrintLayoutError.nothingFits("margins of 0.25in and bleed of 3in leave no room for a 180x252 pt card on Letter portrait")) {
            try SheetLayout(paper: .letter, cardSize: poker, bleed: .inches(3))
        }
        let tall = CGSize(width: 216, height: 648)
        #expect(throws: PrintLayoutError.nothingFits("margins of 0.25in and bleed of 0in leave no room for a 216x648 pt card on Letter landscape; portrait fits 2×1")) {
            try SheetLayout(paper: .letter, cardSize: tall, orientation: .landscape)
        }
        #expect(throws: PrintLayoutError.negativeLength("margin -1pt")) {
            try SheetLayout(paper: .a4, cardSize: poker, margin: .points(-1))
        }
        #expect(throws: PrintLayoutError.negativeLength("bleed -3mm")) {
            try SheetLayout(paper: .a4, cardSize: poker, bleed: .millimetres(-3))
        }
        #expect(throws: PrintLayoutError.notFiniteLength("gutter inf")) {
            try SheetLayout(paper: .a4, cardSize: poker, gutter: .points(.infinity))
        }
        #expect(throws: PrintLayoutError.gutterTooLarge("a gutter of 1000pt is wider than A4 paper (210×297 mm)")) {
            try SheetLayout(paper: .a4, cardSize: poker, gutter: .points(1000))
        }
        #expect(throws: PrintLayoutError.invalidCardSize("invalid card size 0x252 pt: both sides must be greater than zero")) {
            try SheetLayout(paper: .a4, cardSize: CGSize(width: 0, height: 252))
        }
    }

    @Test func aGutterWiderThanTheGridLeavesOneCardNotNone() throws {
        let layout = try SheetLayout(paper: .a4, cardSize: poker, gutter: .inches(7))
        #expect(layout.capacity == 1)
        #expect(abs(layout.slots[0].trim.midX - layout.pageSize.width / 2) < 1e-9)
    }

    @Test func everyBleedBoxStaysInsideTheMarginsAndApart() throws {
        let papers: [Paper] = [.a4, .letter, .a3, .tabloid, .legal]
        for paper in papers {
            for bleed in [0.0, 9.0, 8.5] {
                for gutter in [0.0, 6.0, 20.0] {
                    for card in [poker, bridge, CGSize(width: 178.58, height: 249.45)] {
                        let layout = try SheetLayout(paper: paper, cardSize: card, bleed: .points(bleed), gutter: .points(gutter))
                        let area = layout.printableArea.insetBy(dx: -1e-9, dy: -1e-9)
                        for slot in layout.slots {
                            #expect(area.contains(slot.bleed))
                            for other in layout.slots where other.index != slot.index {
                                #expect(slot.bleed.intersection(other.bleed).width * slot.bleed.intersection(other.bleed).height <= 1e-9)
                            }
                        }
                        // One more column or row would not fit.
                        let page = layout.pageSize
                        let box = CGSize(width: card.width + 2 * bleed, height: card.height + 2 * bleed)
                        let widthNeeded = CGFloat(layout.columns + 1) * box.width + CGFloat(layout.columns) * gutter
                        let heightNeeded = CGFloat(layout.rows + 1) * box.height + CGFloat(layout.rows) * gutter
                        #expect(widthNeeded > page.width - 36)
                        #expect(heightNeeded > page.height - 36)
                    }
                }
            }
        }
    }
}
