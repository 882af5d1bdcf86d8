import ArgumentParser
import CardPreview
import Foundation
import RenderPipeline
import SharedCommands

/// `cardrender-preview --request JSON`: the server behind `cardrender preview`, which checks its
/// options and becomes this program. It is its own executable so that SwiftNIO and Hummingbird
/// load only for a preview. The request is a `PreviewRequest` as JSON (its spec keys).
@main
struct PreviewExecutable: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: PreviewRequest.executableName,
        abstract: "Serve a template's cards to a browser: the program behind cardrender preview.",
        discussion: """
        Takes the preview's request as JSON with the keys template, data, back, allow-dir, host, \
        port and dpi; cardrender preview makes it from its options. Ctrl-C stops.
        """,
        version: CommandMain.version
    )

    @Option(help: ArgumentHelp("The preview request, as JSON.", valueName: "json"))
    var request: String

    func run() throws {
        let decoded: PreviewRequest
        do { decoded = try JSONDecoder().decode(PreviewRequest.self, from: Data(request.utf8)) } catch {
            throw ValidationError("--request is not a preview request: \(Self.reason(error))")
        }
        do { try decoded.validate() } catch { throw ValidationError(error.description) }
        try PreviewServer.run(decoded) { line in
            FileHandle.standardOutput.write(Data((line + "\n").utf8))
        }
    }

    /// A decoding error in one line: the key at fault and what was wrong.
    private static func reason(_ error: any Error) -> String {
        switch error as? DecodingError {
        case .keyNotFound(let key, _): "no \"\(key.stringValue)\""
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            (context.codingPath.last.map { "\"\($0.stringValue)\": " } ?? "") + context.debugDescription
        default: "\(error)"
        }
    }

    // Errors name `cardrender`: the user typed `cardrender preview`.
    static func main() {
        CommandMain.run(PreviewExecutable.self, arguments: Array(CommandLine.arguments.dropFirst()))
    }
}
