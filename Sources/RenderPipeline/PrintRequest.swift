import BatchRendering
import Drawing
import Geometry
import Foundation
import PlayingCards
import PrintLayout
import SpecFiles

extension OrientationChoice: Decodable, SpecNamed {}
extension CardRotationChoice: Decodable, SpecNamed {}

/// Which way a duplex printer turns the sheet, or no backs at all.
public enum PrintDuplex: String, Sendable, CaseIterable, Decodable, SpecNamed {
    /// Fronts only.
    case none
    /// The sheet turns over its long edge.
    case longEdge = "long-edge"
    /// The sheet turns over its short edge.
    case shortEdge = "short-edge"

    /// How back pages are mirrored; nil prints no backs.
    public var flip: DuplexFlip? {
        switch self {
        case .none: nil
        case .longEdge: .longEdge
        case .shortEdge: .shortEdge
        }
    }
}

/// Cards imposed on print sheets at actual size, as one vector PDF (`cardrender print`,
/// `kind: print`): the n-up grid, crop marks, a margin label, optional bleed, cut lines, proof
/// lines and duplex backs.
public struct PrintRequest: RenderRequest, Equatable {
    /// Adds the red and black jokers to the whole deck.
    public var jokers = false
    /// Cards to print, comma-separated short or long names (`AS,10H,queen-of-hearts`); nil for the
    /// whole deck in new-deck order.
    public var cards: String?
    /// A named paper or `WIDTHxHEIGHT` with a unit.
    public var paper = "A4"
    /// Portrait, landscape, or whichever fits more cards.
    public var orientation: OrientationChoice = .automatic
    /// Whether cards are turned a quarter turn: when that fits more (the default; with an
    /// automatic orientation the page is turned instead), never or always.
    public var rotateCards: CardRotationChoice = .automatic
    /// Lengths with units; nil for the defaults of `SheetLayout`.
    public var margin: String?
    /// The space between cards, with a unit.
    public var gutter: String?
    /// As ``BleedSetting`` reads it: `off` (the default), `template` (the template's `card.bleed`,
    /// for template cards) or a length: `1/8in`, `3mm`.
    public var bleed: String?
    /// Draws crop marks in the margin at each cut.
    public var cropMarks = true
    /// Draws a hairline on each card's trim.
    public var cutLines = false
    /// Draws bleed, trim and safe-area lines to check a layout before printing.
    public var proof = false
    /// Which way backs are printed, if at all.
    public var duplex: PrintDuplex = .none
    /// The PDF's file name in the output folder.
    public var pdf = PrintRequest.defaultFileName
    /// Also write each page of the sheets as a PNG at this many dots per inch.
    public var pagesPNG: Double?
    /// Instead of sheets, what a print-on-demand service takes: one PNG per card at the service's
    /// size and resolution, with its bleed, and a PDF of one card a page, back, front, back, front…
    public var printOnDemand: String?
    /// Custom cards instead of the deck: a card template, its rows (nil for the template's own
    /// `data:`), row conditions and a template for the back, as `cardrender cards` takes them.
    public var template: String?
    /// The template's rows; nil for its own `data:`.
    public var data: String?
    /// The sheet of an XLSX or ODS `data` file to read; nil for the first.
    public var dataSheet: String?
    /// Row conditions added to the template's `where:`.
    public var filters: [String] = []
    /// A template drawn as every card's back.
    public var backTemplate: String?
    /// Folders besides the template's that image paths made from data may lead into.
    public var allowedFolders: [String] = []
    /// The deck's size, theme and back; scale, dpi and formats do not apply.
    public var look = CardLook()

    /// The PDF's name when none is given.
    public static let defaultFileName = "deck-print.pdf"

    /// A request for the whole deck on A4 with crop marks.
    public init(look: CardLook = CardLook()) {
        self.look = look
    }

    enum Key: String, CodingKey, CaseIterable {
        case jokers, cards, paper, orientation, rotateCards = "rotate-cards", margin, gutter, bleed, cropMarks = "crop-marks", cutLines = "cut-lines",
             proof, duplex, pdf, pagesPNG = "pages-png", printOnDemand = "print-on-demand",
             template, data, dataSheet = "data-sheet", filters = "where", backTemplate = "back-template", allowedFolders = "allow-dir"
    }

    /// Keys naming files, resolved relative to a batch spec.
    public static let pathKeys: Set<String> = ["faces", "template", "data", "back-template", "allow-dir"]

