import ArgumentParser
import BatchRendering
import Drawing
import Foundation
import PlayingCards

/// `cardrender deck`: every card and the back (and jokers, other back designs), `deck.json`, and optionally a
/// sprite sheet with its atlas and a contact sheet.
struct DeckCommand: ParsableCommand, PlannableCommand {
    static let configuration = CommandConfiguration(
        commandName: "deck",
        abstract: "Render the whole deck, with deck.json (paths, pixel sizes, SHA-256).",
        discussion: "Output is the same bytes for any -j."
    )

    @Flag(help: "Add the red and black jokers.")
    var jokers = false

    @Flag(help: "Write every back design: back.png is the theme's, the others are back-<design>.png (back-rosette.png), as on the sprite sheet.")
    var allBacks = false

    @Flag(help: "Also write sheet.png (13 columns, a row per suit, a row of backs and jokers) and sheet.json, a TexturePacker hash atlas for Phaser and PixiJS.")
    var sheet = false

    @Flag(help: "Also write contact-sheet.png: the whole deck, labelled, on one page.")
    var contactSheet = false

    @Option(help: "File names: short (AS.png) or long (ace-of-spades.png, which ad-blockers leave alone).")
    var names: CardFileNaming = .short

    @OptionGroup var options: CardOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var parallel: ParallelOptions
    @OptionGroup var budget: BudgetOptions

    func plan() throws -> OutputPlan {
        let export = DeckExport(renderer: try options.makeRenderer(), formats: options.formats,
                                resolution: options.resolution, naming: names, includesJokers: jokers,
                                includesAllBacks: allBacks)
        try export.validate(sheet: sheet)
        var jobs = export.files.map { RenderJob($0.relativePath, $0.picture, format: $0.format, resolution: $0.resolution) }
        var atlas: Data?
        if sheet {
            let spriteSheet = try export.spriteSheet()
            jobs.append(RenderJob(export.spriteSheetImageName, spriteSheet.picture(), format: .png,
                                  resolution: export.resolution))
            atlas = spriteSheet.atlasJSON(imageName: export.spriteSheetImageName)
        }
        if contactSheet {
            jobs.append(RenderJob("contact-sheet.png", try ContactSheet.picture(for: export), format: .png,
                                  resolution: options.resolution))
        }
        let atlasPath = export.spriteSheetAtlasName, manifestPath = export.manifestPath
        let atlasFile = atlas
        return OutputPlan(jobs: jobs, derivedPaths: (atlasFile == nil ? [] : [atlasPath]) + [manifestPath]) { rendered in
            // deck.json states the SHA-256 of the bytes just rendered.
            let manifest = try export.manifest(describing: rendered.mapValues {
                DeckManifest.FileFacts(bytes: $0.bytes, sha256: $0.sha256, pixelWidth: $0.pixelWidth,
                                       pixelHeight: $0.pixelHeight)
            })
            return (atlasFile.map { [RenderedFile(path: atlasPath, data: $0)] } ?? [])
                + [RenderedFile(path: manifestPath, data: try manifest.jsonData())]
        }
    }

    func run() throws {
        let plan = try plan()
        try plan.checkBudget(maxPixels: budget.maxPixels)
        let out = try output.prepare()
        let started = Date()
        let written = try plan.write(into: out, workers: parallel.count)
        let bytes = written.reduce(0) { $0 + $1.bytes }
        print("Wrote \(written.count) files (\(bytes / 1024) KiB, deck.json included) into \(output.out) in "
              + String(format: "%.2f s", Date().timeIntervalSince(started)))
    }

}
