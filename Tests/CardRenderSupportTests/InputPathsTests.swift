import CardRenderSupport
import Foundation
import Testing

@Suite struct InputPathsTests {
    @Test func kindsOfFiles() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("input-paths-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("a.txt")
        try Data("a".utf8).write(to: file)
        #expect(InputPaths.kind(at: file.path) == .regularFile)
        #expect(InputPaths.kind(at: folder.path) == .folder)
        #expect(InputPaths.kind(at: "/dev/zero") == .special)
        #expect(InputPaths.kind(at: folder.appendingPathComponent("missing").path) == nil)
    }

    /// Judged by where links lead, and the same for a file that is there and one that is not.
    @Test func insideFollowsLinksWhetherOrNotTheFileExists() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("input-paths-\(UUID().uuidString)")
        let inside = root.appendingPathComponent("game"), outside = root.appendingPathComponent("outside")
        for folder in [inside, outside] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        defer { try? FileManager.default.removeItem(at: root) }
        try Data().write(to: outside.appendingPathComponent("secret.png"))
        try FileManager.default.createSymbolicLink(at: inside.appendingPathComponent("link"), withDestinationURL: outside)
        try FileManager.default.createSymbolicLink(at: inside.appendingPathComponent("nowhere"),
                                                   withDestinationURL: root.appendingPathComponent("gone"))
        let game = [inside.path]
        #expect(InputPaths.isInside(inside.appendingPathComponent("art/missing.png").path, anyOf: game))
        #expect(InputPaths.isInside(inside.path + "/../game/x.png", anyOf: game))
        for path in ["/../outside/secret.png", "/../outside/missing.png", "/link/secret.png", "/link/missing.png", "/nowhere/x.png"] {
            #expect(!InputPaths.isInside(inside.path + path, anyOf: game), "\(path)")
        }
        #expect(InputPaths.isInside(inside.path + "/link/secret.png", anyOf: game + [outside.path]))
        #expect(!InputPaths.isInside("relative/x.png", anyOf: game))
    }
}
