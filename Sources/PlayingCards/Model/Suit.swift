/// The four French suits, in the order a new deck is sorted: spades, hearts, diamonds, clubs.
public enum Suit: String, CaseIterable, Sendable, Hashable, Codable, Comparable {
    /// The suits in new-deck order.
    case spades, hearts, diamonds, clubs

    /// The letter used in short card names (`AS`, `10H`).
    public var letter: Character {
        switch self {
        case .spades: "S"
        case .hearts: "H"
        case .diamonds: "D"
        case .clubs: "C"
        }
    }

    /// The Unicode suit symbol, for text output and parsing (never drawn: suits are vector paths).
    public var symbol: Character {
        switch self {
        case .spades: "♠"
        case .hearts: "♥"
        case .diamonds: "♦"
        case .clubs: "♣"
        }
    }

    /// The English name in singular form, as in "queen of hearts" → "heart".
    public var singularName: String { String(rawValue.dropLast()) }

    /// Hearts and diamonds: drawn in the red colour of two-colour themes.
    public var isRed: Bool { self == .hearts || self == .diamonds }

    /// How much to scale the suit's shape so the four look the same size next to each other:
    /// a heart fills its box more than a spade, a diamond less (values from open card decks).
    public var opticalScale: Double {
        switch self {
        case .spades, .clubs: 1
        case .hearts: 0.88
        case .diamonds: 1.05
        }
    }

    /// Position in the new-deck order.
    public var order: Int { Suit.allCases.firstIndex(of: self) ?? 0 }

    public static func < (lhs: Suit, rhs: Suit) -> Bool { lhs.order < rhs.order }
}
