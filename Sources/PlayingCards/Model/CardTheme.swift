import Drawing
import Foundation

/// The designs available for card backs.
public enum BackDesign: String, CaseIterable, Sendable, Hashable, Codable {
    /// A diamond lattice with a framed centre medallion, on white.
    case lattice
    /// A solid field with a guilloche rosette of fine white lines, like engraved banknotes.
    case rosette
}

/// Which pip arrangement number cards use.
public enum PipArrangement: String, CaseIterable, Sendable, Hashable, Codable {
    /// The arrangement of printed decks: two side columns and a centre column (7 with one centre
    /// pip in the upper half, 8 with two, 10 with two between the rows).
    case classic
    /// The `pipsPerRowForRank` rows of the Stanford CS193p PlayingCardView demo, evenly spaced.
    case lecture
}

/// Colours and proportions of a deck.
public struct CardTheme: Sendable, Hashable {
    /// The theme's name, as `--theme` takes it.
    public var name: String
    /// The colour of spades pips and indices.
    public var spades: Color
    /// The colour of hearts pips and indices.
    public var hearts: Color
    /// The colour of diamonds pips and indices.
    public var diamonds: Color
    /// The colour of clubs pips and indices.
    public var clubs: Color
    /// Corner font size as a fraction of the card height (the CS193p PlayingCardView demo's 0.085).
    public var cornerFontSizeRatio: CGFloat
    /// The pattern on the back.
    public var backDesign: BackDesign
    /// The back's ground colour.
    public var backColor: Color
    /// The thin border around every card.
    public var borderColor: Color
    /// Colours of the court figures besides the suit colour.
    public var courtGold: Color
    /// The second colour of court and joker figures, beside a red suit colour.
    public var courtBlue: Color
    /// The second colour of court figures beside a dark suit colour; the joker's cheeks and nose.
    public var courtRed: Color
    /// Outlines of court and joker figures.
    public var ink: Color
    /// Faces of court and joker figures.
    public var skin: Color
    /// Where the pips go on number cards.
    public var pipArrangement: PipArrangement

    /// The colour `suit` is drawn in.
    public func color(for suit: Suit) -> Color {
        switch suit {
        case .spades: spades
        case .hearts: hearts
        case .diamonds: diamonds
        case .clubs: clubs
        }
    }

    /// Sets the colour `suit` is drawn in, as a colour override does.
    public mutating func setColor(_ color: Color, for suit: Suit) {
        switch suit {
        case .spades: spades = color
        case .hearts: hearts = color
        case .diamonds: diamonds = color
        case .clubs: clubs = color
        }
    }

    /// The red joker takes the hearts colour, the black joker the spades colour.
    public func color(for joker: Joker) -> Color { joker == .red ? hearts : spades }

    /// Two colours: red hearts and diamonds, black spades and clubs.
    public static let classic = CardTheme(
        name: "classic",
        spades: Color(rgb: 0x1B1B1F), hearts: Color(rgb: 0xC8102E), diamonds: Color(rgb: 0xC8102E),
        clubs: Color(rgb: 0x1B1B1F), cornerFontSizeRatio: 0.085, backDesign: .lattice,
        backColor: Color(rgb: 0x1F4E9E), borderColor: Color(rgb: 0xB9B9B9), courtGold: Color(rgb: 0xE8B32E),
        courtBlue: Color(rgb: 0x2756A8), courtRed: Color(rgb: 0xC8102E), ink: Color(rgb: 0x1B1B1F),
        skin: Color(rgb: 0xF7DDBE), pipArrangement: .classic)

    /// Four colours so suits are told apart at a glance: blue diamonds, green clubs.
    public static let fourColor: CardTheme = {
        var theme = classic
        theme.name = "four-color"
        theme.diamonds = Color(rgb: 0x1565C0)
        theme.clubs = Color(rgb: 0x1B7F3B)
        return theme
    }()

    /// Classic colours with a corner index about 40 % larger, for reading across a table.
    public static let largeIndex: CardTheme = {
        var theme = classic
        theme.name = "large-index"
        theme.cornerFontSizeRatio = 0.12
        return theme
    }()

    /// The CS193p PlayingCardView demo's proportions and `pipsPerRowForRank` arrangement.
    public static let lecture: CardTheme = {
        var theme = classic
        theme.name = "lecture"
        theme.pipArrangement = .lecture
        return theme
    }()

    /// Every built-in theme.
    public static let all: [CardTheme] = [classic, fourColor, largeIndex, lecture]
    /// The built-in themes' names, for help and errors.
    public static var names: [String] { all.map(\.name) }

    /// The built-in theme called `name` (case-insensitive; `colour` reads as `color`).
    public static func named(_ name: String) throws(PlayingCardsError) -> CardTheme {
        let key = name.trimmingSpaces.lowercased().replacingOccurrences(of: "colour", with: "color")
        guard let theme = all.first(where: { $0.name == key }) else { throw .unknownTheme(name) }
        return theme
    }

    /// The keys `applying(colorOverride:)` understands.
    public static let colorKeys = "spades, hearts, diamonds, clubs (or S, H, D, C), red, black, back, border"

    /// Applies `key=#hex`, e.g. `hearts=#d00`, `back=#225533`, `red=#b00020` (hearts and diamonds).
    public mutating func apply(colorOverride text: String) throws(PlayingCardsError) {
        let parts = text.split(separator: "=", maxSplits: 1).map { String($0).trimmingSpaces }
        guard parts.count == 2 else {
            throw .invalidColor("invalid --color \"\(text)\"; use KEY=#RRGGBB with KEY one of \(Self.colorKeys)")
        }
        let color: Color
        do {
            color = try Color(hex: parts[1])
        } catch {
            throw .invalidColor("invalid --color \"\(text)\": \"\(parts[1])\" is not a colour; use #RGB, #RRGGBB or #RRGGBBAA")
        }
        let key = parts[0].lowercased()
        if let suit = Suit.allCases.first(where: { $0.rawValue == key || $0.singularName == key || String($0.letter).lowercased() == key }) {
            setColor(color, for: suit)
            return
        }
        switch key {
        case "red": hearts = color; diamonds = color
        case "black": spades = color; clubs = color
        case "back": backColor = color
        case "border": borderColor = color
        default:
            throw .invalidColor("unknown colour key \"\(parts[0])\" in --color \"\(text)\"; use one of \(Self.colorKeys)")
        }
    }
}
