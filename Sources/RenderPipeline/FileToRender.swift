import BatchRendering
import Drawing
import Foundation

/// One picture to render into a file: the picture, the format and resolution it is encoded in,
/// and its path relative to the output folder. Cards of a deck, a diagram's formats and the
/// sheets of a batch job are all planned as these before anything is drawn, and run as the
/// `OutputUnit` each one makes (`unit`), beside documents and frame sequences.
public struct FileToRender: Sendable {
    /// Relative to the output folder.
    public var path: String
    /// What is drawn.
    public var picture: Picture
    /// The format the picture is encoded in.
    public var format: OutputFormat
    /// The raster resolution; vector formats ignore it.
    public var resolution: Resolution
    /// The lossy quality for a format that has one (`OutputFormat.lossyQualities`); nil keeps it lossless.
    public var quality: Int?

    /// Without a format, the path's extension decides (PNG when it names none).
    public init(_ path: String, _ picture: Picture, format: OutputFormat? = nil, resolution: Resolution = .scale(1),
                quality: Int? = nil) {
        self.path = path
        self.picture = picture
        self.format = format ?? OutputFormat(path: path) ?? .png
        self.resolution = resolution
        self.quality = quality
    }

    /// One file per format, named `base.<ext>`.
    public static func all(_ base: String, _ picture: Picture, formats: [OutputFormat],
                           resolution: Resolution) -> [FileToRender] {
        formats.map { FileToRender("\(base).\($0.fileExtension)", picture, format: $0, resolution: resolution) }
    }

    /// The file rendered at `quality` when its format has a lossy mode, else unchanged.
    public func atQuality(_ quality: Int?) -> FileToRender {
        guard format.lossyQualities != nil else { return self }
        var file = self
        file.quality = quality
        return file
    }

    /// The pixel size of a raster file; nil for vector formats, whose unit is the point.
    public var pixelSize: (width: Int, height: Int)? {
        format.isRaster ? resolution.pixelSize(for: picture.size) : nil
    }

    /// Pixels to draw, a proxy for rendering time. Vector output costs about as much as a 1x
    /// raster of the same picture.
    public var estimatedCost: Double {
        let pixelsPerPoint = format.isRaster ? resolution.pixelsPerPoint : 1
        return Double(picture.size.width * picture.size.height) * pixelsPerPoint * pixelsPerPoint
    }

    /// The file as the unit the workers run: one task that draws and encodes the picture.
    public var unit: OutputUnit {
        let (picture, format, resolution, quality) = (picture, format, resolution, quality)
        return OutputUnit(path: path, format: format, pixelSize: pixelSize, content: .file(cost: estimatedCost) {
            try picture.data(format: format, resolution: resolution, quality: quality)
        })
    }

}
