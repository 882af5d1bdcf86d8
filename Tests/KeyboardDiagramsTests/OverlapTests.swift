import CardRenderSupport
import Foundation
import Geometry
import Testing
@testable import KeyboardDiagrams

@Suite("Keyboard overlap geometry")
struct OverlapTests {
    let builder: KeyboardDiagramBuilder

    init() throws {
        builder = KeyboardDiagramBuilder(catalog: try DeviceCatalog.bundled())
    }

    @Test func iPhone7PortraitReproducesTheLog() throws {
        let model = try builder.build(KeyboardDiagramRequest(deviceID: "iphone-8", orientation: .portrait))
        let step = model.result
        #expect(step.event.frameBegin == CGRect(x: 0, y: 667, width: 375, height: 258))
        #expect(step.event.frameEnd == CGRect(x: 0, y: 409, width: 375, height: 258))
        #expect(step.event.animationCurve == 7 && step.event.animationDuration == 0.25)
        #expect(step.event.logDescription == "(0,667,375,258), (0,409,375,258) curve:7, duration:0.25")
        #expect(step.geometry.keyboardFrameInView == CGRect(x: 0, y: 409, width: 375, height: 258))
        #expect(step.geometry.intersection == CGRect(x: 0, y: 409, width: 375, height: 258))
        #expect(step.geometry.bottomOffset == 258)
        #expect(step.geometry.contentInsetBottom == 258)
        #expect(step.geometry.scrollIndicatorInsetBottom == 258)
        #expect(step.geometry.layoutGuideTop == 409)
        // As in the 2017 iPhone 7 post: the toolbar moves up by the keyboard height.
        #expect(step.geometry.toolbarFrameBefore == CGRect(x: 0, y: 623, width: 375, height: 44))
        #expect(step.geometry.toolbarFrameAfter == CGRect(x: 0, y: 365, width: 375, height: 44))
    }

    @Test func iPhone7LandscapeReproducesTheLog() throws {
        let model = try builder.build(KeyboardDiagramRequest(deviceID: "iphone-8", orientation: .landscape))
        let step = model.result
        #expect(step.event.frameBegin == CGRect(x: 0, y: 375, width: 667, height: 194))
        #expect(step.event.frameEnd == CGRect(x: 0, y: 181, width: 667, height: 194))
        #expect(step.geometry.bottomOffset == 194)
        #expect(step.geometry.toolbarFrameAfter.maxY == 181)
        // Hiding: the log's reverse frames bring everything back.
        let hide = KeyboardEvent.docked(.willHide, height: 194, screen: step.screen, timing: step.timing)
        #expect(hide.frameBegin == CGRect(x: 0, y: 181, width: 667, height: 194))
        #expect(hide.frameEnd == CGRect(x: 0, y: 375, width: 667, height: 194))
        let hidden = OverlapGeometry(event: hide, screen: step.screen, view: step.geometry.view, toolbarHeight: 32)
        #expect(hidden.bottomOffset == 0 && hidden.intersection == nil && !hidden.isKeyboardOnScreen)
        #expect(hidden.toolbarFrameAfter == hidden.toolbarFrameBefore)
    }

    @Test func notchedIPhoneInsetSubtractsTheHomeIndicator() throws {
        let step = try builder.build(KeyboardDiagramRequest(deviceID: "iphone-x", strategy: .contentInset)).result
        #expect(step.geometry.view.safeAreaInsets.bottom == 34)
        #expect(step.geometry.bottomOffset == 335)
        #expect(step.geometry.contentInsetBottom == 301)  // 335 - 34
        #expect(step.value == 301)
        // The toolbar rests on the home-indicator inset, so it moves by 301 to sit on the keyboard.
        #expect(step.geometry.toolbarFrameBefore.maxY == 778)  // 812 - 34
        #expect(step.geometry.toolbarFrameAfter.maxY == 477)  // 812 - 335
        // Hiding resets the inset and leaves bottomOffset at the safe area.
        let hidden = try builder.build(scenario: "keyboard-hidden").result.geometry
        #expect(hidden.contentInsetBottom == 0 && hidden.bottomOffset == 34)
        #expect(hidden.layoutGuideTop == 778)  // 812 - 34
    }

