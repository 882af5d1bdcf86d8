import Drawing
import Foundation
import Geometry
import Testing

/// Multi-page PDFs, checked with poppler's tools (`make test-deps` installs poppler-utils).
@Suite struct DocumentTests {
    /// A page of A4's size in points; papers themselves are PrintLayout's `Paper`.
    static let a4 = CGSize(width: 210 / 25.4 * 72, height: 297 / 25.4 * 72)
    static let sizes = [CGSize(width: 200, height: 100), a4, CGSize(width: 300, height: 500)]

    /// Three pages of different sizes, each framed and labelled with its number.
    static func threePages() throws -> Document {
        let font = try Font(.regular, size: 18)
        let pages = sizes.enumerated().map { index, size in
            Document.Page(size: size) { canvas in
                Color.blue.setStroke()
                BezierPath(rect: canvas.bounds.insetBy(dx: 5, dy: 5)).stroke()
                StyledText("Page \(index + 1) Queen ♥", font: font).draw(centeredIn: canvas.bounds)
            }
        }
        return Document(title: "Three pages", pages: pages)
    }

    /// A page as one picture: drawings and placed pictures in order, each picture clipped to its
    /// bounds, at the picture's resolution.
    @Test func aPageRastersAsOnePictureWithPlacementsClipped() throws {
        // Draws red over twice its own size: the placement must clip it to 10 × 10 pt.
        let square = Picture(width: 10, height: 10) { canvas in
            canvas.fill(BezierPath(rect: CGRect(x: -10, y: -10, width: 40, height: 40)), with: Color(red: 1, green: 0, blue: 0))
        }
        var page = Document.Page(size: CGSize(width: 40, height: 20))
        page.draw { canvas in canvas.fill(BezierPath(rect: CGRect(x: 30, y: 0, width: 10, height: 20)), with: .black) }
        page.place(square, at: CGPoint(x: 5, y: 5))
        let image = try page.picture.rasterize(resolution: .dpi(144))
        #expect((image.width, image.height) == (80, 40))
        let red = RGBAImage.Pixel(r: 255, g: 0, b: 0, a: 255), clear = RGBAImage.Pixel(r: 0, g: 0, b: 0, a: 0)
        #expect(image[11, 11] == red && image[28, 28] == red)
        #expect(image[8, 8] == clear && image[31, 31] == clear && image[50, 10] == clear)
        #expect(image[70, 30] == RGBAImage.Pixel(r: 0, g: 0, b: 0, a: 255))
    }

