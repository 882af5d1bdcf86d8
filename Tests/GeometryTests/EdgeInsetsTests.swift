import Foundation
import Testing
import Geometry

@Suite struct EdgeInsetsTests {
    let rect = CGRect(x: 10, y: 20, width: 100, height: 50)

    @Test func sums() {
        let insets = EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
        #expect(insets.horizontal == 6)
        #expect(insets.vertical == 4)
        #expect(EdgeInsets(all: 2.5) == EdgeInsets(top: 2.5, left: 2.5, bottom: 2.5, right: 2.5))
        #expect(EdgeInsets.zero.horizontal == 0 && EdgeInsets.zero.vertical == 0)
    }

    @Test func insetMovesEachEdgeInwards() {
        let inner = rect.inset(by: EdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
        #expect(inner == CGRect(x: 12, y: 21, width: 94, height: 46))
        #expect(inner.minY - rect.minY == 1)
        #expect(rect.maxY - inner.maxY == 3)
        #expect(inner.minX - rect.minX == 2)
        #expect(rect.maxX - inner.maxX == 4)
    }

    @Test func zeroInsetsChangeNothing() {
        #expect(rect.inset(by: EdgeInsets.zero) == rect)
        #expect(CGRect(x: 110, y: 70, width: -100, height: -50).inset(by: EdgeInsets.zero) == rect)
    }

    @Test func negativeInsetsGrowTheRect() {
        #expect(rect.inset(by: EdgeInsets(all: -5)) == CGRect(x: 5, y: 15, width: 110, height: 60))
    }

    @Test func insetsLargerThanTheRectGiveNull() {
        #expect(rect.inset(by: EdgeInsets(top: 0, left: 60, bottom: 0, right: 41)).isNull)
        #expect(rect.inset(by: EdgeInsets(top: 25, left: 0, bottom: 26, right: 0)).isNull)
        #expect(rect.inset(by: EdgeInsets(top: 25, left: 0, bottom: 25, right: 0)) == CGRect(x: 10, y: 45, width: 100, height: 0))
        #expect(CGRect.null.inset(by: EdgeInsets(all: 1)).isNull)
    }

    @Test func codableRoundTrip() throws {
        let insets = EdgeInsets(top: 1, left: 2.5, bottom: -3, right: 4)
        let data = try JSONEncoder().encode(insets)
        #expect(try JSONDecoder().decode(EdgeInsets.self, from: data) == insets)
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Double]
        #expect(object == ["top": 1, "left": 2.5, "bottom": -3, "right": 4])
    }
}
