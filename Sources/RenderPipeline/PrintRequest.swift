import Drawing
import Foundation
import PlayingCards
import PrintLayout
import SpecFiles

extension OrientationChoice: Decodable, SpecNamed {}

/// Which way a duplex printer turns the sheet, or no backs at all.
public enum PrintDuplex: String, Sendable, CaseIterable, Decodable, SpecNamed {
    /// Fronts only.
    case none
    case longEdge = "long-edge"
    case shortEdge = "short-edge"

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
    public var jokers = false
    /// Cards to print, comma-separated short or long names (`AS,10H,queen-of-hearts`); nil for the
    /// whole deck in new-deck order.
    public var cards: String?
    /// A named paper or `WIDTHxHEIGHT` with a unit.
    public var paper = "A4"
    public var orientation: OrientationChoice = .automatic
    /// Lengths with units; nil for the defaults of ``SheetLayout``.
    public var margin: String?
    public var gutter: String?
    /// `off` (the default) or a length: `1/8in`, `3mm`.
    public var bleed: String?
    public var cropMarks = true
    public var cutLines = false
    public var proof = false
    public var duplex: PrintDuplex = .none
    /// The PDF's file name in the output folder.
    public var pdf = PrintRequest.defaultFileName
    public var look = CardLook()

    public static let defaultFileName = "deck-print.pdf"

    public init(look: CardLook = CardLook()) {
        self.look = look
    }

    enum Key: String, CodingKey, CaseIterable {
        case jokers, cards, paper, orientation, margin, gutter, bleed, cropMarks = "crop-marks", cutLines = "cut-lines",
             proof, duplex, pdf
    }

    /// PDF sheets are vector at actual size: no raster resolution, no format list.
    static let lookKeys = CardLook.Key.allCases.filter { ![.scale, .dpi, .format].contains($0) }.map(\.rawValue)

    public static let keys = Key.allCases.map(\.rawValue) + lookKeys

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        jokers = try container.value(.jokers, or: jokers)
        cards = try container.decodeIfPresent(String.self, forKey: .cards)
        paper = try container.value(.paper, or: paper)
        orientation = try container.value(.orientation, or: orientation)
        margin = try container.decodeIfPresent(String.self, forKey: .margin)
        gutter = try container.decodeIfPresent(String.self, forKey: .gutter)
        bleed = try container.decodeIfPresent(String.self, forKey: .bleed)
        cropMarks = try container.value(.cropMarks, or: cropMarks)
        cutLines = try container.value(.cutLines, or: cutLines)
        proof = try container.value(.proof, or: proof)
        duplex = try container.value(.duplex, or: duplex)
        pdf = try container.value(.pdf, or: pdf)
        look = try CardLook(from: try decoder.container(keyedBy: CardLook.Key.self))
    }

    public func validate(as source: RequestSource) throws(RequestError) {
        if look.scale != nil || look.dpi != nil {
            throw RequestError("print sheets are vector PDF at actual size; \(source.name("scale")) and \(source.name("dpi")) do not apply",
                               key: look.dpi != nil ? "dpi" : "scale")
        }
        try look.validate(as: source)
        _ = try sides()
        _ = try sheetLayout(as: source)
        let name = pdf.trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty, name.lowercased().hasSuffix(".pdf"), !name.hasPrefix("/"),
              !name.split(separator: "/").contains("..") else {
            throw RequestError("\(source.name("pdf")) must be a file name ending in .pdf inside the output folder, got \"\(pdf)\"",
                               key: "pdf")
        }
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

    /// The sheet grid for the card size and the paper options.
    public func sheetLayout(as source: RequestSource = .commandLine) throws(RequestError) -> SheetLayout {
        let size: CardSize
        do { size = try look.cardSize() } catch { throw RequestError(error.description, key: "size") }
        let paper: Paper
        do { paper = try Paper(parsing: self.paper) } catch { throw RequestError(error.description, key: "paper") }
        let margin = try Self.length(self.margin, key: "margin", as: source) ?? SheetLayout.defaultMargin
        let gutter = try Self.length(self.gutter, key: "gutter", as: source) ?? SheetLayout.defaultGutter
        let bleed = try Self.length(self.bleed, key: "bleed", as: source) ?? .zero
        do {
            return try SheetLayout(paper: paper, cardSize: size.points, bleed: bleed, margin: margin, gutter: gutter,
                                   orientation: orientation)
        } catch {
            let key = switch error {
            case .gutterTooLarge: "gutter"
            case .paperSmallerThanCard: "paper"
            default: "margin"
            }
            throw RequestError(error.description, key: key)
        }
    }

    /// A length with a unit; `0` and `off` are zero.
    static func length(_ text: String?, key: String, as source: RequestSource) throws(RequestError) -> Length? {
        guard let text else { return nil }
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        if ["0", "off", "none"].contains(trimmed) { return .zero }
        do { return try Length(parsing: text) } catch { throw RequestError("\(source.name(key)): \(error.description)", key: key) }
    }

    public func plan() throws -> OutputPlan {
        let sheets = PrintSheets(renderer: try look.makeRenderer(), layout: try sheetLayout(), fronts: try sides(),
                                 deckName: "\(look.theme) \(look.size) deck", cropMarks: cropMarks, cutLines: cutLines,
                                 proof: proof, duplex: duplex.flip)
        let path = pdf.trimmingCharacters(in: .whitespaces)
        let document = sheets.document()
        // One file of many pages: drawn on one thread, written through the plan's derived files.
        return OutputPlan(files: [], derivedPaths: [path]) { _ in
            [RenderedFile(path: path, data: try document.pdfData())]
        }
    }

    public var inputFolders: [String] { look.inputFolders }
}
