import CardRenderSupport
import Drawing
import Foundation

/// One distinct card of a deck exported to a digital tabletop: its name, how many copies the
/// deck holds, and how it draws itself into a card-sized rect.
public struct TabletopCard: Sendable {
    /// The name the tabletop shows (Tabletop Simulator's `Nickname`, Card Game Simulator's card name).
    public var name: String
    /// Copies of the card in the deck.
    public var count: Int
    /// Draws the card into a card-sized rect.
    public var draw: @Sendable (_ bounds: CGRect, _ canvas: Canvas) throws -> Void

    /// A card named `name`, held `count` times, drawn by `draw`.
    public init(name: String, count: Int = 1, draw: @escaping @Sendable (_ bounds: CGRect, _ canvas: Canvas) throws -> Void) {
        self.name = name
        self.count = count
        self.draw = draw
    }

    /// The card alone on a `size`-point picture, drawn into its whole bounds.
    public func picture(size: CGSize) -> Picture {
        let draw = self.draw
        return Picture(size: size, title: name) { canvas in try draw(CGRect(origin: .zero, size: size), canvas) }
    }
}

/// A deck for Tabletop Simulator: the cards cut into "card sheets" (grids of at most 10 × 7
/// cards, each sheet at most 4096 px a side, opaque), one back image, and a saved object (the
/// JSON Tabletop Simulator reads from its Saved Objects folder) naming them, as the
/// Tabletop Simulator Knowledge Base's "Custom Deck", "Asset Creation" and "Save File Format"
/// pages describe them.
///
/// Each sheet's grid is chosen for its own cards (20 cards of a poker deck sit 5 × 4, larger
/// than 10 × 7 would allow); `NumWidth` and `NumHeight` state it, and Tabletop Simulator cuts
/// the image into exactly that many equal cells. The back is its own image. What a hidden card
/// shows is either the back too (`BackIsHidden`), so all 70 slots of a full sheet hold cards,
/// or the image in each sheet's last slot (the back drawn there), so a full sheet holds 69. A
/// card's `CardID` is its sheet's key × 100 + its slot, counted row by row from 0.
///
/// When the cards' backs differ (`cardBacks`), each face sheet has a back sheet cut by the same
/// grid, each card's back in its face's slot, and the saved object says `UniqueBack`.
public struct TabletopSimulatorDeck: Sendable {
    /// Columns a sheet holds at most.
    public static let maxColumns = 10
    /// Rows a sheet holds at most.
    public static let maxRows = 7
    /// Slots on a full sheet.
    public static var slotsPerSheet: Int { maxColumns * maxRows }
    /// The largest width and height of a sheet, in pixels.
    public static let maxSheetSide = 4096
    /// Sheets a deck may have: 7,000 distinct cards.
    public static let maxSheets = 100
    /// Cards a deck may hold, copies included.
    public static let maxCopies = 10_000
    /// The sheets are laid on this colour: Tabletop Simulator takes RGB images only.
    public static let background = Color.white

    /// One distinct card: its name (the card's `Nickname`), how many copies the deck holds, and
    /// how it draws itself into a card-sized rect.
    public typealias Card = TabletopCard

    /// How one sheet is cut: its columns and rows and each card's size in pixels.
    public struct Grid: Sendable, Equatable, CustomStringConvertible {
        /// Cards across (`NumWidth`).
        public var columns: Int
        /// Cards down (`NumHeight`).
        public var rows: Int
        /// A card's width in pixels, the cell's.
        public var cardWidth: Int
        /// A card's height in pixels, the cell's.
        public var cardHeight: Int
        /// Pixels per point the cards are drawn at.
        public var pixelsPerPoint: Double

        /// The sheet's width in pixels: the cells side by side, nothing between them.
        public var sheetWidth: Int { columns * cardWidth }
        /// The sheet's height in pixels.
        public var sheetHeight: Int { rows * cardHeight }

        public var description: String {
            "\(columns)×\(rows) of \(cardWidth)×\(cardHeight) px (\(sheetWidth)×\(sheetHeight) px)"
        }

