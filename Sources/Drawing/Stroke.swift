import Foundation

/// An outline: colour and width in points, centred on the path (a shape's edge or a glyph's).
public struct Stroke: Sendable, Hashable {
    /// The outline's colour.
    public var color: Color
    /// The outline's width in points.
    public var width: CGFloat

    /// An outline `width` points wide in `color`.
    public init(color: Color, width: CGFloat) {
        self.color = color
        self.width = width
    }
}
