import Foundation
import PrintLayout
import Testing

/// Named game card sizes at their published dimensions, and the papers from A1 to A5 and Half-Letter.
@Suite struct NamedCardSizeTests {
    static let millimetre = 72 / 25.4

    @Test func namedCardSizesAreTheirPublishedDimensions() throws {
        let expected: [(String, CGFloat, CGFloat)] = [
            ("poker", 180, 252), ("bridge", 162, 252), ("mini", 126, 180),
            ("mini-usa", 41 * Self.millimetre, 63 * Self.millimetre), ("mini-euro", 44 * Self.millimetre, 68 * Self.millimetre),
            ("chimera", 57.5 * Self.millimetre, 89 * Self.millimetre), ("japanese", 59 * Self.millimetre, 86 * Self.millimetre),
            ("euro", 59 * Self.millimetre, 92 * Self.millimetre), ("square", 70 * Self.millimetre, 70 * Self.millimetre),
            ("tarot", 70 * Self.millimetre, 120 * Self.millimetre),
        ]
        #expect(Set(NamedCardSize.all.map(\.name)) == Set(expected.map(\.0)))
        for (name, width, height) in expected {
            let size = try #require(NamedCardSize.named(" \(name.uppercased()) "))
            #expect(abs(size.points.width - width) < 1e-9 && abs(size.points.height - height) < 1e-9, "\(name): \(size.points)")
        }
        #expect(NamedCardSize.named("mini-eur") == nil)
        #expect(NamedCardSize.listed.hasPrefix("poker (2.5×3.5 in), bridge (2.25×3.5 in), mini-usa (41×63 mm)"))
    }

    @Test func papersA1ToA5AndHalfLetter() throws {
        let expected: [(String, CGFloat, CGFloat)] = [("A1", 594, 841), ("A2", 420, 594), ("A3", 297, 420), ("A4", 210, 297),
                                                      ("A5", 148, 210), ("Half-Letter", 139.7, 215.9)]
        for (name, width, height) in expected {
            let paper = try Paper(parsing: name.lowercased())
            #expect(paper.name == name)
            #expect(abs(paper.points.width - width * Self.millimetre) < 1e-6 && abs(paper.points.height - height * Self.millimetre) < 1e-6)
        }
        #expect(try Paper(parsing: "half letter") == .halfLetter)
        #expect(Paper.halfLetter.points == CGSize(width: 396, height: 612))
        // One definition each: every named paper appears once.
        #expect(Set(Paper.named.map(\.name)).count == Paper.named.count)
    }
}
