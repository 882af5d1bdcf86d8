import Foundation

/// Checks on a spec's raw bytes and text made before the YAML parser sees them, so that every
/// refusal names a line and column: invalid UTF-8, characters YAML forbids, and nesting deeper
/// than `SpecFile.maximumDepth`.
enum SpecText {
    /// The text of `data`, or an error at the first byte that is not UTF-8.
    static func decode(_ data: Data, file: String) throws(SpecError) -> String {
        var line = 1, column = 1, offset = 0
        var parser = Unicode.UTF8.ForwardParser()
        var bytes = data.makeIterator()
        while true {
            switch parser.parseScalar(from: &bytes) {
            case let .valid(encoded):
                offset += encoded.count
                if encoded.count == 1, encoded.first == UInt8(ascii: "\n") { line += 1; column = 1 } else { column += 1 }
            case .emptyInput:
                return String(decoding: data, as: UTF8.self)
            case .error:
                let byte = data[data.index(data.startIndex, offsetBy: offset)]
                throw SpecError("the spec is not UTF-8 text (byte 0x\(String(byte, radix: 16, uppercase: true)))",
                                at: SpecLocation(file: file, line: line, column: column))
            }
        }
    }

    /// Where the UTF-8 byte at `offset` of `text` is, as a line and column (a reader error's place).
    static func location(ofByte offset: Int, in text: String, file: String) -> SpecLocation {
        var line = 1, column = 1, seen = 0
        for scalar in text.unicodeScalars {
            seen += UTF8.width(scalar)
            guard seen <= offset else { break }
            if scalar == "\n" { line += 1; column = 1 } else { column += 1 }
        }
        return SpecLocation(file: file, line: line, column: column)
    }

    /// YAML's printable characters (YAML 1.2, 5.1): tab, line breaks, and everything else but
    /// C0 and C1 controls, DEL, surrogates and U+FFFE/U+FFFF.
    static func isPrintable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D, 0x20...0x7E, 0x85, 0xA0...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }

    /// Refuses characters YAML does not allow and nesting deeper than `limit`, naming where.
    static func check(_ text: String, file: String, limit: Int) throws(SpecError) {
        var scanner = NestingScanner(limit: limit)
        var content: [Unicode.Scalar] = []
        var line = 1
        var previous: Unicode.Scalar?
        func endLine() throws(SpecError) {
            if let column = scanner.scan(content) {
                throw SpecError("the file nests deeper than \(limit) levels", at: SpecLocation(file: file, line: line, column: column))
            }
            content.removeAll(keepingCapacity: true)
        }
        for scalar in text.unicodeScalars {
            defer { previous = scalar }
            guard isPrintable(scalar) else {
                let name = scalar.value == 0 ? "a NUL byte" : "the control character U+\(String(format: "%04X", scalar.value))"
                throw SpecError("the spec contains \(name), which YAML does not allow",
                                at: SpecLocation(file: file, line: line, column: content.count + 1))
            }
            switch scalar {
            case "\n" where previous == "\r":
                continue
            case "\n", "\r":
                try endLine()
                line += 1
            default:
                content.append(scalar)
            }
        }
        try endLine()
    }
}