        /// The grid that shows `count` cards (1 to 70) of `cardSize` points largest: every
        /// column count from 1 to 10 with the rows it needs (at most 7), each card as large as
        /// fits a 4096th of the sheet's side per column or row, aspect kept; on a tie, the one
        /// with fewer empty slots, then fewer columns.
        public static func fitting(_ count: Int, cardSize: CGSize) -> Grid {
            let count = min(max(count, 1), TabletopSimulatorDeck.slotsPerSheet)
            var best: Grid?
            for columns in 1...TabletopSimulatorDeck.maxColumns {
                let rows = (count + columns - 1) / columns
                guard rows <= TabletopSimulatorDeck.maxRows else { continue }
                let grid = Grid(columns: columns, rows: rows, cardSize: cardSize)
                guard let current = best else { best = grid; continue }
                let empty = columns * rows - count, currentEmpty = current.columns * current.rows - count
                if grid.pixelsPerPoint > current.pixelsPerPoint
                    || (grid.pixelsPerPoint == current.pixelsPerPoint && empty < currentEmpty) {
                    best = grid
                }
            }
            return best ?? Grid(columns: TabletopSimulatorDeck.maxColumns, rows: TabletopSimulatorDeck.maxRows, cardSize: cardSize)
        }

        /// `columns` × `rows` cells, each card the largest that fits its cell with its aspect kept.
        init(columns: Int, rows: Int, cardSize: CGSize) {
            self.columns = columns
            self.rows = rows
            let side = TabletopSimulatorDeck.maxSheetSide
            let (cellWidth, cellHeight) = (side / columns, side / rows)
            var scale = min(Double(cellWidth) / Double(cardSize.width), Double(cellHeight) / Double(cardSize.height))
            // A card rounds up to whole pixels (`Resolution.pixelSize`); keep it inside its cell.
            var pixels = Resolution.scale(scale).pixelSize(for: cardSize)
            while pixels.width > cellWidth || pixels.height > cellHeight {
                scale = scale.nextDown
                pixels = Resolution.scale(scale).pixelSize(for: cardSize)
            }
            pixelsPerPoint = scale
            (cardWidth, cardHeight) = pixels
        }

        /// The resolution the cards of this grid are drawn at.
        public var resolution: Resolution { .scale(pixelsPerPoint) }
    }

    /// What Tabletop Simulator shows for a hidden card (one in another player's hand).
    public enum HiddenFace: String, Sendable, Hashable, CaseIterable, Codable {
        /// The back (`BackIsHidden`): every slot of a sheet holds a card.
        case back
        /// The last slot of each sheet, where the back is drawn: a full sheet holds 69 cards.
        case lastSlot = "last-slot"

        /// Cards a full sheet holds.
        public var cardsPerSheet: Int { self == .back ? slotsPerSheet : slotsPerSheet - 1 }
    }

    /// One card sheet: its key in `CustomDeck`, the cards on it and its grid.
    public struct Sheet: Sendable {
        /// The `CustomDeck` key, from 1; a card's id is key × 100 + slot.
        public var key: Int
        /// Indices into `cards`, in slot order.
        public var cards: Range<Int>
        /// How the sheet is cut.
        public var grid: Grid
        /// The slot of the hidden face (the grid's last), when the sheet has one.
        public var hiddenSlot: Int?
    }

    /// The grids of the sheets that hold `count` distinct cards: 70 to a sheet (69 and the
    /// hidden face with `hidden` `.lastSlot`), the last one cut for what is left.
    public static func grids(cardCount count: Int, cardSize: CGSize, hidden: HiddenFace = .back) -> [Grid] {
        let perSheet = hidden.cardsPerSheet, extra = hidden == .lastSlot ? 1 : 0
        return stride(from: 0, to: count, by: perSheet).map { first in
            Grid.fitting(min(perSheet, count - first) + extra, cardSize: cardSize)
        }
    }

    /// Every distinct card, in deck order.
    public let cards: [Card]
    /// The back, shared by every card unless `cardBacks` gives each its own; what the hidden
    /// face's slot shows with `HiddenFace.lastSlot`.
    public let back: Card
    /// Each distinct card's own back, in `cards` order, when the backs differ: drawn on back
    /// sheets (`UniqueBack`) instead of one back image. Nil: `back` for every card.
    public let cardBacks: [Card]?
    /// The card's trim size in points.
    public let cardSize: CGSize
    /// The deck's name in Tabletop Simulator.
    public let nickname: String
    /// What hidden cards show.
    public let hidden: HiddenFace
    /// The sheets, in key order.
    public let sheets: [Sheet]

