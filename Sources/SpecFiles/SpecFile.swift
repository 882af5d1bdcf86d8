import CardRenderSupport
import Foundation
internal import Yams

/// Where something is in a spec file, for error messages: `file:line:column` (1-based, as
/// editors count), or less when less is known.
public struct SpecLocation: Sendable, Hashable, CustomStringConvertible {
    /// The file's path as the user gave it; empty for values from the command line.
    public var file: String
    /// 1-based line, nil when unknown.
    public var line: Int?
    /// 1-based column, nil when unknown.
    public var column: Int?

    /// A location in `file`, as precise as known.
    public init(file: String, line: Int? = nil, column: Int? = nil) {
        self.file = file
        self.line = line
        self.column = column
    }

    public var description: String {
        guard let line else { return file }
        return column.map { "\(file):\(line):\($0)" } ?? "\(file):\(line)"
    }
}

/// A problem in a spec: where, then what is wrong, on one line. Without a location (or with
/// an empty file name, for orders given on the command line) it is the message alone.
public struct SpecError: Error, Sendable, Equatable, CustomStringConvertible, LocalizedError {
    /// Where the problem is; nil when nowhere in a file.
    public var location: SpecLocation?
    /// What is wrong, without the location.
    public var message: String

    /// A problem at `location`.
    public init(_ message: String, at location: SpecLocation?) {
        self.message = message
        self.location = location
    }

    /// A problem at `location`, with the arguments in the order of the description.
    public init(location: SpecLocation, message: String) {
        self.init(message, at: location)
    }

    /// One line whatever the values quoted in it hold: line breaks (`\r\n`, a lone `\r`, U+2028 …)
    /// are shown escaped.
    public var description: String {
        guard let location, !location.file.isEmpty else { return Self.oneLine(message) }
        return Self.oneLine("\(location): \(message)")
    }
    public var errorDescription: String? { description }

    /// `text` with every line break written as its escape (`\n`, `\r\n`, `\u{2028}`), so it stays one line.
    public static func oneLine(_ text: String) -> String { text.escapingLineBreaks }
}

/// Reading YAML or JSON spec files (JSON is YAML) into nodes that know their line and column,
/// for the batch spec and the keyboard diagram spec alike.
public enum SpecFile {
    /// How deep a spec may nest. Specs need 4 or 5 levels; the YAML composer recurses once per
    /// level, over a kilobyte of stack each, so some thousands of levels (a 12 KB file of `[`)
    /// overflow an 8 MB stack. 64 levels need under 100 KB.
    public static let maximumDepth = 64

