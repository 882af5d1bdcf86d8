import Foundation
import Testing
@testable import PrintLayout

@Suite struct LengthTests {
    @Test(arguments: [
        ("3mm", 3 * 72 / 25.4), ("0.125in", 9.0), ("1/8in", 9.0), ("9pt", 9.0), ("2.5 in", 180.0),
        (" 210MM ", 595.2755905511812), ("0pt", 0.0), ("1/16 in", 4.5), (".5in", 36.0),
        ("2.5cm", 70.86614173228347), ("1/2 CM", 14.173228346456693),
        // A bare number is points, as in templates and --size.
        ("18", 18.0), ("1/2", 0.5), (" 9 ", 9.0),
    ])
    func parsesANumberAndAUnit(text: String, points: Double) throws {
        let length = try Length(parsing: text)
        #expect(abs(length.points - CGFloat(points)) < 1e-9)
    }

    @Test func refusesWithOneLineNamingTheText() {
        let cases: [(String, PrintLayoutError)] = [
            ("3px", .unknownUnit("3px")),
            ("50%", .unknownUnit("50%")),
            ("3 furlongs", .unknownUnit("3 furlongs")),
            ("mm", .notALength("mm")),
            ("", .notALength("")),
            ("1/0in", .notALength("1/0in")),
            ("1/2/3in", .notALength("1/2/3in")),
            ("0x10mm", .unknownUnit("0x10mm")),
            ("-3mm", .negativeLength("-3mm")),
            ("-1/8in", .negativeLength("-1/8in")),
            ("infmm", .notFiniteLength("infmm")),
            ("nan pt", .notFiniteLength("nan pt")),
            ("1\(String(repeating: "0", count: 400))pt", .notFiniteLength("1\(String(repeating: "0", count: 400))pt")),
            ("101in", .absurdLength("101in")),
            ("3m", .unknownUnit("3m")),
        ]
        for (text, expected) in cases {
            #expect(throws: expected) { try Length(parsing: text) }
            #expect(!expected.description.contains("\n"))
        }
        #expect(PrintLayoutError.unknownUnit("3m").description == "unknown unit in \"3m\"; use one of: pt, in, mm, cm")
    }

    @Test func centimetresAreTenMillimetresToTheBit() throws {
        for value in [1, 2.5, 0.3175, 29.7] as [CGFloat] {
            #expect(try Length(parsing: "\(value)cm") == Length(parsing: "\(value * 10)mm"))
            #expect(Length(value, .centimetres) == Length(value * 10, .millimetres))
        }
    }

    @Test func theWrittenGrammarTakesPixelsAtADpiAndPercentWithAReference() throws {
        #expect(try WrittenLength(parsing: "30px", dpi: 144) == .absolute(.points(15)))
        #expect(try WrittenLength(parsing: "50 %", allowsPercent: true) == .fraction(0.5))
        #expect(try WrittenLength(parsing: "-1/8in") == .absolute(.points(-9)))
        let refusals: [(String, CGFloat?, Bool, WrittenLength.Problem)] = [
            ("30px", nil, false, .unknownUnit("px")),
            ("50%", nil, false, .percentWithoutReference),
            ("3 furlongs", 300, true, .unknownUnit("furlongs")),
            ("1/0in", 300, true, .notALength),
            ("%", 300, true, .notALength),
            ("inf%", 300, true, .notFinite),
            ("1\(String(repeating: "0", count: 400))px", 300, true, .notFinite),
        ]
        for (text, dpi, percent, problem) in refusals {
            #expect(throws: problem) { try WrittenLength(parsing: text, dpi: dpi, allowsPercent: percent) }
        }
    }

    @Test func convertsBetweenUnits() throws {
        #expect(Length.inches(1).points == 72)
        #expect(abs(Length.millimetres(25.4).points - 72) < 1e-12)
        #expect(abs(Length.points(9).millimetres - 3.175) < 1e-12)
        #expect(Length.inches(2.5).pixels(atDPI: 300) == 750)
        #expect(try Length(parsing: "100in") == Length.largestAccepted)
    }

