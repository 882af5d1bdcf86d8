import Drawing
import CardRenderSupport
import Foundation
import GoldenImages

/// Turns a value into a format that a `GoldenDiffing` stores and compares, like
/// swift-snapshot-testing's `Snapshotting`. New strategies come from existing ones by `pullback`.
///
/// ```swift
/// assertGolden(of: picture, as: .image(scale: 2))   // PNG, pixel comparison with tolerance
/// assertGolden(of: picture, as: .svg)               // SVG text, line diff
/// assertGolden(of: deckSummary, as: .json)          // any Encodable, sorted keys
/// ```
public struct GoldenStrategy<Value, Format>: Sendable {
    /// The golden file's extension, without the dot.
    public var pathExtension: String
    /// How the format is stored and compared.
    public var diffing: GoldenDiffing<Format>
    /// Turns the value under test into the format (rasterises a picture, encodes JSON).
    public var snapshot: @Sendable (Value) throws -> Format

    /// A strategy from a file extension, a diffing and the step that makes the format.
    public init(pathExtension: String, diffing: GoldenDiffing<Format>,
                snapshot: @escaping @Sendable (Value) throws -> Format) {
        self.pathExtension = pathExtension
        self.diffing = diffing
        self.snapshot = snapshot
    }

    /// A strategy for values of another type: `transform` makes this strategy's value from them.
    public func pullback<NewValue>(
        _ transform: @escaping @Sendable (NewValue) throws -> Value
    ) -> GoldenStrategy<NewValue, Format> {
        let snapshot = self.snapshot
        return GoldenStrategy<NewValue, Format>(pathExtension: pathExtension, diffing: diffing) { value in
            try snapshot(transform(value))
        }
    }
}

extension GoldenStrategy where Value == Format {
    /// Stores the value as it is.
    public init(pathExtension: String, diffing: GoldenDiffing<Format>) {
        self.init(pathExtension: pathExtension, diffing: diffing) { $0 }
    }
}

extension GoldenStrategy where Value == RGBAImage, Format == RGBAImage {
    /// A PNG golden compared with `tolerance` (nil: the configured one, else `Tolerance.default`).
    public static func image(tolerance: Tolerance? = nil) -> GoldenStrategy {
        GoldenStrategy(pathExtension: "png", diffing: .image(tolerance: tolerance))
    }

    /// `image(tolerance: nil)`.
    public static var image: GoldenStrategy { image() }
}

extension GoldenStrategy where Value == Picture, Format == RGBAImage {
    /// The picture rasterised at `scale` pixels per point, as a PNG golden.
    public static func image(scale: Double = 1, tolerance: Tolerance? = nil) -> GoldenStrategy {
        GoldenStrategy<RGBAImage, RGBAImage>.image(tolerance: tolerance).pullback { picture in
            try picture.rasterize(scale: scale)
        }
    }

    /// `image(scale: 1, tolerance: nil)`.
    public static var image: GoldenStrategy { image() }
}

extension GoldenStrategy where Value == String, Format == String {
    /// Text in a `.txt` golden, compared line by line.
    public static var lines: GoldenStrategy { GoldenStrategy(pathExtension: "txt", diffing: .lines) }
}

extension GoldenStrategy where Value == Picture, Format == String {
    /// The picture's SVG (ids numbered in document order, so the bytes are stable), compared line
    /// by line: a failure shows which elements changed.
    public static var svg: GoldenStrategy {
        GoldenStrategy<String, String>(pathExtension: "svg", diffing: .lines).pullback { picture in
            String(decoding: try picture.svgData(), as: UTF8.self)
        }
    }
}

// SendableMetatype: the encoding closure is @Sendable and uses `Value`'s conformance.
extension GoldenStrategy where Value: Encodable & SendableMetatype, Format == String {
    /// The value as pretty-printed JSON with sorted keys, so the bytes do not depend on a
    /// dictionary's order; compared line by line.
    public static var json: GoldenStrategy {
        GoldenStrategy<String, String>(pathExtension: "json", diffing: .lines).pullback { value in
            String(decoding: try StableJSON.data(value, trailingNewline: true), as: UTF8.self)
        }
    }
}
