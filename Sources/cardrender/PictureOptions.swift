import ArgumentParser
import Drawing
import Foundation
import PlayingCards
import PrintLayout
import RenderPipeline

extension Showcase.Facing: ExpressibleByArgument {}

/// `--showcase` and its `--showcase-*` options, shared by `cards` and `deck`.
struct ShowcaseOptions: ParsableArguments {
    @Flag(name: .customLong("showcase"), help: ArgumentHelp(
        "Also write showcase.png: a few cards standing in perspective on a glossy table, with reflections (for a store "
            + "page or rules sheet), in each raster format written."))
    var enabled = false

    @Option(name: .customLong("showcase-count"), parsing: .unconditional,
            help: ArgumentHelp("Show the first N cards, 1 to \(CardChoice.maxCards) (default 5).", valueName: "N"))
    var count: Int?

    @Option(name: .customLong("showcase-cards"), help: ArgumentHelp(
        "Show these cards, by file name, comma-separated (AS,KH or 02-Fireball,05-Frost), instead of the first N.",
        valueName: "names"))
    var cards: String?

    @Option(name: .customLong("showcase-scale"), parsing: .unconditional, help: ArgumentHelp(
        "The cards' size in the picture over their own, 0.1 to 4 (default 1).", valueName: "factor"))
    var scale: Double?

    @Option(name: .customLong("showcase-perspective"), parsing: .unconditional, help: ArgumentHelp(
        "A card's far edge over its near edge, 0.5 (steep) to 1 (flat) (default 0.8).", valueName: "ratio"))
    var perspective: Double?

    @Option(name: .customLong("showcase-trim"), parsing: .unconditional, help: ArgumentHelp(
        "Trim this off each card's edges first (its bleed): 1/8in, 3mm, 9 (points) (default 0).", valueName: "length"),
            transform: PictureArguments.length)
    var trim: CGFloat?

    @Option(name: .customLong("showcase-reflection"), parsing: .unconditional, help: ArgumentHelp(
        "The reflection's opacity under the card, 0 (none) to 1 (default 0.2).", valueName: "strength"))
    var reflection: Double?

    @Option(name: .customLong("showcase-fade"), parsing: .unconditional, help: ArgumentHelp(
        "The reflection's length over the card's height, where it has faded out, 0 to 1 (default 0.25).", valueName: "share"))
    var fade: Double?

    @Option(name: .customLong("showcase-spacing"), parsing: .unconditional, help: ArgumentHelp(
        "From one card to the next in card widths, 0.3 to 3; below 1 they overlap (default 1.1).", valueName: "widths"))
    var spacing: Double?

    @Option(name: .customLong("showcase-face"), help: ArgumentHelp(
        "Which way the cards turn: left or right (default left).", valueName: "side"))
    var facing: Showcase.Facing?

    @Option(name: .customLong("showcase-fill"), help: ArgumentHelp(
        "The backdrop: #rrggbb, a CSS colour name or transparent (default white).", valueName: "colour"),
            transform: PictureArguments.color)
    var fill: Color?

    var setting: ShowcaseSetting {
        var setting = ShowcaseSetting(enabled: enabled)
        setting.choice.count = count ?? setting.choice.count
        setting.choice.names = cards.map(ShowcaseSetting.names) ?? []
        setting.style.scale = scale ?? setting.style.scale
        setting.style.perspective = perspective ?? setting.style.perspective
        setting.style.trim = trim ?? setting.style.trim
        setting.style.reflection = reflection ?? setting.style.reflection
        setting.style.fade = fade ?? setting.style.fade
        setting.style.spacing = spacing ?? setting.style.spacing
        setting.style.facing = facing ?? setting.style.facing
        setting.style.background = fill ?? setting.style.background
        return setting
    }

    /// The spec keys of the options given, for "give --showcase".
    var given: Set<String> {
        let options: [(String, Bool)] = [("showcase-count", count != nil), ("showcase-cards", cards != nil),
                                         ("showcase-scale", scale != nil), ("showcase-perspective", perspective != nil),
                                         ("showcase-trim", trim != nil), ("showcase-reflection", reflection != nil),
                                         ("showcase-fade", fade != nil), ("showcase-spacing", spacing != nil),
                                         ("showcase-face", facing != nil), ("showcase-fill", fill != nil)]
        return Set(options.filter(\.1).map(\.0))
    }

