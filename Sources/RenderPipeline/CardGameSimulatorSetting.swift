import BatchRendering
import CardRenderSupport
import Drawing
import Foundation
import PlayingCards
import SpecFiles
import ZIPFoundation

/// Whether a `cards` or `deck` request also writes a Card Game Simulator game
/// (`--card-game-simulator`, `card-game-simulator: true`): the game folder in
/// `card-game-simulator/<name>/`, each image an ordinary unit rendered on the workers; or, with
/// `zip`, that folder as one `card-game-simulator/<name>.cgs.zip`, the form cgs.games uploads.
public struct CardGameSimulatorSetting: Sendable, Equatable {
    /// Writes the game.
    public var enabled = false
    /// Writes the game as one `.cgs.zip` instead of a folder.
    public var zip = false

    /// Off, or on as a folder or a zip.
    public init(enabled: Bool = false, zip: Bool = false) {
        self.enabled = enabled
        self.zip = zip
    }

    enum Key: String, CodingKey, CaseIterable {
        case enabled = "card-game-simulator", zip = "card-game-simulator-zip"
    }

    /// The spec keys.
    public static let keys = Key.allCases.map(\.rawValue)

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        enabled = try container.value(.enabled, or: enabled)
        zip = try container.value(.zip, or: zip)
    }

    /// A zip is of the game, so it is not asked for alone.
    func validate(as source: RequestSource) throws(RequestError) {
        guard zip, !enabled else { return }
        throw RequestError("\(source.name(Key.zip.rawValue)) zips the Card Game Simulator game; add "
                           + source.name(Key.enabled.rawValue), key: Key.zip.rawValue)
    }

    /// The files of `game`, relative to the request's output folder: every file of the game
    /// folder, or the zip.
    func paths(of game: CardGameSimulatorGame) -> [String] {
        guard enabled else { return [] }
        if zip { return [Self.zipPath(game)] }
        return game.paths.map { Self.folderPath(game) + $0 }
    }

    static func folderPath(_ game: CardGameSimulatorGame) -> String {
        CardGameSimulatorGame.folder + "/" + game.name + "/"
    }

    static func zipPath(_ game: CardGameSimulatorGame) -> String {
        CardGameSimulatorGame.folder + "/" + game.name + CardGameSimulatorGame.zipExtension
    }

    /// The game's files as units: each image drawn and encoded on a worker and the JSON files
    /// and deck known now; or one unit drawing every image in turn into the zip, which stops
    /// once its files pass `maxZipBytes`.
    func plan(_ game: CardGameSimulatorGame, maxZipBytes: Int = Self.maxZipBytes) throws -> [OutputUnit] {
        guard enabled else { return [] }
        let format = CardGameSimulatorGame.imageFormat, resolution = game.resolution
        let texts = try game.textFiles()
        if zip {
            let images = game.images, root = game.name + "/"
            let cost = images.reduce(0) {
                $0 + FileToRender($1.path, $1.picture, format: format, resolution: resolution).estimatedCost
            }
            let zipPath = Self.zipPath(game)
            // Each image is checked against the pixel budget as a card file is.
            return [OutputUnit(path: zipPath, format: nil, pixelSize: resolution.pixelSize(for: game.cardSize),
                               content: .file(cost: cost) {
                let archive = try Archive(accessMode: .create)
                var bytes = 0
                func add(_ data: Data, at path: String, compressed: Bool) throws {
                    bytes += data.count
                    guard bytes <= maxZipBytes else {
                        throw RequestError("\(zipPath) would hold more than \(maxZipBytes / 1_048_576) MiB; "
                                           + "write the game as a folder instead")
                    }
                    try Self.add(data, at: root + path, compressed: compressed, to: archive)
                }
                for (path, data) in texts { try add(data, at: path, compressed: true) }
                for image in images {
                    try add(try image.picture.data(format: format, resolution: resolution, quality: nil), at: image.path,
                            compressed: false)
                }
                return archive.data ?? Data()
            })]
        }
        let folder = Self.folderPath(game)
        return game.images.map { FileToRender(folder + $0.path, $0.picture, format: format, resolution: resolution).unit }
            + texts.map { OutputUnit.known(folder + $0.path, $0.data) }
    }

    /// The facts of the game's files at `paths`, for a manifest; nil when there are none.
    static func listed(_ paths: [String], facts: [String: WrittenFile]) throws -> [WrittenFile]? {
        guard !paths.isEmpty else { return nil }
        return try paths.map { path in
            guard let written = facts[path] else { throw RequestError("\(path) was not rendered") }
            return written
        }
    }

    /// The most bytes a zip's files may hold: it is built in memory, ten times what cgs.games takes.
    public static let maxZipBytes = 1 << 30

    /// A fixed date for every entry, so the same game is the same bytes: the zip format's
    /// earliest, 1980-01-01 00:00.
    static let entryDate = Date(timeIntervalSince1970: 315_532_800)

    /// Adds `data` at `path`, deflated when `compressed` (PNG is compressed already), dated `entryDate`.
    static func add(_ data: Data, at path: String, compressed: Bool, to archive: Archive) throws {
        try archive.addEntry(with: path, type: .file, uncompressedSize: Int64(data.count), modificationDate: entryDate,
                             permissions: 0o644, compressionMethod: compressed ? .deflate : .none) { position, size in
            data.subdata(in: Int(position)..<Int(position) + size)
        }
    }
}
