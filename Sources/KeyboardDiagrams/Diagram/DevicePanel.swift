import Drawing
import Foundation
import Geometry

extension OverlapGeometry {
    /// The same view and event with the keyboard at `frame` (view coordinates): the state
    /// before the notification, or a moment of the animation.
    func moved(to frame: CGRect, reported: CGRect, screen: ScreenSpace, docking: KeyboardDocking? = nil) -> OverlapGeometry {
        let onScreen = KeyboardOverlap.intersection(of: view.convertToWindow(frame), with: screen.interfaceBounds) != nil
        return OverlapGeometry(keyboardFrameInView: frame, keyboardBeginFrameInView: keyboardBeginFrameInView,
                               reportedKeyboardFrame: reported, eventKind: eventKind, isKeyboardOnScreen: onScreen,
                               isIgnored: isIgnored, view: view, toolbarHeight: toolbarFrameBefore.height,
                               docking: docking ?? self.docking)
    }
}

/// One device picture of a diagram and the state it shows.
struct PanelState: Sendable {
    enum Kind: Sendable, Equatable {
        /// The keyboard at the notification's begin frame.
        case before
        /// The keyboard at the end frame, the app reacting correctly.
        case after
        /// The end frame, the app making a mistake.
        case mistake(MistakeOutcome)
        /// A moment of the animation.
        case moment(time: Double, progress: Double)
    }

    var kind: Kind
    var title: String
    var step: KeyboardStep
    /// The geometry of the state shown (begin frame for `.before`).
    var geometry: OverlapGeometry
    var strategy: AvoidanceStrategy
    /// Undocked keyboard pieces no notification reports (interface coordinates).
    var illustrativeKeyboards: [CGRect]

    var metrics: DeviceMetrics { step.metrics }

    /// The value the app applies in this state.
    var appliedValue: CGFloat {
        if case let .mistake(outcome) = kind { return outcome.wrongValue }
        return geometry.value(for: strategy)
    }

    var isMistake: Bool { if case .mistake = kind { return true } else { return false } }

    /// A mistake that changes the value here: drawn as an error (a harmless one is drawn as right).
    var isHarmfulMistake: Bool { if case let .mistake(outcome) = kind { return outcome.differs } else { return false } }

    /// Whether the keyboard is drawn: another app's keyboard is drawn too (it is on screen).
    var keyboardVisible: Bool { geometry.isKeyboardOnScreen }
}

/// The app's layout in view coordinates (device points) for a panel's state.
struct AppLayout: Sendable {
    var navigationBar: CGRect
    var textView: CGRect
    /// Nil for the content-inset strategy, whose text view runs to the bottom.
    var toolbar: CGRect?
    /// Where the toolbar was before it moved (toolbar strategy), drawn as a ghost.
    var toolbarGhost: CGRect?
    /// The lowest y where content is visible, as the app computed it.
    var contentBottom: CGFloat
    /// Where content should end: the keyboard's top in the view, or the safe-area bottom.
    var correctContentBottom: CGFloat

