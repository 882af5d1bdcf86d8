import Drawing
import Foundation
import Testing
@testable import KeyboardDiagrams

/// Renders a few diagrams and checks real pixels; with KEYBOARD_DIAGRAM_PREVIEW=DIR set it also
/// writes them there, to look at while working on the renderer.
@Suite("Diagram rendering")
struct DiagramPreviewTests {
    let builder: KeyboardDiagramBuilder

    init() throws {
        builder = KeyboardDiagramBuilder(catalog: try DeviceCatalog.bundled())
    }

    static var previewFolder: URL? {
        ProcessInfo.processInfo.environment["KEYBOARD_DIAGRAM_PREVIEW"].map { URL(fileURLWithPath: $0, isDirectory: true) }
    }

    /// Rasterises the diagram and checks that it is drawn (not blank); writes it to the preview folder if set.
    func preview(_ diagram: KeyboardDiagram, _ name: String) throws {
        let image = try diagram.picture.rasterize(scale: 0.25)
        var inked = 0
        for y in stride(from: 0, to: image.height, by: 3) {
            for x in stride(from: 0, to: image.width, by: 3) where image[x, y] != RGBAImage.Pixel(r: 255, g: 255, b: 255, a: 255) {
                inked += 1
            }
        }
        let sampled = (image.width / 3) * (image.height / 3)
        #expect(inked > sampled / 10, "\(name) is nearly blank")
        guard let folder = Self.previewFolder else { return }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try diagram.picture.write(to: folder.appendingPathComponent(name + ".png"), resolution: .scale(1))
    }

    @Test func iPhone7PortraitBottomOffsetRenders() throws {
        let model = try builder.build(KeyboardDiagramRequest(deviceID: "iphone-8", orientation: .portrait, strategy: .bottomOffset))
        let diagram = try KeyboardDiagram(model: model)
        try preview(diagram, "iphone-8-portrait-bottom-offset")
        #expect(diagram.labels.contains { $0.text == "bottomOffset = 258" })
        #expect(diagram.labels.contains { $0.text.contains("(0,667,375,258), (0,409,375,258) curve:7, duration:0.25") })
        let image = try diagram.picture.rasterize(scale: 1)
        #expect(image.width == Int(diagram.size.width.rounded(.up)))
    }

    @Test func variantsAndScenariosAreDrawn() throws {
        let requests: [(String, KeyboardDiagramRequest)] = [
            ("iphone-x-portrait-content-inset", KeyboardDiagramRequest(deviceID: "iphone-x", strategy: .contentInset)),
            ("iphone-15-pro-landscape-toolbar", KeyboardDiagramRequest(deviceID: "iphone-15-pro", orientation: .landscape, strategy: .toolbar)),
            ("ipad-pro-12.9-landscape-layout-guide", KeyboardDiagramRequest(deviceID: "ipad-pro-12.9", orientation: .landscape, strategy: .layoutGuide)),
            ("iphone-4s-landscape-bottom-offset", KeyboardDiagramRequest(deviceID: "iphone-4s", orientation: .landscape)),
        ]
        for (name, request) in requests {
            try preview(try KeyboardDiagram(model: try builder.build(request)), name)
        }
        for scenario in builder.scenarios {
            try preview(try KeyboardDiagram(model: try builder.build(scenario)), "scenario-" + scenario.id)
        }
        try preview(try KeyboardDiagram(model: try builder.build(scenario: "hardware-keyboard"),
                                        variant: .mistake(.heightInsteadOfIntersection)), "mistake-height")
        try preview(try KeyboardDiagram(model: try builder.build(scenario: "tab-bar"), variant: .mistake(.safeAreaCountedTwice)),
                    "mistake-safe-area-twice")
        try preview(try KeyboardDiagram(model: try builder.build(scenario: "form-sheet-overlap"),
                                        variant: .mistake(.forgotCoordinateConversion)), "mistake-forgot-conversion")
        try preview(try KeyboardDiagram(model: try builder.build(scenario: "not-local"), variant: .mistake(.ignoredIsLocal)),
                    "mistake-is-local")
        try preview(try KeyboardDiagram(model: try builder.build(KeyboardDiagramRequest()), variant: .filmstrip(frames: 6)),
                    "filmstrip-6")
    }
}
