import Drawing
import Foundation
import KeyboardDiagrams
import Testing
@testable import RenderPipeline

/// The keyboard animation as files: frames on the catalog's spring, at its frame rate, written
/// as an APNG whose every frame is decoded here and measured.
@Suite struct KeyboardAnimationOutputTests {
    let builder: KeyboardDiagramBuilder
    let frames: KeyboardAnimationFrames

    init() throws {
        builder = KeyboardDiagramBuilder(catalog: try DeviceCatalog.bundled())
        frames = try KeyboardRequest(animate: true).animationFrames(builder: builder)
    }

    var spring: KeyboardSpring { builder.catalog.animation.timing.spring }

    @Test func framesAreOneADisplayRefreshOverTheSpringsDuration() throws {
        let rate = try #require(builder.catalog.animation.frameRate.value)
        #expect(rate == 60)
        #expect(frames.count == 31)
        #expect(frames.count >= KeyboardAnimationFrames.minimumFrames)
        for (index, time) in frames.times.enumerated() { #expect(abs(time - Double(index) / rate) < 1e-9) }
        // The frames before the last are on screen for exactly the catalog's duration.
        #expect(abs(frames.delays.dropLast().reduce(0, +) - spring.settlingDuration) < 1e-9)
        #expect(frames.delays.last == KeyboardAnimationFrames.holdDuration)
        #expect(frames.progress == frames.times.map(spring.progress(at:)))
    }

    @Test func theAPNGsKeyboardTopFollowsTheSpringFrameByFrame() throws {
        let output = KeyboardAnimationOutput(frames: frames, resolution: .scale(1))
        let data = try output.apngData(workers: 2)
        let decoded = try APNG.decodeFrames(data)
        #expect(decoded.count == 31)
        // 1/60 s each, then the hold: the delays before the last add up to the duration exactly.
        #expect(decoded.dropLast().allSatisfy { $0.delay == APNG.Delay(numerator: 1, denominator: 60) })
        #expect(decoded.last?.delay == APNG.Delay(numerator: 1, denominator: 1))
        // The keyboard (0,667,375,258) → (0,409,375,258) in a full-screen view: its top on the
        // canvas is the screen's top plus its y at this progress, scaled as the screen is drawn.
        let screen = frames.screenRect
        let pointsPerScreenPoint = screen.height / 667
        for (index, frame) in decoded.enumerated() {
            let progress = spring.progress(at: Double(index) / 60)
            let expected = screen.minY + (667 - 258 * progress) * pointsPerScreenPoint
            let measured = keyboardTop(in: frame.image, screen: screen)
            if expected >= screen.maxY - 1 {
                #expect(measured == nil, "frame \(index): the keyboard is still below the screen")
            } else {
                let top = try #require(measured, "frame \(index): no keyboard at \(expected)")
                #expect(abs(top - expected) <= 1, "frame \(index): keyboard top at \(top) px, the spring says \(expected)")
            }
        }
    }

    @Test func sameBytesOnOneThreadOrTwo() throws {
        let one = KeyboardAnimationOutput(frames: frames, resolution: .scale(0.5))
        let two = KeyboardAnimationOutput(frames: frames, resolution: .scale(0.5))
        #expect(try one.apngData(workers: 1) == two.apngData(workers: 2))
        #expect(try one.svgData() == two.svgData())
    }

    @Test func theSVGShowsEachFrameInTurnAndTheFirstWithoutSMIL() throws {
        let output = KeyboardAnimationOutput(frames: frames, resolution: .scale(1))
        let data = try output.svgData()
        let svg = String(decoding: data, as: UTF8.self)
        #expect(svg.components(separatedBy: "<animate attributeName=\"display\"").count - 1 == frames.count)
        #expect(svg.contains("dur=\"1.5s\""))
        #expect(svg.contains("repeatCount=\"indefinite\""))
        let image = try VectorImage(data: data, name: "animated.svg")
        let drawn = Picture(size: image.size) { canvas in try image.draw(in: CGRect(origin: .zero, size: image.size), on: canvas) }
        let shown = try drawn.rasterize(scale: 1)
        let first = try frames.picture(frame: 0).rasterize(scale: 1)
        let last = try frames.picture(frame: frames.count - 1).rasterize(scale: 1)
        // Compared where the keyboard ends up (text is drawn a little differently by librsvg).
        let screen = frames.screenRect
        let keyboardArea = CGRect(x: screen.minX, y: screen.midY, width: screen.width, height: screen.height / 2)
        #expect(difference(shown, first, in: keyboardArea) * 10 < difference(shown, last, in: keyboardArea))
    }

    @Test func anAnimationIsRefusedInFormatsThatCannotHoldOne() throws {
        let output = KeyboardAnimationOutput(frames: frames, resolution: .scale(1))
        #expect(throws: RequestError.self) { try output.unit("a.pdf", format: .pdf) }
    }

    /// The top edge of the keyboard's overlap (the red line the strategy's overlap is drawn
    /// with) in a column inside the screen, in pixels; nil when the screen shows none.
    private func keyboardTop(in image: RGBAImage, screen: CGRect) -> CGFloat? {
        let x = Int(screen.minX) + 3
        for y in Int(screen.minY.rounded(.up))..<Int(screen.maxY) {
            let pixel = image[x, y]
            if pixel.r > 180, pixel.g < 90, pixel.b < 110 { return CGFloat(y) }
        }
        return nil
    }

    private func difference(_ a: RGBAImage, _ b: RGBAImage, in rect: CGRect) -> Int {
        var total = 0
        for y in Int(rect.minY)..<Int(rect.maxY) {
            for x in Int(rect.minX)..<Int(rect.maxX) {
                let (p, q) = (a[x, y], b[x, y])
                total += abs(Int(p.r) - Int(q.r)) + abs(Int(p.g) - Int(q.g)) + abs(Int(p.b) - Int(q.b))
            }
        }
        return total
    }
}
