import Foundation
import Testing
@testable import KeyboardDiagrams

@Suite("Keyboard animation")
struct AnimationTests {
    @Test func springMatchesThePublishedSamples() {
        let samples: [(Double, Double)] = [
            (0.05, 0.232), (0.10, 0.545), (0.15, 0.758), (0.20, 0.879),
            (0.25, 0.942), (0.30, 0.973), (0.40, 0.994), (0.50, 0.999),
        ]
        for (time, expected) in samples {
            #expect(abs(KeyboardSpring.progress(at: time) - expected) < 0.001, "t = \(time)")
        }
        #expect(abs(KeyboardSpring.angularFrequency - 18.257) < 0.001)
        #expect(KeyboardSpring.progress(at: 0) == 0 && KeyboardSpring.progress(at: -1) == 0)
        // Milestones from the reference: 50 % at 92 ms, 90 % at 213 ms, 99 % at 364 ms.
        #expect(abs(KeyboardSpring.progress(at: 0.092) - 0.5) < 0.005)
        #expect(abs(KeyboardSpring.progress(at: 0.213) - 0.9) < 0.005)
        #expect(abs(KeyboardSpring.progress(at: 0.364) - 0.99) < 0.002)
    }

    @Test func framesInterpolateBetweenBeginAndEnd() {
        let animation = KeyboardAnimation(beginFrame: CGRect(x: 0, y: 667, width: 375, height: 258),
                                          endFrame: CGRect(x: 0, y: 409, width: 375, height: 258),
                                          reportedDuration: 0.25, rawCurve: 7)
        #expect(animation.curve == .keyboardSpring)
        #expect(animation.totalDuration == 0.5)
        #expect(animation.frame(at: 0) == animation.beginFrame)
        let quarter = animation.frame(at: 0.1)
        #expect(abs(quarter.minY - (667 - 258 * KeyboardSpring.progress(at: 0.1))) < 1e-9)
        #expect(quarter.height == 258)
        #expect(abs(animation.frame(at: 5).minY - 409) < 1e-6)
    }

    @Test func namedCurvesUseTheReportedDuration() {
        let linear = KeyboardAnimationCurve(rawValue: 3)
        #expect(linear == .linear)
        #expect(linear.progress(at: 0.125, duration: 0.25) == 0.5)
        let easeInOut = KeyboardAnimationCurve(rawValue: 0)
        #expect(abs(easeInOut.progress(at: 0.125, duration: 0.25) - 0.5) < 1e-6)
        #expect(easeInOut.progress(at: 0.025, duration: 0.25) < 0.1)
        #expect(KeyboardAnimationCurve(rawValue: 1).progress(at: 0.125, duration: 0.25) < 0.5)
        #expect(KeyboardAnimationCurve(rawValue: 2).progress(at: 0.125, duration: 0.25) > 0.5)
        #expect(easeInOut.totalDuration(reportedDuration: 0.25) == 0.25)
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
        #expect(abs(frames[2].progress - KeyboardSpring.progress(at: 0.25)) < 1e-12)
    }
}
