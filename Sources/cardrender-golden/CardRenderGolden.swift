import ArgumentParser
import SharedCommands

/// `cardrender-golden`: `diff`, `verify` and `report` without the drawing libraries. It links
/// GoldenImages alone (libpng, libdeflate, libwebp, libjpeg-turbo), so it starts in a fraction
/// of the time `cardrender` takes to load Cairo, Pango, librsvg and GLib: the tool for a CI step
/// or a loop that only compares images. The commands and their output are `cardrender`'s own.
@main
struct CardRenderGolden: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cardrender-golden",
        abstract: "Compare PNG images and folders of golden PNGs, as cardrender diff, verify and report do, without the drawing libraries.",
        discussion: CommandMain.exitStatusDiscussion,
        version: CommandMain.version,
        subcommands: [DiffCommand.self, VerifyCommand.self, ReportCommand.self]
    )

    static func main() {
        CommandMain.run(CardRenderGolden.self, program: "cardrender-golden", arguments: Array(CommandLine.arguments.dropFirst()))
    }
}
