import Drawing
import Foundation
import Testing

@Suite struct OutputFormatTests {
    @Test func eachFormatSaysWhatItIs() {
        #expect(OutputFormat.png.kind == .raster && OutputFormat.png.isRaster)
        #expect(OutputFormat.svg.kind == .vector && !OutputFormat.svg.isRaster)
        #expect(OutputFormat.pdf.kind == .vector && !OutputFormat.pdf.isRaster)
        #expect(OutputFormat.webp.kind == .raster && OutputFormat.webp.isRaster)
        #expect(OutputFormat.jpeg.kind == .raster && OutputFormat.jpeg.lossyQualities == 1...100)
        #expect(OutputFormat.allCases.map(\.mediaType)
                == ["image/png", "image/svg+xml", "application/pdf", "image/webp", "image/jpeg"])
        #expect(OutputFormat.allCases.filter(\.hasPages) == [.pdf])
        #expect(OutputFormat.allCases.filter(\.isWebImage) == [.png, .svg, .webp, .jpeg])
        #expect(OutputFormat.fileExtensions == ["png", "svg", "pdf", "webp", "jpg"])
        #expect(Document.formats == [.pdf])
    }

    @Test func extensionsAreUniqueAndLowercase() {
        let extensions = OutputFormat.fileExtensions
        #expect(Set(extensions).count == extensions.count)
        #expect(extensions.allSatisfy { $0 == $0.lowercased() && !$0.hasPrefix(".") })
        #expect(Set(OutputFormat.allCases.map(\.mediaType)).count == OutputFormat.allCases.count)
    }

    @Test func formatsFromExtensionsAndPaths() {
        for format in OutputFormat.allCases {
            #expect(OutputFormat(fileExtension: format.fileExtension) == format)
            #expect(OutputFormat(fileExtension: "." + format.fileExtension.uppercased()) == format)
            #expect(OutputFormat(path: "cards/AS." + format.fileExtension) == format)
        }
        #expect(OutputFormat(fileExtension: "jpeg") == .jpeg)
        #expect(OutputFormat(fileExtension: "gif") == nil)
        #expect(OutputFormat(fileExtension: "") == nil)
        #expect(OutputFormat(path: "notes/a.PNG") == .png)
        #expect(OutputFormat(path: "png") == nil)
        #expect(OutputFormat(path: ".png") == nil)
        #expect(OutputFormat(path: "cards.pdf/AS") == nil)
        #expect(OutputFormat(path: "sheet.json") == nil)
    }

    @Test func extensionListsForMessages() {
        #expect(OutputFormat.extensionList() == ".png, .svg, .pdf, .webp or .jpg")
        #expect(OutputFormat.extensionList([.svg, .pdf]) == ".svg or .pdf")
        #expect(OutputFormat.extensionList([.pdf]) == ".pdf")
        #expect(OutputFormat.extensionList([]) == "")
        #expect(OutputFormat.nameList() == "PNG, SVG, PDF, WebP or JPG")
        #expect(OutputFormat.nameList([.png]) == "PNG")
    }

    @Test func pictureWritesTheFormatItsExtensionNames() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("formats-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let picture = Picture(width: 20, height: 10) { canvas in canvas.fill(canvas.bounds) }
        for format in OutputFormat.allCases {
            let url = folder.appendingPathComponent("p." + format.fileExtension.uppercased())
            try picture.write(to: url)
            #expect(try Data(contentsOf: url) == (try picture.data(format: format)))
        }
        let unknown = folder.appendingPathComponent("p.gif")
        let error = try #require(throws: DrawingError.self) { try picture.write(to: unknown) }
        #expect(error.description == "cannot write \(unknown.path): unknown file extension; use .png, .svg, .pdf, .webp or .jpg")
    }

    @Test func eachRasterFormatReadsItsPixelSizeBackFromItsHeader() throws {
        let picture = Picture(width: 30, height: 20) { canvas in canvas.fill(canvas.bounds) }
        for format in OutputFormat.allCases {
            let data = try picture.data(format: format, resolution: .scale(2))
            let size = format.pixelSize(of: data)
            #expect(size?.width == (format.isRaster ? 60 : nil) && size?.height == (format.isRaster ? 40 : nil), "\(format)")
            #expect(OutputFormat.pixelSize(of: data)?.width == size?.width, "\(format)")
        }
        #expect(OutputFormat.pixelSize(of: Data("not a picture".utf8)) == nil)
        #expect(OutputFormat.webp.pixelSize(of: try picture.data(format: .png)) == nil)
    }
}
