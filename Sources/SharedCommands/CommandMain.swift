import ArgumentParser
import CardRenderSupport
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The entry point every executable of the package shares: it runs a command tree and turns every
/// error into one line on stderr and exit code 2 (1 is reserved for "images differ").
package enum CommandMain {
    /// The version every executable of the package prints for `--version`.
    package static let version = "0.1.0"

    /// What every executable's exit status means, for its help.
    package static let exitStatusDiscussion = """
        Exit status: 0 on success, 1 when a comparison is out of tolerance, 2 for any error \
        (bad arguments, unreadable or unwritable files).
        """

    /// Parses `arguments` as `Root`'s command line and runs the command; never returns. Errors
    /// begin with `program`, the name the user typed.
    package static func run<Root: ParsableCommand>(_ root: Root.Type, program: String = "cardrender",
                                                   arguments: [String]) -> Never {
        // Before any thread starts: SIGINT and SIGTERM stop every command the same way.
        Interruption.install()
        do {
            #if ENABLE_MOCKING
            // Debug builds only: the faults a test of the command line asks for.
            try SystemFaults.installFromEnvironment(ProcessInfo.processInfo.environment)
            #endif
            var command = try Root.parseAsRoot(arguments)
            try command.run()
            end(0)
        } catch let code as ExitCode {
            end(code.rawValue)
        } catch {
            if Root.exitCode(for: error) == .success {
                // --help, --version: print as argument-parser would.
                Root.exit(withError: error)
            }
            fail(Root.message(for: error), program: program)
        }
    }

    /// Writes `PROGRAM: error: MESSAGE` (its first meaningful line) to stderr and exits 2.
    package static func fail(_ message: String, program: String) -> Never {
        // First, so that a stop signal's give-up, if it is already ending the process, is the only
        // line that says so.
        Interruption.prepareToExit()
        try? Syscalls.writeAll(2, Data((program + ": error: " + oneLine(message) + "\n").utf8))
        exit(2)
    }

    /// Exits with `status`, unless a stop signal's give-up is already ending the process.
    private static func end(_ status: Int32) -> Never {
        Interruption.prepareToExit()
        exit(status)
    }

    /// The first meaningful line of a message, so errors stay one line.
    package static func oneLine(_ message: String) -> String {
        // `\r\n` is one Character, so split on any line break, not on "\n".
        let lines = message.split(whereSeparator: \.isNewline).map { $0.trimmingSpaces() }
        let first = lines.first { !$0.isEmpty && !$0.hasPrefix("Usage:") && !$0.hasPrefix("See '") } ?? "failed"
        return first.hasPrefix("Error: ") ? String(first.dropFirst(7)) : first
    }
}
