import FoundationEssentials

/// Animated PNG (the APNG extension: `acTL`, `fcTL`, `fdAT` chunks), written with this package's
/// PNG writer. Frame 0 is the file's default image (`IDAT`), so a viewer without APNG shows it;
/// each later frame stores only the rectangle that changed since the frame before it, drawn over
/// that frame (`APNG_DISPOSE_OP_NONE`, `APNG_BLEND_OP_SOURCE`).
///
/// Every frame's rectangle is encoded as a PNG of its own by `PNG.encode` in one shared encoding
/// (8-bit RGB when every frame is opaque, else 8-bit RGBA): its `IDAT` stream is exactly what an
/// `fdAT` chunk holds after the sequence number. Same frames, delays and options, same bytes.
public enum APNG {
    /// How long a frame stays on screen: `numerator / denominator` seconds, as `fcTL` stores it.
    public struct Delay: Sendable, Equatable {
        /// Seconds times the denominator.
        public var numerator: UInt16
        /// The fraction's denominator; 0 means 100.
        public var denominator: UInt16

        /// A delay as `fcTL` stores it.
        public init(numerator: UInt16, denominator: UInt16) {
            self.numerator = numerator
            self.denominator = denominator
        }

        /// `seconds` as the fraction with the smallest denominator up to 1000 that states it
        /// exactly (1/60 for a 60 Hz frame), else in milliseconds; at most 65.535 s.
        public init(seconds: Double) throws(PNGError) {
            guard seconds.isFinite, seconds >= 0, seconds <= 65.535 else {
                throw .invalidArgument(detail: "a frame's delay must be 0 to 65.535 s, not \(seconds)")
            }
            let denominator = (1...1000).first { abs((seconds * Double($0)).rounded() - seconds * Double($0)) < 1e-6 } ?? 1000
            self.init(numerator: UInt16((seconds * Double(denominator)).rounded()), denominator: UInt16(denominator))
        }

        /// A denominator of 0 means hundredths, as APNG says.
        public var seconds: Double { Double(numerator) / Double(denominator == 0 ? 100 : denominator) }
    }

    /// One frame as a decoder sees it: the whole canvas after the frame is drawn, and its delay.
    public struct DecodedFrame: Sendable, Equatable {
        /// The whole canvas with this frame drawn.
        public var image: RGBAImage
        /// How long the frame stays on screen.
        public var delay: Delay
        /// The rectangle the frame's `fcTL` says it replaces, in pixels.
        public var region: (x: Int, y: Int, width: Int, height: Int)

        public static func == (lhs: DecodedFrame, rhs: DecodedFrame) -> Bool {
            lhs.image == rhs.image && lhs.delay == rhs.delay && lhs.region == rhs.region
        }
    }

    /// The most frames a file holds here (APNG itself allows 2^31 - 1).
    public static let maximumFrames = 1000

    /// Encodes `frames` (all the same size), each shown for its delay, played `plays` times
    /// (0: forever).
    public static func encode(frames: [RGBAImage], delays: [Delay], plays: Int = 0,
                              options: PNG.WriteOptions = .default) throws(PNGError) -> Data {
        guard delays.count == frames.count else {
            throw .invalidArgument(detail: "\(frames.count) frames need \(frames.count) delays, not \(delays.count)")
        }
        var writer = try Writer(frameCount: frames.count, plays: plays)
        guard let first = frames.first else { throw .invalidArgument(detail: "an animated PNG needs at least one frame") }
        let encoding = encoding(for: first)
        for index in frames.indices {
            let previous = index == 0 ? nil : frames[index - 1]
            try writer.add(encodeFrame(frames[index], after: previous, encoding: encoding, options: options), delay: delays[index])
        }
        return try writer.finish()
    }

    /// The encoding of every frame of an animation that starts with `first`: 8-bit RGB when it
    /// is opaque, else RGBA (later frames must fit it).
    public static func encoding(for first: RGBAImage) -> PNG.Encoding { isOpaque(first) ? .rgb8 : .rgba8 }

    /// One frame as an animated PNG stores it after the frame before: the rectangle that changed,
    /// encoded by `PNG.encode`. Made by `encodeFrame`, apart from the file, so frames can be
    /// encoded in parallel and added in order.
    public struct EncodedFrame: Sendable {
        let width: Int, height: Int
        let region: Region
        let encoding: PNG.Encoding
        /// The region's PNG: its IDAT data is the frame's, and the first frame's header chunks
        /// are the file's.
        let chunks: [(type: String, data: Data)]
    }

