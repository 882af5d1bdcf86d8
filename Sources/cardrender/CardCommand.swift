import ArgumentParser
import Drawing
import Foundation
import PlayingCards
import RenderPipeline
import SharedCommands

/// `cardrender card CARD`: one card, or its back, in each requested format.
struct CardCommand: PlanCommand {
    static let configuration = CommandConfiguration(
        commandName: "card",
        abstract: "Render one card as \(OutputFormat.nameList()).",
        discussion: "CARD is \(CardName.acceptedForms)."
    )

    @Argument(help: "The card, e.g. AS, 10H, TD, qc, A♠, Q♥️, queen-of-hearts, RJ.")
    var card: String

    @Flag(help: "Draw the card's back instead of its face.")
    var faceDown = false

    @Option(help: "File names: short (AS.png) or long (ace-of-spades.png).")
    var names: CardFileNaming = .short

    @OptionGroup var options: CardOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var budget: BudgetOptions

    var request: CardRequest { CardRequest(card: card, faceDown: faceDown, names: names, look: options.look) }

    func validate() throws {
        try validateRequest()
    }

    func run() throws {
        try request.plan().run(into: output, workers: 1, budget: budget, lines: { written in
            written.map { file in
                WrittenFiles.path(file.path, in: output) + (file.pixelWidth.map { " \($0)×\(file.pixelHeight ?? 0) px" } ?? "")
            }
        })
    }
}
