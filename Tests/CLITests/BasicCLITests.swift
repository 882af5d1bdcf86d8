import Drawing
import Foundation
import GoldenImages
#if canImport(FoundationXML)
import FoundationXML
#endif
import KeyboardDiagrams
import PlayingCards
import Testing

@Suite struct BasicCLITests {
    @Test func versionAndHelp() throws {
        let version = try CLIRunner.run(["--version"])
        #expect(version.status == 0)
        #expect(version.stdout.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ".").count == 3)
        let help = try CLIRunner.run(["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("render"))
    }

    @Test func unknownSubcommandIsOneLineAndExitTwo() throws {
        let result = try CLIRunner.run(["paint-everything"])
        #expect(result.status == 2)
        #expect(result.stderrLines.count == 1)
        #expect(result.stderr.hasPrefix("cardrender: error: "))
        #expect(result.stderr.contains("paint-everything"))
    }

    @Test func unknownOptionIsOneLine() throws {
        let result = try CLIRunner.run(["render", "--colour", "red"])
        #expect(result.status == 2)
        #expect(result.stderrLines.count == 1)
    }

    @Test func unwritableOutIsOneLineAndWritesNothing() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("not-a-folder")
        try Data("keep me".utf8).write(to: file)
        for out in [file.path, file.appendingPathComponent("below").path, "/proc/cardrender-cannot-create"] {
            let result = try CLIRunner.run(["render", "--out", out])
            #expect(result.status == 2, "--out \(out)")
            #expect(result.stderrLines.count == 1, "--out \(out): \(result.stderr)")
            #expect(result.stderr.contains("cannot write") || result.stderr.contains("not writable"))
        }
        #expect(try Data(contentsOf: file) == Data("keep me".utf8))
    }

    @Test func renderWritesTheSampleSheetInThreeFormats() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try CLIRunner.run(["render", "--out", dir.path, "-j", "2"])
        #expect(result.status == 0, "\(result.stderr)")
        let png = try PNG.read(contentsOf: dir.appendingPathComponent("samples/primitives.png"))
        #expect(png.width == 1600 && png.height == 680)
        let svg = try Data(contentsOf: dir.appendingPathComponent("samples/primitives.svg"))
        #expect(XMLParser(data: svg).parse())
        let pdf = try Data(contentsOf: dir.appendingPathComponent("samples/primitives.pdf"))
        #expect(pdf.starts(with: Array("%PDF".utf8)))
        // No temporary files are left behind.
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("samples").path)
        #expect(!names.contains { $0.hasPrefix(".") })
    }

    @Test(arguments: [
        ["card", "AS", "--size", "1e19x100"], ["card", "AS", "--scale", "inf"], ["card", "AS", "--dpi", "1e19"],
        ["card", "AS", "--size", "100x1e308", "--scale", "1"],
        ["keyboard", "--keyboard-frame", "0,0,-1e19,10", "--json"], ["keyboard", "--keyboard-frame", "0,0,1e19,10", "--json"],
        ["keyboard", "--view-frame", "1e300,0,10,10", "--json"], ["keyboard", "--filmstrip", "2000000000", "--json"],
    ])
    func hugeNumbersAreRefusedNotCrashes(_ arguments: [String]) throws {
        let dir = try CLIRunner.temporaryDirectory("huge")
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try CLIRunner.run(arguments + ["--out", dir.appendingPathComponent("out").path])
        #expect(result.status == 2, "\(arguments)")
        #expect(result.stderrLines.count == 1, "\(arguments): \(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test func badJobCountIsRefused() throws {
        let result = try CLIRunner.run(["render", "-j", "0"])
        #expect(result.status == 2)
        #expect(result.stderrLines.count == 1)
    }
}

/// `cardrender --generate-completion-script bash|zsh|fish`: every option with fixed values
/// completes them (taken from the library here too, so a value the CLI forgets fails), and path
/// options complete folders or spec files.
@Suite struct CompletionScriptTests {
    enum Shell: String, CaseIterable, Sendable { case bash, zsh, fish }

