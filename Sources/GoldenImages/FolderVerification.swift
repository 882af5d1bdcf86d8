import CardRenderSupport
import FoundationEssentials
import Images
import Synchronization

/// Every PNG of a goldens folder compared with the PNG of the same relative path in an actual
/// folder: matches, failures, images missing on either side, and goldens recorded by the mode.
public struct FolderVerification: Sendable, Encodable {
    /// One relative path: what was found there and what was done.
    public struct Entry: Sendable, Hashable, Codable {
        /// Relative to both folders, with `/` separators.
        public var path: String
        /// Matched, failed, recorded, missing on one side, or an error.
        public var status: GoldenStatus
        /// The comparison; nil when one side was missing or could not be read.
        public var result: ImageDiffResult?
        /// The failure's files, when an artifacts folder was given.
        public var artifacts: GoldenArtifacts?
        /// One line for people, naming the files.
        public var message: String
        /// Time spent on this pair, for JUnit; it differs from run to run.
        public var seconds: Double

        /// A failure of the image (not an error reading or writing it).
        public var isFailure: Bool { status.isFailure }
    }

    /// PNG bytes shown in the HTML report, kept only for entries that need a look.
    public struct Images: Sendable {
        /// The golden's PNG bytes as read.
        public var expected: Data?
        /// The actual image's PNG bytes as read.
        public var actual: Data?
        /// The diff image, for a comparison that failed.
        public var diff: Data?
    }

    /// How many entries have each status.
    public struct Summary: Sendable, Hashable, Codable {
        /// Every entry.
        public var total = 0
        /// Entries that matched.
        public var matched = 0
        /// Entries out of tolerance.
        public var failed = 0
        /// New goldens written.
        public var recorded = 0
        /// Existing goldens rewritten.
        public var rerecorded = 0
        /// Goldens without an actual image.
        public var missingActual = 0
        /// Actual images without a golden, not recorded.
        public var missingGolden = 0
        /// Images that could not be read or written.
        public var errors = 0
    }

    /// The goldens folder, as given.
    public var goldensDirectory: String
    /// The actual images' folder, as given.
    public var actualDirectory: String
    /// The record mode the run used.
    public var mode: RecordMode
    /// The tolerance every pair was compared with.
    public var tolerance: Tolerance
    /// One per relative path, sorted by path.
    public var entries: [Entry]
    /// The images the HTML report shows, by relative path; not part of the JSON.
    public var images: [String: Images]

    /// The entries counted by status.
    public var summary: Summary {
        var summary = Summary()
        summary.total = entries.count
        for entry in entries {
            switch entry.status {
            case .matched: summary.matched += 1
            case .failed: summary.failed += 1
            case .recorded: summary.recorded += 1
            case .rerecorded: summary.rerecorded += 1
            case .missingActual: summary.missingActual += 1
            case .missingGolden: summary.missingGolden += 1
            case .error: summary.errors += 1
            }
        }
        return summary
    }

    /// Whether any image failed or was missing on one side (`verify` exits 1).
    public var hasFailures: Bool { entries.contains(where: \.isFailure) }
    /// Whether any image could not be read or written (`verify` exits 2).
    public var hasErrors: Bool { entries.contains { $0.status == .error } }

    private enum CodingKeys: String, CodingKey {
        case goldensDirectory, actualDirectory, mode, tolerance, summary, entries
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(goldensDirectory, forKey: .goldensDirectory)
        try container.encode(actualDirectory, forKey: .actualDirectory)
        try container.encode(mode, forKey: .mode)
        try container.encode(tolerance, forKey: .tolerance)
        try container.encode(summary, forKey: .summary)
        try container.encode(entries, forKey: .entries)
    }

    /// Makes this process keep the memory of freed decoded images for the next pair instead of
    /// giving it back to the kernel after each one: a run of card-sized pairs on one thread
    /// otherwise spent about a third of its CPU time having fresh pages mapped in. Images up to
    /// 32 MiB are reused; up to 64 MiB of free memory is kept. Process-wide and lasting (glibc's
    /// `mallopt`), so it is the caller's choice: `cardrender verify` makes it before it runs
    /// ``run(goldens:actual:tolerance:mode:artifactsDirectory:workers:keepingReportImages:)``.
    ///
    /// - Returns: whether the allocator took the settings (not with another C library or a
    ///   sanitizer's allocator).
    @discardableResult
    public static func keepFreedImageMemory() -> Bool {
        NativeDiff.keepFreedMemory(largestBlock: 32 << 20, keptBytes: 64 << 20)
    }

