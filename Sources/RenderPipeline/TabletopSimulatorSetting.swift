import BatchRendering
import CardRenderSupport
import Drawing
import Foundation
import PlayingCards
import SpecFiles

extension TabletopSimulatorDeck.HiddenFace: SpecNamed {}

/// Whether a `cards` or `deck` request also writes a Tabletop Simulator deck (`--tabletop-simulator`,
/// `tabletop-simulator: true`): its sheets and back in `tabletop-simulator/`, each an ordinary
/// unit rendered on the workers, and the saved object beside them, written with the manifests.
public struct TabletopSimulatorSetting: Sendable, Equatable {
    /// Writes the deck.
    public var enabled = false
    /// The sheets' and back's format: PNG or JPEG.
    public var format: OutputFormat = .png
    /// Where Tabletop Simulator finds the images (`https://example.com/decks/`); nil: the
    /// `file://` URL of the folder they are written to (see `locating(in:)`).
    public var baseURL: String?
    /// What hidden cards show: the back, or each sheet's last slot (where the back is drawn).
    public var hidden: TabletopSimulatorDeck.HiddenFace = .back

    /// Formats Tabletop Simulator reads.
    public static let formats: [OutputFormat] = [.png, .jpeg]
    /// The longest `base-url` taken.
    public static let maxBaseURLLength = 2048

    /// Off, or on with the given format and image URL base.
    public init(enabled: Bool = false, format: OutputFormat = .png, baseURL: String? = nil,
                hidden: TabletopSimulatorDeck.HiddenFace = .back) {
        self.enabled = enabled
        self.format = format
        self.baseURL = baseURL
        self.hidden = hidden
    }

    enum Key: String, CodingKey, CaseIterable {
        case enabled = "tabletop-simulator", format = "tabletop-format", baseURL = "base-url", hidden = "tabletop-hidden"
    }

    /// The spec keys.
    public static let keys = Key.allCases.map(\.rawValue)

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        enabled = try container.value(.enabled, or: enabled)
        if let list = try container.decodeIfPresent(FormatList.self, forKey: .format) {
            guard list.formats.count == 1, let format = list.formats.first else {
                throw DecodingError.dataCorruptedError(forKey: .format, in: container,
                                                       debugDescription: "give one format: png or jpg")
            }
            self.format = format
        }
        baseURL = try container.decodeIfPresent(String.self, forKey: .baseURL)
        hidden = try container.value(.hidden, or: hidden)
    }

    /// The format is PNG or JPEG, the base URL an `http`, `https` or `file` URL of bounded
    /// length, and neither is given without the deck.
    func validate(as source: RequestSource) throws(RequestError) {
        let formatKey = Key.format.rawValue, urlKey = Key.baseURL.rawValue
        guard Self.formats.contains(format) else {
            throw RequestError("\(source.name(formatKey)) must be png or jpg: Tabletop Simulator reads those, got "
                               + format.fileExtension, key: formatKey)
        }
        guard let baseURL else { return }
        guard enabled || source == .spec else {
            throw RequestError("\(source.name(urlKey)) names where the Tabletop Simulator images are; add "
                               + source.name(Key.enabled.rawValue), key: urlKey)
        }
        guard baseURL.utf8.count <= Self.maxBaseURLLength else {
            throw RequestError("\(source.name(urlKey)) is \(baseURL.utf8.count) bytes; at most \(Self.maxBaseURLLength)",
                               key: urlKey)
        }
        let lowered = baseURL.lowercased()
        guard ["http://", "https://", "file://"].contains(where: lowered.hasPrefix),
              !baseURL.unicodeScalars.contains(where: { $0.value < 0x21 || $0.value == 0x7F || $0 == "\"" }) else {
            throw RequestError("\(source.name(urlKey)) must be an http://, https:// or file:// URL without spaces, got "
                               + "'\(baseURL.escapingLineBreaks)'", key: urlKey)
        }
    }

    /// The setting with the images' URL base resolved: the one given, or the `file://` URL of
    /// `tabletop-simulator/` inside `folder`, the request's output folder.
    public func locating(in folder: URL) -> TabletopSimulatorSetting {
        guard enabled, baseURL == nil else { return self }
        var setting = self
        let images = folder.standardizedFileURL.appendingPathComponent(TabletopSimulatorDeck.folder, isDirectory: true)
        setting.baseURL = URL(fileURLWithPath: images.path, isDirectory: true).absoluteString
        return setting
    }

    /// The files for `cardCount` distinct cards, relative to the request's output folder: the
    /// sheets and the back or back sheets (units), then the saved object (written with the manifests).
    func paths(cardCount: Int, uniqueBacks: Bool = false) -> (units: [String], savedObject: String) {
        let names = TabletopSimulatorDeck.fileNames(cardCount: cardCount, format: format, hidden: hidden,
                                                    uniqueBacks: uniqueBacks).map {
            TabletopSimulatorDeck.folder + "/" + $0
        }
        return (Array(names.dropLast()), names.last ?? "")
    }

    /// The sheets and the back (or a back sheet per sheet, when the cards' backs differ) as units,
    /// each drawn and encoded on a worker, and the saved object's path and bytes.
    func plan(_ deck: TabletopSimulatorDeck, quality: Int?) -> (units: [OutputUnit], savedObject: RenderedFile)? {
        guard enabled else { return nil }
        let folder = TabletopSimulatorDeck.folder + "/"
        let quality = format.lossyQualities == nil ? nil : quality
        var files = deck.sheets.map { sheet in
            FileToRender(folder + TabletopSimulatorDeck.sheetName(sheet.key, format: format), deck.picture(of: sheet),
                         format: format, resolution: sheet.grid.resolution, quality: quality)
        }
        if deck.hasUniqueBacks {
            files += deck.sheets.map { sheet in
                FileToRender(folder + TabletopSimulatorDeck.backSheetName(sheet.key, format: format), deck.backPicture(of: sheet),
                             format: format, resolution: sheet.grid.resolution, quality: quality)
            }
        } else {
            files.append(FileToRender(folder + TabletopSimulatorDeck.backName(format: format), deck.picture(of: deck.back, in: deck.backGrid),
                                      format: format, resolution: deck.backGrid.resolution, quality: quality))
        }
        // Without a base (a request never told where it is written) the URLs are relative.
        let base = baseURL.map { $0.hasSuffix("/") ? $0 : $0 + "/" } ?? folder
        let json = (try? deck.savedObject(imageBase: base, format: format).jsonData()) ?? Data()
        return (files.map(\.unit), RenderedFile(path: folder + TabletopSimulatorDeck.savedObjectName, data: json))
    }
}
