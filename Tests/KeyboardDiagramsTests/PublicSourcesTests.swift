import Foundation
import RenderPipeline
import Testing
@testable import KeyboardDiagrams

/// The product cites public sources only: nothing it ships, prints or draws points at notes a
/// reader of the repository cannot see, and docs/sources.md describes every source key of the
/// device catalog with the catalog's own text.
@Suite("Public sources")
struct PublicSourcesTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// "seed 001", "Seed-004", "seed-001-2017", paths under `seeds/` or `shared/`, and the notes'
    /// file names. The bare word "seed" stays legal: shuffles and random generators have seeds.
    static let privateNotePatterns = [
        #"\bseed[\s_-]*0\d\d"#, #"\bseeds/"#, #"\bshared/"#, #"keyboard-facts"#, #"playing-card-view-facts"#,
    ]

    /// Every mention of a private note in `text`, with its line.
    static func privateMentions(in text: String) throws -> [String] {
        var found: [String] = []
        for pattern in privateNotePatterns {
            let regex = try Regex(pattern).ignoresCase()
            for match in text.matches(of: regex) {
                let line = text[..<match.range.lowerBound].reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
                found.append("line \(line): \(text[match.range])")
            }
        }
        return found
    }

    @Test func patternsCatchNoteReferencesButNotRandomSeeds() throws {
        for text in ["seed 001", "(Seed 004)", "the seed001 log", "seed-001-2017", "Seed_003",
                     "shared/reference/keyboard-facts.md", "see seeds/001_f5f3.txt", "playing-card-view-facts.md"] {
            #expect(try !Self.privateMentions(in: text).isEmpty, "\(text) not caught")
        }
        for text in ["Deck().shuffled(seed: 7)", "--seed 42", "SplitMix64(seed: 0x9E3779B97F4A7C15)",
                     "for (size_t seed = 0; seed < n; seed++)", "the same seed gives the same order",
                     "shared by developers", "seeded generator 007"] {
            #expect(try Self.privateMentions(in: text).isEmpty, "\(text) wrongly caught")
        }
    }

    /// Every text file under Sources/ and docs/, and the README.
    @Test func repositoryTextCitesNoPrivateNotes() throws {
        var files = [Self.root.appendingPathComponent("README.md")]
        for folder in ["Sources", "docs"] {
            let url = Self.root.appendingPathComponent(folder)
            let walker = try #require(FileManager.default.enumerator(at: url, includingPropertiesForKeys: [.isRegularFileKey]))
            for case let file as URL in walker where try file.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true {
                files.append(file)
            }
        }
        var scanned: Set<String> = []
        for file in files {
            let data = try Data(contentsOf: file)
            // Pictures and other binary files carry no citations.
            guard !data.contains(0), let text = String(data: data, encoding: .utf8) else { continue }
            let relative = String(file.standardizedFileURL.path.dropFirst(Self.root.standardizedFileURL.path.count + 1))
            scanned.insert(relative)
            for mention in try Self.privateMentions(in: text) {
                Issue.record("\(relative) \(mention)")
            }
        }
        #expect(scanned.count > 100, "only \(scanned.count) files scanned")
        for expected in ["README.md", "docs/sources.md", "Sources/KeyboardDiagrams/Resources/devices.json",
                         "Sources/KeyboardDiagrams/Model/KeyboardScenario.swift"] {
            #expect(scanned.contains(expected), "\(expected) was not scanned")
        }
    }

    /// The bundled devices.json, `cardrender devices --json` (the encoded catalog) and the
    /// `cardrender devices` table.
    @Test func catalogOutputCitesNoPrivateNotes() throws {
        let catalog = try DeviceCatalog.bundled()
        let outputs = [
            ("devices.json", String(decoding: try DeviceCatalog.bundledJSON(), as: UTF8.self)),
            ("devices --json", String(decoding: try catalog.jsonData(), as: UTF8.self)),
            ("devices", catalog.tableDescription()),
        ]
        for (name, text) in outputs {
            #expect(text.count > 1000, "\(name) is nearly empty")
            for mention in try Self.privateMentions(in: text) { Issue.record("\(name) \(mention)") }
        }
    }

    /// Every scenario's title, notes and expected behaviour, and every default diagram's
    /// labels (titles, subtitles, captions, legend) and `--json` output.
    @Test func diagramTextCitesNoPrivateNotes() throws {
        let builder = KeyboardDiagramBuilder(catalog: try DeviceCatalog.bundled())
        let style = try DiagramStyle()
        #expect(builder.scenarios.count >= 10)
        for scenario in builder.scenarios {
            let text = ([scenario.title, scenario.expectedBehaviour] + scenario.steps.map(\.note)).joined(separator: "\n")
            for mention in try Self.privateMentions(in: text) { Issue.record("scenario \(scenario.id) \(mention)") }
        }
        let orders = KeyboardDiagramSet.defaultRequests(builder: builder)
        #expect(orders.count > builder.catalog.devices.count * 8)
        for order in orders {
            let name = order.output ?? "?"
            let diagram = try order.diagram(builder: builder, style: style)
            // Joined by newlines, so a mention wrapped onto two lines is still found.
            let labels = ([diagram.title] + diagram.labels.map(\.text)).joined(separator: "\n")
            let json = String(decoding: try order.geometryJSON(builder: builder), as: UTF8.self)
            for mention in try Self.privateMentions(in: labels + "\n" + json) { Issue.record("\(name) \(mention)") }
        }
    }

    /// `### \`key\`` headings of docs/sources.md, each with the paragraph under it.
    static func sourcesPage() throws -> [String: String] {
        let text = try String(contentsOf: root.appendingPathComponent("docs/sources.md"), encoding: .utf8)
        let lines = text.components(separatedBy: "\n")
        var entries: [String: String] = [:]
        for (index, line) in lines.enumerated() where line.hasPrefix("### `") && line.hasSuffix("`") {
            let key = String(line.dropFirst(5).dropLast())
            #expect(entries[key] == nil, "docs/sources.md lists \(key) twice")
            let paragraph = lines[(index + 1)...].drop { $0.isEmpty }.prefix { !$0.isEmpty }
            entries[key] = paragraph.joined(separator: " ")
        }
        return entries
    }

    @Test func sourcesPageDescribesEveryCatalogKey() throws {
        let catalog = try DeviceCatalog.bundled()
        let page = try Self.sourcesPage()
        #expect(page.count > catalog.sources.count, "the page also lists the sources of the code")
        for (key, description) in catalog.sources {
            #expect(page[key] == description, "docs/sources.md: \(key) is missing or describes it differently")
        }
        for (path, figure) in catalog.namedFigures {
            #expect(page[figure.source] != nil, "\(path) cites \(figure.source), which docs/sources.md does not list")
        }
        for key in ["apple-keyboard-frame-end", "apple-keyboard-layout-guide", "wwdc21-10259", "cs193p-playingcardview"] {
            #expect(page[key] != nil, "docs/sources.md lacks \(key)")
        }
    }
}
