import Drawing
import Foundation
import PlayingCards
import SpecFiles

extension BackDesign: SpecNamed {}
extension CardFileNaming: SpecNamed {}

/// How cards look and how they are rasterised: what `card` and `deck` share.
public struct CardLook: Sendable, Equatable {
    /// `poker`, `bridge` or `WIDTHxHEIGHT` in points.
    public var size = "poker"
    /// Pixels per point for PNG (default 2).
    public var scale: Double?
    /// Pixels per inch for PNG, instead of `scale`.
    public var dpi: Double?
    /// The colour theme by name (`classic`, `four-color`, …).
    public var theme = "classic"
    /// Colour overrides, `KEY=#RRGGBB`.
    public var colors: [String] = []
    /// The back's colour, `#RRGGBB`; nil keeps the theme's.
    public var backColor: String?
    /// The back's pattern; nil for the default design.
    public var back: BackDesign?
    /// A folder of court-card images (`JH.png` …).
    public var faces: String?
    /// The court-card image's share of the card's width (0.5 to 1).
    public var faceScale = 0.75
    /// The formats each card is written in.
    public var formats: [OutputFormat] = [.png]
    /// Lossy quality of the formats that have one (WebP, 0 to 100); nil: lossless.
    public var quality: Int?

    /// The default look: classic poker cards as PNG at scale 2.
    public init() {}

    enum Key: String, CodingKey, CaseIterable {
        case size, scale, dpi, theme, color, backColor = "back-color", back, faces, faceScale = "face-scale", format, quality
    }

    /// The raster resolution: `dpi` when given, otherwise `scale` (default 2).
    public var resolution: Resolution {
        if let dpi { return .dpi(dpi) }
        return .scale(scale ?? 2)
    }

    init(from container: KeyedDecodingContainer<Key>) throws {
        size = try container.value(.size, or: size)
        scale = try container.decodeIfPresent(Double.self, forKey: .scale)
        dpi = try container.decodeIfPresent(Double.self, forKey: .dpi)
        theme = try container.value(.theme, or: theme)
        // One override per job: a list of them is a matrix dimension.
        colors = try container.decodeIfPresent(String.self, forKey: .color).map { [$0] } ?? []
        backColor = try container.decodeIfPresent(String.self, forKey: .backColor)
        back = try container.decodeIfPresent(BackDesign.self, forKey: .back)
        faces = try container.decodeIfPresent(String.self, forKey: .faces)
        faceScale = try container.value(.faceScale, or: faceScale)
        formats = try container.decodeIfPresent(FormatList.self, forKey: .format)?.formats ?? formats
        quality = try container.decodeIfPresent(Int.self, forKey: .quality)
    }

    /// Checks every value before anything renders; errors name the key as `source` spells it.
    public func validate(as source: RequestSource) throws(RequestError) {
        if scale != nil, dpi != nil {
            throw RequestError("use either \(source.name("scale")) or \(source.name("dpi")), not both", key: "dpi")
        }
        let size: CardSize
        do { size = try cardSize() } catch { throw RequestError(error.description, key: "size") }
        _ = try cardTheme()
        do { try size.validate(for: resolution) } catch {
            throw RequestError(error.description, key: dpi != nil ? "dpi" : scale != nil ? "scale" : "size")
        }
        guard faceScale.isFinite, (0.5...1).contains(faceScale) else {
            throw RequestError("\(source.name("face-scale")) must be between 0.5 and 1, got \(faceScale)", key: "face-scale")
        }
        try FormatList.validate(quality: quality, for: formats, as: source)
    }

    /// The card size `size` names.
    public func cardSize() throws(PlayingCardsError) -> CardSize { try CardSize(parsing: size) }

    /// The named theme with the colour overrides applied.
    public func cardTheme() throws(RequestError) -> CardTheme {
        var result: CardTheme
        do { result = try CardTheme.named(theme) } catch { throw RequestError(error.description, key: "theme") }
        do {
            for override in colors { try result.apply(colorOverride: override) }
        } catch { throw RequestError(error.description, key: "color") }
        do {
            if let backColor { try result.apply(colorOverride: "back=\(backColor)") }
        } catch { throw RequestError(error.description, key: "back-color") }
        if let back { result.backDesign = back }
        return result
    }

    /// The renderer, with face images loaded and decoded (so a bad PNG fails here, not halfway).
    public func makeRenderer() throws -> CardRenderer {
        let size = try cardSize()
        try size.validate(for: resolution)
        let images: FaceImages?
        do {
            images = try faces.map { try FaceImages(directory: URL(fileURLWithPath: $0, isDirectory: true)) }
        } catch { throw RequestError(String(describing: error), key: "faces") }
        return try CardRenderer(size: size, theme: try cardTheme(), faceImages: images ?? FaceImages(),
                                faceCardScale: CGFloat(faceScale))
    }

    var inputFolders: [String] { faces.map { [$0] } ?? [] }
}
