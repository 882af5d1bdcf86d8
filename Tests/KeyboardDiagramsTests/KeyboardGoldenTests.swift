import Drawing
import Foundation
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

    /// The Korean and Japanese diagrams need the CJK fonts to be drawn as text. Until their goldens
    /// are recorded (the first run in a record mode that writes missing goldens, looked at and
    /// committed), a run that never records skips them rather than failing on a missing file.
    static func recordsOrHasGolden(_ name: String) -> Bool {
        let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("__Goldens__/KeyboardGoldenTests/\(name).png")
        if FileManager.default.fileExists(atPath: golden.path) { return true }
        // Every mode but `never` writes a missing golden.
        return (try? GoldenConfiguration.resolvedRecordMode(explicit: nil)).map { $0.rawValue != "never" } ?? false
    }

    @Test(.enabled(if: recordsOrHasGolden("tab-bar-mistake-safe-area-twice-ko")))
    func koreanTabBarMistake() throws {
        let diagram = try KeyboardDiagram(model: try builder.build(scenario: "tab-bar", language: .korean),
                                          variant: .mistake(.safeAreaCountedTwice))
        assertGolden(of: diagram.picture, scale: 0.5, named: "tab-bar-mistake-safe-area-twice-ko")
    }

    @Test(.enabled(if: recordsOrHasGolden("form-sheet-overlap-mistake-forgot-conversion-ja")))
    func japaneseFormSheetMistake() throws {
        let diagram = try KeyboardDiagram(model: try builder.build(scenario: "form-sheet-overlap", language: .japanese),
                                          variant: .mistake(.forgotCoordinateConversion))
        assertGolden(of: diagram.picture, scale: 0.5, named: "form-sheet-overlap-mistake-forgot-conversion-ja")
    }

    @Test func filmstrip() throws {
        let diagram = try KeyboardDiagram(model: try builder.build(KeyboardDiagramRequest()), variant: .filmstrip(frames: 5))
        assertGolden(of: diagram.picture, scale: 0.5, named: "iphone-8-filmstrip-5")
    }
}
