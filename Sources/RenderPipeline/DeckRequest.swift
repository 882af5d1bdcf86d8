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

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        jokers = try container.value(.jokers, or: jokers)
        allBacks = try container.value(.allBacks, or: allBacks)
        sheet = try container.value(.sheet, or: sheet)
        contactSheet = try container.value(.contactSheet, or: contactSheet)
        names = try container.value(.names, or: names)
        look = try CardLook(from: try decoder.container(keyedBy: CardLook.Key.self))
    }

    public func validate(as source: RequestSource) throws(RequestError) {
        try look.validate(as: source)
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
        let manifestPath = export.manifestPath
        // The atlas is known now, so it is a file of its own.
        let units = files.map(\.unit) + (atlas.map { [OutputUnit.known(export.spriteSheetAtlasName, $0)] } ?? [])
        return OutputPlan(units: units, derivedPaths: [manifestPath]) { rendered in
            // deck.json states the SHA-256 of the bytes just rendered.
            [RenderedFile(path: manifestPath, data: try export.manifest(describing: rendered).jsonData())]
        }
    }

    public var inputFolders: [String] { look.inputFolders }
}
