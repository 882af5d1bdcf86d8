/// The C functions `Syscalls` calls, by the names a fault gives them.
package enum SystemCall: String, Sendable, Hashable, CaseIterable {
    case open, read, write, pwrite, pread, fsync, ftruncate, flock, fstat, stat, lstat, close
    case rename, unlink, rmdir, mkdir, chmod, access, realpath, opendir
    /// `inotify_add_watch(2)`, on the folder watched.
    case watch
    /// `execv(2)`, on the program's path.
    case execute
}

#if ENABLE_MOCKING
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// One system call made to fail, for tests of what a full disk, a failing device or a folder
/// without permission does: the call returns `-1` with `error` in `errno`, as the kernel's would.
/// With `pause`, the call first waits that many milliseconds (a slow disk); without `error`, it
/// then runs.
///
/// A fault applies only to paths inside `folder` (or that very file), so tests running at the
/// same time in other folders are untouched; a call on a descriptor (write, fsync, flock …)
/// counts as a call on the path the descriptor was opened with. A rename counts as one on its
/// destination.
package struct SystemFault: Sendable, Hashable {
    package var call: SystemCall
    package var error: Errno?
    package var folder: String
    /// How many matching calls succeed before the first failure.
    package var after: Int
    /// How many matching calls fail; nil: every one from then on.
    package var times: Int?
    /// Milliseconds each matching call waits before it fails or runs.
    package var pause = 0

    package init(_ call: SystemCall, _ error: Errno?, in folder: String, after: Int = 0, times: Int? = nil, pause: Int = 0) {
        self.call = call
        self.error = error
        self.folder = folder.count > 1 && folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        self.after = after
        self.times = times
        self.pause = pause
    }

    func applies(to path: String) -> Bool {
        path == folder || path.hasPrefix(folder + "/")
    }

    /// Whether the matching call numbered `index` (from 0) fails.
    func fails(at index: Int) -> Bool {
        index >= after && times.map { index < after + $0 } ?? true
    }
}

/// The seam under `Syscalls` (swift-system's `ENABLE_MOCKING`): tests install faults here and
/// the layer consults them before each call. Compiled only into debug builds, which is what
/// `swift test` and `make sanitize` build; a release build has neither this type nor the checks.
/// Safe from any thread: the faults and their counts sit behind one lock.
package enum SystemFaults {
    /// Faults installed together, removed together; counts how often they made a call fail.
    package struct Installation: Sendable {
        fileprivate let id: Int

        /// How many calls these faults have made fail so far.
        package var failures: Int {
            SystemFaults.state.withLock { $0.installed[id]?.failures ?? 0 }
        }

        package func remove() {
            _ = SystemFaults.state.withLock { $0.installed.removeValue(forKey: id) }
        }
    }

    private struct Installed {
        var faults: [SystemFault]
        var seen: [Int]
        var failures = 0
    }

    private struct State {
        var installed: [Int: Installed] = [:]
        var nextID = 0
        /// The path each open descriptor was opened with.
        var paths: [Int32: String] = [:]
    }

    private static let state = Mutex(State())

    /// Makes the calls `faults` describe fail until `remove()`.
    package static func install(_ faults: [SystemFault]) -> Installation {
        state.withLock { state in
            defer { state.nextID += 1 }
            state.installed[state.nextID] = Installed(faults: faults, seen: Array(repeating: 0, count: faults.count))
            return Installation(id: state.nextID)
        }
    }

    /// The variable a debug build of the command line reads its faults from, one a line:
    /// `CALL ERRNO [after=N] [times=N] [pause=MS] in=FOLDER`, e.g. `rename ENOSPC after=2 in=/tmp/out`;
    /// ERRNO `OK` pauses the call and then runs it: `fsync OK pause=1500 times=1 in=/tmp/out`.
    package static let environmentVariable = "CARDRENDER_SYSTEM_FAULTS"

    /// Installs the faults `environmentVariable` lists, if any (for tests of the command line,
    /// which run it as a child process).
    @discardableResult
    package static func installFromEnvironment(_ environment: [String: String]) throws(MessageError) -> Installation? {
        guard let text = environment[environmentVariable] else { return nil }
        var faults: [SystemFault] = []
        for line in text.split(whereSeparator: \.isNewline) where !line.allSatisfy(\.isWhitespace) {
            guard let fault = parse(line) else {
                throw MessageError("\(environmentVariable): cannot read '\(line)'; write CALL ERRNO [after=N] [times=N] [pause=MS] in=FOLDER")
            }
            faults.append(fault)
        }
        return install(faults)
    }

    private static func parse(_ line: Substring) -> SystemFault? {
        guard let folderStart = line.firstRange(of: " in=") else { return nil }
        let folder = String(line[folderStart.upperBound...])
        let words = line[..<folderStart.lowerBound].split(separator: " ")
        guard words.count >= 2, !folder.isEmpty, let call = SystemCall(rawValue: String(words[0])) else { return nil }
        let code = Syscalls.codesByName[String(words[1])]
        guard code != nil || words[1] == "OK" else { return nil }
        var fault = SystemFault(call, code.map { Errno(rawValue: $0) }, in: folder)
        for option in words.dropFirst(2) {
            let parts = option.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, let number = Int(parts[1]), number >= 0 else { return nil }
            switch parts[0] {
            case "after": fault.after = number
            case "times": fault.times = number
            case "pause": fault.pause = number
            default: return nil
            }
        }
        return fault
    }

    /// The `errno` an installed fault gives this call, counting it; nil lets the call run. A
    /// fault with a pause waits first, outside the lock, so other calls go on meanwhile.
    static func injectedCode(for call: SystemCall, path: String?) -> Int32? {
        guard let path else { return nil }
        let (code, pause) = state.withLock { state in
            var code: Int32?, pause = 0
            for id in state.installed.keys.sorted() {
                guard var installed = state.installed[id] else { continue }
                for (index, fault) in installed.faults.enumerated() where fault.call == call && fault.applies(to: path) {
                    if code == nil, fault.fails(at: installed.seen[index]) {
                        code = fault.error?.rawValue
                        pause += fault.pause
                        if fault.error != nil { installed.failures += 1 }
                    }
                    installed.seen[index] += 1
                }
                state.installed[id] = installed
            }
            return (code, pause)
        }
        if pause > 0 { usleep(useconds_t(min(pause, 60_000)) * 1000) }
        return code
    }

    static func opened(_ fd: Int32, path: String) {
        state.withLock { $0.paths[fd] = path }
    }

    static func closed(_ fd: Int32) {
        _ = state.withLock { $0.paths.removeValue(forKey: fd) }
    }

    static func path(of fd: Int32) -> String? {
        state.withLock { $0.paths[fd] }
    }
}
#endif
