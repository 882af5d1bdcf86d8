import CardRenderSupport
import FoundationEssentials

/// Reading and writing PNG images in memory. Decoding accepts every PNG colour type, bit depth
/// and interlacing and returns 8-bit straight-alpha RGBA; encoding is deterministic (no
/// timestamps), so the same image and options always give the same bytes.
///
/// The work is done by libpng, and the scanline deflater (or libdeflate) for most image data,
/// through the `CPNG` C target (`cpng_decode_rgba8`, `cpng_encode_rgba8`); see
/// `LibPNG/PNGCodec.swift`.
public enum PNG {
    /// The largest image `decode` accepts. A PNG header over the limits is refused before any
    /// pixel memory is allocated, so a hostile 100000×100000 header costs nothing.
    public struct Limits: Sendable, Equatable {
        /// The widest image accepted, in pixels.
        public var maxWidth: Int
        /// The tallest image accepted, in pixels.
        public var maxHeight: Int
        /// The most pixels accepted, width times height.
        public var maxPixels: Int

        /// Limits; the defaults accept every picture the renderer may produce.
        public init(maxWidth: Int = 16384, maxHeight: Int = 16384, maxPixels: Int = 100_000_000) {
            self.maxWidth = maxWidth
            self.maxHeight = maxHeight
            self.maxPixels = maxPixels
        }

        /// 16384 px a side and 100 megapixels (400 MB of RGBA).
        public static let `default` = Limits()
    }

    /// How pixels are stored in the file. All encodings decode back to the same `RGBAImage`;
    /// the narrower ones only accept images that fit them exactly (otherwise
    /// `PNGError.doesNotFitEncoding`), they never round or drop information. `automatic` picks
    /// the narrowest one that fits.
    public enum Encoding: String, Sendable, CaseIterable {
        /// 8-bit RGBA: fits every image.
        case rgba8
        /// 8-bit RGB: every pixel must be opaque.
        case rgb8
        /// 8-bit greyscale: every pixel must be opaque with red = green = blue.
        case grey8
        /// 8-bit greyscale with alpha: red = green = blue.
        case greyAlpha8
        /// Indexed colour with PLTE and tRNS, 1, 2, 4 or 8 bits per pixel depending on the number
        /// of colours: at most 256 distinct RGBA values.
        case palette
        /// 16-bit RGBA, each 8-bit sample `v` stored as `v × 257`: fits every image.
        case rgba16
        /// The narrowest lossless choice for these pixels: `palette` when there are at most 256
        /// distinct RGBA values, else `rgb8` when every pixel is opaque, else `rgba8`. Fits every
        /// image; same pixels, same choice and same bytes.
        case automatic

        var humanName: String {
            switch self {
            case .rgba8: "8-bit RGBA"
            case .rgb8: "8-bit RGB"
            case .grey8: "8-bit greyscale"
            case .greyAlpha8: "8-bit greyscale+alpha"
            case .palette: "palette"
            case .rgba16: "16-bit RGBA"
            case .automatic: "automatically chosen"
            }
        }
    }

    /// The PNG row filter: one fixed filter for every row, or `all` to let libpng pick one per
    /// row. On rendered pictures (flat colours, anti-aliased edges) `none` gives the smallest
    /// files at level 4 and above, and `all` is the slowest choice.
    public enum Filter: String, Sendable, CaseIterable {
        /// One PNG filter for every row, or `all` to let libpng pick per row.
        case none, sub, up, average, paeth, all
    }

    /// The zlib compression strategy (`Z_DEFAULT_STRATEGY`, `Z_FILTERED`, …). libdeflate has
    /// none, so any strategy but `default` is written by zlib.
    public enum Strategy: String, Sendable, CaseIterable {
        /// zlib's strategies of the same names.
        case `default`, filtered, huffmanOnly, rle, fixed
    }

    /// Which deflate implementation compresses the image data.
    public enum Compressor: String, Sendable, CaseIterable {
        /// libdeflate compresses the whole image in one call: about twice as fast as zlib at the
        /// same level, for files about as large. Levels 0...12: 0 stores, 1...9 trade speed
        /// for size like zlib's, 10...12 are slower and smaller still. It writes non-interlaced
        /// images with filter `none` and strategy `default` whose rows take at most 256 MiB;
        /// anything else is written by zlib at `min(level, 9)` (libdeflate would need every row
        /// in memory, and has no filters of its own or strategies).
        case libdeflate
        /// zlib through libpng, row by row: every filter, strategy and interlacing. Levels 0...9.
        case zlib
        /// This package's deflate encoder for scanlines: it tries the pixel to the left and the
        /// row above before a hash search and does not index the inside of long runs, where
        /// general-purpose compressors spend most of their time on rendered pictures. Levels
        /// 1...9 set the search depth. Written under the same conditions as libdeflate; anything
        /// else is written by zlib at the same level.
        case scanline

