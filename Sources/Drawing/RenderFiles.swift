import Foundation

/// One file to render: a picture, the format and resolution it is encoded in, and its path
/// relative to the output folder. Cards of a deck, a diagram's formats and the sheets of a
/// batch job are all planned as these before anything is drawn.
public struct FileToRender: Sendable {
    public var path: String
    public var picture: Picture
    public var format: OutputFormat
    public var resolution: Resolution
    /// The lossy quality for a format that has one (`OutputFormat.lossyQualities`); nil keeps it lossless.
    public var quality: Int?
    /// Bytes made otherwise than by encoding `picture` once (an animation's frames); `picture`,
    /// its first frame, then stands for the file in size and budget checks.
    public var encoder: (@Sendable () throws -> Data)?
    /// Pictures drawn for the file (an animation's frames), for cost estimates.
    public var pictureCount = 1

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
        return Double(picture.size.width * picture.size.height) * pixelsPerPoint * pixelsPerPoint * Double(pictureCount)
    }
}

/// What is known of a file once written: its path, size, SHA-256 and, for raster files, pixel size.
/// `manifest.json` lists these for each job and `deck.json` states them for each card. The hashing
/// is done where manifests are made (BatchRendering's `RenderedFile`), so drawing needs no SHA-256.
public struct WrittenFile: Sendable, Codable, Equatable {
    public var path: String
    public var sha256: String
    public var bytes: Int
    public var pixelWidth: Int?
    public var pixelHeight: Int?

    public init(path: String, sha256: String, bytes: Int, pixelWidth: Int? = nil, pixelHeight: Int? = nil) {
        self.path = path
        self.sha256 = sha256
        self.bytes = bytes
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
    }
}
