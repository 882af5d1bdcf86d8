import CardRenderSupport
import Foundation

/// Runs a program and measures its wall time and peak memory, so each tool is measured on its
/// own, not mixed with this process. Peak memory comes from GNU time (`/usr/bin/time -f %M`),
/// whose child is a real fork: `posix_spawn`'s vfork would hand this process's high-water mark
/// on to the child's rusage.
enum Subprocess {
    /// Wall time, CPU time (user + system, the child's threads and children included), peak memory
    /// and exit status.
    struct Measurement { var seconds: Double; var cpuSeconds: Double = 0; var peakMiB: Double; var status: Int32 }

    /// Whether the `cardrender` the benchmarks run is built beside this benchmark; says how to
    /// build it when it is not.
    static func cardrenderIsBuilt(at path: String) -> Bool {
        guard FileManager.default.isExecutableFile(atPath: path) else {
            print("no cardrender beside this benchmark (build it with `swift build -c release --product cardrender`)")
            return false
        }
        return true
    }

    static func which(_ name: String) -> String? {
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let path = "\(dir)/\(name)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    /// What a program prints on its first line (standard output or error), for a peer's version.
    static func firstLine(_ path: String, _ arguments: [String]) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        guard (try? process.run()) != nil else { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: "\n").first
            .map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// A program named by an environment variable, else the first on PATH.
    static func locate(_ name: String, variable: String) -> String? {
        if let named = ProcessInfo.processInfo.environment[variable], !named.isEmpty {
            return FileManager.default.isExecutableFile(atPath: named) ? named : nil
        }
        return which(name)
    }

    static func run(_ path: String, _ arguments: [String]) -> Measurement {
        let timer = "/usr/bin/time"
        guard FileManager.default.isExecutableFile(atPath: timer) else { return spawn(path, arguments) }
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("cardrender-bench-time-\(getpid())")
        defer { try? FileManager.default.removeItem(at: report) }
        var measurement = spawn(timer, ["-f", "%M", "-o", report.path, path] + arguments)
        let text = (try? String(contentsOf: report, encoding: .utf8)) ?? ""
        if let kib = text.split(separator: "\n").compactMap({ Double($0.trimmingCharacters(in: .whitespaces)) }).last {
            measurement.peakMiB = kib / 1024
        }
        return measurement
    }

    /// Runs the program itself, without GNU time, for its own wall and CPU time: time's start-up
    /// would be counted too. Its peak memory is not meaningful (see above).
    static func spawn(_ path: String, _ arguments: [String]) -> Measurement {
        let started = Measure.now()
        guard let pid = start(path, arguments) else { return Measurement(seconds: 0, peakMiB: 0, status: -1) }
        var status: Int32 = 0
        var usage = rusage()
        wait4(pid, &status, 0, &usage)
        let seconds = Measure.now() - started
        let exitCode = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : -1
        func inSeconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return Measurement(seconds: seconds, cpuSeconds: inSeconds(usage.ru_utime) + inSeconds(usage.ru_stime),
                           peakMiB: Double(usage.ru_maxrss) / 1024, status: exitCode)
    }

    /// Wall time of `copies` runs of one command started together, until all have exited.
    static func spawnTogether(_ path: String, _ arguments: [String], copies: Int) throws -> Double {
        let started = Measure.now()
        let pids = (0..<copies).compactMap { _ in self.start(path, arguments) }
        for pid in pids {
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
        guard pids.count == copies else { throw MessageError("could not start \(path)") }
        return Measure.now() - started
    }

    /// Starts the program with its output to /dev/null; nil when it cannot be started.
    private static func start(_ path: String, _ arguments: [String]) -> pid_t? {
        var pid: pid_t = 0
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        defer { posix_spawn_file_actions_destroy(&actions) }
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        return posix_spawn(&pid, path, &actions, nil, argv, environ) == 0 ? pid : nil
    }
}
