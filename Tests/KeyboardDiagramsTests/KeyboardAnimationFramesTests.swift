import Foundation
import RenderPipeline
import Testing
@testable import KeyboardDiagrams

/// The frames of the keyboard animation: when they are, and how many there may be.
@Suite struct KeyboardAnimationFramesTests {
    /// The bundled catalog with `animation.<key>`'s value replaced.
    static func catalog(_ key: String, _ value: String) throws -> DeviceCatalog {
        let text = String(decoding: try DeviceCatalog.bundledJSON(), as: UTF8.self)
        let start = try #require(text.range(of: "\"\(key)\": {\n      \"value\": "))
        let end = try #require(text[start.upperBound...].range(of: ","))
        return try DeviceCatalog(jsonData: Data(text.replacingCharacters(in: start.upperBound..<end.lowerBound, with: value).utf8))
    }

    @Test func curveSevenIsOneFrameARefreshUntilTheSpringIsAtRest() throws {
        let builder = KeyboardDiagramBuilder(catalog: try DeviceCatalog.bundled())
        let step = try KeyboardRequest().model(builder: builder).result
        #expect(step.timing.frameRate == 60)
        let times = step.animation.frameTimes(frameRate: 60)
        #expect(times.count == 31)
        #expect(times.first == 0)
        #expect(times.last == 0.5)
    }

    @Test func aShortAnimationStillHasTenFrames() {
        let timing = KeyboardTiming(reportedDuration: 0.1, springCurve: 7,
                                    spring: KeyboardSpring(mass: 3, stiffness: 1000, settlingDuration: 0.5), frameRate: 60)
        let linear = KeyboardAnimation(beginFrame: .zero, endFrame: .zero, reportedDuration: 0.1, rawCurve: 3, timing: timing)
        let times = linear.frameTimes(frameRate: 60)
        #expect(times.count == 10)
        #expect(abs(times[1] - 0.1 / 9) < 1e-12)
        #expect(times.last == 0.1)
        // No time at all: ten refreshes at rest.
        let instant = KeyboardAnimation(beginFrame: .zero, endFrame: .zero, reportedDuration: 0, rawCurve: 3, timing: timing)
        #expect(instant.frameTimes(frameRate: 60) == (0...9).map { Double($0) / 60 })
    }

    @Test func everyFrameHasTheSameSizeAndTheKeyboardOnTheSpring() throws {
        let builder = KeyboardDiagramBuilder(catalog: try DeviceCatalog.bundled())
        let frames = try KeyboardRequest().animationFrames(builder: builder)
        #expect(try (0..<frames.count).allSatisfy { try frames.picture(frame: $0).size == frames.size })
        let screen = frames.screenRect
        let spring = builder.catalog.animation.timing.spring
        for index in 1..<frames.count {
            let top = try #require(frames.keyboardTop(frame: index))
            let expected = screen.minY + (667 - 258 * spring.progress(at: frames.times[index])) * screen.height / 667
            #expect(abs(top - expected) < 1e-6)
        }
    }

    @Test func tooManyFramesAreRefusedBeforeAnyIsDrawn() throws {
        // Half a second at 120 frames a second: 61 frames.
        let fast = KeyboardDiagramBuilder(catalog: try Self.catalog("frameRate", "120"))
        let model = try KeyboardRequest().model(builder: fast)
        #expect(try KeyboardAnimationFrames(model: model).count == 61)
        // 4.5 s at 60: 271 frames, over the 240 an animation may have.
        let slow = try KeyboardRequest().model(builder: KeyboardDiagramBuilder(catalog: try Self.catalog("settlingDuration", "4.5")))
        let error = #expect(throws: KeyboardDiagramError.self) { try KeyboardAnimationFrames(model: slow) }
        #expect(error == .tooManyAnimationFrames(271, maximum: 240))
    }

    @Test func theCatalogsFrameRateIsADisplays() throws {
        for rate in ["0", "1000"] {
            let error = #expect(throws: CatalogError.self) { try Self.catalog("frameRate", rate) }
            #expect(error?.description.contains("animation.frameRate must be 1 to 240 frames per second") == true)
        }
    }
}
