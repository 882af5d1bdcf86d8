import Foundation

/// Runs the built `cardrender` executable, as a user would.
struct CLIRunner {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
        var stderrLines: [String] { stderr.split(separator: "\n").map(String.init) }
    }

    static var executable: URL { executable(named: "cardrender") }

    /// One of the package's executables, as SwiftPM built it for this test run.
    static func executable(named name: String) -> URL {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var candidates = [beside.deletingLastPathComponent().appendingPathComponent(name)]
        // swift test runs …/.build/<triple>/debug/cardrenderPackageTests.xctest
        candidates.append(beside.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(name))
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        candidates.append(root.appendingPathComponent(".build/debug/\(name)"))
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[0]
    }

    static var repositoryRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// The caller's variables a child may see: where programs are, and the sanitizers' options (so a
    /// report in a child fails the test under `make sanitize`). Everything else is set or left out.
    static let passedThrough = ["PATH", "LD_LIBRARY_PATH", "ASAN_OPTIONS", "LSAN_OPTIONS", "TSAN_OPTIONS", "UBSAN_OPTIONS"]

    /// What a child process sees, whatever the caller exported: no `CARDRENDER_*` and no `CI` (so
    /// `verify` uses its own default record mode and progress its own default), a UTF-8 locale, UTC,
    /// a home folder of its own that can be written, and the test process's temporary folder.
    static func childEnvironment(inheriting caller: [String: String] = ProcessInfo.processInfo.environment)
        -> [String: String] {
        var environment = caller.filter { passedThrough.contains($0.key) }
        environment["LANG"] = "C.UTF-8"
        environment["LC_ALL"] = "C.UTF-8"
        environment["TZ"] = "UTC"
        environment["TERM"] = "dumb"
        environment["HOME"] = childHome.path
        environment["TMPDIR"] = FileManager.default.temporaryDirectory.path
        return environment
    }

    /// One home folder for every child of this test process, created once.
    static let childHome: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("cardrender-test-home-\(getpid())")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()

    /// Runs `cardrender` (or `program`) with `arguments` in `directory` (the repository root when
    /// nil) in the environment `childEnvironment(inheriting: caller)` gives, plus the variables in `setting`.
    @discardableResult
    static func run(_ arguments: [String], in directory: URL? = nil,
                    caller: [String: String] = ProcessInfo.processInfo.environment,
                    setting: [String: String] = [:], program: URL = executable) throws -> Result {
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        process.currentDirectoryURL = directory ?? repositoryRoot
        process.environment = childEnvironment(inheriting: caller).merging(setting) { $1 }
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
