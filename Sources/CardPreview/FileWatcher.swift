import CardRenderSupport
import Foundation
import RenderPipeline
import Synchronization

/// Watches files for saves with inotify: the folders that hold them are watched (an editor may
/// save by renaming a new file over the old one, which a watch on the file itself would lose),
/// and a change to one of the files, not to anything else in those folders, wakes `onChange`.
/// The thread sleeps in the kernel while nothing changes; a stop wakes it through a pipe.
final class FileWatcher: Sendable {
    private struct State {
        var descriptor: Int32
        /// The pipe a stop writes to, to wake the thread.
        var wake: (read: Int32, write: Int32)
        /// The file names watched in each watched folder, by watch.
        var names: [Int32: Set<String>] = [:]
        var folders: [String: Int32] = [:]
    }

    private let state: Mutex<State>
    private let stopped = Atomic<Bool>(false)
    private let thread = Mutex<Syscalls.ThreadHandle?>(nil)
    /// Saves come in bursts (write, close, rename, attributes): changes this close together are one.
    static let settle = 0.02

    init() throws(Errno) {
        let descriptor = try Syscalls.startWatching()
        do {
            state = Mutex(State(descriptor: descriptor, wake: try Syscalls.makeWakePipe()))
        } catch {
            try? Syscalls.closeDescriptor(descriptor)
            throw error
        }
    }

    /// Watches exactly `paths` from now on (the files a render read; they change as the template
    /// does). A folder that cannot be watched is one line naming it.
    func watch(_ paths: [String]) throws(PreviewError) {
        do { try watchFolders(of: paths) } catch {
            let reason = error.error == .noSpace
                ? "the system's limit of inotify watches is reached (sysctl fs.inotify.max_user_watches)"
                : error.error.description
            throw PreviewError("cannot watch \(error.folder) for changes: \(reason)")
        }
    }

    private struct FolderFailure: Error {
        var folder: String
        var error: Errno
    }

    private func watchFolders(of paths: [String]) throws(FolderFailure) {
        let byFolder = Dictionary(grouping: paths.map { URL(fileURLWithPath: $0).standardizedFileURL }) {
            $0.deletingLastPathComponent().path
        }
        try state.withLock { (state: inout State) throws(FolderFailure) in
            var names: [Int32: Set<String>] = [:]
            for (folder, files) in byFolder.sorted(by: { $0.key < $1.key }) {
                let watch: Int32
                if let known = state.folders[folder] { watch = known } else {
                    do throws(Errno) { watch = try Syscalls.watchFolder(state.descriptor, folder) } catch {
                        throw FolderFailure(folder: folder, error: error)
                    }
                    state.folders[folder] = watch
                }
                names[watch, default: []].formUnion(files.map(\.lastPathComponent))
            }
            state.names = names
        }
    }

    /// Starts the thread that calls `onChange` after each burst of changes to watched files. The
    /// thread closes the descriptor when it ends, after ``stop()``.
    func start(onChange: @escaping @Sendable () -> Void) {
        let handle = Syscalls.startThread { [self] in
            while !stopped.load(ordering: .acquiring) {
                guard hasChanges(waiting: nil) else { continue }
                // Let the rest of the save arrive, then read it all as one change.
                while hasChanges(waiting: Self.settle) {}
                guard !stopped.load(ordering: .acquiring) else { break }
                onChange()
            }
        }
        thread.withLock { $0 = handle }
    }

    /// Whether a watched file changed within `seconds` (nil: until one does or a stop comes).
    private func hasChanges(waiting seconds: Double?) -> Bool {
        let (descriptor, wake) = state.withLock { ($0.descriptor, $0.wake.read) }
        let changes: [Syscalls.FolderChange]
        do {
            guard let read = try Syscalls.waitForFolderChanges(descriptor, wake: wake, seconds: seconds) else { return false }
            changes = read
        } catch {
            // A failed read: no busy loop, look again a little later.
            Thread.sleep(forTimeInterval: 0.1)
            return false
        }
        let names = state.withLock { $0.names }
        return changes.contains { names[$0.watch]?.contains($0.name) == true }
    }

    /// Stops the thread (waking it, and waiting for a redraw in progress to end) and closes the
    /// descriptors.
    func stop() {
        guard !stopped.exchange(true, ordering: .acquiringAndReleasing) else { return }
        Syscalls.wake(state.withLock { $0.wake.write })
        if let handle = thread.withLock({ $0 }) { Syscalls.join(handle) }
        let descriptors = state.withLock { [$0.descriptor, $0.wake.read, $0.wake.write] }
        for descriptor in descriptors { try? Syscalls.closeDescriptor(descriptor) }
    }
}
