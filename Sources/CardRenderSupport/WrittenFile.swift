import FoundationEssentials

/// What is known of a file once written: its path, size, SHA-256 and, for raster files, pixel size.
/// `manifest.json` lists these for each job and `deck.json` states them for each card. The hashing
/// is done where manifests are made (BatchRendering's `RenderedFile`), so drawing needs no SHA-256;
/// the type is here, below drawing, because card decks describe their files with it too.
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
