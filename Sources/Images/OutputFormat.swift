import FoundationEssentials

/// The formats pictures and documents are written in, and what each one is. Extension lists,
/// media types, "is it raster" tests, the format names in help texts and the pixel size read
/// back from its header all derive from here; a picture's encoder for each format is beside
/// `Picture` in Drawing (`OutputFormat.encode`), so these facts need no drawing.
public enum OutputFormat: String, Sendable, Hashable, CaseIterable, Codable {
    /// The five output formats, named as the command line and specs name them (JPEG as `jpg`,
    /// its usual extension; `jpeg` is read too).
    case png, svg, pdf, webp, jpeg

    /// How a format stores a drawing.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// Pixels: the size depends on the resolution.
        case raster
        /// Shapes and text in points: the resolution does not apply.
        case vector
    }

    /// Raster or vector.
    public var kind: Kind {
        switch self {
        case .png, .webp, .jpeg: .raster
        case .svg, .pdf: .vector
        }
    }

    /// Whether the format holds pixels, so a `Resolution` applies to it.
    public var isRaster: Bool { kind == .raster }

    /// The file extension, without the dot.
    public var fileExtension: String { self == .jpeg ? "jpg" : rawValue }

    /// The IANA media type (what a web server sends as `Content-Type`).
    public var mediaType: String {
        switch self {
        case .png: "image/png"
        case .svg: "image/svg+xml"
        case .pdf: "application/pdf"
        case .webp: "image/webp"
        case .jpeg: "image/jpeg"
        }
    }

    /// Whether one file holds several pages (see `Document`); the others hold one picture.
    public var hasPages: Bool {
        switch self {
        case .pdf: true
        case .png, .svg, .webp, .jpeg: false
        }
    }

    /// The largest width or height a file in this format can hold; nil when only the pixel
    /// budget limits it (vector formats, and PNG up to `RenderLimits.maxPixelsPerSide`).
    public var maxPixelsPerSide: Int? {
        switch self {
        case .webp: WebP.maxPixelsPerSide
        case .jpeg: JPEG.maxPixelsPerSide
        case .png, .svg, .pdf: nil
        }
    }

    /// The qualities of the format's lossy mode, or nil when it has none (JPEG is only lossy:
    /// without a quality it takes `JPEG.defaultQuality`).
    public var lossyQualities: ClosedRange<Int>? {
        switch self {
        case .webp: WebP.qualities
        case .jpeg: JPEG.qualities
        case .png, .svg, .pdf: nil
        }
    }

    /// The width and height a raster file states in its header, or nil when `data` is not a
    /// file of this format (or the format has no pixels).
    public func pixelSize(of data: Data) -> (width: Int, height: Int)? {
        switch self {
        case .png: (try? PNG.header(of: data)).map { ($0.width, $0.height) }
        case .webp: WebP.pixelSize(of: data)
        case .jpeg: JPEG.pixelSize(of: data)
        case .svg, .pdf: nil
        }
    }

    /// The pixel size of a raster file in any of the formats, or nil.
    public static func pixelSize(of data: Data) -> (width: Int, height: Int)? {
        allCases.lazy.compactMap { $0.pixelSize(of: data) }.first
    }

    /// Whether a web browser shows it in an `<img>` element: the image media types.
    public var isWebImage: Bool { mediaType.hasPrefix("image/") }

    /// The format with this file extension (`png`, `.PNG`), or nil.
    public init?(fileExtension: String) {
        let name = (fileExtension.hasPrefix(".") ? String(fileExtension.dropFirst()) : fileExtension).lowercased()
        guard let format = OutputFormat.allCases.first(where: { $0.fileExtension == name || $0.rawValue == name }) else {
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

    /// Every format's extension, in declaration order: `["png", "svg", "pdf", "webp", "jpg"]`.
    public static var fileExtensions: [String] { allCases.map(\.fileExtension) }

    /// The name people write: `PNG`, `WebP`.
    public var name: String {
        switch self {
        case .webp: "WebP"
        case .png, .svg, .pdf, .jpeg: fileExtension.uppercased()
        }
    }

    /// `.png, .svg, .pdf, .webp or .jpg`: the extensions of `formats` for help texts and errors.
    public static func extensionList(_ formats: [OutputFormat] = allCases) -> String {
        spokenList(formats.map { "." + $0.fileExtension })
    }

    /// `PNG, SVG, PDF, WebP or JPG`: the names of `formats` for help texts.
    public static func nameList(_ formats: [OutputFormat] = allCases) -> String {
        spokenList(formats.map(\.name))
    }

    private static func spokenList(_ words: [String]) -> String {
        guard let last = words.last else { return "" }
        return words.count == 1 ? last : words.dropLast().joined(separator: ", ") + " or " + last
    }
}
