import ArgumentParser
import Drawing
import Foundation
import PlayingCards
import RenderPipeline

/// `cardrender card CARD`: one card, or its back, in each requested format.
struct CardCommand: ParsableCommand {
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
        do { try request.validate(as: .commandLine) } catch { throw ValidationError(error.message) }
    }

    func run() throws {
        let plan = try request.plan()
        try plan.checkBudget(maxPixels: budget.maxPixels)
        let out = try output.prepare()
        let started = Date()
        let written = try plan.write(into: out, workers: 1, maxPixels: budget.maxPixels)
        for file in written {
            let pixels = file.pixelWidth.map { " \($0)×\(file.pixelHeight ?? 0) px" } ?? ""
            print(WrittenFiles.path(file.path, in: output) + pixels)
        }
        print(WrittenFiles.summary(count: written.count, bytes: written.reduce(0) { $0 + $1.bytes }, in: output,
                                   since: started))
    }
}