    /// Each option with fixed values, by subcommand, and the values the library defines.
    static func fixedValues() throws -> [(command: String, option: String, values: [String])] {
        let catalog = try DeviceCatalog.bundled()
        let cardOptions: [(String, [String])] = [
            ("names", CardFileNaming.allCases.map(\.rawValue)),
            ("size", CardSize.namedSizes.map(\.name)),
            ("scale", CardResolution.scales.map { String(format: "%g", $0) }),
            ("theme", CardTheme.names),
            ("back", BackDesign.allCases.map(\.rawValue)),
            ("format", OutputFormat.fileExtensions),
        ]
        let keyboardOptions: [(String, [String])] = [
            ("device", catalog.devices.map(\.id)),
            ("orientation", Orientation.allCases.map(\.rawValue)),
            ("strategy", AvoidanceStrategy.allCases.map(\.rawValue)),
            ("scenario", KeyboardDiagramBuilder(catalog: catalog).scenarios.map(\.id)),
            ("mistake", KeyboardMistake.allCases.map(\.rawValue)),
            ("format", OutputFormat.fileExtensions),
        ]
        let metrics = Tolerance.Metric.allCases.map(\.rawValue)
        return ["card", "deck"].flatMap { command in cardOptions.map { (command, $0.0, $0.1) } }
            + keyboardOptions.map { ("keyboard", $0.0, $0.1) }
            + [("verify", "record", RecordMode.allCases.map(\.rawValue)), ("verify", "metric", metrics),
               ("diff", "metric", metrics)]
    }

    static func script(_ shell: Shell) throws -> String {
        let result = try CLIRunner.run(["--generate-completion-script", shell.rawValue])
        #expect(result.status == 0, "\(shell): \(result.stderr)")
        return result.stdout
    }

    /// The part of the script that completes `--option` of `command`.
    static func completion(in script: String, _ shell: Shell, command: String, option: String) -> String? {
        func between(_ text: Substring, _ start: String, _ end: String) -> Substring? {
            guard let from = text.range(of: start) else { return nil }
            let rest = text[from.upperBound...]
            return rest[..<(rest.range(of: end)?.lowerBound ?? rest.endIndex)]
        }
        switch shell {
        case .bash:
            guard let function = between(script[...], "\n_cardrender_\(command)() {", "\n}\n") else { return nil }
            return between(function, "'--\(option)')", ";;").map(String.init)
        case .zsh:
            guard let function = between(script[...], "\n_cardrender_\(command)() {", "\n}\n"),
                  let spec = between(function, "'--\(option)[", "\n") else { return nil }
            // A list is an array declared at the top of the function.
            let array = between(function, "local -ar ___\(option)=(", ")").map { "(" + $0 + ")" } ?? ""
            return String(spec) + array
        case .fish:
            return between(script[...], "\"cardrender \(command)\" \(option)' -l '\(option)'", "\n").map(String.init)
        }
    }

