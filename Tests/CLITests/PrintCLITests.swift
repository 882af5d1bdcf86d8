import Foundation
import PrintLayout
import Testing

/// `cardrender print`: the PDF's pages, fonts and, rasterised with poppler's pdftoppm, where the
/// cards, crop marks, label, bleed and duplex backs land, measured against `SheetLayout`.
@Suite("print sheets")
struct PrintCLITests {
    /// 144 dpi: 2 px a point, so a pixel is 0.18 mm.
    static let dpi = 144
    static var pixelsPerPoint: CGFloat { CGFloat(dpi) / 72 }
    static let poker = CGSize(width: 180, height: 252)

    /// Writes a print PDF into a fresh folder and returns its path.
    static func printPDF(_ arguments: [String], name: String = "deck-print.pdf") throws -> URL {
        let out = try CLIRunner.temporaryDirectory("print")
        let result = try CLIRunner.run(["print", "--out", out.path] + arguments)
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        return out.appendingPathComponent(name)
    }

    static func tool(_ name: String, _ arguments: [String]) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [name] + arguments
        process.environment = CLIRunner.childEnvironment()
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(name) \(arguments)")
        return data
    }

    static func info(_ pdf: URL) throws -> (pages: Int, width: Double, height: Double) {
        let text = String(decoding: try tool("pdfinfo", [pdf.path]), as: UTF8.self)
        var pages = 0, width = 0.0, height = 0.0
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if line.hasPrefix("Pages:"), fields.count > 1 { pages = Int(fields[1]) ?? 0 }
            if line.hasPrefix("Page size:"), fields.count > 4 {
                width = Double(fields[2]) ?? 0
                height = Double(fields[4]) ?? 0
            }
        }
        return (pages, width, height)
    }

    /// One page as RGB pixels (pdftoppm's binary PPM).
    struct Raster {
        var width: Int
        var height: Int
        var bytes: [UInt8]

        /// The page at `dpi`, or only the `crop` rectangle of it (in pixels at that resolution).
        init(_ pdf: URL, page: Int, dpi: Int = PrintCLITests.dpi, crop: CGRect? = nil) throws {
            var arguments = ["-r", "\(dpi)", "-f", "\(page)", "-l", "\(page)"]
            if let crop {
                arguments += ["-x", "\(Int(crop.minX))", "-y", "\(Int(crop.minY))", "-W", "\(Int(crop.width))",
                              "-H", "\(Int(crop.height))"]
            }
            let data = [UInt8](try PrintCLITests.tool("pdftoppm", arguments + [pdf.path]))
            // "P6\n<w> <h>\n255\n" then the pixels.
            var fields: [Int] = [], index = 2, current = ""
            while fields.count < 3, index < data.count {
                let character = Character(UnicodeScalar(data[index]))
                if character.isNumber { current.append(character) } else if !current.isEmpty { fields.append(Int(current) ?? 0); current = "" }
                index += 1
            }
            width = fields[0]
            height = fields[1]
            bytes = Array(data[index...])
            #expect(bytes.count == width * height * 3)
        }

        func rgb(_ x: Int, _ y: Int) -> (Int, Int, Int) {
            let offset = (y * width + x) * 3
            return (Int(bytes[offset]), Int(bytes[offset + 1]), Int(bytes[offset + 2]))
        }

        func isPaper(_ x: Int, _ y: Int) -> Bool {
            let (r, g, b) = rgb(x, y)
            return min(r, g, b) >= 245
        }

        /// The ink's extent along the rect's middle row and column, scanning in from the page edges.
        func inkExtent(row y: Int, column x: Int) -> CGRect {
            let left = (0..<width).first { !isPaper($0, y) } ?? 0
            let right = (0..<width).last { !isPaper($0, y) } ?? 0
            let top = (0..<height).first { !isPaper(x, $0) } ?? 0
            let bottom = (0..<height).last { !isPaper(x, $0) } ?? 0
            return CGRect(x: left, y: top, width: right + 1 - left, height: bottom + 1 - top)
        }
    }

    static func pixels(_ rect: CGRect) -> CGRect {
        CGRect(x: rect.minX * pixelsPerPoint, y: rect.minY * pixelsPerPoint, width: rect.width * pixelsPerPoint,
               height: rect.height * pixelsPerPoint)
    }

    /// Each edge within one pixel (0.18 mm at 144 dpi) of the layout's edge rounded out to whole
    /// pixels: the first and last pixel a line touches are inked, and poppler snaps hairlines to pixels.
    static func expectClose(_ measured: CGRect, _ expected: CGRect, _ context: String,
                            sourceLocation: SourceLocation = #_sourceLocation) {
        let target = pixels(expected)
        for (a, b, edge) in [(measured.minX, target.minX.rounded(.down), "left"), (measured.maxX, target.maxX.rounded(.up), "right"),
                             (measured.minY, target.minY.rounded(.down), "top"), (measured.maxY, target.maxY.rounded(.up), "bottom")] {
            #expect(abs(a - b) <= 1, "\(context): \(edge) edge at \(a) px, layout says \(b) px", sourceLocation: sourceLocation)
        }
    }

    @Test func pagesAreA4OrLetterAndHoldTheWholeDeck() throws {
        let a4 = try Self.info(Self.printPDF([]))
        #expect(a4.pages == 6)  // 52 cards, 3 × 3 a page
        #expect(abs(a4.width - 595.276) < 0.01 && abs(a4.height - 841.89) < 0.01, "\(a4)")
        let letter = try Self.info(Self.printPDF(["--paper", "Letter", "--jokers", "--duplex", "short-edge"]))
        #expect(letter.pages == 12)  // 54 cards on 6 sheets, each with its back page
        #expect(letter.width == 612 && letter.height == 792, "\(letter)")
        let landscape = try Self.info(Self.printPDF(["--orientation", "landscape", "--cards", "AS,KH"]))
        #expect(landscape.pages == 1 && landscape.width > landscape.height)
    }

    @Test func fontsAreEmbedded() throws {
        let text = String(decoding: try Self.tool("pdffonts", [Self.printPDF(["--cards", "AS,KH,QD"]).path]), as: UTF8.self)
        let rows = text.split(separator: "\n").dropFirst(2)
        #expect(!rows.isEmpty)
        for row in rows {
            let fields = row.split(separator: " ")
            // name, type…, encoding, emb, sub, uni, object, generation: emb is 5th from the end.
            #expect(fields.count >= 7 && fields[fields.count - 5] == "yes", "not embedded: \(row)")
        }
    }

    @Test func cardsSitOnTheLayoutsTrimBoxes() throws {
        let layout = try SheetLayout(paper: .a4, cardSize: Self.poker)
        #expect(layout.columns == 3 && layout.rows == 3 && layout.orientation == .portrait)
        // One card a page in turn, so nothing but that card is on its row and column.
        for (slotIndex, cards) in [(0, "AS"), (4, "AS,2S,3S,4S,KH"), (8, "AS,2S,3S,4S,5S,6S,7S,8S,9H")] {
            let pdf = try Self.printPDF(["--cards", cards, "--no-crop-marks"])
            let raster = try Raster(pdf, page: 1)
            let slot = layout.slots[slotIndex]
            let mid = Self.pixels(slot.trim)
            // Rows and columns of other slots hold cards too; scan only this card's span.
            let row = Int(mid.midY), column = Int(mid.midX)
            let left = (Int(mid.minX) - 6..<Int(mid.midX)).first { !raster.isPaper($0, row) } ?? 0
            let right = (Int(mid.midX)..<Int(mid.maxX) + 6).last { !raster.isPaper($0, row) } ?? 0
            let top = (Int(mid.minY) - 6..<Int(mid.midY)).first { !raster.isPaper(column, $0) } ?? 0
            let bottom = (Int(mid.midY)..<Int(mid.maxY) + 6).last { !raster.isPaper(column, $0) } ?? 0
            let measured = CGRect(x: left, y: top, width: right + 1 - left, height: bottom + 1 - top)
            Self.expectClose(measured, slot.trim, "slot \(slotIndex)")
        }
    }

    /// The bar: every trim edge within 0.1 mm of the layout. At 576 dpi a pixel is
    /// 0.044 mm, so two pixels (anti-aliasing on either side of the edge) stay under it.
    @Test func trimEdgesAreWithinATenthOfAMillimetre() throws {
        let dpi = 576, scale = CGFloat(576) / 72
        // A gutter keeps each card's border apart from its neighbours', so each edge is measured alone.
        let layout = try SheetLayout(paper: .a4, cardSize: Self.poker, gutter: .millimetres(2))
        #expect(layout.capacity == 9)
        let pdf = try Self.printPDF(["--cards", "AS,2S,3S,4S,KH,5S,6S,7S,8S", "--gutter", "2mm", "--no-crop-marks"])
        for slot in [layout.slots[0], layout.slots[4], layout.slots[8]] {
            let trim = CGRect(x: slot.trim.minX * scale, y: slot.trim.minY * scale, width: slot.trim.width * scale,
                              height: slot.trim.height * scale)
            let crop = trim.insetBy(dx: -12, dy: -12).integral
            let raster = try Raster(pdf, page: 1, dpi: dpi, crop: crop)
            // Along the card's middle row and column, the first and last inked pixel.
            let row = Int(trim.midY - crop.minY), column = Int(trim.midX - crop.minX)
            let left = (0..<column).first { !raster.isPaper($0, row) } ?? -100
            let right = ((column + 1)..<raster.width).last { !raster.isPaper($0, row) } ?? -100
            let top = (0..<row).first { !raster.isPaper(column, $0) } ?? -100
            let bottom = ((row + 1)..<raster.height).last { !raster.isPaper(column, $0) } ?? -100
            for (measured, expected, edge) in [(CGFloat(left), trim.minX - crop.minX, "left"),
                                               (CGFloat(right + 1), trim.maxX - crop.minX, "right"),
                                               (CGFloat(top), trim.minY - crop.minY, "top"),
                                               (CGFloat(bottom + 1), trim.maxY - crop.minY, "bottom")] {
                let millimetres = abs(measured - expected) / scale * 25.4 / 72
                #expect(millimetres < 0.1, "slot \(slot.index) \(edge) edge \(millimetres) mm from the layout's")
            }
        }
    }

    @Test func cropMarksContinueTrimLinesOutsideTheCardsAndMarginsHoldOnlyMarksAndLabel() throws {
        let layout = try SheetLayout(paper: .a4, cardSize: Self.poker)
        let raster = try Raster(Self.printPDF([]), page: 1)
        let scale = Self.pixelsPerPoint
        let frame = Self.pixels(layout.bleedFrame)
        let vertical = Set(layout.slots.flatMap { [$0.trim.minX, $0.trim.maxX] }).map { $0 * scale }
        let horizontal = Set(layout.slots.flatMap { [$0.trim.minY, $0.trim.maxY] }).map { $0 * scale }
        #expect(vertical.count == 4 && horizontal.count == 4)
        // The label sits below the grid: between the middle column's trim lines.
        let middle = Self.pixels(layout.slots[1].trim)
        var inkOutside = 0, stray: [String] = []
        for y in 0..<raster.height {
            for x in 0..<raster.width where !raster.isPaper(x, y) {
                let point = CGPoint(x: CGFloat(x) + 0.5, y: CGFloat(y) + 0.5)
                if frame.insetBy(dx: -1, dy: -1).contains(point) { continue }
                inkOutside += 1
                let onVertical = vertical.contains { abs($0 - point.x) <= 1 } && !(frame.minY...frame.maxY).contains(point.y)
                let onHorizontal = horizontal.contains { abs($0 - point.y) <= 1 } && !(frame.minX...frame.maxX).contains(point.x)
                let inLabel = point.y > frame.maxY && point.x > middle.minX + 1 && point.x < middle.maxX - 1
                if !(onVertical || onHorizontal || inLabel), stray.count < 5 { stray.append("(\(x), \(y))") }
            }
        }
        #expect(stray.isEmpty, "ink in the margin off the marks and label: \(stray)")
        #expect(inkOutside > 0)
        // Every trim line has its marks at both ends, a gap beyond the bleed and 1/4 in long.
        let style = CropMarkStyle.standard
        let along = (style.gapBeyondBleed.points + style.length.points / 2) * scale
        for x in vertical {
            for y in [frame.minY - along, frame.maxY + along] {
                #expect((-1...1).contains { !raster.isPaper(Int(x) + $0, Int(y)) }, "no mark at x \(x) px, y \(y) px")
            }
            // Nothing between the bleed and the mark's start.
            #expect(raster.isPaper(Int(x), Int(frame.minY - style.gapBeyondBleed.points * scale / 2)))
        }
        for y in horizontal {
            for x in [frame.minX - along, frame.maxX + along] {
                #expect((-1...1).contains { !raster.isPaper(Int(x), Int(y) + $0) }, "no mark at x \(x) px, y \(y) px")
            }
        }
    }

    @Test func bleedIsFilledWithTheCardsColoursAndBacksLandBehindTheirFronts() throws {
        let bleed = CGFloat(9)  // 1/8 in
        let backColor = ["--back", "rosette", "--back-color", "#203080", "--bleed", "1/8in", "--no-crop-marks"]
        let layout = try SheetLayout(paper: .a4, cardSize: Self.poker, bleed: .inches(0.125))
        #expect(layout.orientation == .landscape && layout.capacity == 8)
        for flip in DuplexFlip.allCases {
            // A whole sheet of backs: the ring halfway between each bleed edge and trim, corners
            // included, is all back colour, so a cut that strays leaves no white sliver.
            let sheet = try Self.printPDF(backColor + ["--duplex", flip.rawValue])
            #expect(try Self.info(sheet).pages == 14)
            let backs = try Raster(sheet, page: 2)
            for slot in layout.backSlots(flip: flip) {
                let ring = Self.pixels(slot.trim.insetBy(dx: -bleed / 2, dy: -bleed / 2))
                var points: [(Int, Int)] = []
                for x in Int(ring.minX)...Int(ring.maxX) { points += [(x, Int(ring.minY)), (x, Int(ring.maxY))] }
                for y in Int(ring.minY)...Int(ring.maxY) { points += [(Int(ring.minX), y), (Int(ring.maxX), y)] }
                let offColour = points.filter { point in
                    let (r, g, b) = backs.rgb(point.0, point.1)
                    return abs(r - 0x20) > 12 || abs(g - 0x30) > 12 || abs(b - 0x80) > 12
                }.count
                #expect(offColour == 0, "\(flip) back \(slot.index): \(offColour) of \(points.count) ring pixels not the back colour")
            }

            // One card: its back's bleed box is the front's, mirrored.
            let single = try Self.printPDF(backColor + ["--duplex", flip.rawValue, "--cards", "AS"])
            let back = try Raster(single, page: 2)
            let target = layout.backRect(behind: layout.slots[0].bleed, flip: flip)
            let px = Self.pixels(target)
            Self.expectClose(back.inkExtent(row: Int(px.midY), column: Int(px.midX)), target, "\(flip) back")
            let millimetre = 72 / 25.4
            let front = layout.slots[0].trim, backTrim = layout.backRect(behind: front, flip: flip)
            let misalignment = layout.flipMirrorsX(flip)
                ? layout.pageSize.width - front.maxX - backTrim.minX
                : layout.pageSize.height - front.maxY - backTrim.minY
            #expect(abs(misalignment) / millimetre < 0.2)
            #expect(layout.flipMirrorsX(flip) == (flip == .shortEdge))  // landscape A4
        }
    }

    @Test func badInputIsOneLineExitTwoAndNothingWritten() throws {
        let cases: [([String], String)] = [
            (["--paper", "50x50mm"], "does not fit"),
            (["--margin", "-3mm"], "negative"),
            (["--margin", "200mm"], "no room"),
            (["--bleed", "500in"], "over the limit"),
            (["--bleed", "-1mm"], "negative"),
            (["--paper", "B7"], "unknown paper"),
            (["--gutter", "400mm"], "gutter"),
            (["--cards", "ZZ"], "ZZ"),
            (["--format", "png"], "--format"),
            (["--pdf", "sheets.png"], ".pdf"),
        ]
        for (arguments, fragment) in cases {
            let parent = try CLIRunner.temporaryDirectory("print-bad")
            let out = parent.appendingPathComponent("out")
            let result = try CLIRunner.run(["print", "--out", out.path] + arguments)
            CLIChecks.expectRefusal(result, mentioning: [fragment], "\(arguments)")
            #expect(try CLIChecks.fileTree(parent).isEmpty, "\(arguments) wrote files")
        }
    }

    @Test func lengthsTakeCentimetresAndFractionsButNotPixelsOrPercent() throws {
        let arguments = ["--cards", "AS,KH", "--no-crop-marks"]
        let centimetres = try Data(contentsOf: Self.printPDF(arguments + ["--margin", "1cm", "--bleed", "1/8in"]))
        let millimetres = try Data(contentsOf: Self.printPDF(arguments + ["--margin", "10mm", "--bleed", "0.125in"]))
        #expect(centimetres == millimetres)
        for (option, value) in [("--bleed", "3px"), ("--margin", "5%")] {
            let out = try CLIRunner.temporaryDirectory("print-unit").appendingPathComponent("out")
            let result = try CLIRunner.run(["print", "--out", out.path, option, value])
            CLIChecks.expectRefusal(result, mentioning: ["unknown unit in \"\(value)\"; use one of: pt, in, mm, cm"], value)
        }
    }

    @Test func aBatchSpecNamesTheLineOfABadPrintKey() throws {
        for (body, fragment) in [("paper: B7", "unknown paper"), ("bleed: -3mm", "negative"),
                                  ("margin: 150mm", "no room"), ("scale: 2", "unknown key")] {
            try Self.expectSpecRefusal(printKey: body, mentioning: fragment)
        }
    }

    /// A batch spec of one print job with `body` as its third line is refused naming that line, and
    /// writes nothing.
    static func expectSpecRefusal(printKey body: String, mentioning fragment: String,
                                  sourceLocation: SourceLocation = #_sourceLocation) throws {
        let folder = try CLIRunner.temporaryDirectory("print-spec")
        let spec = folder.appendingPathComponent("spec.yaml")
        try "jobs:\n  - kind: print\n    \(body)\n".write(to: spec, atomically: true, encoding: .utf8)
        let out = folder.appendingPathComponent("out")
        let result = try CLIRunner.run(["batch", spec.path, "--out", out.path])
        CLIChecks.expectRefusal(result, mentioning: ["spec.yaml:3:", fragment], body, sourceLocation: sourceLocation)
        #expect(!FileManager.default.fileExists(atPath: out.path), "\(body) wrote \(out.path)", sourceLocation: sourceLocation)
    }

    @Test func sameBytesTwiceForAnyJobCountAndFromABatchSpec() throws {
        let arguments = ["--cards", "AS,KH,QD,JC,10S,RJ", "--bleed", "3mm", "--duplex", "long-edge", "--proof", "--cut-lines"]
        let first = try Data(contentsOf: Self.printPDF(arguments + ["-j", "1"]))
        let second = try Data(contentsOf: Self.printPDF(arguments + ["-j", "2"]))
        let third = try Data(contentsOf: Self.printPDF(arguments + ["-j", "2"]))
        #expect(first == second && second == third)

        let folder = try CLIRunner.temporaryDirectory("print-batch")
        let spec = folder.appendingPathComponent("spec.yaml")
        try """
        jobs:
          - kind: print
            cards: "AS,KH,QD,JC,10S,RJ"
            bleed: 3mm
            duplex: long-edge
            proof: true
            cut-lines: true
            output: sheets
        """.write(to: spec, atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["batch", spec.path, "--out", folder.appendingPathComponent("out").path, "--quiet"])
        #expect(result.status == 0, "\(result.stderr)")
        let batch = try Data(contentsOf: folder.appendingPathComponent("out/sheets/deck-print.pdf"))
        #expect(batch == first)
    }
}
