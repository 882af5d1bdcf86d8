import Drawing
import Foundation
import Geometry

/// Lays out an animation filmstrip: the device at evenly spaced moments of the keyboard's
/// animation, each with its time, progress and the strategy's value, above a chart of the
/// animation curve with the sampled moments marked.
struct FilmstripComposer {
    let model: KeyboardDiagramModel
    let frames: Int
    let style: DiagramStyle

    static let maximumFrames = 24
    static let margin: CGFloat = 32
    static let gap: CGFloat = 18
    static let targetWidth: CGFloat = 1520
    static let maxDeviceHeight: CGFloat = 330
    static let perRow = 8

    func compose() throws -> ComposedDiagram {
        guard frames <= Self.maximumFrames else {
            throw KeyboardDiagramError.tooManyFilmstripFrames(frames, maximum: Self.maximumFrames)
        }
        let step = model.result
        let moments = try step.filmstrip(count: frames)
        let animation = step.animation
        let n = DiagramText.n
        let orientation = step.screen.interfaceOrientation
        let body = DeviceFigure.bodySize(step.metrics, orientation)
        let columns = min(frames, Self.perRow)
        let rows = (frames + columns - 1) / columns
        let scale = min((Self.targetWidth - 2 * Self.margin - Self.gap * CGFloat(columns - 1)) / CGFloat(columns) / body.width,
                        Self.maxDeviceHeight / CGFloat(rows == 1 ? 1 : 1.25) / body.height, 0.6)
        let cellWidth = max(body.width * scale, style.filmstrip.minimumCellWidth)
        let canvasWidth = max(2 * Self.margin + CGFloat(columns) * cellWidth + CGFloat(columns - 1) * Self.gap,
                              style.minimumCanvasWidth).rounded(.up)
        let textWidth = canvasWidth - 2 * Self.margin

        var layoutBoxes: [(String, CGRect, StyledText, LabelRole)] = []
        var y = Self.margin
        func addLine(_ text: String, _ font: Font, _ color: Color, _ role: LabelRole, x: CGFloat = Self.margin) {
            let size = StyledText(text, font: font).size()
            layoutBoxes.append((text, CGRect(x: x, y: y, width: size.width, height: size.height),
                                StyledText(text, font: font, color: color), role))
            y += size.height + (role == .title ? 6 : 3)
        }
        let language = model.language
        let name = model.scenario?.title ?? "\(model.device.name) · \(DiagramText.orientationName(orientation, language))"
        let title = language.text(.filmstripTitle, ["\(frames)", name, DiagramText.strategyTitle(model.strategy, language)])
        for line in TextWrap.lines(title, font: style.titleFont, width: textWidth) { addLine(line, style.titleFont, style.ink, .title) }
        let curveText: String
        switch animation.curve {
        case .keyboardSpring:
            let spring = animation.timing.spring
            let (mass, stiffness) = (n(spring.mass), n(spring.stiffness))
            curveText = language.text(.curveSpring, ["\(animation.rawCurve)", mass, stiffness, n(spring.angularFrequency),
                                                      n(animation.totalDuration), n(animation.reportedDuration)])
        default:
            curveText = language.text(.curveOther, ["\(animation.rawCurve)", "\(animation.curve)", n(animation.reportedDuration)])
        }
        for line in TextWrap.lines(curveText, font: style.subtitleFont, width: textWidth) {
            addLine(line, style.subtitleFont, style.secondaryInk, .subtitle)
        }
        for line in TextWrap.lines(DiagramText.logLine(step, language), font: style.subtitleFont, width: textWidth) {
            addLine(line, style.subtitleFont, style.frameColor, .subtitle)
        }
        y += 12

        // Frames.
        var list = DisplayList()
        var panels: [DevicePanel] = []
        var frameLabels: [(String, CGRect, StyledText, LabelRole)] = []
        let timingHeight = style.labelBoldFont.lineHeight
        var rowTop = y
        for row in 0..<rows {
            var rowBottom = rowTop
            for column in 0..<columns {
                let index = row * columns + column
                guard index < moments.count else { break }
                let moment = moments[index]
                let left = Self.margin + CGFloat(column) * (cellWidth + Self.gap)
                let timeText = "t = \(String(format: "%.3f", moment.time)) s"
                let timeSize = StyledText(timeText, font: style.labelBoldFont).size()
                frameLabels.append((timeText, CGRect(x: left, y: rowTop, width: timeSize.width, height: timeSize.height),
                                    StyledText(timeText, font: style.labelBoldFont, color: style.ink), .timing))
                let origin = CGPoint(x: left + (cellWidth - body.width * scale) / 2, y: rowTop + timingHeight + 6)
                let figure = DeviceFigure(metrics: step.metrics, orientation: orientation, scale: scale, origin: origin)
                let state = PanelState(kind: .moment(time: moment.time, progress: moment.progress), title: timeText, step: step,
                                       geometry: moment.geometry, strategy: model.strategy, illustrativeKeyboards: [])
                let panel = DevicePanel(state: state, figure: figure, style: style)
                panels.append(panel)
                var ty = figure.bodyRect.maxY + 6
                let value = moment.geometry.value(for: model.strategy)
                let lines = [
                    (language.text(.progressPercent, [String(format: "%.1f", moment.progress * 100)]), style.labelFont, style.ink),
                    (language.text(.keyboardY, [n(moment.geometry.keyboardFrameInView.minY)]), style.labelFont,
                     style.keyboardHeightColor),
                    ("\(model.strategy.quantityName) = \(n(value))", style.labelBoldFont, style.valueColor),
                ]
                for (text, font, color) in lines {
                    let wrapped = TextWrap.lines(text, font: font, width: cellWidth)
                    for line in wrapped {
                        let size = StyledText(line, font: font).size()
                        frameLabels.append((line, CGRect(x: left, y: ty, width: size.width, height: size.height),
                                            StyledText(line, font: font, color: color), .timing))
                        ty += size.height + 1
                    }
                }
                rowBottom = max(rowBottom, ty)
            }
            rowTop = rowBottom + 18
        }

        // Chart of the curve.
        let chartTop = rowTop + 4
        let chart = style.filmstrip
        let plot = CGRect(x: Self.margin + chart.axisLabelWidth, y: chartTop + 8,
                          width: textWidth - chart.axisLabelWidth - chart.notesWidth, height: chart.chartHeight - 40)
        let size = CGSize(width: canvasWidth, height: (plot.maxY + 24 + Self.margin).rounded(.up))

        list.fill(CGRect(origin: .zero, size: size), style.background)
        var layout = LabelLayout(bounds: CGRect(origin: .zero, size: size))
        var labelList = DisplayList()
        for (text, rect, styled, role) in layoutBoxes + frameLabels {
            do { try layout.reserve(text, frame: rect, role: role) } catch { throw KeyboardDiagramError.layout(error.description) }
            labelList.text(styled, in: rect)
        }
        var keyboardText: [CGRect] = []
        for panel in panels {
            let text = panel.draw(into: &list)
            layout.addProtectedText(text)
            keyboardText += text
            layout.addKeyLines(panel.keyLines)
            // The end frame's top, so each frame shows how far the keyboard still has to go.
            let endTop = panel.canvasY(step.geometry.keyboardFrameInView.minY)
            if endTop > panel.figure.screenRect.minY, endTop < panel.figure.screenRect.maxY {
                list.line(LineSegment(x1: panel.figure.screenRect.minX, y1: endTop, x2: panel.figure.screenRect.maxX, y2: endTop),
                          style.keyboardHeightColor, width: 1, dash: [4, 3])
            }
        }
        try drawChart(plot: plot, animation: animation, moments: moments, list: &list, labels: &labelList, layout: &layout)
        list.append(labelList)
        return ComposedDiagram(size: size, title: title, list: list, layout: layout, keyboardText: keyboardText,
                               panels: panels)
    }

