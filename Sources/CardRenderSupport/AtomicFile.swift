import FoundationEssentials
import Synchronization

/// Writes files so that a reader never sees a half-written one, even when the process is
/// killed: the bytes go to a temporary file in the same folder, which is renamed over the target.
public enum AtomicFile {
    /// `durable` also flushes the file and its folder to disk (fsync) around the rename, so the
    /// new file survives a power cut too: goldens use it; bulk renders, which can be re-run, do
    /// not pay for it.
    public static func write(_ data: Data, to url: URL, durable: Bool = true) throws(FileWriteError) {
        let temporary = try writeTemporary(data, for: url, durable: durable)
        try temporaries.withLock { open throws(FileWriteError) in
            try publish(temporary, as: url, registry: &open)
        }
        if durable { synchronizeFolder(of: url) }
    }

    /// Writes `data` to a new temporary file beside `url` (registered, so a process that gives
    /// up on a signal removes it) and returns its path.
    static func writeTemporary(_ data: Data, for url: URL, durable: Bool) throws(FileWriteError) -> String {
        let path = url.path
        let directory = url.deletingLastPathComponent().path
        guard Syscalls.kind(at: directory) == .directory else {
            throw FileWriteError(path: path, reason: .folderMissing(directory))
        }
        if Syscalls.kind(at: path) == .directory { throw FileWriteError(path: path, reason: .folderInTheWay) }
        let temporary = directory + "/." + url.lastPathComponent
            + ".tmp-\(Syscalls.processID)-\(UInt32.random(in: 0...UInt32.max))"
        do throws(Errno) {
            let fd = try temporaries.withLock { open throws(Errno) in
                // After giving up on a signal nothing new is started; the process is about to end.
                guard !open.abandoned else { throw Errno.interrupted }
                let fd = try Syscalls.createExclusively(temporary)
                open.paths.insert(temporary)
                return fd
            }
            do throws(Errno) {
                try Syscalls.writeAll(fd, data)
                if durable { try Syscalls.synchronize(fd) }
            } catch {
                try? Syscalls.closeDescriptor(fd)
                throw error
            }
            try Syscalls.closeDescriptor(fd)
        } catch {
            discard([temporary])
            throw FileWriteError(path: path, reason: .system(error))
        }
        return temporary
    }

    /// Renames a registered temporary over `url`; called with the registry locked.
    private static func publish(_ temporary: String, as url: URL, registry open: inout Temporaries) throws(FileWriteError) {
        defer { open.paths.remove(temporary) }
        do throws(Errno) {
            try Syscalls.move(temporary, replacing: url.path)
        } catch {
            try? Syscalls.removeFile(temporary)
            throw FileWriteError(path: url.path, reason: .system(error))
        }
    }

    /// Makes a rename durable; a folder that cannot be opened is not an error.
    private static func synchronizeFolder(of url: URL) {
        if let folder = try? Syscalls.openDirectory(url.deletingLastPathComponent().path) {
            try? Syscalls.synchronize(folder)
            try? Syscalls.closeDescriptor(folder)
        }
    }

    /// Removes registered temporary files.
    static func discard(_ paths: [String]) {
        temporaries.withLock { open in
            for path in paths where open.paths.remove(path) != nil { try? Syscalls.removeFile(path) }
        }
    }

    /// The temporary files and folders this process has open, and whether it gave up on them.
    struct Temporaries {
        var paths: Set<String> = []
        var folders: Set<String> = []
        var abandoned = false
    }

    private static let temporaries = Mutex(Temporaries())

    /// Removes every temporary file this process is writing and refuses new ones, for a process
    /// about to exit on a signal. A set of files being published (`StagedFiles.publish`) finishes
    /// first, so no folder is left with some of them.
    static func abandonTemporaries() {
        temporaries.withLock { open in
            open.abandoned = true
            for path in open.paths { try? Syscalls.removeFile(path) }
            for folder in open.folders { removeTree(folder) }
            open.paths.removeAll()
            open.folders.removeAll()
        }
    }

