import Drawing
import Foundation
import Geometry
import Testing

@Suite struct ShapeTests {
    func vertices(of path: BezierPath) -> [CGPoint] {
        path.elements.compactMap { element in
            switch element {
            case .move(let point), .line(let point): point
            default: nil
            }
        }
    }

    func isNear(_ a: [CGPoint], _ b: [CGPoint]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { abs($0.x - $1.x) < 1e-9 && abs($0.y - $1.y) < 1e-9 }
    }

    @Test func polygonVisitsItsPointsAndCloses() {
        let points = [CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 0), CGPoint(x: 5, y: 8)]
        let path = BezierPath(polygon: points)
        #expect(path.elements == [.move(to: points[0]), .line(to: points[1]), .line(to: points[2]), .close])
        #expect(BezierPath(polygon: []).isEmpty)
        #expect(BezierPath(polygon: [CGPoint(x: 1, y: 1)]).isEmpty)
    }

    @Test func squareAsARegularPolygonStartsAtTheTop() {
        let path = BezierPath(regularPolygonIn: CGRect(x: 0, y: 0, width: 100, height: 100), sides: 4)
        #expect(isNear(vertices(of: path), [CGPoint(x: 50, y: 0), CGPoint(x: 100, y: 50),
                                            CGPoint(x: 50, y: 100), CGPoint(x: 0, y: 50)]))
        #expect(path.elements.last == .close)
    }

    @Test func hexagonVerticesAndRotation() {
        let rect = CGRect(x: 0, y: 0, width: 100, height: 100)
        let half = 50 * 3.0.squareRoot() / 2
        let hexagon = vertices(of: BezierPath(regularPolygonIn: rect, sides: 6))
        #expect(isNear(hexagon, [CGPoint(x: 50, y: 0), CGPoint(x: 50 + half, y: 25), CGPoint(x: 50 + half, y: 75),
                                 CGPoint(x: 50, y: 100), CGPoint(x: 50 - half, y: 75), CGPoint(x: 50 - half, y: 25)]))
        // Turned by 30° clockwise, a vertex sits at the right end of the horizontal axis.
        let turned = vertices(of: BezierPath(regularPolygonIn: rect, sides: 6, rotation: .pi / 6))
        #expect(isNear([turned[1]], [CGPoint(x: 100, y: 50)]))
        // An ellipse's rect stretches the polygon.
        let wide = vertices(of: BezierPath(regularPolygonIn: CGRect(x: 10, y: 20, width: 200, height: 40), sides: 4))
        #expect(isNear(wide, [CGPoint(x: 110, y: 20), CGPoint(x: 210, y: 40), CGPoint(x: 110, y: 60), CGPoint(x: 10, y: 40)]))
    }

    @Test(arguments: [-1, 0, 1, 2])
    func tooFewSidesGiveAnEmptyPath(sides: Int) {
        #expect(BezierPath(regularPolygonIn: CGRect(x: 0, y: 0, width: 10, height: 10), sides: sides).isEmpty)
    }

    @Test func lineIsOneSegment() {
        let path = BezierPath(line: CGPoint(x: 1, y: 2), to: CGPoint(x: 3, y: 4))
        #expect(path.elements == [.move(to: CGPoint(x: 1, y: 2)), .line(to: CGPoint(x: 3, y: 4))])
    }

    @Test func filledHexagonCoversItsMiddleAndNotItsCorners() throws {
        let pixels = try Picture(width: 100, height: 100) { canvas in
            canvas.fill(BezierPath(regularPolygonIn: canvas.bounds, sides: 6), with: .blue)
        }.rasterize()
        #expect(pixels[50, 50] == RGBAImage.Pixel(r: 0, g: 0, b: 255, a: 255))
        #expect(pixels[50, 2] == RGBAImage.Pixel(r: 0, g: 0, b: 255, a: 255))
        #expect(pixels[2, 2].a == 0)
        #expect(pixels[97, 97].a == 0)
        #expect(pixels[2, 50].a == 0)  // left of the flat side at x ≈ 6.7
    }
}