    init(state: PanelState) {
        let geometry = state.geometry
        let bounds = geometry.view.bounds
        let insets = geometry.view.safeAreaInsets
        let metrics = state.metrics
        let safeBottom = insets.bottom
        let navigationBar = CGRect(x: 0, y: 0, width: bounds.width, height: insets.top + metrics.navigationBarHeight)
        self.navigationBar = navigationBar
        let value = state.appliedValue
        let toolbarHeight = metrics.toolbarHeight
        switch state.strategy {
        case .bottomOffset, .layoutGuide:
            let bottom = state.strategy == .bottomOffset ? bounds.maxY - value : value
            let toolbar = CGRect(x: 0, y: bottom - toolbarHeight, width: bounds.width, height: toolbarHeight)
            self.toolbar = toolbar
            toolbarGhost = nil
            textView = CGRect(x: 0, y: navigationBar.maxY, width: bounds.width, height: max(0, toolbar.minY - navigationBar.maxY))
            contentBottom = bottom
        case .toolbar:
            let before = geometry.toolbarFrameBefore
            let after = before.offsetBy(dx: 0, dy: -value)
            toolbar = after
            toolbarGhost = value > 0.5 ? before : nil
            textView = CGRect(x: 0, y: navigationBar.maxY, width: bounds.width, height: max(0, before.minY - navigationBar.maxY))
            contentBottom = after.maxY
        case .contentInset:
            toolbar = nil
            toolbarGhost = nil
            textView = CGRect(x: 0, y: navigationBar.maxY, width: bounds.width, height: max(0, bounds.maxY - navigationBar.maxY))
            // The scroll view adds the safe area to the inset (adjustedContentInset).
            contentBottom = bounds.maxY - safeBottom - value
        }
        if let intersection = geometry.intersection, !geometry.isIgnored, geometry.docking.isDocked {
            correctContentBottom = intersection.minY
        } else {
            correctContentBottom = bounds.maxY - safeBottom
        }
    }
}

/// Everything a panel draws and the geometry the labels need.
struct DevicePanel: Sendable {
    let state: PanelState
    let figure: DeviceFigure
    let style: DiagramStyle
    let layout: AppLayout

    init(state: PanelState, figure: DeviceFigure, style: DiagramStyle) {
        self.state = state
        self.figure = figure
        self.style = style
        self.layout = AppLayout(state: state)
    }

    var view: HostView { state.geometry.view }

    /// View coordinates → canvas.
    func canvasRect(_ viewRect: CGRect) -> CGRect { figure.rect(view.convertToWindow(viewRect)) }
    func canvasY(_ viewY: CGFloat) -> CGFloat { figure.y(viewY + view.frame.minY) }

    var viewRect: CGRect { canvasRect(view.bounds) }
    var isFullScreen: Bool { view.frame == CGRect(origin: .zero, size: state.metrics.screenSize) }

    /// The keyboard's frame on the canvas (nil when hidden or empty).
    var keyboardRect: CGRect? {
        let frame = view.convertToWindow(state.geometry.keyboardFrameInView)
        guard state.keyboardVisible, frame.width > 0, frame.height > 0 else { return nil }
        return figure.rect(frame)
    }

    /// The keyboard's visible part on the canvas.
    var visibleKeyboardRect: CGRect? {
        guard let rect = keyboardRect else { return nil }
        let visible = rect.intersection(figure.screenRect)
        // Less than half a point on screen (rounding of converted frames) draws nothing.
        let least = 0.5 * figure.scale
        return visible.isNull || visible.width < least || visible.height < least ? nil : visible
    }

    /// Lines labels must keep clear of.
    var keyLines: [LineSegment] {
        var lines = figure.keyLines
        // The view's edges as drawn: a view reaching past the screen is cut at its edges.
        let visibleView = viewRect.intersection(figure.screenRect)
        if !isFullScreen, !visibleView.isNull, !visibleView.isEmpty { lines += LineSegment.edges(of: visibleView) }
        if let keyboard = visibleKeyboardRect {
            lines.append(LineSegment(x1: keyboard.minX, y1: keyboard.minY, x2: keyboard.maxX, y2: keyboard.minY))
        }
        return lines
    }

    // MARK: drawing

    /// Draws the panel; returns the boxes of the keyboards' text as far as the screen shows it,
    /// which labels must not cover.
    func draw(into list: inout DisplayList) -> [CGRect] {
        figure.drawBody(into: &list, style: style)
        list.clipped(to: figure.screenPath) { screen in
            screen.fill(figure.screenRect, isFullScreen ? style.appBackground : style.dimmedScreen.withAlphaComponent(0.55))
            if !isFullScreen { drawOtherApp(into: &screen) }
            drawApp(into: &screen)
        }
        figure.drawUnsafeMargins(into: &list, style: style)
        let keyboardText = drawKeyboards(into: &list)
        drawOverlays(into: &list)
        figure.drawScreenHardware(into: &list, style: style)
        figure.drawScreenOutline(into: &list, style: style)
        return keyboardText
    }

