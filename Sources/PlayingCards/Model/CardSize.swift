import Drawing
import Foundation
import PrintLayout

/// A card's size in points (1/72 in): a named game card size (PrintLayout's `NamedCardSize`) or any `WxH`.
public struct CardSize: Sendable, Hashable, CustomStringConvertible {
    /// Width and height in points.
    public var points: CGSize

    /// A size of `width` × `height` points.
    public init(width: CGFloat, height: CGFloat) {
        points = CGSize(width: width, height: height)
    }

    /// 2.5 × 3.5 in (63.5 × 88.9 mm), the common casino and game size.
    public static let poker = CardSize(NamedCardSize.poker.points)
    /// 2.25 × 3.5 in (57.2 × 88.9 mm), narrower for holding many cards.
    public static let bridge = CardSize(NamedCardSize.bridge.points)

    /// A size of `points`.
    public init(_ points: CGSize) {
        self.points = points
    }

    /// The sizes `--size` accepts by name: every `NamedCardSize` (PrintLayout).
    public static let namedSizes: [(name: String, size: CardSize)] = NamedCardSize.all.map { ($0.name, CardSize($0.points)) }

    /// A named size (`NamedCardSize.all` (PrintLayout)), or `WxH` with the lengths of print sheets and templates: `2.5x3.5in`,
    /// `63x88mm`, `250x350pt`; a unit after the height applies to the width too, and a bare number
    /// is points (`250x350`).
    public init(parsing text: String) throws(PlayingCardsError) {
        let lowered = text.trimmingSpaces.lowercased()
        if let named = Self.namedSizes.first(where: { $0.name == lowered }) {
            self = named.size
            return
        }
        let usage = "use a named size (\(Self.namedSizes.map(\.name).joined(separator: ", "))) or WIDTHxHEIGHT, "
            + "e.g. 2.5x3.5in, 63x88mm or 250x350 (points)"
        guard let written = WrittenSize.sides(of: lowered) else { throw .invalidSize("invalid card size \"\(text)\"; \(usage)") }
        var sides: [CGFloat] = []
        for side in [written.width, written.height] {
            guard let length = try? Length(parsing: side, largest: Self.largestParsed) else { throw .invalidSize("invalid card size \"\(text)\"; \(usage)") }
            guard length.points > 0 else {
                throw .invalidSize("invalid card size \"\(text)\": both sides must be greater than zero; \(usage)")
            }
            sides.append(length.points)
        }
        if let problem = WrittenSize.missingUnit(in: written, text: text, offeringPoints: true) { throw .invalidSize(problem) }
        self.init(width: sides[0], height: sides[1])
    }

    /// Past any pixel budget at every resolution: a larger side is not a size but a typo; the
    /// pixel limit, checked per resolution, names the real bound.
    static let largestParsed = Length.points(1_000_000)

    public var description: String {
        if let named = Self.namedSizes.first(where: { $0.size == self }) { return named.name }
        return "\(Self.format(points.width))x\(Self.format(points.height))"
    }

    static func format(_ value: CGFloat) -> String {
        Int(exactly: value).map(String.init) ?? String(Double(value))
    }

    /// Throws when a raster at `resolution` would be over the pixel limit on a side.
    public func validate(for resolution: Resolution) throws(PlayingCardsError) {
        try CardResolution.validate(resolution)
        let pixels = resolution.pixelSize(for: points)
        let limit = RenderLimits.maxPixelsPerSide
        guard pixels.width <= limit, pixels.height <= limit else {
            throw .tooLarge("a \(self) card at \(CardResolution.describe(resolution)) is \(pixels.width)×\(pixels.height) px, "
                            + "over the limit of \(limit) px a side")
        }
    }
}

/// The raster resolutions the card commands accept.
public enum CardResolution {
    /// The scales `--scale` accepts.
    public static let scales: [Double] = [1, 2, 3]
    /// The dots per inch `--dpi` accepts.
    public static let dpiRange: ClosedRange<Double> = 18...1200

    /// Throws `invalidResolution` unless the resolution is one the card commands accept.
    public static func validate(_ resolution: Resolution) throws(PlayingCardsError) {
        switch resolution {
        case .scale(let scale):
            guard scales.contains(scale) else {
                throw .invalidResolution("--scale must be 1, 2 or 3, got \(CardSize.format(scale))")
            }
        case .dpi(let dpi):
            guard dpi.isFinite, dpiRange.contains(dpi) else {
                throw .invalidResolution("--dpi must be between \(Int(dpiRange.lowerBound)) and \(Int(dpiRange.upperBound)), got \(CardSize.format(dpi))")
            }
        }
    }

    /// `2x` or `300 dpi`, as messages and manifests show a resolution.
    public static func describe(_ resolution: Resolution) -> String {
        switch resolution {
        case .scale(let scale): "\(CardSize.format(scale))x"
        case .dpi(let dpi): "\(CardSize.format(dpi)) dpi"
        }
    }
}