    /// A folder written under a temporary name beside its final place (`.<name>.tmp-<pid>-<n>`)
    /// and renamed into place at the end, so a reader finds no folder there or the whole one. A
    /// run that fails, or gives up on a signal, removes it and leaves the final place as it was.
    /// The final place must be missing or an empty folder when it is published (`rename(2)`
    /// replaces only those). An empty folder that cannot be replaced (a mount point, such as a
    /// volume mounted for the output, or a folder whose parent cannot be written) is filled instead:
    /// the temporary folder is made inside it (`.cardrender.tmp-<pid>-<n>`) and at publish its entries are
    /// renamed into place one by one, `last` last; a failure then removes the ones moved. Not
    /// for concurrent use.
    public final class StagedFolder: @unchecked Sendable {
        /// The temporary folder, to write into until `publish()`.
        public let url: URL
        private let target: URL
        private let last: String?
        private var open = true

        /// Creates the temporary folder beside `target` (and `target`'s parents), or inside an
        /// empty `target` that cannot be replaced, after removing temporary folders for `target`
        /// that a killed process left. `last`: the entry published last when entries are renamed
        /// one by one (a manifest, so that it never describes files not yet in place).
        public init(for target: URL, last: String? = nil) throws(FileWriteError) {
            let parent = target.deletingLastPathComponent()
            try AtomicFile.prepareDirectory(parent)
            self.target = target
            self.last = last
            let besidePrefix = "." + target.lastPathComponent + ".tmp-", insidePrefix = Self.insidePrefix
            Self.removeStale(in: parent.path, prefix: besidePrefix)
            let targetStatus = try? Syscalls.status(at: target.path)
            let targetIsFolder = targetStatus?.kind == .directory
            if targetIsFolder { Self.removeStale(in: target.path, prefix: insidePrefix) }
            // A file system mounted there: a rename onto it or into it from beside could only fail.
            let mounted = targetIsFolder && (targetStatus?.device != (try? Syscalls.status(at: parent.path))?.device
                || Syscalls.isMountPoint((try? Syscalls.realPath(target.path)) ?? target.path))
            do throws(Errno) {
                if mounted {
                    url = try Self.make(target.path + "/" + insidePrefix)
                } else {
                    do throws(Errno) {
                        url = try Self.make(parent.path + "/" + besidePrefix)
                    } catch where targetIsFolder && [.permissionDenied, .notPermitted, .readOnlyFileSystem].contains(error) {
                        // The parent cannot be written: filled in place.
                        url = try Self.make(target.path + "/" + insidePrefix)
                    }
                }
            } catch {
                throw FileWriteError(path: target.path, reason: .system(error))
            }
        }

        /// The name of a temporary folder made inside its target starts with this: a name of this
        /// tool's own, so that a folder of someone else's inside an output folder is never taken for one.
        static let insidePrefix = ".cardrender.tmp-"

        /// Whether `entry`, inside a target folder, is the temporary folder of a staged folder
        /// whose process has ended (one that was filling that folder in place when it was killed).
        package static func isLeftoverInside(_ entry: Syscalls.DirectoryEntry) -> Bool {
            isStale(entry, prefix: insidePrefix)
        }

        private static func isStale(_ entry: Syscalls.DirectoryEntry, prefix: String) -> Bool {
            entry.isDirectory && entry.name.hasPrefix(prefix) && isStaleTemporary(entry.name)
        }

        private static func removeStale(in folder: String, prefix: String) {
            for entry in (try? Syscalls.entries(of: folder)) ?? [] where isStale(entry, prefix: prefix) {
                removeTree(folder + "/" + entry.name)
            }
        }

        /// Makes and registers `<prefix><pid>-<random>`.
        private static func make(_ prefix: String) throws(Errno) -> URL {
            let path = prefix + "\(Syscalls.processID)-\(UInt32.random(in: 0...UInt32.max))"
            try AtomicFile.temporaries.withLock { open throws(Errno) in
                guard !open.abandoned else { throw Errno.interrupted }
                try Syscalls.makeDirectory(path)
                open.folders.insert(path)
            }
            return URL(fileURLWithPath: path, isDirectory: true)
        }

        deinit { discard() }

