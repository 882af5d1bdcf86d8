import CardTemplates
import Drawing
import CardRenderSupport
import Foundation
import PlayingCards

/// `cards.json`: the template and data a set of cards came from, and each card's row, copies and
/// files with their pixel sizes and SHA-256, so a game or a print script can find every file
/// and check it.
public struct CardsManifest: Sendable, Codable, Equatable {
    /// A card file with its pixel or point size, as `deck.json` lists one.
    public typealias File = ListedCardFile

    /// One card of the set: its row, copies and files.
    public struct Card: Sendable, Codable, Equatable {
        /// The data row (1-based), nil for the back.
        public var row: Int?
        /// The file stem the card's files share.
        public var name: String
        /// Copies of the card the row asks for; for a back, the copies of every card it backs.
        public var count: Int
        /// The file stem of the card's back, nil without backs (and for a back).
        public var back: String?
        /// The card's file in each format.
        public var files: [File]
    }

    /// The template's file name.
    public var template: String
    /// The data file's name; nil when the rows come from the template.
    public var data: String?
    /// The trim width in points.
    public var widthPoints: Double
    /// The trim height in points.
    public var heightPoints: Double
    /// The raster resolution, as `300 dpi` or `2x`.
    public var resolution: String
    /// Whether the files include a bleed (square corners), and how wide it is on every side.
    public var bleed: Bool
    /// The bleed on every side in points; 0 without bleed.
    public var bleedPoints: Double
    /// Every card, in row order.
    public var cards: [Card]
    /// Every distinct back the request drew, in the order the cards first use them; each card
    /// names its own in `back`.
    public var backs: [Card]
    /// Warnings from planning (text that does not fit, no cards).
    public var warnings: [String]
    /// The Tabletop Simulator deck, when the request wrote one.
    public var tabletopSimulator: TabletopSimulatorFiles?
    /// The showcase and hand pictures, when they were written.
    public var pictures: [ListedCardFile]?
    /// The Card Game Simulator game's files (or its zip), when the request wrote one.
    public var cardGameSimulator: [WrittenFile]?

    /// The manifest as stable JSON: sorted keys, a trailing newline, the same bytes every run.
    public func jsonData() throws -> Data {
        try StableJSON.data(self, trailingNewline: true)
    }

    /// What is known before rendering; the files' facts come after.
    struct Plan: Sendable {
        var template: CardTemplate
        var templatePath: String
        var dataPath: String?
        var cards: [TemplateCard]
        var backs: CardBacks?
        var formats: [OutputFormat]
        var resolution: Resolution
        var bleed: Bool
        var warnings: [String]

        func manifest(describing facts: [String: WrittenFile]) throws -> CardsManifest {
            let pictureSize = bleed ? template.bleedBox.size : template.size
            func files(_ stem: String) throws -> [File] {
                try formats.map { format in
                    let path = "\(stem).\(format.fileExtension)"
                    guard var written = facts[path] else { throw RequestError("cards.json: \(path) was not rendered") }
                    written.path = path
                    return File(written: written, format: format, pictureSize: pictureSize)
                }
            }
            return CardsManifest(
                template: URL(fileURLWithPath: templatePath).lastPathComponent,
                data: dataPath.map { URL(fileURLWithPath: $0).lastPathComponent },
                widthPoints: Double(template.size.width), heightPoints: Double(template.size.height),
                resolution: CardResolution.describe(resolution), bleed: bleed,
                bleedPoints: bleed ? Double(template.bleed) : 0,
                cards: try cards.indices.map { index in
                    let card = cards[index]
                    return Card(row: card.rowNumber, name: card.fileStem, count: card.count,
                                back: backs?.back(ofCard: index).card.fileStem, files: try files(card.fileStem))
                },
                backs: try (backs?.backs ?? []).map { back in
                    Card(row: nil, name: back.card.fileStem, count: back.card.count, files: try files(back.card.fileStem))
                },
                warnings: warnings)
        }
    }
}
