import Foundation
import Testing
@testable import PrintLayout

/// Whether an axis-aligned segment shares any point with `rect` (edges included).
func segment(_ mark: CropMark, touches rect: CGRect) -> Bool {
    let minX = min(mark.start.x, mark.end.x), maxX = max(mark.start.x, mark.end.x)
    let minY = min(mark.start.y, mark.end.y), maxY = max(mark.start.y, mark.end.y)
    return maxX >= rect.minX && minX <= rect.maxX && maxY >= rect.minY && minY <= rect.maxY
}

/// `rect` contains `point`, its edges included (CGRect.contains leaves out the max edges).
func closed(_ rect: CGRect, contains point: CGPoint) -> Bool {
    point.x >= rect.minX && point.x <= rect.maxX && point.y >= rect.minY && point.y <= rect.maxY
}

@Suite struct CropMarkTests {
    @Test func pokerOnLetterMarksEveryTrimLineOutsideTheGrid() throws {
        let layout = try SheetLayout(paper: .letter, cardSize: poker)
        let marks = layout.cropMarks()
        // Shared cut lines are marked once: 4 vertical and 4 horizontal lines, each marked at both ends.
        #expect(marks.count == 16)
        let vertical = marks.filter { $0.direction == .vertical }
        #expect(Set(vertical.map(\.start.x)) == [36, 216, 396, 576])
        #expect(Set(marks.filter { $0.direction == .horizontal }.map(\.start.y)) == [18, 270, 522, 774])
        // Above the grid: from 1/16 in off the cards to the page edge, 13.5 pt (the page edge is 18 pt away).
        let topLeft = try #require(vertical.first { $0.start.x == 36 && $0.start.y < 18 })
        #expect(topLeft.start == CGPoint(x: 36, y: 13.5))
        #expect(topLeft.end == CGPoint(x: 36, y: 0))
        // Left of the grid there is room for the full 1/4 in.
        let left = try #require(marks.first { $0.direction == .horizontal && $0.start.y == 18 && $0.start.x < 36 })
        #expect(left.start == CGPoint(x: 31.5, y: 18))
        #expect(left.end == CGPoint(x: 13.5, y: 18))
        #expect(left.length == 18)
    }

    @Test(arguments: [(0.0, 0.0), (9.0, 0.0), (8.5039, 0.0), (9.0, 14.17), (0.0, 28.35), (9.0, 3.0)])
    func marksNeverTouchABleedBoxAndStayOnThePage(bleed: Double, gutter: Double) throws {
        for paper in [Paper.a4, .letter, .a3, .tabloid] {
            for card in [poker, bridge] {
                let layout = try SheetLayout(paper: paper, cardSize: card, bleed: .points(bleed), gutter: .points(gutter))
                let marks = layout.cropMarks()
                #expect(!marks.isEmpty)
                let page = CGRect(origin: .zero, size: layout.pageSize)
                let trimXs = Set(layout.slots.flatMap { [$0.trim.minX, $0.trim.maxX] })
                let trimYs = Set(layout.slots.flatMap { [$0.trim.minY, $0.trim.maxY] })
                for mark in marks {
                    #expect(closed(page, contains: mark.start) && closed(page, contains: mark.end))
                    #expect(mark.length >= CropMarkStyle.standard.minimumLength.points - 1e-9)
                    #expect(mark.length <= CropMarkStyle.standard.length.points + 1e-9)
                    for slot in layout.slots {
                        // The gap beyond the bleed keeps even the mark's near end off every bleed box.
                        #expect(!segment(mark, touches: slot.bleed.insetBy(dx: -4.4, dy: -4.4)))
                    }
                    switch mark.direction {
                    case .vertical: #expect(mark.start.x == mark.end.x && trimXs.contains(mark.start.x))
                    case .horizontal: #expect(mark.start.y == mark.end.y && trimYs.contains(mark.start.y))
                    }
                }
                // Every trim line is marked at least once.
                #expect(Set(marks.filter { $0.direction == .vertical }.map(\.start.x)) == trimXs)
                #expect(Set(marks.filter { $0.direction == .horizontal }.map(\.start.y)) == trimYs)
            }
        }
    }

    @Test func marksStartTheBleedPlusTheGapAwayFromTheTrim() throws {
        let layout = try SheetLayout(paper: .a4, cardSize: poker, bleed: .millimetres(3), orientation: .landscape)
        let frame = layout.trimFrame
        let distance = Length.millimetres(3).points + CropMarkStyle.standard.gapBeyondBleed.points
        for mark in layout.cropMarks() {
            switch mark.direction {
            case .vertical:
                #expect(abs(min(abs(mark.start.y - frame.minY), abs(mark.start.y - frame.maxY)) - distance) < 1e-9)
            case .horizontal:
                #expect(abs(min(abs(mark.start.x - frame.minX), abs(mark.start.x - frame.maxX)) - distance) < 1e-9)
            }
        }
    }

