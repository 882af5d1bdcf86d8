import Foundation

/// A temporary folder holding a small template, its data and an image, removed when the test ends.
final class PreviewFixtures {
    let folder: URL

    static let template = """
        card: {size: poker, name: "{name}"}
        layers:
          - type: rect
            x: 0
            y: 0
            width: 100%
            height: 100%
            fill: "{color}"
          - type: image
            x: 0.5in
            y: 0.5in
            width: 1.5in
            height: 1.5in
            src: "{picture}"
          - type: text
            x: 0.2in
            y: 2.5in
            width: 2.1in
            height: 0.6in
            text: "{name}"
            font: DejaVu Sans 14
        """

    static let rows = """
        name,color,picture
        Alpha,#cc3333,red.svg
        Beta,#33cc33,green.svg
        Gamma,#3333cc,green.svg
        """

    static func square(_ color: String) -> String {
        "<svg xmlns='http://www.w3.org/2000/svg' width='10' height='10'><rect width='10' height='10' fill='\(color)'/></svg>"
    }

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("card-preview-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try write("card.yaml", Self.template)
        try write("cards.csv", Self.rows)
        try write("red.svg", Self.square("red"))
        try write("green.svg", Self.square("green"))
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    /// Writes as an editor saves: a new file renamed over the old one.
    func write(_ name: String, _ text: String) throws {
        let url = folder.appendingPathComponent(name)
        let temporary = folder.appendingPathComponent(".\(name).\(UUID().uuidString)")
        try Data(text.utf8).write(to: temporary)
        guard rename(temporary.path, url.path) == 0 else { throw CocoaError(.fileWriteUnknown) }
    }
}
