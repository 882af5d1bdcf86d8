/// What sets one court figure apart from the others of its rank, after the English pattern
/// of printed decks: the king of hearts' sword behind his head, the king of diamonds with an axe
/// and in profile, the one-eyed jacks of spades and hearts, the queen of spades' sceptre, each
/// queen's flower, the jack of hearts' leaf, the jack of clubs' arrow and feathered cap. The
/// drawings are this project's own; only the attributes follow the pattern.
struct CourtFigure: Hashable, Sendable {
    /// A side of the picture as the viewer sees it.
    enum Side: Hashable, Sendable {
        case left, right

        var opposite: Side { self == .left ? .right : .left }
    }

    /// How the head is turned.
    enum Head: Hashable, Sendable {
        /// Full face, both eyes seen.
        case front
        /// In profile looking towards `facing`, one eye seen.
        case profile(facing: Side)
    }

    enum Flower: Hashable, Sendable { case rose, tulip, daisy, lily }

    /// Something a figure holds.
    enum Emblem: Hashable, Sendable {
        /// An upright sword.
        case sword
        /// A sword raised behind the head, its hilt in the raised hand (the "suicide king").
        case swordBehindHead
        case axe
        /// An orb with a cross, sitting on the fist.
        case orb
        case sceptre
        case flower(Flower)
        case halberd
        case arrow
        case leaf
        /// A staff resting on the shoulder.
        case staffOnShoulder

        /// Whether it rises to the top of the panel, where the corner pip would be.
        var reachesTop: Bool {
            switch self {
            case .orb, .sceptre: false
            default: true
            }
        }
    }

    /// An emblem and the side of the hand holding it.
    struct Held: Hashable, Sendable {
        var emblem: Emblem
        var side: Side
    }

    var head: Head = .front
    var held: [Held]
    var moustache = true
    var smiles = false
    var capFeather = false

    /// The panel's corner pip goes to the side no tall emblem takes.
    var cornerPipSide: Side {
        held.first { $0.emblem.reachesTop }?.side.opposite ?? .left
    }

    /// The arm raised to the head, if any: its sleeve goes up instead of down.
    var raisedArm: Side? {
        held.first { $0.emblem == .swordBehindHead }?.side
    }

    /// The figure of `card`, a court card.
    static func of(_ card: Card) -> CourtFigure {
        switch (card.rank, card.suit) {
        case (.king, .spades): CourtFigure(held: [Held(emblem: .sword, side: .right)])
        case (.king, .hearts): CourtFigure(held: [Held(emblem: .swordBehindHead, side: .right)], moustache: false)
        case (.king, .diamonds): CourtFigure(head: .profile(facing: .left), held: [Held(emblem: .axe, side: .right)])
        case (.king, _): CourtFigure(held: [Held(emblem: .sword, side: .right), Held(emblem: .orb, side: .left)])
        case (.queen, .spades):
            CourtFigure(held: [Held(emblem: .flower(.lily), side: .left), Held(emblem: .sceptre, side: .right)])
        case (.queen, .hearts): CourtFigure(held: [Held(emblem: .flower(.rose), side: .left)])
        case (.queen, .diamonds): CourtFigure(held: [Held(emblem: .flower(.tulip), side: .left)])
        case (.queen, _): CourtFigure(held: [Held(emblem: .flower(.daisy), side: .left)])
        case (_, .spades): CourtFigure(head: .profile(facing: .left), held: [Held(emblem: .staffOnShoulder, side: .right)])
        case (_, .hearts): CourtFigure(head: .profile(facing: .right), held: [Held(emblem: .leaf, side: .right)])
        case (_, .diamonds): CourtFigure(held: [Held(emblem: .halberd, side: .right)], smiles: true)
        case (_, _): CourtFigure(held: [Held(emblem: .arrow, side: .right)], capFeather: true)
        }
    }
}
