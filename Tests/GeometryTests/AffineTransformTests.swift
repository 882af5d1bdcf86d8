import CardRenderSupport
import Foundation
import Testing
@testable import Geometry

func isClose(_ p: CGPoint, _ q: CGPoint, within tolerance: CGFloat = 1e-9) -> Bool {
    abs(p.x - q.x) <= tolerance && abs(p.y - q.y) <= tolerance
}

func isClose(_ r: CGRect, _ s: CGRect, within tolerance: CGFloat = 1e-9) -> Bool {
    isClose(r.origin, s.origin, within: tolerance)
        && abs(r.width - s.width) <= tolerance && abs(r.height - s.height) <= tolerance
}

@Suite struct AffineTransformTests {
    @Test func constructorsFillTheCoreGraphicsFields() {
        let translation = CGAffineTransform(translationX: 10, y: -20)
        #expect([translation.a, translation.b, translation.c, translation.d, translation.tx, translation.ty] == [1, 0, 0, 1, 10, -20])
        let scale = CGAffineTransform(scaleX: 2, y: 3)
        #expect([scale.a, scale.b, scale.c, scale.d, scale.tx, scale.ty] == [2, 0, 0, 3, 0, 0])
        let rotation = CGAffineTransform(rotationAngle: .pi / 6)
        #expect(abs(rotation.a - 3.0.squareRoot() / 2) < 1e-15)
        #expect(abs(rotation.b - 0.5) < 1e-15)
        #expect(abs(rotation.c + 0.5) < 1e-15)
        #expect(abs(rotation.d - 3.0.squareRoot() / 2) < 1e-15)
    }

    @Test func translatedThenScaledAppliesTheScaleFirst() {
        // CoreGraphics prepends: identity.translatedBy(10, 20).scaledBy(2, 3) scales, then translates.
        let t = CGAffineTransform.identity.translatedBy(x: 10, y: 20).scaledBy(x: 2, y: 3)
        #expect(CGPoint(x: 1, y: 1).applying(t) == CGPoint(x: 12, y: 23))
        #expect(t == CGAffineTransform(a: 2, b: 0, c: 0, d: 3, tx: 10, ty: 20))
    }

    @Test func scaledThenTranslatedAppliesTheTranslationFirst() {
        let t = CGAffineTransform.identity.scaledBy(x: 2, y: 3).translatedBy(x: 10, y: 20)
        #expect(CGPoint(x: 1, y: 1).applying(t) == CGPoint(x: 22, y: 63))
        #expect(t == CGAffineTransform(a: 2, b: 0, c: 0, d: 3, tx: 20, ty: 60))
    }

    @Test func concatenatingAppliesTheReceiverFirst() {
        let translate = CGAffineTransform(translationX: 10, y: 20)
        let scale = CGAffineTransform(scaleX: 2, y: 3)
        #expect(CGPoint(x: 1, y: 1).applying(translate.concatenating(scale)) == CGPoint(x: 22, y: 63))
        #expect(CGPoint(x: 1, y: 1).applying(scale.concatenating(translate)) == CGPoint(x: 12, y: 23))
    }

    @Test func positiveRotationTurnsTheXAxisTowardsTheYAxis() {
        let quarter = CGAffineTransform(rotationAngle: .pi / 2)
        #expect(CGPoint(x: 1, y: 0).applying(quarter) == CGPoint(x: 0, y: 1))
        #expect(CGPoint(x: 0, y: 1).applying(quarter) == CGPoint(x: -1, y: 0))
        let sixth = CGAffineTransform(rotationAngle: .pi / 6)
        #expect(isClose(CGPoint(x: 2, y: 0).applying(sixth), CGPoint(x: 3.0.squareRoot(), y: 1), within: 1e-15))
    }

    @Test(arguments: [
        (CGFloat.pi, CGFloat(-1), CGFloat(0)),
        (-CGFloat.pi, -1, 0),
        (-CGFloat.pi / 2, 0, -1),
        (3 * CGFloat.pi / 2, 0, -1),
        (2 * CGFloat.pi, 1, 0),
        (-4 * CGFloat.pi, 1, 0),
        (5 * CGFloat.pi / 2, 0, 1),
    ])
    func quarterTurnsAreExact(angle: CGFloat, cosine: CGFloat, sine: CGFloat) {
        let r = CGAffineTransform(rotationAngle: angle)
        #expect(r.a == cosine && r.b == sine && r.c == -sine && r.d == cosine)
    }

    @Test func anglesNearAQuarterTurnAreNotSnapped() {
        let r = CGAffineTransform(rotationAngle: .pi / 2 + 1e-6)
        #expect(r.a != 0)
        #expect(abs(r.a + 1e-6) < 1e-12)
    }

    @Test func lectureLowerRightCornerLabelIsTheExact180DegreeTurnOfItsRect() {
        // PlayingCardView: identity.translatedBy(x: width, y: height).rotated(by: .pi)
        let label = CGRect(x: 0, y: 0, width: 23.5, height: 41.25)
        let t = CGAffineTransform.identity
            .translatedBy(x: label.size.width, y: label.size.height)
            .rotated(by: CGFloat.pi)
        for point in [CGPoint(x: 0, y: 0), CGPoint(x: 3.5, y: 7.25), CGPoint(x: 23.5, y: 41.25), CGPoint(x: 10, y: 0)] {
            let rotated180 = CGPoint(x: label.width - point.x, y: label.height - point.y)
            #expect(isClose(point.applying(t), rotated180))
        }
        #expect(isClose(label.applying(t), label))
        #expect(CGPoint(x: 0, y: 0).applying(t) == CGPoint(x: 23.5, y: 41.25))
        #expect(CGPoint(x: 23.5, y: 0).applying(t) == CGPoint(x: 0, y: 41.25))
        #expect(label.applying(t) == label)
    }

