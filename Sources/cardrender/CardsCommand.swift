import ArgumentParser
import Foundation
import RenderPipeline
import SharedCommands

/// `cardrender cards`: every row of data rendered through a card template.
struct CardsCommand: PlanCommand {
    static let configuration = CommandConfiguration(
        commandName: "cards",
        abstract: "Render custom cards: a template's layers filled in from each row of a CSV, TSV, JSON, YAML, XLSX or ODS file.",
        discussion: """
        A template (YAML or JSON) gives the card's size, bleed and corner radius and an ordered list of layers: \
        rect, ellipse, polygon, line, image (PNG or SVG, fitted contain, cover or stretch), text (Pango markup, \
        wrapped, auto-fit, inline icons) and the built-in deck's parts (playing-card, pips, corners, suit). \
        `{column}` in any value is filled from the row; a `count` column repeats a card on sheets and in print. \
        Writes one file per card and format, named by the template's `card.name` pattern, and cards.json \
        (paths, pixel sizes, SHA-256, counts). Text that does not fit even at its smallest size is a warning, \
        or an error with --strict, as are no cards at all and --bleed template on a template without bleed. An image \
        path made from data must lead inside the template's folder (or an --allow-dir folder). Output is the \
        same bytes for any -j.
        """
    )

    @Argument(help: "The card template: a YAML or JSON file, or an SVG whose elements are filled by id.",
              completion: .file(extensions: ["yaml", "yml", "json", "svg"]))
    var template: String

    @Option(help: "Rows of data: .csv, .tsv, .json (an array of objects), .yaml (a list), .xlsx or .ods; default the template's `data`.",
            completion: .file(extensions: ["csv", "tsv", "json", "yaml", "yml", "xlsx", "ods"]))
    var data: String?

    @Option(help: ArgumentHelp("The sheet of an .xlsx or .ods --data file to read (default: the first).", valueName: "name"))
    var dataSheet: String?

    @Option(name: .customLong("where"), help: ArgumentHelp(
        "Only rows where this holds: 'type == spell', 'cost != 0', 'element in [fire, water]', or a column name "
            + "(not empty). Repeat to require several.", valueName: "condition"))
    var filters: [String] = []

    @Option(help: "Formats, comma-separated: \(ValueNames.listed(ValueNames.formats)).", completion: .formats,
            transform: FormatList.argument)
    var format = FormatList([.png])

    @Option(parsing: .unconditional, help: ArgumentHelp("Lossy WebP at this quality, 0 to 100 (default: lossless); JPEG at 1 to 100, 90 unless given.", valueName: "N"))
    var quality: Int?

    @Option(parsing: .unconditional, help: "Pixels per inch of PNG files (default: the template's dpi, else 300).")
    var dpi: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "Bleed past the trim in every file, with square corners, as print services take cards: off (default), template "
            + "(the template's `card.bleed`; a bare --bleed means this) or a length in its place (1/8in, 3mm).", valueName: "bleed"),
            transform: BleedSetting.argument)
    var bleed: BleedSetting = .off

    @Option(help: ArgumentHelp(
        "Also render this template as each card's back, filled from the card's row: back.png when all are the same, else "
            + "back-1.png, back-2.png …; 'backs/{column}.yaml' lets each row name its back inside the template's folder.",
        valueName: "file"), completion: .file(extensions: ["yaml", "yml", "json"]))
    var back: String?

    @Flag(help: "Also write sheet.png with every card and sheet.json, a TexturePacker hash atlas for Phaser and PixiJS.")
    var sheet = false

    @Flag(help: "Also write contact-sheet.png: every card, labelled, on one page.")
    var contactSheet = false

    @Option(name: .customLong("allow-dir"), help: ArgumentHelp(
        "A folder besides the template's that image paths made from data may lead into. Repeat for several.",
        valueName: "folder"), completion: .directory)
    var allowedFolders: [String] = []

    @Flag(help: ArgumentHelp("Fail on what is otherwise a warning: text that does not fit its box even at its smallest size, "
                             + "no cards, --bleed template on a template without bleed."))
    var strict = false

    @OptionGroup var tabletop: TabletopSimulatorOptions
    @OptionGroup var showcase: ShowcaseOptions
    @OptionGroup var hand: HandOptions
    @OptionGroup var cardGameSimulator: CardGameSimulatorOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var parallel: ParallelOptions
    @OptionGroup var budget: BudgetOptions

    var request: CardsRequest {
        var request = CardsRequest(template: template, data: data, filters: filters, formats: format.formats, dpi: dpi,
                                   bleed: bleed, back: back, sheet: sheet, contactSheet: contactSheet,
                                   allowedFolders: allowedFolders, strict: strict)
        request.quality = quality
        request.dataSheet = dataSheet
        request.tabletop = tabletop.setting
        request.showcase = showcase.setting
        request.hand = hand.setting
        request.cardGameSimulator = cardGameSimulator.setting
        return request.limitingImages(to: budget.maxPixels).locating(in: output.url)
    }

    func validate() throws {
        try PathArgument.requireNonEmpty(template, "TEMPLATE")
        try PathArgument.requireNonEmpty(data, "--data")
        try validateRequest()
    }

    func run() throws {
        try request.plan().run(into: output, workers: parallel.count, budget: budget, note: { _ in "cards.json included" })
    }
}