    /// The values a fixed list offers, parsed from the script's quoting.
    static func listed(_ completion: String, _ shell: Shell) -> [String] {
        let list: Substring?
        switch shell {
        case .bash: list = completion.range(of: "-W ").map { completion[$0.upperBound...].prefix { $0 != "\n" } }
        case .zsh: list = completion.range(of: "(", options: .backwards).map { completion[$0.upperBound...].prefix { $0 != ")" } }
        case .fish:
            list = completion.range(of: "-rfka '").map { completion[$0.upperBound...].prefix { $0 != "'" } }
        }
        guard let list else { return [] }
        let words = shell == .bash ? list.components(separatedBy: "'$'\\n''") : list.components(separatedBy: " ")
        return words.map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "' \n")) }.filter { !$0.isEmpty }
    }

    @Test(arguments: Shell.allCases)
    func fixedValuesAreOffered(_ shell: Shell) throws {
        let script = try Self.script(shell)
        let fixed = try Self.fixedValues()
        for (command, option, values) in fixed {
            guard let completion = Self.completion(in: script, shell, command: command, option: option) else {
                Issue.record("\(shell): no completion for \(command) --\(option)")
                continue
            }
            #expect(Self.listed(completion, shell) == values, "\(shell): \(command) --\(option): \(completion)")
        }
        // The names a user is most likely to reach for, spelled out.
        let offered = Dictionary(fixed.map { ("\($0.command) --\($0.option)", Self.listed(
            Self.completion(in: script, shell, command: $0.command, option: $0.option) ?? "", shell)) }) { a, _ in a }
        #expect(offered["card --theme"]?.contains("four-color") == true)
        #expect(offered["keyboard --device"]?.contains("iphone-x") == true)
        #expect(offered["keyboard --orientation"]?.contains("landscape") == true)
        #expect(offered["keyboard --scenario"]?.contains("hardware-keyboard") == true)
        #expect(offered["keyboard --mistake"]?.contains("safe-area-twice") == true)
        #expect(offered["verify --record"] == ["missing", "all", "failed", "never"])
    }

    @Test(arguments: Shell.allCases)
    func pathsCompleteFoldersAndSpecFiles(_ shell: Shell) throws {
        let script = try Self.script(shell)
        let folders = ["render", "batch", "card", "deck", "keyboard"].map { ($0, "out") } + [("card", "faces"), ("deck", "faces")]
            + ["goldens", "actual", "artifacts"].map { ("verify", $0) }
        let folderMarker = switch shell {
        case .bash: "__cardrender_add_completions -d\n"
        case .zsh: ":_files -/'"
        case .fish: "-rfa '(__cardrender_complete_directories)'"
        }
        for (command, option) in folders {
            let completion = Self.completion(in: script, shell, command: command, option: option) ?? ""
            #expect(completion.contains(folderMarker), "\(shell): \(command) --\(option): \(completion)")
        }
        let spec = Self.completion(in: script, shell, command: "keyboard", option: "spec") ?? ""
        let specMarkers = switch shell {
        case .bash: ["-o plusdirs -fX '!*.@(yaml|yml|json)'"]
        case .zsh: ["_files -g", "*.yaml *.yml *.json"]
        case .fish: ["set -l exts \\'yaml\\' \\'yml\\' \\'json\\'", "__fish_complete_directories"]
        }
        for marker in specMarkers { #expect(spec.contains(marker), "\(shell): keyboard --spec: \(spec)") }
    }

    /// The bash script, sourced into bash and asked as the shell asks it: what completes.
    @Test func bashCompletesAsAUserSeesIt() throws {
        let dir = try CLIRunner.temporaryDirectory("completion")
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data(try Self.script(.bash).utf8).write(to: dir.appendingPathComponent("cardrender.bash"))
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("renders"), withIntermediateDirectories: true)
        for file in ["report.txt", "spec.yaml", "spec.json"] {
            try Data().write(to: dir.appendingPathComponent(file))
        }
        // COMP_* as bash sets them for the line typed so far; the function gets command, word and previous word.
        let harness = """
            source ./cardrender.bash
            complete_line() {
              COMP_LINE="$1"; COMP_POINT=${#COMP_LINE}
              read -ra COMP_WORDS <<< "$COMP_LINE"
              [[ "$COMP_LINE" == *" " ]] && COMP_WORDS+=("")
              COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
              COMPREPLY=()
              _cardrender cardrender "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
              printf '%s\\n' "${COMPREPLY[*]}"
            }
            complete_line 'cardrender keyboard --device iphone-1'
            complete_line 'cardrender keyboard --scenario tab'
            complete_line 'cardrender keyboard --orientation l'
            complete_line 'cardrender deck --theme f'
            complete_line 'cardrender deck --out '
            complete_line 'cardrender keyboard --spec '
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", harness]
        process.currentDirectoryURL = dir
        process.environment = CLIRunner.childEnvironment()
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map { Set($0.split(separator: " ").map(String.init)) }
        try #require(lines.count >= 6, "\(output)")
        #expect(lines[0] == ["iphone-11", "iphone-12", "iphone-15-pro"])
        #expect(lines[1] == ["tab-bar"])
        #expect(lines[2] == ["landscape"])
        #expect(lines[3] == ["four-color"])
        #expect(lines[4] == ["renders"])
        #expect(lines[5] == ["renders", "spec.yaml", "spec.json"])
    }
}
