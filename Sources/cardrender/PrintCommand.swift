import ArgumentParser
import CardRenderSupport
import Drawing
import Foundation
import PrintLayout
import RenderPipeline
import SharedCommands

extension OrientationChoice: ExpressibleByArgument {}
extension CardRotationChoice: ExpressibleByArgument {}
extension PrintDuplex: ExpressibleByArgument {}

/// `cardrender print`: cards imposed on print sheets at actual size, as one vector PDF.
struct PrintCommand: PlanCommand {
    static let configuration = CommandConfiguration(
        commandName: "print",
        abstract: "Write print sheets of the deck (or some cards) as one PDF to print at actual size.",
        discussion: """
        Cards are laid out n-up and centred (poker on A4 portrait: 3×3), with crop marks on every trim line \
        outside the cards and a label in the bottom margin. Default margin 0.25 in, what home printers can \
        print; default gutter 0, so one cut serves two cards. With --bleed the cards' ground reaches past the \
        trim and corners are square. --pages-png DPI also writes each page as a PNG. --print-on-demand SIZE \
        writes what a print-on-demand service takes instead of sheets: cards/<card>.png and cards/back.png at \
        300 dpi with the service's bleed, and a PDF of one card a page (back, front, back, front…, no die \
        line). --template FILE prints custom cards (see `cardrender cards`) instead of the deck, with \
        --back-template for duplex backs. Output is the same bytes for any -j.
        """
    )

    @Flag(help: "Add the red and black jokers to the deck.")
    var jokers = false

    @Option(help: "Cards to print, comma-separated (AS,10H,queen-of-hearts); default: the whole deck.")
    var cards: String?

    @Option(parsing: .unconditional, help: "Paper: \(Paper.named.map(\.name).joined(separator: ", ")) or WIDTHxHEIGHT with a unit (210x297mm, 8.5x11in).")
    var paper = "A4"

    @Option(help: "Orientation: automatic (whichever fits more cards), portrait or landscape.")
    var orientation: OrientationChoice = .automatic

    @Option(help: ArgumentHelp("Turn cards a quarter turn on the sheet: automatic (when that fits more on the page's "
                               + "orientation; with --orientation automatic the page is turned instead), never or always."))
    var rotateCards: CardRotationChoice = .automatic

    @Option(parsing: .unconditional, help: "Margin on every side: 6mm, 0.25in (default), 18pt or 18 (a bare number is points).")
    var margin: String?

    @Option(parsing: .unconditional, help: "Space between neighbouring cards (default 0: one cut serves two cards).")
    var gutter: String?

    @Option(parsing: .unconditional, help: "Bleed past the trim: off (default), template (the --template's `card.bleed`) or a length (1/8in, 3mm).")
    var bleed: String?

    @Flag(inversion: .prefixedNo, help: "Crop marks on every trim line, outside the cards.")
    var cropMarks = true

    @Flag(help: "Also draw hairline cut lines on the trim lines across the cards.")
    var cutLines = false

    @Flag(help: "Overlay bleed (red), trim (blue) and safe-area (green, dashed) lines.")
    var proof = false

    @Option(help: "Backs on the page after each sheet of fronts: none, long-edge or short-edge (how the printer flips).")
    var duplex: PrintDuplex = .none

    @Option(help: "The PDF's file name in the output folder.")
    var pdf = PrintRequest.defaultFileName

    @Option(name: .customLong("pages-png"), parsing: .unconditional, help: ArgumentHelp(
        "Also write each page as a PNG at this resolution (\(Int(PrintRequest.pagesPNGRange.lowerBound))–\(Int(PrintRequest.pagesPNGRange.upperBound)) dpi).",
        valueName: "dpi"))
    var pagesPNG: Double?

    @Option(name: .customLong("print-on-demand"), help: ArgumentHelp(
        "Per-card PNGs and a one-card-a-page PDF for a print service: \(PrintOnDemandSize.all.map(\.description).joined(separator: "; ")).",
        valueName: "size"))
    var printOnDemand: String?

    @Option(help: ArgumentHelp("Print custom cards instead of the deck: a card template (as `cardrender cards` takes), each row's card `count` times.",
                               valueName: "file"), completion: .file(extensions: ["yaml", "yml", "json"]))
    var template: String?

    @Option(help: ArgumentHelp("The template's rows: .csv, .tsv, .json, .yaml, .xlsx or .ods (default: the template's `data`).",
                               valueName: "file"),
            completion: .file(extensions: ["csv", "tsv", "json", "yaml", "yml", "xlsx", "ods"]))
    var data: String?

    @Option(help: ArgumentHelp("The sheet of an .xlsx or .ods --data file to read (default: the first).", valueName: "name"))
    var dataSheet: String?

    @Option(name: .customLong("where"), help: ArgumentHelp("Only the template's rows where this holds (as `cardrender cards --where`).",
                                                           valueName: "condition"))
    var filters: [String] = []

    @Option(help: ArgumentHelp("A template drawn behind each template card for --duplex, filled from the card's row "
                               + "('backs/{column}.yaml' lets each row name its back).", valueName: "file"),
            completion: .file(extensions: ["yaml", "yml", "json"]))
    var backTemplate: String?

    @Option(name: .customLong("allow-dir"), help: ArgumentHelp(
        "A folder besides the template's that image paths made from data may lead into (as `cardrender cards --allow-dir`).",
        valueName: "folder"), completion: .directory)
    var allowedFolders: [String] = []

    @OptionGroup var options: CardOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var parallel: ParallelOptions
    @OptionGroup var budget: BudgetOptions

    var request: PrintRequest {
        var request = PrintRequest(look: options.look)
        request.jokers = jokers
        request.cards = cards
        request.paper = paper
        request.orientation = orientation
        request.rotateCards = rotateCards
        request.margin = margin
        request.gutter = gutter
        request.bleed = bleed
        request.cropMarks = cropMarks
        request.cutLines = cutLines
        request.proof = proof
        request.duplex = duplex
        request.pdf = pdf
        request.pagesPNG = pagesPNG
        request.printOnDemand = printOnDemand
        request.template = template
        request.data = data
        request.dataSheet = dataSheet
        request.filters = filters
        request.backTemplate = backTemplate
        request.allowedFolders = allowedFolders
        return request
    }

    func validate() throws {
        if options.format != nil { throw ValidationError("print writes one PDF; --format does not apply") }
        try validateRequest()
    }

    func run() throws {
        // The documents by name (the PDF, page PNGs); a print-on-demand run's card images as a count.
        let inFolders = { (written: [WrittenFile]) in written.filter { $0.path.contains("/") } }
        try request.plan().run(into: output, workers: parallel.count, budget: budget, lines: { written in
            written.filter { !$0.path.contains("/") }.map { WrittenFiles.path($0.path, in: output) }
        }, note: { written in
            let folders = Set(inFolders(written).map { String($0.path.prefix { $0 != "/" }) + "/" })
            return folders.isEmpty ? nil : "\(inFolders(written).count) in \(folders.sorted().joined(separator: ", "))"
        })
    }
}
