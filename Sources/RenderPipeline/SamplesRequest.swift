import Drawing
import Foundation

/// The primitives sheet (`kind: samples`): each drawing primitive once, as PNG, SVG and PDF
/// unless the spec names other formats.
public struct SamplesRequest: RenderRequest, Equatable {
    /// PNG pixels per point.
    public var scale = 2.0
    /// The formats the sheet is written in.
    public var formats: [OutputFormat] = Self.defaultFormats

    /// One raster and the two vector formats: the default set's sheet, kept as it is when formats are added.
    public static let defaultFormats: [OutputFormat] = [.png, .svg, .pdf]

    /// A request for the sheet at `scale` in `formats`.
    public init(scale: Double = 2, formats: [OutputFormat] = Self.defaultFormats) {
        self.scale = scale
        self.formats = formats
    }

    enum Key: String, CodingKey, CaseIterable {
        case scale, format
    }

    /// The spec keys a `samples` job accepts.
    public static let keys = Key.allCases.map(\.rawValue)

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        scale = try container.value(.scale, or: scale)
        formats = try container.decodeIfPresent(FormatList.self, forKey: .format)?.formats ?? formats
    }

    public func validate(as source: RequestSource) throws(RequestError) {
        guard scale.isFinite, (0.25...8).contains(scale) else {
            throw RequestError("\(source.name("scale")) must be between 0.25 and 8", key: "scale")
        }
    }

    public func plan() throws -> OutputPlan {
        OutputPlan(files: FileToRender.all("primitives", try PrimitivesSample.picture(), formats: formats,
                                           resolution: .scale(scale)))
    }
}