    /// The text of a spec file; errors name it `displayName` (as the user typed it).
    public static func text(of url: URL, displayName: String) throws(SpecError) -> String {
        let file = SpecLocation(file: displayName)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw SpecError("the spec file does not exist", at: file)
        }
        guard !isDirectory.boolValue else { throw SpecError("is a folder, not a spec file", at: file) }
        // Reading a device never ends and opening a FIFO waits for a writer.
        guard InputPaths.kind(at: url.path) == .regularFile else {
            throw SpecError("is not a regular file but a device, FIFO or socket; give a YAML or JSON file", at: file)
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw SpecError("cannot read the spec (\(reason(error)))", at: file)
        }
        return try text(of: data, file: displayName)
    }

    /// The bytes of a spec as text; an error names the line and column of the first byte that is not UTF-8.
    public static func text(of data: Data, file: String) throws(SpecError) -> String {
        try SpecText.decode(data, file: file)
    }

    /// The document's root node; an empty document, malformed YAML, keys that are not plain names
    /// and keys given twice are errors with a place.
    public static func compose(_ text: String, file: String) throws(SpecError) -> LocatedNode {
        // Checked before Yams sees the text: its composer would overflow the stack on deep nesting.
        try SpecText.check(text, file: file, limit: maximumDepth)
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw malformed(error, text: text, file: file)
        } catch {
            throw SpecError("malformed YAML: \(error)", at: SpecLocation(file: file))
        }
        guard let root else { throw SpecError("the spec is empty", at: SpecLocation(file: file, line: 1, column: 1)) }
        // Yams shares an anchored node among its aliases; whoever walks the tree copies it each time.
        var budget = text.utf8.count + maximumAliasValues
        try count(root, budget: &budget, file: file)
        // After the count: the walk follows aliases too.
        try SpecComments.checkColours(in: root, text: text, file: file)
        return try LocatedNode(node: root, file: file)
    }

    /// How many values aliases may add to a file beyond one per byte of it (no file written out
    /// holds more). An alias repeats its anchor's values, and a few hundred bytes of aliases of
    /// aliases stand for billions of them, which reading the file would build.
    public static let maximumAliasValues = 100_000

    /// Counts `node`'s values as aliases expand them, and refuses once there are more than `budget`:
    /// the walk stops there, so it takes at most `budget` steps.
    static func count(_ node: Node, budget: inout Int, file: String) throws(SpecError) {
        budget -= 1
        guard budget >= 0 else {
            throw SpecError("aliases expand the file to more values than it could hold written out "
                            + "(at most \(maximumAliasValues) more than it has bytes)", at: location(of: node, in: file))
        }
        switch node {
        case .scalar: break
        case let .sequence(items):
            for item in items { try count(item, budget: &budget, file: file) }
        case let .mapping(mapping):
            for (key, value) in mapping {
                try count(key, budget: &budget, file: file)
                try count(value, budget: &budget, file: file)
            }
        }
    }

    static func location(of node: Node?, in file: String) -> SpecLocation {
        SpecLocation(file: file, line: node?.mark?.line, column: node?.mark?.column)
    }

    /// A mapping's pairs with their names, refusing keys that are not plain names and keys
    /// given twice (YAML would otherwise keep one of them silently).
    static func pairs(of mapping: Node.Mapping, in file: String) throws(SpecError) -> [(name: String, key: Node, value: Node)] {
        var seen: [String: Node] = [:]
        var result: [(name: String, key: Node, value: Node)] = []
        for (key, value) in mapping {
            guard case let .scalar(scalar) = key else { throw SpecError("keys must be plain names", at: location(of: key, in: file)) }
            if let first = seen[scalar.string] {
                throw SpecError("\"\(scalar.string)\" is given twice (first at line \(first.mark?.line ?? 0))",
                                at: location(of: key, in: file))
            }
            seen[scalar.string] = key
            result.append((scalar.string, key, value))
        }
        return result
    }

    /// `unknown key "devcie"; did you mean "device"?`, or the valid names when none is close.
    public static func unknown(_ name: String, at location: SpecLocation, valid: [String], what: String = "key") -> SpecError {
        let suggestion = NearestName.suggestion(for: name, among: valid)
        let hint = suggestion == nil ? "; valid: \(valid.joined(separator: ", "))" : NearestName.hint(suggesting: suggestion)
        return SpecError("unknown \(what) \"\(name)\"\(hint)", at: location)
    }

    static func malformed(_ error: YamlError, text: String, file: String) -> SpecError {
        switch error {
        case let .scanner(context, problem, mark, _), let .parser(context, problem, mark, _),
             let .composer(context, problem, mark, _):
            let detail = [context?.text, problem].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
            if let context, context.text.contains("flow"),
               let moved = SpecComments.flowLocation(errorLine: mark.line, collectionLine: context.mark.line, in: text, file: file) {
                let opened = "the flow collection opened at line \(context.mark.line), column \(context.mark.column) is not closed"
                return SpecError("malformed YAML: \(moved.advice ?? "\(opened): \(problem)")", at: moved.location)
            }
            return SpecError("malformed YAML: \(detail)", at: SpecLocation(file: file, line: mark.line, column: mark.column))
        case let .reader(problem, offset, _, _):
            return SpecError("malformed YAML: \(problem)",
                             at: offset.map { SpecText.location(ofByte: $0, in: text, file: file) } ?? SpecLocation(file: file))
        default:
            return SpecError("malformed YAML: \(error)", at: SpecLocation(file: file))
        }
    }

    /// The operating system's words for a read failure ("Permission denied").
    static func reason(_ error: Error) -> String {
        let ns = error as NSError
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return ns.localizedDescription
    }
}
