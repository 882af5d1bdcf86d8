internal import Crypto
import Foundation

/// Checksums for manifests and `deck.json`.
public enum Checksum {
    /// The SHA-256 of `bytes` as 64 lower-case hex digits, as `sha256sum` prints it. swift-crypto's
    /// `SHA256` does the hashing (BoringSSL on Linux, CryptoKit on Apple platforms).
    public static func sha256<Bytes: DataProtocol>(_ bytes: Bytes) -> String {
        let digest = SHA256.hash(data: bytes)
        let digits = Array("0123456789abcdef".utf8)
        var text = [UInt8]()
        text.reserveCapacity(2 * SHA256.byteCount)
        for byte in digest {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
