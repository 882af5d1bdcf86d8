import Drawing
import Foundation
import Geometry

/// Draws a keyboard as a keyboard: a predictive bar when it has one, four rows of keys, and on
/// Face ID iPhones the strip above the home indicator (globe and dictation). All sizes are in
/// device points and scaled by the figure.
struct KeyboardPainter {
    let style: DiagramStyle
    let scale: CGFloat

    /// What the keyboard's frame holds, in device points.
    struct Parts {
        /// Height of the predictive (QuickType) bar or iPad shortcut bar at the top; 0 without one.
        var predictiveBar: CGFloat
        /// Height of the strip below the keys (Face ID iPhones keep the home indicator there).
        var bottomStrip: CGFloat
        var isPad: Bool
        /// Keys keep clear of the sensor housing and rounded corners (Face ID iPhones in landscape).
        var sideInset: CGFloat = 0
        /// Which keys: the whole keyboard or one half of a split iPad keyboard.
        var layout: Layout = .full
    }

    enum Layout: Sendable { case full, leftHalf, rightHalf }

    /// How a docked keyboard of `height` points is made up on this device.
    static func parts(height: CGFloat, metrics: DeviceMetrics) -> Parts {
        let withBar = metrics.keyboardHeightWithPredictive, withoutBar = metrics.keyboardHeight
        let hasBar = withBar > withoutBar && abs(height - withBar) < 0.5
        let strip = (metrics.family == .iphone && !metrics.homeButton) ? metrics.safeAreaInsets.bottom : 0
        let side = metrics.family == .iphone ? max(metrics.safeAreaInsets.left, metrics.safeAreaInsets.right) : 0
        return Parts(predictiveBar: hasBar ? withBar - withoutBar : 0, bottomStrip: min(strip, height / 4),
                     isPad: metrics.family == .ipad, sideInset: side)
    }

    /// One key: its label, width in key units, and whether it is a grey function key.
    private struct Key {
        var label: String
        var units: CGFloat
        var special = false
        /// Labels that are words (`space`, `return`) use a smaller font.
        var small = false
        /// An empty slot, for the half-key indent of the middle row.
        var spacer = false

        static func letters(_ text: String) -> [Key] { text.map { Key(label: String($0), units: 1) } }
        static func gap(_ units: CGFloat) -> Key { Key(label: "", units: units, spacer: true) }
    }

    /// iPhone rows, 10 units wide.
    private static let phoneRows: [[Key]] = [
        Key.letters("QWERTYUIOP"),
        [Key.gap(0.5)] + Key.letters("ASDFGHJKL"),
        [Key(label: "⇧", units: 1.4, special: true), Key.gap(0.1)] + Key.letters("ZXCVBNM")
            + [Key.gap(0.1), Key(label: "⌫", units: 1.4, special: true)],
        [Key(label: "123", units: 1.3, special: true, small: true), Key(label: "space", units: 6, small: true),
         Key(label: "return", units: 2.7, special: true, small: true)],
    ]

    /// The halves of the split iPad keyboard, 5.5 units wide each.
    private static let leftHalfRows: [[Key]] = [
        Key.letters("QWERT"),
        [Key.gap(0.5)] + Key.letters("ASDFG"),
        [Key(label: "⇧", units: 1.4, special: true), Key.gap(0.1)] + Key.letters("ZXCV"),
        [Key(label: "123", units: 1.5, special: true, small: true), Key(label: "space", units: 4, small: true)],
    ]
    private static let rightHalfRows: [[Key]] = [
        [Key.gap(0.5)] + Key.letters("YUIOP"),
        [Key.gap(0.5)] + Key.letters("HJKL") + [Key(label: "", units: 1, special: true)],
        [Key.gap(0.5)] + Key.letters("BNM") + [Key.gap(0.1), Key(label: "⌫", units: 1.4, special: true)],
        [Key(label: "space", units: 3, small: true), Key(label: "return", units: 2.5, special: true, small: true)],
    ]

    /// iPad rows, 12.8 units wide, with tab, caps lock and the punctuation keys.
    private static let padRows: [[Key]] = [
        [Key(label: "tab", units: 1.3, special: true, small: true)] + Key.letters("QWERTYUIOP")
            + [Key(label: "⌫", units: 1.5, special: true)],
        [Key(label: "caps", units: 1.6, special: true, small: true)] + Key.letters("ASDFGHJKL")
            + [Key(label: "return", units: 2.2, special: true, small: true)],
        [Key(label: "⇧", units: 2.1, special: true)] + Key.letters("ZXCVBNM,.") + [Key(label: "⇧", units: 1.7, special: true)],
        [Key(label: ".?123", units: 1.6, special: true, small: true), Key(label: "space", units: 8, small: true),
         Key(label: ".?123", units: 1.6, special: true, small: true), Key(label: "", units: 1.6, special: true)],
    ]

