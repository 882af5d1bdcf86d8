import Drawing
import Foundation
import Testing
@testable import KeyboardDiagrams

/// Renders diagrams and checks what their pixels show: each strategy's result, the keyboard,
/// the view and the intersection where the geometry puts them, and both sides of a mistake.
/// With KEYBOARD_DIAGRAM_PREVIEW=DIR set it also writes them there, to look at while working on
/// the renderer.
@Suite("Diagram rendering")
struct DiagramPreviewTests {
    let builder: KeyboardDiagramBuilder
    let style: DiagramStyle

    init() throws {
        builder = KeyboardDiagramBuilder(catalog: try DeviceCatalog.bundled())
        style = try DiagramStyle()
    }

    static var previewFolder: URL? {
        ProcessInfo.processInfo.environment["KEYBOARD_DIAGRAM_PREVIEW"].map { URL(fileURLWithPath: $0, isDirectory: true) }
    }

    /// The diagram's pixels at 1 pixel per canvas point; written to the preview folder if set.
    func render(_ diagram: KeyboardDiagram, _ name: String) throws -> Raster {
        let image = try diagram.picture.rasterize(scale: 1)
        #expect(image.width == Int(diagram.size.width.rounded(.up)), "\(name)")
        if let folder = Self.previewFolder {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try diagram.picture.write(to: folder.appendingPathComponent(name + ".png"), resolution: .scale(1))
        }
        return Raster(image: image)
    }

    /// Colours of a keyboard's fills seen through the intersection's tint.
    var coveredKeyboardColours: [Color] {
        [style.keyboardFill, style.keyFill, style.specialKeyFill, style.predictiveFill].map { $0.under(style.overlapFill) }
    }

    /// The badge under a panel (`bottomOffset = 258`, also the emphasised dimension's label): its
    /// text, and its pixels in `color`.
    func expectBadge(_ text: String, color: Color, in diagram: KeyboardDiagram, _ raster: Raster,
                     sourceLocation: SourceLocation = #_sourceLocation) {
        let badges = diagram.labels.filter { $0.role == .value && $0.text == text }
        #expect(!badges.isEmpty, "no badge \"\(text)\" in \(diagram.labels.map(\.text))", sourceLocation: sourceLocation)
        for badge in badges {
            // Bold 16-pt text covers a good part of its box; its strokes' cores are the badge colour.
            let inked = raster.share(of: [color], in: badge.frame, tolerance: 40)
            #expect(inked > 0.08, "\"\(text)\" is not drawn in its colour (\(inked))", sourceLocation: sourceLocation)
        }
    }

    @Test func eachStrategyShowsItsResultLine() throws {
        // The iPhone 7 frames of the 2017 log: the keyboard covers the bottom 258 of 667 points.
        let expected: [(AvoidanceStrategy, badge: String, line: String)] = [
            (.toolbar, "toolbar shift = 258",
             "toolbar.frame (0,623,375,44) → (0,365,375,44): moved up 258 to rest on the keyboard"),
            (.bottomOffset, "bottomOffset = 258", "bottomOffset = view.bounds.maxY − intersection.minY = 667 − 409 = 258"),
            (.contentInset, "contentInset.bottom = 258",
             "contentInset.bottom = overlap − safeAreaInsets.bottom = 258 − 0 = 258; scrollIndicatorInsets.bottom = 258"),
            (.layoutGuide, "keyboardLayoutGuide.top = 409",
             "keyboardLayoutGuide.layoutFrame = (0,409,375,258): top = 409 (never below the safe area, 667)"),
        ]
        #expect(expected.map(\.0) == AvoidanceStrategy.allCases)
        for (strategy, badge, line) in expected {
            let diagram = try KeyboardDiagram(model: try builder.build(KeyboardDiagramRequest(deviceID: "iphone-8", strategy: strategy)),
                                              style: style)
            let raster = try render(diagram, "iphone-8-portrait-\(strategy.rawValue)")
            expectBadge(badge, color: style.valueColor, in: diagram, raster)
            #expect(diagram.labels.contains { $0.role == .computation && $0.text == line }, "\(strategy): \(line)")
            #expect(diagram.labels.contains { $0.text.contains("(0,667,375,258), (0,409,375,258) curve:7, duration:0.25") })
        }
    }

