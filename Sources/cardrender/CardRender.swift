import ArgumentParser
import CardRenderSupport
import Foundation
import RenderPipeline

/// The `cardrender` command tree.
struct CardRender: ParsableCommand {
    static let version = "0.1.0"

    static let configuration = CommandConfiguration(
        commandName: "cardrender",
        abstract: "Render playing cards, custom cards from templates and data, and iOS keyboard-overlap diagrams with Cairo, and compare renders against golden PNGs.",
        discussion: """
        Exit status: 0 on success, 1 when a comparison is out of tolerance, 2 for any error \
        (bad arguments, unreadable or unwritable files).
        """,
        version: version,
        subcommands: [RenderCommand.self, BatchCommand.self, MergeCommand.self, CardCommand.self, DeckCommand.self, CardsCommand.self, PreviewCommand.self, PrintCommand.self, KeyboardCommand.self, DevicesCommand.self, DiffCommand.self, VerifyCommand.self, ReportCommand.self]
    )
}

/// Entry point: runs the command and turns every error into one line on stderr and exit code 2
/// (1 is reserved for "images differ").
@main
enum Main {
    static func main() {
        // Before any thread starts: SIGINT and SIGTERM stop every command the same way.
        Interruption.install()
        do {
            #if ENABLE_MOCKING
            // Debug builds only: the faults a test of the command line asks for.
            try SystemFaults.installFromEnvironment(ProcessInfo.processInfo.environment)
            #endif
            let arguments = BleedSetting.expandingBareFlag(in: Array(CommandLine.arguments.dropFirst()),
                                                           command: CardsCommand.configuration.commandName ?? "cards")
            var command = try CardRender.parseAsRoot(arguments)
            try command.run()
        } catch let exit as ExitCode {
            Foundation.exit(exit.rawValue)
        } catch {
            let code = CardRender.exitCode(for: error)
            if code == .success {
                // --help, --version: print as argument-parser would.
                CardRender.exit(withError: error)
            }
            FileHandle.standardError.write(Data(("cardrender: error: " + oneLine(CardRender.message(for: error)) + "\n").utf8))
            Foundation.exit(2)
        }
    }

    /// The first meaningful line of a message, so errors stay one line.
    static func oneLine(_ message: String) -> String {
        // `\r\n` is one Character, so split on any line break, not on "\n".
        let lines = message.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        let first = lines.first { !$0.isEmpty && !$0.hasPrefix("Usage:") && !$0.hasPrefix("See '") } ?? "failed"
        return first.hasPrefix("Error: ") ? String(first.dropFirst(7)) : first
    }
}
