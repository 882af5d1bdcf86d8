import Foundation
import Testing
@testable import Drawing
@testable import Images

/// A picture of `size` points: a grey background and a blue square whose top is at `top`.
private func squarePicture(top: CGFloat, size: CGSize = CGSize(width: 40, height: 30)) -> Picture {
    Picture(size: size, title: "square") { canvas in
        canvas.fill(BezierPath(rect: CGRect(origin: .zero, size: size)), with: Color(rgb: 0xEEEEEE))
        canvas.fill(BezierPath(rect: CGRect(x: 10, y: top, width: 12, height: 12)), with: Color(rgb: 0x2255CC))
        StyledText("ab", font: try Font(.regular, size: 8)).draw(in: CGRect(x: 2, y: 2, width: 30, height: 12), on: canvas)
    }
}

private func chunkTypes(_ data: Data) throws -> [String] {
    try APNG.Chunks(png: data).chunks.map(\.type)
}

@Suite struct APNGTests {
    let frames: [RGBAImage]

    init() throws {
        frames = try [16, 10, 4].map { try squarePicture(top: $0).rasterize(scale: 2) }
    }

    @Test func framesDecodeBackWithTheirDelays() throws {
        let delays = [APNG.Delay(numerator: 1, denominator: 60), APNG.Delay(numerator: 1, denominator: 60),
                      APNG.Delay(numerator: 1, denominator: 1)]
        let data = try APNG.encode(frames: frames, delays: delays)
        let decoded = try APNG.decodeFrames(data)
        #expect(decoded.map(\.image) == frames)
        #expect(decoded.map(\.delay) == delays)
        // acTL before the first IDAT, frame 0's fcTL too; later frames in fdAT.
        let types = try chunkTypes(data)
        #expect(types.prefix(3) == ["IHDR", "acTL", "fcTL"])
        #expect(types.filter { $0 == "fcTL" }.count == 3)
        #expect(types.contains("fdAT"))
        #expect(types.firstIndex(of: "IDAT")! < types.firstIndex(of: "fdAT")!)
    }

    @Test func aViewerWithoutAPNGShowsTheFirstFrame() throws {
        let data = try APNG.encode(frames: frames, delays: Array(repeating: APNG.Delay(numerator: 1, denominator: 10), count: 3))
        #expect(try PNG.decode(data) == frames[0])
    }

    @Test func laterFramesStoreOnlyWhatChanged() throws {
        var moved = frames[0]
        moved[x: 5, y: 7] = RGBAImage.Pixel(r: 1, g: 2, b: 3, a: 255)
        moved[x: 9, y: 3] = RGBAImage.Pixel(r: 1, g: 2, b: 3, a: 255)
        let delay = APNG.Delay(numerator: 1, denominator: 10)
        let decoded = try APNG.decodeFrames(try APNG.encode(frames: [frames[0], moved, moved], delays: [delay, delay, delay]))
        #expect(decoded[1].region == (5, 3, 5, 5))
        #expect(decoded[1].image == moved)
        // Nothing changed: one pixel, the frame still there.
        #expect(decoded[2].region == (0, 0, 1, 1))
        #expect(decoded[2].image == moved)
    }

    @Test func sameFramesSameBytes() throws {
        let delays = Array(repeating: APNG.Delay(numerator: 1, denominator: 60), count: 3)
        #expect(try APNG.encode(frames: frames, delays: delays) == APNG.encode(frames: frames, delays: delays))
    }

    @Test func delaysAreExactFractions() throws {
        #expect(try APNG.Delay(seconds: 1.0 / 60) == APNG.Delay(numerator: 1, denominator: 60))
        #expect(try APNG.Delay(seconds: 1) == APNG.Delay(numerator: 1, denominator: 1))
        #expect(try APNG.Delay(seconds: 0.25) == APNG.Delay(numerator: 1, denominator: 4))
        #expect(try APNG.Delay(seconds: 0.0123) == APNG.Delay(numerator: 12, denominator: 1000))
        #expect(throws: PNGError.self) { try APNG.Delay(seconds: -1) }
        #expect(throws: PNGError.self) { try APNG.Delay(seconds: 70) }
    }