    /// `frame` after `previous` (nil for the first frame, which is stored whole), in `encoding`
    /// (`encoding(for:)` of the first frame, the same for every frame).
    public static func encodeFrame(_ frame: RGBAImage, after previous: RGBAImage?, encoding: PNG.Encoding,
                                   options: PNG.WriteOptions = .default) throws(PNGError) -> EncodedFrame {
        guard encoding == .rgb8 || encoding == .rgba8 else {
            throw .invalidArgument(detail: "an animated PNG's frames are 8-bit RGB or RGBA")
        }
        var options = options
        options.interlaced = false
        options.encoding = encoding
        let region: Region
        if let previous {
            guard frame.width == previous.width, frame.height == previous.height else {
                throw .invalidArgument(detail: "every frame of an animated PNG must be \(previous.width)×\(previous.height) px")
            }
            region = changedRegion(from: previous, to: frame)
        } else {
            region = Region(x: 0, y: 0, width: frame.width, height: frame.height)
        }
        let part = previous == nil ? frame : crop(frame, to: region)
        return EncodedFrame(width: frame.width, height: frame.height, region: region, encoding: encoding,
                            chunks: try Chunks(png: PNG.encode(part, options: options)).chunks)
    }

    /// Writes an animated PNG a frame at a time from `EncodedFrame`s, in order: only the file so
    /// far is held.
    public struct Writer: Sendable {
        /// How many frames the file says it has; `finish` checks that many were added.
        public let frameCount: Int
        private let plays: Int
        private var file = Data(APNG.pngSignature)
        private var sequence: UInt32 = 0
        private var first: EncodedFrame?
        private var added = 0

        /// `frameCount` frames (1 to `maximumFrames`), played `plays` times (0: forever).
        public init(frameCount: Int, plays: Int = 0) throws(PNGError) {
            guard (1...maximumFrames).contains(frameCount) else {
                throw .invalidArgument(detail: "an animated PNG holds 1 to \(maximumFrames) frames here, not \(frameCount)")
            }
            guard (0...Int(UInt32.max >> 1)).contains(plays) else { throw .invalidArgument(detail: "plays must be 0 or more") }
            self.frameCount = frameCount
            self.plays = plays
        }

        /// Adds the next frame, shown for `delay`: the first frame's header starts the file.
        public mutating func add(_ frame: EncodedFrame, delay: Delay) throws(PNGError) {
            guard added < frameCount else { throw .invalidArgument(detail: "the animated PNG has its \(frameCount) frames") }
            guard let first else {
                guard frame.region == Region(x: 0, y: 0, width: frame.width, height: frame.height) else {
                    throw .invalidArgument(detail: "the first frame of an animated PNG is stored whole")
                }
                self.first = frame
                for chunk in frame.chunks where chunk.type != "IDAT" && chunk.type != "IEND" {
                    append(chunk.type, chunk.data, to: &file)
                    guard chunk.type == "IHDR" else { continue }
                    append("acTL", bigEndian(UInt32(frameCount)) + bigEndian(UInt32(plays)), to: &file)
                    append("fcTL", frameControl(region: frame.region, delay: delay), to: &file)
                }
                for chunk in frame.chunks where chunk.type == "IDAT" { append("IDAT", chunk.data, to: &file) }
                added = 1
                return
            }
            guard frame.width == first.width, frame.height == first.height, frame.encoding == first.encoding else {
                throw .invalidArgument(detail: "every frame of an animated PNG must be \(first.width)×\(first.height) px "
                                       + "and encoded as the first")
            }
            append("fcTL", frameControl(region: frame.region, delay: delay), to: &file)
            for chunk in frame.chunks where chunk.type == "IDAT" {
                append("fdAT", bigEndian(sequence) + chunk.data, to: &file)
                sequence += 1
            }
            added += 1
        }

        /// The file, once every frame is added.
        public func finish() throws(PNGError) -> Data {
            guard added == frameCount else {
                throw .invalidArgument(detail: "the animated PNG has \(added) of its \(frameCount) frames")
            }
            var file = self.file
            append("IEND", Data(), to: &file)
            return file
        }

        private mutating func frameControl(region: Region, delay: Delay) -> Data {
            defer { sequence += 1 }
            return bigEndian(sequence) + bigEndian(UInt32(region.width)) + bigEndian(UInt32(region.height))
                + bigEndian(UInt32(region.x)) + bigEndian(UInt32(region.y))
                + bigEndian(delay.numerator) + bigEndian(delay.denominator)
                + Data([0, 0])  // APNG_DISPOSE_OP_NONE, APNG_BLEND_OP_SOURCE
        }
    }

