import Drawing
import Foundation
import Geometry
import Testing

@Suite struct CanvasTests {
    /// The lecture's card: rounded rect, clip, white fill.
    func card(size: CGSize = CGSize(width: 100, height: 140)) -> Picture {
        Picture(size: size) { canvas in
            let roundedRect = BezierPath(roundedRect: canvas.bounds, cornerRadius: 20)
            roundedRect.addClip()
            Color.white.setFill()
            roundedRect.fill()
            Color.red.setFill()
            canvas.fill(canvas.bounds) // clipped: only inside the rounded rect
        }
    }

    @Test func pointJustOutsideRoundedCornerIsTransparent() throws {
        let image = try card().rasterize(scale: 1)
        #expect(image.width == 100 && image.height == 140)
        // The corner circle has centre (20,20), radius 20: (2,2) is 25.5 pt from it.
        #expect(image[2, 2].a == 0)
        #expect(image[97, 137].a == 0)
        // Inside: the clipped red fill, fully opaque.
        #expect(image[20, 20] == RGBAImage.Pixel(r: 255, g: 0, b: 0, a: 255))
        #expect(image[50, 70] == RGBAImage.Pixel(r: 255, g: 0, b: 0, a: 255))
        // On the straight edge, away from the corners, the first column is covered.
        #expect(image[0, 70].a == 255)
    }

    @Test func roundedRectCornersAreCircular() throws {
        // Points on the 45° diagonal of the corner: inside/outside the true circle.
        let image = try card().rasterize(scale: 4)
        let r = 20.0 * 4
        let inside = r - (r - 3) / 2.0.squareRoot()
        let outside = r - (r + 3) / 2.0.squareRoot()
        #expect(image[Int(inside), Int(inside)].a == 255)
        #expect(image[Int(outside), Int(outside)].a == 0)
    }

    @Test func pathIsReusableAfterStroke() throws {
        let picture = Picture(width: 40, height: 40) { _ in
            var path = BezierPath(rect: CGRect(x: 10, y: 10, width: 20, height: 20))
            path.lineWidth = 2
            Color.red.setStroke()
            Color.blue.setFill()
            path.stroke()
            path.fill() // UIBezierPath keeps its path: the fill still happens
        }
        let image = try picture.rasterize()
        #expect(image[20, 20] == RGBAImage.Pixel(r: 0, g: 0, b: 255, a: 255))
        #expect(image[9, 20] == RGBAImage.Pixel(r: 255, g: 0, b: 0, a: 255))
    }

    @Test func contextPathIsConsumedByStroke() throws {
        // The lecture: strokePath() consumes the path, so the following fillPath() draws nothing.
        let picture = Picture(width: 60, height: 60) { canvas in
            canvas.addArc(center: CGPoint(x: 30, y: 30), radius: 20, startAngle: 0, endAngle: 2 * .pi, clockwise: true)
            canvas.setLineWidth(4)
            Color.green.setFill()
            Color.red.setStroke()
            canvas.strokePath()
            canvas.fillPath()
        }
        let image = try picture.rasterize()
        #expect(image[30, 30].a == 0)
        #expect(image[50, 30] == RGBAImage.Pixel(r: 255, g: 0, b: 0, a: 255))
    }

    @Test func savedStateIsRestored() throws {
        let picture = Picture(width: 20, height: 10) { canvas in
            Color.blue.setFill()
            canvas.withSavedState {
                Color.red.setFill()
                canvas.translateBy(x: 10, y: 0)
                canvas.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
            }
            canvas.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        }
        let image = try picture.rasterize()
        #expect(image[5, 5] == RGBAImage.Pixel(r: 0, g: 0, b: 255, a: 255))
        #expect(image[15, 5] == RGBAImage.Pixel(r: 255, g: 0, b: 0, a: 255))
    }