    @Test func theKeyboardIsDrawnAtItsFrameInTheView() throws {
        let diagram = try KeyboardDiagram(model: try builder.build(KeyboardDiagramRequest(deviceID: "iphone-8")), style: style)
        let raster = try render(diagram, "iphone-8-portrait-bottom-offset")
        #expect(diagram.panels.map(\.state.kind) == [.before, .after])
        let before = diagram.panels[0], after = diagram.panels[1]
        let scale = after.figure.scale
        let screen = after.figure.screenRect
        #expect(abs(screen.width - 375 * scale) < 0.01 && abs(screen.height - 667 * scale) < 0.01)

        // After: the keyboard fills (0,409,375,258) of the screen, seen through the intersection's tint.
        let keyboard = CGRect(x: screen.minX, y: screen.minY + 409 * scale, width: 375 * scale, height: 258 * scale)
        let drawn = try #require(after.keyboardRect)
        #expect([drawn.minX - keyboard.minX, drawn.minY - keyboard.minY, drawn.maxX - keyboard.maxX, drawn.maxY - keyboard.maxY]
            .allSatisfy { abs($0) < 0.01 }, "\(drawn) is not \(keyboard)")
        // Keys, their letters and the tint's hatching leave about two thirds of the pixels plain fills.
        let inside = raster.share(of: coveredKeyboardColours, in: keyboard.insetBy(dx: 4, dy: 4))
        #expect(inside > 0.5, "the keyboard's frame is not covered by the keyboard (\(inside))")
        // Its top edge is where the frame's is: just under it the predictive bar (hatched, under the
        // intersection's dashed border), just above it the toolbar resting on it (bottomOffset 258).
        let top = CGRect(x: keyboard.minX + 4, y: keyboard.minY + 3, width: keyboard.width - 8, height: 4)
        // (The keyboard's own grey: white keys would look like the app's white background.)
        #expect(raster.share(of: [style.keyboardFill.under(style.overlapFill)], in: top) > 0.5)
        let strip = CGRect(x: keyboard.minX + 4, y: keyboard.minY - 8, width: keyboard.width - 8, height: 5)
        #expect(raster.share(of: coveredKeyboardColours, in: strip) < 0.02)
        #expect(raster.share(of: [style.barFill], in: strip) > 0.6)