    /// Another app or the presenting screen behind a view that does not fill the screen.
    private func drawOtherApp(into list: inout DisplayList) {
        let frame = view.frame
        let screen = CGRect(origin: .zero, size: state.metrics.screenSize)
        // A column view (Split View) leaves room beside it for the other app.
        guard frame.height >= screen.height - 0.5 else { return }
        let others = [CGRect(x: 0, y: 0, width: max(0, frame.minX - 10), height: screen.height),
                      CGRect(x: frame.maxX + 10, y: 0, width: max(0, screen.maxX - frame.maxX - 10), height: screen.height)]
        for other in others where other.width > 40 {
            let rect = figure.rect(other)
            list.fill(rect, Color(rgb: 0xE5E5EA))
            let fontSize = 17 * figure.scale
            guard fontSize >= 6 else { continue }
            list.text(StyledText("Other app", font: style.uiFont.withSize(fontSize), color: style.secondaryInk, alignment: .center),
                      in: CGRect(x: rect.minX, y: rect.midY - fontSize, width: rect.width, height: fontSize * 2))
        }
    }

    private func drawApp(into list: inout DisplayList) {
        let s = figure.scale
        let card = viewRect
        let cardPath = isFullScreen ? BezierPath(rect: card) : BezierPath(roundedRect: card, cornerRadius: 10 * s)
        list.fill(cardPath, style.appBackground)
        list.clipped(to: cardPath) { app in
            drawNavigationBar(into: &app)
            drawTextView(into: &app)
            drawTabBar(into: &app)
            drawToolbar(into: &app)
        }
        if !isFullScreen { list.stroke(cardPath, style.frameColor, width: 1.2) }
    }

    private func drawNavigationBar(into list: inout DisplayList) {
        let s = figure.scale
        let bar = canvasRect(layout.navigationBar)
        list.fill(bar, style.barFill)
        list.line(LineSegment(x1: bar.minX, y1: bar.maxY, x2: bar.maxX, y2: bar.maxY), style.barHairline, width: max(0.5, s))
        let insets = view.safeAreaInsets
        let content = CGRect(x: layout.navigationBar.minX + insets.left, y: insets.top,
                             width: layout.navigationBar.width - insets.horizontal, height: state.metrics.navigationBarHeight)
        let contentRect = canvasRect(content)
        let titleSize = 17 * s
        guard titleSize >= 5 else { return }
        let title = StyledText("Notes", font: style.uiBoldFont.withSize(titleSize), color: style.ink, alignment: .center)
        list.text(title, in: CGRect(x: contentRect.minX, y: contentRect.midY - titleSize * 0.6, width: contentRect.width,
                                    height: titleSize * 1.3))
        let buttonFont = style.uiFont.withSize(titleSize)
        if contentRect.width > buttonFont.width(of: "‹ Back  Notes  Done") + 16 * s {
            list.text(StyledText("‹ Back", font: buttonFont, color: style.tint),
                      in: CGRect(x: contentRect.minX + 8 * s, y: contentRect.midY - titleSize * 0.6, width: contentRect.width / 3,
                                 height: titleSize * 1.3))
            list.text(StyledText("Done", font: buttonFont, color: style.tint, alignment: .right),
                      in: CGRect(x: contentRect.maxX - contentRect.width / 3 - 8 * s, y: contentRect.midY - titleSize * 0.6,
                                 width: contentRect.width / 3, height: titleSize * 1.3))
        }
        // Status bar in the top safe area (or on the bar of a phone without one).
        if insets.top >= 20 {
            let statusRect = canvasRect(CGRect(x: insets.left, y: 0, width: layout.navigationBar.width - insets.horizontal,
                                               height: min(insets.top, 54)))
            let statusFont = style.uiBoldFont.withSize(13 * s)
            let timeRect = CGRect(x: statusRect.minX + 22 * s, y: statusRect.midY - 8 * s, width: 60 * s, height: 16 * s)
            if 13 * s >= 5, figure.sensorHousing.map({ !figure.rect($0.rect).intersects(timeRect) }) ?? true {
                list.text(StyledText("9:41", font: statusFont, color: style.ink), in: timeRect)
            }
            let battery = CGRect(x: statusRect.maxX - 40 * s, y: statusRect.midY - 5 * s, width: 24 * s, height: 11 * s)
            list.stroke(BezierPath(roundedRect: battery, cornerRadius: 3 * s), style.ink, width: max(0.5, s))
            list.fill(BezierPath(roundedRect: battery.insetBy(dx: 2 * s, dy: 2 * s), cornerRadius: 1.5 * s), style.ink)
        }
    }