    func validate() throws {
        if count != nil, cards != nil {
            throw ValidationError("give --showcase-count or --showcase-cards, not both")
        }
        do { try setting.validate(as: .commandLine, given: given) } catch { throw ValidationError(error.message) }
    }
}

/// `--hand` and its `--hand-*` options, shared by `cards` and `deck`.
struct HandOptions: ParsableArguments {
    @Flag(name: .customLong("hand"), help: ArgumentHelp(
        "Also write hand.png: a few cards fanned out as if held, in each format written."))
    var enabled = false

    @Option(name: .customLong("hand-count"), parsing: .unconditional,
            help: ArgumentHelp("Hold the first N cards, 1 to \(CardChoice.maxCards) (default 5).", valueName: "N"))
    var count: Int?

    @Option(name: .customLong("hand-cards"), help: ArgumentHelp(
        "Hold these cards, by file name, comma-separated (AS,KH or 02-Fireball,05-Frost), instead of the first N.",
        valueName: "names"))
    var cards: String?

    @Option(name: .customLong("hand-radius"), parsing: .unconditional, help: ArgumentHelp(
        "From a card's bottom edge to the point the fan turns about, in card heights, 0 to 5 (default 0.3).",
        valueName: "heights"))
    var radius: Double?

    @Option(name: .customLong("hand-angles"), parsing: .unconditional, help: ArgumentHelp(
        "The first card's turn and the last's, in degrees clockwise, -180 to 180 (default -30,30).", valueName: "from,to"),
            transform: PictureArguments.angles)
    var angles: ClosedRange<Double>?

    @Option(name: .customLong("hand-trim"), parsing: .unconditional, help: ArgumentHelp(
        "Trim this off each card's edges first (its bleed): 1/8in, 3mm, 9 (points) (default 0).", valueName: "length"),
            transform: PictureArguments.length)
    var trim: CGFloat?

    @Option(name: .customLong("hand-fill"), help: ArgumentHelp(
        "The backdrop: #rrggbb, a CSS colour name or transparent (default white).", valueName: "colour"),
            transform: PictureArguments.color)
    var fill: Color?

    var setting: HandSetting {
        var setting = HandSetting(enabled: enabled)
        setting.choice.count = count ?? setting.choice.count
        setting.choice.names = cards.map(ShowcaseSetting.names) ?? []
        setting.style.radius = radius ?? setting.style.radius
        setting.style.angles = angles ?? setting.style.angles
        setting.style.trim = trim ?? setting.style.trim
        setting.style.background = fill ?? setting.style.background
        return setting
    }

    /// The spec keys of the options given, for "give --hand".
    var given: Set<String> {
        let options: [(String, Bool)] = [("hand-count", count != nil), ("hand-cards", cards != nil), ("hand-radius", radius != nil),
                                         ("hand-angles", angles != nil), ("hand-trim", trim != nil), ("hand-fill", fill != nil)]
        return Set(options.filter(\.1).map(\.0))
    }

    func validate() throws {
        if count != nil, cards != nil {
            throw ValidationError("give --hand-count or --hand-cards, not both")
        }
        do { try setting.validate(as: .commandLine, given: given) } catch { throw ValidationError(error.message) }
    }
}

/// Lengths, colours and angles as the picture options take them (`@Option(transform:)`), each
/// error saying what is taken.
enum PictureArguments {
    static func length(_ text: String) throws -> CGFloat {
        do { return try Length(parsing: text).points } catch { throw ValidationError(error.description) }
    }

    static func color(_ text: String) throws -> Color {
        guard let color = Color(templateText: text) else { throw ValidationError(PictureOptionText.colorRefusal(text)) }
        return color
    }

    static func angles(_ text: String) throws -> ClosedRange<Double> {
        do { return try HandSetting.angles(parsing: text) } catch { throw ValidationError(error.message) }
    }
}