    /// What labels keep clear of on a drawn keyboard, in canvas points.
    struct Boxes: Sendable {
        /// The text drawn (predictive words, key caps).
        var text: [CGRect] = []
        /// Every key, whether or not its cap fits text: a label on a key hides the keyboard's rows.
        var keys: [CGRect] = []

        static func + (lhs: Boxes, rhs: Boxes) -> Boxes { Boxes(text: lhs.text + rhs.text, keys: lhs.keys + rhs.keys) }

        /// Only what lies inside `rect` (the screen, a keyboard piece).
        func clipped(to rect: CGRect) -> Boxes {
            func clip(_ boxes: [CGRect]) -> [CGRect] {
                boxes.map { $0.intersection(rect) }.filter { !$0.isNull && $0.width > 0 && $0.height > 0 }
            }
            return Boxes(text: clip(text), keys: clip(keys))
        }
    }

    /// Draws a keyboard filling `frame` (canvas points), clipped by the caller if it is partly off screen.
    /// Returns the boxes of its text and keys, for labels to keep clear of.
    func draw(in frame: CGRect, parts: Parts, into list: inout DisplayList, translucent: Bool = false) -> Boxes {
        guard frame.width > 1, frame.height > 1 else { return Boxes() }
        var textBoxes: [CGRect] = []
        var keyBoxes: [CGRect] = []
        let alpha = translucent ? 0.55 : 1.0
        list.fill(frame, style.keyboardFill.withAlphaComponent(alpha))
        var top = frame.minY
        let inset = min(parts.sideInset * scale, frame.width * 0.2)
        let content = frame.insetBy(dx: inset, dy: 0)
        if parts.predictiveBar > 0 {
            let bar = CGRect(x: content.minX, y: top, width: content.width, height: parts.predictiveBar * scale)
            drawPredictiveBar(bar, isPad: parts.isPad, into: &list, textBoxes: &textBoxes, alpha: alpha)
            top = bar.maxY
        }
        let stripHeight = parts.bottomStrip * scale
        let keysArea = CGRect(x: content.minX, y: top, width: content.width, height: max(0, frame.maxY - stripHeight - top))
        drawKeys(in: keysArea, isPad: parts.isPad, layout: parts.layout, into: &list, textBoxes: &textBoxes, keyBoxes: &keyBoxes,
                 alpha: alpha)
        if stripHeight > 2 {
            let strip = CGRect(x: content.minX, y: frame.maxY - stripHeight, width: content.width, height: stripHeight)
            drawBottomStrip(strip, into: &list, alpha: alpha)
        }
        return Boxes(text: textBoxes, keys: keyBoxes)
    }

    /// One line of centred text in `rect`, starting at its top; its inked box goes to `boxes`.
    private func centredText(_ text: String, font: Font, color: Color, in rect: CGRect, into list: inout DisplayList,
                             boxes: inout [CGRect]) {
        list.text(StyledText(text, font: font, color: color, alignment: .center), in: rect)
        let width = font.width(of: text)
        boxes.append(CGRect(x: rect.midX - width / 2, y: rect.minY, width: width, height: font.lineHeight))
    }

    private func drawPredictiveBar(_ bar: CGRect, isPad: Bool, into list: inout DisplayList, textBoxes: inout [CGRect],
                                   alpha: Double) {
        list.fill(bar, style.predictiveFill.withAlphaComponent(alpha))
        let suggestions = isPad ? ["Undo", "“keyboard”", "keyboards", "Paste"] : ["“keyboard”", "keyboards", "key"]
        let count = CGFloat(suggestions.count)
        let cell = bar.width / count
        for index in 1..<suggestions.count {
            let x = bar.minX + cell * CGFloat(index)
            list.line(LineSegment(x1: x, y1: bar.minY + bar.height * 0.25, x2: x, y2: bar.maxY - bar.height * 0.25),
                      style.keyShadow.withAlphaComponent(alpha), width: max(0.5, scale))
        }
        let fontSize = min(bar.height * 0.42, 17 * scale)
        guard fontSize >= 5 else { return }
        let font = style.uiFont.withSize(fontSize)
        for (index, word) in suggestions.enumerated() {
            let rect = CGRect(x: bar.minX + cell * CGFloat(index), y: bar.minY, width: cell, height: bar.height)
            guard font.width(of: word) < cell - 4 else { continue }
            centredText(word, font: font, color: style.predictiveText.withAlphaComponent(alpha),
                        in: CGRect(x: rect.minX, y: rect.midY - font.lineHeight / 2, width: rect.width, height: font.lineHeight),
                        into: &list, boxes: &textBoxes)
        }
    }