    @Test func gutterMarksOnlyWhenTheGutterHasRoom() throws {
        // 10 mm gutter on A4 landscape, 4 × 2 poker cards: each trim line crosses the gutter(s) across it.
        let wide = try SheetLayout(paper: .a4, cardSize: poker, gutter: .millimetres(10), orientation: .landscape)
        #expect((wide.columns, wide.rows) == (4, 2))
        let frame = wide.bleedFrame
        let inside = wide.cropMarks().filter { closed(frame, contains: $0.start) }
        // 8 vertical trim lines × 1 row gutter + 4 horizontal trim lines × 3 column gutters.
        #expect(inside.count == 8 * 1 + 4 * 3)
        let gutterMark = try #require(inside.first { $0.direction == .vertical })
        // Centred in the 28.35 pt gutter, 1/16 in clear of both rows: 19.35 pt, capped at 18.
        #expect(abs(gutterMark.length - 18) < 1e-9)
        // 3 pt is less than two gaps and a 1 mm mark: no marks between cards.
        let narrow = try SheetLayout(paper: .a4, cardSize: poker, gutter: .points(3), orientation: .landscape)
        #expect(narrow.cropMarks().allSatisfy { !closed(narrow.bleedFrame, contains: $0.start) })
        // No gutter: never a mark inside the grid.
        let none = try SheetLayout(paper: .a4, cardSize: poker)
        #expect(none.cropMarks().allSatisfy { !closed(none.bleedFrame, contains: $0.start) })
    }

    @Test func marksShorterThanTheMinimumAreLeftOut() throws {
        // 3 × 3 poker on Letter with no margin: the grid reaches 18 pt from the top edge; a 17 pt gap leaves 1 pt.
        let layout = try SheetLayout(paper: .letter, cardSize: poker)
        let style = CropMarkStyle(gapBeyondBleed: .points(17))
        let marks = layout.cropMarks(style: style)
        #expect(marks.allSatisfy { $0.direction == .horizontal })
        #expect(marks.count == 8)
    }
}

/// The sheet as the printer handles it: a portrait sheet of paper, the page placed on it (a landscape page
/// turned a quarter turn, either way), then the paper turned over about one of its edges.
struct PhysicalSheet {
    let layout: SheetLayout
    let clockwise: Bool

    var paper: CGSize { layout.paper.size(in: .portrait) }

    /// Page point → point on the paper.
    func place(_ p: CGPoint) -> CGPoint {
        guard layout.orientation == .landscape else { return p }
        let page = layout.pageSize
        return clockwise ? CGPoint(x: page.height - p.y, y: p.x) : CGPoint(x: p.y, y: page.width - p.x)
    }

    /// Point on the paper → page point.
    func unplace(_ q: CGPoint) -> CGPoint {
        guard layout.orientation == .landscape else { return q }
        let page = layout.pageSize
        return clockwise ? CGPoint(x: q.y, y: page.height - q.x) : CGPoint(x: page.width - q.y, y: q.x)
    }

    /// A point of the front seen through the paper from the back, in the back's paper coordinates.
    func turnOver(_ q: CGPoint, _ flip: DuplexFlip) -> CGPoint {
        // The paper's long edge runs along y: turning about it mirrors x, about the short edge mirrors y.
        flip == .longEdge ? CGPoint(x: paper.width - q.x, y: q.y) : CGPoint(x: q.x, y: paper.height - q.y)
    }

    /// Where on the back page the front's `rect` ends up.
    func behind(_ rect: CGRect, _ flip: DuplexFlip) -> CGRect {
        let corners = [CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.maxY)]
            .map { unplace(turnOver(place($0), flip)) }
        return CGRect(x: min(corners[0].x, corners[1].x), y: min(corners[0].y, corners[1].y),
                      width: abs(corners[0].x - corners[1].x), height: abs(corners[0].y - corners[1].y))
    }
}

@Suite struct DuplexTests {
    static let alignment = Length.millimetres(0.2).points

    @Test(arguments: DuplexFlip.allCases, [Orientation.portrait, .landscape])
    func eachBackLandsBehindItsFront(flip: DuplexFlip, orientation: Orientation) throws {
        for (paper, card, bleed) in [(Paper.a4, poker, 0.0), (.letter, bridge, 9.0), (.a3, poker, 8.5), (.tabloid, bridge, 0.0)] {
            let layout = try SheetLayout(paper: paper, cardSize: card, bleed: .points(bleed),
                                         orientation: orientation == .portrait ? .portrait : .landscape)
            let backs = layout.backSlots(flip: flip)
            #expect(backs.count == layout.slots.count)
            for clockwise in [true, false] {
                let sheet = PhysicalSheet(layout: layout, clockwise: clockwise)
                for (front, back) in zip(layout.slots, backs) {
                    #expect(back.index == front.index)
                    #expect(isClose(sheet.behind(front.trim, flip), back.trim, within: Self.alignment))
                    #expect(isClose(sheet.behind(front.bleed, flip), back.bleed, within: Self.alignment))
                }
            }
            // The grid is centred, so each back is exactly on a slot of the same grid, mirrored.
            for back in backs {
                let slot = layout.slots[back.row * layout.columns + back.column]
                #expect(isClose(back.trim, slot.trim, within: 1e-9))
            }
        }
    }

