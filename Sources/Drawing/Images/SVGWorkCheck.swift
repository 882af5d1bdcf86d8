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
    /// filter asks for more work than the bounds above; `name` names it in the message.
    static func check(_ data: Data, name: String, maxPixels: Int, nesting: Int = 0) throws(DrawingError) {
        let text = String(decoding: data, as: UTF8.self)
        try checkFilters(in: text, name: name)
        for image in embeddedImages(in: text) {
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

    static func checkFilters(in text: String, name: String) throws(DrawingError) {
        for (attribute, bound) in [("numOctaves", maximumOctaves), ("order", maximumKernelOrder)] {
            let pattern = try? Regex("\\s\(attribute)\\s*=\\s*[\"']([^\"']*)[\"']", as: (Substring, Substring).self)
            guard let pattern else { continue }
            for match in text.matches(of: pattern) {
                let value = String(match.output.1)
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

    // MARK: embedded images

    struct EmbeddedImage {
        var mediaType: String
        var bytes: Data
    }

    /// Every `data:` URL with base64 or percent-encoded content, decoded.
    static func embeddedImages(in text: String) -> [EmbeddedImage] {
        var images: [EmbeddedImage] = []
        var rest = Substring(text)
        while let start = rest.range(of: "data:", options: .caseInsensitive) {
            rest = rest[start.upperBound...]
            guard let comma = rest.firstIndex(of: ","), rest.distance(from: rest.startIndex, to: comma) < 200 else { continue }
            let header = rest[..<comma].lowercased()
            let payloadStart = rest.index(after: comma)
            let end = rest[payloadStart...].firstIndex { "\"')<>".contains($0) } ?? rest.endIndex
            let payload = String(rest[payloadStart..<end])
            rest = rest[end...]
            let mediaType = header.split(separator: ";").first.map(String.init) ?? ""
            let bytes: Data?
            if header.hasSuffix(";base64") {
                bytes = Data(base64Encoded: payload.filter { !$0.isWhitespace && $0 != "&" }, options: .ignoreUnknownCharacters)
            } else {
                bytes = payload.removingPercentEncoding.map { Data($0.utf8) }
            }
            if let bytes { images.append(EmbeddedImage(mediaType: mediaType.isEmpty ? "data" : mediaType, bytes: bytes)) }
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