    static let sampleText = """
        Dear diary, the keyboard came up again today and covered the last lines I was typing. \
        The fix: convert its frame to my view, intersect it with the bounds, and move what it hides. \
        Tomorrow: landscape, the iPad, and the shortcut bar.
        """

    private func drawTextView(into list: inout DisplayList) {
        let s = figure.scale
        let textView = layout.textView
        guard textView.height > 0 else { return }
        let insets = view.safeAreaInsets
        let fontSize = 17 * s
        let font = style.uiFont.withSize(max(fontSize, 0.1))
        let margin = 16 + max(insets.left, insets.right)
        let textWidth = (textView.width - 2 * margin) * s
        let lineHeight = 22 * s
        let lines = fontSize >= 4 ? TextWrap.lines(Self.sampleText, font: font, width: textWidth) : []
        let textRect = canvasRect(textView)
        let left = canvasRect(CGRect(x: margin, y: 0, width: 1, height: 1)).minX
        let first = textRect.minY + 10 * s
        list.clipped(to: BezierPath(rect: textRect)) { inner in
            var y = first
            for line in lines {
                inner.text(StyledText(line, font: font, color: style.textLine), in: CGRect(x: left, y: y, width: textWidth + 4, height: lineHeight))
                y += lineHeight
            }
            // The caret after the last word.
            if let last = lines.last {
                let caretX = left + font.width(of: last) + 2 * s
                let caret = CGRect(x: caretX, y: y - lineHeight + 1 * s, width: max(1, 2 * s), height: lineHeight - 2 * s)
                inner.fill(caret, style.tint)
            }
            if state.strategy == .contentInset { drawScrollIndicator(into: &inner, textRect: textRect) }
        }
    }

    /// The scroll indicator ends where the inset starts (the scroll indicator inset follows the content inset).
    private func drawScrollIndicator(into list: inout DisplayList, textRect: CGRect) {
        let s = figure.scale
        let bottom = canvasY(layout.contentBottom)
        let top = textRect.minY + 4 * s
        guard bottom - top > 6 * s else { return }
        let indicator = CGRect(x: textRect.maxX - (view.safeAreaInsets.right + 6) * s, y: top + (bottom - top) * 0.15,
                               width: 3 * s, height: (bottom - top) * 0.3)
        list.fill(BezierPath(roundedRect: indicator, cornerRadius: 1.5 * s), Color(white: 0, alpha: 0.35))
    }