        /// The compression levels this compressor accepts.
        public var levels: ClosedRange<Int> {
            switch self {
            case .libdeflate: 0...12
            case .zlib: 0...9
            case .scanline: 1...9
            }
        }

        /// The level used when none is given: 2 for the scanline deflater (on 53 card pictures
        /// about 9% faster than its level 5 for 1.4% more bytes), 5 for zlib and libdeflate.
        public var defaultLevel: Int {
            switch self {
            case .libdeflate, .zlib: 5
            case .scanline: 2
            }
        }
    }

    /// The defaults suit rendered pictures: the scanline deflater at level 2, no filter,
    /// automatic encoding. On 53 card pictures of 500×700 px (`make bench`) its level 5 encoded
    /// about 11× faster than Cairo's `cairo_surface_write_to_png` (zlib level 6, adaptive filters)
    /// and about 2.4× faster than libdeflate level 5, into 0.74× Cairo's bytes (libdeflate 5:
    /// 0.77×); level 2 is about 9% faster again for 1.4% more bytes. Levels 3–5 give files up to
    /// 1.4% smaller, 6–9 under 1% smaller still, each slower. Without a level, each compressor
    /// takes its `defaultLevel`: `compressor: .zlib` alone means zlib level 5.
    public struct WriteOptions: Sendable, Equatable {
        /// Which deflate implementation compresses the image data.
        public var compressor: Compressor
        /// 0 (store) ... 9 (zlib's smallest) or 12 (libdeflate's smallest), 1...9 for the
        /// scanline deflater; see `Compressor`.
        public var compressionLevel: Int
        /// zlib only: any other strategy than `default` makes zlib write the image.
        public var strategy: Strategy
        /// The row filter before compression.
        public var filter: Filter
        /// Written as a pHYs chunk in pixels per metre; `nil` (or 0) writes no pHYs chunk.
        public var pixelsPerInch: Double?
        /// The pixel format written.
        public var encoding: Encoding
        /// Adam7 interlacing.
        public var interlaced: Bool

        /// Options; see each property for its values. Without a level, the compressor's `defaultLevel`.
        public init(compressor: Compressor = .scanline, compressionLevel: Int? = nil,
                    strategy: Strategy = .default, filter: Filter = .none, pixelsPerInch: Double? = nil,
                    encoding: Encoding = .automatic, interlaced: Bool = false) {
            self.compressor = compressor
            self.compressionLevel = compressionLevel ?? compressor.defaultLevel
            self.strategy = strategy
            self.filter = filter
            self.pixelsPerInch = pixelsPerInch
            self.encoding = encoding
            self.interlaced = interlaced
        }

        /// The defaults described above.
        public static let `default` = WriteOptions()
    }

    /// The PNG colour types (IHDR byte 9).
    public enum ColourType: Int, Sendable, CaseIterable {
        /// The type numbers as IHDR stores them.
        case greyscale = 0, rgb = 2, palette = 3, greyscaleAlpha = 4, rgba = 6
    }

    /// What a PNG's IHDR chunk says about the image.
    public struct Header: Sendable, Equatable {
        /// Width in pixels.
        public var width: Int
        /// Height in pixels.
        public var height: Int
        /// Bits per sample (per palette index for `.palette`): 1, 2, 4, 8 or 16.
        public var bitDepth: Int
        /// How pixels are stored.
        public var colourType: ColourType
        /// Whether the image is Adam7-interlaced.
        public var interlaced: Bool

        /// A header with these fields.
        public init(width: Int, height: Int, bitDepth: Int, colourType: ColourType, interlaced: Bool) {
            self.width = width
            self.height = height
            self.bitDepth = bitDepth
            self.colourType = colourType
            self.interlaced = interlaced
        }
    }

    /// Decodes a PNG of any colour type, bit depth and interlacing to 8-bit straight RGBA.
    /// 16-bit samples are rounded to the nearest 8-bit value; gamma and colour-space chunks are
    /// not applied (samples come back as stored).
    public static func decode(_ data: Data, limits: Limits = .default) throws(PNGError) -> RGBAImage {
        try decodePNG(data, limits: limits)
    }

