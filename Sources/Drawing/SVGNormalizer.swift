import Foundation

/// Makes Cairo's SVG byte-for-byte reproducible. Cairo names elements from process-wide
/// counters (`surface5`, `glyph0-1`, `clip3`…), so the same drawing gets different ids
/// depending on what was drawn before it. Ids are renamed in order of appearance, per prefix.
///
/// The rules, as regular expressions: an id is defined by `\bid="NAME"` and referred to by
/// `\bid="NAME`, `href="#NAME` or `url(#NAME`, where NAME is `[A-Za-z][A-Za-z0-9_.-]*` (longest
/// run). They are matched by a scanner over the UTF-8 bytes rather than `NSRegularExpression`,
/// which on Linux copies the text to UTF-16 and runs ICU: the scanner is many times faster and
/// gives the same bytes. Every byte the patterns look at is ASCII, and ASCII bytes never occur
/// inside a multi-byte UTF-8 sequence, so a byte scan finds exactly the regex's matches.
enum SVGNormalizer {
    /// Every id renamed in order; `idPrefix` goes in front of each new name (`f3-glyph0`), so the
    /// ids of several drawings put in one document stay apart.
    static func normalize(_ svg: String, idPrefix: String = "") -> String {
        var text = svg
        return text.withUTF8 { bytes in normalize(utf8: bytes, idPrefix: Array(idPrefix.utf8)) } ?? svg
    }

    /// The renamed text, or nil when nothing needs renaming.
    private static func normalize(utf8 text: UnsafeBufferPointer<UInt8>, idPrefix: [UInt8]) -> String? {
        var renamed: [Name: [UInt8]] = [:]
        var counters: [Name: Int] = [:]
        // Definitions, in order of first appearance.
        var index = 0
        while index < text.count {
            guard let name = definedName(in: text, at: index) else {
                index += 1
                continue
            }
            let key = Name(text[name])
            if renamed[key] == nil {
                let prefix = Name(text[name.lowerBound..<(text[name].firstIndex { !isASCIILetter($0) } ?? name.upperBound)])
                let next = counters[prefix, default: 0]
                counters[prefix] = next + 1
                renamed[key] = idPrefix + prefix.bytes + Array(String(next).utf8)
            }
            index = name.upperBound + 1  // past the closing quote
        }
        guard !renamed.isEmpty else { return nil }

        // References (definitions included), replaced where the name was renamed.
        var result: [UInt8] = []
        result.reserveCapacity(text.count)
        var copied = 0
        index = 0
        while index < text.count {
            guard let name = referencedName(in: text, at: index) else {
                index += 1
                continue
            }
            if let replacement = renamed[Name(text[name])], isCharacterBoundary(in: text, at: name.upperBound) {
                result.append(contentsOf: text[copied..<name.lowerBound])
                result.append(contentsOf: replacement)
                copied = name.upperBound
            }
            index = name.upperBound
        }
        result.append(contentsOf: text[copied...])
        return String(decoding: result, as: UTF8.self)
    }

    /// An id's bytes, hashable without building a `String`.
    private struct Name: Hashable {
        var bytes: [UInt8]
        init(_ slice: Slice<UnsafeBufferPointer<UInt8>>) { bytes = Array(slice) }
    }

    private static let idOpening = Array(#"id=""#.utf8)
    private static let hrefOpening = Array(##"href="#"##.utf8)
    private static let urlOpening = Array("url(#".utf8)

    /// `\bid="NAME"` starting at `index`: the range of NAME.
    private static func definedName(in text: UnsafeBufferPointer<UInt8>, at index: Int) -> Range<Int>? {
        guard text[index] == UInt8(ascii: "i"), starts(text, with: idOpening, at: index),
              isWordBoundary(in: text, before: index) else { return nil }
        guard let name = name(in: text, at: index + idOpening.count), name.upperBound < text.count,
              text[name.upperBound] == UInt8(ascii: "\"") else { return nil }
        return name
    }

    /// `\bid="NAME`, `href="#NAME` or `url(#NAME` starting at `index`: the range of NAME.
    private static func referencedName(in text: UnsafeBufferPointer<UInt8>, at index: Int) -> Range<Int>? {
        let opening: [UInt8]
        switch text[index] {
        case UInt8(ascii: "i"):
            guard isWordBoundary(in: text, before: index) else { return nil }
            opening = idOpening
        case UInt8(ascii: "h"): opening = hrefOpening
        case UInt8(ascii: "u"): opening = urlOpening
        default: return nil
        }
        guard starts(text, with: opening, at: index) else { return nil }
        return name(in: text, at: index + opening.count)
    }

    /// `[A-Za-z][A-Za-z0-9_.-]*` at `index`, longest run.
    private static func name(in text: UnsafeBufferPointer<UInt8>, at index: Int) -> Range<Int>? {
        guard index < text.count, isASCIILetter(text[index]) else { return nil }
        var end = index + 1
        while end < text.count, isNameByte(text[end]) { end += 1 }
        return index..<end
    }

    /// Whether a `Character` (grapheme cluster) ends at `index`, which follows an ASCII name byte.
    /// `String` cannot cut a name that a combining mark joins to, so such a name was always left as
    /// it is (this keeps the output the same as before).
    private static func isCharacterBoundary(in text: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        guard index < text.count, text[index] >= 0x80 else { return true }
        var end = index + 1
        while end < text.count, text[end] & 0xC0 == 0x80 { end += 1 }
        return String(decoding: text[(index - 1)..<end], as: UTF8.self).count == 2
    }

    private static func starts(_ text: UnsafeBufferPointer<UInt8>, with pattern: [UInt8], at index: Int) -> Bool {
        guard index + pattern.count <= text.count else { return false }
        for offset in pattern.indices where text[index + offset] != pattern[offset] { return false }
        return true
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        isASCIILetter(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-")
    }

    /// ICU's `\b` before a word character at `index`: the nearest earlier character that is not
    /// a combining mark or format character is not a word character (or there is none).
    private static func isWordBoundary(in text: UnsafeBufferPointer<UInt8>, before index: Int) -> Bool {
        guard index > 0 else { return true }
        let previous = text[index - 1]
        if previous < 0x80 { return !isASCIIWordByte(previous) }
        // Rare: non-ASCII text just before `id="`. Decode backwards, one character at a time.
        var end = index
        while end > 0 {
            var start = end - 1
            while start > 0, text[start] & 0xC0 == 0x80 { start -= 1 }
            guard let scalar = String(decoding: text[start..<end], as: UTF8.self).unicodeScalars.first else { return true }
            end = start
            let properties = scalar.properties
            if properties.isGraphemeExtend || properties.generalCategory == .format { continue }
            return !isWordScalar(scalar)
        }
        return true
    }

    private static func isASCIIWordByte(_ byte: UInt8) -> Bool {
        isASCIILetter(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
    }

    /// ICU's `\w`: `[\p{Alphabetic}\p{M}\p{Nd}\p{Pc}\u200C\u200D]`.
    private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .connectorPunctuation: return true
        default: return properties.isAlphabetic || scalar.value == 0x200C || scalar.value == 0x200D
        }
    }
}
