import BatchRendering
import Drawing
import Foundation
import PlayingCards

/// Every card and the back (and jokers, other back designs), `deck.json`, and optionally a
/// sprite sheet with its atlas and a contact sheet (`cardrender deck`, `kind: deck`).
public struct DeckRequest: RenderRequest, Equatable {
    /// Adds the red and black jokers.
    public var jokers = false
    /// Writes a back in every design, not only the chosen one.
    public var allBacks = false
    /// Also writes a sprite sheet of the deck with its JSON atlas.
    public var sheet = false
    /// Also writes a contact sheet of the deck with the cards' names.
    public var contactSheet = false
    /// How files are named: short (`AS`) or long (`ace-of-spades`).
    public var names: CardFileNaming = .short
    /// Size, theme, resolution and formats.
    public var look = CardLook()
    /// Also writes a Tabletop Simulator deck of the cards (and jokers) with the theme's back.
    public var tabletop = TabletopSimulatorSetting()
    /// Also writes `showcase.png`: a few cards in perspective with their reflections.
    public var showcase = ShowcaseSetting()
    /// Also writes `hand.png`: a few cards fanned out as if held.
    public var hand = HandSetting()
    /// Also writes a Card Game Simulator game of the cards (and jokers) with the theme's back.
    public var cardGameSimulator = CardGameSimulatorSetting()

    /// A request for the whole deck with the given extras and look.
    public init(jokers: Bool = false, allBacks: Bool = false, sheet: Bool = false, contactSheet: Bool = false,
                names: CardFileNaming = .short, look: CardLook = CardLook()) {
        self.jokers = jokers
        self.allBacks = allBacks
        self.sheet = sheet
        self.contactSheet = contactSheet
        self.names = names
        self.look = look
    }

    enum Key: String, CodingKey, CaseIterable {
        case jokers, allBacks = "all-backs", sheet, contactSheet = "contact-sheet", names
    }