    /// Reads and decodes a PNG file.
    public static func read(contentsOf url: URL, limits: Limits = .default) throws(PNGError) -> RGBAImage {
        let data: Data
        do {
            data = try Syscalls.contents(of: url.path)
        } catch {
            throw .cannotReadFile(path: url.path, reason: error.description)
        }
        return try decode(data, limits: limits)
    }

    /// Reads the header after checking the whole file's structure (signature, every chunk's
    /// length and CRC, IEND), without decoding pixels and without applying size limits.
    public static func header(of data: Data) throws(PNGError) -> Header {
        try pngHeader(of: data)
    }

    /// Encodes an image. Same image and options, same bytes: no tIME or other timestamp is written.
    public static func encode(_ image: RGBAImage, options: WriteOptions = .default) throws(PNGError) -> Data {
        try encodePNG(rgba: image, options: options)
    }

    /// Encodes an image and writes it to a file through `AtomicFile` (temporary file, flush, rename).
    public static func write(_ image: RGBAImage, to url: URL, options: WriteOptions = .default) throws(PNGError) {
        let data = try encode(image, options: options)
        do {
            try AtomicFile.write(data, to: url)
        } catch {
            throw .cannotWriteFile(path: error.path, reason: error.reason.description)
        }
    }
}

extension RGBAImage {
    /// This image as PNG bytes; see `PNG.encode(_:options:)`.
    public func pngData(options: PNG.WriteOptions = .default) throws(PNGError) -> Data {
        try PNG.encode(self, options: options)
    }
}

/// Why reading or writing a PNG failed; `description` is one line for the user.
public enum PNGError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The data has no bytes.
    case emptyData
    /// The data does not start with the PNG signature.
    case notPNG
    /// The data ends before the PNG does (before IEND).
    case truncated(detail: String)
    /// A chunk's CRC does not match its bytes: the file was damaged.
    case checksumMismatch(detail: String)
    /// Invalid header fields or image data that cannot be decompressed.
    case corrupt(detail: String)
    /// The header's size is over the decoder's limits; nothing was allocated.
    case tooLarge(width: Int, height: Int, limits: PNG.Limits)
    /// The pixels could not be allocated.
    case outOfMemory(detail: String)
    /// The image does not fit the requested `PNG.Encoding` (e.g. colour pixels written as grey).
    case doesNotFitEncoding(PNG.Encoding, detail: String)
    /// The image size or a write option cannot be used (e.g. 0×0 pixels, zlib level 12).
    case invalidArgument(detail: String)
    /// The encoder reported an error.
    case encodingFailed(detail: String)
    /// The file could not be read.
    case cannotReadFile(path: String, reason: String)
    /// The file could not be written.
    case cannotWriteFile(path: String, reason: String)

    public var description: String {
        switch self {
        case .emptyData:
            "PNG data is empty"
        case .notPNG:
            "not a PNG file (the data does not start with the PNG signature)"
        case .truncated(let detail):
            "PNG is truncated: \(detail)"
        case .checksumMismatch(let detail):
            "PNG is damaged: \(detail)"
        case .corrupt(let detail):
            "PNG is corrupt: \(detail)"
        case .tooLarge(let width, let height, let limits):
            "PNG image is \(width)×\(height) pixels; the limit is \(Self.describe(limits))"
        case .outOfMemory(let detail):
            "not enough memory for the PNG: \(detail)"
        case .doesNotFitEncoding(let encoding, let detail):
            "cannot store the image as \(encoding.humanName) PNG: \(detail)"
        case .invalidArgument(let detail):
            "cannot write PNG: \(detail)"
        case .encodingFailed(let detail):
            "PNG encoding failed: \(detail)"
        case .cannotReadFile(let path, let reason):
            "cannot read PNG file \(path): \(reason)"
        case .cannotWriteFile(let path, let reason):
            "cannot write PNG file \(path): \(reason)"
        }
    }

    private static func describe(_ limits: PNG.Limits) -> String {
        let sides = limits.maxWidth == limits.maxHeight
            ? "\(limits.maxWidth) px a side"
            : "\(limits.maxWidth) px wide and \(limits.maxHeight) px high"
        let total = limits.maxPixels % 1_000_000 == 0
            ? "\(limits.maxPixels / 1_000_000) megapixels"
            : "\(limits.maxPixels) pixels"
        return "\(sides) and \(total)"
    }
}