    @Test func formSheetAboveTheKeyboardGetsNoOffset() throws {
        let model = try builder.build(scenario: "form-sheet")
        let geometry = model.result.geometry
        #expect(geometry.view.frame.maxY < 711)  // the keyboard's top: 1024 - 313
        #expect(geometry.intersection == nil)
        #expect(geometry.view.safeAreaInsets.bottom == 0)
        #expect(geometry.bottomOffset == 0)
        #expect(geometry.contentInsetBottom == 0)
        #expect(geometry.toolbarShift == 0)
        let height = try #require(model.result.geometry.outcome(of: .heightInsteadOfIntersection, strategy: .bottomOffset))
        #expect(height.wrongValue == 313 && height.rightValue == 0)
    }

    @Test func formSheetOverlapNeedsTheConversion() throws {
        let geometry = try builder.build(scenario: "form-sheet-overlap").result.geometry
        #expect(geometry.view.frame == CGRect(x: 114, y: 202, width: 540, height: 620))
        #expect(geometry.keyboardFrameInView == CGRect(x: -114, y: 509, width: 768, height: 313))
        #expect(geometry.bottomOffset == 111)
        let forgot = try #require(geometry.outcome(of: .forgotCoordinateConversion, strategy: .bottomOffset))
        #expect(forgot.rightValue == 111 && forgot.wrongValue == 0 && forgot.differs)
    }

    @Test func hardwareKeyboardBarGivesASmallOffset() throws {
        let model = try builder.build(scenario: "hardware-keyboard")
        let geometry = model.result.geometry
        #expect(model.result.event.frameEnd.height == 313)
        #expect(geometry.bottomOffset == 55)
        #expect(geometry.contentInsetBottom == 55)
        #expect(geometry.layoutGuideTop == 969)  // 1024 - 55
        let height = try #require(geometry.outcome(of: .heightInsteadOfIntersection, strategy: .bottomOffset))
        #expect(height.wrongValue == 313 && height.rightValue == 55)
    }

    @Test func splitViewKeyboardIsWiderThanTheView() throws {
        let geometry = try builder.build(scenario: "split-view").result.geometry
        #expect(geometry.view.frame == CGRect(x: 704, y: 0, width: 320, height: 768))
        #expect(geometry.keyboardFrameInView == CGRect(x: -704, y: 370, width: 1024, height: 398))
        #expect(geometry.intersection == CGRect(x: 0, y: 370, width: 320, height: 398))
        #expect(geometry.bottomOffset == 398)
    }

    @Test func floatingAndSplitKeyboardsLeaveTheSafeArea() throws {
        let floating = try builder.build(scenario: "floating-keyboard")
        #expect(floating.result.geometry.bottomOffset == 0)
        #expect(floating.result.geometry.layoutGuideTop == 1024)
        #expect(floating.scenario?.illustrativeKeyboardFrames.count == 1)
        let split = try builder.build(scenario: "split-keyboard")
        #expect(split.result.event.kind == .willHide)
        #expect(split.result.geometry.contentInsetBottom == 0)
        #expect(split.result.geometry.layoutGuideTop == 768)
        #expect(split.scenario?.illustrativeKeyboardFrames.count == 2)
        // A docked keyboard on the same iPad would move the guide; an undocked one does not.
        let screen = split.result.screen
        let shown = KeyboardEvent.docked(.willShow, height: 398, screen: screen, timing: split.result.timing)
        let view = split.result.geometry.view
        #expect(OverlapGeometry(event: shown, screen: screen, view: view, toolbarHeight: 44, docking: .docked).layoutGuideTop == 370)
        #expect(OverlapGeometry(event: shown, screen: screen, view: view, toolbarHeight: 44, docking: .floating).layoutGuideTop == 768)
    }

    @Test func notLocalEventsAreIgnored() throws {
        let geometry = try builder.build(scenario: "not-local").result.geometry
        #expect(geometry.isIgnored)
        #expect(geometry.intersection != nil)
        #expect(geometry.bottomOffset == 0)
        let outcome = try #require(geometry.outcome(of: .ignoredIsLocal, strategy: .bottomOffset))
        #expect(outcome.wrongValue == 398 && outcome.rightValue == 0)
    }

    @Test func tabBarCountedTwice() throws {
        let step = try builder.build(scenario: "tab-bar").result
        #expect(step.geometry.view.safeAreaInsets.bottom == 83)
        #expect(step.geometry.contentInsetBottom == 252)  // 335 - 83
        let twice = try #require(step.mistakes.first { $0.mistake == .safeAreaCountedTwice })
        #expect(twice.rightValue == 252 && twice.wrongValue == 203)  // 252 - 49
    }

