import BatchRendering
import Drawing
import Foundation

extension OutputUnit {
    /// A document of pages as one PDF: drawn in one task (the pages share one surface), and
    /// costing what its pages do (a point is a pixel for vector output).
    public static func document(_ path: String, _ document: Document) -> OutputUnit {
        let costs = document.pages.map { Double($0.size.width * $0.size.height) }
        return OutputUnit(path: path, format: .pdf, content: .document(pageCosts: costs) { try document.pdfData() })
    }

    /// Pictures of one size as the frames of one file: each drawn at `resolution` as its own
    /// task, in parallel, then `assemble`d in order (into an animated image or a strip, say).
    /// The pixel budget applies to each frame.
    public static func frames(_ path: String, format: OutputFormat, _ pictures: [Picture], resolution: Resolution,
                              assemble: @escaping @Sendable ([RGBAImage]) throws -> Data) -> OutputUnit {
        let sizes = pictures.map { resolution.pixelSize(for: $0.size) }
        let largest = (width: sizes.map(\.width).max() ?? 0, height: sizes.map(\.height).max() ?? 0)
        let frames = pictures.map { picture in { @Sendable in try picture.rasterize(resolution: resolution) } }
        return OutputUnit(path: path, format: format, pixelSize: largest,
                          content: .frames(Frames(frames, costPerFrame: Double(largest.width * largest.height),
                                                  assemble: assemble)))
    }
}
