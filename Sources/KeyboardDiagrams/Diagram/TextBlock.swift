import Drawing
import Foundation

/// Lines of text stacked from a top edge, and where the stack ends.
struct TextBlock {
    /// A line of text at a fixed place, reserved in the label layout when drawn.
    typealias Line = (text: String, frame: CGRect, styled: StyledText, role: LabelRole)

    var boxes: [Line] = []
    var bottom: CGFloat

    /// `text` in `font` and `color` with its top-left corner at `origin`, as big as it measures.
    static func line(_ text: String, font: Font, color: Color, role: LabelRole, at origin: CGPoint) -> Line {
        let size = StyledText(text, font: font).size()
        return (text, CGRect(x: origin.x, y: origin.y, width: size.width, height: size.height),
                StyledText(text, font: font, color: color), role)
    }

    /// The header a diagram starts with, `margin` in from the top-left corner: the title, the
    /// subtitles, and each step's log line, each wrapped to `textWidth`.
    static func header(title: String, subtitles: [String], steps: [KeyboardStep], language: DiagramLanguage,
                       style: DiagramStyle, margin: CGFloat, textWidth: CGFloat) -> TextBlock {
        var lines: [(String, Font, Color, LabelRole)] = TextWrap.lines(title, font: style.titleFont, width: textWidth)
            .map { ($0, style.titleFont, style.ink, .title) }
        for line in subtitles.flatMap({ TextWrap.lines($0, font: style.subtitleFont, width: textWidth) }) {
            lines.append((line, style.subtitleFont, style.secondaryInk, .subtitle))
        }
        for step in steps {
            for line in TextWrap.lines(DiagramText.logLine(step, language), font: style.subtitleFont, width: textWidth) {
                lines.append((line, style.subtitleFont, style.frameColor, .subtitle))
            }
        }
        var block = TextBlock(bottom: margin)
        for (text, font, color, role) in lines {
            let line = Self.line(text, font: font, color: color, role: role, at: CGPoint(x: margin, y: block.bottom))
            block.boxes.append(line)
            block.bottom += line.frame.height + (role == .title ? 6 : 3)
        }
        return block
    }
}
