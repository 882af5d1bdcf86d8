internal import CTurboJPEG
import FoundationEssentials

/// JPEG files through libjpeg-turbo (its TurboJPEG API). JPEG holds no alpha: a picture is laid
/// on white before it is encoded. The encoder's settings are fixed (see the CTurboJPEG shim), so
/// the same picture gives the same bytes.
public enum JPEG {
    /// The qualities the encoder takes (higher keeps more detail).
    public static let qualities = 1...100

    /// The quality used unless told otherwise: small files whose text still reads cleanly.
    public static let defaultQuality = 90

    /// The largest width or height a JPEG file can hold (its header has 16 bits per side).
    public static let maxPixelsPerSide = 65_535

    /// Encodes straight-alpha RGBA pixels laid on white, at `quality`.
    public static func encode(_ image: RGBAImage, quality: Int = defaultQuality) throws(ImageError) -> Data {
        guard (1...maxPixelsPerSide).contains(image.width), (1...maxPixelsPerSide).contains(image.height) else {
            throw .invalidSize("a JPEG picture is 1 to \(maxPixelsPerSide) px a side, not \(image.width)×\(image.height)")
        }
        guard qualities.contains(quality) else {
            throw .image("JPEG quality must be between \(qualities.lowerBound) and \(qualities.upperBound), got \(quality)")
        }
        // An opaque picture (a Tabletop Simulator sheet) is encoded from its own pixels, with no copy.
        let opaque = isOpaque(image)
        let pixels = opaque ? image.pixels : onWhite(image)
        var output: UnsafeMutablePointer<UInt8>?
        var outputSize: UInt = 0
        let status = pixels.withUnsafeBufferPointer { pixels in
            ctj_encode(pixels.baseAddress, opaque ? 1 : 0, Int32(image.width), Int32(image.height), Int32(quality),
                       &output, &outputSize)
        }
        guard status == 0, let output else { throw .image("libjpeg-turbo could not encode the picture") }
        // Copied into Swift's own storage and the C buffer freed here, as the PNG writer does.
        defer { tjFree(output) }
        return Data(bytes: output, count: Int(outputSize))
    }

    static func isOpaque(_ image: RGBAImage) -> Bool {
        image.pixels.withUnsafeBufferPointer { rgba in
            var index = 3
            while index < rgba.count {
                if rgba[index] != 255 { return false }
                index += 4
            }
            return true
        }
    }

    /// 3 bytes a pixel: each pixel composited over white (straight alpha, rounded to nearest).
    static func onWhite(_ image: RGBAImage) -> [UInt8] {
        let count = image.width * image.height
        return [UInt8](unsafeUninitializedCapacity: count * 3) { rgb, initialized in
            image.pixels.withUnsafeBufferPointer { rgba in
                for pixel in 0..<count {
                    let alpha = Int(rgba[pixel * 4 + 3])
                    for channel in 0..<3 {
                        let value = Int(rgba[pixel * 4 + channel])
                        rgb[pixel * 3 + channel] = alpha == 255 ? UInt8(value)
                            : UInt8((value * alpha + 255 * (255 - alpha) + 127) / 255)
                    }
                }
            }
            initialized = count * 3
        }
    }

    /// The width and height in a JPEG file's header, or nil when the data is not JPEG.
    public static func pixelSize(of data: Data) -> (width: Int, height: Int)? {
        guard data.count > 3, data.starts(with: [0xFF, 0xD8, 0xFF]) else { return nil }
        var width: Int32 = 0, height: Int32 = 0
        let status = data.withUnsafeBytes { raw in
            ctj_header(raw.baseAddress?.assumingMemoryBound(to: UInt8.self), raw.count, &width, &height)
        }
        return status == 0 && width > 0 && height > 0 ? (Int(width), Int(height)) : nil
    }

    /// Decodes to opaque RGBA; the header's size is checked against `limits` before the pixels
    /// are allocated.
    public static func decode(_ data: Data, limits: PNG.Limits = .default) throws(ImageError) -> RGBAImage {
        guard let (width, height) = pixelSize(of: data) else { throw .image("not a JPEG file") }
        return try RGBAImage.decoded("JPEG", width: width, height: height, limits: limits) { pixels in
            data.withUnsafeBytes { raw in
                ctj_decode_rgba(raw.baseAddress?.assumingMemoryBound(to: UInt8.self), raw.count, pixels,
                                Int32(width), Int32(height))
            } == 0
        }
    }
}