    @Test func longEdgeOnPortraitMirrorsColumnsAndShortEdgeMirrorsRows() throws {
        let layout = try SheetLayout(paper: .letter, cardSize: poker)
        let long = layout.backSlots(flip: .longEdge)
        #expect(long[0].trim == CGRect(x: 396, y: 18, width: 180, height: 252))
        #expect((long[0].column, long[0].row) == (2, 0))
        let short = layout.backSlots(flip: .shortEdge)
        #expect(short[0].trim == CGRect(x: 36, y: 522, width: 180, height: 252))
        #expect((short[0].column, short[0].row) == (0, 2))
        let landscape = try SheetLayout(paper: .letter, cardSize: bridge, orientation: .landscape)
        #expect(!landscape.flipMirrorsX(.longEdge))
        #expect(landscape.flipMirrorsX(.shortEdge))
    }

    @Test func aBackPlacedWithoutMirroringWouldMissItsFront() throws {
        // Guards the test above against agreeing with anything: the unmirrored slot misses by a column.
        let layout = try SheetLayout(paper: .a4, cardSize: poker)
        let sheet = PhysicalSheet(layout: layout, clockwise: true)
        #expect(!isClose(sheet.behind(layout.slots[0].trim, .longEdge), layout.slots[0].trim, within: Self.alignment))
    }
}

@Suite struct PrintOnDemandTests {
    @Test func pokerWithBleedIs825By1125PixelsAt300DPI() {
        let size = PrintOnDemandSize.pokerWithBleed
        #expect(size.pixelSize == (825, 1125))
        #expect(size.canvas == CGSize(width: 198, height: 270))
        #expect(size.trim == CGSize(width: 180, height: 252))
        #expect(size.bleed == CGSize(width: 9, height: 9))
        #expect(size.trimPixels == CGSize(width: 750, height: 1050))
        #expect(size.description == "poker: 825×1125 px at 300 dpi (The Game Crafter, DriveThruCards)")
    }

    @Test func bridgeWithBleedIs750By1125Pixels() {
        let size = PrintOnDemandSize.bridgeWithBleed
        #expect(size.pixelSize == (750, 1125))
        #expect(size.canvas == CGSize(width: 180, height: 270))
        #expect(size.trimPixels == CGSize(width: 675, height: 1050))
        #expect(size.bleed == CGSize(width: 9, height: 9))
    }

    @Test func poker63x88mmSharesThePokerCanvasWithUnevenBleed() {
        let size = PrintOnDemandSize.poker63x88WithBleed
        #expect(size.pixelSize == (825, 1125))
        #expect(size.canvas == CGSize(width: 198, height: 270))
        #expect(abs(size.trim.width - 178.5827) < 1e-4)
        #expect(abs(size.trim.height - 249.4488) < 1e-4)
        #expect(abs(size.trimPixels.width - 744.0945) < 1e-4)
        #expect(abs(size.trimPixels.height - 1039.3701) < 1e-4)
        // About 0.135 in across and 0.145 in up and down, as the template states.
        #expect(abs(Length(points: size.bleed.width).inches - 0.135) < 0.001)
        #expect(abs(Length(points: size.bleed.height).inches - 0.145) < 0.003)
    }

    @Test func makePlayingCardsPokerIs822By1122Pixels() {
        let size = PrintOnDemandSize.pokerMakePlayingCards
        #expect(size.pixelSize == (822, 1122))
        #expect(abs(size.canvas.width - 197.28) < 1e-9)
        #expect(abs(size.canvas.height - 269.28) < 1e-9)
        #expect(abs(size.bleed.width / 72 * 300 - 36) < 1e-9)
    }

    @Test func everySizeIsAWholeNumberOfPixels() {
        for size in PrintOnDemandSize.all {
            let exact = CGSize(width: size.canvas.width / 72 * size.dotsPerInch, height: size.canvas.height / 72 * size.dotsPerInch)
            #expect(abs(exact.width - exact.width.rounded()) < 1e-6, "\(size.name)")
            #expect(abs(exact.height - exact.height.rounded()) < 1e-6, "\(size.name)")
        }
        #expect(Set(PrintOnDemandSize.all.map(\.name)).count == PrintOnDemandSize.all.count)
    }

    @Test func singleCardPagesGoBackThenFront() {
        let pages = PrintOnDemandPage.backThenFront(cardCount: 2)
        #expect(pages == [
            PrintOnDemandPage(card: 0, side: .back), PrintOnDemandPage(card: 0, side: .front),
            PrintOnDemandPage(card: 1, side: .back), PrintOnDemandPage(card: 1, side: .front),
        ])
        #expect(PrintOnDemandPage.backThenFront(cardCount: 0).isEmpty)
    }
}
