import BatchRendering
import BundledFonts
import CardRenderSupport
import Drawing
import Foundation
import ResourceBundles
import Testing

@Suite("Shipped fonts and resource bundles")
struct BundledFontsTests {
    /// The fonts in the resource bundle are the pinned files: `Fonts/SHA256SUMS` names each with its hash.
    @Test func shippedFontsMatchTheirChecksums() throws {
        let lines = try BundledFonts.checksums().split(separator: "\n")
        var pinned: [String: String] = [:]
        for line in lines {
            let parts = line.split(separator: " ", omittingEmptySubsequences: true)
            try #require(parts.count == 2, "malformed SHA256SUMS line: \(line)")
            pinned[String(parts[1])] = String(parts[0])
        }
        #expect(Set(pinned.keys) == Set(BundledFonts.fileNames))
        for name in BundledFonts.fileNames {
            let data = try Data(contentsOf: BundledFonts.url(for: name))
            #expect(Checksum.sha256(data) == pinned[name], "\(name) does not match SHA256SUMS")
        }
    }

    @Test func licenceShipsWithTheFonts() throws {
        let licence = try String(contentsOf: BundledFonts.url(for: "LICENSE"), encoding: .utf8)
        #expect(licence.contains("Bitstream Vera"))
        #expect(licence.contains("Permission is hereby granted"))
    }

    /// Fonts come from the resource bundle beside the test binary, not from the source tree or the
    /// current directory.
    @Test func fontsLoadFromTheBundleWhateverTheCurrentDirectory() throws {
        let bundle = try BundledFonts.bundle()
        #expect(bundle.bundleURL.lastPathComponent == ResourceBundle.bundleName(forTarget: "BundledFonts"))
        let font = try Font(.bold, size: 12)
        #expect(font.path.hasPrefix(bundle.bundleURL.path))
        #expect(!font.path.contains("/Fonts/"))
    }

    @Test func aMissingBundleIsOneLineNamingWhereItLooked() throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("no-bundles-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        let error = #expect(throws: ResourceBundleError.self) {
            _ = try ResourceBundle.locate(target: "BundledFonts", in: [empty]) {
                Issue.record("the module's own accessor must not be asked when the bundle is missing")
                return Bundle.main
            }
        }
        let message = error?.description ?? ""
        #expect(!message.contains("\n"))
        #expect(message.contains("cardrender_BundledFonts.resources not found"))
        #expect(message.contains(empty.path))
    }

    @Test func anInstalledLayoutIsFound() throws {
        // <prefix>/bin/tool and <prefix>/share/cardrender/<bundle>, as `make install` lays them out.
        let prefix = FileManager.default.temporaryDirectory.appendingPathComponent("prefix-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: prefix) }
        let bin = prefix.appendingPathComponent("bin")
        let share = prefix.appendingPathComponent("share/cardrender/\(ResourceBundle.bundleName(forTarget: "Example"))")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: share, withIntermediateDirectories: true)
        try Data("x".utf8).write(to: share.appendingPathComponent("file.txt"))
        let folders = ResourceBundle.searchFolders(executableFolder: bin)
        #expect(folders.contains(prefix.appendingPathComponent("share/cardrender").standardizedFileURL))
        let bundle = try ResourceBundle.locate(target: "Example", in: folders) { Bundle.main }
        #expect(bundle.bundleURL.standardizedFileURL.path == share.standardizedFileURL.path)
        let absent = #expect(throws: ResourceBundleError.self) { _ = try ResourceBundle.file("absent.txt", in: bundle) }
        #expect(absent?.description == "absent.txt is missing from resource bundle \(bundle.bundleURL.lastPathComponent) "
                + "(looked in \(bundle.bundleURL.path)); install the tool with its bundles (`make install`) "
                + "or run it from its build folder")
    }
}
