import Foundation
import Testing

/// The README's and the DocC articles' Swift code is the Examples package's code, which
/// `make examples` compiles and tests against a tagged version: a snippet that is not found
/// there has drifted from the API.
@Suite("Documentation snippets")
struct SnippetTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The ```swift blocks of a Markdown file, each as its lines.
    static func swiftBlocks(in markdown: String) -> [[String]] {
        var blocks: [[String]] = [], current: [String]?
        for line in markdown.components(separatedBy: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if current == nil, trimmed == "```swift" {
                current = []
            } else if current != nil, trimmed == "```" {
                blocks.append(current ?? [])
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    /// Lines without indentation, trailing space or blank lines, so a snippet matches its file
    /// whatever it is nested in.
    static func normalised(_ lines: [String]) -> [String] {
        lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    static func files(under folder: URL, withExtension ext: String) -> [URL] {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        return walker.compactMap { $0 as? URL }
            .filter { $0.pathExtension == ext && !$0.path.contains("/.build/") }
    }

    static var documents: [URL] {
        [root.appendingPathComponent("README.md")]
            + files(under: root.appendingPathComponent("Sources"), withExtension: "md").filter { $0.path.contains(".docc/") }
    }

    static func contains(_ haystack: [String], _ needle: [String]) -> Bool {
        guard !needle.isEmpty, needle.count <= haystack.count else { return needle.isEmpty }
        return (0...(haystack.count - needle.count)).contains { start in
            Array(haystack[start..<(start + needle.count)]) == needle
        }
    }

    @Test func everySwiftSnippetIsExampleCode() throws {
        let examples = try Self.files(under: Self.root.appendingPathComponent("Examples"), withExtension: "swift")
            .map { try Self.normalised(String(contentsOf: $0, encoding: .utf8).components(separatedBy: "\n")) }
        #expect(examples.count >= 4)
        var checked = 0
        for document in Self.documents {
            let text = try String(contentsOf: document, encoding: .utf8)
            for block in Self.swiftBlocks(in: text) {
                let snippet = Self.normalised(block)
                checked += 1
                #expect(examples.contains { Self.contains($0, snippet) },
                        "\(document.lastPathComponent): this snippet is not in Examples/: \(snippet.prefix(3).joined(separator: " ⏎ "))")
            }
        }
        #expect(checked >= 5, "only \(checked) snippets found")
    }

    /// A snippet that stands alone (it has `import` lines) names every module it uses.
    @Test func wholeFileSnippetsImportWhatTheyUse() throws {
        let modules = ["Drawing", "Geometry", "PlayingCards", "KeyboardDiagrams", "GoldenImages", "GoldenImageTesting"]
        let markers: [String: [String]] = [
            "Drawing": ["Picture(", "BezierPath(", "StyledText(", "Color."],
            "PlayingCards": ["CardRenderer(", "DeckExport(", "PlayingCard("],
            "KeyboardDiagrams": ["KeyboardDiagramBuilder(", "DeviceCatalog."],
            "GoldenImageTesting": ["assertGolden("],
        ]
        for document in Self.documents {
            for block in Self.swiftBlocks(in: try String(contentsOf: document, encoding: .utf8)) {
                let imports = Set(block.compactMap { line -> String? in
                    let parts = line.split(separator: " ")
                    return parts.count == 2 && parts[0] == "import" ? String(parts[1]) : nil
                })
                guard !imports.isEmpty else { continue }
                let code = block.joined(separator: "\n")
                for module in modules {
                    let used = markers[module, default: []].contains { code.contains($0) }
                    #expect(!used || imports.contains(module), "\(document.lastPathComponent): a snippet uses \(module) without importing it")
                }
            }
        }
    }
}
