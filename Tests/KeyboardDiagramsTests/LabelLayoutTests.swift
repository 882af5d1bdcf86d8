import Foundation
import Testing
@testable import KeyboardDiagrams

@Suite("Label layout")
struct LabelLayoutTests {
    @Test func segmentsCrossOnlyTheInsideOfARect() {
        let rect = CGRect(x: 10, y: 10, width: 20, height: 10)
        #expect(LineSegment(x1: 0, y1: 15, x2: 40, y2: 15).crosses(rect))
        #expect(LineSegment(x1: 20, y1: 0, x2: 20, y2: 12).crosses(rect))
        #expect(LineSegment(x1: 0, y1: 0, x2: 40, y2: 40).crosses(rect))
        // Along an edge, outside, or stopping short: no.
        #expect(!LineSegment(x1: 0, y1: 10, x2: 40, y2: 10).crosses(rect))
        #expect(!LineSegment(x1: 0, y1: 25, x2: 40, y2: 25).crosses(rect))
        #expect(!LineSegment(x1: 0, y1: 15, x2: 9, y2: 15).crosses(rect))
        #expect(!LineSegment(x1: 0, y1: 30, x2: 40, y2: 50).crosses(rect))
    }

    @Test func takesTheFirstFreeCandidate() throws {
        var layout = LabelLayout(bounds: CGRect(x: 0, y: 0, width: 200, height: 200))
        layout.addKeyLine(LineSegment(x1: 0, y1: 50, x2: 200, y2: 50))
        let size = CGSize(width: 40, height: 12)
        let first = try layout.require("a", size: size, role: .annotation,
                                       candidates: [CGRect(x: 10, y: 44, width: 40, height: 12),  // crosses the line
                                                    CGRect(x: 10, y: 60, width: 40, height: 12)])
        #expect(first.frame.origin == CGPoint(x: 10, y: 60))
        #expect(first.leader == nil)
        // The same place again is taken: the next candidate wins.
        let second = try layout.require("b", size: size, role: .annotation,
                                        candidates: [CGRect(x: 10, y: 60, width: 40, height: 12),
                                                     CGRect(x: 10, y: 80, width: 40, height: 12)])
        #expect(second.frame.origin == CGPoint(x: 10, y: 80))
    }

    @Test func fallsBackToTheGutterWithALeader() throws {
        var layout = LabelLayout(bounds: CGRect(x: 0, y: 0, width: 300, height: 200))
        let size = CGSize(width: 60, height: 14)
        let gutter = LabelGutter(column: CGRect(x: 200, y: 0, width: 100, height: 200), alignment: .leading)
        try layout.reserve("block", frame: CGRect(x: 200, y: 93, width: 100, height: 14), role: .caption)
        let label = try layout.require("c", size: size, role: .dimension, candidates: [], anchor: CGPoint(x: 120, y: 100),
                                       gutter: gutter)
        // The slot at the anchor's height is taken, so the nearest free one is used, with a leader.
        #expect(label.frame.minX == 200)
        #expect(abs(label.frame.midY - 100) < 30)
        #expect(!label.frame.intersects(CGRect(x: 200, y: 93, width: 100, height: 14)))
        let leader = try #require(label.leader)
        #expect(leader.end == CGPoint(x: 120, y: 100))
        #expect(layout.overlappingLabels.isEmpty)
    }

    @Test func keepsClearOfProtectedText() throws {
        var layout = LabelLayout(bounds: CGRect(x: 0, y: 0, width: 300, height: 200))
        let word = CGRect(x: 100, y: 90, width: 30, height: 14)
        layout.addProtectedText([word])
        let size = CGSize(width: 60, height: 14)
        let label = try layout.require("a", size: size, role: .annotation,
                                       candidates: [CGRect(x: 90, y: 95, width: 60, height: 14),  // over the word
                                                    CGRect(x: 90, y: 110, width: 60, height: 14)])
        #expect(label.frame.origin == CGPoint(x: 90, y: 110))
        // A gutter leader does not run through protected text either: a slot level with the
        // anchor would draw its line across the word, so one higher up is taken.
        let gutter = LabelGutter(column: CGRect(x: 200, y: 0, width: 100, height: 200), alignment: .leading)
        let moved = try layout.require("b", size: size, role: .annotation, candidates: [], anchor: CGPoint(x: 60, y: 97),
                                       gutter: gutter)
        let leader = try #require(moved.leader)
        #expect(!leader.crosses(word))
        #expect(moved.frame.maxY < 97)
        #expect(layout.labelsCoveringProtectedText.isEmpty)
    }

    /// Every default diagram: no label box covers any text drawn on a keyboard (suggestions,
    /// key caps), so the keyboard stays readable under its annotations.
    @Test func defaultDiagramsKeepLabelsOffKeyboardText() throws {
        let builder = KeyboardDiagramBuilder(catalog: try DeviceCatalog.bundled())
        let style = try DiagramStyle()
        var checkedBoxes = 0
        for order in KeyboardDiagramSet.defaultOrders(builder: builder) {
            let diagram = try order.diagram(builder: builder, style: style)
            let name = order.output ?? "?"
            checkedBoxes += diagram.keyboardText.count
            for label in diagram.labels {
                for box in diagram.keyboardText where !label.frame.intersection(box).isEmpty {
                    Issue.record("\(name): \"\(label.text)\" covers keyboard text at \(box)")
                }
            }
        }
        // The boxes are really there: the 4.7-inch keyboard alone has 3 suggestions and 31 key caps.
        let iPhone8 = try KeyboardDiagram(model: try builder.build(KeyboardDiagramRequest(deviceID: "iphone-8")), style: style)
        #expect(iPhone8.keyboardText.count == 3 + 31)
        #expect(checkedBoxes > 1000)
    }

    @Test func reportsLabelsThatFitNowhere() {
        var layout = LabelLayout(bounds: CGRect(x: 0, y: 0, width: 100, height: 30))
        #expect(throws: LabelLayoutError(text: "too wide")) {
            try layout.require("too wide", size: CGSize(width: 150, height: 10), role: .annotation,
                               candidates: [CGRect(x: 0, y: 0, width: 150, height: 10)])
        }
    }
}
