import Foundation
import Geometry

/// Where the lines of a ``StyledText`` sit across its box.
public enum TextAlignment: String, Sendable, Hashable, CaseIterable {
    /// Lines start at the left edge, are centred, or end at the right edge.
    case left, center, right
}

/// Text with one font, colour and alignment, possibly several lines (split at "\n"), that can
/// measure itself and draw itself, like the CS193p PlayingCardView demo's `NSAttributedString`.
public struct StyledText: Sendable, Hashable {
    /// The text; "\n" starts a new line.
    public var string: String
    /// The one font of every line.
    public var font: Font
    /// The text colour.
    public var color: Color
    /// Where lines sit across the box.
    public var alignment: TextAlignment
    /// Extra space between lines, as a fraction of the line height.
    public var lineSpacing: CGFloat

    /// Text to measure and draw.
    public init(_ string: String, font: Font, color: Color = .black, alignment: TextAlignment = .left,
                lineSpacing: CGFloat = 0) {
        self.string = string
        self.font = font
        self.color = color
        self.alignment = alignment
        self.lineSpacing = lineSpacing
    }

    /// The lines, split at "\n" (empty lines kept).
    public var lines: [String] { string.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }

    private var lineAdvance: CGFloat { font.lineHeight * (1 + lineSpacing) }

    /// The size of the text's box: the widest line's advance by the lines' total height.
    public func size() -> CGSize {
        let lines = self.lines
        let width = lines.map(font.width(of:)).max() ?? 0
        let height = font.lineHeight + lineAdvance * CGFloat(max(0, lines.count - 1))
        return CGSize(width: width, height: height)
    }

    /// Draws the text with its box's top-left corner at `point`.
    public func draw(at point: CGPoint, on canvas: Canvas? = Canvas.current) {
        draw(in: CGRect(origin: point, size: size()), on: canvas)
    }

    /// Draws the text at the top of `rect`, each line aligned horizontally within it, like
    /// `NSAttributedString.draw(in:)`.
    public func draw(in rect: CGRect, on canvas: Canvas? = Canvas.current) {
        guard let canvas else { return }
        let ascent = font.ascent
        for (index, line) in lines.enumerated() {
            let width = font.width(of: line)
            let x: CGFloat
            switch alignment {
            case .left: x = rect.minX
            case .center: x = rect.midX - width / 2
            case .right: x = rect.maxX - width
            }
            let baseline = rect.minY + ascent + lineAdvance * CGFloat(index)
            canvas.showText(line, font: font, color: color, baselineAt: CGPoint(x: x, y: baseline))
        }
    }

    /// Draws the text centred horizontally and vertically in `rect`.
    public func draw(centeredIn rect: CGRect, on canvas: Canvas? = Canvas.current) {
        let size = self.size()
        let box = CGRect(x: rect.midX - size.width / 2, y: rect.midY - size.height / 2,
                         width: size.width, height: size.height)
        var centred = self
        centred.alignment = alignment
        centred.draw(in: box, on: canvas)
    }
}