    /// Compares the folders. A goldens folder that does not exist is created when the mode
    /// records; the actual folder must exist. Problems with single images become `.error`
    /// entries; problems with the folders themselves are thrown.
    ///
    /// - Parameters:
    ///   - goldens: the folder of golden PNGs, searched recursively.
    ///   - actual: the folder of rendered PNGs, with the same relative paths.
    ///   - tolerance: how much each pair may differ.
    ///   - mode: when goldens are written (see ``RecordMode``).
    ///   - artifactsDirectory: each failure's files go to `<artifacts>/<path without .png>/`.
    ///   - workers: how many pairs are compared at once, each on its own thread (at least 1). Each
    ///     pair is decoded, compared and let go within its job, so at most `workers` pairs are
    ///     decoded at a time. Nothing in the result depends on it but each entry's `seconds`.
    ///   - keepingReportImages: whether ``images`` keeps the PNGs an HTML report shows (a failure's
    ///     diff image is encoded for it); without a report to write, leave it out.
    public static func run(goldens: URL, actual: URL, tolerance: Tolerance = .default, mode: RecordMode,
                           artifactsDirectory: URL? = nil,
                           workers: Int = ProcessInfo.processInfo.activeProcessorCount,
                           keepingReportImages: Bool = true) throws(GoldenError) -> FolderVerification {
        _ = try tolerance.validatedForGoldens()
        switch Paths.kind(of: actual) {
        case .missing: throw .missingDirectory(path: actual.path)
        case .file: throw .notADirectory(path: actual.path)
        case .directory: break
        }
        switch Paths.kind(of: goldens) {
        case .file:
            throw .notADirectory(path: goldens.path)
        case .missing:
            guard mode.writesMissingGoldens() else { throw .missingDirectory(path: goldens.path) }
            try Paths.makeDirectory(goldens)
        case .directory:
            break
        }

        if let artifactsDirectory { try checkOutside(artifactsDirectory, of: [(goldens, "goldens"), (actual, "actual images")]) }
        // Temporaries of a killed run (hidden, so never read as goldens) would otherwise stay
        // forever; they go as the goldens are listed.
        let (goldenListing, actualListing) = try listings(goldens: goldens, actual: actual, together: workers > 1)
        let goldenFiles = goldenListing.files, actualFiles = actualListing.files
        var verification = FolderVerification(goldensDirectory: goldens.path, actualDirectory: actual.path, mode: mode,
                                              tolerance: tolerance, entries: [], images: [:])
        // What the listings could not take is an error naming it, never a skip: a name that is not
        // UTF-8 cannot be opened through Foundation, and a folder that cannot be listed hides its images.
        for (listing, folder, role) in [(goldenListing, goldens, "golden"), (actualListing, actual, "actual image")] {
            for shown in listing.unnamed {
                verification.entries.append(Entry(
                    path: shown, status: .error,
                    message: "\(role) \(folder.appendingPathComponent(shown).path) has a name that is not valid UTF-8; rename it",
                    seconds: 0))
            }
            for (shown, error) in listing.unlisted {
                verification.entries.append(Entry(
                    path: shown, status: .error,
                    message: "cannot list the folder \(folder.appendingPathComponent(shown).path) (\(error)); its images are not compared",
                    seconds: 0))
            }
        }
        let paths = Set(goldenFiles).union(actualFiles).sorted()
        let checked = Mutex<[(entry: Entry, images: Images)?]>(Array(repeating: nil, count: paths.count))
        // The goldens folder's own links are resolved once, not once per pair.
        let goldenPaths = OutputPaths.Resolver(root: goldens)
        // No start order is given, so the pool has nothing to refuse. After a stop signal
        // (`Interruption`, which a command installs) no pair starts: no golden is written after
        // it, and the result holds the pairs that ran; the caller checks `Interruption`.
        try? WorkerPool.forEach(paths.count, workers: workers, shouldStop: { Interruption.isRequested }) { index in
            let pair = timedCheck(paths[index], goldens: goldenPaths, actual: actual,
                                  hasGolden: goldenFiles.contains(paths[index]),
                                  hasActual: actualFiles.contains(paths[index]), tolerance: tolerance, mode: mode,
                                  artifactsDirectory: artifactsDirectory, keepingImages: keepingReportImages)
            checked.withLock { $0[index] = pair }
        }
        // Collected in path order, whichever thread finished first.
        let results = checked.withLock { $0 }
        for (path, result) in zip(paths, results) {
            guard let (entry, images) = result else { continue }
            if images.expected != nil || images.actual != nil { verification.images[path] = images }
            verification.entries.append(entry)
        }
        verification.entries.sort { $0.path < $1.path }
        return verification
    }

