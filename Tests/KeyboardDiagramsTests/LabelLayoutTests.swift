import Foundation
import RenderPipeline
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
        for order in KeyboardDiagramSet.defaultRequests(builder: builder) {
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

    /// Every device × orientation × strategy, every scenario × strategy, and each mistake a
    /// scenario's strategy can make: no two labels overlap, none crosses a key line or leaves the
    /// canvas, and none covers a keyboard's text or keys or a toolbar button.
    @Test func everyDiagramOfTheCatalogKeepsLabelsApart() throws {
        let builder = KeyboardDiagramBuilder(catalog: try DeviceCatalog.bundled())
        let style = try DiagramStyle()
        var diagrams: [(String, () throws -> KeyboardDiagram)] = []
        for device in builder.catalog.devices {
            for orientation in Orientation.allCases {
                for strategy in AvoidanceStrategy.allCases {
                    let request = KeyboardDiagramRequest(deviceID: device.id, orientation: orientation, strategy: strategy)
                    diagrams.append(("\(device.id) \(orientation.rawValue) \(strategy.rawValue)", {
                        try KeyboardDiagram(model: try builder.build(request), style: style)
                    }))
                }
            }
        }
        for scenario in builder.scenarios {
            for strategy in AvoidanceStrategy.allCases {
                let model = try builder.build(scenario, strategy: strategy)
                diagrams.append(("scenario \(scenario.id) \(strategy.rawValue)", { try KeyboardDiagram(model: model, style: style) }))
                for mistake in KeyboardMistake.allCases where model.result.geometry.outcome(of: mistake, strategy: strategy) != nil {
                    diagrams.append(("scenario \(scenario.id) \(strategy.rawValue) mistake \(mistake.rawValue)", {
                        try KeyboardDiagram(model: model, variant: .mistake(mistake), style: style)
                    }))
                }
            }
        }
        #expect(diagrams.count == builder.catalog.devices.count * 2 * 4 + builder.scenarios.count * 4 + builder.scenarios.count * 3 * 4)
        var keys = 0
        for (name, make) in diagrams {
            let diagram = try make()
            keys += diagram.keyboardKeys.count
            let canvas = CGRect(origin: .zero, size: diagram.size)
            for (index, label) in diagram.labels.enumerated() {
                #expect(canvas.contains(label.frame), "\(name): \"\(label.text)\" leaves the canvas")
                for other in diagram.labels[(index + 1)...] where !label.frame.intersection(other.frame).isEmpty {
                    Issue.record("\(name): \"\(label.text)\" overlaps \"\(other.text)\"")
                }
                for line in diagram.keyLines where line.crosses(label.frame) {
                    Issue.record("\(name): \"\(label.text)\" crosses the line \(line.start) → \(line.end)")
                }
                for box in diagram.keyboardText where !label.frame.intersection(box).isEmpty {
                    Issue.record("\(name): \"\(label.text)\" covers keyboard text at \(box)")
                }
                for key in diagram.keyboardKeys where !label.frame.intersection(key).isEmpty {
                    Issue.record("\(name): \"\(label.text)\" covers a key at \(key)")
                }
                for button in diagram.panels.flatMap(\.visibleToolbarText) where !label.frame.intersection(button).isEmpty {
                    Issue.record("\(name): \"\(label.text)\" covers a toolbar button at \(button)")
                }
            }
        }
        #expect(keys > 10_000)
    }

    /// The case a user met: on the landscape iPhone 15 Pro the bottom row's caps are too small for
    /// text, and the end frame and layout guide labels were put on those keys (and, moved off them,
    /// must not land on the toolbar's Send).
    @Test func landscapeLayoutGuideLabelsStayOffTheBottomRow() throws {
        let builder = KeyboardDiagramBuilder(catalog: try DeviceCatalog.bundled())
        let diagram = try KeyboardDiagram(model: try builder.build(KeyboardDiagramRequest(
            deviceID: "iphone-15-pro", orientation: .landscape, strategy: .layoutGuide)))
        let after = try #require(diagram.panels.last)
        let keyboard = try #require(after.visibleKeyboardRect)
        let keysInAfter = diagram.keyboardKeys.filter { keyboard.intersects($0) }
        #expect(keysInAfter.count >= 30)
        let buttons = after.visibleToolbarText
        #expect(buttons.count == 3)
        for label in diagram.labels where label.text.hasPrefix("end frame") || label.text == "keyboardLayoutGuide" {
            #expect(!keysInAfter.contains { $0.intersects(label.frame) }, "\"\(label.text)\" at \(label.frame) covers a key")
            #expect(!buttons.contains { $0.intersects(label.frame) }, "\"\(label.text)\" at \(label.frame) covers a toolbar button")
        }
    }

    /// Moved off the keys into the label column, the end frame keeps its words: the column is
    /// wide enough for them.
    @Test func endFrameLabelKeepsItsWordsInTheColumn() throws {
        let builder = KeyboardDiagramBuilder(catalog: try DeviceCatalog.bundled())
        for (request, text) in [(KeyboardDiagramRequest(deviceID: "iphone-8"), "end frame (0,409,375,258)"),
                                (KeyboardDiagramRequest(deviceID: "iphone-15-pro", orientation: .landscape, strategy: .layoutGuide),
                                 "end frame (0,178,852,215)")] {
            let diagram = try KeyboardDiagram(model: try builder.build(request))
            #expect(diagram.labels.contains { $0.text == text }, "\(request.deviceID): \(diagram.labels.map(\.text))")
        }
    }

    @Test func reportsLabelsThatFitNowhere() {
        var layout = LabelLayout(bounds: CGRect(x: 0, y: 0, width: 100, height: 30))
        #expect(throws: LabelLayoutError(text: "too wide")) {
            try layout.require("too wide", size: CGSize(width: 150, height: 10), role: .annotation,
                               candidates: [CGRect(x: 0, y: 0, width: 150, height: 10)])
        }
    }
}
