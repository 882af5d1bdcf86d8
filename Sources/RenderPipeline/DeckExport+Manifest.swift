import BatchRendering
import CardRenderSupport
import Drawing
import Foundation
import PlayingCards

// `deck.json` from bytes: hashing lives with the manifests, so PlayingCards needs no SHA-256.
extension DeckExport {
    /// `deck.json` for files already written: reads each back and states its SHA-256, so the
    /// manifest describes what is on disk.
    public func manifest(readingFrom directory: URL) throws -> DeckManifest {
        var rendered: [String: Data] = [:]
        for file in files {
            rendered[file.relativePath] = try Data(contentsOf: directory.appendingPathComponent(file.relativePath))
        }
        return try manifest(rendered: rendered)
    }

    /// `deck.json` for files rendered in memory, keyed by their relative paths.
    public func manifest(rendered: [String: Data]) throws(PlayingCardsError) -> DeckManifest {
        try manifest(describing: Dictionary(uniqueKeysWithValues: rendered.map { ($0.key, WrittenFile(path: $0.key, data: $0.value)) }))
    }
}
