import Foundation
internal import CInflate

/// A zip part's raw deflate data inflated by zlib, given exactly the part's bytes: a stream that
/// ends before its last block is an error at once. (ZIPFoundation 0.9.20's own extraction hands
/// zlib a whole buffer's length past the bytes read, and so read on past such a part and then
/// looped forever at the file's end.)
enum PartInflater {
    enum Failure: Error {
        /// The data ends before the deflate stream does.
        case endsEarly
        /// zlib's reason the data is not deflate.
        case corrupt(String)
    }

    /// Inflates `data`, handing the output to `consumer` in pieces of at most 64 KiB, and
    /// returns the output's CRC-32.
    static func inflate(_ data: Data, into consumer: (Data) throws -> Void) throws -> UInt32 {
        var stream = z_stream()
        guard inflateInit2_(&stream, -MAX_WBITS, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw Failure.corrupt("zlib could not start")
        }
        defer { inflateEnd(&stream) }
        var checksum = crc32(0, nil, 0)
        var output = [UInt8](repeating: 0, count: 64 << 10)
        try data.withUnsafeBytes { (input: UnsafeRawBufferPointer) in
            stream.next_in = UnsafeMutablePointer(mutating: input.bindMemory(to: Bytef.self).baseAddress)
            stream.avail_in = uInt(input.count)
            while true {
                let (status, produced) = output.withUnsafeMutableBufferPointer { out in
                    stream.next_out = out.baseAddress
                    stream.avail_out = uInt(out.count)
                    let status = CInflate.inflate(&stream, Z_NO_FLUSH)
                    let produced = out.count - Int(stream.avail_out)
                    checksum = crc32(checksum, out.baseAddress, uInt(produced))
                    return (status, produced)
                }
                if produced > 0 { try consumer(Data(output[..<produced])) }
                switch status {
                case Z_STREAM_END: return
                case Z_OK: continue
                // No progress is possible: every byte of the part is used and the stream goes on.
                case Z_BUF_ERROR: throw Failure.endsEarly
                default: throw Failure.corrupt(stream.msg.map { String(cString: $0) } ?? "zlib error \(status)")
                }
            }
        }
        return UInt32(checksum)
    }
}