    @Test func transformedRectLandsWhereTheTransformSays() throws {
        // A small square at the origin of a label box, moved by the lecture's lower-right transform.
        let label = CGSize(width: 20, height: 30)
        let origin = CGPoint(x: 60, y: 50)
        let transform = CGAffineTransform.identity.translatedBy(x: label.width, y: label.height).rotated(by: .pi)
        let picture = Picture(width: 100, height: 100) { canvas in
            canvas.translateBy(x: origin.x, y: origin.y)
            canvas.concatenate(transform)
            canvas.fill(CGRect(x: 0, y: 0, width: 5, height: 5), )
        }
        let image = try picture.rasterize()
        // (0,0)…(5,5) maps to (label.w - 5 … label.w, label.h - 5 … label.h) + origin.
        let expected = CGRect(x: 0, y: 0, width: 5, height: 5).applying(transform).offsetBy(dx: origin.x, dy: origin.y)
        #expect(expected == CGRect(x: 75, y: 75, width: 5, height: 5))
        #expect(image[77, 77].a == 255)
        #expect(image[72, 77].a == 0)
        #expect(image[62, 52].a == 0)
    }

    @Test func linearGradientRunsBetweenItsColours() throws {
        let picture = Picture(width: 100, height: 10) { canvas in
            canvas.drawLinearGradient(colors: [.black, .white], from: .zero, to: CGPoint(x: 100, y: 0))
        }
        let image = try picture.rasterize()
        #expect(image[0, 5].r < 5)
        #expect(image[99, 5].r > 250)
        #expect(abs(Int(image[50, 5].r) - 128) < 6)
    }

    @Test func imageDrawnAspectFitIsCentred() throws {
        var source = RGBAImage(width: 2, height: 1, fill: (0, 0, 255, 255))
        source[1, 0] = RGBAImage.Pixel(r: 255, g: 0, b: 0, a: 255)
        let twoPixels = source
        let picture = Picture(width: 100, height: 100) { canvas in
            try canvas.draw(twoPixels, in: canvas.bounds, fit: .contain)
        }
        let image = try picture.rasterize()
        #expect(Canvas.rect(for: CGSize(width: 2, height: 1), in: CGRect(x: 0, y: 0, width: 100, height: 100),
                            fit: .contain) == CGRect(x: 0, y: 25, width: 100, height: 50))
        #expect(image[50, 10].a == 0)       // above the fitted image
        #expect(image[10, 50].b > 200)      // left half blue
        #expect(image[90, 50].r > 200)      // right half red
        #expect(image[50, 90].a == 0)       // below
    }

    @Test func colourHexParsing() throws {
        #expect(try Color(hex: "#FF8000") == Color(red: 1, green: 128.0 / 255, blue: 0))
        #expect(try Color(hex: "0f0") == Color(red: 0, green: 1, blue: 0))
        #expect(try Color(hex: "#00000080").alpha == 128.0 / 255)
        #expect(try Color(hex: "#FFF8").alpha == 8.0 / 15)
        for text in ["#12345", "red"] {
            let error = #expect(throws: DrawingError.self) { try Color(hex: text) }
            #expect(error?.description == "invalid colour \"\(text)\": use #RGB, #RGBA, #RRGGBB or #RRGGBBAA")
        }
        #expect(Color(rgb: 0xC8102E).hexString == "#C8102E")
    }

    @Test func invalidPictureSizesAreErrors() {
        func message(_ make: () throws -> Any) -> String? {
            (#expect(throws: DrawingError.self) { _ = try make() })?.description
        }
        let positive = "both sides must be positive numbers"
        #expect(message { try Picture(width: 0, height: 10) { _ in }.rasterize() }
                == "invalid picture size: 0.0×10.0 pt; \(positive)")
        #expect(message { try Picture(width: -5, height: 10) { _ in }.svgData() }
                == "invalid picture size: -5.0×10.0 pt; \(positive)")
        #expect(message { try Picture(width: .nan, height: 10) { _ in }.pdfData() }
                == "invalid picture size: nan×10.0 pt; \(positive)")
        #expect(message { try Picture(width: 9000, height: 10) { _ in }.rasterize(scale: 2) }
                == "invalid picture size: 18000×20 px is over the limit of 16384 px a side")
    }
}
