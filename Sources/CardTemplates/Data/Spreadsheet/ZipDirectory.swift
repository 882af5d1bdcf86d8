import Foundation

/// The little of a zip file's layout that reading a part from its own bytes needs: where each
/// entry's local header starts (from the central directory) and where its data starts (after
/// that header's name and extra field). Every offset is checked against the file before use;
/// anything out of place gives no offset, and the part is refused by name.
enum ZipDirectory {
    private static let endSignature: UInt32 = 0x0605_4B50
    private static let entrySignature: UInt32 = 0x0201_4B50
    private static let localSignature: UInt32 = 0x0403_4B50

    /// The local header offset of the first central-directory record of each name, for at most
    /// `maxEntries` records; empty when the end record or the directory is not where it says.
    static func localHeaderOffsets(in bytes: Data, maxEntries: Int) -> [String: Int] {
        guard let end = endRecord(in: bytes) else { return [:] }
        let count = Int(uint16(bytes, end + 10) ?? 0)
        var offset = Int(uint32(bytes, end + 16) ?? UInt32.max)
        var headers: [String: Int] = [:]
        for _ in 0 ..< min(count, maxEntries) {
            guard uint32(bytes, offset) == entrySignature, let nameLength = uint16(bytes, offset + 28),
                  let extraLength = uint16(bytes, offset + 30), let commentLength = uint16(bytes, offset + 32),
                  let local = uint32(bytes, offset + 42), offset + 46 + Int(nameLength) <= bytes.count else { break }
            let name = String(decoding: bytes[bytes.startIndex + offset + 46 ..< bytes.startIndex + offset + 46 + Int(nameLength)],
                              as: UTF8.self)
            if headers[name] == nil { headers[name] = Int(local) }
            offset += 46 + Int(nameLength) + Int(extraLength) + Int(commentLength)
        }
        return headers
    }

    /// Where the data after the local header at `offset` starts, or nil when no header is there.
    static func dataStart(in bytes: Data, localHeader offset: Int) -> Int? {
        guard uint32(bytes, offset) == localSignature, let nameLength = uint16(bytes, offset + 26),
              let extraLength = uint16(bytes, offset + 28) else { return nil }
        let start = offset + 30 + Int(nameLength) + Int(extraLength)
        return start <= bytes.count ? start : nil
    }

    /// The end of central directory record: the last signature within the 64 KiB comment's reach.
    private static func endRecord(in bytes: Data) -> Int? {
        guard bytes.count >= 22 else { return nil }
        let lowest = max(0, bytes.count - 22 - 0xFFFF)
        return stride(from: bytes.count - 22, through: lowest, by: -1).first { uint32(bytes, $0) == endSignature }
    }

    private static func uint16(_ bytes: Data, _ offset: Int) -> UInt16? {
        guard offset >= 0, offset <= bytes.count - 2 else { return nil }
        let base = bytes.startIndex + offset
        return UInt16(bytes[base]) | UInt16(bytes[base + 1]) << 8
    }

    private static func uint32(_ bytes: Data, _ offset: Int) -> UInt32? {
        guard offset >= 0, offset <= bytes.count - 4 else { return nil }
        let base = bytes.startIndex + offset
        return (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[base + $1]) << (8 * UInt32($1)) }
    }
}
