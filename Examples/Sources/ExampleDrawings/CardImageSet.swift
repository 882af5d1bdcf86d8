import Drawing
import Foundation
import PlayingCards

/// Writes a four-colour poker deck with both jokers into `folder` as PNGs at 2× (AS.png … KC.png,
/// back.png, RJ.png, BJ.png) and returns the paths written.
public func writeCardImageSet(to folder: URL) throws -> [URL] {
    let deck = DeckExport(renderer: try CardRenderer(size: .poker, theme: .fourColor),
                          formats: [.png], resolution: .scale(2), includesJokers: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return try deck.files.map { file in
        let url = folder.appendingPathComponent(file.relativePath)
        try file.picture.write(to: url, format: file.format, resolution: file.resolution)
        return url
    }
}
