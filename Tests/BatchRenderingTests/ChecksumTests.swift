import BatchRendering
import Foundation
import Testing

@Suite struct ChecksumTests {
    /// FIPS 180-4's example messages and the empty one.
    @Test func sha256MatchesTheStandardVectors() {
        #expect(Checksum.sha256(Data()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(Checksum.sha256(Data("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(Checksum.sha256(Data("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        let million = Data(repeating: UInt8(ascii: "a"), count: 1_000_000)
        #expect(Checksum.sha256(million) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func bytesHashTheSameWhateverHoldsThem() {
        let text = "job\u{1F}deck\u{1F}classic"
        let expected = Checksum.sha256(Data(text.utf8))
        #expect(Checksum.sha256(Array(text.utf8)) == expected)
        #expect(Checksum.sha256(Data(("x" + text).utf8).dropFirst()) == expected)
    }
}
