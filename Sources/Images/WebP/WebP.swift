internal import CWebP
import FoundationEssentials

/// WebP files through libwebp: lossless by default, or lossy at a quality. The encoder's
/// settings are fixed (see the CWebP shim), so the same picture gives the same bytes.
public enum WebP {
    /// How the pixels are compressed.
    public enum Compression: Sendable, Hashable {
        /// Decodes to exactly the pixels given.
        case lossless
        /// Smaller, at a `quality` in `WebP.qualities` (higher keeps more detail); alpha stays exact.
        case lossy(quality: Int)
    }

    /// The qualities `Compression.lossy` takes.
    public static let qualities = 0...100

    /// The quality lossy output uses unless told otherwise: `cwebp`'s own default.
    public static let defaultQuality = 75

    /// The largest width or height a WebP file can hold (its header has 14 bits per side).
    public static let maxPixelsPerSide = 16383

    /// Encodes straight-alpha RGBA pixels.
    public static func encode(_ image: RGBAImage, compression: Compression = .lossless) throws(ImageError) -> Data {
        try checkSize(width: image.width, height: image.height)
        var quality = 0  // unused when lossless: the shim sets the encoder's effort
        if case let .lossy(value) = compression {
            guard qualities.contains(value) else {
                throw .image("WebP quality must be between \(qualities.lowerBound) and \(qualities.upperBound), got \(value)")
            }
            quality = value
        }
        var output: UnsafeMutablePointer<UInt8>?
        var outputSize = 0
        let status = image.pixels.withUnsafeBufferPointer { pixels in
            cwebp_encode_rgba(pixels.baseAddress, Int32(image.width), Int32(image.height), Int32(image.width * 4),
                              compression == .lossless ? 1 : 0, Float(quality), &output, &outputSize)
        }
        guard status == 0, let output else { throw encodingError(status) }
        // Copied into Swift's own storage and the C buffer freed here, as the PNG writer does.
        defer { WebPFree(output) }
        return Data(bytes: output, count: outputSize)
    }

    /// The width and height in a WebP file's header, or nil when the data is not WebP.
    public static func pixelSize(of data: Data) -> (width: Int, height: Int)? {
        var width: Int32 = 0, height: Int32 = 0
        let found = data.withUnsafeBytes { raw in
            WebPGetInfo(raw.baseAddress?.assumingMemoryBound(to: UInt8.self), raw.count, &width, &height)
        }
        return found != 0 ? (Int(width), Int(height)) : nil
    }

    /// Decodes to straight-alpha RGBA; the header's size is checked against `limits` before the
    /// pixels are allocated.
    public static func decode(_ data: Data, limits: PNG.Limits = .default) throws(ImageError) -> RGBAImage {
        guard let (width, height) = pixelSize(of: data) else { throw .image("not a WebP file") }
        return try RGBAImage.decoded("WebP", width: width, height: height, limits: limits) { pixels in
            data.withUnsafeBytes { raw in
                WebPDecodeRGBAInto(raw.baseAddress?.assumingMemoryBound(to: UInt8.self), raw.count,
                                   pixels, width * height * 4, Int32(width * 4))
            } != nil
        }
    }

    static func checkSize(width: Int, height: Int) throws(ImageError) {
        guard (1...maxPixelsPerSide).contains(width), (1...maxPixelsPerSide).contains(height) else {
            throw .invalidSize("a WebP picture is 1 to \(maxPixelsPerSide) px a side, not \(width)×\(height)")
        }
    }

    private static func encodingError(_ status: Int32) -> ImageError {
        switch status {
        case Int32(VP8_ENC_ERROR_OUT_OF_MEMORY.rawValue), Int32(VP8_ENC_ERROR_BITSTREAM_OUT_OF_MEMORY.rawValue):
            .outOfMemory("encoding WebP")
        default: .image("libwebp could not encode the picture (error \(status))")
        }
    }
}