    @Test func refusesFramesThatDoNotMakeAnAnimation() throws {
        let delay = APNG.Delay(numerator: 1, denominator: 10)
        #expect(throws: PNGError.self) { try APNG.encode(frames: [], delays: []) }
        #expect(throws: PNGError.self) { try APNG.encode(frames: frames, delays: [delay]) }
        let other = try squarePicture(top: 4, size: CGSize(width: 41, height: 30)).rasterize(scale: 2)
        #expect(throws: PNGError.self) { try APNG.encode(frames: [frames[0], other], delays: [delay, delay]) }
        #expect(throws: PNGError.self) { try APNG.Writer(frameCount: APNG.maximumFrames + 1) }
        var writer = try APNG.Writer(frameCount: 2)
        // The first frame is stored whole; later ones in the first one's encoding.
        #expect(throws: PNGError.self) {
            try writer.add(APNG.encodeFrame(frames[1], after: frames[0], encoding: .rgb8), delay: delay)
        }
        try writer.add(APNG.encodeFrame(frames[0], after: nil, encoding: .rgb8), delay: delay)
        #expect(throws: PNGError.self) { try writer.finish() }
        #expect(throws: PNGError.self) {
            try writer.add(APNG.encodeFrame(frames[1], after: frames[0], encoding: .rgba8), delay: delay)
        }
        var translucent = frames[1]
        translucent[x: 0, y: 0] = RGBAImage.Pixel(r: 0, g: 0, b: 0, a: 10)
        #expect(throws: PNGError.self) { try APNG.encodeFrame(translucent, after: frames[0], encoding: .rgb8) }
    }

    /// Frames encoded apart, in any order (as threads finish), make the file `encode` makes.
    @Test func framesEncodedApartMakeTheSameFile() throws {
        let delays = Array(repeating: APNG.Delay(numerator: 1, denominator: 60), count: 3)
        let encoding = APNG.encoding(for: frames[0])
        #expect(encoding == .rgb8)
        let parts = try [2, 0, 1].map { index in
            (index, try APNG.encodeFrame(frames[index], after: index == 0 ? nil : frames[index - 1], encoding: encoding))
        }.sorted { $0.0 < $1.0 }
        var writer = try APNG.Writer(frameCount: 3)
        for (index, part) in parts { try writer.add(part, delay: delays[index]) }
        #expect(try writer.finish() == APNG.encode(frames: frames, delays: delays))
    }

    @Test func aDamagedFileIsAnErrorNotACrash() throws {
        let delay = APNG.Delay(numerator: 1, denominator: 10)
        var data = try APNG.encode(frames: frames, delays: [delay, delay, delay])
        data[data.count / 2] ^= 0xFF
        #expect(throws: PNGError.self) { try APNG.decodeFrames(data) }
        #expect(throws: PNGError.self) { try APNG.decodeFrames(data.prefix(100)) }
    }

    @Test func theReaderHoldsAllFramesTogetherToThePixelLimit() throws {
        let delay = APNG.Delay(numerator: 1, denominator: 10)
        let data = try APNG.encode(frames: frames, delays: [delay, delay, delay])
        let pixels = frames[0].width * frames[0].height
        #expect(try APNG.decodeFrames(data, limits: PNG.Limits(maxPixels: 3 * pixels)).count == 3)
        let error = #expect(throws: PNGError.self) { try APNG.decodeFrames(data, limits: PNG.Limits(maxPixels: 3 * pixels - 1)) }
        #expect(error == .tooLarge(width: frames[0].width, height: 3 * frames[0].height, limits: PNG.Limits(maxPixels: 3 * pixels - 1)))
    }
}

@Suite struct AnimatedSVGTests {
    @Test func framesTakeTurnsAndKeepTheirOwnIds() throws {
        let pictures = [16, 10, 4].map { squarePicture(top: CGFloat($0)) }
        let documents = try pictures.map { try $0.svgData() }
        let svg = String(decoding: try AnimatedSVG.compose(frames: documents, delays: [0.25, 0.25, 0.5]), as: UTF8.self)
        #expect(svg.components(separatedBy: "<animate attributeName=\"display\"").count - 1 == 3)
        #expect(svg.contains("values=\"inline;none\" keyTimes=\"0;0.25\" dur=\"1s\""))
        #expect(svg.contains("values=\"none;inline;none\" keyTimes=\"0;0.25;0.5\""))
        #expect(svg.contains("values=\"none;inline\" keyTimes=\"0;0.5\""))
        #expect(svg.components(separatedBy: "display=\"none\">").count - 1 == 2)
        // Every id is defined once.
        let ids = svg.components(separatedBy: " id=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
        #expect(!ids.isEmpty)
        #expect(Set(ids).count == ids.count)
        // The frames draw the same letters: their glyphs are defined once, outside the frames.
        #expect(ids.contains("glyph0"))
        #expect(!ids.contains { $0.hasPrefix("f1-glyph") })
        #expect(svg.components(separatedBy: "<symbol").count - 1 == Set(ids.filter { $0.hasPrefix("glyph") }).count)
        // Every reference names an id the document defines.
        let references = svg.components(separatedBy: "href=\"#").dropFirst().map { $0.prefix { $0 != "\"" } }
        #expect(!references.isEmpty)
        #expect(references.allSatisfy { ids.contains($0) })
    }

    @Test func withoutSMILTheFirstFrameShows() throws {
        let pictures = [16, 4].map { squarePicture(top: CGFloat($0)) }
        let svg = try AnimatedSVG.compose(frames: try pictures.map { try $0.svgData() }, delays: [0.5, 0.5])
        // librsvg has no SMIL: it draws the document as it stands.
        let image = try VectorImage(data: svg, name: "animated.svg")
        let drawn = Picture(size: image.size) { canvas in try image.draw(in: CGRect(origin: .zero, size: image.size), on: canvas) }
        let first = try pictures[0].rasterize(scale: 2), second = try pictures[1].rasterize(scale: 2)
        let shown = try drawn.rasterize(scale: 2)
        func difference(_ a: RGBAImage, _ b: RGBAImage) -> Int { zip(a.pixels, b.pixels).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) } }
        #expect(difference(shown, first) * 20 < difference(shown, second))
    }

    @Test func refusesFramesWithoutDelays() throws {
        let document = try squarePicture(top: 4).svgData()
        #expect(throws: DrawingError.self) { try AnimatedSVG.compose(frames: [document], delays: []) }
        #expect(throws: DrawingError.self) { try AnimatedSVG.compose(frames: [document], delays: [0]) }
        #expect(throws: DrawingError.self) { try AnimatedSVG.compose(frames: [Data("not svg".utf8)], delays: [1]) }
    }
}
