import Foundation
import Geometry
import Testing

/// The perspective map a showcase warps its cards through.
@Suite struct ProjectiveTransformTests {
    static let rect = CGRect(x: 10, y: 20, width: 200, height: 300)
    /// A card turned to the left: its left edge 80% as tall as its right, about its middle.
    static let trapezoid = [CGPoint(x: 0, y: 30), CGPoint(x: 160, y: 0), CGPoint(x: 160, y: 300), CGPoint(x: 0, y: 270)]

    static func expectClose(_ a: CGPoint?, _ b: CGPoint, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let a else { Issue.record("no point", sourceLocation: sourceLocation); return }
        #expect(abs(a.x - b.x) < 1e-9 && abs(a.y - b.y) < 1e-9, "\(a) ≠ \(b)", sourceLocation: sourceLocation)
    }

    @Test func theRectanglesCornersGoToTheQuadsCorners() throws {
        let transform = try #require(ProjectiveTransform(from: Self.rect, to: Self.trapezoid))
        let corners = [CGPoint(x: 10, y: 20), CGPoint(x: 210, y: 20), CGPoint(x: 210, y: 320), CGPoint(x: 10, y: 320)]
        for (corner, target) in zip(corners, Self.trapezoid) { Self.expectClose(transform.apply(corner), target) }
    }

    /// Perspective, not an affine squeeze: the middle goes where the quad's diagonals cross, and
    /// the near half of the card takes more of the picture than the far half.
    @Test func theMiddleGoesWhereTheDiagonalsCross() throws {
        let transform = try #require(ProjectiveTransform(from: Self.rect, to: Self.trapezoid))
        let middle = try #require(transform.apply(CGPoint(x: 110, y: 170)))
        // (0,30) + t·(160,270) meets (160,0) + s·(-160,270) at t = 4/9.
        Self.expectClose(middle, CGPoint(x: 160 * 4.0 / 9, y: 30 + 270 * 4.0 / 9))
        #expect(middle.x < 80, "the near (right) half is wider than the far half: \(middle.x)")
        #expect(abs(middle.y - 150) < 1e-9, "the eye level stays level")
    }

    @Test func theInverseUndoesIt() throws {
        let transform = try #require(ProjectiveTransform(from: Self.rect, to: Self.trapezoid))
        let inverse = try #require(transform.inverted)
        for point in [CGPoint(x: 10, y: 20), CGPoint(x: 57, y: 301), CGPoint(x: 200, y: 33)] {
            Self.expectClose(transform.apply(point).flatMap(inverse.apply), point)
        }
    }

    @Test func aParallelogramIsAffineAndALineIsRefused() throws {
        let sheared = try #require(ProjectiveTransform(from: Self.rect, to: [CGPoint(x: 0, y: 0), CGPoint(x: 100, y: 10),
                                                                             CGPoint(x: 120, y: 110), CGPoint(x: 20, y: 100)]))
        #expect(sheared.matrix[6] == 0 && sheared.matrix[7] == 0)
        #expect(ProjectiveTransform(from: Self.rect, to: [CGPoint(x: 0, y: 0), CGPoint(x: 1, y: 1), CGPoint(x: 2, y: 2),
                                                         CGPoint(x: 3, y: 3)]) == nil)
        #expect(ProjectiveTransform(from: .zero, to: Self.trapezoid) == nil)
    }
}