    @Test func describesInTheSimplestUnit() {
        #expect(Length.inches(0.25).description == "0.25in")
        #expect(Length.points(9).description == "0.125in")
        #expect(Length.inches(1).description == "1in")
        #expect(Length.millimetres(3).description == "3mm")
        #expect(Length.points(8.5).description == "8.5pt")
    }
}

@Suite struct PaperTests {
    @Test func namedSizesHaveTheirStandardPoints() {
        #expect(abs(Paper.a4.points.width - 595.2756) < 1e-4)
        #expect(abs(Paper.a4.points.height - 841.8898) < 1e-4)
        #expect(Paper.letter.points == CGSize(width: 612, height: 792))
        #expect(Paper.tabloid.points == CGSize(width: 792, height: 1224))
        #expect(Paper.legal.points == CGSize(width: 612, height: 1008))
        #expect(abs(Paper.a3.points.width - 841.8898) < 1e-4)
        #expect(abs(Paper.a3.points.height - 1190.5512) < 1e-4)
    }

    @Test(arguments: ["a4", "A4", " letter", "TABLOID", "a3", "Legal"])
    func parsesNamesInAnyCase(text: String) throws {
        let paper = try Paper(parsing: text)
        #expect(paper.name?.lowercased() == text.trimmingCharacters(in: .whitespaces).lowercased())
    }

    @Test func parsesWidthByHeightWithUnits() throws {
        let metric = try Paper(parsing: "210x297mm")
        #expect(abs(metric.points.width - Paper.a4.points.width) < 1e-9)
        #expect(abs(metric.points.height - Paper.a4.points.height) < 1e-9)
        #expect(try Paper(parsing: "8.5x11in").points == Paper.letter.points)
        #expect(try Paper(parsing: "8.5in × 792pt").points == Paper.letter.points)
        #expect(try Paper(parsing: "612X792pt").points == Paper.letter.points)
        #expect(metric.description == "210x297mm")
        #expect(Paper.letter.description == "Letter")
    }

    @Test func refusesUnknownPapers() throws {
        #expect(throws: PrintLayoutError.unknownPaper("B5")) { try Paper(parsing: "B5") }
        #expect(throws: PrintLayoutError.unknownPaper("1x2x3mm")) { try Paper(parsing: "1x2x3mm") }
        #expect(throws: PrintLayoutError.unknownPaper("0x297mm")) { try Paper(parsing: "0x297mm") }
        #expect(throws: PrintLayoutError.unknownPaper("210x297")) { try Paper(parsing: "210x297") }
        #expect(throws: PrintLayoutError.unknownUnit("8.5ft")) { try Paper(parsing: "8.5x11ft") }
        #expect(try Paper(parsing: "21x29.7cm").points == Paper(parsing: "210x297mm").points)
        #expect(throws: PrintLayoutError.negativeLength("-210mm")) { try Paper(parsing: "-210x297mm") }
        #expect(throws: PrintLayoutError.absurdLength("3000mm")) { try Paper(parsing: "210x3000mm") }
        #expect(PrintLayoutError.unknownPaper("B5").description
            == "unknown paper \"B5\"; use one of: A4, Letter, A3, Tabloid, Legal, A5, Half-Letter, A2, A1 or WIDTHxHEIGHT with a unit, "
            + "e.g. 210x297mm or 8.5x11in")
    }

    @Test func orientationPutsTheShortSideAcrossInPortrait() {
        let given = Paper(width: .millimetres(297), height: .millimetres(210))
        #expect(given.size(in: .portrait).width < given.size(in: .portrait).height)
        #expect(given.size(in: .landscape) == CGSize(width: given.points.width, height: given.points.height))
        #expect(Paper.letter.size(in: .landscape) == CGSize(width: 792, height: 612))
    }
}