    private func drawKeys(in area: CGRect, isPad: Bool, layout: Layout, into list: inout DisplayList, textBoxes: inout [CGRect],
                          keyBoxes: inout [CGRect], alpha: Double) {
        guard area.height > 4 else { return }
        let rows: [[Key]], rowUnits: CGFloat
        switch layout {
        case .full: (rows, rowUnits) = isPad ? (Self.padRows, 12.8) : (Self.phoneRows, 10)
        case .leftHalf: (rows, rowUnits) = (Self.leftHalfRows, 5.5)
        case .rightHalf: (rows, rowUnits) = (Self.rightHalfRows, 5.5)
        }
        let sidePad = area.width * 0.008
        let unit = (area.width - 2 * sidePad) / rowUnits
        let gap = unit * (isPad ? 0.12 : 0.16)
        let pitch = area.height / CGFloat(rows.count)
        let keyHeight = pitch * 0.76
        let topPad = (pitch - keyHeight) * 0.6
        let radius = min(5 * scale, keyHeight * 0.14)
        // Sized to the key's height, but never wider than a narrow key (the floating keyboard's).
        let fontSize = min(keyHeight * 0.5, unit * 0.58, 24 * scale)
        let font = fontSize >= 5.5 ? style.uiFont.withSize(fontSize) : nil
        let smallFont = fontSize * 0.7 >= 5.5 ? style.uiFont.withSize(fontSize * 0.7) : nil

        for (row, keys) in rows.enumerated() {
            var x = area.minX + sidePad
            let y = area.minY + pitch * CGFloat(row) + topPad
            for key in keys {
                defer { x += unit * key.units }
                guard !key.spacer else { continue }
                let rect = CGRect(x: x + gap / 2, y: y, width: unit * key.units - gap, height: keyHeight)
                let shadow = rect.offsetBy(dx: 0, dy: max(0.6, 1 * scale))
                keyBoxes.append(rect.union(shadow))
                list.fill(BezierPath(roundedRect: shadow, cornerRadius: radius), style.keyShadow.withAlphaComponent(alpha))
                list.fill(BezierPath(roundedRect: rect, cornerRadius: radius),
                          (key.special ? style.specialKeyFill : style.keyFill).withAlphaComponent(alpha))
                guard let labelFont = key.small ? smallFont : font, !key.label.isEmpty,
                      labelFont.width(of: key.label) < rect.width - 2 else { continue }
                centredText(key.label, font: labelFont, color: style.keyText.withAlphaComponent(alpha),
                            in: CGRect(x: rect.minX, y: rect.midY - labelFont.lineHeight / 2, width: rect.width,
                                       height: labelFont.lineHeight),
                            into: &list, boxes: &textBoxes)
            }
        }
    }

    private func drawBottomStrip(_ strip: CGRect, into list: inout DisplayList, alpha: Double) {
        // Globe on the left, dictation on the right, as the Face ID keyboards show them.
        let size = min(strip.height * 0.5, 22 * scale)
        guard size >= 3 else { return }
        let y = strip.minY + strip.height * 0.32
        let globe = CGRect(x: strip.minX + strip.width * 0.08, y: y, width: size, height: size)
        var globePath = BezierPath(ovalIn: globe)
        globePath.move(to: CGPoint(x: globe.minX, y: globe.midY))
        globePath.addLine(to: CGPoint(x: globe.maxX, y: globe.midY))
        globePath.append(BezierPath(ovalIn: globe.insetBy(dx: globe.width * 0.3, dy: 0)))
        list.stroke(globePath, style.keyText.withAlphaComponent(alpha * 0.8), width: max(0.6, 1.2 * scale))
        let mic = CGRect(x: strip.maxX - strip.width * 0.08 - size * 0.45, y: y, width: size * 0.45, height: size * 0.7)
        list.fill(BezierPath(roundedRect: mic, cornerRadius: mic.width / 2), style.keyText.withAlphaComponent(alpha * 0.8))
    }
}
