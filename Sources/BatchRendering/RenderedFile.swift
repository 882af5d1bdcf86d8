import CardRenderSupport
import Foundation
import Images

// Hashing lives here, where manifests are made, rather than in Drawing: a library user who only
// draws does not build swift-crypto.

extension WrittenFile {
    /// The facts of bytes read back from disk: hashed, with the pixel size from a raster header.
    public init(path: String, data: Data) {
        let pixels = OutputFormat.pixelSize(of: data)
        self.init(path: path, sha256: Checksum.sha256(data), bytes: data.count, pixelWidth: pixels?.width,
                  pixelHeight: pixels?.height)
    }
}

/// A file rendered in memory: its bytes and their facts, ready to be written.
public struct RenderedFile: Sendable {
    /// The path, digest, size and pixel size of `data`.
    public var facts: WrittenFile
    /// The bytes to write.
    public let data: Data

    /// A file whose digest and size are computed from `data` now.
    public init(path: String, data: Data, pixelWidth: Int? = nil, pixelHeight: Int? = nil) {
        self.data = data
        facts = WrittenFile(path: path, sha256: Checksum.sha256(data), bytes: data.count, pixelWidth: pixelWidth,
                            pixelHeight: pixelHeight)
    }

    /// The path relative to the output folder.
    public var path: String {
        get { facts.path }
        set { facts.path = newValue }
    }
    /// The SHA-256 of `data`, in hex.
    public var sha256: String { facts.sha256 }
    /// The raster width in pixels; nil for vector and non-picture files.
    public var pixelWidth: Int? { facts.pixelWidth }
    /// The raster height in pixels; nil for vector and non-picture files.
    public var pixelHeight: Int? { facts.pixelHeight }

    /// Writes the bytes to `url` (whose folder exists) atomically. Renders are re-runnable, so
    /// they are not fsynced.
    public func write(to url: URL) throws(FileWriteError) {
        try AtomicFile.write(data, to: url, durable: false)
    }
}
