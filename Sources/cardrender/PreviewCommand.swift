import ArgumentParser
import CardRenderSupport
import Foundation
import RenderPipeline

/// `cardrender preview TEMPLATE`: the cards in a browser, redrawn as their files are saved.
struct PreviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Show a template's cards in a browser and redraw the ones whose files change.",
        discussion: """
        Serves a page on this machine (127.0.0.1 unless --host is given; a free port unless --port is) with \
        every card, its row and name, a filter, a zoom to print size and a front/back switch. The template, \
        the templates it extends, the data and every image, icon and font the cards use are watched; on a save \
        only the cards whose inputs changed are drawn again and the page updates by itself. An error in the \
        files shows on the page over the last good cards until it is fixed. Ctrl-C stops.
        """
    )

    @Argument(help: "The card template: a YAML or JSON file, or an SVG whose elements are filled by id.",
              completion: .file(extensions: ["yaml", "yml", "json", "svg"]))
    var template: String

    @Option(help: "Rows of data: .csv, .tsv, .json or .yaml; default the template's `data`.",
            completion: .file(extensions: ["csv", "tsv", "json", "yaml", "yml"]))
    var data: String?

    @Option(help: "A template drawn once as the back.", completion: .file(extensions: ["yaml", "yml", "json"]))
    var back: String?

    @Option(name: .customLong("allow-dir"), help: ArgumentHelp(
        "A folder besides the template's that image paths made from data may lead into. Repeat for several.",
        valueName: "folder"), completion: .directory)
    var allowedFolders: [String] = []

    @Option(help: "The IPv4 address to listen on; 0.0.0.0 shows the page to other machines.")
    var host = PreviewRequest.loopback

    @Option(help: "The port to listen on (default: a free one, printed).")
    var port = 0

    @Option(help: "Pixels per inch of the page's images.")
    var dpi = PreviewRequest.defaultDPI

    var request: PreviewRequest {
        PreviewRequest(template: template, data: data, back: back, allowedFolders: allowedFolders, host: host, port: port, dpi: dpi)
    }

    func validate() throws {
        do { try request.validate() } catch { throw ValidationError(error.description) }
    }

    /// The server lives in `cardrender-preview`, so that its HTTP stack (SwiftNIO, Hummingbird) is
    /// not loaded by every other command: this process becomes that one, with the request as JSON.
    func run() throws {
        let json = String(decoding: try StableJSON.data(request, pretty: false), as: UTF8.self)
        try SiblingExecutable.replaceProcess(named: PreviewRequest.executableName, arguments: ["--request", json])
    }
}