    /// A tab bar controller's bar: its height is part of the view's bottom safe area.
    private func drawTabBar(into list: inout DisplayList) {
        let height = view.tabBarHeight
        guard height > 0 else { return }
        let s = figure.scale
        let bounds = view.bounds
        let top = bounds.maxY - view.safeAreaInsets.bottom
        let bar = canvasRect(CGRect(x: 0, y: top, width: bounds.width, height: bounds.maxY - top))
        list.fill(bar, style.barFill)
        list.line(LineSegment(x1: bar.minX, y1: bar.minY, x2: bar.maxX, y2: bar.minY), style.barHairline, width: max(0.5, s))
        let items = ["Notes", "Search", "Settings"]
        let cell = bar.width / CGFloat(items.count)
        let fontSize = 10 * s
        for (index, item) in items.enumerated() {
            let center = CGPoint(x: bar.minX + cell * (CGFloat(index) + 0.5), y: bar.minY + 16 * s)
            let color = index == 0 ? style.tint : style.secondaryInk
            list.fill(BezierPath(roundedRect: CGRect(center: center, size: CGSize(width: 22 * s, height: 18 * s)), cornerRadius: 4 * s),
                      color)
            guard fontSize >= 4.5 else { continue }
            list.text(StyledText(item, font: style.uiFont.withSize(fontSize), color: color, alignment: .center),
                      in: CGRect(x: center.x - cell / 2, y: bar.minY + 28 * s, width: cell, height: fontSize * 1.3))
        }
    }

    private func drawToolbar(into list: inout DisplayList) {
        guard let toolbar = layout.toolbar else { return }
        let s = figure.scale
        let bounds = view.bounds
        let rect = canvasRect(toolbar)
        // A toolbar resting on the safe area extends its background to the screen edge.
        if toolbar.maxY >= bounds.maxY - view.safeAreaInsets.bottom - 0.5 {
            list.fill(canvasRect(CGRect(x: 0, y: toolbar.minY, width: bounds.width, height: bounds.maxY - toolbar.minY)), style.barFill)
        }
        list.fill(rect, style.barFill)
        list.line(LineSegment(x1: rect.minX, y1: rect.minY, x2: rect.maxX, y2: rect.minY), style.barHairline, width: max(0.5, s))
        let insets = view.safeAreaInsets
        let fontSize = 17 * s
        guard fontSize >= 5 else { return }
        let font = style.uiFont.withSize(fontSize)
        let inner = canvasRect(CGRect(x: toolbar.minX + insets.left + 16, y: toolbar.minY, width: toolbar.width - insets.horizontal - 32,
                                      height: toolbar.height))
        let textRect = CGRect(x: inner.minX, y: inner.midY - fontSize * 0.62, width: inner.width, height: fontSize * 1.3)
        list.text(StyledText("Format", font: font, color: style.tint), in: textRect)
        list.text(StyledText("Send", font: style.uiBoldFont.withSize(fontSize), color: style.tint, alignment: .right), in: textRect)
        if inner.width > font.width(of: "Format  Attach  Send") + 40 * s {
            list.text(StyledText("Attach", font: font, color: style.tint, alignment: .center), in: textRect)
        }
    }

    private func drawKeyboards(into list: inout DisplayList) -> [CGRect] {
        let painter = KeyboardPainter(style: style, scale: figure.scale)
        var textBoxes: [CGRect] = []
        list.clipped(to: figure.screenPath) { screen in
            if let keyboard = keyboardRect {
                let parts = KeyboardPainter.parts(height: state.geometry.keyboardFrameInView.height, metrics: state.metrics)
                textBoxes += painter.draw(in: keyboard, parts: parts, into: &screen)
            }
            let pieces = state.illustrativeKeyboards
            for (index, piece) in pieces.enumerated() where piece.width > 0 && piece.height > 0 {
                let rect = figure.rect(piece)
                let layout: KeyboardPainter.Layout = pieces.count == 2 ? (index == 0 ? .leftHalf : .rightHalf) : .full
                screen.fill(BezierPath(roundedRect: rect.insetBy(dx: -3, dy: -3).offsetBy(dx: 0, dy: 2), cornerRadius: 12 * figure.scale),
                            Color(white: 0, alpha: 0.18))
                screen.clipped(to: BezierPath(roundedRect: rect, cornerRadius: 10 * figure.scale)) { piece in
                    let parts = KeyboardPainter.Parts(predictiveBar: 0, bottomStrip: 0, isPad: false, layout: layout)
                    textBoxes += painter.draw(in: rect, parts: parts, into: &piece).map { $0.intersection(rect) }
                }
            }
        }
        // Text clipped away by the screen's edge is not drawn, so it needs no room.
        return textBoxes.map { $0.intersection(figure.screenRect) }.filter { !$0.isNull && $0.width > 0 && $0.height > 0 }
    }

