import ArgumentParser
import CardRenderSupport
import Drawing
import Foundation
import KeyboardDiagrams
import PlayingCards

/// The fixed values of options, for shell completion, help and errors, each taken from the
/// library so no list is written twice.
enum ValueNames {
    static let formats = OutputFormat.fileExtensions
    static let sizes = CardSize.namedSizes.map(\.name)
    static let cardScales = CardResolution.scales.map { String(format: "%g", $0) }
    static let themes = CardTheme.names
    /// Spec files are YAML; JSON is read as the YAML it is.
    static let specExtensions = ["yaml", "yml", "json"]

    /// Device ids of the bundled catalog. Options are declared before anything runs, so a catalog
    /// that cannot load gives an empty list here; the command itself reports the catalog's error.
    static let devices: [String] = (try? DeviceCatalog.bundled())?.devices.map(\.id) ?? []

    /// Scenario names, from the same catalog (a scenario needs its device).
    static let scenarios: [String] = (try? DeviceCatalog.bundled())
        .map { KeyboardDiagramBuilder(catalog: $0).scenarios.map(\.id) } ?? []

    /// `a, b, c` for help and errors.
    static func listed(_ names: [String]) -> String { names.joined(separator: ", ") }
}

extension CompletionKind {
    /// The formats of a `png,svg` list: completing one name is enough to start the list.
    static var formats: CompletionKind { .list(ValueNames.formats) }
}
