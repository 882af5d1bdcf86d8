import CardRenderSupport
import Drawing
import Foundation

/// A card file as `deck.json` and `cards.json` list it: the written file (its path relative to
/// the manifest), its format, and its size in the format's unit: pixels for PNG, points for SVG
/// and PDF. The JSON keeps the file's facts flat (`path`, `bytes`, `sha256`, `width`, `height`).
public struct ListedCardFile: Sendable, Codable, Equatable {
    /// The path relative to the manifest, byte count and SHA-256.
    public var written: WrittenFile
    /// The format's file extension (`png`, `svg`, `pdf`).
    public var format: String
    /// Pixels for raster files, points for vector files.
    public var width: Int
    /// Pixels for raster files, points for vector files.
    public var height: Int

    /// `pictureSize` (points) gives the size of a vector file; a raster file states its pixels.
    public init(written: WrittenFile, format: OutputFormat, pictureSize: CGSize) {
        self.written = written
        self.format = format.rawValue
        if format.isRaster, let pixelWidth = written.pixelWidth, let pixelHeight = written.pixelHeight {
            width = pixelWidth
            height = pixelHeight
        } else {
            width = Int(pictureSize.width.rounded())
            height = Int(pictureSize.height.rounded())
        }
    }

    private enum CodingKeys: String, CodingKey {
        case path, bytes, sha256, format, width, height
    }

    public init(from decoder: any Decoder) throws {
        let keys = try decoder.container(keyedBy: CodingKeys.self)
        format = try keys.decode(String.self, forKey: .format)
        width = try keys.decode(Int.self, forKey: .width)
        height = try keys.decode(Int.self, forKey: .height)
        let raster = OutputFormat(rawValue: format)?.isRaster ?? false
        written = WrittenFile(path: try keys.decode(String.self, forKey: .path),
                              sha256: try keys.decode(String.self, forKey: .sha256),
                              bytes: try keys.decode(Int.self, forKey: .bytes),
                              pixelWidth: raster ? width : nil, pixelHeight: raster ? height : nil)
    }

    public func encode(to encoder: any Encoder) throws {
        var keys = encoder.container(keyedBy: CodingKeys.self)
        try keys.encode(written.path, forKey: .path)
        try keys.encode(written.bytes, forKey: .bytes)
        try keys.encode(written.sha256, forKey: .sha256)
        try keys.encode(format, forKey: .format)
        try keys.encode(width, forKey: .width)
        try keys.encode(height, forKey: .height)
    }
}