        // Before: the keyboard is below the screen, so the screen's bottom shows the app, untinted.
        let bottom = before.figure.screenRect
        let lowBand = CGRect(x: bottom.minX + 4, y: bottom.maxY - 258 * scale + 4, width: bottom.width - 8, height: 258 * scale - 8)
        #expect(raster.share(of: coveredKeyboardColours, in: lowBand) < 0.02)
    }

    @Test func aViewThatIsNotFullScreenIsFramedAndOnlyItsCoveredPartTinted() throws {
        let model = try builder.build(scenario: "form-sheet-overlap")
        let diagram = try KeyboardDiagram(model: model, style: style)
        let raster = try render(diagram, "scenario-form-sheet-overlap")
        let panel = try #require(diagram.panels.last)
        let geometry = model.result.geometry
        let sheet = panel.viewRect
        // The sheet is outlined where its frame in the window puts it.
        #expect(sheet == panel.figure.rect(geometry.view.frame))
        for y in stride(from: sheet.minY + 20, to: sheet.midY, by: 25) {
            let edge = raster.share(of: [style.frameColor], in: CGRect(x: sheet.minX - 1.5, y: y, width: 3, height: 3), tolerance: 25)
            #expect(edge > 0, "no outline at the sheet's left edge, y = \(y)")
        }
        // Left of it the presenting screen is dimmed; inside it the app is white.
        let outside = CGRect(x: sheet.minX - 14, y: sheet.minY + 10, width: 8, height: 40)
        let inside = CGRect(x: sheet.minX + 3, y: sheet.midY - 20, width: 8, height: 40)
        #expect(raster.share(of: [style.appBackground], in: outside) < 0.05)
        #expect(raster.share(of: [style.appBackground], in: inside) > 0.9)

        // The intersection: the sheet's bottom strip, tinted over the keyboard; nothing tinted above it.
        let intersection = try #require(geometry.intersection)
        let covered = panel.canvasRect(intersection)
        #expect(covered.height > 20 && abs(covered.width - sheet.width) < 0.01)
        #expect(raster.share(of: coveredKeyboardColours, in: covered.insetBy(dx: 4, dy: 4)) > 0.5)
        let aboveKeyboard = CGRect(x: sheet.minX + 4, y: covered.minY - 40, width: sheet.width - 8, height: 30)
        #expect(raster.share(of: coveredKeyboardColours, in: aboveKeyboard) < 0.02)
        // Beside the sheet the keyboard is drawn untinted: it covers the screen, not the view.
        let besideSheet = CGRect(x: panel.figure.screenRect.minX + 6, y: covered.minY + 6, width: sheet.minX - panel.figure.screenRect.minX - 12,
                                 height: covered.height - 12)
        let plainKeyboard = [style.keyboardFill, style.keyFill, style.specialKeyFill]
        #expect(raster.share(of: plainKeyboard, in: besideSheet) > 0.5)
        #expect(raster.share(of: coveredKeyboardColours, in: besideSheet) < 0.05)
    }

    @Test func aMistakeShowsTheRightResultNextToTheWrongOne() throws {
        let model = try builder.build(scenario: "hardware-keyboard")
        let diagram = try KeyboardDiagram(model: model, variant: .mistake(.heightInsteadOfIntersection), style: style)
        let raster = try render(diagram, "mistake-height")
        let outcome = try #require(model.result.geometry.outcome(of: .heightInsteadOfIntersection, strategy: .bottomOffset))
        let bar = try #require(model.result.metrics.hardwareKeyboardBarHeight)
        let right = KeyboardFormat.number(outcome.rightValue), wrong = KeyboardFormat.number(outcome.wrongValue)
        // Only the shortcut bar is on screen, so the right offset is the bar; the mistake uses the frame's height.
        #expect(outcome.rightValue == bar && outcome.wrongValue == model.result.event.frameEnd.height)

        #expect(diagram.panels.count == 2)
        let titles = diagram.labels.filter { $0.role == .panelTitle }.map(\.text)
        #expect(titles.contains("Correct: bottomOffset = \(right)"), "\(titles)")
        #expect(titles.contains { $0.hasPrefix("Mistake:") }, "\(titles)")
        expectBadge("bottomOffset = \(right)", color: style.valueColor, in: diagram, raster)
        expectBadge("bottomOffset = \(wrong)  (should be \(right))", color: style.mistakeColor, in: diagram, raster)

        // The wasted gap between where the content ends and the bar: hatched in the mistake's panel only.
        let correctPanel = diagram.panels[0], mistakePanel = diagram.panels[1]
        let zone = try #require(mistakePanel.errorZone)
        #expect(!zone.hidesContent)
        #expect(abs(zone.rect.height - (outcome.wrongValue - outcome.rightValue)) < 0.01)
        #expect(correctPanel.errorZone == nil)
        let gapColours = [style.gapColor.withAlphaComponent(0.28).over(style.barFill), style.gapColor.withAlphaComponent(0.28).over(style.appBackground),
                          style.gapColor.withAlphaComponent(0.75).over(style.appBackground)]
        let gap = mistakePanel.canvasRect(zone.rect).insetBy(dx: 4, dy: 4)
        #expect(raster.share(of: gapColours, in: gap, tolerance: 30) > 0.5)
        let sameSpotInCorrect = correctPanel.canvasRect(zone.rect).insetBy(dx: 4, dy: 4)
        #expect(raster.share(of: gapColours, in: sameSpotInCorrect, tolerance: 30) < 0.02)
    }

    @Test func everyScenarioAndVariantShowsItsValue() throws {
        for scenario in builder.scenarios {
            let model = try builder.build(scenario)
            let diagram = try KeyboardDiagram(model: model, style: style)
            let raster = try render(diagram, "scenario-" + scenario.id)
            // The last panel's badge is the scenario's result.
            expectBadge("\(model.strategy.quantityName) = \(KeyboardFormat.number(model.result.value))", color: style.valueColor,
                        in: diagram, raster)
            #expect(diagram.labels.contains { $0.role == .computation && $0.text.hasPrefix(String(scenario.expectedBehaviour.prefix(30))) },
                    "\(scenario.id): the expected behaviour is not written")
        }
        let requests: [(String, KeyboardDiagramRequest)] = [
            ("iphone-x-portrait-content-inset", KeyboardDiagramRequest(deviceID: "iphone-x", strategy: .contentInset)),
            ("iphone-15-pro-landscape-toolbar", KeyboardDiagramRequest(deviceID: "iphone-15-pro", orientation: .landscape, strategy: .toolbar)),
            ("ipad-pro-12.9-landscape-layout-guide", KeyboardDiagramRequest(deviceID: "ipad-pro-12.9", orientation: .landscape, strategy: .layoutGuide)),
            ("iphone-4s-landscape-bottom-offset", KeyboardDiagramRequest(deviceID: "iphone-4s", orientation: .landscape)),
        ]
        for (name, request) in requests {
            let model = try builder.build(request)
            let diagram = try KeyboardDiagram(model: model, style: style)
            expectBadge("\(request.strategy.quantityName) = \(KeyboardFormat.number(model.result.value))", color: style.valueColor,
                        in: diagram, try render(diagram, name))
        }
        let filmstrip = try KeyboardDiagram(model: try builder.build(KeyboardDiagramRequest()), variant: .filmstrip(frames: 6), style: style)
        let raster = try render(filmstrip, "filmstrip-6")
        #expect(filmstrip.panels.count == 6)
        // Each frame's keyboard is where the animation puts it at that moment.
        for panel in filmstrip.panels {
            guard case let .moment(time, _) = panel.state.kind, let keyboard = panel.visibleKeyboardRect, keyboard.height > 12 else { continue }
            let expectedTop = panel.figure.screenRect.minY + panel.state.geometry.keyboardFrameInView.minY * panel.figure.scale
            #expect(abs(keyboard.minY - expectedTop) < 0.01, "t = \(time)")
            let plain = [style.keyboardFill, style.keyFill, style.specialKeyFill]
            let colours = plain + plain.map { $0.under(style.overlapFill) }
            #expect(raster.share(of: colours, in: keyboard.insetBy(dx: 3, dy: 3)) > 0.5, "t = \(time)")
            let top = CGRect(x: keyboard.minX + 3, y: keyboard.minY + 3, width: keyboard.width - 6, height: 3)
            #expect(raster.share(of: [style.keyboardFill, style.keyboardFill.under(style.overlapFill)], in: top) > 0.5, "t = \(time): the keyboard's top is not at its frame's")
        }
    }
}

