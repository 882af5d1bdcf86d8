import ArgumentParser
import Drawing
import Foundation
import PlayingCards
import RenderPipeline

/// `--tabletop-simulator`, `--tabletop-format` and `--base-url`, shared by `cards` and `deck`.
struct TabletopSimulatorOptions: ParsableArguments {
    @Flag(name: .customLong("tabletop-simulator"), help: ArgumentHelp(
        "Also write a Tabletop Simulator deck in tabletop-simulator/: card sheets (at most 10×7 cards, 4096 px a side), "
            + "the back, and saved-object.json for Tabletop Simulator's Saved Objects folder."))
    var enabled = false

    @Option(name: .customLong("tabletop-format"), help: ArgumentHelp("The sheets' and back's format: png or jpg.",
                                                                     valueName: "format"),
            completion: .list(["png", "jpg"]), transform: TabletopSimulatorOptions.format)
    var format: OutputFormat = .png

    @Option(name: .customLong("base-url"), help: ArgumentHelp(
        "Where Tabletop Simulator loads the images from, once hosted (https://example.com/deck/); "
            + "default: their file:// URL in --out.", valueName: "URL"))
    var baseURL: String?

    @Option(name: .customLong("tabletop-hidden"), help: ArgumentHelp(
        "What a hidden card shows: back (the back image; 70 cards a sheet) or last-slot (each sheet's last slot, "
            + "where the back is drawn; 69 cards a sheet).", valueName: "face"))
    var hidden: TabletopSimulatorDeck.HiddenFace = .back

    var setting: TabletopSimulatorSetting {
        TabletopSimulatorSetting(enabled: enabled, format: format, baseURL: baseURL, hidden: hidden)
    }

    static func format(_ text: String) throws -> OutputFormat {
        guard let format = OutputFormat(fileExtension: text) else {
            throw ValidationError("unknown format '\(text)'; use png or jpg")
        }
        return format
    }
}

extension TabletopSimulatorDeck.HiddenFace: ExpressibleByArgument {}
