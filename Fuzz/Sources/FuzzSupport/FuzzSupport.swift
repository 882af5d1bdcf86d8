import Foundation

/// What every Swift fuzz target shares: a folder of fixture files that templates can name
/// (icons, a base template, layouts), made once per process, and the rule that a refusal is one
/// line of text.
public enum FuzzSupport {
    /// A private copy of the example game's folder (`layouts.yaml`, `icons/*.svg`) plus
    /// `icons/dot.png` and `base.yaml`, so fuzzed templates can extend, lay out and draw files
    /// without reading anything else.
    public static let folder: URL = {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("cardrender-fuzz-\(ProcessInfo.processInfo.processIdentifier)")
        let game = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../docs/examples/game").standardized
        do {
            try? FileManager.default.removeItem(at: folder)
            try FileManager.default.copyItem(at: game, to: folder)
            for (name, contents) in fixtures {
                try contents.write(to: folder.appendingPathComponent(name))
            }
        } catch {
            fatalError("cannot make the fuzz fixture folder: \(error)")
        }
        return folder
    }()

    /// Made when the folder is, not kept: LeakSanitizer cannot follow a `Data` held in a global
    /// (its storage pointer carries the enum's tag bits) and would report it as leaked.
    static var fixtures: [(String, Data)] {
        [
            ("icons/dot.png", onePixelPNG),
            ("base.yaml", Data("""
                card: {size: poker, dpi: 72, background: white, name: "{id}"}
                layouts:
                  box: {x: 10%, y: 10%, width: 80%, height: 30%}
                layers:
                  - {type: rect, layout: box, fill: "#336699", radius: 4pt}
                """.utf8)),
        ]
    }

    /// A 1×1 opaque PNG.
    static var onePixelPNG: Data {
        Data([
            0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52,
            0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x02, 0x00, 0x00, 0x00, 0x90, 0x77, 0x53,
            0xDE, 0x00, 0x00, 0x00, 0x0C, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0xF8, 0xCF, 0xC0, 0x00,
            0x00, 0x03, 0x01, 0x01, 0x00, 0xC9, 0xFE, 0x92, 0xEF, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E,
            0x44, 0xAE, 0x42, 0x60, 0x82,
        ])
    }

    /// Writes `data` to `name` in the fixture folder and returns its URL.
    public static func write(_ data: Data, named name: String) -> URL {
        let url = folder.appendingPathComponent(name)
        do { try data.write(to: url) } catch { fatalError("cannot write \(url.path): \(error)") }
        return url
    }

    /// A refusal must be one line: a message that spans lines is a finding.
    public static func checkOneLine(_ error: any Error, input: @autoclosure () -> String) {
        let text = String(describing: error)
        if text.contains(where: \.isNewline) {
            fatalError("error message spans lines for input \(input().prefix(200).debugDescription): \(text.debugDescription)")
        }
    }

    /// Splits `bytes` at the first line `marker`: (before, after), or (bytes, nil) without one.
    public static func split(_ bytes: Data, at marker: String) -> (Data, Data?) {
        guard let range = bytes.range(of: Data(marker.utf8)) else { return (bytes, nil) }
        return (bytes[..<range.lowerBound], bytes[range.upperBound...])
    }
}