    /// The spec keys a `deck` job accepts.
    public static let keys = Key.allCases.map(\.rawValue) + CardLook.Key.allCases.map(\.rawValue)
        + TabletopSimulatorSetting.keys + CardGameSimulatorSetting.keys + ShowcaseSetting.keys + HandSetting.keys

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        jokers = try container.value(.jokers, or: jokers)
        allBacks = try container.value(.allBacks, or: allBacks)
        sheet = try container.value(.sheet, or: sheet)
        contactSheet = try container.value(.contactSheet, or: contactSheet)
        names = try container.value(.names, or: names)
        look = try CardLook(from: try decoder.container(keyedBy: CardLook.Key.self))
        tabletop = try TabletopSimulatorSetting(from: decoder)
        showcase = try ShowcaseSetting(from: decoder)
        hand = try HandSetting(from: decoder)
        cardGameSimulator = try CardGameSimulatorSetting(from: decoder)
    }

    public func validate(as source: RequestSource) throws(RequestError) {
        // A quality may be for the Tabletop Simulator images alone (JPEG sheets beside PNG cards).
        var look = self.look
        if tabletop.enabled, !look.formats.contains(tabletop.format) { look.formats.append(tabletop.format) }
        try look.validate(as: source)
        try tabletop.validate(as: source)
        try showcase.validate(as: source)
        try hand.validate(as: source)
        try cardGameSimulator.validate(as: source)
    }

    /// The request with its Tabletop Simulator images named by their `file://` URLs in `folder`
    /// unless a base URL is given.
    public func locating(in folder: URL) -> DeckRequest {
        var request = self
        request.tabletop = tabletop.locating(in: folder)
        return request
    }

    public func plan() throws -> OutputPlan {
        let export = DeckExport(renderer: try look.makeRenderer(), formats: look.formats, resolution: look.resolution,
                                naming: names, includesJokers: jokers, includesAllBacks: allBacks)
        try export.validate(sheet: sheet)
        var files = export.files.map { FileToRender($0.relativePath, $0.picture, format: $0.format, resolution: $0.resolution)
            .atQuality(look.quality) }
        var atlas: Data?
        if sheet {
            let spriteSheet = try export.spriteSheet()
            files.append(FileToRender(export.spriteSheetImageName, spriteSheet.picture(), format: .png,
                                      resolution: export.resolution))
            atlas = spriteSheet.atlasJSON(imageName: export.spriteSheetImageName)
        }
        if contactSheet {
            files.append(FileToRender("contact-sheet.png", try ContactSheet.picture(for: export), format: .png,
                                      resolution: look.resolution))
        }
        let source = CardPictureSource(
            items: (export.cardRows.flatMap { $0 } + export.jokers).map {
                SpriteSheet.Item(name: $0.name, side: $0.side, renderer: $0.renderer)
            },
            cardSize: export.renderer.size.points, cornerRadius: export.renderer.layout.cornerRadius, formats: look.formats,
            resolution: look.resolution, quality: look.quality)
        let pictures = try showcase.files(of: source) + hand.files(of: source)
        files += pictures
        let manifestPath = export.manifestPath
        let tabletop = self.tabletop.enabled ? self.tabletop.plan(try tabletopDeck(export), quality: look.quality) : nil
        let gameUnits = cardGameSimulator.enabled ? try cardGameSimulator.plan(try cardGameSimulatorGame(export)) : []
        // The atlas is known now, so it is a file of its own.
        let units = files.map(\.unit) + (atlas.map { [OutputUnit.known(export.spriteSheetAtlasName, $0)] } ?? [])
            + (tabletop?.units ?? []) + gameUnits
        let tabletopFormat = self.tabletop.format
        return OutputPlan(units: units, derivedPaths: (tabletop.map { [$0.savedObject.path] } ?? []) + [manifestPath]) { rendered in
            // deck.json states the SHA-256 of the bytes just rendered.
            var manifest = try export.manifest(describing: rendered)
            manifest.pictures = try CardPictureSource.listed(pictures, facts: rendered)
            manifest.cardGameSimulator = try CardGameSimulatorSetting.listed(gameUnits.map(\.path), facts: rendered)
            guard let tabletop else { return [RenderedFile(path: manifestPath, data: try manifest.jsonData())] }
            manifest.tabletopSimulator = try TabletopSimulatorFiles(units: tabletop.units.map(\.path),
                                                                    savedObject: tabletop.savedObject.facts,
                                                                    format: tabletopFormat, facts: rendered)
            return [tabletop.savedObject, RenderedFile(path: manifestPath, data: try manifest.jsonData())]
        }
    }

    /// The Tabletop Simulator deck: the 52 cards in new-deck order, then the jokers when asked
    /// for, each once, with the theme's back.
    func tabletopDeck(_ export: DeckExport) throws -> TabletopSimulatorDeck {
        let cards = (export.cardRows.flatMap { $0 } + export.jokers).map { item in
            TabletopSimulatorDeck.Card(name: item.name) { bounds, canvas in try item.renderer.draw(item.side, in: bounds, on: canvas) }
        }
        let back = export.backs[0]
        let backCard = TabletopSimulatorDeck.Card(name: back.name) { bounds, canvas in
            try back.renderer.draw(back.side, in: bounds, on: canvas)
        }
        return try TabletopSimulatorDeck(cards: cards, back: backCard, cardSize: export.renderer.size.points,
                                         nickname: export.renderer.theme.name, hidden: tabletop.hidden)
    }

    /// The Card Game Simulator game: the cards as the Tabletop Simulator deck has them, at the
    /// deck's resolution, named after the theme.
    func cardGameSimulatorGame(_ export: DeckExport) throws -> CardGameSimulatorGame {
        let deck = try tabletopDeck(export)
        return try CardGameSimulatorGame(name: deck.nickname, cards: deck.cards, back: deck.back,
                                         cardSize: export.renderer.size.points, resolution: export.resolution)
    }

    public var inputFolders: [String] { look.inputFolders }
}
