internal import CPNG
import FoundationEssentials

// The bridge to the CPNG C target. libpng's setjmp/longjmp stays inside C; every function there
// returns a `cpng_status` and a message, which become `PNGError` here.

private let messageCapacity = 512

private func messageString(_ buffer: [CChar]) -> String {
    String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

private extension PNG.Limits {
    var cLimits: cpng_limits {
        cpng_limits(max_width: UInt32(clamping: maxWidth), max_height: UInt32(clamping: maxHeight),
                    max_pixels: UInt64(clamping: maxPixels))
    }
}

/// Turns a failed status from the C layer into the Swift error for it.
private func readError(_ status: cpng_status, message: String, header: cpng_header, limits: PNG.Limits) -> PNGError {
    switch status {
    case CPNG_EMPTY_INPUT: .emptyData
    case CPNG_NOT_PNG: .notPNG
    case CPNG_TRUNCATED: .truncated(detail: message)
    case CPNG_BAD_CRC: .checksumMismatch(detail: message)
    case CPNG_TOO_LARGE: .tooLarge(width: Int(header.width), height: Int(header.height), limits: limits)
    case CPNG_OUT_OF_MEMORY: .outOfMemory(detail: message)
    case CPNG_INVALID_ARGUMENT: .invalidArgument(detail: message)
    default: .corrupt(detail: message)
    }
}

private func writeError(_ status: cpng_status, message: String, encoding: PNG.Encoding) -> PNGError {
    switch status {
    case CPNG_DOES_NOT_FIT_ENCODING: .doesNotFitEncoding(encoding, detail: message)
    case CPNG_INVALID_ARGUMENT: .invalidArgument(detail: message)
    case CPNG_OUT_OF_MEMORY: .outOfMemory(detail: message)
    default: .encodingFailed(detail: message)
    }
}

/// `cpng_read_header` without limits: checks the structure, returns IHDR.
func pngHeader(of data: Data) throws(PNGError) -> PNG.Header {
    var header = cpng_header()
    var message = [CChar](repeating: 0, count: messageCapacity)
    let status = data.withUnsafeBytes { raw in
        cpng_read_header(raw.baseAddress?.assumingMemoryBound(to: UInt8.self), raw.count, nil,
                         &header, &message, messageCapacity)
    }
    guard status == CPNG_OK else {
        throw readError(status, message: messageString(message), header: header, limits: .default)
    }
    guard let colourType = PNG.ColourType(rawValue: Int(header.colour_type)) else {
        throw .corrupt(detail: "unknown colour type \(header.colour_type)")
    }
    return PNG.Header(width: Int(header.width), height: Int(header.height), bitDepth: Int(header.bit_depth),
                      colourType: colourType, interlaced: header.interlaced != 0)
}

/// `cpng_read_header` (limits checked before anything is allocated), then `cpng_decode_rgba8`
/// straight into the pixel array of the result. The array gets one spare byte of capacity per row
/// (`cpng_decode_buffer_size`), so 8-bit images are inflated in place by libdeflate.
func decodePNG(_ data: Data, limits: PNG.Limits) throws(PNGError) -> RGBAImage {
    var cLimits = limits.cLimits
    var header = cpng_header()
    var message = [CChar](repeating: 0, count: messageCapacity)
    var status = data.withUnsafeBytes { raw in
        cpng_read_header(raw.baseAddress?.assumingMemoryBound(to: UInt8.self), raw.count, &cLimits,
                         &header, &message, messageCapacity)
    }
    guard status == CPNG_OK else {
        throw readError(status, message: messageString(message), header: header, limits: limits)
    }
    let width = Int(header.width), height = Int(header.height)
    let byteCount = width * height * 4
    let capacity = cpng_decode_buffer_size(header.width, header.height)
    let pixels = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initializedCount in
        status = data.withUnsafeBytes { raw in
            cpng_decode_rgba8(raw.baseAddress?.assumingMemoryBound(to: UInt8.self), raw.count, &cLimits,
                              buffer.baseAddress, buffer.count, &message, messageCapacity)
        }
        initializedCount = status == CPNG_OK ? byteCount : 0
    }
    guard status == CPNG_OK else {
        throw readError(status, message: messageString(message), header: header, limits: limits)
    }
    return RGBAImage(width: width, height: height, pixels: pixels)
}

