import FuzzDriver
import PlayingCards

/// Any text through the card-name parser: it throws or returns a card, and every name the card
/// gives itself (short, long, description) reads back as that card.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCardName(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let card = try? CardName.parse(text) else { return 0 }
    for name in [card.shortName, card.longName, card.description] {
        guard (try? CardName.parse(name)) == card else { fatalError("\(text.debugDescription) → \(card) → \(name) does not read back") }
    }
    return 0
}

// The entry point SwiftPM links this executable to.
@_cdecl("fuzz_card_name_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    fuzz_driver_main(argc, argv)
}