    private func drawOverlays(into list: inout DisplayList) {
        let s = figure.scale
        // The part of the view the keyboard covers.
        if let intersection = state.geometry.intersection, state.keyboardVisible {
            let rect = canvasRect(intersection).intersection(figure.screenRect)
            if !rect.isNull, rect.height > 0 {
                // Clipped to the screen's rounded corners, like everything on the glass.
                list.clipped(to: figure.screenPath) { glass in
                    glass.fill(rect, style.overlapFill)
                    DeviceFigure.hatch(rect, into: &glass, color: style.intersectionColor.withAlphaComponent(0.35), spacing: 9)
                    glass.stroke(BezierPath(rect: rect.insetBy(dx: 1, dy: 1)), style.intersectionColor, width: 2, dash: [6, 3])
                }
            }
        }
        // Where the toolbar was.
        if let ghost = layout.toolbarGhost {
            let rect = canvasRect(ghost)
            list.stroke(BezierPath(rect: rect.insetBy(dx: 1, dy: 1)), style.valueColor, width: 1.5, dash: [5, 3])
        }
        // The layout guide's frame.
        if state.strategy == .layoutGuide, case .after = state.kind {
            let guide = canvasRect(state.geometry.layoutGuideFrame).intersection(figure.screenRect)
            if !guide.isNull, guide.height > 0 {
                list.stroke(BezierPath(rect: guide.insetBy(dx: 2.5, dy: 2.5)), style.valueColor, width: 2, dash: [9, 4])
            }
        }
        if case let .mistake(outcome) = state.kind { drawMistake(outcome, into: &list) }
        _ = s
    }

    /// The frame the mistaken code believes in, and the strip of content it hides or wastes.
    private func drawMistake(_ outcome: MistakeOutcome, into list: inout DisplayList) {
        let assumed = outcome.keyboardFrameAsUsed
        if assumed != state.geometry.keyboardFrameInView, assumed.width > 0, assumed.height > 0 {
            // Drawn in the view's coordinates, which is exactly the mistake; cut at the screen's edge.
            let rect = canvasRect(assumed)
            list.clipped(to: figure.screenPath) { inner in
                inner.stroke(BezierPath(rect: rect), style.mistakeColor, width: 2, dash: [7, 4])
            }
        }
        guard let zone = errorZone else { return }
        let rect = canvasRect(zone.rect)
        let color = zone.hidesContent ? style.mistakeColor : style.gapColor
        list.fill(rect, color.withAlphaComponent(0.28))
        DeviceFigure.hatch(rect, into: &list, color: color.withAlphaComponent(0.75), spacing: 6, width: 1.2)
        list.stroke(BezierPath(rect: rect), color, width: 1.5)
    }

    /// Between where content ends and where it should end (view coordinates), nil when they agree.
    var errorZone: (rect: CGRect, hidesContent: Bool)? {
        let actual = layout.contentBottom, correct = layout.correctContentBottom
        guard abs(actual - correct) >= 0.5 else { return nil }
        let bounds = view.bounds
        let top = min(actual, correct), bottom = max(actual, correct)
        let rect = CGRect(x: 0, y: max(top, 0), width: bounds.width, height: min(bottom, bounds.maxY) - max(top, 0))
        guard rect.height > 0 else { return nil }
        return (rect, actual > correct)
    }
}