private extension PNG.WriteOptions {
    var cOptions: cpng_write_options {
        let cStrategy: cpng_strategy = switch strategy {
        case .default: CPNG_STRATEGY_DEFAULT
        case .filtered: CPNG_STRATEGY_FILTERED
        case .huffmanOnly: CPNG_STRATEGY_HUFFMAN_ONLY
        case .rle: CPNG_STRATEGY_RLE
        case .fixed: CPNG_STRATEGY_FIXED
        }
        let cFilter: cpng_filter = switch filter {
        case .none: CPNG_FILTER_NONE
        case .sub: CPNG_FILTER_SUB
        case .up: CPNG_FILTER_UP
        case .average: CPNG_FILTER_AVERAGE
        case .paeth: CPNG_FILTER_PAETH
        case .all: CPNG_FILTER_ALL
        }
        let cEncoding: cpng_encoding = switch encoding {
        case .rgba8: CPNG_ENCODING_RGBA8
        case .rgb8: CPNG_ENCODING_RGB8
        case .grey8: CPNG_ENCODING_GREY8
        case .greyAlpha8: CPNG_ENCODING_GREY_ALPHA8
        case .palette: CPNG_ENCODING_PALETTE
        case .rgba16: CPNG_ENCODING_RGBA16
        case .automatic: CPNG_ENCODING_AUTOMATIC
        }
        let cCompressor: cpng_compressor = switch compressor {
        case .libdeflate: CPNG_COMPRESSOR_LIBDEFLATE
        case .zlib: CPNG_COMPRESSOR_ZLIB
        case .scanline: CPNG_COMPRESSOR_SCANLINE
        }
        return cpng_write_options(
            compressor: cCompressor, compression_level: Int32(clamping: compressionLevel), strategy: cStrategy,
            filter: cFilter, pixels_per_inch: pixelsPerInch ?? 0, encoding: cEncoding,
            interlaced: interlaced ? 1 : 0)
    }
}

/// The C encoders' shared calling convention: output buffer handed over to `Data` without a copy.
private func encode(
    width: Int, height: Int, options: PNG.WriteOptions,
    _ call: (UInt32, UInt32, UnsafePointer<cpng_write_options>, UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>,
             UnsafeMutablePointer<Int>, UnsafeMutablePointer<CChar>) -> cpng_status
) throws(PNGError) -> Data {
    guard let cWidth = UInt32(exactly: width), let cHeight = UInt32(exactly: height) else {
        throw .invalidArgument(detail: "a PNG cannot be \(width)×\(height) pixels")
    }
    let levels = options.compressor.levels
    guard levels.contains(options.compressionLevel) else {
        throw .invalidArgument(detail: "compression level \(options.compressionLevel) is outside "
                               + "\(levels.lowerBound)...\(levels.upperBound) for \(options.compressor.rawValue)")
    }
    var cOptions = options.cOptions
    var output: UnsafeMutablePointer<UInt8>?
    var outputSize = 0
    var message = [CChar](repeating: 0, count: messageCapacity)
    let status = call(cWidth, cHeight, &cOptions, &output, &outputSize, &message)
    guard status == CPNG_OK, let output else {
        throw writeError(status, message: messageString(message), encoding: options.encoding)
    }
    // Copied into Swift's own storage and the C buffer freed here: the copy costs far less than
    // the deflate that made it, and no Data depends on a custom deallocator running later.
    defer { cpng_free(output) }
    return Data(bytes: output, count: outputSize)
}

/// Encodes straight 8-bit RGBA (`cpng_encode_rgba8`).
func encodePNG(rgba image: RGBAImage, options: PNG.WriteOptions) throws(PNGError) -> Data {
    try image.pixels.withUnsafeBufferPointer { pixels throws(PNGError) -> Data in
        try encode(width: image.width, height: image.height, options: options) {
            width, height, cOptions, output, outputSize, message in
            cpng_encode_rgba8(pixels.baseAddress, width, height, image.width * 4, cOptions,
                              output, outputSize, message, messageCapacity)
        }
    }
}

/// Encodes Cairo's `CAIRO_FORMAT_ARGB32` data (`cpng_encode_argb32_premultiplied`): native-endian
/// 0xAARRGGBB words, colour premultiplied by alpha, rows `stride` bytes apart. Flush the surface
/// before calling. Rows are un-premultiplied one at a time; the image is not copied. Package
/// access: Drawing passes its Cairo surfaces' pixels, and no pointer reaches a library user.
package func encodePNG(argb32Premultiplied base: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int,
               options: PNG.WriteOptions) throws(PNGError) -> Data {
    guard stride >= 0 else { throw .invalidArgument(detail: "row stride \(stride) is negative") }
    return try encode(width: width, height: height, options: options) {
        cWidth, cHeight, cOptions, output, outputSize, message in
        cpng_encode_argb32_premultiplied(base, cWidth, cHeight, stride, cOptions,
                                         output, outputSize, message, messageCapacity)
    }
}
