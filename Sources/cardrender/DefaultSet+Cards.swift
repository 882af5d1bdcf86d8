import Drawing
import Foundation
import PlayingCards

/// The cards in `cardrender render`: the full deck with jokers as PNG (2x) and SVG under
/// `cards/`, its `deck.json`, the sprite sheet with its atlas, and contact sheets of the
/// classic and four-colour decks.
extension DefaultSet {
    static func cardExport() throws -> DeckExport {
        DeckExport(renderer: try CardRenderer(size: .poker, theme: .classic), formats: [.png, .svg],
                   resolution: .scale(2), naming: .short, includesJokers: true, folder: "cards")
    }

    static func cardJobs() throws -> [RenderJob] {
        let export = try cardExport()
        try export.validate(sheet: true)
        var jobs = export.files.map { RenderJob($0.relativePath, $0.picture, format: $0.format, resolution: $0.resolution) }
        jobs.append(RenderJob(export.path(export.spriteSheetImageName), try export.spriteSheet().picture(), format: .png,
                              resolution: export.resolution))
        jobs.append(RenderJob(export.path("contact-sheet.png"), try ContactSheet.picture(for: export), format: .png,
                              resolution: .scale(2)))
        var fourColor = export
        fourColor.renderer = try CardRenderer(size: .poker, theme: .fourColor)
        jobs.append(RenderJob(export.path("contact-sheet-four-color.png"), try ContactSheet.picture(for: fourColor),
                              format: .png, resolution: .scale(2)))
        return jobs
    }

    /// Writes `cards/sheet.json` and `cards/deck.json`; call after the jobs from `cardJobs()`
    /// have been written into `out` (deck.json states the SHA-256 of the files on disk).
    static func writeCardMetadata(into out: URL) throws {
        let export = try cardExport()
        try AtomicFile.write(try export.atlasJSON(), to: out.appendingPathComponent(export.path(export.spriteSheetAtlasName)))
        try AtomicFile.write(try export.manifest(readingFrom: out).jsonData(),
                             to: out.appendingPathComponent(export.manifestPath))
    }
}
