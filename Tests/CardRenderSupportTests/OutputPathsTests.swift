import CardRenderSupport
import Foundation
import Testing

@Suite struct OutputPathsTests {
    @Test func pathsThatLeaveTheFolderAreRefused() throws {
        #expect(throws: OutputPathError.absolute("/etc/x")) { try OutputPaths.components(of: "/etc/x") }
        #expect(throws: OutputPathError.parentReference("a/../../x")) { try OutputPaths.components(of: "a/../../x") }
        #expect(throws: OutputPathError.empty) { try OutputPaths.components(of: " ./ ") }
        #expect(try OutputPaths.components(of: "./a//b/c.png") == ["a", "b", "c.png"])
    }

    @Test func symbolicLinksArePassedOnlyWhenTheyStayInside() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("paths-\(UUID().uuidString)")
        let out = root.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out.appendingPathComponent("inside"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createSymbolicLink(atPath: out.appendingPathComponent("escape").path, withDestinationPath: root.path)
        try FileManager.default.createSymbolicLink(atPath: out.appendingPathComponent("alias").path, withDestinationPath: "inside")
        try FileManager.default.createSymbolicLink(atPath: out.appendingPathComponent("dangling").path, withDestinationPath: "nowhere")
        #expect(throws: OutputPathError.escapesThroughSymlink(path: "escape/a.png", link: "escape")) {
            try OutputPaths.resolve("escape/a.png", under: out)
        }
        #expect(throws: OutputPathError.escapesThroughSymlink(path: "dangling/a.png", link: "dangling")) {
            try OutputPaths.resolve("dangling/a.png", under: out)
        }
        #expect(try OutputPaths.resolve("alias/a.png", under: out).lastPathComponent == "a.png")
        #expect(try OutputPaths.resolve("new/deeper/a.png", under: out).path.hasSuffix("out/new/deeper/a.png"))
    }

    /// Names and paths over the system's limits (less the temporary name's room) are refused
    /// before anything is written, counted in bytes, not characters.
    @Test func namesAndPathsOverTheSystemsLimitsAreRefused() throws {
        let longest = String(repeating: "a", count: OutputPaths.maxNameBytes)
        #expect(try OutputPaths.components(of: "cards/" + longest) == ["cards", longest])
        // 70 characters, 280 bytes.
        let wide = String(repeating: "𝔸", count: 70) + ".png"
        #expect(throws: OutputPathError.nameTooLong(path: wide, bytes: 284)) { try OutputPaths.components(of: wide) }
        let root = URL(fileURLWithPath: "/tmp/out")
        #expect(throws: OutputPathError.nameTooLong(path: "a/" + wide, bytes: 284)) {
            try OutputPaths.checkLengths(of: ["a/" + wide], under: root)
        }
        let deep = Array(repeating: String(repeating: "d", count: 200), count: 21).joined(separator: "/") + "/x.png"
        #expect(throws: OutputPathError.pathTooLong(path: deep, bytes: 9 + deep.utf8.count)) {
            try OutputPaths.checkLengths(of: [deep], under: root)
        }
        try OutputPaths.checkLengths(of: ["cards/" + longest], under: root)
    }
}
