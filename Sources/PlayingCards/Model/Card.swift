/// One of the 52 standard cards.
public struct Card: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    /// Ace to king.
    public var rank: Rank
    /// Spades, hearts, diamonds or clubs.
    public var suit: Suit

    /// The card `rank` of `suit`: `Card(.queen, of: .hearts)`.
    public init(_ rank: Rank, of suit: Suit) {
        self.rank = rank
        self.suit = suit
    }

    /// The same card with labelled arguments.
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
    /// Drawn in the hearts colour (`RJ`).
    case red
    /// Drawn in the spades colour (`BJ`).
    case black

    /// `RJ`, `BJ`.
    public var shortName: String { self == .red ? "RJ" : "BJ" }
    /// `red-joker`, `black-joker`.
    public var longName: String { "\(rawValue)-joker" }
}

/// Anything that has a face: a standard card or a joker.
public enum PlayingCard: Sendable, Hashable, Codable, CustomStringConvertible {
    /// One of the 52 standard cards.
    case standard(Card)
    /// The red or the black joker.
    case joker(Joker)

    /// `AS`, `10H`, `RJ`.
    public var shortName: String {
        switch self {
        case .standard(let card): card.shortName
        case .joker(let joker): joker.shortName
        }
    }

    /// `ace-of-spades`, `red-joker`.
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
    /// The face of a card or joker.
    case front(PlayingCard)
    /// The back, in the theme's design.
    case back

    /// The face of the standard card `rank` of `suit`.
    public static func card(_ rank: Rank, of suit: Suit) -> CardSide { .front(.standard(Card(rank, of: suit))) }
    /// The face of a joker.
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
