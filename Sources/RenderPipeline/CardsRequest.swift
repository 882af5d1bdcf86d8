import BatchRendering
import CardRenderSupport
import CardTemplates
import Drawing
import Foundation
import PlayingCards
import SpecFiles
import Synchronization

/// Custom cards: every row of data drawn through a card template, one file per card and format,
/// `cards.json`, and optionally a back, a sprite sheet with its atlas and a contact sheet
/// (`cardrender cards`, `kind: cards`).
public struct CardsRequest: RenderRequest, Equatable {
    /// The template file, YAML or JSON.
    public var template: String
    /// CSV, TSV, JSON, YAML, XLSX or ODS rows; nil for the template's own `data:`.
    public var data: String?
    /// The sheet of an XLSX or ODS `data` file to read (`--data-sheet`); nil for the first.
    public var dataSheet: String?
    /// Row conditions added to the template's `where:`.
    public var filters: [String] = []
    /// The formats each card is written in.
    public var formats: [OutputFormat] = [.png]
    /// Lossy quality of the formats that have one (WebP, 0 to 100); nil: lossless.
    public var quality: Int?
    /// Pixels per inch of PNG files; nil for the template's `card.dpi`.
    public var dpi: Double?
    /// How far files reach past the trim (with square corners): off, the template's
    /// `card.bleed`, or a length in its place.
    public var bleed: BleedSetting = .off
    /// A template drawn as every card's back, filled from the card's row: `back.png` when every
    /// card has the same back, else `back-1.png`, `back-2.png` … A path holding a `{column}`
    /// (`backs/{element}.yaml`) is filled per row and read inside the template's folder.
    public var back: String?
    /// Also writes a sprite sheet of the cards with its JSON atlas.
    public var sheet = false
    /// Also writes a contact sheet of the cards with their names.
    public var contactSheet = false
    /// Folders besides the template's that paths made from data (an image `src` holding a
    /// `{column}`) may lead into (`--allow-dir`).
    public var allowedFolders: [String] = []
    /// Every warning (text that overflows even at its smallest size, no cards, no bleed to
    /// include) fails the request instead.
    public var strict = false
    /// Also writes a Tabletop Simulator deck: sheets, back and saved object.
    public var tabletop = TabletopSimulatorSetting()
    /// Also writes `showcase.png`: a few cards in perspective with their reflections.
    public var showcase = ShowcaseSetting()
    /// Also writes `hand.png`: a few cards fanned out as if held.
    public var hand = HandSetting()
    /// Also writes a Card Game Simulator game: a folder (or `.cgs.zip`) with one image per card.
    public var cardGameSimulator = CardGameSimulatorSetting()
    /// The most pixels an image the cards draw may have (a PNG, or one an SVG embeds): the
    /// `--max-pixels` budget; not a spec key.
    public var maxImagePixels = RenderLimits.defaultMaxPixels
    /// The templates and rows read once for a batch's planning, which asks for the outputs and
    /// the input folders of the same request (1,000 rows take about half a second to resolve).
    private let resolution = ResolutionCache()

    /// A request for the cards of `template`, with the given rows and options.
    public init(template: String, data: String? = nil, filters: [String] = [], formats: [OutputFormat] = [.png],
                dpi: Double? = nil, bleed: BleedSetting = .off, back: String? = nil, sheet: Bool = false,
                contactSheet: Bool = false, allowedFolders: [String] = [], strict: Bool = false) {
        self.template = template
        self.data = data
        self.filters = filters
        self.formats = formats
        self.dpi = dpi
        self.bleed = bleed
        self.back = back
        self.sheet = sheet
        self.contactSheet = contactSheet
        self.allowedFolders = allowedFolders
        self.strict = strict
    }

    enum Key: String, CodingKey, CaseIterable {
        case template, data, dataSheet = "data-sheet", filters = "where", format, quality, dpi, bleed, back, sheet, contactSheet = "contact-sheet",
             allowedFolders = "allow-dir", strict
    }