    /// Every frame of an animated PNG as the whole canvas after it is drawn (frames that dispose
    /// to the background or to the previous frame, and frames blended over, are drawn as APNG
    /// says). Before anything is decoded, the frame count is held to `maximumFrames` and all the
    /// frames' pixels together to `limits`.
    public static func decodeFrames(_ data: Data, limits: PNG.Limits = .default) throws(PNGError) -> [DecodedFrame] {
        let file = try Chunks(png: data)
        guard let header = file.chunks.first, header.type == "IHDR", header.data.count == 13 else {
            throw .corrupt(detail: "the first chunk is not IHDR")
        }
        let control = file.chunks.first { $0.type == "acTL" }
        guard let control, control.data.count == 8 else { return [DecodedFrame(image: try PNG.decode(data, limits: limits),
                                                                                 delay: Delay(numerator: 0, denominator: 1),
                                                                                 region: (0, 0, 0, 0))] }
        let count = Int(readUInt32(control.data, 0))
        guard (1...maximumFrames).contains(count) else {
            throw .corrupt(detail: "acTL says \(count) frames; 1 to \(maximumFrames) are read")
        }
        let canvasWidth = Int(readUInt32(header.data, 0)), canvasHeight = Int(readUInt32(header.data, 4))
        guard canvasWidth <= limits.maxWidth, canvasHeight <= limits.maxHeight,
              canvasWidth * canvasHeight <= limits.maxPixels else {
            throw .tooLarge(width: canvasWidth, height: canvasHeight, limits: limits)
        }
        // Every frame is returned whole: all of them together are held to the pixel limit.
        guard canvasWidth * canvasHeight * count <= limits.maxPixels else {
            throw .tooLarge(width: canvasWidth, height: canvasHeight * count, limits: limits)
        }
        var canvas = RGBAImage(width: canvasWidth, height: canvasHeight)
        var decoded: [DecodedFrame] = []
        var pending: (control: Data, data: Data)?
        func finish(_ frame: (control: Data, data: Data)) throws(PNGError) {
            guard frame.control.count == 26 else { throw .corrupt(detail: "an fcTL chunk is not 26 bytes") }
            let region = Region(x: Int(readUInt32(frame.control, 12)), y: Int(readUInt32(frame.control, 16)),
                                width: Int(readUInt32(frame.control, 4)), height: Int(readUInt32(frame.control, 8)))
            guard region.width > 0, region.height > 0, region.x + region.width <= canvasWidth,
                  region.y + region.height <= canvasHeight else { throw .corrupt(detail: "a frame lies outside the canvas") }
            var ihdr = header.data
            ihdr.replaceSubrange(0..<8, with: bigEndian(UInt32(region.width)) + bigEndian(UInt32(region.height)))
            var png = Data(pngSignature)
            append("IHDR", ihdr, to: &png)
            for chunk in file.chunks where ["PLTE", "tRNS"].contains(chunk.type) { append(chunk.type, chunk.data, to: &png) }
            append("IDAT", frame.data, to: &png)
            append("IEND", Data(), to: &png)
            let image = try PNG.decode(png, limits: limits)
            let previous = canvas
            let blendsOver = frame.control[25] == 1
            for row in 0..<region.height {
                for column in 0..<region.width {
                    let source = image[column, row]
                    let (x, y) = (region.x + column, region.y + row)
                    canvas[x, y] = blendsOver ? over(source, canvas[x, y]) : source
                }
            }
            decoded.append(DecodedFrame(image: canvas,
                                        delay: Delay(numerator: readUInt16(frame.control, 20), denominator: readUInt16(frame.control, 22)),
                                        region: (region.x, region.y, region.width, region.height)))
            switch frame.control[24] {
            case 1: for row in 0..<region.height { for column in 0..<region.width {
                canvas[region.x + column, region.y + row] = RGBAImage.Pixel(r: 0, g: 0, b: 0, a: 0)
            } }
            case 2: canvas = previous
            default: break
            }
        }
        for chunk in file.chunks {
            switch chunk.type {
            case "fcTL":
                if let frame = pending { try finish(frame) }
                guard decoded.count < count else { throw .corrupt(detail: "the file has more frames than acTL says (\(count))") }
                pending = (chunk.data, Data())
            case "IDAT":
                pending?.data.append(chunk.data)
            case "fdAT":
                guard chunk.data.count >= 4 else { throw .corrupt(detail: "an fdAT chunk has no sequence number") }
                pending?.data.append(chunk.data.dropFirst(4))
            default: break
            }
        }
        if let frame = pending { try finish(frame) }
        guard decoded.count == count else { throw .corrupt(detail: "acTL says \(count) frames; the file has \(decoded.count)") }
        return decoded
    }

    // MARK: - frames

    struct Region: Equatable, Sendable {
        var x, y, width, height: Int
    }

    private static func isOpaque(_ image: RGBAImage) -> Bool {
        stride(from: 3, to: image.pixels.count, by: 4).allSatisfy { image.pixels[$0] == 255 }
    }

