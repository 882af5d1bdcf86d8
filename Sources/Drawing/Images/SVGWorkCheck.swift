import Foundation
import Images

/// Checks made on an SVG document's bytes before librsvg sees them, for work librsvg would do
/// without bound: images embedded as `data:` URLs (decoded whole, whatever their size) and
/// filter primitives whose cost grows with a number written in the file.
enum SVGWorkCheck {
    /// The most octaves `feTurbulence` may sum. Octave k adds noise of amplitude 2^-k, so from
    /// the tenth on no 8-bit pixel changes; each one costs as much as the first (1000 octaves of
    /// one icon took 13 s, 10,000 never finished).
    static let maximumOctaves = 10
    /// The widest `feConvolveMatrix` kernel, per side: its cost per pixel is the square of it.
    static let maximumKernelOrder = 9
    /// How deep SVG documents embedded in each other are looked into (and may be).
    static let maximumNesting = 4

    /// Refuses the document when an embedded image is over `maxPixels` (from its header) or a
    /// filter asks for more work than the bounds above; `name` names it in the message. The
    /// document is scanned as bytes: an embedded image makes it megabytes long.
    static func check(_ data: Data, name: String, maxPixels: Int, nesting: Int = 0) throws(DrawingError) {
        let bytes = [UInt8](data)
        try checkFilters(in: bytes, name: name)
        for image in embeddedImages(in: bytes) {
            let what = "\(name): an embedded \(image.mediaType) image"
            if let (width, height) = pixelSize(of: image.bytes) {
                do {
                    try RenderLimits.checkBudget(width: width, height: height, maxPixels: maxPixels, what: what)
                } catch {
                    throw .pixels(error)
                }
            } else if ImageFormat(sniffing: image.bytes) == .svg {
                guard nesting < maximumNesting else {
                    throw .image("\(name): SVG images are embedded more than \(maximumNesting) deep")
                }
                try check(image.bytes, name: what, maxPixels: maxPixels, nesting: nesting + 1)
            }
        }
    }

    // MARK: filters

    /// Each `numOctaves` and `order` attribute (a name after white space, then `=` and a quoted
    /// value) whose numbers pass its bound.
    static func checkFilters(in bytes: [UInt8], name: String) throws(DrawingError) {
        for (attribute, bound) in [("numOctaves", maximumOctaves), ("order", maximumKernelOrder)] {
            for value in quotedValues(of: attribute, in: bytes) {
                // `order` is also a word of other elements' attributes; only numbers count, and
                // a value written with entities is refused rather than guessed at.
                let numbers = value.contains("&") ? nil : value.split(whereSeparator: { $0 == " " || $0 == "," })
                    .map { Double($0.trimmingCharacters(in: .whitespaces)) }
                guard let numbers, numbers.allSatisfy({ $0.map { $0.isFinite && $0 <= Double(bound) } ?? true }) else {
                    throw .image("\(name): \(attribute)=\"\(value)\" asks librsvg for too much work; "
                                 + "an SVG image may use at most \(bound)")
                }
            }
        }
    }

    /// The values of `attribute` where it follows white space and is followed by `=` (white space
    /// around it) and a value in single or double quotes, which ends at the next quote of either
    /// kind. Found from each `=`: base64 has none but its padding, so an embedded image adds little.
    static func quotedValues(of attribute: String, in bytes: [UInt8]) -> [String] {
        let name = Array(attribute.utf8)
        var values: [String] = []
        var from = 0
        while let equals = bytes[from...].firstIndex(of: UInt8(ascii: "=")) {
            from = equals + 1
            var nameEnd = equals
            while nameEnd > 0, isSpace(bytes[nameEnd - 1]) { nameEnd -= 1 }
            let nameStart = nameEnd - name.count
            guard nameStart > 0, bytes[nameStart..<nameEnd].elementsEqual(name), isSpace(bytes[nameStart - 1]) else { continue }
            var cursor = equals + 1
            while cursor < bytes.count, isSpace(bytes[cursor]) { cursor += 1 }
            guard cursor < bytes.count, isQuote(bytes[cursor]),
                  let end = bytes[(cursor + 1)...].firstIndex(where: isQuote) else { continue }
            values.append(String(decoding: bytes[(cursor + 1)..<end], as: UTF8.self))
            from = end + 1
        }
        return values
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
    private static func isQuote(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") }

    /// Where a `data:` URL's payload ends: a quote, `)`, `<` or `>`.
    private static func endsPayload(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: ")"), UInt8(ascii: "<"), UInt8(ascii: ">"): true
        default: false
        }
    }