    @Test func thirdPartyKeyboardAndRotationRecomputeEachStep() throws {
        let thirdParty = try builder.build(scenario: "third-party-keyboard")
        #expect(thirdParty.steps.map(\.geometry.bottomOffset) == [0, 216, 256])
        let rotation = try builder.build(scenario: "rotation", strategy: .bottomOffset)
        #expect(rotation.steps.map(\.geometry.bottomOffset) == [258, 194])
        #expect(rotation.steps[1].event.frameEnd == CGRect(x: 0, y: 181, width: 667, height: 194))
    }

    @Test func legacyLandscapeFramesConvert() throws {
        let screen = ScreenSpace(portraitSize: CGSize(width: 320, height: 480), interfaceOrientation: .landscapeRight,
                                 convention: .fixedPortrait)
        // Home button on the right: the keyboard lies along the portrait screen's left edge.
        #expect(screen.interfaceRect(fromScreen: CGRect(x: 0, y: 0, width: 162, height: 480))
            == CGRect(x: 0, y: 158, width: 480, height: 162))
        let left = ScreenSpace(portraitSize: CGSize(width: 320, height: 480), interfaceOrientation: .landscapeLeft,
                               convention: .fixedPortrait)
        #expect(left.interfaceRect(fromScreen: CGRect(x: 158, y: 0, width: 162, height: 480))
            == CGRect(x: 0, y: 158, width: 480, height: 162))
        let upsideDown = ScreenSpace(portraitSize: CGSize(width: 320, height: 480), interfaceOrientation: .portraitUpsideDown,
                                     convention: .fixedPortrait)
        #expect(upsideDown.interfaceRect(fromScreen: CGRect(x: 0, y: 0, width: 320, height: 216))
            == CGRect(x: 0, y: 264, width: 320, height: 216))
        // From iOS 8 screen coordinates turn with the interface: nothing to undo.
        let modern = ScreenSpace(portraitSize: CGSize(width: 375, height: 667), interfaceOrientation: .landscapeRight)
        #expect(modern.interfaceRect(fromScreen: CGRect(x: 0, y: 181, width: 667, height: 194))
            == CGRect(x: 0, y: 181, width: 667, height: 194))

        let model = try builder.build(scenario: "legacy-landscape")
        let step = model.result
        #expect(step.event.frameEnd.size == CGSize(width: 162, height: 480))
        #expect(step.geometry.keyboardFrameInView == CGRect(x: 0, y: 158, width: 480, height: 162))
        #expect(step.geometry.bottomOffset == 162)
        let forgot = try #require(step.geometry.outcome(of: .forgotCoordinateConversion, strategy: .bottomOffset))
        #expect(forgot.wrongValue == 320 && forgot.rightValue == 162)
        let iPad = try builder.build(scenario: "legacy-landscape-ipad").result
        #expect(iPad.event.frameEnd == CGRect(x: 416, y: 0, width: 352, height: 1024))
        #expect(iPad.geometry.keyboardFrameInView == CGRect(x: 0, y: 416, width: 1024, height: 352))
    }

    @Test(arguments: InterfaceOrientation.allCases)
    func screenConversionRoundTrips(orientation: InterfaceOrientation) {
        let screen = ScreenSpace(portraitSize: CGSize(width: 768, height: 1024), interfaceOrientation: orientation,
                                 convention: .fixedPortrait)
        let rect = CGRect(x: 12, y: 34, width: 56, height: 78)
        let there = screen.screenRect(fromInterface: rect)
        #expect(there.size == rect.size || there.size == CGSize(width: 78, height: 56))
        #expect(screen.interfaceRect(fromScreen: there) == rect)
        #expect(screen.screenRect(fromInterface: screen.interfaceBounds) == screen.screenBounds)
    }

    @Test func mistakesDifferOnlyWhereTheyShould() throws {
        // A full-screen view on a home-button iPhone: converting, the safe area and isLocal change nothing.
        let plain = try builder.build(KeyboardDiagramRequest(deviceID: "iphone-8", strategy: .contentInset)).result
        let plainOutcomes = Dictionary(uniqueKeysWithValues: plain.mistakes.map { ($0.mistake, $0) })
        #expect(plainOutcomes.count == 4)
        #expect(plainOutcomes[.forgotCoordinateConversion]?.differs == false)
        #expect(plainOutcomes[.safeAreaCountedTwice]?.differs == false)
        #expect(plainOutcomes[.heightInsteadOfIntersection]?.differs == false)
        #expect(plainOutcomes[.ignoredIsLocal]?.differs == false)

        // The notched iPhone: subtracting the home indicator twice and moving the toolbar by the
        // keyboard height (the 2017 post's code) both go wrong.
        let notch = try builder.build(KeyboardDiagramRequest(deviceID: "iphone-x", strategy: .contentInset)).result
        let twice = try #require(notch.geometry.outcome(of: .safeAreaCountedTwice, strategy: .contentInset))
        #expect(twice.rightValue == 301 && twice.wrongValue == 267)
        let toolbar = try #require(notch.geometry.outcome(of: .heightInsteadOfIntersection, strategy: .toolbar))
        #expect(toolbar.rightValue == 301 && toolbar.wrongValue == 335)
        let offset = try #require(notch.geometry.outcome(of: .safeAreaCountedTwice, strategy: .bottomOffset))
        #expect(offset.rightValue == 335 && offset.wrongValue == 301)
        // The layout guide has no mistakes to show.
        #expect(notch.geometry.mistakes(for: .layoutGuide).isEmpty)
        #expect(!twice.explanation.isEmpty && twice.explanation.contains("267"))
    }

    @Test func viewSafeAreaComesFromTheScreenMargins() {
        let screen = CGSize(width: 375, height: 812)
        let insets = EdgeInsets(top: 44, left: 0, bottom: 34, right: 0)
        let full = HostView.placed(at: CGRect(origin: .zero, size: screen), screenSize: screen, screenSafeArea: insets)
        #expect(full.safeAreaInsets == insets)
        let middle = HostView.placed(at: CGRect(x: 0, y: 100, width: 375, height: 500), screenSize: screen, screenSafeArea: insets)
        #expect(middle.safeAreaInsets == .zero)
        let bottomHalf = HostView.placed(at: CGRect(x: 0, y: 406, width: 375, height: 406), screenSize: screen,
                                         screenSafeArea: insets, tabBarHeight: 49)
        #expect(bottomHalf.safeAreaInsets.bottom == 83 && bottomHalf.safeAreaInsets.top == 0)
        #expect(bottomHalf.tabBarHeight == 49)
    }

    @Test func bottomOffsetStaysWithinTheView() throws {
        var random = SplitMix64(seed: 20_240_601)
        let catalog = builder.catalog
        var intersecting = 0
        for index in 0..<4000 {
            let device = catalog.devices[index % catalog.devices.count]
            let orientation: Orientation = Bool.random(using: &random) ? .portrait : .landscape
            let size = device.metrics(for: orientation).screenSize
            func coordinate(_ limit: CGFloat) -> CGFloat { CGFloat(Double.random(in: -0.5...1.5, using: &random)) * limit }
            func length(_ limit: CGFloat) -> CGFloat { CGFloat(Double.random(in: 0...1.2, using: &random)) * limit }
            let keyboard = CGRect(x: coordinate(size.width), y: coordinate(size.height),
                                  width: length(size.width), height: length(size.height))
            let view = CGRect(x: coordinate(size.width) / 2, y: coordinate(size.height) / 2,
                              width: length(size.width), height: length(size.height))
            let strategy = AvoidanceStrategy.allCases[index % AvoidanceStrategy.allCases.count]
            let request = KeyboardDiagramRequest(deviceID: device.id, orientation: orientation, strategy: strategy,
                                                 keyboardFrame: keyboard, viewFrame: view,
                                                 hasTabBar: index % 7 == 0, isLocal: index % 11 != 0)
            let geometry = try builder.build(request).result.geometry
            let height = geometry.view.bounds.height
            #expect(geometry.bottomOffset >= 0 && geometry.bottomOffset <= height, "\(request)")
            #expect(geometry.contentInsetBottom >= 0 && geometry.contentInsetBottom <= height, "\(request)")
            #expect(geometry.layoutGuideTop >= 0 && geometry.layoutGuideTop <= height, "\(request)")
            #expect(geometry.toolbarShift >= 0, "\(request)")
            if geometry.intersection != nil, !geometry.isIgnored {
                intersecting += 1
                #expect(geometry.bottomOffset == geometry.overlapHeight)
            }
        }
        // The generator must exercise both branches of the formula.
        #expect(intersecting > 500 && intersecting < 3500)
    }
}