    @Test func threePagesOfDifferentSizes() throws {
        let info = try Poppler.run("pdfinfo", on: try Self.threePages().pdfData()) { ["-f", "1", "-l", "3", $0] }
        #expect(info.contains { $0.hasPrefix("Pages:") && $0.hasSuffix(" 3") })
        #expect(info.contains { $0.hasPrefix("Title:") && $0.hasSuffix("Three pages") })
        let pageSizes = Poppler.pageSizes(info)
        try #require(pageSizes.count == 3, "\(info)")
        for (measured, expected) in zip(pageSizes, Self.sizes) {
            #expect(abs(measured.width - expected.width) < 0.01 && abs(measured.height - expected.height) < 0.01,
                    "\(measured) is not \(expected)")
        }
        #expect(info.contains { $0.hasPrefix("Page    2 size:") && $0.hasSuffix("(A4)") })
    }

    @Test func textStaysTextInTheBundledFontEmbedded() throws {
        let pdf = try Self.threePages().pdfData()
        let text = try Poppler.run("pdftotext", on: pdf) { ["-layout", $0, "-"] }.joined(separator: "\n")
        for page in 1...3 { #expect(text.contains("Page \(page) Queen ♥"), "\(text)") }
        let fonts = try Poppler.run("pdffonts", on: pdf) { [$0] }.filter { $0.contains("DejaVuSans") }
        try #require(!fonts.isEmpty, "no DejaVu font in the PDF")
        for line in fonts {
            // name, type (one or two words), encoding, then emb sub uni object ID.
            let columns = line.split(separator: " ")
            #expect(columns.count >= 6 && columns[columns.count - 5] == "yes", "not embedded: \(line)")
        }
    }

    @Test func sameDocumentSameBytes() async throws {
        let reference = try Self.threePages().pdfData()
        #expect(try Self.threePages().pdfData() == reference)
        // Cairo numbers surfaces and fonts process-wide; other documents in between and on other
        // threads must not change the bytes.
        let repeated = try Self.reusedBack(count: 6)
        let referenceRepeated = try repeated.pdfData()
        let results = try await withThrowingTaskGroup(of: (Data, Data).self) { group in
            for _ in 0..<4 {
                group.addTask { (try Self.threePages().pdfData(), try Self.reusedBack(count: 6).pdfData()) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        for (pages, backs) in results {
            #expect(pages == reference)
            #expect(backs == referenceRepeated)
        }
    }

    /// A detailed picture: text, a gradient and an image.
    static func back(_ label: String = "Back") throws -> Picture {
        let font = try Font(.bold, size: 12)
        return Picture(width: 90, height: 126) { canvas in
            BezierPath(roundedRect: canvas.bounds, cornerRadius: 8).addClip()
            canvas.drawLinearGradient(colors: [.white, .blue], from: .zero, to: CGPoint(x: 90, y: 126))
            for row in 0..<12 {
                for column in 0..<8 {
                    BezierPath(ovalIn: CGRect(x: column * 11 + 2, y: row * 10 + 4, width: 6, height: 6)).fill()
                }
            }
            StyledText(label, font: font, alignment: .center).draw(centeredIn: canvas.bounds)
            try canvas.draw(RGBAImage(width: 8, height: 8, fill: (200, 10, 10, 255)), in: CGRect(x: 4, y: 4, width: 16, height: 16))
        }
    }

    /// `count` sheets with nine placements each, of one picture or of `count × 9` equal copies.
    static func reusedBack(count: Int, distinct: Bool = false) throws -> Document {
        let shared = try back()
        var document = Document()
        for _ in 0..<count {
            var page = Document.Page(size: Self.a4)
            for index in 0..<9 {
                let origin = CGPoint(x: 40 + (index % 3) * 180, y: 40 + (index / 3) * 250)
                page.place(distinct ? try back() : shared, at: origin)
            }
            document.append(page)
        }
        return document
    }

    @Test func aPicturePlacedManyTimesIsStoredOnce() throws {
        let shared = try Self.reusedBack(count: 3).pdfData()
        let copies = try Self.reusedBack(count: 3, distinct: true).pdfData()
        let info = try Poppler.run("pdfinfo", on: shared) { [$0] }
        #expect(info.contains { $0.hasPrefix("Pages:") && $0.hasSuffix(" 3") })
        // 27 placements: one form holding the drawing, referred to 27 times.
        #expect(Self.count("/Subtype /Form", in: shared) == 1)
        #expect(shared.count * 5 < copies.count, "shared \(shared.count) B, copies \(copies.count) B")
        let text = try Poppler.run("pdftotext", on: shared) { [$0, "-"] }.joined(separator: "\n")
        #expect(text.components(separatedBy: "Back").count - 1 == 27)
    }

    static func count(_ needle: String, in data: Data) -> Int {
        String(decoding: data, as: UTF8.self).components(separatedBy: needle).count - 1
    }

    /// A 20 pt red square whose drawing spills over its bounds, placed at (40, 40) and, in
    /// the second document, also at (0, 0): drawn directly once, recorded when repeated.
    @Test(arguments: [false, true]) func placementsAreMovedAndClipped(repeated: Bool) throws {
        let square = Picture(width: 20, height: 20) { canvas in
            Color.red.setFill()
            canvas.fill(CGRect(x: -30, y: -30, width: 100, height: 100))
        }
        var page = Document.Page(size: CGSize(width: 100, height: 100))
        page.draw { canvas in
            Color.white.setFill()
            canvas.fill(canvas.bounds)
        }
        page.place(square, at: CGPoint(x: 40, y: 40))
        if repeated { page.place(square, transform: .identity) }
        let image = try Poppler.rasterize(Document(pages: [page]))
        #expect(image.width == 100 && image.height == 100)
        let red = RGBAImage.Pixel(r: 255, g: 0, b: 0, a: 255)
        let white = RGBAImage.Pixel(r: 255, g: 255, b: 255, a: 255)
        #expect(image[50, 50] == red)
        #expect(image[41, 58] == red)
        #expect(image[35, 50] == white)
        #expect(image[65, 50] == white)
        #expect(image[50, 65] == white)
        #expect(image[10, 10] == (repeated ? red : white))
        #expect(image[25, 10] == white)
    }

    @Test func picturesBecomePagesOfTheirOwnSize() throws {
        let pictures = [CGSize(width: 72, height: 144), CGSize(width: 400, height: 50)].map { size in
            Picture(size: size) { canvas in canvas.fill(canvas.bounds.insetBy(dx: 2, dy: 2)) }
        }
        let document = Document(pictures: pictures)
        #expect(document.pages.map(\.size) == pictures.map(\.size))
        #expect(document.pages.map { $0.placements.count } == [1, 1])
        let sizes = Poppler.pageSizes(try Poppler.run("pdfinfo", on: try document.pdfData()) { ["-f", "1", "-l", "2", $0] })
        #expect(sizes == [CGSize(width: 72, height: 144), CGSize(width: 400, height: 50)])
    }

    @Test func writesAtomicallyByExtension() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("document-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let document = try Self.threePages()
        let url = folder.appendingPathComponent("deck.PDF")
        try document.write(to: url)
        #expect(try Data(contentsOf: url) == (try document.pdfData()))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["deck.PDF"])
        let png = folder.appendingPathComponent("deck.png")
        let error = try #require(throws: DrawingError.self) { try document.write(to: png) }
        #expect(error.description == "cannot write \(png.path): a document is written as .pdf")
        #expect(!FileManager.default.fileExists(atPath: png.path))
        let svg = #expect(throws: DrawingError.self) { try document.data(format: .svg) }
        #expect(svg?.description == "invalid document: svg holds one picture; write a document as .pdf")
    }

    @Test(arguments: [
        (CGSize(width: 100, height: 0), "page 2 is 100.0×0.0 pt"),
        (CGSize(width: -5, height: 100), "page 2 is -5.0×100.0 pt"),
        (CGSize(width: CGFloat.nan, height: 100), "page 2 is nan×100.0 pt"),
        (CGSize(width: CGFloat.infinity, height: 100), "page 2 is inf×100.0 pt"),
        (CGSize(width: 100, height: 14_401), "page 2 is 100.0×14401.0 pt"),
    ])
    func badPageSizesAreRefused(size: CGSize, start: String) throws {
        let document = Document(pages: [Document.Page(size: Self.a4), Document.Page(size: size)])
        let error = try #require(throws: DrawingError.self) { try document.pdfData() }
        #expect(error.description == "invalid document: \(start); each side must be above 0 and at most 14400 pt (200 in)")
    }

    @Test func largestPageIsAccepted() throws {
        let side = Document.maxPageSide
        let data = try Document(pages: [Document.Page(size: CGSize(width: side, height: side))]).pdfData()
        #expect(data.starts(with: Array("%PDF-".utf8)))
    }

    @Test func emptyDocumentsAndBadPlacementsAreRefused() throws {
        let empty = try #require(throws: DrawingError.self) { try Document().pdfData() }
        #expect(empty.description == "invalid document: it has no pages; add at least one")
        let dot = Picture(width: 10, height: 10) { canvas in canvas.fill(canvas.bounds) }
        for transform in [CGAffineTransform(scaleX: 0, y: 1), CGAffineTransform(translationX: .nan, y: 0)] {
            var page = Document.Page(size: Self.a4)
            page.place(dot)
            page.place(dot, transform: transform)
            let error = try #require(throws: DrawingError.self) { try Document(pages: [page]).pdfData() }
            #expect(error.description.hasPrefix("invalid document: page 1, picture 2: "))
            #expect(!error.description.contains("\n"))
        }
        var page = Document.Page(size: Self.a4)
        page.place(Picture(width: 0, height: 10) { _ in })
        let error = try #require(throws: DrawingError.self) { try Document(pages: [page]).pdfData() }
        #expect(error.description == "invalid document: page 1, picture 1: invalid picture size: 0.0×10.0 pt; "
                + "both sides must be positive numbers")
    }

    @Test func drawingErrorsStopTheDocument() throws {
        struct Refused: Error {}
        let page = Document.Page(size: Self.a4) { _ in throw Refused() }
        #expect(throws: Refused.self) { try Document(pages: [page]).pdfData() }
    }

}

/// Runs poppler-utils' command-line tools on PDFs.
enum Poppler {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Writes `data` to a new file in the temporary folder and gives its URL to `body`, then
    /// removes it.
    static func withFile<R>(_ data: Data, _ body: (URL) throws -> R) throws -> R {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("drawing-\(UUID().uuidString).pdf")
        try data.write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        return try body(url)
    }

    /// The lines `tool` prints for the PDF `data` given as its argument `file`.
    static func run(_ tool: String, on data: Data, _ arguments: (_ file: String) -> [String]) throws -> [String] {
        try withFile(data) { try run(tool, arguments($0.path)) }
    }

    /// The tool's standard output, split into lines.
    static func run(_ tool: String, _ arguments: [String]) throws -> [String] {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        guard let executable = paths.map({ "\($0)/\(tool)" }).first(where: FileManager.default.isExecutableFile) else {
            throw Failure(description: "\(tool) not found; install poppler-utils (make test-deps does)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        // poppler's output must not follow the caller's locale or time zone.
        process.environment = ["PATH": paths.joined(separator: ":"), "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "TZ": "UTC"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "\(tool) \(arguments.joined(separator: " ")) exited with \(process.terminationStatus)")
        }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    /// The sizes in `pdfinfo -f 1 -l N` lines such as `Page    2 size: 595.276 x 841.89 pts (A4)`.
    static func pageSizes(_ lines: [String]) -> [CGSize] {
        lines.compactMap { line in
            let words = line.split(separator: " ")
            guard words.count >= 6, words[0] == "Page", Int(words[1]) != nil, words[2] == "size:",
                  let width = Double(words[3]), let height = Double(words[5]) else { return nil }
            return CGSize(width: width, height: height)
        }
    }

    /// The first page at 72 dpi (one pixel a point), through `pdftoppm`.
    static func rasterize(_ document: Document) throws -> RGBAImage {
        try withFile(try document.pdfData()) { pdf in
            let prefix = pdf.deletingPathExtension().path
            _ = try run("pdftoppm", ["-r", "72", "-png", "-singlefile", "-f", "1", "-l", "1", pdf.path, prefix])
            defer { try? FileManager.default.removeItem(atPath: prefix + ".png") }
            return try PNG.read(contentsOf: URL(fileURLWithPath: prefix + ".png"))
        }
    }
}
