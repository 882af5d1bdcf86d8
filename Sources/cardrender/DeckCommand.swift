import ArgumentParser
import Drawing
import Foundation
import PlayingCards
import RenderPipeline
import SharedCommands

/// `cardrender deck`: every card and the back (and jokers, other back designs), `deck.json`, and optionally a
/// sprite sheet with its atlas and a contact sheet.
struct DeckCommand: PlanCommand {
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
    @OptionGroup var tabletop: TabletopSimulatorOptions
    @OptionGroup var showcase: ShowcaseOptions
    @OptionGroup var hand: HandOptions
    @OptionGroup var cardGameSimulator: CardGameSimulatorOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var parallel: ParallelOptions
    @OptionGroup var budget: BudgetOptions

    var request: DeckRequest {
        var request = DeckRequest(jokers: jokers, allBacks: allBacks, sheet: sheet, contactSheet: contactSheet, names: names,
                                  look: options.look)
        request.tabletop = tabletop.setting
        request.showcase = showcase.setting
        request.hand = hand.setting
        request.cardGameSimulator = cardGameSimulator.setting
        return request.locating(in: output.url)
    }

    func validate() throws { try validateRequest() }

    func run() throws {
        try request.plan().run(into: output, workers: parallel.count, budget: budget, note: { _ in "deck.json included" })
    }
}