        /// Puts the folder's contents in their final place, unless a stop signal came first (then
        /// it is removed and the signal's error thrown). On any failure it is removed, and the
        /// final place is left as it was.
        public func publish() throws {
            guard open else { return }
            open = false
            try AtomicFile.temporaries.withLock { registry throws in
                defer { registry.folders.remove(url.path) }
                guard !Interruption.isRequested else {
                    removeTree(url.path)
                    throw Interruption.error
                }
                do throws(Errno) {
                    if isInsideTarget {
                        try moveEntriesIntoTarget()
                    } else {
                        try keepPermissionsOfExistingTarget()
                        try Syscalls.move(url.path, replacing: target.path)
                    }
                } catch {
                    removeTree(url.path)
                    throw FileWriteError(path: target.path, reason: [.directoryNotEmpty, .fileExists].contains(error) ? .folderNotEmpty : .system(error))
                }
            }
            synchronizeFolder(of: target)
        }

        private var isInsideTarget: Bool { url.deletingLastPathComponent().path == target.path }

        /// Renames each entry of the temporary folder into the target, which must hold nothing
        /// else, `last` last; on a failure the entries moved are removed again.
        private func moveEntriesIntoTarget() throws(Errno) {
            let others = try Syscalls.entries(of: target.path).filter { $0.name != url.lastPathComponent }
            guard others.isEmpty else { throw .directoryNotEmpty }
            let entries = try Syscalls.entries(of: url.path).sorted { ($0.name == last ? 1 : 0, $0.name) < ($1.name == last ? 1 : 0, $1.name) }
            var moved: [Syscalls.DirectoryEntry] = []
            do throws(Errno) {
                for entry in entries {
                    try Syscalls.move(url.path + "/" + entry.name, replacing: target.path + "/" + entry.name)
                    moved.append(entry)
                }
                try Syscalls.removeDirectory(url.path)
            } catch {
                for entry in moved { removeEntry(target.path + "/" + entry.name, isDirectory: entry.isDirectory) }
                throw error
            }
        }

        /// An empty folder that the rename replaces keeps its permission bits (a group-writable
        /// or set-group-ID output folder stays so); a new one has the temporary folder's.
        private func keepPermissionsOfExistingTarget() throws(Errno) {
            guard let existing = try? Syscalls.status(at: target.path), existing.kind == .directory else { return }
            try Syscalls.setPermissions(url.path, existing.permissions)
        }

        /// Removes the folder and everything written into it.
        public func discard() {
            guard open else { return }
            open = false
            AtomicFile.temporaries.withLock { registry in
                if registry.folders.remove(url.path) != nil { removeTree(url.path) }
            }
        }
    }

    /// A file, or a folder and everything in it.
    static func removeEntry(_ path: String, isDirectory: Bool) {
        if isDirectory { removeTree(path) } else { try? Syscalls.removeFile(path) }
    }

    /// Removes a folder and everything in it, never following a symbolic link; what cannot be
    /// removed is left.
    static func removeTree(_ path: String) {
        if let entries = try? Syscalls.entries(of: path) {
            for entry in entries {
                let child = path + "/" + entry.name
                removeEntry(child, isDirectory: entry.isDirectory)
            }
        }
        try? Syscalls.removeDirectory(path)
    }

    /// Files written under temporary names first and all given their final names at the end,
    /// in the order staged (a manifest staged last is published last), so a run that fails
    /// before `publish` leaves every earlier file as it was. Not for concurrent use.
    public final class StagedFiles: @unchecked Sendable {
        private var staged: [(temporary: String, url: URL)] = []

        /// Nothing staged yet.
        public init() {}

        deinit { discard() }

        /// Writes `data` beside `url` under a temporary name (not fsynced: renders can be re-run).
        /// A regular file at `url` that already holds exactly these bytes is left as it is: it
        /// needs neither the space of a second copy nor a new date.
        public func stage(_ data: Data, to url: URL) throws(FileWriteError) {
            if Syscalls.regularFileSize(at: url.path) == data.count, Syscalls.file(at: url.path, holds: data) {
                return
            }
            let temporary = try AtomicFile.writeTemporary(data, for: url, durable: false)
            staged.append((temporary, url))
        }

