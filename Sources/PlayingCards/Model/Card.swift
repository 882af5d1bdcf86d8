/// One of the 52 standard cards.
public struct Card: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    public var rank: Rank
    public var suit: Suit

    public init(_ rank: Rank, of suit: Suit) {
        self.rank = rank
        self.suit = suit
    }

    public init(rank: Rank, suit: Suit) {
        self.init(rank, of: suit)
    }

    /// `AS`, `10H`, `QD`.
    public var shortName: String { rank.label + String(suit.letter) }
    /// `ace-of-spades`, `ten-of-hearts`.
    public var longName: String { "\(rank.name)-of-\(suit.rawValue)" }
    /// `A♠`, `10♥`.
    public var description: String { rank.label + String(suit.symbol) }

    /// New-deck order: by suit, then ace to king.
    public static func < (lhs: Card, rhs: Card) -> Bool {
        (lhs.suit.order, lhs.rank.order) < (rhs.suit.order, rhs.rank.order)
    }
}

/// The two jokers of a standard deck.
public enum Joker: String, CaseIterable, Sendable, Hashable, Codable {
    case red, black

    /// `RJ`, `BJ`.
    public var shortName: String { self == .red ? "RJ" : "BJ" }
    /// `red-joker`, `black-joker`.
    public var longName: String { "\(rawValue)-joker" }
}

/// Anything that has a face: a standard card or a joker.
public enum PlayingCard: Sendable, Hashable, Codable, CustomStringConvertible {
    case standard(Card)
    case joker(Joker)

    public var shortName: String {
        switch self {
        case .standard(let card): card.shortName
        case .joker(let joker): joker.shortName
        }
    }

    public var longName: String {
        switch self {
        case .standard(let card): card.longName
        case .joker(let joker): joker.longName
        }
    }

    public var description: String {
        switch self {
        case .standard(let card): card.description
        case .joker(let joker): "\(joker.rawValue) joker"
        }
    }

    /// Parses the forms people type; see `CardName`.
    public init(parsing text: String) throws(PlayingCardsError) {
        self = try CardName.parse(text)
    }
}

/// What a rendered card shows: its face or its back.
public enum CardSide: Sendable, Hashable {
    case front(PlayingCard)
    case back

    public static func card(_ rank: Rank, of suit: Suit) -> CardSide { .front(.standard(Card(rank, of: suit))) }
    public static func joker(_ joker: Joker) -> CardSide { .front(.joker(joker)) }

    /// `AS`, `RJ`, or `back`.
    public var shortName: String {
        switch self {
        case .front(let card): card.shortName
        case .back: "back"
        }
    }

    /// `ace-of-spades`, `red-joker`, or `back`.
    public var longName: String {
        switch self {
        case .front(let card): card.longName
        case .back: "back"
        }
    }
}
