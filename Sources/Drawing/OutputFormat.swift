/// The formats pictures and documents are written in, and what each one is. Extension lists,
/// media types, "is it raster" tests and the format names in help texts all derive from here,
/// so a new format is added in one place.
public enum OutputFormat: String, Sendable, Hashable, CaseIterable, Codable {
    case png, svg, pdf

    /// How a format stores a drawing.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// Pixels: the size depends on the resolution.
        case raster
        /// Shapes and text in points: the resolution does not apply.
        case vector
    }

    public var kind: Kind {
        switch self {
        case .png: .raster
        case .svg, .pdf: .vector
        }
    }

    /// Whether the format holds pixels, so a `Resolution` applies to it.
    public var isRaster: Bool { kind == .raster }

    /// The file extension, without the dot.
    public var fileExtension: String { rawValue }

    /// The IANA media type (what a web server sends as `Content-Type`).
    public var mediaType: String {
        switch self {
        case .png: "image/png"
        case .svg: "image/svg+xml"
        case .pdf: "application/pdf"
        }
    }

    /// Whether one file holds several pages (see `Document`); the others hold one picture.
    public var hasPages: Bool {
        switch self {
        case .pdf: true
        case .png, .svg: false
        }
    }

    /// Whether a web browser shows it in an `<img>` element: the image media types.
    public var isWebImage: Bool { mediaType.hasPrefix("image/") }

    /// The format with this file extension (`png`, `.PNG`), or nil.
    public init?(fileExtension: String) {
        let name = fileExtension.hasPrefix(".") ? String(fileExtension.dropFirst()) : fileExtension
        guard let format = OutputFormat.allCases.first(where: { $0.fileExtension == name.lowercased() }) else {
            return nil
        }
        self = format
    }

    /// The format a file name or path ends in (`cards/AS.png`), or nil.
    public init?(path: String) {
        let name = path.split(separator: "/").last.map(String.init) ?? ""
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        self.init(fileExtension: String(name[name.index(after: dot)...]))
    }

    /// Every format's extension, in declaration order: `["png", "svg", "pdf"]`.
    public static var fileExtensions: [String] { allCases.map(\.fileExtension) }

    /// The name people write: `PNG`.
    public var name: String { rawValue.uppercased() }

    /// `.png, .svg or .pdf`: the extensions of `formats` for help texts and errors.
    public static func extensionList(_ formats: [OutputFormat] = allCases) -> String {
        spokenList(formats.map { "." + $0.fileExtension })
    }

    /// `PNG, SVG or PDF`: the names of `formats` for help texts.
    public static func nameList(_ formats: [OutputFormat] = allCases) -> String {
        spokenList(formats.map(\.name))
    }

    private static func spokenList(_ words: [String]) -> String {
        guard let last = words.last else { return "" }
        return words.count == 1 ? last : words.dropLast().joined(separator: ", ") + " or " + last
    }
}
