import ArgumentParser
import SharedCommands
import RenderPipeline

/// The `cardrender` command tree.
struct CardRender: ParsableCommand {
    static let version = CommandMain.version

    static let configuration = CommandConfiguration(
        commandName: "cardrender",
        abstract: "Render playing cards, custom cards from templates and data, and iOS keyboard-overlap diagrams with Cairo, and compare renders against golden PNGs.",
        discussion: CommandMain.exitStatusDiscussion,
        version: version,
        subcommands: [RenderCommand.self, BatchCommand.self, MergeCommand.self, CardCommand.self, DeckCommand.self, CardsCommand.self, PreviewCommand.self, PrintCommand.self, KeyboardCommand.self, DevicesCommand.self, DiffCommand.self, VerifyCommand.self, ReportCommand.self]
    )
}

/// Entry point: the command tree, run as every executable of the package runs its own.
@main
enum Main {
    static func main() {
        let arguments = BleedSetting.expandingBareFlag(in: Array(CommandLine.arguments.dropFirst()),
                                                       command: CardsCommand.configuration.commandName ?? "cards")
        CommandMain.run(CardRender.self, arguments: arguments)
    }
}
