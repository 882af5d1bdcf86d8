import ArgumentParser
import Drawing
import Foundation
import PlayingCards

extension BackDesign: ExpressibleByArgument {}
extension CardFileNaming: ExpressibleByArgument {}

/// Options shared by `cardrender card` and `cardrender deck`: how cards look and how they are
/// rasterised. Everything is checked in `validate()` or `makeRenderer()`, before anything renders.
struct CardOptions: ParsableArguments {
    // `.unconditional` so a negative value such as `--size -10x20` reaches the size check.
    // Completion offers the named sizes; WIDTHxHEIGHT is free-form.
    @Option(parsing: .unconditional,
            help: "Card size: poker (2.5×3.5 in), bridge (2.25×3.5 in) or WIDTHxHEIGHT in points (1/72 in).",
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

    @Option(help: "Share of the card a face image or court panel takes, 0.5 to 1 (faceCardScale in the CS193p PlayingCardView demo).")
    var faceScale: Double = 0.75

    @Option(help: "Formats to write, comma-separated: \(ValueNames.listed(ValueNames.formats)) (default: png).",
            completion: .formats, transform: FormatList.parse)
    var format: FormatList?

    var resolution: Resolution {
        if let dpi { return .dpi(dpi) }
        return .scale(scale ?? 2)
    }

    var formats: [OutputFormat] { format?.formats ?? [.png] }

    func validate() throws {
        if scale != nil, dpi != nil { throw ValidationError("use either --scale or --dpi, not both") }
        do {
            _ = try cardSize()
            _ = try cardTheme()
            try cardSize().validate(for: resolution)
        } catch {
            throw ValidationError(error.description)
        }
        guard faceScale.isFinite, (0.5...1).contains(faceScale) else {
            throw ValidationError("--face-scale must be between 0.5 and 1, got \(faceScale)")
        }
    }

    func cardSize() throws(PlayingCardsError) -> CardSize { try CardSize(parsing: size) }

    func cardTheme() throws(PlayingCardsError) -> CardTheme {
        var result = try CardTheme.named(theme)
        for override in colors { try result.apply(colorOverride: override) }
        if let backColor { try result.apply(colorOverride: "back=\(backColor)") }
        if let back { result.backDesign = back }
        return result
    }

    /// The renderer, with face images loaded and decoded (so a bad PNG fails here, not halfway).
    func makeRenderer() throws -> CardRenderer {
        let size = try cardSize()
        try size.validate(for: resolution)
        let images = try faces.map { try FaceImages(directory: URL(fileURLWithPath: $0, isDirectory: true)) }
        return try CardRenderer(size: size, theme: try cardTheme(), faceImages: images ?? FaceImages(),
                                faceCardScale: CGFloat(faceScale))
    }
}