    private func drawChart(plot: CGRect, animation: KeyboardAnimation, moments: [FilmstripFrame], list: inout DisplayList,
                           labels: inout DisplayList, layout: inout LabelLayout) throws {
        let duration = max(animation.totalDuration, animation.reportedDuration, 0.01)
        func point(_ t: Double, _ p: Double) -> CGPoint {
            CGPoint(x: plot.minX + plot.width * CGFloat(t / duration), y: plot.maxY - plot.height * CGFloat(p))
        }
        list.fill(plot, style.panelBackground)
        let axes = [LineSegment(x1: plot.minX, y1: plot.maxY, x2: plot.maxX, y2: plot.maxY),
                    LineSegment(x1: plot.minX, y1: plot.minY, x2: plot.minX, y2: plot.maxY)]
        for axis in axes { list.line(axis, style.ink, width: 1) }
        layout.addKeyLines(axes)
        func reserve(_ text: String, _ rect: CGRect, _ font: Font, _ color: Color, role: LabelRole = .caption,
                     alignment: TextAlignment = .left) throws {
            do { try layout.reserve(text, frame: rect, role: role) } catch { throw KeyboardDiagramError.layout(error.description) }
            labels.text(StyledText(text, font: font, color: color, alignment: alignment), in: rect)
        }
        // Ticks every 0.1 s and at progress 0, 0.5, 1.
        var tick = 0.0
        while tick <= duration + 1e-9 {
            let p = point(tick, 0)
            list.line(LineSegment(x1: p.x, y1: plot.maxY, x2: p.x, y2: plot.maxY + 4), style.ink, width: 1)
            if tick > 0 {
                list.line(LineSegment(x1: p.x, y1: plot.minY, x2: p.x, y2: plot.maxY), style.ink.withAlphaComponent(0.12), width: 1)
            }
            let text = String(format: "%.1f s", tick)
            let size = StyledText(text, font: style.smallFont).size()
            try reserve(text, CGRect(x: p.x - size.width / 2, y: plot.maxY + 6, width: size.width, height: size.height),
                        style.smallFont, style.secondaryInk, alignment: .center)
            tick += 0.1
        }
        for progress in [0.5, 1.0] {
            let p = point(0, progress)
            if progress > 0 {
                list.line(LineSegment(x1: plot.minX, y1: p.y, x2: plot.maxX, y2: p.y), style.ink.withAlphaComponent(0.12), width: 1)
            }
            let text = progress == 0.5 ? "50 %" : (progress == 1 ? "100 %" : "0 %")
            let size = StyledText(text, font: style.smallFont).size()
            try reserve(text, CGRect(x: plot.minX - size.width - 6, y: p.y - size.height / 2, width: size.width, height: size.height),
                        style.smallFont, style.secondaryInk)
        }
        // The reported duration, which curve 7 ignores.
        let reported = point(animation.reportedDuration, 0).x
        if animation.reportedDuration < duration - 1e-9 {
            let line = LineSegment(x1: reported, y1: plot.minY, x2: reported, y2: plot.maxY)
            list.line(line, style.safeAreaColor, width: 1.2, dash: [5, 3])
            layout.addKeyLine(line)
        }
        var curve = BezierPath()
        let samples = 160
        for index in 0...samples {
            let t = duration * Double(index) / Double(samples)
            let p = point(t, animation.progress(at: t))
            if index == 0 { curve.move(to: p) } else { curve.addLine(to: p) }
        }
        list.stroke(curve, style.tint, width: 2.2, join: .round)
        for moment in moments {
            let p = point(moment.time, moment.progress)
            list.fill(BezierPath(ovalIn: CGRect(center: p, size: CGSize(width: 8, height: 8))), style.valueColor)
            list.stroke(BezierPath(ovalIn: CGRect(center: p, size: CGSize(width: 8, height: 8))), .white, width: 1.2)
        }
        // Notes to the right of the plot.
        var ny = plot.minY
        let notes: [(String, Font, Color)] = [
            (model.language.text(.plotProgress), style.labelBoldFont, style.tint),
            (model.language.text(.plotSamples), style.labelFont, style.valueColor),
        ] + (animation.reportedDuration < duration - 1e-9
            ? [(model.language.text(.plotReportedDuration, [DiagramText.n(animation.reportedDuration)]), style.labelFont,
                style.safeAreaColor)]
            : [])
        for (text, font, color) in notes {
            let size = StyledText(text, font: font).size()
            try reserve(text, CGRect(x: plot.maxX + 16, y: ny, width: size.width, height: size.height), font, color, role: .legend)
            ny += size.height + 6
        }
    }
}

extension KeyboardDiagram {
    /// The most frames a filmstrip draws.
    public static let maximumFilmstripFrames = FilmstripComposer.maximumFrames
}
