import Foundation
import PrintLayout
import Testing

/// Cards turned a quarter turn when that fits more on a page whose orientation is fixed: slots,
/// crop marks and back slots are the turned card's.
@Suite struct SheetRotationTests {
    @Test func cardsTurnWhenThatFitsMoreOnAFixedOrientation() throws {
        let poker = CGSize(width: 180, height: 252)
        // A4 landscape: upright 4 × 2 = 8 poker cards, turned 3 × 3 = 9.
        let upright = try SheetLayout(paper: .a4, cardSize: poker, orientation: .landscape)
        #expect(!upright.rotatesCards && upright.capacity == 8)
        let turned = try SheetLayout(paper: .a4, cardSize: poker, orientation: .landscape, rotation: .automatic)
        #expect(turned.rotatesCards && turned.orientation == .landscape)
        #expect((turned.columns, turned.rows) == (3, 3))
        #expect(turned.slotSize == CGSize(width: 252, height: 180))
        for slot in turned.slots {
            #expect(slot.trim.size == CGSize(width: 252, height: 180))
            #expect(turned.printableArea.contains(slot.bleed))
        }
        // Crop marks continue the turned trims' lines: 4 vertical and 4 horizontal lines, each marked at both ends.
        let marks = turned.cropMarks()
        let verticalLines = Set(marks.filter { $0.direction == .vertical }.map(\.start.x))
        let horizontalLines = Set(marks.filter { $0.direction == .horizontal }.map(\.start.y))
        #expect(verticalLines == Set(turned.slots.flatMap { [$0.trim.minX, $0.trim.maxX] }))
        #expect(horizontalLines == Set(turned.slots.flatMap { [$0.trim.minY, $0.trim.maxY] }))
        #expect(marks.count == 16)

        // Turning the cards on a portrait page fits what turning the page does: an automatic
        // orientation turns the page and keeps the cards upright.
        let automatic = try SheetLayout(paper: .a4, cardSize: poker, rotation: .automatic)
        #expect(!automatic.rotatesCards && automatic.capacity == 9)
        // Never turned when that fits no more; always when asked.
        #expect(try !SheetLayout(paper: .a4, cardSize: poker, orientation: .portrait, rotation: .automatic).rotatesCards)
        let always = try SheetLayout(paper: .a4, cardSize: poker, orientation: .portrait, rotation: .always)
        #expect(always.rotatesCards && always.capacity == 8)
        // A card longer than the paper is wide fits when it may be turned.
        let long = CGSize(width: 100, height: 700)
        #expect(throws: PrintLayoutError.self) { try SheetLayout(paper: .a4, cardSize: CGSize(width: 100, height: 900)) }
        #expect(try SheetLayout(paper: .a4, cardSize: long, margin: .zero, orientation: .landscape, rotation: .automatic).rotatesCards)
    }

    @Test func turnedBacksLandBehindTheirFronts() throws {
        let layout = try SheetLayout(paper: .a4, cardSize: CGSize(width: 180, height: 252), bleed: .millimetres(1),
                                     margin: .millimetres(3), orientation: .landscape, rotation: .automatic)
        #expect(layout.rotatesCards)
        for flip in DuplexFlip.allCases {
            for (front, back) in zip(layout.slots, layout.backSlots(flip: flip)) {
                #expect(back.trim.size == front.trim.size)
                #expect(back.trim == layout.backRect(behind: front.trim, flip: flip))
            }
        }
    }
}
