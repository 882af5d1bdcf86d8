import Drawing
import Foundation
import Geometry

/// Colours, fonts and sizes of the keyboard diagrams. One value shared by every part, so a
/// diagram's look is decided in one place.
struct DiagramStyle: Sendable {
    // Fonts (canvas points, never scaled with the device).
    var titleFont: Font
    var subtitleFont: Font
    var panelTitleFont: Font
    var labelFont: Font
    var labelBoldFont: Font
    var valueFont: Font
    var smallFont: Font
    /// For text drawn inside the device (scaled with it).
    var uiFont: Font
    var uiBoldFont: Font

    init() throws {
        titleFont = try Font(.bold, size: 21)
        subtitleFont = try Font(.regular, size: 13)
        panelTitleFont = try Font(.bold, size: 15)
        labelFont = try Font(.regular, size: 12)
        labelBoldFont = try Font(.bold, size: 12)
        valueFont = try Font(.bold, size: 16)
        smallFont = try Font(.regular, size: 11)
        uiFont = try Font(.regular, size: 17)
        uiBoldFont = try Font(.bold, size: 17)
    }

    // Canvas.
    var background = Color(rgb: 0xFFFFFF)
    var ink = Color(rgb: 0x1D1D1F)
    var secondaryInk = Color(rgb: 0x5A5A60)
    var panelBackground = Color(rgb: 0xF6F6F8)

    // Device.
    var deviceBody = Color(rgb: 0x2C2C2E)
    var deviceEdge = Color(rgb: 0x111112)
    var screenOutline = Color(rgb: 0x111112)
    var homeButton = Color(rgb: 0x48484A)
    /// The unsafe margins of the screen (outside the safe area).
    var unsafeFill = Color(rgb: 0xFFE3B3)
    var unsafeHatch = Color(rgb: 0xE9A23B)

    // App.
    var appBackground = Color(rgb: 0xFFFFFF)
    var barFill = Color(rgb: 0xF2F2F6)
    var barHairline = Color(rgb: 0xB8B8BE)
    var tint = Color(rgb: 0x007AFF)
    var textLine = Color(rgb: 0x3A3A3C)
    var dimmedScreen = Color(rgb: 0x8E8E93)

    // Keyboard.
    var keyboardFill = Color(rgb: 0xD2D5DB)
    var keyFill = Color(rgb: 0xFFFFFF)
    var specialKeyFill = Color(rgb: 0xACB1BA)
    var keyShadow = Color(rgb: 0x8A8B8F)
    var keyText = Color(rgb: 0x111111)
    var predictiveFill = Color(rgb: 0xD2D5DB)
    var predictiveText = Color(rgb: 0x1D1D1F)
    var ghostKeyboard = Color(rgb: 0x6E7F99)

    // Annotations: each quantity keeps its colour in every diagram.
    var keyboardHeightColor = Color(rgb: 0x5146D0)
    var safeAreaColor = Color(rgb: 0xB36200)
    var intersectionColor = Color(rgb: 0xD7263D)
    var valueColor = Color(rgb: 0x0B7A3B)
    var frameColor = Color(rgb: 0x2F4858)
    var mistakeColor = Color(rgb: 0xC4001D)
    var gapColor = Color(rgb: 0xE08E00)
    var overlapFill: Color { intersectionColor.withAlphaComponent(0.22) }

    // Layout, canvas points.
    /// No diagram is narrower, so a few small devices still leave room for the title and legend.
    var minimumCanvasWidth: CGFloat = 1080
    /// Narrowest column of labels beside a device in a before/after or mistake diagram.
    var minimumLabelColumnWidth: CGFloat = 130
    var legend = LegendMetrics()
    var filmstrip = FilmstripMetrics()

    /// The legend under a diagram: a swatch, its text, the next item.
    struct LegendMetrics: Sendable {
        var swatchSize = CGSize(width: 18, height: 14)
        /// Between a swatch and its text.
        var swatchTextGap: CGFloat = 6
        /// Between one item's text and the next item's swatch.
        var itemGap: CGFloat = 22
        /// Between rows when the items wrap.
        var rowGap: CGFloat = 8
        /// Where an item's text starts, from its swatch's left edge.
        var textOffset: CGFloat { swatchSize.width + swatchTextGap }
    }

    /// The filmstrip's frames and the chart of the curve under them.
    struct FilmstripMetrics: Sendable {
        /// Narrowest frame cell, so its time, progress and value lines stay readable.
        var minimumCellWidth: CGFloat = 150
        /// The chart, its axis labels included.
        var chartHeight: CGFloat = 190
        /// Left of the plot, for the progress labels.
        var axisLabelWidth: CGFloat = 44
        /// Right of the plot, for the notes on what the chart shows.
        var notesWidth: CGFloat = 300
    }

    /// Stroke width of dimension and extension lines.
    var dimensionLineWidth: CGFloat = 1.2
    /// Distance between parallel dimension lines.
    var laneSpacing: CGFloat = 15

    func text(_ string: String, _ font: Font, _ color: Color? = nil,
                     alignment: TextAlignment = .left) -> StyledText {
        StyledText(string, font: font, color: color ?? ink, alignment: alignment)
    }
}

/// Word wrapping with the project's fonts: at spaces, and between Chinese and Japanese characters,
/// which are written without them, never before closing punctuation or a small kana (the kinsoku
/// rule Pango applies to the text of templates).
enum TextWrap {
    /// Lines no wider than `width`; a single word wider than that gets a line of its own.
    static func lines(_ text: String, font: Font, width: CGFloat) -> [String] {
        var result: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            for unit in breakUnits(paragraph) {
                let candidate = line.isEmpty ? unit.text : line + unit.separator + unit.text
                if font.width(of: candidate) <= width || line.isEmpty {
                    line = candidate
                } else {
                    result.append(line)
                    line = unit.text
                }
            }
            result.append(line)
        }
        return result
    }

    /// The pieces a line may break between, each with what joins it to the previous one: a space
    /// between words, nothing between Chinese or Japanese characters.
    static func breakUnits(_ paragraph: Substring) -> [(separator: String, text: String)] {
        var units: [(separator: String, text: String)] = []
        var current = "", separator = "", previousIsCJK = false
        for character in paragraph {
            if character == " " {
                if !current.isEmpty { units.append((separator, current)) }
                current = ""
                separator = " "
                previousIsCJK = false
                continue
            }
            let isCJK = Self.isCJK(character)
            if !current.isEmpty, isCJK || previousIsCJK, !noBreakBefore.contains(character) {
                units.append((separator, current))
                current = ""
                separator = ""
            }
            current.append(character)
            previousIsCJK = isCJK
        }
        if !current.isEmpty { units.append((separator, current)) }
        return units
    }

    /// Kana, CJK ideographs, CJK punctuation and full-width forms. Hangul is written with spaces.
    static func isCJK(_ character: Character) -> Bool {
        guard let value = character.unicodeScalars.first?.value else { return false }
        return (0x3000...0x30FF).contains(value) || (0x3400...0x4DBF).contains(value) || (0x4E00...0x9FFF).contains(value)
            || (0xF900...0xFAFF).contains(value) || (0xFF00...0xFFEF).contains(value)
    }

    /// Characters that never start a line: closing brackets and punctuation, small kana, the
    /// prolonged sound mark.
    static let noBreakBefore: Set<Character> = Set("、。，．・：；！？）」』】〕〉》｝〙〗ーぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ),.:;!?]}")
}