    /// The spec keys a `cards` job accepts.
    public static let keys = Key.allCases.map(\.rawValue) + TabletopSimulatorSetting.keys + CardGameSimulatorSetting.keys
        + ShowcaseSetting.keys + HandSetting.keys
    /// Keys naming files, resolved relative to a batch spec.
    public static let pathKeys: Set<String> = ["template", "data", "back", "allow-dir"]
    /// The manifest's file name.
    public static let manifestPath = "cards.json"
    /// The file stem of the back.
    public static let backStem = "back"
    /// The sprite sheet's file name.
    public static let sheetImageName = "sheet.png"
    /// The sprite sheet's atlas file name.
    public static let sheetAtlasName = "sheet.json"
    /// The contact sheet's file name.
    public static let contactSheetName = "contact-sheet.png"
    /// The dots per inch a card may be rendered at.
    static let dpiRange = CardResolution.dpiRange
    /// Names of the files written beside the cards: no card takes them, whichever are asked for,
    /// so a card's file name does not depend on `--sheet` or `--back`.
    public static let reservedStems = [backStem, sheetImageName, sheetAtlasName, contactSheetName, manifestPath,
                                       ShowcaseSetting.stem, HandSetting.stem]
        .map { ($0 as NSString).deletingPathExtension }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        template = try container.decode(String.self, forKey: .template)
        data = try container.decodeIfPresent(String.self, forKey: .data)
        dataSheet = try container.decodeIfPresent(String.self, forKey: .dataSheet)
        filters = try container.stringOrList(.filters)
        formats = try container.decodeIfPresent(FormatList.self, forKey: .format)?.formats ?? formats
        quality = try container.decodeIfPresent(Int.self, forKey: .quality)
        dpi = try container.decodeIfPresent(Double.self, forKey: .dpi)
        bleed = try container.value(.bleed, or: bleed)
        back = try container.decodeIfPresent(String.self, forKey: .back)
        sheet = try container.value(.sheet, or: sheet)
        contactSheet = try container.value(.contactSheet, or: contactSheet)
        allowedFolders = try container.stringOrList(.allowedFolders)
        strict = try container.value(.strict, or: strict)
        tabletop = try TabletopSimulatorSetting(from: decoder)
        showcase = try ShowcaseSetting(from: decoder)
        hand = try HandSetting(from: decoder)
        cardGameSimulator = try CardGameSimulatorSetting(from: decoder)
    }

    /// The request with its Tabletop Simulator images named by their `file://` URLs in `folder`
    /// unless a base URL is given.
    public func locating(in folder: URL) -> CardsRequest {
        var request = self
        request.tabletop = tabletop.locating(in: folder)
        return request
    }

    public func limitingImages(to maxPixels: Int) -> CardsRequest {
        var request = self
        request.maxImagePixels = maxPixels
        return request
    }

    public func validate(as source: RequestSource) throws(RequestError) {
        if let dpi, !(dpi.isFinite && Self.dpiRange.contains(dpi)) {
            throw RequestError("\(source.name("dpi")) must be from \(Int(Self.dpiRange.lowerBound)) to "
                               + "\(Int(Self.dpiRange.upperBound)) pixels per inch, got \(String(format: "%g", dpi))", key: "dpi")
        }
        try FormatList.validate(quality: quality, for: formats + (tabletop.enabled ? [tabletop.format] : []), as: source)
        try tabletop.validate(as: source)
        try showcase.validate(as: source)
        try hand.validate(as: source)
        try cardGameSimulator.validate(as: source)
        if cardGameSimulator.enabled, back == nil {
            throw RequestError("\(source.name(CardGameSimulatorSetting.Key.enabled.rawValue)) needs a back "
                               + "(\(source.name("back")) FILE): Card Game Simulator shows it on every card's reverse",
                               key: CardGameSimulatorSetting.Key.enabled.rawValue)
        }
        if tabletop.enabled, back == nil {
            throw RequestError("\(source.name(TabletopSimulatorSetting.Key.enabled.rawValue)) needs a back "
                               + "(\(source.name("back")) FILE): Tabletop Simulator shows it on every card's reverse",
                               key: TabletopSimulatorSetting.Key.enabled.rawValue)
        }
        try validateDataSheet(as: source)
        try validateFiles(as: source)
    }

    /// A sheet is named only for spreadsheet data.
    func validateDataSheet(as source: RequestSource) throws(RequestError) {
        guard dataSheet != nil else { return }
        guard let data else {
            throw RequestError("\(source.name("data-sheet")) picks a sheet of \(source.name("data")); give an .xlsx or .ods file there",
                               key: "data-sheet")
        }
        guard CardData.Format(pathExtension: (data as NSString).pathExtension)?.isSpreadsheet == true else {
            throw RequestError("\(source.name("data-sheet")) is for .xlsx and .ods data; \(data) has no sheets", key: "data-sheet")
        }
    }

    /// The template, data and back files exist (a back chosen by the data is checked per row),
    /// and so do the allowed folders.
    func validateFiles(as source: RequestSource, backKey: String = "back") throws(RequestError) {
        for (key, path) in [("template", template), ("data", data), (backKey, fixedBack)] {
            guard let path else { continue }
            guard FileManager.default.fileExists(atPath: path) else {
                throw RequestError("\(source.name(key)): \(path) not found", key: key)
            }
        }
        for folder in allowedFolders where InputPaths.kind(at: folder) != .folder {
            throw RequestError("\(source.name("allow-dir")): \(folder) is not a folder", key: "allow-dir")
        }
    }

    /// The template, its cards (rows filtered, values filled), and the renderer with every file
    /// they draw loaded: everything that can fail before drawing fails here.
    public struct Loaded: Sendable {
        /// The parsed template.
        public var template: CardTemplate
        /// The cards to draw: rows filtered and values filled in.
        public var cards: [TemplateCard]
        /// Draws the cards, with their images and fonts loaded.
        public var renderer: TemplateRenderer
        /// The distinct backs, when there are any: each card's back filled from its row.
        public var backs: CardBacks?
        /// Draws each distinct back (element `i` draws `backs.backs[i]`).
        public var backRenderers: [TemplateRenderer]
        /// Warnings found while loading (no cards, no bleed to include).
        public var warnings: [String]
    }

    /// The templates and their cards (rows filtered, values filled), before any image is read.
    struct Resolved {
        var template: CardTemplate
        /// The data file's rows, nil for the template's own.
        var data: CardData?
        var cards: [TemplateCard]
        var backs: CardBacks?

        /// Every file the cards are made from: the templates (and those they extend), and the
        /// images, icons and fonts they draw.
        var sourceFiles: [URL] {
            var templates = [template]
            for back in backs?.backs ?? [] where !templates.contains(where: { $0.fileURL == back.template.fileURL }) {
                templates.append(back.template)
            }
            let drawn = (cards + (backs?.backs.map(\.card) ?? [])).flatMap(\.layers).flatMap { layer -> [URL] in
                switch layer.content {
                case let .image(image): [image.url]
                case let .vector(_, files): files
                default: []
                }
            }
            return templates.flatMap { $0.sourceFiles + $0.icons.values.sorted { $0.path < $1.path } + $0.fontFiles } + drawn
        }
    }

    /// Read once per request value: for planning only. `load()` reads the files again, so a
    /// request planned after its files change draws what they say now.
    func plannedResolution() throws -> Resolved {
        try resolution.value { try resolve() }
    }

    /// The back's path when it names one file, nil when there is none or each row names its own.
    var fixedBack: String? { back.flatMap { CardBacks.isChosenByData($0) ? nil : $0 } }

    var allowedFolderURLs: [URL] { allowedFolders.map { URL(fileURLWithPath: $0, isDirectory: true) } }

    func resolve() throws -> Resolved {
        let template = bleed.applied(to: try CardTemplate.load(contentsOf: URL(fileURLWithPath: self.template)))
        let data = try self.data.map { try CardData.load(contentsOf: URL(fileURLWithPath: $0), sheet: dataSheet) }
        let cards = try template.cards(from: data, filters: filters, allowingFilesIn: allowedFolderURLs,
                                       reservedStems: Self.reservedStems)
        let bleed = self.bleed
        let backs = try back.map { path in
            try template.backs(of: cards, from: data, path: path, stem: Self.backStem, allowingFilesIn: allowedFolderURLs,
                               reservedStems: Self.reservedStems) { url, shown in
                bleed.applied(to: try CardTemplate.load(contentsOf: url, displayName: shown))
            }
        }
        return Resolved(template: template, data: data, cards: cards, backs: backs)
    }

    /// Loads the template, rows and files the cards draw; `checkingText` also lays out text to find overflow.
    public func load(checkingText: Bool = true) throws -> Loaded {
        let resolved = try resolve()
        let renderer = try TemplateRenderer(template: resolved.template, cards: resolved.cards,
                                            maxImagePixels: maxImagePixels)
        var warnings = resolutionWarnings(resolved)
        if checkingText { warnings += try renderer.checkText(of: resolved.cards) }
        var backRenderers: [TemplateRenderer] = []
        for back in resolved.backs?.backs ?? [] {
            let backRenderer = try TemplateRenderer(template: back.template, cards: [back.card], maxImagePixels: maxImagePixels)
            if checkingText { warnings += try backRenderer.checkText(of: [back.card]) }
            backRenderers.append(backRenderer)
        }
        if strict, let first = warnings.first {
            throw RequestError(first + (warnings.count > 1 ? " (and \(warnings.count - 1) more)" : ""), key: "strict")
        }
        return Loaded(template: resolved.template, cards: resolved.cards, renderer: renderer, backs: resolved.backs,
                      backRenderers: backRenderers, warnings: warnings)
    }

    /// What is not an error but is likely not what was meant: no card at all, or a bleed asked
    /// for that the template does not have.
    func resolutionWarnings(_ resolved: Resolved) -> [String] {
        var warnings: [String] = []
        if resolved.cards.isEmpty {
            warnings.append(resolved.template.whyNoCards(from: resolved.data, filters: filters).description)
        }
        if bleed == .template, resolved.template.bleed == 0 {
            let size = resolved.template.size
            let message = "the cards are to include the template's bleed, but it has no `card.bleed`, so they are trim size "
                + "(\(Self.points(size.width)) × \(Self.points(size.height)) pt); set `bleed: 0.125in` under `card:` "
                + "(1/8 in, what print services ask for) or give the bleed as a length (--bleed 1/8in)"
            warnings.append(SpecError(message, at: SpecLocation(file: resolved.template.displayName)).description)
        }
        if contactSheet { warnings += captionWarnings(resolved.cards) }
        return warnings
    }

    /// The contact sheet labels each card with its file name, which keeps the data's script: a
    /// character no bundled font has would be drawn as a box there, so it is named, with the row.
    func captionWarnings(_ cards: [TemplateCard]) -> [String] {
        guard let font = try? Font(.regular, size: 12) else { return [] }
        return cards.compactMap { card in
            let missing = font.charactersWithoutGlyph(in: card.fileStem)
            guard !missing.isEmpty else { return nil }
            let row = "row \(card.rowNumber)" + (card.rowLocation.flatMap { location in
                location.line.map { " (\(location.file):\($0))" } } ?? "")
            return "\(Self.contactSheetName): \(row): the caption \"\(card.fileStem)\" has no glyph for "
                + missing.prefix(8).map(TextLayout.describe).joined(separator: ", ") + " in the bundled fonts"
        }
    }

    static func points(_ value: CGFloat) -> String { String(format: "%g", Double(value)) }

    /// The resolution of PNG files.
    func resolution(for template: CardTemplate) -> Resolution { .dpi(dpi ?? template.dpi) }

    /// The files, without laying out any text: for a batch planning its jobs.
    public func plannedOutputs() throws -> (paths: [String], cost: Double) {
        let resolved = try plannedResolution()
        let pixels = resolution(for: resolved.template).pixelSize(for: resolved.template.size)
        let stems = resolved.cards.map(\.fileStem) + (resolved.backs?.backs.map(\.card.fileStem) ?? [])
        let paths = stems.flatMap { stem in formats.map { "\(stem).\($0.fileExtension)" } }
            + (sheet && !stems.isEmpty ? [Self.sheetImageName, Self.sheetAtlasName] : [])
            + (contactSheet && !stems.isEmpty ? [Self.contactSheetName] : [])
        if self.tabletop.enabled, !resolved.cards.isEmpty {
            // Refused here, when a batch plans its jobs, rather than when the job runs.
            try TabletopSimulatorDeck.checkSize(counts: resolved.cards.map(\.count), hidden: self.tabletop.hidden)
        }
        let tabletop = self.tabletop.enabled && !resolved.cards.isEmpty
            ? self.tabletop.paths(cardCount: resolved.cards.count, uniqueBacks: resolved.backs?.differ == true) : nil
        let tabletopCost = Double((tabletop?.units.count ?? 0) * TabletopSimulatorDeck.maxSheetSide * TabletopSimulatorDeck.maxSheetSide)
        let pictures = resolved.cards.isEmpty ? [] : showcase.paths(formats: formats) + hand.paths(formats: formats)
        // A showcase or hand costs about what a few of its cards do.
        let picturesCost = Double(pictures.count * pixels.width * pixels.height * 6)
        // Names only: nothing is drawn while planning.
        let game = try cardGameSimulatorGame(template: resolved.template, cards: resolved.cards, backs: resolved.backs,
                                             draw: { _ in { _, _ in } }, drawBack: { _ in { _, _ in } })
        let gamePaths = game.map { cardGameSimulator.paths(of: $0) } ?? []
        let gameCost = Double(pixels.width * pixels.height * (game?.images.count ?? 0))
        return (paths + pictures + (tabletop.map { $0.units + [$0.savedObject] } ?? []) + gamePaths + [Self.manifestPath],
                Double(pixels.width * pixels.height * stems.count * formats.count) + tabletopCost + picturesCost + gameCost)
    }

    public func plan() throws -> OutputPlan {
        let loaded = try load()
        let resolution = resolution(for: loaded.template)
        let bleed = self.bleed.includesBleed
        var entries: [(card: TemplateCard?, stem: String, picture: Picture)] = loaded.cards.map { card in
            (card, card.fileStem, loaded.renderer.picture(for: card, includingBleed: bleed))
        }
        for (back, backRenderer) in zip(loaded.backs?.backs ?? [], loaded.backRenderers) {
            entries.append((nil, back.card.fileStem, backRenderer.picture(for: back.card, includingBleed: bleed)))
        }
        var files = entries.flatMap { entry in
            FileToRender.all(entry.stem, entry.picture, formats: formats, resolution: resolution).map { $0.atQuality(quality) }
        }
        let cardSize = CardSize(width: loaded.template.size.width, height: loaded.template.size.height)
        let items = sheetItems(loaded)
        var atlas: Data?
        // With no card at all (a warning already says why) there is no sheet to draw.
        if sheet, !items.isEmpty {
            let columns = Self.sheetColumns(for: items.count)
            let rows = stride(from: 0, to: items.count, by: columns).map { Array(items[$0..<min($0 + columns, items.count)]) }
            let spriteSheet = try SpriteSheet(rows: rows, cardSize: cardSize, resolution: resolution)
            files.append(FileToRender(Self.sheetImageName, spriteSheet.picture(), format: .png, resolution: resolution))
            atlas = spriteSheet.atlasJSON(imageName: Self.sheetImageName)
        }
        if contactSheet, !items.isEmpty {
            files.append(FileToRender(Self.contactSheetName, try contactSheetPicture(loaded, items: items), format: .png,
                                      resolution: .scale(2)))
        }
        let pictures = try pictureFiles(loaded, resolution: resolution)
        files += pictures
        let manifest = CardsManifest.Plan(template: loaded.template, templatePath: template, dataPath: data,
                                          cards: loaded.cards, backs: loaded.backs, formats: formats,
                                          resolution: resolution, bleed: bleed, warnings: loaded.warnings)
        let tabletop = try tabletopDeck(loaded).flatMap { self.tabletop.plan($0, quality: quality) }
        let gameUnits = try cardGameSimulatorGame(loaded).map { try cardGameSimulator.plan($0) } ?? []
        // The atlas is known now, so it is a file of its own; cards.json describes the files made.
        let units = files.map(\.unit) + (atlas.map { [OutputUnit.known(Self.sheetAtlasName, $0)] } ?? [])
            + (tabletop?.units ?? []) + gameUnits
        let tabletopFormat = self.tabletop.format
        return OutputPlan(units: units, derivedPaths: (tabletop.map { [$0.savedObject.path] } ?? []) + [Self.manifestPath],
                          warnings: loaded.warnings) { rendered in
            var listed = try manifest.manifest(describing: rendered)
            listed.pictures = try CardPictureSource.listed(pictures, facts: rendered)
            listed.cardGameSimulator = try CardGameSimulatorSetting.listed(gameUnits.map(\.path), facts: rendered)
            guard let tabletop else { return [RenderedFile(path: Self.manifestPath, data: try listed.jsonData())] }
            listed.tabletopSimulator = try TabletopSimulatorFiles(units: tabletop.units.map(\.path),
                                                                  savedObject: tabletop.savedObject.facts,
                                                                  format: tabletopFormat, facts: rendered)
            return [tabletop.savedObject, RenderedFile(path: Self.manifestPath, data: try listed.jsonData())]
        }
    }

    /// The showcase and hand, when asked for and there are cards (a warning says why there are none).
    func pictureFiles(_ loaded: Loaded, resolution: Resolution) throws -> [FileToRender] {
        guard !loaded.cards.isEmpty, showcase.enabled || hand.enabled else { return [] }
        let renderer = loaded.renderer
        let source = CardPictureSource(
            items: loaded.cards.map { card in
                SpriteSheet.Item(name: card.fileStem) { bounds, canvas in try renderer.draw(card, in: bounds, on: canvas) }
            },
            cardSize: loaded.template.size, cornerRadius: loaded.template.cornerRadius, formats: formats,
            resolution: resolution, quality: quality)
        return try showcase.files(of: source) + hand.files(of: source)
    }

    /// The Tabletop Simulator deck of the cards, each held `count` times, with the back; nil when
    /// not asked for or when there is no card (a warning says why). When rows give different
    /// backs, each card keeps its own, on back sheets.
    func tabletopDeck(_ loaded: Loaded) throws -> TabletopSimulatorDeck? {
        guard tabletop.enabled, !loaded.cards.isEmpty, let backs = loaded.backs, let backRenderer = loaded.backRenderers.first,
              let back = backs.backs.first else { return nil }
        let backCards = zip(backs.backs, loaded.backRenderers).map { back, renderer in
            TabletopSimulatorDeck.Card(name: back.card.fileStem) { bounds, canvas in
                try renderer.draw(back.card, in: bounds, on: canvas)
            }
        }
        let cardBacks = backs.differ ? backs.backOfCard.map { backCards[$0] } : nil
        let renderer = loaded.renderer
        let cards = loaded.cards.map { card in
            TabletopSimulatorDeck.Card(name: card.fileStem, count: card.count) { bounds, canvas in
                try renderer.draw(card, in: bounds, on: canvas)
            }
        }
        let backCard = TabletopSimulatorDeck.Card(name: Self.backStem) { bounds, canvas in
            try backRenderer.draw(back.card, in: bounds, on: canvas)
        }
        let name = (URL(fileURLWithPath: template).lastPathComponent as NSString).deletingPathExtension
        return try TabletopSimulatorDeck(cards: cards, back: backCard, cardBacks: cardBacks, cardSize: loaded.template.size,
                                         nickname: name, hidden: tabletop.hidden)
    }

    /// The Card Game Simulator game of the loaded cards and their backs, drawn at the cards'
    /// resolution; nil when not asked for or when there is no card (a warning says why).
    func cardGameSimulatorGame(_ loaded: Loaded) throws -> CardGameSimulatorGame? {
        let renderer = loaded.renderer, backRenderers = loaded.backRenderers, backs = loaded.backs?.backs ?? []
        return try cardGameSimulatorGame(template: loaded.template, cards: loaded.cards, backs: loaded.backs, draw: { card in
            { bounds, canvas in try renderer.draw(card, in: bounds, on: canvas) }
        }, drawBack: { index in
            let (back, backRenderer) = (backs[index], backRenderers[index])
            return { bounds, canvas in try backRenderer.draw(back.card, in: bounds, on: canvas) }
        })
    }

    /// The game of `cards` with `backs`, each card drawn by `draw(card)` and back `i` by
    /// `drawBack(i)`, named after the template's file; nil when not asked for or without cards.
    func cardGameSimulatorGame(template loadedTemplate: CardTemplate, cards: [TemplateCard], backs: CardBacks?,
                               draw: (TemplateCard) -> @Sendable (CGRect, Canvas) throws -> Void,
                               drawBack: (Int) -> @Sendable (CGRect, Canvas) throws -> Void) throws -> CardGameSimulatorGame? {
        guard cardGameSimulator.enabled, !cards.isEmpty, let backs, !backs.backs.isEmpty else { return nil }
        let gameCards = cards.map { TabletopCard(name: $0.fileStem, count: $0.count, draw: draw($0)) }
        let backCards = backs.backs.indices.map { TabletopCard(name: backs.backs[$0].card.fileStem, draw: drawBack($0)) }
        let name = (URL(fileURLWithPath: template).lastPathComponent as NSString).deletingPathExtension
        return try CardGameSimulatorGame(name: name, cards: gameCards, back: backCards[0],
                                         cardBacks: backs.differ ? backs.backOfCard.map { backCards[$0] } : nil,
                                         cardSize: loadedTemplate.size, resolution: resolution(for: loadedTemplate))
    }

    /// One sheet frame per distinct card (named by its file), then each distinct back.
    func sheetItems(_ loaded: Loaded) -> [SpriteSheet.Item] {
        let renderer = loaded.renderer
        var items = loaded.cards.map { card in
            SpriteSheet.Item(name: card.fileStem) { bounds, canvas in try renderer.draw(card, in: bounds, on: canvas) }
        }
        for (back, backRenderer) in zip(loaded.backs?.backs ?? [], loaded.backRenderers) {
            items.append(SpriteSheet.Item(name: back.card.fileStem) { bounds, canvas in
                try backRenderer.draw(back.card, in: bounds, on: canvas)
            })
        }
        return items
    }

    /// Columns of a sheet: about square in cards, at most 10 (Tabletop Simulator's deck sheets).
    static func sheetColumns(for count: Int) -> Int {
        max(1, min(10, Int(Double(count).squareRoot().rounded(.up))))
    }

    func contactSheetPicture(_ loaded: Loaded, items: [SpriteSheet.Item]) throws -> Picture {
        let size = loaded.template.size
        let thumbnail = CGSize(width: 108, height: 200)
        let scale = min(thumbnail.width / max(size.width, 1e-3), thumbnail.height / max(size.height, 1e-3))
        let columns = max(1, min(8, items.count))
        let rows = stride(from: 0, to: items.count, by: columns).map { Array(items[$0..<min($0 + columns, items.count)]) }
        let labelled = rows.map { row in
            row.map { item in
                let count = loaded.cards.first { $0.fileStem == item.name }?.count ?? 1
                return SpriteSheet.Item(name: count > 1 ? "\(item.name) ×\(count)" : item.name, draw: item.draw)
            }
        }
        let name = URL(fileURLWithPath: template).lastPathComponent
        let copies = loaded.cards.reduce(0) { $0 + $1.count }
        return try ContactSheet.picture(rows: labelled, cardSize: CardSize(width: size.width, height: size.height),
                                        cardScale: scale,
                                        title: "cardrender cards · \(name) · \(loaded.cards.count) cards, \(copies) with copies")
    }

    /// The templates (the ones they extend too), the data and every file the cards and the back
    /// draw: exactly what is read, so a batch re-renders when one of them changes and not when
    /// something beside them does (the spec itself, say).
    public var inputFiles: [String] {
        var files = [template, data, fixedBack].compactMap { $0 }.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        if let resolved = try? plannedResolution() {
            files += resolved.sourceFiles.map(\.standardizedFileURL.path)
        }
        var seen = Set<String>()
        return files.filter { seen.insert($0).inserted }
    }
}

/// Remembers one resolution for a request and its copies; never part of a request's equality.
private final class ResolutionCache: Sendable, Equatable {
    private let stored = Mutex<CardsRequest.Resolved?>(nil)

    func value(_ make: () throws -> CardsRequest.Resolved) throws -> CardsRequest.Resolved {
        if let resolved = stored.withLock({ $0 }) { return resolved }
        let resolved = try make()
        stored.withLock { $0 = resolved }
        return resolved
    }

    static func == (lhs: ResolutionCache, rhs: ResolutionCache) -> Bool { true }
}
