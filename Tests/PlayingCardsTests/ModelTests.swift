import CardRenderSupport
import Foundation
import PlayingCards
import Testing

@Suite("Card names")
struct CardNameTests {
    @Test(arguments: [
        ("AS", Card(.ace, of: .spades)), ("10H", Card(.ten, of: .hearts)), ("TD", Card(.ten, of: .diamonds)),
        ("qc", Card(.queen, of: .clubs)), ("A♠", Card(.ace, of: .spades)), ("Q♥️", Card(.queen, of: .hearts)),
        ("Q♥\u{FE0E}", Card(.queen, of: .hearts)), ("k♧", Card(.king, of: .clubs)), ("7♦", Card(.seven, of: .diamonds)),
        ("queen-of-hearts", Card(.queen, of: .hearts)), ("Ace of Spades", Card(.ace, of: .spades)),
        ("10_of_diamond", Card(.ten, of: .diamonds)), ("two-of-clubs", Card(.two, of: .clubs)), (" 9s ", Card(.nine, of: .spades)),
        ("jh", Card(.jack, of: .hearts)),
    ])
    func parsesTheFormsPeopleType(text: String, expected: Card) throws {
        #expect(try PlayingCard(parsing: text) == .standard(expected))
    }

    @Test func parsesJokers() throws {
        #expect(try PlayingCard(parsing: "RJ") == .joker(.red))
        #expect(try PlayingCard(parsing: "bj") == .joker(.black))
        #expect(try PlayingCard(parsing: "red-joker") == .joker(.red))
        #expect(try PlayingCard(parsing: "Black Joker") == .joker(.black))
    }

    @Test(arguments: ["", "1S", "11H", "AX", "ZS", "queen-of-stars", "queen-hearts", "A♠♠", "10", "S", "joker", "0C"])
    func rejectsEverythingElse(text: String) {
        #expect(throws: PlayingCardsError.unknownCard(text)) { try PlayingCard(parsing: text) }
    }

    @Test func errorListsTheAcceptedForms() {
        let message = PlayingCardsError.unknownCard("XYZ").description
        for form in ["\"XYZ\"", "AS", "10H", "TD", "qc", "A♠", "Q♥️", "queen-of-hearts", "RJ"] {
            #expect(message.contains(form), "missing \(form) in: \(message)")
        }
        #expect(!message.contains("\n"))
    }

    @Test func namesRoundTrip() throws {
        for card in Deck.standard.cards {
            #expect(try CardName.parseCard(card.shortName) == card)
            #expect(try CardName.parseCard(card.longName) == card)
            #expect(try CardName.parseCard(card.description) == card)
        }
        #expect(Card(.ten, of: .hearts).shortName == "10H")
        #expect(Card(.queen, of: .hearts).longName == "queen-of-hearts")
    }
}

@Suite("Deck")
struct DeckTests {
    @Test func newDeckIsTheFiftyTwoInOrder() {
        let cards = Deck().cards
        #expect(cards.count == 52)
        #expect(Set(cards).count == 52)
        #expect(cards.first == Card(.ace, of: .spades))
        #expect(cards[13] == Card(.ace, of: .hearts))
        #expect(cards.last == Card(.king, of: .clubs))
        #expect(cards == cards.sorted())
    }

    @Test func rankOrderIsTheLectureInteger() {
        #expect(Rank.ace.order == 1)
        #expect(Rank.ten.order == 10)
        #expect(Rank.king.order == 13)
        #expect(Rank.allCases.map(\.label) == ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"])
        #expect(Rank.jack < Rank.queen)
    }

    /// Reference outputs of Vigna's splitmix64.c for seed 1234567.
    @Test func splitMixMatchesTheReference() {
        var generator = SplitMix64(seed: 1_234_567)
        let expected: [UInt64] = [
            6_457_827_717_110_365_317, 3_203_168_211_198_807_973, 9_817_491_932_198_370_423,
            4_593_380_528_125_082_431, 16_408_922_859_458_223_821,
        ]
        #expect((0..<5).map { _ in generator.next() } == expected)
    }

    @Test func boundedDrawsAreUniformEnough() {
        var generator = SplitMix64(seed: 7)
        var counts = [Int](repeating: 0, count: 6)
        for _ in 0..<60_000 { counts[Int(generator.next(below: 6))] += 1 }
        // Each face expects 10 000; a chi-square over 5 degrees of freedom stays under 20.5 (p = 0.001).
        let chiSquare = counts.reduce(0.0) { $0 + pow(Double($1) - 10_000, 2) / 10_000 }
        #expect(chiSquare < 20.5, "counts \(counts)")
    }

    @Test func shuffleIsReproducibleAndAPermutation() {
        let first = Deck().shuffled(seed: 42)
        let again = Deck().shuffled(seed: 42)
        let other = Deck().shuffled(seed: 43)
        #expect(first == again)
        #expect(first != other)
        #expect(first != Deck())
        #expect(Set(first.cards) == Set(Deck().cards))
        #expect(first.count == 52)
    }

    /// Pinned so a change of algorithm (which would change every seeded game) is noticed.
    @Test func shuffleOrderIsStableAcrossVersions() {
        let top = Deck().shuffled(seed: 2024).cards.prefix(5).map(\.shortName)
        #expect(top == Self.pinnedTopFive, "got \(top)")
    }

    static let pinnedTopFive = ["AH", "5H", "9S", "9H", "3H"]

    @Test func dealTakesFromTheTop() {
        var deck = Deck()
        let hand = deck.deal(5)
        #expect(hand.map(\.shortName) == ["AS", "2S", "3S", "4S", "5S"])
        #expect(deck.count == 47)
        #expect(deck.deal(100).count == 47)
        #expect(deck.count == 0)
    }
}
