import CardRenderSupport
import Drawing
import Foundation

/// How files of a deck are named.
public enum CardFileNaming: String, CaseIterable, Sendable, Hashable, Codable {
    /// `AS.png`, `10H.png`, `RJ.png`, `back.png`.
    case short
    /// `ace-of-spades.png`, `red-joker.png`, `back.png`: names ad-blockers leave alone
    /// (they block paths like `AD.png` in web games).
    case long

    /// The file name, without extension, of `side` under this naming.
    public func name(for side: CardSide) -> String {
        self == .short ? side.shortName : side.longName
    }
}

/// One card picture to write: its path, picture, format and resolution, and the card side it
/// shows. (The render pipeline turns it into a file to render.)
public struct CardFile: Sendable {
    /// Relative to the output folder.
    public var relativePath: String
    /// What is drawn into the file.
    public var picture: Picture
    /// The format the picture is encoded in.
    public var format: OutputFormat
    /// The raster resolution; vector formats ignore it.
    public var resolution: Resolution
    /// The card side the picture shows, for the manifest.
    public var side: CardSide
    /// For a back: its design.
    public var backDesign: BackDesign?

    /// A card file at `relativePath`; `backDesign` is set only for backs.
    public init(relativePath: String, picture: Picture, format: OutputFormat, resolution: Resolution, side: CardSide,
                backDesign: BackDesign?) {
        self.relativePath = relativePath
        self.picture = picture
        self.format = format
        self.resolution = resolution
        self.side = side
        self.backDesign = backDesign
    }
}

/// Everything `cardrender deck` writes, planned before anything is rendered: the card files,
/// the optional sprite sheet with its atlas, and the manifest built from the written bytes.
public struct DeckExport: Sendable {
    /// Draws the deck's cards: size, theme and face images.
    public var renderer: CardRenderer
    /// The formats each card is written in.
    public var formats: [OutputFormat]
    /// The raster resolution of PNG files and the sprite sheet.
    public var resolution: Resolution
    /// Short (`AS`) or long (`ace-of-spades`) file names.
    public var naming: CardFileNaming
    /// Adds the red and black jokers.
    public var includesJokers: Bool
    /// Every back design, not only the theme's: `back` is the theme's, the others are
    /// `back-<design>` (`back-rosette`).
    public var includesAllBacks: Bool
    /// Folder inside the output folder ("" for the output folder itself).
    public var folder: String

    /// An export of the 52 cards and the theme's back, in PNG at scale 1 unless told otherwise.
    public init(renderer: CardRenderer, formats: [OutputFormat] = [.png], resolution: Resolution = .scale(1),
                naming: CardFileNaming = .short, includesJokers: Bool = false, includesAllBacks: Bool = false,
                folder: String = "") {
        self.renderer = renderer
        self.formats = formats
        self.resolution = resolution
        self.naming = naming
        self.includesJokers = includesJokers
        self.includesAllBacks = includesAllBacks
        self.folder = folder
    }

    /// One picture of the deck: a side drawn by a renderer (backs of other designs have their
    /// own), and the file name without extension.
    public struct Item: Sendable {
        /// The file name without extension (`AS`, `back-rosette`).
        public var name: String
        /// The side drawn.
        public var side: CardSide
        /// For a back: its design.
        public var backDesign: BackDesign?
        /// The renderer that draws the item (a back of another design has its own).
        public var renderer: CardRenderer
    }

    /// The backs written: the theme's design, named `back`; with `includesAllBacks`, then every
    /// other design.
    public var backs: [Item] { includesAllBacks ? everyBack : Array(everyBack.prefix(1)) }

    /// Every back design, the theme's first.
    private var everyBack: [Item] {
        let designs = [renderer.theme.backDesign] + BackDesign.allCases.filter { $0 != renderer.theme.backDesign }
        return designs.enumerated().map { index, design in
            var drawing = renderer
            drawing.theme.backDesign = design
            let name = naming.name(for: .back) + (index == 0 ? "" : "-\(design.rawValue)")
            return Item(name: name, side: .back, backDesign: design, renderer: drawing)
        }
    }

    /// The 52 cards in new-deck order (`Deck.standard`), one row per suit as on the sheets.
    public var cardRows: [[Item]] {
        Suit.allCases.map { suit in
            Rank.allCases.map { rank in
                let side = CardSide.card(rank, of: suit)
                return Item(name: naming.name(for: side), side: side, renderer: renderer)
            }
        }
    }

    /// The jokers written (none unless `includesJokers`).
    public var jokers: [Item] { includesJokers ? bothJokers : [] }

    private var bothJokers: [Item] {
        Joker.allCases.map { joker in
            let side = CardSide.joker(joker)
            return Item(name: naming.name(for: side), side: side, renderer: renderer)
        }
    }

    /// The 52 cards in new-deck order, the backs, then the jokers when asked for.
    public var items: [Item] { cardRows.flatMap { $0 } + backs + jokers }

    /// `name` inside `folder`, relative to the output folder.
    public func path(_ name: String) -> String { folder.isEmpty ? name : folder + "/" + name }

    /// One file per picture and format, in deck order.
    public var files: [CardFile] {
        items.flatMap { item in
            let picture = item.renderer.picture(for: item.side)
            return formats.map { format in
                CardFile(relativePath: path("\(item.name).\(format.fileExtension)"), picture: picture, format: format,
                         resolution: resolution, side: item.side, backDesign: item.backDesign)
            }
        }
    }

