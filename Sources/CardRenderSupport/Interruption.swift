import FoundationEssentials
import Synchronization

/// SIGINT and SIGTERM for a whole process: the first asks the work to stop (`isRequested`), so
/// runs stop taking new work and files not yet given their final names are never published; if
/// the process has not ended `gracePeriod` later (a worker that cannot finish, stuck in a
/// library), or a second signal comes, it gives up: what `onGivingUp` registered runs (a batch
/// saves its manifest), every temporary file this process is writing is removed, and it exits
/// with 128 + the signal's number. Files already under their final names stay, so each folder
/// keeps matching its manifest.
public enum Interruption {
    /// How long work may take to stop by itself after the first signal.
    public static let gracePeriod = 0.6

    private static let requested = Atomic<Int32>(0)
    private static let installed = Atomic<Bool>(false)
    private static let actions = Mutex<[Int: @Sendable () -> Void]>([:])
    private static let filesToRemove = Mutex<[Int: String]>([:])
    private static let nextAction = Atomic<Int>(0)
    /// Whether the process's end is taken: by a command exiting by itself, or by the watcher
    /// giving up. The first goes on; the other waits for the end, so neither cuts the other's
    /// last writes short (a manifest being saved).
    private static let endTaken = Atomic<Bool>(false)

    /// Whether a stop signal has come (always false unless `install()` was called).
    public static var isRequested: Bool { requested.load(ordering: .acquiring) != 0 }

    /// The signal that asked to stop, if one did.
    public static var signalName: String? {
        let number = requested.load(ordering: .acquiring)
        return number == 0 ? nil : Syscalls.signalName(number)
    }

    /// Takes over SIGINT and SIGTERM for the process. Call it first thing in `main`, before any
    /// thread starts: the signals are held for every thread and taken by one watching thread.
    public static func install() {
        guard !installed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        Syscalls.holdStopSignals()
        // Never joined: it waits for a signal until the process ends.
        _ = Syscalls.startThread {
            guard let first = Syscalls.waitForStopSignal() else { return }
            requested.store(first, ordering: .releasing)
            let second = Syscalls.waitForStopSignal(seconds: gracePeriod)
            giveUp(signal: first, waited: second == nil)
        }
    }

    /// Runs `body` with `action` registered to run if the process gives up meanwhile (saving a
    /// manifest of what is already on disk, say); it must be quick.
    public static func onGivingUp<T>(_ action: @escaping @Sendable () -> Void, _ body: () throws -> T) rethrows -> T {
        let key = nextAction.add(1, ordering: .relaxed).oldValue
        actions.withLock { $0[key] = action }
        defer { _ = actions.withLock { $0.removeValue(forKey: key) } }
        return try body()
    }

    /// Runs `body` with the file at `path` to be removed if the process gives up meanwhile, even
    /// after a second signal (a lock file, which the next run would take over anyway).
    public static func removing<T>(_ path: String, _ body: () throws -> T) rethrows -> T {
        let key = nextAction.add(1, ordering: .relaxed).oldValue
        filesToRemove.withLock { $0[key] = path }
        defer { _ = filesToRemove.withLock { $0.removeValue(forKey: key) } }
        return try body()
    }

    /// The error a run that stopped for a signal ends with.
    public static var error: StoppedBySignal { StoppedBySignal(signalName: signalName ?? "a signal") }

    /// Throws `error` when a stop was requested.
    public static func checkpoint() throws(StoppedBySignal) {
        if isRequested { throw error }
    }

    /// Called by an entry point just before it exits by itself: when the watcher is already giving
    /// up (saving what `onGivingUp` registered), the process ends there instead.
    public static func prepareToExit() {
        guard takeTheEnd() else { Syscalls.waitForever() }
    }

    private static func takeTheEnd() -> Bool {
        endTaken.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged
    }

    private static func giveUp(signal: Int32, waited: Bool) -> Never {
        // The command is already exiting by itself, its files written: the end is its own.
        guard takeTheEnd() else { Syscalls.waitForever() }
        // After a second signal nothing more is attempted.
        if waited {
            for action in actions.withLock({ Array($0.values) }) { action() }
        }
        AtomicFile.abandonTemporaries()
        for path in filesToRemove.withLock({ Array($0.values) }) { try? Syscalls.removeFile(path) }
        let how = waited ? "work in progress did not stop within \(gracePeriod) s, so it was abandoned"
            : "a second signal ended the run at once"
        try? Syscalls.writeAll(2, Data("cardrender: error: interrupted by \(Syscalls.signalName(signal)): \(how); no file was left half-written\n".utf8))
        Syscalls.exitNow(128 + signal)
    }
}

/// What a run stopped by SIGINT or SIGTERM throws: its files not yet published were not written.
public struct StoppedBySignal: Error, Sendable, Equatable, CustomStringConvertible, LocalizedError {
    /// `SIGINT` or `SIGTERM`, as the message names it.
    public let signalName: String

    public var description: String { "interrupted by \(signalName); files not finished were not written" }
    public var errorDescription: String? { description }
}

/// Threads that are joined before the call that started them returns, so nothing they hold (a
/// job's closure and the plan it captures) outlives the call, and no thread is left running
/// while the process exits.
public enum JoinedThreads {
    /// Runs `body(0)` … `body(count - 1)`, each on its own thread, and returns when every thread
    /// has ended. A thread that cannot be started runs its body on the calling thread. A single
    /// body runs on the calling thread when that thread's stack is as large as a started
    /// thread's: a second thread would only repeat the libraries' per-thread set-up (Pango's
    /// font map, its first layouts) and add context switches.
    public static func run(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
        if count == 1, let stack = Syscalls.currentThreadStackSize(), stack >= Syscalls.threadStackSize {
            body(0)
            return
        }
        var handles: [Syscalls.ThreadHandle] = []
        for index in 0..<count {
            if let handle = Syscalls.startThread({ body(index) }) {
                handles.append(handle)
            } else {
                body(index)
            }
        }
        for handle in handles { Syscalls.join(handle) }
    }
}
