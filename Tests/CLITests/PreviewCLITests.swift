import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

/// `cardrender preview` through the binary: bad input is one line and exit 2 before anything
/// listens; a good run prints its address, serves the cards and stops cleanly on Ctrl-C.
@Suite(.serialized) struct PreviewCLITests {
    @Test(arguments: [
        (["preview", "missing.yaml"], "missing.yaml not found"),
        (["preview", "template.yaml", "--port", "70000"], "--port must be from 0 to 65535, got 70000"),
        (["preview", "template.yaml", "--host", "example.com"], "--host must be an IPv4 address"),
        (["preview", "template.yaml", "--dpi", "5000"], "--dpi must be from 36 to 300"),
    ])
    func badInputIsOneLineAndExitTwo(arguments: [String], message: String) throws {
        let game = try CardsFixture.make("preview-bad")
        defer { game.remove() }
        let result = try CLIRunner.run(arguments, in: game.folder)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("cardrender: error: ") && result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    /// `preview` becomes `cardrender-preview`, found beside the running `cardrender` (links
    /// resolved): a `cardrender` without it says so in one line.
    @Test func aMissingServerExecutableIsOneLine() throws {
        let game = try CardsFixture.make("preview-alone")
        defer { game.remove() }
        let alone = game.folder.appendingPathComponent("bin/cardrender")
        try FileManager.default.createDirectory(at: alone.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: CLIRunner.executable, to: alone)
        let result = try CLIRunner.run(["preview", "template.yaml", "--data", "cards.csv"], in: game.folder, program: alone)
        #expect(result.status == 2)
        #expect(result.stderrLines == ["cardrender: error: cannot run cardrender-preview from \(alone.deletingLastPathComponent().path) "
                                       + "(No such file or directory); make install puts it beside cardrender, "
                                       + "and `swift build --product cardrender-preview` builds it in a checkout"])
        #expect(result.stdout.isEmpty)
    }

    @Test func servesTheCardsAndStopsOnCtrlC() async throws {
        let game = try CardsFixture.make("preview-run")
        defer { game.remove() }
        let process = Process()
        process.executableURL = CLIRunner.executable
        process.arguments = ["preview", "template.yaml", "--data", "cards.csv", "--back", "back.yaml", "--dpi", "72"]
        process.currentDirectoryURL = game.folder
        process.environment = CLIRunner.childEnvironment()
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        let first = try #require(Self.firstLine(of: out.fileHandleForReading))
        #expect(first.hasPrefix("Previewing 3 cards at http://127.0.0.1:"), "\(first)")
        let address = try #require(first.split(separator: " ").first { $0.hasPrefix("http://") }.flatMap { URL(string: String($0)) })
        let (data, _) = try await URLSession.shared.data(from: address.appendingPathComponent("cards.json"))
        let snapshot = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        let names = (snapshot?["cards"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
        #expect(names == CardsFixture.stems)
        #expect(snapshot?["backVersions"] as? [Int] == [1])
        let sent = Date()
        kill(process.processIdentifier, SIGINT)
        while process.isRunning, Date().timeIntervalSince(sent) < 10 { usleep(10_000) }
        // Promptly: well under the 15 s idle bound that the connection URLSession keeps open
        // would cost if shutting down waited for it, with room for a sanitizer build on a loaded machine.
        #expect(Date().timeIntervalSince(sent) < 5)
        process.waitUntilExit()
        let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 0, "\(errors)")
        #expect(errors.isEmpty)
    }

    @Test func aPortInUseIsOneLineAndExitTwo() throws {
        let game = try CardsFixture.make("preview-port")
        defer { game.remove() }
        let process = Process()
        process.executableURL = CLIRunner.executable
        process.arguments = ["preview", "template.yaml", "--data", "cards.csv", "--dpi", "36"]
        process.currentDirectoryURL = game.folder
        process.environment = CLIRunner.childEnvironment()
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer {
            kill(process.processIdentifier, SIGINT)
            process.waitUntilExit()
        }
        let first = try #require(Self.firstLine(of: out.fileHandleForReading))
        let port = try #require(first.split(separator: ":").last?.prefix { $0.isNumber })
        let started = Date()
        let result = try CLIRunner.run(["preview", "template.yaml", "--data", "cards.csv", "--dpi", "36", "--port", String(port)],
                                       in: game.folder)
        #expect(result.status == 2)
        #expect(result.stderr == "cardrender: error: cannot listen on 127.0.0.1:\(port): Address already in use\n")
        // It fails at once, not after a retry or a timeout: well under the 15 s a request may take,
        // with room for a sanitizer build on a loaded machine (3.4 s was seen there).
        #expect(Date().timeIntervalSince(started) < 10)
    }

    /// The first line the child prints, read byte by byte (nil if it ends first).
    static func firstLine(of handle: FileHandle) -> String? {
        var bytes: [UInt8] = []
        while let byte = try? handle.read(upToCount: 1), let first = byte.first {
            if first == UInt8(ascii: "\n") { return String(decoding: bytes, as: UTF8.self) }
            bytes.append(first)
        }
        return nil
    }
}