    /// Checks everything that can be checked before rendering: resolution and pixel limits.
    public func validate(sheet: Bool) throws(PlayingCardsError) {
        if formats.contains(where: \.isRaster) || sheet { try renderer.size.validate(for: resolution) }
        if sheet { _ = try spriteSheet() }
    }

    // MARK: sprite sheet

    /// The sprite sheet's file name.
    public var spriteSheetImageName: String { "sheet.png" }
    /// The sprite sheet's atlas file name.
    public var spriteSheetAtlasName: String { "sheet.json" }

    /// 13 columns, one row per suit, and a last row with every back design and both jokers.
    public func spriteSheet() throws(PlayingCardsError) -> SpriteSheet {
        try SpriteSheet(rows: sheetRows, cardSize: renderer.size, resolution: resolution)
    }

    /// The cards of the sprite and contact sheets, by row, named as the deck names their files:
    /// a row per suit, then every back design and both jokers, whether or not the deck writes
    /// them as files (`includesAllBacks`, `includesJokers`).
    public var sheetRows: [[SpriteSheet.Item]] {
        (cardRows + [everyBack + bothJokers]).map { row in
            row.map { SpriteSheet.Item(name: "\($0.name).png", side: $0.side, renderer: $0.renderer) }
        }
    }

    /// The sprite sheet's atlas, naming `spriteSheetImageName` as its image.
    public func atlasJSON() throws(PlayingCardsError) -> Data {
        try spriteSheet().atlasJSON(imageName: spriteSheetImageName)
    }

    // MARK: manifest

    /// `deck.json` from what is known of each rendered file (size, SHA-256, pixel size), keyed by
    /// relative path, so a caller that hashed the files as it wrote them need not keep their bytes.
    public func manifest(describing facts: [String: WrittenFile]) throws(PlayingCardsError) -> DeckManifest {
        let entries = try files.map { file throws(PlayingCardsError) in
            guard let known = facts[file.relativePath] else {
                throw PlayingCardsError.missingRenderedFile(file.relativePath)
            }
            return DeckManifest.Entry(file: file, facts: known, manifestFolder: folder)
        }
        return DeckManifest(size: renderer.size, theme: renderer.theme.name, resolution: resolution, files: entries)
    }

    /// Where `deck.json` goes, relative to the output folder.
    public var manifestPath: String { path("deck.json") }
}

/// `deck.json`: one entry per card file with its card, path, pixel size and SHA-256.
public struct DeckManifest: Sendable, Codable, Equatable {
    /// A card file: the listed file plus which card it shows. In JSON all its keys sit side by side.
    public struct Entry: Sendable, Codable, Equatable {
        /// The file's path, digest, format and size.
        public var file: ListedCardFile
        /// Short name: `AS`, `RJ`, `back`.
        public var card: String
        /// Long name: `ace-of-spades`, `red-joker`, `back`.
        public var name: String
        /// For a back: its design (`lattice`, `rosette`).
        public var backDesign: String?

        /// The entry for `file`, written with `facts`, its path made relative to `manifestFolder`.
        public init(file: CardFile, facts: WrittenFile, manifestFolder: String) {
            card = file.side.shortName
            name = file.side.longName
            backDesign = file.backDesign?.rawValue
            let prefix = manifestFolder.isEmpty ? "" : manifestFolder + "/"
            var written = facts
            written.path = file.relativePath.hasPrefix(prefix) ? String(file.relativePath.dropFirst(prefix.count)) : file.relativePath
            self.file = ListedCardFile(written: written, format: file.format, pictureSize: file.picture.size)
        }

        private enum CodingKeys: String, CodingKey { case card, name, backDesign }

        public init(from decoder: any Decoder) throws {
            file = try ListedCardFile(from: decoder)
            let keys = try decoder.container(keyedBy: CodingKeys.self)
            card = try keys.decode(String.self, forKey: .card)
            name = try keys.decode(String.self, forKey: .name)
            backDesign = try keys.decodeIfPresent(String.self, forKey: .backDesign)
        }

        public func encode(to encoder: any Encoder) throws {
            try file.encode(to: encoder)
            var keys = encoder.container(keyedBy: CodingKeys.self)
            try keys.encode(card, forKey: .card)
            try keys.encode(name, forKey: .name)
            try keys.encodeIfPresent(backDesign, forKey: .backDesign)
        }
    }

    /// The card size's name or `WxH`.
    public var size: String
    /// The card width in points.
    public var widthPoints: Double
    /// The card height in points.
    public var heightPoints: Double
    /// The theme's name.
    public var theme: String
    /// The raster resolution, as `2x` or `300 dpi`.
    public var resolution: String
    /// Every card file, in the order written.
    public var files: [Entry]
    /// The Tabletop Simulator deck, when one was written.
    public var tabletopSimulator: TabletopSimulatorFiles?
    /// The showcase and hand pictures, when they were written.
    public var pictures: [ListedCardFile]?
    /// The Card Game Simulator game's files (or its zip), when one was written.
    public var cardGameSimulator: [WrittenFile]?

    /// A manifest of `files` for a deck of this size, theme and resolution.
    public init(size: CardSize, theme: String, resolution: Resolution, files: [Entry]) {
        self.size = size.description
        widthPoints = Double(size.points.width)
        heightPoints = Double(size.points.height)
        self.theme = theme
        self.resolution = CardResolution.describe(resolution)
        self.files = files
    }

    /// The manifest as stable JSON: sorted keys, a trailing newline, the same bytes every run.
    public func jsonData() throws -> Data {
        try StableJSON.data(self, trailingNewline: true)
    }
}
