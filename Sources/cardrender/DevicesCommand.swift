import ArgumentParser
import Foundation
import KeyboardDiagrams

/// `cardrender devices`: the device catalog with the source and confidence of every figure.
struct DevicesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices",
        abstract: "List the device catalog: screen sizes, safe areas and keyboard heights with their confidence."
    )

    @Flag(help: "Print the whole catalog as JSON, every figure with its source, confidence and notes.")
    var json = false

    func run() throws {
        let catalog = try DeviceCatalog.bundled()
        if json {
            FileHandle.standardOutput.write(try catalog.jsonData() + Data("\n".utf8))
        } else {
            print(catalog.tableDescription())
        }
    }
}
