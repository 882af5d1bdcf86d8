import ArgumentParser
import Drawing
import Foundation
import PlayingCards
import PrintLayout
import RenderPipeline

extension BackDesign: ExpressibleByArgument {}
extension CardFileNaming: ExpressibleByArgument {}

/// Options shared by `cardrender card` and `cardrender deck`: how cards look and how they are
/// rasterised, declared for the command line; `CardLook` holds and checks them.
struct CardOptions: ParsableArguments {
    // `.unconditional` so a negative value such as `--size -10x20` reaches the size check.
    // Completion offers the named sizes; WIDTHxHEIGHT is free-form.
    @Option(parsing: .unconditional,
            help: "Card size: \(NamedCardSize.listed), or WIDTHxHEIGHT: 2.5x3.5in, 63x88mm, 250x350 (points).",
            completion: .list(ValueNames.sizes))
    var size: String = "poker"

    @Option(parsing: .unconditional, help: "Pixels per point for PNG: \(ValueNames.listed(ValueNames.cardScales)) (default 2).",
            completion: .list(ValueNames.cardScales))
    var scale: Double?

    @Option(parsing: .unconditional, help: "Pixels per inch for PNG, 18 to 1200, instead of --scale.")
    var dpi: Double?

    @Option(help: "Theme: \(ValueNames.listed(ValueNames.themes)).", completion: .list(ValueNames.themes))
    var theme: String = "classic"

    @Option(name: .customLong("color"),
            help: ArgumentHelp("Override a colour, KEY=#RRGGBB (repeatable).",
                               discussion: "KEY is one of \(CardTheme.colorKeys)."))
    var colors: [String] = []

    @Option(help: "Colour of the card back, #RRGGBB.")
    var backColor: String?

    @Option(help: "Back design: \(BackDesign.allCases.map(\.rawValue).joined(separator: ", ")) (default: the theme's).")
    var back: BackDesign?

    @Option(help: "Folder of court-card images named like JH.png, QS.png, KD.png, drawn instead of the vector designs.",
            completion: .directory)
    var faces: String?

    @Option(parsing: .unconditional, help: "Share of the card a face image or court panel takes, 0.5 to 1 (faceCardScale in the CS193p PlayingCardView demo).")
    var faceScale: Double = 0.75

    @Option(help: "Formats to write, comma-separated: \(ValueNames.listed(ValueNames.formats)) (default: png).",
            completion: .formats, transform: FormatList.argument)
    var format: FormatList?

    @Option(parsing: .unconditional, help: ArgumentHelp("Lossy WebP at this quality, 0 to 100 (default: lossless); JPEG at 1 to 100, 90 unless given.", valueName: "N"))
    var quality: Int?

    /// The options as the library's value.
    var look: CardLook {
        var look = CardLook()
        look.size = size
        look.scale = scale
        look.dpi = dpi
        look.theme = theme
        look.colors = colors
        look.backColor = backColor
        look.back = back
        look.faces = faces
        look.faceScale = faceScale
        look.formats = format?.formats ?? look.formats
        look.quality = quality
        return look
    }

    // No `validate()` here: every command with these options checks its whole request, look
    // included (`validateRequest()`), which knows what else the look serves (a deck's
    // Tabletop Simulator JPEG sheets take `--quality` when its cards are PNG).
}
