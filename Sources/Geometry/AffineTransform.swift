import Foundation

// Darwin's CoreGraphics already provides CGAffineTransform and the `applying` methods;
// this file fills the gap on Linux, where Foundation has CGPoint/CGSize/CGRect only.
#if !canImport(CoreGraphics)

/// A 2-D affine matrix with CoreGraphics' layout and meaning:
///
///     x' = a·x + c·y + tx
///     y' = b·x + d·y + ty
///
/// Points are row vectors multiplied on the left, so `t1.concatenating(t2)` applies `t1` first.
public struct CGAffineTransform: Sendable, Hashable {
    /// How much x' grows with x (scale and rotation).
    public var a: CGFloat
    /// How much y' grows with x (rotation and shear).
    public var b: CGFloat
    /// How much x' grows with y (rotation and shear).
    public var c: CGFloat
    /// How much y' grows with y (scale and rotation).
    public var d: CGFloat
    /// Added to x' (translation).
    public var tx: CGFloat
    /// Added to y' (translation).
    public var ty: CGFloat

    /// `CGAffineTransformMake`: the matrix from its six entries.
    public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    /// `CGAffineTransformIdentity`: leaves every point where it is.
    public static let identity = CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// `CGAffineTransformMakeTranslation`.
    public init(translationX tx: CGFloat, y ty: CGFloat) {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
    }

    /// `CGAffineTransformMakeScale`.
    public init(scaleX sx: CGFloat, y sy: CGFloat) {
        self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// `CGAffineTransformMakeRotation`: positive angles turn the x axis towards the y axis.
    /// Multiples of a quarter turn are exact, so rotating by `.pi` flips points with no residue.
    public init(rotationAngle angle: CGFloat) {
        let (cosine, sine) = Self.cosineAndSine(of: angle)
        self.init(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
    }

    /// `CGAffineTransformIsIdentity`.
    public var isIdentity: Bool { self == .identity }

    /// `CGAffineTransformConcat`: the transform that applies `self`, then `other`.
    public func concatenating(_ other: CGAffineTransform) -> CGAffineTransform {
        CGAffineTransform(
            a: a * other.a + b * other.c,
            b: a * other.b + b * other.d,
            c: c * other.a + d * other.c,
            d: c * other.b + d * other.d,
            tx: tx * other.a + ty * other.c + other.tx,
            ty: tx * other.b + ty * other.d + other.ty
        )
    }

    /// `CGAffineTransformTranslate`: the translation happens before `self`.
    public func translatedBy(x: CGFloat, y: CGFloat) -> CGAffineTransform {
        CGAffineTransform(translationX: x, y: y).concatenating(self)
    }

    /// `CGAffineTransformScale`: the scale happens before `self`.
    public func scaledBy(x: CGFloat, y: CGFloat) -> CGAffineTransform {
        CGAffineTransform(scaleX: x, y: y).concatenating(self)
    }

    /// `CGAffineTransformRotate`: the rotation happens before `self`.
    public func rotated(by angle: CGFloat) -> CGAffineTransform {
        CGAffineTransform(rotationAngle: angle).concatenating(self)
    }

    /// `CGAffineTransformInvert`: like CoreGraphics, a singular transform is returned unchanged.
    public func inverted() -> CGAffineTransform {
        let determinant = a * d - b * c
        guard determinant != 0, determinant.isFinite else { return self }
        return CGAffineTransform(
            a: d / determinant,
            b: -b / determinant,
            c: -c / determinant,
            d: a / determinant,
            tx: (c * ty - d * tx) / determinant,
            ty: (b * tx - a * ty) / determinant
        )
    }

    /// cos and sin, snapped to exact 0/±1 at multiples of π/2: `sin(.pi)` is 1.2e-16, not 0,
    /// and that residue would otherwise leak into every flipped card corner.
    static func cosineAndSine(of angle: CGFloat) -> (CGFloat, CGFloat) {
        let quarterTurns = angle / (CGFloat.pi / 2)
        let nearest = quarterTurns.rounded()
        guard angle.isFinite, abs(quarterTurns - nearest) < 1e-12 else {
            return (cos(angle), sin(angle))
        }
        var quadrant = nearest.truncatingRemainder(dividingBy: 4)
        if quadrant < 0 { quadrant += 4 }
        switch quadrant {
        case 0: return (1, 0)
        case 1: return (0, 1)
        case 2: return (-1, 0)
        default: return (0, -1)
        }
    }
}

extension CGAffineTransform: CustomStringConvertible {
    public var description: String {
        "CGAffineTransform(a: \(a), b: \(b), c: \(c), d: \(d), tx: \(tx), ty: \(ty))"
    }
}

/// Encoded as `[a, b, c, d, tx, ty]`, the same shape Darwin's CoreGraphics uses,
/// so files written on either platform decode on the other.
extension CGAffineTransform: Codable {
    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        a = try container.decode(CGFloat.self)
        b = try container.decode(CGFloat.self)
        c = try container.decode(CGFloat.self)
        d = try container.decode(CGFloat.self)
        tx = try container.decode(CGFloat.self)
        ty = try container.decode(CGFloat.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(a)
        try container.encode(b)
        try container.encode(c)
        try container.encode(d)
        try container.encode(tx)
        try container.encode(ty)
    }
}

extension CGAffineTransform {
    /// Converts from Foundation's `AffineTransform`, which has the same meaning under other names.
    public init(_ transform: AffineTransform) {
        self.init(
            a: transform.m11, b: transform.m12, c: transform.m21, d: transform.m22,
            tx: transform.tX, ty: transform.tY
        )
    }
}

extension AffineTransform {
    /// Foundation's matrix with the same entries, for APIs that take `AffineTransform`.
    public init(_ transform: CGAffineTransform) {
        self.init(
            m11: transform.a, m12: transform.b, m21: transform.c, m22: transform.d,
            tX: transform.tx, tY: transform.ty
        )
    }
}

extension CGPoint {
    /// `CGPointApplyAffineTransform`.
    public func applying(_ t: CGAffineTransform) -> CGPoint {
        CGPoint(x: t.a * x + t.c * y + t.tx, y: t.b * x + t.d * y + t.ty)
    }
}

extension CGSize {
    /// `CGSizeApplyAffineTransform`: sizes are vectors, so translation is ignored
    /// and the result may be negative (a 90° rotation of (2, 3) is (-3, 2)).
    public func applying(_ t: CGAffineTransform) -> CGSize {
        CGSize(width: t.a * width + t.c * height, height: t.b * width + t.d * height)
    }
}

extension CGRect {
    /// `CGRectApplyAffineTransform`: the smallest upright rect holding the four transformed corners.
    /// The null rect stays null; the infinite rect stays infinite (its corners would overflow).
    public func applying(_ t: CGAffineTransform) -> CGRect {
        if isNull || isInfinite { return self }
        let corners = [
            CGPoint(x: minX, y: minY).applying(t), CGPoint(x: maxX, y: minY).applying(t),
            CGPoint(x: minX, y: maxY).applying(t), CGPoint(x: maxX, y: maxY).applying(t),
        ]
        var left = corners[0].x, right = corners[0].x
        var top = corners[0].y, bottom = corners[0].y
        for corner in corners.dropFirst() {
            left = min(left, corner.x)
            right = max(right, corner.x)
            top = min(top, corner.y)
            bottom = max(bottom, corner.y)
        }
        return CGRect(x: left, y: top, width: right - left, height: bottom - top)
    }
}

#endif
