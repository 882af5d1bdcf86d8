import ArgumentParser
import Drawing
import Foundation
import PlayingCards

/// `cardrender card CARD`: one card, or its back, in each requested format.
struct CardCommand: ParsableCommand, PlannableCommand {
    static let configuration = CommandConfiguration(
        commandName: "card",
        abstract: "Render one card as PNG, SVG or PDF.",
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

    func validate() throws {
        do {
            _ = try PlayingCard(parsing: card)
        } catch {
            throw ValidationError(error.description)
        }
    }

    func plan() throws -> OutputPlan {
        let side: CardSide = faceDown ? .back : .front(try PlayingCard(parsing: card))
        let picture = try options.makeRenderer().picture(for: side)
        return OutputPlan(jobs: RenderJob.all(names.name(for: side), picture, formats: options.formats,
                                              resolution: options.resolution))
    }

    func run() throws {
        let plan = try plan()
        try plan.checkBudget(maxPixels: budget.maxPixels)
        let out = try output.prepare()
        let written = try plan.write(into: out, workers: 1)
        for file in written {
            let pixels = file.pixelWidth.map { " \($0)×\(file.pixelHeight ?? 0) px" } ?? ""
            print("\(out.appendingPathComponent(file.path).path)\(pixels)")
        }
    }
}
