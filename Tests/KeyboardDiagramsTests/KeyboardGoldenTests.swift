import Drawing
import GoldenImageTesting
import Testing
@testable import KeyboardDiagrams

/// Reference renders of a few diagrams, compared with the default tolerance.
///
/// When the drawing is meant to change, re-record them with
/// `CARDRENDER_RECORD=all swift test --filter KeyboardGoldenTests`, look at the PNGs in
/// `__Goldens__/KeyboardGoldenTests/`, and commit them.
@Suite("Keyboard diagram goldens")
struct KeyboardGoldenTests {
    let builder: KeyboardDiagramBuilder

    init() throws {
        builder = KeyboardDiagramBuilder(catalog: try DeviceCatalog.bundled())
    }

    /// The iPhone 7 frames logged in a 2017 public post, drawn: bottomOffset = 258.
    @Test func iPhone7PortraitBottomOffset() throws {
        let diagram = try KeyboardDiagram(model: try builder.build(KeyboardDiagramRequest(deviceID: "iphone-8")))
        assertGolden(of: diagram.picture, scale: 1, named: "iphone-8-portrait-bottom-offset")
    }

    @Test func notchedIPhoneContentInset() throws {
        let diagram = try KeyboardDiagram(
            model: try builder.build(KeyboardDiagramRequest(deviceID: "iphone-x", strategy: .contentInset)))
        assertGolden(of: diagram.picture, scale: 0.5, named: "iphone-x-portrait-content-inset")
    }

    @Test func iPadProLandscapeLayoutGuide() throws {
        let diagram = try KeyboardDiagram(
            model: try builder.build(KeyboardDiagramRequest(deviceID: "ipad-pro-12.9", orientation: .landscape,
                                                            strategy: .layoutGuide)))
        assertGolden(of: diagram.picture, scale: 0.5, named: "ipad-pro-12.9-landscape-layout-guide")
    }

    @Test func hardwareKeyboardHeightMistake() throws {
        let diagram = try KeyboardDiagram(model: try builder.build(scenario: "hardware-keyboard"),
                                          variant: .mistake(.heightInsteadOfIntersection))
        assertGolden(of: diagram.picture, scale: 0.5, named: "hardware-keyboard-mistake-height")
    }

    @Test func filmstrip() throws {
        let diagram = try KeyboardDiagram(model: try builder.build(KeyboardDiagramRequest()), variant: .filmstrip(frames: 5))
        assertGolden(of: diagram.picture, scale: 0.5, named: "iphone-8-filmstrip-5")
    }
}
