import Foundation

/// A plane-to-plane perspective map (a homography): a 3 × 3 matrix acting on points as
///
///     x' = (m11·x + m12·y + m13) / w,   y' = (m21·x + m22·y + m23) / w,   w = m31·x + m32·y + m33
///
/// It is what a flat card seen at an angle does: straight lines stay straight, parallel ones may
/// meet. An affine transform is the case m31 = m32 = 0; Cairo has only that case, so a
/// perspective picture is warped pixel by pixel through the inverse of one of these.
public struct ProjectiveTransform: Sendable, Hashable {
    /// The matrix row by row: m11, m12, m13, m21, m22, m23, m31, m32, m33.
    public var matrix: [Double]

    /// The transform of a 3 × 3 matrix given row by row.
    public init(matrix: [Double]) {
        precondition(matrix.count == 9, "a projective transform has 9 entries")
        self.matrix = matrix
    }

    /// The transform that takes `rect`'s corners to `quad`'s (top left, top right, bottom right,
    /// bottom left, in that order); nil when the quad is degenerate (three corners on a line).
    /// Solved in closed form from the unit square (Heckbert, "Fundamentals of Texture Mapping
    /// and Image Warping", 1989, section 2.2.3).
    public init?(from rect: CGRect, to quad: [CGPoint]) {
        guard quad.count == 4, rect.width > 0, rect.height > 0,
              let square = Self.unitSquare(to: quad.map { (Double($0.x), Double($0.y)) }) else { return nil }
        let toUnit = ProjectiveTransform(matrix: [1 / Double(rect.width), 0, -Double(rect.minX) / Double(rect.width),
                                                  0, 1 / Double(rect.height), -Double(rect.minY) / Double(rect.height),
                                                  0, 0, 1])
        self = square.after(toUnit)
    }

    private static func unitSquare(to q: [(x: Double, y: Double)]) -> ProjectiveTransform? {
        let dx3 = q[0].x - q[1].x + q[2].x - q[3].x, dy3 = q[0].y - q[1].y + q[2].y - q[3].y
        if dx3 == 0, dy3 == 0 {
            let transform = ProjectiveTransform(matrix: [q[1].x - q[0].x, q[3].x - q[0].x, q[0].x,
                                                         q[1].y - q[0].y, q[3].y - q[0].y, q[0].y, 0, 0, 1])
            return transform.determinant == 0 ? nil : transform
        }
        let dx1 = q[1].x - q[2].x, dx2 = q[3].x - q[2].x, dy1 = q[1].y - q[2].y, dy2 = q[3].y - q[2].y
        let det = dx1 * dy2 - dx2 * dy1
        guard det != 0, det.isFinite else { return nil }
        let g = (dx3 * dy2 - dx2 * dy3) / det, h = (dx1 * dy3 - dx3 * dy1) / det
        let transform = ProjectiveTransform(matrix: [q[1].x - q[0].x + g * q[1].x, q[3].x - q[0].x + h * q[3].x, q[0].x,
                                                     q[1].y - q[0].y + g * q[1].y, q[3].y - q[0].y + h * q[3].y, q[0].y,
                                                     g, h, 1])
        return transform.determinant == 0 ? nil : transform
    }

    /// This transform applied after `first`.
    public func after(_ first: ProjectiveTransform) -> ProjectiveTransform {
        let a = matrix, b = first.matrix
        var product = [Double](repeating: 0, count: 9)
        for row in 0..<3 {
            for column in 0..<3 {
                product[row * 3 + column] = (0..<3).reduce(0) { $0 + a[row * 3 + $1] * b[$1 * 3 + column] }
            }
        }
        return ProjectiveTransform(matrix: product)
    }

    /// The matrix's determinant: 0 when the map squashes the plane onto a line.
    public var determinant: Double {
        let m = matrix
        return m[0] * (m[4] * m[8] - m[5] * m[7]) - m[1] * (m[3] * m[8] - m[5] * m[6]) + m[2] * (m[3] * m[7] - m[4] * m[6])
    }

    /// The inverse map (the adjugate over the determinant); nil when there is none.
    public var inverted: ProjectiveTransform? {
        let m = matrix, det = determinant
        guard det != 0, det.isFinite else { return nil }
        let adjugate = [m[4] * m[8] - m[5] * m[7], m[2] * m[7] - m[1] * m[8], m[1] * m[5] - m[2] * m[4],
                        m[5] * m[6] - m[3] * m[8], m[0] * m[8] - m[2] * m[6], m[2] * m[3] - m[0] * m[5],
                        m[3] * m[7] - m[4] * m[6], m[1] * m[6] - m[0] * m[7], m[0] * m[4] - m[1] * m[3]]
        return ProjectiveTransform(matrix: adjugate.map { $0 / det })
    }

    /// Where `(x, y)` goes; nil for a point on the line the map sends to infinity.
    @inline(__always)
    public func apply(x: Double, y: Double) -> (x: Double, y: Double)? {
        let m = matrix
        let w = m[6] * x + m[7] * y + m[8]
        guard w != 0 else { return nil }
        return ((m[0] * x + m[1] * y + m[2]) / w, (m[3] * x + m[4] * y + m[5]) / w)
    }

    /// Where `point` goes; nil for a point the map sends to infinity.
    public func apply(_ point: CGPoint) -> CGPoint? {
        apply(x: Double(point.x), y: Double(point.y)).map { CGPoint(x: $0.x, y: $0.y) }
    }
}
