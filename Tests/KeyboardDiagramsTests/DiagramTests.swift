import CardRenderSupport
import Drawing
import Foundation
import RenderPipeline
import Testing
@testable import KeyboardDiagrams

@Suite("Keyboard diagrams")
struct DiagramTests {
    let builder: KeyboardDiagramBuilder
    let style: DiagramStyle

    init() throws {
        builder = KeyboardDiagramBuilder(catalog: try DeviceCatalog.bundled())
        style = try DiagramStyle()
    }

    /// Every default diagram: no two label boxes overlap, none crosses a key line, all inside the canvas,
    /// and the canvas stays a reasonable size.
    @Test func defaultDiagramsKeepLabelsApart() throws {
        let orders = KeyboardDiagramSet.defaultRequests(builder: builder)
        #expect(orders.count == builder.catalog.devices.count * 2 * 4 + builder.scenarios.count
            + KeyboardDiagramSet.mistakeRequests(builder: builder).count + 1)
        for order in orders {
            let diagram = try order.diagram(builder: builder, style: style)
            let name = order.output ?? "?"
            if let folder = DiagramPreviewTests.previewFolder {
                let url = folder.appendingPathComponent(name + ".png")
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try diagram.picture.write(to: url, resolution: .scale(1))
            }
            let canvas = CGRect(origin: .zero, size: diagram.size)
            #expect(diagram.size.width >= 1000 && diagram.size.width <= 1700, "\(name) is \(diagram.size.width) pt wide")
            #expect(diagram.size.height <= 1300, "\(name) is \(diagram.size.height) pt tall")
            #expect(diagram.labels.count >= 8, "\(name) has only \(diagram.labels.count) labels")
            for (i, a) in diagram.labels.enumerated() {
                #expect(canvas.contains(a.frame), "\(name): \"\(a.text)\" leaves the canvas")
                for b in diagram.labels[(i + 1)...] {
                    let overlap = a.frame.intersection(b.frame)
                    #expect(overlap.isNull || overlap.width <= 0 || overlap.height <= 0,
                            "\(name): \"\(a.text)\" overlaps \"\(b.text)\"")
                }
                for line in diagram.keyLines where line.crosses(a.frame) {
                    Issue.record("\(name): \"\(a.text)\" crosses the line \(line.start) → \(line.end)")
                }
            }
        }
    }

    /// Arbitrary frames from the command line (views off screen, tiny or huge keyboards, keyboards
    /// wider than the view) still lay out: every label placed, none overlapping.
    @Test func randomFramesStillLayOut() throws {
        var random = SplitMix64(seed: 7_051_993)
        let catalog = builder.catalog
        for index in 0..<400 {
            let device = catalog.devices[index % catalog.devices.count]
            let orientation: Orientation = index % 2 == 0 ? .portrait : .landscape
            let size = device.metrics(for: orientation).screenSize
            func coordinate(_ limit: CGFloat) -> CGFloat { CGFloat(Double.random(in: -0.5...1.2, using: &random)) * limit }
            func length(_ limit: CGFloat) -> CGFloat { CGFloat(Double.random(in: 0...1.2, using: &random)) * limit }
            let keyboard = CGRect(x: coordinate(size.width), y: coordinate(size.height), width: length(size.width),
                                  height: length(size.height))
            let view = CGRect(x: coordinate(size.width) / 2, y: coordinate(size.height) / 2, width: length(size.width),
                              height: length(size.height))
            let order = KeyboardRequest(device: device.id, orientation: orientation,
                                             strategy: AvoidanceStrategy.allCases[index % 4],
                                             keyboardFrame: keyboard, viewFrame: index % 3 == 0 ? nil : view,
                                             filmstrip: index % 10 == 9 ? 3 : nil)
            let diagram: KeyboardDiagram
            do {
                diagram = try order.diagram(builder: builder, style: style)
            } catch {
                Issue.record("\(device.id) \(orientation) keyboard \(keyboard) view \(view): \(error)")
                continue
            }
            for (i, a) in diagram.labels.enumerated() {
                for b in diagram.labels[(i + 1)...] where a.frame.intersection(b.frame).width > 0 && a.frame.intersection(b.frame).height > 0 {
                    Issue.record("\(device.id) keyboard \(keyboard) view \(view): \"\(a.text)\" overlaps \"\(b.text)\"")
                }
            }
        }
    }

    @Test func dimensionsCarryTheComputedNumbers() throws {
        let portrait = try KeyboardDiagram(model: try builder.build(KeyboardDiagramRequest(deviceID: "iphone-8")), style: style)
        let texts = Set(portrait.labels.map(\.text))
        #expect(texts.contains("bottomOffset = 258"))
        #expect(texts.contains("keyboard height 258"))
        #expect(texts.contains("intersection 258"))
        #expect(texts.contains("UIKeyboardWillShowNotification (0,667,375,258), (0,409,375,258) curve:7, duration:0.25"))
        #expect(texts.contains("bottomOffset = view.bounds.maxY − intersection.minY = 667 − 409 = 258"))
        let landscape = try KeyboardDiagram(
            model: try builder.build(KeyboardDiagramRequest(deviceID: "iphone-8", orientation: .landscape)), style: style)
        #expect(landscape.labels.contains { $0.text == "bottomOffset = 194" })
        #expect(landscape.labels.contains { $0.text.contains("(0,375,667,194), (0,181,667,194)") })
        let inset = try KeyboardDiagram(
            model: try builder.build(KeyboardDiagramRequest(deviceID: "iphone-x", strategy: .contentInset)), style: style)
        #expect(inset.labels.contains { $0.text == "contentInset.bottom = 301" })
        #expect(inset.labels.contains { $0.text == "safe-area bottom 34" })
    }

    @Test func mistakePanelsShowTheWrongValueAndWhatItCosts() throws {
        let model = try builder.build(scenario: "hardware-keyboard")
        let diagram = try KeyboardDiagram(model: model, variant: .mistake(.heightInsteadOfIntersection), style: style)
        let texts = diagram.labels.map(\.text)
        #expect(texts.contains("bottomOffset = 313 ✗"))
        #expect(texts.contains("bottomOffset = 313  (should be 55)"))
        // The content ends 313 - 55 = 258 pt above the shortcut bar.
        #expect(texts.contains("258 pt wasted gap"))
        let tabBar = try KeyboardDiagram(model: try builder.build(scenario: "tab-bar"), variant: .mistake(.safeAreaCountedTwice),
                                         style: style)
        #expect(tabBar.labels.contains { $0.text == "49 pt hidden under the keyboard" })
        #expect(throws: KeyboardDiagramError.mistakeNotApplicable(.forgotCoordinateConversion, .layoutGuide)) {
            try KeyboardDiagram(model: try builder.build(KeyboardDiagramRequest(strategy: .layoutGuide)),
                                variant: .mistake(.forgotCoordinateConversion), style: style)
        }
    }

    @Test func filmstripLabelsEachMomentOfTheSpring() throws {
        let diagram = try KeyboardDiagram(model: try builder.build(KeyboardDiagramRequest()), variant: .filmstrip(frames: 5),
                                          style: style)
        let texts = diagram.labels.map(\.text)
        #expect(["t = 0.000 s", "t = 0.125 s", "t = 0.250 s", "t = 0.375 s", "t = 0.500 s"].allSatisfy(texts.contains))
        // p(0.25) of the critically damped spring is 0.942; the keyboard is 94.2 % of the way up.
        #expect(texts.contains("progress 94.2 %"))
        #expect(texts.contains("progress 0.0 %"))
        #expect(throws: KeyboardDiagramError.tooManyFilmstripFrames(25, maximum: 24)) {
            try KeyboardDiagram(model: try builder.build(KeyboardDiagramRequest()), variant: .filmstrip(frames: 25), style: style)
        }
    }

    @Test func everyDeviceFitsWithinTheCanvasBudget() throws {
        // The largest device in landscape keeps its picture inside the canvas and the diagram near 1600 pt.
        let diagram = try KeyboardDiagram(
            model: try builder.build(KeyboardDiagramRequest(deviceID: "ipad-pro-12.9", orientation: .landscape)), style: style)
        #expect(diagram.size.width <= 1600)
        let image = try diagram.picture.rasterize(scale: 1)
        #expect(image.width == Int(diagram.size.width.rounded(.up)) && image.height == Int(diagram.size.height.rounded(.up)))
        // The canvas' corner is background, its middle is drawing.
        #expect(image[0, 0] == RGBAImage.Pixel(r: 255, g: 255, b: 255, a: 255))
        var inked = 0
        for x in stride(from: 0, to: image.width, by: 7) where image[x, image.height / 2] != RGBAImage.Pixel(r: 255, g: 255, b: 255, a: 255) {
            inked += 1
        }
        #expect(inked > 20)
    }

    @Test func svgAndPDFComeFromTheSameDrawing() throws {
        let diagram = try KeyboardDiagram(model: try builder.build(KeyboardDiagramRequest(deviceID: "iphone-x")), style: style)
        let svg = String(decoding: try diagram.picture.svgData(), as: UTF8.self)
        #expect(svg.contains("width=\"\(KeyboardFormat.number(diagram.size.width))pt\""))
        #expect(svg == String(decoding: try diagram.picture.svgData(), as: UTF8.self))
        let pdf = try diagram.picture.pdfData()
        #expect(pdf.starts(with: Data("%PDF".utf8)))
    }
}