    /// The smallest rectangle holding every pixel that differs (one pixel when none does: a
    /// frame has at least one).
    static func changedRegion(from previous: RGBAImage, to next: RGBAImage) -> Region {
        let rowBytes = next.width * 4
        var top = -1, bottom = -1, left = next.width, right = -1
        previous.pixels.withUnsafeBufferPointer { old in
            next.pixels.withUnsafeBufferPointer { new in
                for y in 0..<next.height {
                    let start = y * rowBytes
                    guard let first = (start..<start + rowBytes).first(where: { old[$0] != new[$0] }) else { continue }
                    let last = (start..<start + rowBytes).last { old[$0] != new[$0] } ?? first
                    if top < 0 { top = y }
                    bottom = y
                    left = min(left, (first - start) / 4)
                    right = max(right, (last - start) / 4)
                }
            }
        }
        guard top >= 0 else { return Region(x: 0, y: 0, width: 1, height: 1) }
        return Region(x: left, y: top, width: right - left + 1, height: bottom - top + 1)
    }

    static func crop(_ image: RGBAImage, to region: Region) -> RGBAImage {
        var pixels: [UInt8] = []
        pixels.reserveCapacity(region.width * region.height * 4)
        for y in region.y..<region.y + region.height {
            let start = (y * image.width + region.x) * 4
            pixels += image.pixels[start..<start + region.width * 4]
        }
        return RGBAImage(width: region.width, height: region.height, pixels: pixels)
    }

    private static func over(_ source: RGBAImage.Pixel, _ below: RGBAImage.Pixel) -> RGBAImage.Pixel {
        if source.a == 255 { return source }
        if source.a == 0 { return below }
        let sa = Double(source.a) / 255, ba = Double(below.a) / 255
        let alpha = sa + ba * (1 - sa)
        func mix(_ s: UInt8, _ b: UInt8) -> UInt8 {
            UInt8(((Double(s) * sa + Double(b) * ba * (1 - sa)) / alpha).rounded())
        }
        return RGBAImage.Pixel(r: mix(source.r, below.r), g: mix(source.g, below.g), b: mix(source.b, below.b),
                               a: UInt8((alpha * 255).rounded()))
    }

    // MARK: - chunks

    static let pngSignature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]

    /// A PNG file's chunks, each CRC checked.
    struct Chunks {
        var chunks: [(type: String, data: Data)] = []

        init(png: Data) throws(PNGError) {
            let bytes = [UInt8](png)
            guard !bytes.isEmpty else { throw .emptyData }
            guard bytes.starts(with: APNG.pngSignature) else { throw .notPNG }
            var offset = 8
            while offset < bytes.count {
                guard offset + 12 <= bytes.count else { throw .truncated(detail: "a chunk header is cut short") }
                let length = Int(readUInt32(Data(bytes[offset..<offset + 4]), 0))
                guard length <= bytes.count - offset - 12 else { throw .truncated(detail: "a chunk is cut short") }
                let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
                let body = offset + 8
                let crc = readUInt32(Data(bytes[body + length..<body + length + 4]), 0)
                guard crc == crc32(bytes[offset + 4..<body + length]) else {
                    throw .checksumMismatch(detail: "the \(type) chunk's CRC does not match")
                }
                chunks.append((type, Data(bytes[body..<body + length])))
                offset = body + length + 4
                if type == "IEND" { return }
            }
            throw .truncated(detail: "no IEND chunk")
        }
    }

    static func append(_ type: String, _ data: Data, to file: inout Data) {
        let typeBytes = Array(type.utf8)
        file += bigEndian(UInt32(data.count))
        file += typeBytes
        file += data
        file += bigEndian(crc32(typeBytes + [UInt8](data)))
    }

    static func bigEndian<T: FixedWidthInteger>(_ value: T) -> Data {
        withUnsafeBytes(of: value.bigEndian) { Data($0) }
    }

    static func readUInt32(_ data: Data, _ offset: Int) -> UInt32 {
        let start = data.startIndex + offset
        return data[start..<start + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }

    static func readUInt16(_ data: Data, _ offset: Int) -> UInt16 {
        let start = data.startIndex + offset
        return UInt16(data[start]) << 8 | UInt16(data[start + 1])
    }

    private static let crcTable: [UInt32] = (0..<256).map { n in
        (0..<8).reduce(UInt32(n)) { c, _ in c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
    }

    /// The CRC-32 PNG chunks end with (ISO 3309, as the PNG specification gives it).
    static func crc32<Bytes: Sequence>(_ bytes: Bytes) -> UInt32 where Bytes.Element == UInt8 {
        ~bytes.reduce(UInt32.max) { crcTable[Int(($0 ^ UInt32($1)) & 0xFF)] ^ ($0 >> 8) }
    }
}
