import CardTemplates
import Foundation
import SpecFiles
import Testing

/// A temporary folder of template and data files, removed when the test ends.
final class Fixtures {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("card-templates-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    @discardableResult
    func write(_ name: String, _ text: String) throws -> URL {
        try write(name, Data(text.utf8))
    }

    @discardableResult
    func write(_ name: String, _ bytes: Data) throws -> URL {
        let url = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try bytes.write(to: url)
        return url
    }

    /// Loads `name` with its file name as the display name.
    func template(_ name: String, _ text: String) throws -> CardTemplate {
        try CardTemplate.load(contentsOf: write(name, text), displayName: name)
    }

    func data(_ name: String, _ text: String) throws -> CardData {
        try CardData.load(contentsOf: write(name, text), displayName: name)
    }
}

/// The one-line message of a `SpecError` thrown by `body`, or nil when it does not throw.
func specError(_ body: () throws -> Void) -> String? {
    do {
        try body()
        return nil
    } catch let error as SpecError {
        return error.description
    } catch {
        return "unexpected \(error)"
    }
}
