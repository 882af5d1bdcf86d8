import Foundation
import Testing
@testable import KeyboardDiagrams

@Suite("Keyboard animation")
struct AnimationTests {
    /// The catalog's animation figures: the only place the model reads them from.
    let timing: KeyboardTiming
    var spring: KeyboardSpring { timing.spring }

    init() throws {
        timing = try DeviceCatalog.bundled().animation.timing
    }

    @Test func theCatalogGivesTheLoggedNotificationAndTheForumsSpring() {
        #expect(timing.reportedDuration == 0.25)
        #expect(timing.springCurve == 7)
        #expect(spring == KeyboardSpring(mass: 3, stiffness: 1000, settlingDuration: 0.5))
    }

    @Test func theModelFollowsTheCatalogsAnimationFigures() throws {
        let text = String(decoding: try DeviceCatalog.bundledJSON(), as: UTF8.self)
        let stiffer = text.replacingOccurrences(of: "\"springStiffness\": {\n      \"value\": 1000,",
                                                with: "\"springStiffness\": {\n      \"value\": 4000,")
        #expect(stiffer != text)
        let catalog = try DeviceCatalog(jsonData: Data(stiffer.utf8))
        let step = try KeyboardDiagramBuilder(catalog: catalog).build(KeyboardDiagramRequest(deviceID: "iphone-8")).result
        #expect(step.animation.timing.spring.stiffness == 4000)
        #expect(abs(step.animation.progress(at: 0.05) - spring.progress(at: 0.1)) < 1e-12)
        // The curve number is a UIKit enum value: a whole number.
        let fractional = text.replacingOccurrences(of: "\"curve\": {\n      \"value\": 7,", with: "\"curve\": {\n      \"value\": 7.5,")
        #expect(fractional != text)
        #expect(throws: CatalogError.invalidFigure(path: "animation.curve", reason: "must be a whole number, not 7.5")) {
            try DeviceCatalog(jsonData: Data(fractional.utf8))
        }
    }

    @Test func springMatchesThePublishedSamples() {
        let samples: [(Double, Double)] = [
            (0.05, 0.232), (0.10, 0.545), (0.15, 0.758), (0.20, 0.879),
            (0.25, 0.942), (0.30, 0.973), (0.40, 0.994), (0.50, 0.999),
        ]
        for (time, expected) in samples {
            #expect(abs(spring.progress(at: time) - expected) < 0.001, "t = \(time)")
        }
        #expect(abs(spring.angularFrequency - 18.257) < 0.001)
        #expect(spring.progress(at: 0) == 0 && spring.progress(at: -1) == 0)
        // Milestones from the reference: 50 % at 92 ms, 90 % at 213 ms, 99 % at 364 ms.
        #expect(abs(spring.progress(at: 0.092) - 0.5) < 0.005)
        #expect(abs(spring.progress(at: 0.213) - 0.9) < 0.005)
        #expect(abs(spring.progress(at: 0.364) - 0.99) < 0.002)
    }

    @Test func framesInterpolateBetweenBeginAndEnd() {
        let animation = KeyboardAnimation(beginFrame: CGRect(x: 0, y: 667, width: 375, height: 258),
                                          endFrame: CGRect(x: 0, y: 409, width: 375, height: 258),
                                          reportedDuration: 0.25, rawCurve: 7, timing: timing)
        #expect(animation.curve == .keyboardSpring)
        #expect(animation.totalDuration == 0.5)
        #expect(animation.frame(at: 0) == animation.beginFrame)
        let quarter = animation.frame(at: 0.1)
        #expect(abs(quarter.minY - (667 - 258 * spring.progress(at: 0.1))) < 1e-9)
        #expect(quarter.height == 258)
        #expect(abs(animation.frame(at: 5).minY - 409) < 1e-6)
    }

    @Test func aStifferSpringFromTheCatalogSettlesSooner() {
        let stiffer = KeyboardSpring(mass: 3, stiffness: 4000, settlingDuration: 0.25)
        #expect(stiffer.angularFrequency == 2 * spring.angularFrequency)
        #expect(abs(stiffer.progress(at: 0.05) - spring.progress(at: 0.1)) < 1e-12)
        var custom = timing
        custom.spring = stiffer
        let animation = KeyboardAnimation(beginFrame: CGRect(x: 0, y: 667, width: 375, height: 258),
                                          endFrame: CGRect(x: 0, y: 409, width: 375, height: 258),
                                          reportedDuration: 0.25, rawCurve: 7, timing: custom)
        #expect(animation.totalDuration == 0.25)
        #expect(animation.progress(at: 0.05) == stiffer.progress(at: 0.05))
    }

    @Test func namedCurvesUseTheReportedDuration() {
        func curve(_ raw: Int) -> KeyboardAnimationCurve { KeyboardAnimationCurve(rawValue: raw, springCurve: timing.springCurve) }
        let linear = curve(3)
        #expect(linear == .linear)
        #expect(curve(7) == .keyboardSpring)
        #expect(linear.progress(at: 0.125, duration: 0.25, spring: spring) == 0.5)
        let easeInOut = curve(0)
        #expect(abs(easeInOut.progress(at: 0.125, duration: 0.25, spring: spring) - 0.5) < 1e-6)
        #expect(easeInOut.progress(at: 0.025, duration: 0.25, spring: spring) < 0.1)
        #expect(curve(1).progress(at: 0.125, duration: 0.25, spring: spring) < 0.5)
        #expect(curve(2).progress(at: 0.125, duration: 0.25, spring: spring) > 0.5)
        #expect(easeInOut.totalDuration(reportedDuration: 0.25, spring: spring) == 0.25)
    }

    @Test func filmstripSamplesTheWholeAnimation() throws {
        let builder = KeyboardDiagramBuilder(catalog: try DeviceCatalog.bundled())
        let step = try builder.build(KeyboardDiagramRequest(deviceID: "iphone-8")).result
        let times = try step.animation.sampleTimes(count: 5)
        #expect(times == [0, 0.125, 0.25, 0.375, 0.5])
        #expect(try step.animation.sampleTimes(count: 1) == [0.5])
        #expect(throws: KeyboardInputError.invalidFilmstripCount(0)) { try step.animation.sampleTimes(count: 0) }

        let frames = try step.filmstrip(count: 5)
        #expect(frames.first?.geometry.bottomOffset == 0)
        #expect(frames.first?.geometry.keyboardFrameInView.minY == 667)
        let offsets = frames.map(\.geometry.bottomOffset)
        #expect(offsets == offsets.sorted())
        #expect(abs((frames.last?.geometry.bottomOffset ?? 0) - 258) < 0.5)
        #expect(abs(frames[2].progress - spring.progress(at: 0.25)) < 1e-12)
    }
}