    /// A deck of `cards` with `back`, or each with its back in `cardBacks` (one per card, in
    /// order), hidden cards showing `hidden`; refuses more than `maxSheets` sheets or
    /// `maxCopies` cards, or a `cardBacks` not one per card, before anything is drawn.
    public init(cards: [Card], back: Card, cardBacks: [Card]? = nil, cardSize: CGSize, nickname: String,
                hidden: HiddenFace = .back) throws(PlayingCardsError) {
        try Self.checkSize(counts: cards.map(\.count), hidden: hidden)
        if let cardBacks, cardBacks.count != cards.count {
            throw .tooLarge("a Tabletop Simulator deck with a back per card needs \(cards.count) backs, got \(cardBacks.count)")
        }
        let perSheet = hidden.cardsPerSheet
        self.cards = cards
        self.back = back
        self.cardBacks = cardBacks
        self.cardSize = cardSize
        self.nickname = nickname
        self.hidden = hidden
        let grids = Self.grids(cardCount: cards.count, cardSize: cardSize, hidden: hidden)
        sheets = grids.enumerated().map { index, grid in
            let first = index * perSheet
            return Sheet(key: index + 1, cards: first..<min(cards.count, first + perSheet), grid: grid,
                         hiddenSlot: hidden == .lastSlot ? grid.columns * grid.rows - 1 : nil)
        }
    }

    /// Refuses a deck of cards held `counts` times each (one count per distinct card) that needs
    /// more than `maxSheets` sheets or holds more than `maxCopies` cards, or has no card.
    public static func checkSize(counts: [Int], hidden: HiddenFace = .back) throws(PlayingCardsError) {
        guard !counts.isEmpty else { throw .tooLarge("a Tabletop Simulator deck needs at least one card") }
        let perSheet = hidden.cardsPerSheet
        let sheetCount = (counts.count + perSheet - 1) / perSheet
        guard sheetCount <= maxSheets else {
            throw .tooLarge("\(counts.count) cards would need \(sheetCount) Tabletop Simulator sheets; a deck holds at most "
                            + "\(maxSheets) (\(maxSheets * perSheet) distinct cards)")
        }
        var copies = 0
        for count in counts {
            guard count >= 0, copies <= maxCopies - count else {
                throw .tooLarge("a Tabletop Simulator deck holds at most \(maxCopies) cards, copies included")
            }
            copies += count
        }
    }

    // MARK: files

    /// The folder, inside the output folder, that holds the sheets, the back and the saved object.
    public static let folder = "tabletop-simulator"
    /// The saved object's file name.
    public static let savedObjectName = "saved-object.json"

    /// Sheet `key`'s file name (`deck-1.png`).
    public static func sheetName(_ key: Int, format: OutputFormat) -> String { "deck-\(key).\(format.fileExtension)" }
    /// The back's file name.
    public static func backName(format: OutputFormat) -> String { "back.\(format.fileExtension)" }
    /// The file name of sheet `key`'s backs (`backs-1.png`), when each card has its own back.
    public static func backSheetName(_ key: Int, format: OutputFormat) -> String { "backs-\(key).\(format.fileExtension)" }

    /// Whether each card has its own back, drawn on back sheets.
    public var hasUniqueBacks: Bool { cardBacks != nil }

    /// The files written for `cardCount` distinct cards, relative to `folder`: the sheets, then
    /// the back (or, with `uniqueBacks`, a back sheet per sheet), then the saved object.
    public static func fileNames(cardCount: Int, format: OutputFormat, hidden: HiddenFace = .back,
                                 uniqueBacks: Bool = false) -> [String] {
        let keys = (0..<(cardCount + hidden.cardsPerSheet - 1) / hidden.cardsPerSheet).map { $0 + 1 }
        let backs = uniqueBacks ? keys.map { backSheetName($0, format: format) } : [backName(format: format)]
        return keys.map { sheetName($0, format: format) } + backs + [savedObjectName]
    }

    /// The sheet as a picture whose pixel size at its grid's resolution is exactly the sheet's:
    /// each card at the top left of its cell, drawn at the grid's scale and clipped to the cell,
    /// on `background`; the back in the hidden face's slot, when the sheet has one.
    public func picture(of sheet: Sheet) -> Picture {
        picture(of: sheet, slots: Array(cards[sheet.cards]), title: "\(nickname), sheet \(sheet.key)")
    }

    /// The back sheet of `sheet`: each card's back (from `cardBacks`) in its face's slot, cut and
    /// drawn exactly as the face sheet is; `back` in the hidden face's slot, when the sheet has one.
    public func backPicture(of sheet: Sheet) -> Picture {
        let backs = sheet.cards.map { backOfCard($0) }
        return picture(of: sheet, slots: backs, title: "\(nickname), backs of sheet \(sheet.key)")
    }

    /// The back of card `index`: its own, or the deck's.
    public func backOfCard(_ index: Int) -> Card {
        guard let cardBacks, cardBacks.indices.contains(index) else { return back }
        return cardBacks[index]
    }

