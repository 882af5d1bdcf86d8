import Foundation

/// Runs the built `cardrender` executable, as a user would.
struct CLIRunner {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
        var stderrLines: [String] { stderr.split(separator: "\n").map(String.init) }
    }

    static var executable: URL {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var candidates = [beside.deletingLastPathComponent().appendingPathComponent("cardrender")]
        // swift test runs …/.build/<triple>/debug/cardrenderPackageTests.xctest
        candidates.append(beside.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("cardrender"))
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        candidates.append(root.appendingPathComponent(".build/debug/cardrender"))
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[0]
    }

    static var repositoryRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    @discardableResult
    static func run(_ arguments: [String], in directory: URL? = nil) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory ?? repositoryRoot
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Read both pipes before waiting so a chatty child cannot block on a full pipe.
        let group = DispatchGroup()
        nonisolated(unsafe) var outData = Data(), errData = Data()
        group.enter()
        DispatchQueue.global().async { outData = out.fileHandleForReading.readDataToEndOfFile(); group.leave() }
        errData = err.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errData, as: UTF8.self))
    }

    static func temporaryDirectory(_ name: String = "cli") throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("cardrender-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