    @Test func invertedUndoesRandomTransforms() {
        var generator = SplitMix64(seed: 0x5EED)
        var checked = 0
        while checked < 200 {
            let t = CGAffineTransform(
                a: .random(in: -3...3, using: &generator), b: .random(in: -3...3, using: &generator),
                c: .random(in: -3...3, using: &generator), d: .random(in: -3...3, using: &generator),
                tx: .random(in: -100...100, using: &generator), ty: .random(in: -100...100, using: &generator)
            )
            // Near-singular matrices amplify rounding beyond the tolerance; CG has the same limit.
            guard abs(t.a * t.d - t.b * t.c) > 0.1 else { continue }
            let point = CGPoint(x: .random(in: -500...500, using: &generator), y: .random(in: -500...500, using: &generator))
            #expect(isClose(point.applying(t).applying(t.inverted()), point))
            #expect(isClose(point.applying(t.concatenating(t.inverted())), point))
            #expect(isClose(point.applying(t.inverted().concatenating(t)), point))
            checked += 1
        }
    }

    @Test func invertingAKnownTransformGivesKnownNumbers() {
        let t = CGAffineTransform(scaleX: 2, y: 4).translatedBy(x: 3, y: 5)
        #expect(t.inverted() == CGAffineTransform(a: 0.5, b: 0, c: 0, d: 0.25, tx: -3, ty: -5))
    }

    @Test func singularTransformInvertsToItself() {
        let flat = CGAffineTransform(scaleX: 0, y: 2).translatedBy(x: 1, y: 1)
        #expect(flat.inverted() == flat)
        let collinear = CGAffineTransform(a: 1, b: 2, c: 2, d: 4, tx: 5, ty: 6)
        #expect(collinear.inverted() == collinear)
    }

    @Test func isIdentity() {
        #expect(CGAffineTransform.identity.isIdentity)
        #expect(CGAffineTransform(translationX: 0, y: 0).isIdentity)
        #expect(CGAffineTransform(rotationAngle: 2 * .pi).isIdentity)
        #expect(!CGAffineTransform(scaleX: 1, y: 1.000_000_1).isIdentity)
        #expect(!CGAffineTransform(translationX: 0, y: 1e-12).isIdentity)
    }

    @Test func sizesIgnoreTranslationAndMayTurnNegative() {
        let t = CGAffineTransform(translationX: 100, y: 100).scaledBy(x: 2, y: 1)
        #expect(CGSize(width: 2, height: 3).applying(t) == CGSize(width: 4, height: 3))
        #expect(CGSize(width: 2, height: 3).applying(CGAffineTransform(rotationAngle: .pi / 2)) == CGSize(width: -3, height: 2))
    }

    @Test func rotatedRectBecomesTheBoundingBoxOfItsCorners() {
        let rect = CGRect(x: 0, y: 0, width: 4, height: 2)
        let root2 = 2.0.squareRoot()
        let box = rect.applying(CGAffineTransform(rotationAngle: .pi / 4))
        #expect(isClose(box, CGRect(x: -root2, y: 0, width: 3 * root2, height: 3 * root2), within: 1e-12))
        let quarter = rect.applying(CGAffineTransform(rotationAngle: .pi / 2))
        #expect(quarter == CGRect(x: -2, y: 0, width: 2, height: 4))
    }

    @Test func rectApplyingHandlesNullInfiniteAndNegativeSizes() {
        let t = CGAffineTransform(translationX: 5, y: 5).scaledBy(x: 2, y: 2)
        #expect(CGRect.null.applying(t).isNull)
        #expect(CGRect.infinite.applying(t).isInfinite)
        let flipped = CGRect(x: 10, y: 10, width: -4, height: -6)
        #expect(flipped.applying(.identity) == CGRect(x: 6, y: 4, width: 4, height: 6))
        #expect(flipped.applying(t) == CGRect(x: 17, y: 13, width: 8, height: 12))
    }

    @Test func codableUsesTheDarwinArrayShape() throws {
        let t = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5.5, ty: -6)
        let json = String(decoding: try JSONEncoder().encode(t), as: UTF8.self)
        #expect(json == "[1,2,3,4,5.5,-6]")
        #expect(try JSONDecoder().decode(CGAffineTransform.self, from: Data(json.utf8)) == t)
        let short = #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(CGAffineTransform.self, from: Data("[1,2,3]".utf8))
        }
        // The fourth number is the one missing.
        guard case .valueNotFound(let type, let context) = short else {
            Issue.record("expected a missing value, got \(String(describing: short))")
            return
        }
        #expect(ObjectIdentifier(type) == ObjectIdentifier(CGFloat.self))
        #expect(context.codingPath.map(\.intValue) == [3])
    }

    @Test func hashableTreatsEqualTransformsAsOne() {
        let set: Set<CGAffineTransform> = [
            .identity, CGAffineTransform(translationX: 0, y: 0), CGAffineTransform(scaleX: 2, y: 2),
        ]
        #expect(set.count == 2)
    }

    @Test func bridgesToFoundationAffineTransform() {
        var foundation = AffineTransform(translationByX: 7, byY: -3)
        foundation.rotate(byDegrees: 30)
        foundation.scale(x: 2, y: 0.5)
        let converted = CGAffineTransform(foundation)
        let point = CGPoint(x: 3, y: 4)
        #expect(isClose(point.applying(converted), foundation.transform(point), within: 1e-12))
        #expect(AffineTransform(converted) == foundation)
    }
}