    /// The resolutions a PNG of a sheet may have.
    public static let pagesPNGRange: ClosedRange<Double> = 36...1200
    /// The folder of per-card PNGs in print-on-demand mode.
    public static let printOnDemandFolder = "cards"

    /// PDF sheets are vector at actual size: no raster resolution, no format list.
    static let lookKeys = CardLook.Key.allCases.filter { ![.scale, .dpi, .format].contains($0) }.map(\.rawValue)

    /// The spec keys a `print` job accepts.
    public static let keys = Key.allCases.map(\.rawValue) + lookKeys

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        jokers = try container.value(.jokers, or: jokers)
        cards = try container.decodeIfPresent(String.self, forKey: .cards)
        paper = try container.value(.paper, or: paper)
        orientation = try container.value(.orientation, or: orientation)
        rotateCards = try container.value(.rotateCards, or: rotateCards)
        margin = try container.decodeIfPresent(String.self, forKey: .margin)
        gutter = try container.decodeIfPresent(String.self, forKey: .gutter)
        bleed = try container.decodeIfPresent(String.self, forKey: .bleed)
        cropMarks = try container.value(.cropMarks, or: cropMarks)
        cutLines = try container.value(.cutLines, or: cutLines)
        proof = try container.value(.proof, or: proof)
        duplex = try container.value(.duplex, or: duplex)
        pdf = try container.value(.pdf, or: pdf)
        pagesPNG = try container.decodeIfPresent(Double.self, forKey: .pagesPNG)
        printOnDemand = try container.decodeIfPresent(String.self, forKey: .printOnDemand)
        template = try container.decodeIfPresent(String.self, forKey: .template)
        data = try container.decodeIfPresent(String.self, forKey: .data)
        dataSheet = try container.decodeIfPresent(String.self, forKey: .dataSheet)
        filters = try container.stringOrList(.filters)
        backTemplate = try container.decodeIfPresent(String.self, forKey: .backTemplate)
        allowedFolders = try container.stringOrList(.allowedFolders)
        look = try CardLook(from: try decoder.container(keyedBy: CardLook.Key.self))
    }

    public func validate(as source: RequestSource) throws(RequestError) {
        if look.scale != nil || look.dpi != nil {
            throw RequestError("print sheets are vector PDF at actual size; \(source.name("scale")) and \(source.name("dpi")) do not apply",
                               key: look.dpi != nil ? "dpi" : "scale")
        }
        try look.validate(as: source)
        if template != nil {
            try validateTemplateCards(as: source)
        } else {
            try validateDeck(as: source)
        }
        let name = pdf.trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty, name.lowercased().hasSuffix(".pdf"), !name.hasPrefix("/"),
              !name.split(separator: "/").contains("..") else {
            throw RequestError("\(source.name("pdf")) must be a file name ending in .pdf inside the output folder, got \"\(pdf)\"",
                               key: "pdf")
        }
    }

    func validateDeck(as source: RequestSource) throws(RequestError) {
        for (key, given) in [("data", data != nil), ("data-sheet", dataSheet != nil), ("where", !filters.isEmpty), ("back-template", backTemplate != nil),
                             ("allow-dir", !allowedFolders.isEmpty)] where given {
            throw RequestError("\(source.name(key)) is for template cards; give \(source.name("template")) too", key: key)
        }
        _ = try sides()
        if try printOnDemandSize(as: source) != nil {
            try validatePrintOnDemand(as: source)
        } else {
            let layout = try sheetLayout(as: source)
            try validatePagesPNG(layout: layout, as: source)
        }
    }

    /// A template sets the card's size and look; the deck's choices of cards do not apply. The
    /// sheet is checked when the template is read (`plan()`), since its size comes from there.
    func validateTemplateCards(as source: RequestSource) throws(RequestError) {
        var deckOnly: [(key: String, given: Bool)] = [("cards", cards != nil), ("jokers", jokers),
                                                     ("print-on-demand", printOnDemand != nil)]
        let defaults = CardLook()
        deckOnly += [("size", look.size != defaults.size), ("theme", look.theme != defaults.theme),
                     ("color", look.colors != defaults.colors), ("back-color", look.backColor != defaults.backColor),
                     ("back", look.back != defaults.back), ("faces", look.faces != defaults.faces),
                     ("face-scale", look.faceScale != defaults.faceScale)]
        if let conflict = deckOnly.first(where: \.given) {
            let advice = switch conflict.key {
            case "print-on-demand": "; for a service's files use `cardrender cards --bleed --dpi 300`"
            case "cards": "; the data's rows are the cards: choose some with \(source.name("where")) (such as \"id in [01, 02]\")"
            default: "; the template sets it"
            }
            throw RequestError("\(source.name(conflict.key)) is for the built-in deck, not \(source.name("template"))\(advice)",
                               key: conflict.key)
        }
        if duplex != .none, backTemplate == nil {
            throw RequestError("\(source.name("duplex")) needs the backs: give \(source.name("back-template"))", key: "duplex")
        }
        _ = try bleedSetting(as: source)
        try cardsRequest(template ?? "").validateDataSheet(as: source)
        try cardsRequest(template ?? "").validateFiles(as: source, backKey: "back-template")
    }

    /// The fronts to print, in order: the subset asked for, or the 52 cards and the jokers if asked for.
    public func sides() throws(RequestError) -> [CardSide] {
        guard let cards else {
            return Deck.standard.cards.map { CardSide.front(.standard($0)) }
                + (jokers ? Joker.allCases.map { CardSide.joker($0) } : [])
        }
        let names = cards.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard !names.isEmpty else { throw RequestError("no cards given; list them like AS,10H,KD", key: "cards") }
        var sides: [CardSide] = []
        for name in names {
            do { sides.append(.front(try PlayingCard(parsing: name))) } catch {
                throw RequestError(error.description, key: "cards")
            }
        }
        return sides
    }

    /// The print-on-demand size asked for, or nil for sheets.
    public func printOnDemandSize(as source: RequestSource = .commandLine) throws(RequestError) -> PrintOnDemandSize? {
        guard let printOnDemand else { return nil }
        let name = printOnDemand.trimmingCharacters(in: .whitespaces).lowercased()
        guard let size = PrintOnDemandSize.all.first(where: { $0.name == name }) else {
            throw RequestError("\(source.name("print-on-demand")) must be one of "
                               + "\(PrintOnDemandSize.all.map(\.name).joined(separator: ", ")), got \"\(printOnDemand)\"",
                               key: "print-on-demand")
        }
        return size
    }

    /// The service sets the size, the bleed and the page order; the sheet options do not apply.
    func validatePrintOnDemand(as source: RequestSource) throws(RequestError) {
        let sheetOnly: [(key: String, given: Bool)] = [
            ("bleed", bleed != nil), ("margin", margin != nil), ("gutter", gutter != nil), ("proof", proof),
            ("cut-lines", cutLines), ("duplex", duplex != .none), ("pages-png", pagesPNG != nil),
        ]
        if let conflict = sheetOnly.first(where: \.given) {
            throw RequestError("\(source.name(conflict.key)) is for print sheets; \(source.name("print-on-demand")) "
                               + "uses the service's bleed and writes backs itself", key: conflict.key)
        }
        if look.size.trimmingCharacters(in: .whitespaces).lowercased() != CardLook().size {
            throw RequestError("\(source.name("print-on-demand")) sets the card size; \(source.name("size")) does not apply",
                               key: "size")
        }
    }

    func validatePagesPNG(layout: SheetLayout, as source: RequestSource) throws(RequestError) {
        guard let dpi = pagesPNG else { return }
        let range = Self.pagesPNGRange
        guard dpi.isFinite, range.contains(dpi) else {
            throw RequestError("\(source.name("pages-png")) must be a resolution from \(Int(range.lowerBound)) to "
                               + "\(Int(range.upperBound)) dpi, got \(String(format: "%g", dpi))", key: "pages-png")
        }
        let pixels = Resolution.dpi(dpi).pixelSize(for: layout.pageSize)
        guard max(pixels.width, pixels.height) <= RenderLimits.maxPixelsPerSide else {
            throw RequestError("\(source.name("pages-png")) \(String(format: "%g", dpi)) dpi makes \(layout.paper) pages "
                               + "\(pixels.width)×\(pixels.height) px, over the limit of \(RenderLimits.maxPixelsPerSide) px a side",
                               key: "pages-png")
        }
    }

    /// The sheet grid for the card size and the paper options.
    public func sheetLayout(as source: RequestSource = .commandLine) throws(RequestError) -> SheetLayout {
        let size: CardSize
        do { size = try look.cardSize() } catch { throw RequestError(error.description, key: "size") }
        let bleed: Length
        switch try bleedSetting(as: source) {
        case .off: bleed = .zero
        case .length(let length): bleed = length
        case .template:
            throw RequestError("\(source.name("bleed")) template is the bleed of \(source.name("template")) cards; the built-in "
                               + "deck has none of its own: give a length such as 1/8in or 3mm", key: "bleed")
        }
        return try sheetLayout(cardSize: size.points, bleed: bleed, as: source)
    }

    /// ``bleed`` read: off unless given.
    func bleedSetting(as source: RequestSource) throws(RequestError) -> BleedSetting {
        guard let bleed else { return .off }
        do { return try BleedSetting(parsing: bleed) } catch {
            throw RequestError("\(source.name("bleed")): \(error.message)", key: "bleed")
        }
    }

    func sheetLayout(cardSize: CGSize, bleed: Length, as source: RequestSource) throws(RequestError) -> SheetLayout {
        let paper: Paper
        do { paper = try Paper(parsing: self.paper) } catch {
            guard case .negativeLength = error else { throw RequestError("\(source.name("paper")): \(error.description)", key: "paper") }
            throw RequestError("\(source.name("paper")) \"\(self.paper)\" has a negative side; give a named paper or WIDTHxHEIGHT "
                               + "with positive sides, e.g. 210x297mm", key: "paper")
        }
        let margin = try Self.length(self.margin, key: "margin", as: source) ?? SheetLayout.defaultMargin
        let gutter = try Self.length(self.gutter, key: "gutter", as: source) ?? SheetLayout.defaultGutter
        do {
            return try SheetLayout(paper: paper, cardSize: cardSize, bleed: bleed, margin: margin, gutter: gutter,
                                   orientation: orientation, rotation: rotateCards)
        } catch {
            let key = switch error {
            case .gutterTooLarge: "gutter"
            case .paperSmallerThanCard: "paper"
            default: "margin"
            }
            throw RequestError(error.description, key: key)
        }
    }

    /// A length (`3mm`, `1/8in`, a bare number of points); `off` and `none` are zero.
    static func length(_ text: String?, key: String, as source: RequestSource) throws(RequestError) -> Length? {
        guard let text else { return nil }
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        if ["0", "off", "none"].contains(trimmed) { return .zero }
        do { return try Length(parsing: text) } catch { throw RequestError("\(source.name(key)): \(error.description)", key: key) }
    }

    public func plan() throws -> OutputPlan {
        if let size = try printOnDemandSize() { return try printOnDemandPlan(size) }
        let sheets: PrintSheets, warnings: [String]
        if let template {
            (sheets, warnings) = try templateSheets(template)
        } else {
            sheets = PrintSheets(renderer: try look.makeRenderer(), layout: try sheetLayout(), fronts: try sides(),
                                 deckName: "\(look.theme) \(look.size) deck", cropMarks: cropMarks, cutLines: cutLines,
                                 proof: proof, duplex: duplex.flip)
            warnings = []
        }
        let path = pdf.trimmingCharacters(in: .whitespaces)
        let document = sheets.document()
        // The PDF, one file of many pages, is a unit like the page PNGs: counted in the cost and
        // started on a worker as soon as one is free (the costliest first).
        let pages = pagesPNG.map { dpi in
            document.pages.enumerated().map { index, page in
                FileToRender(Self.pagePNGPath(pdf: path, page: index + 1, of: document.pages.count),
                             Self.onPaper(page.picture), format: .png, resolution: .dpi(dpi)).unit
            }
        } ?? []
        return OutputPlan(units: pages + [.document(path, document)], warnings: warnings)
    }

    /// Cards a print run of template cards lays out, copies included: 1,112 A4 pages of poker cards.
    public static let maxCards = 10_000

    /// Template cards on sheets: each row's card `count` times, in data order, each card's own
    /// back (the back template filled from its row) behind it when duplex. The sheet is laid out for the template's card size.
    func templateSheets(_ template: String) throws -> (PrintSheets, warnings: [String]) {
        let bleedSetting = try bleedSetting(as: .commandLine)
        let loaded = try cardsRequest(template, bleed: bleedSetting).load()
        let renderer = loaded.renderer
        let backs = zip(loaded.backs?.backs ?? [], loaded.backRenderers).map { back, backRenderer in
            // Ids are file stems: the cards' stems never take a back's.
            PrintableCard(id: back.card.fileStem) { bleed in backRenderer.picture(for: back.card, bleed: bleed) }
        }
        // Rows and `count` are bounded one by one; what they multiply to is bounded here, before
        // a card is laid out.
        let copies = loaded.cards.reduce(0) { $0 + $1.count }
        guard copies <= Self.maxCards else {
            throw RequestError("the cards come to \(copies) with copies (the `count` column); a print run lays out at most "
                               + "\(Self.maxCards) cards: split the data, or print fewer copies", key: "data")
        }
        var fronts: [PrintableCard] = [], frontBacks: [PrintableCard] = []
        for (index, card) in loaded.cards.enumerated() {
            let front = PrintableCard(id: card.fileStem) { bleed in renderer.picture(for: card, bleed: bleed) }
            fronts += Array(repeating: front, count: card.count)
            if let backIndex = loaded.backs?.backOfCard[index] { frontBacks += Array(repeating: backs[backIndex], count: card.count) }
        }
        // The template's bleed, or the length given in its place (the cards were resolved with it,
        // so layers that touch the trim reach into it).
        let bleed = Length(points: bleedSetting.points(templateBleed: loaded.template.bleed))
        let layout = try sheetLayout(cardSize: loaded.template.size, bleed: bleed, as: .commandLine)
        try validatePagesPNG(layout: layout, as: .commandLine)
        let name = URL(fileURLWithPath: template).lastPathComponent
        let sheets = PrintSheets(layout: layout, fronts: fronts, backs: frontBacks, deckName: "\(name) cards", cropMarks: cropMarks,
                                 cutLines: cutLines, proof: proof, duplex: duplex.flip)
        return (sheets, loaded.warnings)
    }

    /// A page on white paper: a PDF page is the paper, a PNG would otherwise be transparent around the
    /// cards. The paper overhangs by a point so the last, partly covered pixel row and column are opaque.
    static func onPaper(_ page: Picture) -> Picture {
        Picture(size: page.size, title: page.title) { canvas in
            canvas.fill(BezierPath(rect: CGRect(origin: .zero, size: page.size).insetBy(dx: -1, dy: -1)), with: .white)
            try page.draw(on: canvas)
        }
    }

    /// `deck-print-page-01.png` beside `deck-print.pdf`, numbered with as many digits as the last page.
    public static func pagePNGPath(pdf: String, page: Int, of count: Int) -> String {
        let stem = pdf.dropLast(".pdf".count)
        let digits = String(count).count
        let number = String(page)
        return "\(stem)-page-\(String(repeating: "0", count: max(0, digits - number.count)))\(number).png"
    }

    /// One PNG per distinct card and the back in ``printOnDemandFolder``, at the service's resolution,
    /// and the PDF of one card a page in the service's order, each page the card with its bleed.
    func printOnDemandPlan(_ size: PrintOnDemandSize) throws -> OutputPlan {
        var look = self.look
        look.size = "\(size.trim.width)x\(size.trim.height)"
        let cards = PrintOnDemandCards(renderer: try look.makeRenderer(), size: size)
        let fronts = try sides()
        var seen: Set<CardSide> = []
        let files = ([CardSide.back] + fronts).filter { seen.insert($0).inserted }.map { side in
            FileToRender("\(Self.printOnDemandFolder)/\(side.shortName).png", cards.picture(for: side), format: .png,
                         resolution: .dpi(Double(size.dotsPerInch)))
        }
        let path = pdf.trimmingCharacters(in: .whitespaces)
        let document = cards.document(fronts: fronts, title: "\(look.theme) \(size.name) deck, one card a page")
        return OutputPlan(units: files.map(\.unit) + [.document(path, document)])
    }

    public var inputFiles: [String] {
        guard let template else { return [] }
        return cardsRequest(template).inputFiles
    }

    public var inputFolders: [String] {
        template == nil ? look.inputFolders : []
    }

    /// The template cards to print, as `cardrender cards` would make them.
    func cardsRequest(_ template: String, bleed: BleedSetting = .off) -> CardsRequest {
        var request = CardsRequest(template: template, data: data, filters: filters, bleed: bleed, back: backTemplate,
                                   allowedFolders: allowedFolders)
        request.dataSheet = dataSheet
        return request
    }
}
