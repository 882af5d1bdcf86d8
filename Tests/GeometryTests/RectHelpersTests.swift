import Foundation
import Testing
import Geometry

@Suite struct RectHelpersTests {
    let card = CGRect(x: 10, y: 20, width: 100, height: 50)

    @Test func halvesSplitAtMidX() {
        #expect(card.leftHalf == CGRect(x: 10, y: 20, width: 50, height: 50))
        #expect(card.rightHalf == CGRect(x: 60, y: 20, width: 50, height: 50))
        // The bug in some copies of the demo put the right half at minX, on top of the left half.
        #expect(card.rightHalf.minX == card.midX)
        #expect(card.rightHalf != card.leftHalf)
    }

    @Test(arguments: [
        CGRect(x: 10, y: 20, width: 100, height: 50),
        CGRect(x: -3, y: 0.5, width: 7, height: 1),
        CGRect(x: 0, y: 0, width: 0.3, height: 0.1),
    ])
    func halvesTileTheRect(rect: CGRect) {
        let left = rect.leftHalf, right = rect.rightHalf
        #expect(left.maxX == right.minX)
        #expect(left.width == right.width)
        #expect(left.union(right) == rect)
        #expect(left.intersection(right).width == 0)
    }

    @Test func halvesOfANegativeSizeRectAreStandardized() {
        let flipped = CGRect(x: 110, y: 70, width: -100, height: -50)
        #expect(flipped.leftHalf == CGRect(x: 10, y: 20, width: 50, height: 50))
        #expect(flipped.rightHalf == CGRect(x: 60, y: 20, width: 50, height: 50))
    }

    @Test func halvesOfEmptyAndNullRects() {
        let line = CGRect(x: 4, y: 5, width: 0, height: 9)
        #expect(line.leftHalf == CGRect(x: 4, y: 5, width: 0, height: 9))
        #expect(line.rightHalf == CGRect(x: 4, y: 5, width: 0, height: 9))
        #expect(CGRect.null.leftHalf.isNull)
        #expect(CGRect.null.rightHalf.isNull)
    }

    @Test func insetBySizeMatchesInsetByDxDy() {
        #expect(card.inset(by: CGSize(width: 10, height: 5)) == CGRect(x: 20, y: 25, width: 80, height: 40))
        #expect(card.inset(by: CGSize(width: -5, height: 0)) == CGRect(x: 5, y: 20, width: 110, height: 50))
        #expect(card.inset(by: CGSize(width: 51, height: 0)).isNull)
        #expect(CGRect(x: 110, y: 70, width: -100, height: -50).inset(by: CGSize(width: 10, height: 5))
            == CGRect(x: 20, y: 25, width: 80, height: 40))
    }

    @Test func sizedKeepsTheTopLeftOrigin() {
        #expect(card.sized(to: CGSize(width: 7, height: 8)) == CGRect(x: 10, y: 20, width: 7, height: 8))
        #expect(CGRect(x: 110, y: 70, width: -100, height: -50).sized(to: CGSize(width: 7, height: 8))
            == CGRect(x: 10, y: 20, width: 7, height: 8))
        #expect(CGRect.null.sized(to: CGSize(width: 7, height: 8)).isNull)
    }

    @Test func zoomByOneChangesNothing() {
        #expect(card.zoom(by: 1) == card)
        #expect(CGRect(x: -3, y: 0.5, width: 7, height: 1).zoom(by: 1) == CGRect(x: -3, y: 0.5, width: 7, height: 1))
    }

    @Test func zoomScalesAboutTheCentre() {
        let face = CGRect(x: 0, y: 0, width: 200, height: 100)
        #expect(face.zoom(by: 0.75) == CGRect(x: 25, y: 12.5, width: 150, height: 75))
        #expect(face.zoom(by: 0.75).center == face.center)
        #expect(face.zoom(by: 2) == CGRect(x: -100, y: -50, width: 400, height: 200))
        #expect(face.zoom(by: 0) == CGRect(x: 100, y: 50, width: 0, height: 0))
        #expect(face.zoom(by: -1).isNull)
        #expect(CGRect.null.zoom(by: 0.5).isNull)
    }

    @Test func pointOffset() {
        #expect(CGPoint(x: 1, y: 2).offsetBy(dx: 10, dy: -5) == CGPoint(x: 11, y: -3))
    }

    @Test func lectureLowerRightCornerLabelOrigin() {
        // PlayingCardView places the lower-right label inset by cornerOffset from the bottom-right.
        let bounds = CGRect(x: 0, y: 0, width: 200, height: 300)
        let cornerOffset: CGFloat = 5.6
        let labelSize = CGSize(width: 23.5, height: 41.25)
        let origin = CGPoint(x: bounds.maxX, y: bounds.maxY)
            .offsetBy(dx: -cornerOffset, dy: -cornerOffset)
            .offsetBy(dx: -labelSize.width, dy: -labelSize.height)
        #expect(isClose(origin, CGPoint(x: 170.9, y: 253.15), within: 1e-12))
    }

    @Test func centreAndCentredInit() {
        #expect(card.center == CGPoint(x: 60, y: 45))
        let centred = CGRect(center: CGPoint(x: 60, y: 45), size: CGSize(width: 100, height: 50))
        #expect(centred == card)
        #expect(CGRect(center: .zero, size: CGSize(width: 3, height: 5)) == CGRect(x: -1.5, y: -2.5, width: 3, height: 5))
    }

    @Test func sizeTimesScalar() {
        #expect(CGSize(width: 3, height: 4) * 2.5 == CGSize(width: 7.5, height: 10))
        #expect(0.5 * CGSize(width: 3, height: 4) == CGSize(width: 1.5, height: 2))
    }

    // Foundation on Linux provides these; the helpers above rely on CoreGraphics' meaning.
    @Test func foundationRectBehaviourTheHelpersRelyOn() {
        let disjoint = CGRect(x: 200, y: 200, width: 1, height: 1)
        #expect(card.intersection(disjoint).isNull)
        #expect(!card.intersects(disjoint))
        #expect(CGRect(x: 3, y: 3, width: 0, height: 4).isEmpty)
        #expect(!CGRect(x: 3, y: 3, width: 0, height: 4).isNull)
        #expect(CGRect(x: 110, y: 70, width: -100, height: -50).standardized == card)
        #expect(card.insetBy(dx: 60, dy: 0).isNull)
        #expect(CGRect.null.union(card) == card)
    }
}
