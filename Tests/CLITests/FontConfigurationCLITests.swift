import Foundation
import Testing

/// Text is laid out from the bundled fonts through FontConfig configurations the tool builds
/// itself: the machine's own font configuration is never read, so a broken one changes nothing.
@Suite struct FontConfigurationCLITests {
    @Test func aBrokenMachineFontConfigurationIsNeverRead() throws {
        let dir = try CLIRunner.temporaryDirectory("fontconfig")
        defer { try? FileManager.default.removeItem(at: dir) }
        let broken = dir.appendingPathComponent("fonts.conf")
        try Data("<fontconfig><dir>/usr/share/fonts</dir><unclosed".utf8).write(to: broken)

        let plain = try Self.card(into: dir.appendingPathComponent("plain"), environment: [:])
        let withBroken = try Self.card(into: dir.appendingPathComponent("broken"),
                                       environment: ["FONTCONFIG_FILE": broken.path])
        #expect(plain.status == 0 && withBroken.status == 0, "\(plain.stderr)\(withBroken.stderr)")
        // FontConfig reports a configuration it cannot parse on stderr when it loads it.
        #expect(withBroken.stderr.isEmpty, "\(withBroken.stderr)")
        let expected = try Data(contentsOf: dir.appendingPathComponent("plain/KH.png"))
        #expect(try Data(contentsOf: dir.appendingPathComponent("broken/KH.png")) == expected)
    }

    /// `cardrender card KH` (its corner labels are text) with `environment` added to the child's.
    static func card(into out: URL, environment: [String: String]) throws -> (status: Int32, stderr: String) {
        let process = Process()
        process.executableURL = CLIRunner.executable
        process.arguments = ["card", "KH", "--out", out.path]
        process.environment = CLIRunner.childEnvironment().merging(environment) { $1 }
        process.standardOutput = FileHandle.nullDevice
        let err = Pipe()
        process.standardError = err
        try process.run()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: errData, as: UTF8.self))
    }
}
