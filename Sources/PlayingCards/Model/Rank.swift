/// Ace to king. `rawValue` and `order` are the integer rank of the Stanford CS193p
/// PlayingCardView demo: ace 1, 2…10, jack 11, queen 12, king 13.
public enum Rank: Int, CaseIterable, Sendable, Hashable, Codable, Comparable {
    /// The thirteen ranks, ace low.
    case ace = 1, two, three, four, five, six, seven, eight, nine, ten, jack, queen, king

    /// 1 (ace) … 13 (king), the index into `pipsPerRowForRank`.
    public var order: Int { rawValue }

    /// What the corner index shows: "A", "2" … "10", "J", "Q", "K" (the CS193p demo's `rankString`).
    public var label: String {
        switch self {
        case .ace: "A"
        case .jack: "J"
        case .queen: "Q"
        case .king: "K"
        default: String(rawValue)
        }
    }

    /// Jack, queen and king, which carry a court design instead of pips.
    public var isCourt: Bool { self == .jack || self == .queen || self == .king }

    /// The number of pips on the card: 1 for the ace, 0 for courts.
    public var pipCount: Int { isCourt ? 0 : rawValue }

    /// `ace`, `two` … `king`, as long card names spell it.
    public var name: String {
        switch self {
        case .ace: "ace"
        case .two: "two"
        case .three: "three"
        case .four: "four"
        case .five: "five"
        case .six: "six"
        case .seven: "seven"
        case .eight: "eight"
        case .nine: "nine"
        case .ten: "ten"
        case .jack: "jack"
        case .queen: "queen"
        case .king: "king"
        }
    }

    public static func < (lhs: Rank, rhs: Rank) -> Bool { lhs.rawValue < rhs.rawValue }
}