    /// Refuses an artifacts folder inside one of the compared folders (links resolved): the next
    /// run would take the failures' PNGs written there for goldens or actual images.
    private static func checkOutside(_ artifacts: URL, of folders: [(URL, String)]) throws(GoldenError) {
        let written = resolvedPath(artifacts)
        for (folder, what) in folders {
            guard OutputPaths.isInside(written, resolvedPath(folder)) else { continue }
            throw .cannotWrite(path: artifacts.path, reason: "the artifacts folder is inside the \(what) folder \(folder.path), "
                               + "where the next run would take the PNGs written there for images to compare")
        }
    }

    /// The path with its links resolved as far as it exists, the rest as written.
    private static func resolvedPath(_ url: URL) -> String {
        var existing = url.standardizedFileURL, rest: [String] = []
        while Syscalls.kind(at: existing.path) == nil, existing.path != "/" {
            rest.insert(existing.lastPathComponent, at: 0)
            existing.deleteLastPathComponent()
        }
        return ([(try? Syscalls.realPath(existing.path)) ?? existing.path] + rest).joined(separator: "/")
    }

    /// One pair checked, with the time it took.
    private static func timedCheck(_ path: String, goldens: OutputPaths.Resolver, actual: URL, hasGolden: Bool, hasActual: Bool,
                                   tolerance: Tolerance, mode: RecordMode, artifactsDirectory: URL?,
                                   keepingImages: Bool) -> (entry: Entry, images: Images) {
        let start = ContinuousClock.now
        var images = Images()
        var entry = check(path, goldens: goldens, actual: actual, hasGolden: hasGolden, hasActual: hasActual,
                          tolerance: tolerance, mode: mode, artifactsDirectory: artifactsDirectory,
                          keepingImages: keepingImages, images: &images)
        let elapsed = ContinuousClock.now - start
        entry.seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        return (entry, images)
    }

    private static func check(_ path: String, goldens: OutputPaths.Resolver, actual: URL, hasGolden: Bool, hasActual: Bool,
                              tolerance: Tolerance, mode: RecordMode, artifactsDirectory: URL?,
                              keepingImages: Bool, images: inout Images) -> Entry {
        var entry = Entry(path: path, status: .error, message: "", seconds: 0)
        // No golden is read or written through a symbolic link that leaves the goldens folder. A
        // listed golden is a regular file reached through folders, never links: only the others
        // (missing, or a link) are looked at.
        let golden: URL
        do {
            var resolver = goldens
            golden = try resolver.resolve(path, forReading: !hasGolden)
        } catch .escapesThroughSymlink(_, let link) {
            entry.message = "golden \(path) leaves the goldens folder \(goldens.root.path) through the symbolic link"
                + " \"\(link)\"; it is neither read nor written"
            return entry
        } catch {
            entry.message = "golden \(path): \(error.description)"
            return entry
        }
        guard hasActual else {
            entry.status = .missingActual
            entry.message = "no actual image for golden \(golden.path)"
            if keepingImages { images.expected = try? Data(contentsOf: golden) }
            return entry
        }
        do throws(GoldenError) {
            let actualImage = try Paths.readImage(actual.appendingPathComponent(path, isDirectory: false))
            let artifacts = artifactsDirectory.map {
                $0.appendingPathComponent(String(path.dropLast(4)), isDirectory: true)
            }
            let outcome = try GoldenStore.verify(actualImage.image, actualPNG: actualImage.data, golden: golden,
                                                 tolerance: tolerance, mode: mode, artifactsDirectory: artifacts)
            entry.result = outcome.result
            entry.artifacts = outcome.artifacts
            entry.message = outcome.message
            entry.status = outcome.status
            let comparisonFailed = outcome.result.map { !$0.passed } ?? false
            if keepingImages, outcome.status == .missingGolden || outcome.status == .recorded || comparisonFailed {
                images.actual = actualImage.data
                images.expected = outcome.expectedPNG
                if comparisonFailed, let comparison = outcome.comparison {
                    images.diff = try? PNG.encode(comparison.makeDiffImage())
                }
            }
        } catch {
            entry.status = .error
            entry.message = error.description
        }
        return entry
    }

