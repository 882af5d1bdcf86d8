/// Card names in the forms people type, all case-insensitive:
///
/// - short: `AS`, `10H`, `TD` (T for ten), `qc`
/// - rank and suit symbol: `A♠`, `10♥`, `Q♥️` (the emoji variation selector is ignored), `K♧`
/// - long: `queen-of-hearts`, `10 of diamonds`, `ace_of_spade`
/// - jokers: `RJ`, `BJ`, `red-joker`, `black-joker`
public enum CardName {
    /// The accepted forms, for error messages and `--help`.
    public static let acceptedForms =
        "a rank (A, 2-10 or T, J, Q, K) then a suit (S, H, D, C or ♠ ♥ ♦ ♣): AS, 10H, TD, qc, A♠, Q♥️; "
        + "a long name like queen-of-hearts; or a joker: RJ, BJ, red-joker, black-joker"

    /// The card `text` names in any accepted form; throws `unknownCard` otherwise.
    public static func parse(_ text: String) throws(PlayingCardsError) -> PlayingCard {
        // Variation selectors (U+FE0E text, U+FE0F emoji) only change how a symbol is shown.
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars where scalar.value != 0xFE0F && scalar.value != 0xFE0E {
            scalars.append(scalar.properties.isWhitespace ? " " : scalar)
        }
        let cleaned = String(scalars).trimmingSpaces.lowercased()
        if let joker = parseJoker(cleaned) { return .joker(joker) }
        if let card = parseLong(cleaned) ?? parseShort(cleaned) { return .standard(card) }
        throw .unknownCard(text)
    }

    /// Parses a standard card only (jokers are refused).
    public static func parseCard(_ text: String) throws(PlayingCardsError) -> Card {
        guard case .standard(let card) = try parse(text) else { throw .unknownCard(text) }
        return card
    }

    static func parseJoker(_ text: String) -> Joker? {
        let words = words(of: text)
        switch words {
        case ["rj"], ["red", "joker"], ["joker", "red"]: return .red
        case ["bj"], ["black", "joker"], ["joker", "black"]: return .black
        default: return nil
        }
    }

    static func parseLong(_ text: String) -> Card? {
        let words = words(of: text)
        guard words.count == 3, words[1] == "of", let rank = rankWord(words[0]), let suit = suitWord(words[2]) else {
            return nil
        }
        return Card(rank, of: suit)
    }

    static func parseShort(_ text: String) -> Card? {
        guard let last = text.last else { return nil }
        let rankPart = String(text.dropLast()).trimmingSpaces
        guard let suit = suitCharacter(last), let rank = rankToken(rankPart) else { return nil }
        return Card(rank, of: suit)
    }

    static func words(of text: String) -> [String] {
        text.split(whereSeparator: { $0 == "-" || $0 == "_" || $0 == " " }).map(String.init)
    }

    static func rankToken(_ token: String) -> Rank? {
        switch token {
        case "a": return .ace
        case "t": return .ten
        case "j": return .jack
        case "q": return .queen
        case "k": return .king
        default:
            guard let value = Int(token), (2...10).contains(value) else { return nil }
            return Rank(rawValue: value)
        }
    }

    static func rankWord(_ word: String) -> Rank? {
        if let rank = Rank.allCases.first(where: { $0.name == word }) { return rank }
        return rankToken(word)
    }

    static func suitCharacter(_ character: Character) -> Suit? {
        switch character {
        case "s", "♠", "♤": return .spades
        case "h", "♥", "♡": return .hearts
        case "d", "♦", "♢": return .diamonds
        case "c", "♣", "♧": return .clubs
        default: return nil
        }
    }

    static func suitWord(_ word: String) -> Suit? {
        Suit.allCases.first { $0.rawValue == word || $0.singularName == word }
    }
}

extension String {
    var trimmingSpaces: String {
        var scalars = Substring(self)
        while scalars.first == " " { scalars.removeFirst() }
        while scalars.last == " " { scalars.removeLast() }
        return String(scalars)
    }
}
