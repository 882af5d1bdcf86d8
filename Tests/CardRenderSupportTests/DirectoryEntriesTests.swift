import CardRenderSupport
import Foundation
import Testing

/// A folder's listing says what each entry is itself, from the listing's own type where the file
/// system gives one: verify keeps regular PNG files and skips links without a `stat` per file.
@Suite struct DirectoryEntriesTests {
    @Test func eachEntryIsWhatItIsItselfAndLinksAreNotFollowed() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cardrender-entries-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("sub"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("x".utf8).write(to: folder.appendingPathComponent("file.png"))
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("link.png"),
                                                   withDestinationURL: folder.appendingPathComponent("file.png"))
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("folder-link"),
                                                   withDestinationURL: folder.appendingPathComponent("sub"))
        #expect(mkfifo(folder.appendingPathComponent("fifo").path, 0o600) == 0)
        let kinds = Dictionary(uniqueKeysWithValues: try Syscalls.entries(of: folder.path).map { ($0.name, $0.kind) })
        #expect(kinds == ["file.png": .regularFile, "link.png": .symbolicLink, "folder-link": .symbolicLink,
                          "sub": .directory, "fifo": .other])
        let listed = try Syscalls.entries(of: folder.path)
        #expect(listed.filter(\.isDirectory).map(\.name) == ["sub"])
        for entry in listed {
            #expect(entry.kind == Syscalls.kind(at: folder.appendingPathComponent(entry.name).path, followingLinks: false))
        }
    }
}