    /// Both folders' PNG files (`pngFiles(under:)`), the actual folder listed on a thread of its
    /// own when `together`: no pair starts before both listings are done.
    private static func listings(goldens: URL, actual: URL, together: Bool) throws(GoldenError) -> (goldens: Listing, actual: Listing) {
        typealias Listed = Result<Listing, GoldenError>
        let listActual: @Sendable () -> Listed = { Result { () throws(GoldenError) in try pngFiles(under: actual, anyKind: true) } }
        let actualListing = Mutex<Listed?>(nil)
        let thread = together ? Syscalls.startThread { actualListing.withLock { $0 = listActual() } } : nil
        let goldenListing = Listed { () throws(GoldenError) in try pngFiles(under: goldens, removingStaleTemporaries: true) }
        if let thread { Syscalls.join(thread) }
        let listed = actualListing.withLock { $0 } ?? listActual()
        return (try goldenListing.get(), try listed.get())
    }

    /// What a folder's listing found.
    struct Listing: Sendable {
        /// Relative paths of the PNGs.
        var files = Set<String>()
        /// PNGs and folders whose names are not UTF-8, escaped for display.
        var unnamed: [String] = []
        /// Subfolders (relative, ending in `/`) that could not be listed, and why.
        var unlisted: [(path: String, error: Errno)] = []
    }

    /// The PNG files under `folder`: regular files, or with `anyKind` whatever is not a folder (a
    /// link, a FIFO: reading one says what it is), skipping hidden files and folders (temporaries
    /// among them) and links to folders. Goldens are only written where they are listed, so the
    /// stale temporaries of their writes are among the hidden files seen here.
    private static func pngFiles(under folder: URL, removingStaleTemporaries: Bool = false, anyKind: Bool = false) throws(GoldenError)
        -> Listing {
        let root = folder.resolvingSymlinksInPath().standardizedFileURL.path
        var listing = Listing()
        var pending = [(relative: "", path: root)]
        while let current = pending.popLast() {
            let entries: [Syscalls.DirectoryEntry]
            do throws(Errno) {
                entries = try Syscalls.entries(of: current.path)
            } catch {
                guard current.relative.isEmpty else {
                    listing.unlisted.append((current.relative, error))
                    continue
                }
                throw .unreadableImage(path: folder.path, reason: "cannot list the folder (\(error))")
            }
            for entry in entries {
                guard entry.nameBytes.first != UInt8(ascii: ".") else {
                    if removingStaleTemporaries, !entry.isDirectory, let name = entry.validName {
                        AtomicFile.removeIfStaleTemporary(named: name, at: current.path + "/" + name)
                    }
                    continue
                }
                // Only folders and PNG files are of interest; the rest never becomes a String.
                guard entry.isDirectory || ((entry.kind == .regularFile || anyKind) && hasPNGExtension(entry.nameBytes)) else { continue }
                guard let name = entry.validName else {
                    listing.unnamed.append(current.relative + displayed(entry.nameBytes))
                    continue
                }
                if entry.isDirectory {
                    pending.append((current.relative + name + "/", current.path + "/" + name))
                } else {
                    listing.files.insert(current.relative + name)
                }
            }
        }
        listing.unnamed.sort()
        listing.unlisted.sort { $0.path < $1.path }
        return listing
    }

    /// Whether a name ends in ".png", in any case.
    private static func hasPNGExtension(_ name: [UInt8]) -> Bool {
        guard name.count >= 4, name[name.count - 4] == UInt8(ascii: ".") else { return false }
        // ASCII letters only: setting bit 5 lower-cases them and no other byte becomes one.
        return zip(name.suffix(3), "png".utf8).allSatisfy { byte, letter in byte | 0x20 == letter }
    }

    /// A name's bytes, those beyond printable ASCII as `\xFF`.
    private static func displayed(_ bytes: [UInt8]) -> String {
        bytes.map { $0 >= 0x20 && $0 < 0x7F ? String(UnicodeScalar($0)) : "\\x" + PrintfFormat.string("%02X", $0) }.joined()
    }
}

extension Tolerance {
    func validatedForGoldens() throws(GoldenError) -> Tolerance {
        do {
            return try validated()
        } catch {
            throw .comparison(error)
        }
    }
}

extension FolderVerification {
    /// A verification that compared nothing: the reports of a test run without failures.
    package init(goldensDirectory: String, actualDirectory: String, mode: RecordMode, tolerance: Tolerance) {
        self.init(goldensDirectory: goldensDirectory, actualDirectory: actualDirectory, mode: mode, tolerance: tolerance,
                  entries: [], images: [:])
    }
}
