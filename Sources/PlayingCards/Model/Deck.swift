import CardRenderSupport
/// A deck of the 52 standard cards. A new deck is in a fixed order (spades, hearts, diamonds,
/// clubs; ace to king in each); shuffling only happens with an explicit seed, so the same seed
/// gives the same order on every machine and every Swift version.
public struct Deck: Sendable, Hashable, Codable {
    /// The cards, top first.
    public private(set) var cards: [Card]

    /// A new deck in order.
    public init() {
        cards = Suit.allCases.flatMap { suit in Rank.allCases.map { Card($0, of: suit) } }
    }

    /// A deck of these cards in this order.
    public init(cards: [Card]) {
        self.cards = cards
    }

    /// A new deck in order.
    public static let standard = Deck()

    /// The number of cards.
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