        /// Renames every staged file over its target, unless a stop signal came first (then
        /// nothing is renamed). The renames run as one step for a signal's cleanup.
        public func publish() throws {
            try Self.publish([self])
        }

        /// Publishes several sets in one step, in order.
        public static func publish(_ sets: [StagedFiles]) throws {
            let files = sets.flatMap(\.staged)
            for set in sets { set.staged = [] }
            try AtomicFile.temporaries.withLock { open throws in
                func drop(_ rest: ArraySlice<(temporary: String, url: URL)>) {
                    for file in rest where open.paths.remove(file.temporary) != nil { try? Syscalls.removeFile(file.temporary) }
                }
                guard !Interruption.isRequested else {
                    drop(files[...])
                    throw Interruption.error
                }
                for (index, file) in files.enumerated() {
                    do {
                        try AtomicFile.publish(file.temporary, as: file.url, registry: &open)
                    } catch {
                        drop(files[(index + 1)...])
                        throw error
                    }
                }
            }
        }

        /// Removes the staged files.
        public func discard() {
            AtomicFile.discard(staged.map(\.temporary))
            staged = []
        }
    }

    /// Deletes temporary files that a killed process left behind under `folder` (names
    /// `.<file>.tmp-<pid>-<n>` whose process is gone). Never touches anything else.
    public static func removeStaleTemporaries(in folder: URL) {
        var pending = [folder.path]
        while let current = pending.popLast() {
            guard let entries = try? Syscalls.entries(of: current) else { continue }
            for entry in entries {
                let path = current + "/" + entry.name
                if entry.isDirectory {
                    pending.append(path)
                } else {
                    removeIfStaleTemporary(named: entry.name, at: path)
                }
            }
        }
    }

    /// Removes the file at `path` when `name` is a temporary's (`.<file>.tmp-<pid>-<n>`) whose
    /// process has ended, for a caller that lists the folder anyway.
    public static func removeIfStaleTemporary(named name: String, at path: String) {
        if isStaleTemporary(name) { try? Syscalls.removeFile(path) }
    }

    /// Whether `name` is a temporary's (`.<file>.tmp-<pid>-<n>`) whose process has ended.
    public static func isStaleTemporary(_ name: String) -> Bool {
        guard let pid = temporaryOwner(name) else { return false }
        return pid != Syscalls.processID && !Syscalls.processExists(pid)
    }

    /// The process id in a temporary file's name `.<file>.tmp-<pid>-<n>`, or nil for any other name.
    static func temporaryOwner(_ name: String) -> Int32? {
        guard name.hasPrefix("."), let marker = name.ranges(of: ".tmp-").last else { return nil }
        let fields = name[marker.upperBound...].split(separator: "-")
        guard fields.count == 2, let pid = Int32(fields[0]), UInt32(fields[1]) != nil else { return nil }
        return pid
    }

    /// Creates `url` (and its parents) as a folder, or checks that it is a writable folder.
    public static func prepareDirectory(_ url: URL) throws(FileWriteError) {
        let path = url.path
        switch Syscalls.kind(at: path) {
        case .directory:
            break
        case .some:
            throw FileWriteError(path: path, reason: .notAFolder)
        case nil:
            // Checked before the first mkdir: a path no file inside could take leaves no folders behind.
            guard path.utf8.count <= OutputPaths.maxPathBytes,
                  path.split(separator: "/").allSatisfy({ $0.utf8.count <= OutputPaths.maxNameBytes }) else {
                throw FileWriteError(path: path, reason: .tooLong(bytes: path.utf8.count))
            }
            // mkdir(2) one level at a time, so a failure names the real reason (errno).
            var prefix = path.hasPrefix("/") ? "" : "."
            for component in path.split(separator: "/") {
                prefix += "/" + component
                do throws(Errno) {
                    try Syscalls.makeDirectory(prefix)
                } catch {
                    if error != .fileExists { throw FileWriteError(path: path, reason: .cannotCreateFolder(prefix, error)) }
                }
            }
            guard Syscalls.kind(at: path) == .directory else { throw FileWriteError(path: path, reason: .notAFolder) }
        }
        guard Syscalls.isWritable(path) else { throw FileWriteError(path: path, reason: .folderNotWritable) }
    }
}
