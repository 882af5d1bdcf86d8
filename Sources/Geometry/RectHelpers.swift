import Foundation

// Helpers the Stanford CS193p PlayingCardView demo adds to CGRect/CGPoint, so its layout code
// reads the same here. Like CoreGraphics' own insetBy, they work on the standardized rect
// (negative sizes flipped to positive) and keep the null rect null.

extension CGRect {
    /// The left half: from minX to midX, full height.
    public var leftHalf: CGRect {
        if isNull { return self }
        let upright = standardized
        return CGRect(x: upright.minX, y: upright.minY, width: upright.width / 2, height: upright.height)
    }

    /// The right half: from midX to maxX, full height.
    /// (Copies of the CS193p demo that start it at minX overlap the left half; this starts at midX.)
    public var rightHalf: CGRect {
        if isNull { return self }
        let upright = standardized
        return CGRect(x: upright.midX, y: upright.minY, width: upright.width / 2, height: upright.height)
    }

    /// `insetBy(dx: size.width, dy: size.height)`: shrinks each side; insets too large give `.null`.
    public func inset(by size: CGSize) -> CGRect {
        insetBy(dx: size.width, dy: size.height)
    }

    /// The same top-left origin with a new size.
    public func sized(to size: CGSize) -> CGRect {
        if isNull { return self }
        return CGRect(origin: standardized.origin, size: size)
    }

    /// Scales about the centre: `zoom(by: 0.75)` keeps the middle 75 % in each direction.
    /// A scale of 1 changes nothing, 0 gives an empty rect at the centre, a negative scale `.null`.
    public func zoom(by scale: CGFloat) -> CGRect {
        let newWidth = width * scale
        let newHeight = height * scale
        return insetBy(dx: (width - newWidth) / 2, dy: (height - newHeight) / 2)
    }

    /// The centre point (midX, midY).
    public var center: CGPoint {
        CGPoint(x: midX, y: midY)
    }

    /// A rect of `size` whose centre is `center`.
    public init(center: CGPoint, size: CGSize) {
        self.init(
            x: center.x - size.width / 2, y: center.y - size.height / 2,
            width: size.width, height: size.height
        )
    }
}

extension CGPoint {
    /// The point moved by (dx, dy), as `CGRect.offsetBy(dx:dy:)` moves a rect.
    public func offsetBy(dx: CGFloat, dy: CGFloat) -> CGPoint {
        CGPoint(x: x + dx, y: y + dy)
    }
}

extension CGSize {
    /// Both dimensions multiplied by `scale`.
    public static func * (size: CGSize, scale: CGFloat) -> CGSize {
        CGSize(width: size.width * scale, height: size.height * scale)
    }

    /// Both dimensions multiplied by `scale`.
    public static func * (scale: CGFloat, size: CGSize) -> CGSize {
        size * scale
    }
}
