import Foundation
import Testing

/// One version: `CommandMain.version` (which `CardRender.version` is) is what `--version` prints, what the docs tell a user to depend
/// on, and the newest release tag.
@Suite("Version")
struct VersionCLITests {
    static func printedVersion() throws -> String {
        let result = try CLIRunner.run(["--version"])
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The newest tag by version order, or nil when the sources are not a git checkout or it has no
    /// tags (a release tarball, a snapshot without history).
    static let newestTag: String? = {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", CLIRunner.repositoryRoot.path, "tag", "--list", "--sort=-v:refname"]
        process.currentDirectoryURL = CLIRunner.repositoryRoot
        process.environment = CLIRunner.childEnvironment()
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").first.map(String.init)
    }()

    @Test(.enabled(if: newestTag != nil, "not a git checkout with tags"))
    func versionIsTheNewestTag() throws {
        #expect(try Self.printedVersion() == Self.newestTag)
    }

    /// Every `.package(url: …, from: "X")` a user copies from the docs names the printed version.
    @Test func theDocsDependOnThePrintedVersion() throws {
        let version = try Self.printedVersion()
        #expect(version.split(separator: ".").count == 3 && version.allSatisfy { $0.isNumber || $0 == "." }, "\(version)")
        let documents = ["README.md", "Sources/PlayingCards/PlayingCards.docc/GettingStarted.md", "Examples/Package.swift"]
        for document in documents {
            let text = try String(contentsOf: CLIRunner.repositoryRoot.appendingPathComponent(document), encoding: .utf8)
            let requirements = text.components(separatedBy: "from: \"").dropFirst().map { $0.prefix { $0 != "\"" } }
            #expect(!requirements.isEmpty, "\(document) names no version")
            for requirement in requirements { #expect(requirement == version, "\(document): from: \"\(requirement)\"") }
        }
    }
}
