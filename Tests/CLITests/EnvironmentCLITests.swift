import Foundation
import Testing

/// The processes the tests start see the same environment wherever the suite runs: CI set or not,
/// `CARDRENDER_*` exported by `make`, any locale, time zone or home folder.
@Suite("Child process environment")
struct EnvironmentCLITests {
    /// What a developer's shell or `make unit-test` may export.
    static let hostileCaller = [
        "CARDRENDER_RECORD": "missing", "CARDRENDER_ARTIFACTS": "/nonexistent/artifacts", "CI": "true",
        "LANG": "C", "LC_ALL": "C", "TZ": "Asia/Seoul", "HOME": "/dev/null", "PATH": "/usr/bin:/bin",
        "LSAN_OPTIONS": "suppressions=/tmp/lsan.supp",
    ]

    @Test func aChildGetsAFixedEnvironmentNotTheCallers() throws {
        let environment = CLIRunner.childEnvironment(inheriting: Self.hostileCaller)
        #expect(environment.keys.filter { $0.hasPrefix("CARDRENDER_") }.isEmpty, "\(environment)")
        #expect(environment["CI"] == nil)
        #expect(environment["LANG"] == "C.UTF-8" && environment["LC_ALL"] == "C.UTF-8")
        #expect(environment["TZ"] == "UTC")
        #expect(environment["PATH"] == "/usr/bin:/bin")
        #expect(environment["LSAN_OPTIONS"] == "suppressions=/tmp/lsan.supp", "sanitizer options reach the child")
        let home = try #require(environment["HOME"])
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: home, isDirectory: &isDirectory) && isDirectory.boolValue)
        #expect(FileManager.default.isWritableFile(atPath: home))
    }

    /// `make unit-test` exports CARDRENDER_RECORD=missing for assertGolden; `verify` started by a
    /// test must still use its own default (never), so it records nothing and reports "never".
    @Test func verifyStartedUnderMakesRecordModeKeepsItsOwnDefault() throws {
        let folder = try CLIRunner.temporaryDirectory("environment")
        defer { try? FileManager.default.removeItem(at: folder) }
        // The real PATH and sanitizer options (under `make sanitize` the child is built with ASan,
        // and the hostile caller's suppressions file does not exist); everything else hostile.
        let real = ProcessInfo.processInfo.environment.filter { CLIRunner.passedThrough.contains($0.key) }
        let caller = Self.hostileCaller.filter { $0.key != "LSAN_OPTIONS" }.merging(real) { $1 }
        #expect(try CLIRunner.run(["card", "KD", "--scale", "1", "--out", "goldens"], in: folder, caller: caller).status == 0)
        for card in ["KD", "QD"] {
            #expect(try CLIRunner.run(["card", card, "--theme", "four-color", "--scale", "1", "--out", "actual"],
                                      in: folder, caller: caller).status == 0)
        }
        let result = try CLIRunner.run(["verify", "--goldens", "goldens", "--actual", "actual", "--json"], in: folder,
                                       caller: caller)
        #expect(result.status == 1, "\(result.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(report["mode"] as? String == "never", "\(result.stdout.prefix(400))")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("goldens/QD.png").path),
                "a missing golden was recorded")
    }
}