/// A rendered diagram's pixels at one pixel per canvas point.
struct Raster {
    let image: RGBAImage

    /// The share of the pixels whose centres lie in `rect` that are within `tolerance` (per
    /// channel, 0–255) of one of `colours`.
    func share(of colours: [Color], in rect: CGRect, tolerance: Int = 10) -> Double {
        let targets = colours.map { colour in
            [colour.red, colour.green, colour.blue].map { Int(($0 * 255).rounded()) }
        }
        let xs = max(0, Int(rect.minX.rounded(.up)))..<min(image.width, Int(rect.maxX.rounded(.down)))
        let ys = max(0, Int(rect.minY.rounded(.up)))..<min(image.height, Int(rect.maxY.rounded(.down)))
        var matching = 0, total = 0
        for y in ys {
            for x in xs {
                let pixel = image[x, y]
                let rgb = [Int(pixel.r), Int(pixel.g), Int(pixel.b)]
                total += 1
                if targets.contains(where: { target in zip(target, rgb).allSatisfy { abs($0 - $1) <= tolerance } }) {
                    matching += 1
                }
            }
        }
        return total == 0 ? 0 : Double(matching) / Double(total)
    }
}

extension Color {
    /// This colour with `overlay` painted over it (source-over).
    func under(_ overlay: Color) -> Color { overlay.over(self) }

    /// This colour (with its alpha) painted over an opaque `background`.
    func over(_ background: Color) -> Color {
        func mix(_ top: Double, _ bottom: Double) -> Double { top * alpha + bottom * (1 - alpha) }
        return Color(red: mix(red, background.red), green: mix(green, background.green), blue: mix(blue, background.blue))
    }
}