    /// `slots` in order from slot 0, and `back` in the hidden face's slot, on a sheet cut by `sheet`'s grid.
    private func picture(of sheet: Sheet, slots: [Card], title: String) -> Picture {
        let grid = sheet.grid, scale = CGFloat(grid.pixelsPerPoint), cardSize = self.cardSize
        let cards = slots.enumerated().map { ($0.offset, $0.element) } + (sheet.hiddenSlot.map { [($0, back)] } ?? [])
        let size = CGSize(width: CGFloat(grid.sheetWidth) / scale, height: CGFloat(grid.sheetHeight) / scale)
        return Picture(size: size, title: title) { canvas in
            canvas.fill(BezierPath(rect: CGRect(origin: .zero, size: size)), with: Self.background)
            for (slot, card) in cards {
                let cell = CGRect(x: CGFloat(slot % grid.columns * grid.cardWidth) / scale,
                                  y: CGFloat(slot / grid.columns * grid.cardHeight) / scale,
                                  width: CGFloat(grid.cardWidth) / scale, height: CGFloat(grid.cardHeight) / scale)
                try canvas.withSavedState {
                    canvas.clip(to: BezierPath(rect: cell))
                    try card.draw(CGRect(origin: cell.origin, size: cardSize), canvas)
                }
            }
        }
    }

    /// One card alone, as a cell of a sheet cut by `grid` shows it: the whole cell on
    /// `background` (a card's last column or row of pixels may be partly outside the card),
    /// clipped to the cell as there (Cairo composites a clip through a mask). Rendered at the
    /// grid's resolution, its pixels are the cell's.
    public func picture(of card: Card, in grid: Grid) -> Picture {
        let cardSize = self.cardSize, scale = CGFloat(grid.pixelsPerPoint)
        let cell = CGRect(x: 0, y: 0, width: CGFloat(grid.cardWidth) / scale, height: CGFloat(grid.cardHeight) / scale)
        return Picture(size: cell.size, title: card.name) { canvas in
            canvas.fill(BezierPath(rect: cell), with: Self.background)
            try canvas.withSavedState {
                canvas.clip(to: BezierPath(rect: cell))
                try card.draw(CGRect(origin: .zero, size: cardSize), canvas)
            }
        }
    }

    /// The back image's grid: the first sheet's, so the back is as sharp as its faces.
    public var backGrid: Grid { sheets[0].grid }

    /// The id Tabletop Simulator knows card `index` by: its sheet's key × 100 + its slot.
    public func cardID(_ index: Int) -> Int {
        (index / hidden.cardsPerSheet + 1) * 100 + index % hidden.cardsPerSheet
    }

    // MARK: saved object

    /// The saved object whose images are under `imageBase` (a URL ending in `/`: `file:///…/` or
    /// `https://…/`), the sheets and back in `format`.
    public func savedObject(imageBase: String, format: OutputFormat) -> TabletopSavedObject {
        let backURL = imageBase + Self.backName(format: format)
        var customDecks: [String: TabletopSavedObject.CustomDeck] = [:]
        for sheet in sheets {
            customDecks[String(sheet.key)] = TabletopSavedObject.CustomDeck(
                faceURL: imageBase + Self.sheetName(sheet.key, format: format),
                backURL: hasUniqueBacks ? imageBase + Self.backSheetName(sheet.key, format: format) : backURL,
                numWidth: sheet.grid.columns, numHeight: sheet.grid.rows, backIsHidden: hidden == .back,
                uniqueBack: hasUniqueBacks)
        }
        var ids: [Int] = []
        var contained: [TabletopSavedObject.Object] = []
        for (index, card) in cards.enumerated() {
            let id = cardID(index), key = String(id / 100)
            for _ in 0..<card.count {
                ids.append(id)
                contained.append(.card(id: id, nickname: card.name, customDeck: [key: customDecks[key]].compactMapValues { $0 }))
            }
        }
        let deck = TabletopSavedObject.Object.deck(nickname: nickname, ids: ids, customDeck: customDecks, contained: contained)
        return TabletopSavedObject(objectStates: [deck])
    }
}

/// A Tabletop Simulator saved object (`ObjectStates` with one `DeckCustom`), in the save file's
/// own key names; the outer fields are empty, as in the files the game writes to Saved Objects.
public struct TabletopSavedObject: Sendable, Codable, Equatable {
    /// The objects: one deck.
    public var objectStates: [Object]
    /// Empty in a saved object.
    public var saveName = "", gameMode = "", date = "", table = "", sky = "", note = "", rules = "", xmlUI = "",
               luaScript = "", luaScriptState = ""

    /// A saved object of `objectStates`.
    public init(objectStates: [Object]) { self.objectStates = objectStates }

