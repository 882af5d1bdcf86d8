import ArgumentParser
import CardRenderSupport
import Drawing
import Foundation
import RenderPipeline
import SharedCommands

/// `--out DIR`, checked to be a writable folder (created if missing) before anything renders.
struct OutputOptions: ParsableArguments {
    @Option(name: .long, help: "Folder to write into (created if missing).", completion: .directory)
    var out: String = "Output"

    var url: URL { URL(fileURLWithPath: out, isDirectory: true) }

    func validate() throws {
        try PathArgument.requireNonEmpty(out, "--out")
    }

    func prepare() throws -> URL {
        try AtomicFile.prepareDirectory(url)
        return url
    }
}

extension OutputFormat: ExpressibleByArgument {}

extension FormatList: ExpressibleByArgument {
    public init?(argument: String) {
        guard let list = try? Self.parse(argument) else { return nil }
        self = list
    }

    /// For `@Option(transform:)`: the error names the format that is not known and lists the
    /// valid ones.
    static func argument(_ text: String) throws -> FormatList {
        do { return try parse(text) } catch { throw ValidationError(error.message) }
    }

    public var defaultValueDescription: String { formats.map(\.rawValue).joined(separator: ",") }
}

extension BleedSetting: ExpressibleByArgument {
    public init?(argument: String) {
        guard let setting = try? BleedSetting(parsing: argument) else { return nil }
        self = setting
    }

    /// For `@Option(transform:)`: the error says which forms are taken.
    static func argument(_ text: String) throws -> BleedSetting {
        do { return try BleedSetting(parsing: text) } catch { throw ValidationError(error.message) }
    }

    /// `cards --bleed` was a flag before it took a value: a `--bleed` followed by nothing, by
    /// another option or by the template's path (a file that exists, or a name ending in .yaml,
    /// .yml or .json) still means the template's bleed, so existing scripts keep working.
    static func expandingBareFlag(in arguments: [String], command: String) -> [String] {
        guard arguments.first == command else { return arguments }
        let options = arguments.prefix { $0 != "--" }
        return arguments.indices.map { index in
            guard index < options.endIndex, arguments[index] == "--bleed" else { return arguments[index] }
            let next = arguments.indices.contains(index + 1) ? arguments[index + 1] : nil
            guard let next, !isOption(next), !isTemplatePath(next) else { return "--bleed=template" }
            return arguments[index]
        }
    }

    /// `-2mm` is a (negative) length for the error to name, not an option.
    private static func isOption(_ text: String) -> Bool {
        text.hasPrefix("-") && !(text.dropFirst().first.map { $0.isNumber || $0 == "." } ?? false)
    }

    private static func isTemplatePath(_ text: String) -> Bool {
        ["yaml", "yml", "json"].contains((text as NSString).pathExtension.lowercased())
            || (BleedSetting(argument: text) == nil && FileManager.default.fileExists(atPath: text))
    }
}

extension OutputPlan {
    /// What planning found that is not an error, one `cardrender: warning:` line each on stderr.
    func printWarnings() {
        for warning in warnings {
            FileHandle.standardError.write(Data("cardrender: warning: \(warning)\n".utf8))
        }
    }
}

/// How every command reports what it wrote, in one vocabulary: each file as `--out` was typed joined
/// with the file's path (`out/QH.png`, `out/cards/AS.png`), one a line, and a closing
/// `Wrote 3 files (12 KiB) into out in 0.21 s`.
enum WrittenFiles {
    static func path(_ file: String, in output: OutputOptions) -> String {
        (output.out as NSString).appendingPathComponent(file)
    }

    /// `1 file`, `3 files`.
    static func count(_ count: Int) -> String { "\(count) \(count == 1 ? "file" : "files")" }

    static func summary(count: Int, bytes: Int, note: String? = nil, in output: OutputOptions, since started: Date) -> String {
        let details = ["\(bytes / 1024) KiB"] + (note.map { [$0] } ?? [])
        return "Wrote \(Self.count(count)) (\(details.joined(separator: ", "))) into \(output.out) in "
            + String(format: "%.2f s", Date().timeIntervalSince(started))
    }
}
