import ArgumentParser
import RenderPipeline

/// `--card-game-simulator` and `--card-game-simulator-zip`, shared by `cards` and `deck`.
struct CardGameSimulatorOptions: ParsableArguments {
    @Flag(name: .customLong("card-game-simulator"), help: ArgumentHelp(
        "Also write a Card Game Simulator game in card-game-simulator/NAME/: cgs.json, AllCards.json, AllSets.json, "
            + "a deck file, one PNG per card and CardBack.png."))
    var enabled = false

    @Flag(name: .customLong("card-game-simulator-zip"), help: ArgumentHelp(
        "Write that game as one card-game-simulator/NAME.cgs.zip (what cgs.games uploads) instead of a folder."))
    var zip = false

    var setting: CardGameSimulatorSetting { CardGameSimulatorSetting(enabled: enabled, zip: zip) }
}
