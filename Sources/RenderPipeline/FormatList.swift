import Drawing
import Foundation

/// The formats to write, from `png,svg` or, in a spec, also `[png, svg]`; each at most once,
/// in the order given.
public struct FormatList: Sendable, Equatable, Decodable {
    /// The formats, each once, in the order given.
    public var formats: [OutputFormat]

    /// A list of these formats; duplicates are refused when decoding, not here.
    public init(_ formats: [OutputFormat]) { self.formats = formats }

    /// The error names the format that is not known and lists the valid ones.
    public static func parse(_ text: String) throws(RequestError) -> FormatList {
        try parse(text.split(separator: ",", omittingEmptySubsequences: false).map(String.init))
    }

    static func parse(_ names: [String]) throws(RequestError) -> FormatList {
        let valid = OutputFormat.fileExtensions.joined(separator: ", ")
        guard !names.isEmpty else { throw RequestError("an empty format list; use \(valid)", key: "format") }
        var result: [OutputFormat] = []
        for part in names {
            let name = part.trimmingCharacters(in: .whitespaces).lowercased()
            guard let format = OutputFormat(fileExtension: name) else {
                throw RequestError(name.isEmpty ? "an empty format in the list; use \(valid)"
                                                : "unknown format '\(name)'; use \(valid)", key: "format")
            }
            if !result.contains(format) { result.append(format) }
        }
        return FormatList(result)
    }

    public init(from decoder: any Decoder) throws {
        do {
            if var list = try? decoder.unkeyedContainer() {
                var names: [String] = []
                while !list.isAtEnd {
                    let path = decoder.codingPath
                    let name = try list.decode(String.self)
                    do { _ = try Self.parse([name]) } catch {
                        throw DecodingError.dataCorrupted(.init(codingPath: path + [ListIndex(names.count)],
                                                                debugDescription: error.message))
                    }
                    names.append(name)
                }
                self = try Self.parse(names)
            } else {
                self = try Self.parse(try decoder.singleValueContainer().decode(String.self))
            }
        } catch let error as RequestError {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: error.message))
        }
    }
}

extension FormatList {
    /// Refuses a `quality` outside the lossy range of the formats and, on the command line, one
    /// given when none of `formats` has a lossy mode (it would change nothing). A spec may cross
    /// a quality with a matrix of formats, so there the formats without one ignore it.
    public static func validate(quality: Int?, for formats: [OutputFormat],
                                as source: RequestSource) throws(RequestError) {
        guard let quality else { return }
        let name = source.name("quality")
        let lossyFormats = OutputFormat.allCases.filter { $0.lossyQualities != nil }
        if source == .commandLine, !formats.contains(where: lossyFormats.contains) {
            throw RequestError("\(name) applies to \(lossyFormats.map(\.fileExtension).joined(separator: ", ")) output; "
                               + "add it to the formats", key: "quality")
        }
        let lossy = formats.first { $0.lossyQualities != nil } ?? lossyFormats.first
        guard let range = lossy?.lossyQualities else { return }
        guard range.contains(quality) else {
            throw RequestError("\(name) must be between \(range.lowerBound) and \(range.upperBound), got \(quality)",
                               key: "quality")
        }
    }
}

/// A list position in a coding path.
struct ListIndex: CodingKey {
    var intValue: Int?
    var stringValue: String { "\(intValue ?? 0)" }
    init(_ index: Int) { intValue = index }
    init?(intValue: Int) { self.intValue = intValue }
    init?(stringValue: String) { nil }
}