    // MARK: embedded images

    struct EmbeddedImage {
        var mediaType: String
        var bytes: Data
    }

    /// Every `data:` URL (the scheme in any case) with base64 or percent-encoded content, decoded.
    /// A base64 payload's white space and entity characters are skipped, as any byte outside
    /// base64's alphabet is. Found from each `:`, which base64 does not use.
    static func embeddedImages(in bytes: [UInt8]) -> [EmbeddedImage] {
        var images: [EmbeddedImage] = []
        var from = 0
        while let colon = bytes[from...].firstIndex(of: UInt8(ascii: ":")) {
            let headerStart = colon + 1
            from = headerStart
            guard colon >= 4, bytes[(colon - 4)..<colon].map({ $0 | 0x20 }).elementsEqual("data".utf8),
                  let comma = bytes[headerStart...].prefix(200).firstIndex(of: UInt8(ascii: ",")) else { continue }
            let header = String(decoding: bytes[headerStart..<comma], as: UTF8.self).lowercased()
            let end = bytes[(comma + 1)...].firstIndex(where: endsPayload) ?? bytes.count
            let payload = bytes[(comma + 1)..<end]
            from = end
            let mediaType = header.split(separator: ";").first.map(String.init) ?? ""
            let decoded: Data?
            if header.hasSuffix(";base64") {
                decoded = Data(base64Encoded: Data(payload), options: .ignoreUnknownCharacters)
            } else {
                decoded = String(decoding: payload, as: UTF8.self).removingPercentEncoding.map { Data($0.utf8) }
            }
            if let decoded { images.append(EmbeddedImage(mediaType: mediaType.isEmpty ? "data" : mediaType, bytes: decoded)) }
        }
        return images
    }

    /// Width and height from a PNG's IHDR, a GIF's screen descriptor or a JPEG's frame header;
    /// nil for anything else.
    static func pixelSize(of bytes: Data) -> (Int, Int)? {
        let b = [UInt8](bytes.prefix(32))
        func big(_ at: Int, _ count: Int) -> Int { b[at..<at + count].reduce(0) { $0 << 8 | Int($1) } }
        if b.count >= 24, b.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            return (big(16, 4), big(20, 4))
        }
        if b.count >= 10, b.starts(with: Array("GIF8".utf8)) {
            return (Int(b[6]) | Int(b[7]) << 8, Int(b[8]) | Int(b[9]) << 8)
        }
        if b.starts(with: [0xFF, 0xD8]) { return jpegSize(of: [UInt8](bytes)) }
        return nil
    }

    /// The size in the first SOF segment of a JPEG.
    static func jpegSize(of bytes: [UInt8]) -> (Int, Int)? {
        var index = 2
        while index + 9 < bytes.count {
            guard bytes[index] == 0xFF else { return nil }
            let marker = bytes[index + 1]
            if marker == 0xFF { index += 1; continue }
            let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            let isFrame = (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker)
            if isFrame {
                return (Int(bytes[index + 7]) << 8 | Int(bytes[index + 8]), Int(bytes[index + 5]) << 8 | Int(bytes[index + 6]))
            }
            guard length >= 2 else { return nil }
            index += 2 + length
        }
        return nil
    }
}
