import Drawing
import Foundation
import Geometry
import Testing

@Suite struct GradientTests {
    func close(_ pixel: RGBAImage.Pixel, _ r: Int, _ g: Int, _ b: Int, within tolerance: Int = 3) -> Bool {
        abs(Int(pixel.r) - r) <= tolerance && abs(Int(pixel.g) - g) <= tolerance && abs(Int(pixel.b) - b) <= tolerance
            && pixel.a == 255
    }

    @Test func aPaintFillsAsItsColourOrGradient() throws {
        let square = BezierPath(rect: CGRect(x: 0, y: 0, width: 20, height: 20))
        let gradient = Gradient(.linear(from: .zero, to: CGPoint(x: 20, y: 0)), colors: [.red, .blue])
        func pixels(_ fill: @escaping @Sendable (Canvas) -> Void) throws -> RGBAImage {
            try Picture(width: 20, height: 20, draw: fill).rasterize()
        }
        #expect(try pixels { $0.fill(square, with: Paint.color(.green)) } == pixels { $0.fill(square, with: Color.green) })
        #expect(try pixels { $0.fill(square, with: Paint.gradient(gradient)) } == pixels { $0.fill(square, with: gradient) })
        #expect(try pixels { $0.fill(square, with: Paint.gradient(gradient)) } != pixels { $0.fill(square, with: Color.green) })
    }

    @Test func radialGradientRunsFromCentreToEdge() throws {
        let circle = BezierPath(ovalIn: CGRect(x: 0, y: 0, width: 100, height: 100))
        let pixels = try Picture(width: 100, height: 100) { canvas in
            canvas.fill(circle, with: Gradient(.radial(center: CGPoint(x: 50, y: 50), radius: 50),
                                               colors: [.red, .blue]))
        }.rasterize()
        // Pixel centres 0.7, 48.5 and 24.5 pt from the centre: locations 0.014, 0.97 and 0.49.
        #expect(close(pixels[50, 50], 251, 0, 4))
        #expect(close(pixels[98, 50], 8, 0, 247))
        #expect(close(pixels[50, 25], 130, 0, 125, within: 2))
        #expect(pixels[2, 2].a == 0)  // outside the circle: not filled
    }

    @Test func radialFocusMovesTheStartColour() throws {
        let square = BezierPath(rect: CGRect(x: 0, y: 0, width: 100, height: 100))
        let pixels = try Picture(width: 100, height: 100) { canvas in
            canvas.fill(square, with: Gradient(.radial(center: CGPoint(x: 50, y: 50), radius: 50,
                                                       focus: CGPoint(x: 25, y: 50)),
                                               colors: [.white, .black]))
        }.rasterize()
        #expect(pixels[25, 50].r > 245)
        #expect(pixels[50, 50].r < pixels[25, 50].r)
        // Outside the circle the end colour extends.
        #expect(close(pixels[1, 1], 0, 0, 0))
    }

    @Test func linearGradientThroughTheFillAPI() throws {
        let rect = CGRect(x: 0, y: 0, width: 100, height: 10)
        let pixels = try Picture(width: 100, height: 10) { canvas in
            canvas.fill(BezierPath(rect: rect), with: Gradient(.linear(from: .zero, to: CGPoint(x: 100, y: 0)),
                                                               stops: [.init(location: 1, color: .white),
                                                                       .init(location: 0, color: .black)]))
        }.rasterize()
        #expect(close(pixels[0, 5], 1, 1, 1))
        #expect(close(pixels[50, 5], 129, 129, 129, within: 1))
        #expect(close(pixels[99, 5], 254, 254, 254))
    }

    @Test func theNewFillMatchesTheExistingLinearGradient() throws {
        let path = BezierPath(roundedRect: CGRect(x: 5, y: 5, width: 50, height: 30), cornerRadius: 6)
        let colors: [Color] = [.red, .yellow, .blue]
        let old = try Picture(width: 60, height: 40) { canvas in
            canvas.drawLinearGradient(colors: colors, from: CGPoint(x: 5, y: 5), to: CGPoint(x: 55, y: 35), in: path)
        }.pngData()
        let new = try Picture(width: 60, height: 40) { canvas in
            canvas.fill(path, with: Gradient(.linear(from: CGPoint(x: 5, y: 5), to: CGPoint(x: 55, y: 35)), colors: colors))
        }.pngData()
        #expect(old == new)
    }

    @Test func gradientStroke() throws {
        var path = BezierPath(line: CGPoint(x: 0, y: 5), to: CGPoint(x: 100, y: 5))
        path.lineWidth = 4
        let line = path
        let pixels = try Picture(width: 100, height: 10) { canvas in
            canvas.stroke(line, with: Gradient(.linear(from: .zero, to: CGPoint(x: 100, y: 0)), colors: [.red, .blue]))
        }.rasterize()
        #expect(pixels[1, 5].r > 245 && pixels[1, 5].b < 10)
        #expect(pixels[98, 5].b > 245 && pixels[98, 5].r < 10)
        #expect(pixels[50, 1].a == 0)
    }

    @Test func halfOpacityOverWhiteIsMidGrey() throws {
        let pixels = try Picture(width: 20, height: 20) { canvas in
            canvas.fill(BezierPath(rect: canvas.bounds), with: .white)
            canvas.withOpacity(0.5) {
                // Two overlapping black squares: as one group they are one mid grey, not darker where they overlap.
                canvas.fill(CGRect(x: 0, y: 0, width: 15, height: 20))
                canvas.fill(CGRect(x: 5, y: 0, width: 15, height: 20))
            }
        }.rasterize()
        for x in [2, 10, 18] {
            #expect(close(pixels[x, 10], 128, 128, 128, within: 1))
        }
    }

    @Test func opacityRestoresStateAndFullOpacityChangesNothing() throws {
        let plain = Picture(width: 20, height: 20) { canvas in
            canvas.fill(BezierPath(rect: CGRect(x: 2, y: 2, width: 10, height: 10)), with: .red)
        }
        let wrapped = Picture(width: 20, height: 20) { canvas in
            canvas.withOpacity(1) { canvas.fill(BezierPath(rect: CGRect(x: 2, y: 2, width: 10, height: 10)), with: .red) }
        }
        #expect(try plain.pngData() == wrapped.pngData())
        let pixels = try Picture(width: 20, height: 20) { canvas in
            canvas.withOpacity(0.25) { canvas.setFillColor(.blue); canvas.translateBy(x: 100, y: 0) }
            canvas.fill(CGRect(x: 0, y: 0, width: 5, height: 5))
        }.rasterize()
        #expect(pixels[2, 2] == RGBAImage.Pixel(r: 0, g: 0, b: 0, a: 255))
    }
}
