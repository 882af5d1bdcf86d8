import Foundation

/// Distances to move each edge of a rect inwards, as UIKit's `UIEdgeInsets`.
/// Coordinates are y-down (as in UIKit and Cairo): `top` moves minY down, `bottom` moves maxY up.
/// Negative values move an edge outwards.
public struct EdgeInsets: Sendable, Hashable, Codable {
    /// Moves the top edge (minY) down.
    public var top: CGFloat
    /// Moves the left edge (minX) right.
    public var left: CGFloat
    /// Moves the bottom edge (maxY) up.
    public var bottom: CGFloat
    /// Moves the right edge (maxX) left.
    public var right: CGFloat

    /// Insets per edge; an edge left out stays where it is.
    public init(top: CGFloat = 0, left: CGFloat = 0, bottom: CGFloat = 0, right: CGFloat = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// The same inset on all four edges.
    public init(all inset: CGFloat) {
        self.init(top: inset, left: inset, bottom: inset, right: inset)
    }

    /// No inset on any edge.
    public static let zero = EdgeInsets()

    /// Total width taken away: left + right.
    public var horizontal: CGFloat { left + right }

    /// Total height taken away: top + bottom.
    public var vertical: CGFloat { top + bottom }
}

extension CGRect {
    /// Moves each edge inwards by `insets`. Like `insetBy(dx:dy:)`, it works on the standardized rect
    /// and gives `.null` when the insets leave a negative width or height (or the rect is null).
    public func inset(by insets: EdgeInsets) -> CGRect {
        if isNull { return self }
        let upright = standardized
        let width = upright.width - insets.horizontal
        let height = upright.height - insets.vertical
        guard width >= 0, height >= 0 else { return .null }
        return CGRect(x: upright.minX + insets.left, y: upright.minY + insets.top, width: width, height: height)
    }
}
