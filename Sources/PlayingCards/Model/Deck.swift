/// A deck of the 52 standard cards. A new deck is in a fixed order (spades, hearts, diamonds,
/// clubs; ace to king in each); shuffling only happens with an explicit seed, so the same seed
/// gives the same order on every machine and every Swift version.
public struct Deck: Sendable, Hashable, Codable {
    public private(set) var cards: [Card]

    /// A new deck in order.
    public init() {
        cards = Suit.allCases.flatMap { suit in Rank.allCases.map { Card($0, of: suit) } }
    }

    public init(cards: [Card]) {
        self.cards = cards
    }

    public static let standard = Deck()

    public var count: Int { cards.count }

    /// The same cards in the order a Fisher–Yates shuffle driven by `SplitMix64(seed:)` gives.
    /// Swift's own `shuffled(using:)` is not used because its algorithm is not specified and
    /// may change between releases.
    public func shuffled(seed: UInt64) -> Deck {
        var generator = SplitMix64(seed: seed)
        var result = cards
        var index = result.count - 1
        while index > 0 {
            let other = Int(generator.next(below: UInt64(index + 1)))
            result.swapAt(index, other)
            index -= 1
        }
        return Deck(cards: result)
    }

    /// Takes `count` cards from the top (the front of `cards`); fewer when the deck runs out.
    public mutating func deal(_ count: Int) -> [Card] {
        let taken = Array(cards.prefix(max(0, count)))
        cards.removeFirst(taken.count)
        return taken
    }
}

/// Sebastiano Vigna's SplitMix64: a tiny, fast generator with a fully specified output, used
/// for reproducible shuffles (never for anything secret).
public struct SplitMix64: RandomNumberGenerator, Sendable, Hashable {
    public private(set) var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform value in `0..<bound` by Lemire's multiply-and-reject method, without modulo bias.
    public mutating func next(below bound: UInt64) -> UInt64 {
        precondition(bound > 0, "bound must be positive")
        var product = next().multipliedFullWidth(by: bound)
        if product.low < bound {
            let threshold = (0 &- bound) % bound
            while product.low < threshold {
                product = next().multipliedFullWidth(by: bound)
            }
        }
        return product.high
    }
}
