import Foundation
import Images

/// An sRGB colour with straight alpha, components in 0...1.
public struct Color: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The red component, 0...1.
    public var red: Double
    /// The green component, 0...1.
    public var green: Double
    /// The blue component, 0...1.
    public var blue: Double
    /// Opacity, 0 (transparent) to 1 (opaque).
    public var alpha: Double

    /// A colour from components; values outside 0...1 are clamped.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red.clamped01
        self.green = green.clamped01
        self.blue = blue.clamped01
        self.alpha = alpha.clamped01
    }

    /// A grey: the same value for red, green and blue.
    public init(white: Double, alpha: Double = 1) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    /// A colour from a 24-bit `0xRRGGBB` literal.
    public init(rgb: UInt32, alpha: Double = 1) {
        self.init(red: Double((rgb >> 16) & 0xFF) / 255, green: Double((rgb >> 8) & 0xFF) / 255,
                  blue: Double(rgb & 0xFF) / 255, alpha: alpha)
    }

    /// Parses `#RGB`, `#RGBA`, `#RRGGBB` or `#RRGGBBAA` (the `#` is optional).
    public init(hex text: String) throws(DrawingError) {
        guard let pixel = RGBAImage.Pixel(hex: text) else { throw .invalidColor(text) }
        self.init(red: Double(pixel.r) / 255, green: Double(pixel.g) / 255, blue: Double(pixel.b) / 255,
                  alpha: Double(pixel.a) / 255)
    }

    /// The same colour with another opacity, like `UIColor.withAlphaComponent(_:)`.
    public func withAlphaComponent(_ alpha: Double) -> Color {
        Color(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// `#RRGGBB` or `#RRGGBBAA` when not opaque.
    public var hexString: String {
        func byte(_ v: Double) -> String {
            let s = String(Int((v * 255).rounded()), radix: 16, uppercase: true)
            return s.count == 1 ? "0" + s : s
        }
        return "#" + byte(red) + byte(green) + byte(blue) + (alpha < 1 ? byte(alpha) : "")
    }

    public var description: String { hexString }

    /// Opaque black.
    public static let black = Color(white: 0)
    /// Opaque white.
    public static let white = Color(white: 1)
    /// Fully transparent.
    public static let clear = Color(white: 0, alpha: 0)
    /// Pure sRGB red.
    public static let red = Color(red: 1, green: 0, blue: 0)
    /// Pure sRGB green.
    public static let green = Color(red: 0, green: 1, blue: 0)
    /// Pure sRGB blue.
    public static let blue = Color(red: 0, green: 0, blue: 1)
    /// Pure sRGB yellow.
    public static let yellow = Color(red: 1, green: 1, blue: 0)
    /// Mid grey (white 0.5).
    public static let gray = Color(white: 0.5)

    /// Sets the current canvas's fill colour, like `UIColor.setFill()`.
    public func setFill() { Canvas.current?.setFillColor(self) }
    /// Sets the current canvas's stroke colour, like `UIColor.setStroke()`.
    public func setStroke() { Canvas.current?.setStrokeColor(self) }
}

extension Double {
    var clamped01: Double { Swift.min(1, Swift.max(0, isFinite ? self : 0)) }
}