    enum CodingKeys: String, CodingKey {
        case objectStates = "ObjectStates", saveName = "SaveName", gameMode = "GameMode", date = "Date", table = "Table",
             sky = "Sky", note = "Note", rules = "Rules", xmlUI = "XmlUI", luaScript = "LuaScript",
             luaScriptState = "LuaScriptState"
    }

    /// One card sheet: its images and how it is cut.
    public struct CustomDeck: Sendable, Codable, Equatable {
        /// The sheet of faces.
        public var faceURL: String
        /// The back image (one for every card unless `uniqueBack`).
        public var backURL: String
        /// Columns of the sheet.
        public var numWidth: Int
        /// Rows of the sheet.
        public var numHeight: Int
        /// Whether the back, not the sheet's last slot, shows for hidden cards.
        public var backIsHidden: Bool
        /// Whether `backURL` is a sheet of backs, one per card.
        public var uniqueBack: Bool
        /// The card shape: 0, a rounded rectangle.
        public var type = 0

        enum CodingKeys: String, CodingKey {
            case faceURL = "FaceURL", backURL = "BackURL", numWidth = "NumWidth", numHeight = "NumHeight",
                 backIsHidden = "BackIsHidden", uniqueBack = "UniqueBack", type = "Type"
        }
    }

    /// Where an object lies: at the table's centre, face down (turned 180° about z).
    public struct Transform: Sendable, Codable, Equatable {
        /// The position, 1 unit above the table's centre.
        public var posX = 0.0, posY = 1.0, posZ = 0.0
        /// The rotation in degrees: face down.
        public var rotX = 0.0, rotY = 180.0, rotZ = 180.0
        /// The scale: the card's own size.
        public var scaleX = 1.0, scaleY = 1.0, scaleZ = 1.0
    }

    /// A deck (`DeckCustom`) or one of its cards (`Card`).
    public struct Object: Sendable, Codable, Equatable {
        /// `DeckCustom` or `Card`.
        public var name: String
        /// The name the game shows: the deck's, or the card's file name.
        public var nickname: String
        /// Empty: a card's text is on its face.
        public var description = ""
        /// Where the object lies.
        public var transform = Transform()
        /// A card's id: its sheet's key × 100 + its slot.
        public var cardID: Int?
        /// A deck's cards by id, in order, a card repeated for each copy.
        public var deckIDs: [Int]?
        /// The sheets by key ("1", "2" …); a card names its own.
        public var customDeck: [String: CustomDeck]
        /// A deck's cards, one object per copy, in `deckIDs` order.
        public var containedObjects: [Object]?
        /// Whether the object can sit in a player's hand.
        public var hands: Bool
        /// Whether the card is shown turned a quarter: no.
        public var sidewaysCard = false

        enum CodingKeys: String, CodingKey {
            case name = "Name", nickname = "Nickname", description = "Description", transform = "Transform",
                 cardID = "CardID", deckIDs = "DeckIDs", customDeck = "CustomDeck", containedObjects = "ContainedObjects",
                 hands = "Hands", sidewaysCard = "SidewaysCard"
        }

        /// A deck of `contained` cards.
        static func deck(nickname: String, ids: [Int], customDeck: [String: CustomDeck], contained: [Object]) -> Object {
            Object(name: "DeckCustom", nickname: nickname, deckIDs: ids, customDeck: customDeck, containedObjects: contained,
                   hands: false)
        }

        /// One card of a deck.
        static func card(id: Int, nickname: String, customDeck: [String: CustomDeck]) -> Object {
            Object(name: "Card", nickname: nickname, cardID: id, customDeck: customDeck, hands: true)
        }
    }

    /// Stable JSON: sorted keys, a trailing newline, the same bytes every run.
    public func jsonData() throws -> Data { try StableJSON.data(self, trailingNewline: true) }
}

/// The Tabletop Simulator files a manifest lists: the sheets, the back and the saved object,
/// each with its size and SHA-256.
public struct TabletopSimulatorFiles: Sendable, Codable, Equatable {
    /// The sheets, in key order, then the back (or the back sheets, in key order), each with its pixel size.
    public var images: [ListedCardFile]
    /// The saved object to put in Tabletop Simulator's Saved Objects folder.
    public var savedObject: WrittenFile

    /// The files of `units` (paths relative to the output folder, as the manifest's are) and the
    /// saved object, from what was written.
    public init(units: [String], savedObject: WrittenFile, format: OutputFormat,
                facts: [String: WrittenFile]) throws(PlayingCardsError) {
        images = try units.map { path throws(PlayingCardsError) in
            guard let written = facts[path] else { throw .missingRenderedFile(path) }
            return ListedCardFile(written: written, format: format, pictureSize: .zero)
        }
        self.savedObject = savedObject
    }
}
