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

    /// The frames' grid: columns and rows, the devices' size and scale, and the canvas's width.
    struct Grid {
        var columns: Int
        var rows: Int
        /// The device's body, unscaled.
        var device: CGSize
        var scale: CGFloat
        var cellWidth: CGFloat
        var canvasWidth: CGFloat
        var textWidth: CGFloat { canvasWidth - 2 * FilmstripComposer.margin }
    }

    /// One frame: the device at that moment, its time above it and its values under it.
    struct Cell {
        var panel: DevicePanel
        var labels: [TextBlock.Line]
        var bottom: CGFloat
    }

    /// Lays out the header, the frames in rows and the chart under them, then draws the devices
    /// and the chart and places every label.
    func compose() throws -> ComposedDiagram {
        guard frames <= Self.maximumFrames else {
            throw KeyboardDiagramError.tooManyFilmstripFrames(frames, maximum: Self.maximumFrames)
        }
        let step = model.result
        let moments = try step.filmstrip(count: frames)
        let grid = self.grid()
        let title = diagramTitle()
        let header = TextBlock.header(title: title, subtitles: [curveDescription(step.animation)], steps: [step],
                                      language: model.language, style: style, margin: Self.margin, textWidth: grid.textWidth)
        let (cells, framesBottom) = frameCells(moments, grid: grid, top: header.bottom + 12)
        let chart = style.filmstrip
        let plot = CGRect(x: Self.margin + chart.axisLabelWidth, y: framesBottom + 4 + 8,
                          width: grid.textWidth - chart.axisLabelWidth - chart.notesWidth, height: chart.chartHeight - 40)
        let size = CGSize(width: grid.canvasWidth, height: (plot.maxY + 24 + Self.margin).rounded(.up))

        var list = DisplayList()
        list.fill(CGRect(origin: .zero, size: size), style.background)
        var layout = LabelLayout(bounds: CGRect(origin: .zero, size: size))
        var labelList = DisplayList()
        for (text, rect, styled, role) in header.boxes + cells.flatMap(\.labels) {
            do { try layout.reserve(text, frame: rect, role: role) } catch { throw KeyboardDiagramError.layout(error.description) }
            labelList.text(styled, in: rect)
        }
        let panels = cells.map(\.panel)
        let keyboardText = drawPanels(panels, list: &list, layout: &layout)
        try drawChart(plot: plot, animation: step.animation, moments: moments, list: &list, labels: &labelList, layout: &layout)
        list.append(labelList)
        return ComposedDiagram(size: size, title: title, list: list, layout: layout, keyboardText: keyboardText,
                               panels: panels)
    }

    /// Up to `perRow` frames a row, the devices as large as the width and height budgets allow.
    private func grid() -> Grid {
        let step = model.result
        let body = DeviceFigure.bodySize(step.metrics, step.screen.interfaceOrientation)
        let columns = min(frames, Self.perRow)
        let rows = (frames + columns - 1) / columns
        let scale = min((Self.targetWidth - 2 * Self.margin - Self.gap * CGFloat(columns - 1)) / CGFloat(columns) / body.width,
                        Self.maxDeviceHeight / CGFloat(rows == 1 ? 1 : 1.25) / body.height, 0.6)
        let cellWidth = max(body.width * scale, style.filmstrip.minimumCellWidth)
        let canvasWidth = max(2 * Self.margin + CGFloat(columns) * cellWidth + CGFloat(columns - 1) * Self.gap,
                              style.minimumCanvasWidth).rounded(.up)
        return Grid(columns: columns, rows: rows, device: body, scale: scale, cellWidth: cellWidth, canvasWidth: canvasWidth)
    }

    func diagramTitle() -> String {
        let language = model.language
        let orientation = model.result.screen.interfaceOrientation
        let name = model.scenario?.title ?? "\(model.device.name) · \(DiagramText.orientationName(orientation, language))"
        return language.text(.filmstripTitle, ["\(frames)", name, DiagramText.strategyTitle(model.strategy, language)])
    }

    /// The animation's curve: the spring's constants and durations, or the curve's name.
    func curveDescription(_ animation: KeyboardAnimation) -> String {
        let n = DiagramText.n
        switch animation.curve {
        case .keyboardSpring:
            let spring = animation.timing.spring
            return model.language.text(.curveSpring, ["\(animation.rawCurve)", n(spring.mass), n(spring.stiffness),
                                                      n(spring.angularFrequency), n(animation.totalDuration),
                                                      n(animation.reportedDuration)])
        default:
            return model.language.text(.curveOther, ["\(animation.rawCurve)", "\(animation.curve)", n(animation.reportedDuration)])
        }
    }

    /// The frames row by row from `top`; returns them and the top of whatever comes under them.
    private func frameCells(_ moments: [FilmstripFrame], grid: Grid, top: CGFloat) -> (cells: [Cell], bottom: CGFloat) {
        var cells: [Cell] = []
        var rowTop = top
        for row in 0..<grid.rows {
            var rowBottom = rowTop
            for column in 0..<grid.columns {
                let index = row * grid.columns + column
                guard index < moments.count else { break }
                let left = Self.margin + CGFloat(column) * (grid.cellWidth + Self.gap)
                let cell = frameCell(moments[index], grid: grid, left: left, top: rowTop)
                cells.append(cell)
                rowBottom = max(rowBottom, cell.bottom)
            }
            rowTop = rowBottom + 18
        }
        return (cells, rowTop)
    }

    /// One frame: its time, the device at that moment, and its progress, keyboard top and the
    /// strategy's value wrapped to the cell's width.
    func frameCell(_ moment: FilmstripFrame, grid: Grid, left: CGFloat, top: CGFloat) -> Cell {
        let step = model.result
        let timeText = "t = \(String(format: "%.3f", moment.time)) s"
        var labels = [TextBlock.line(timeText, font: style.labelBoldFont, color: style.ink, role: .timing,
                                     at: CGPoint(x: left, y: top))]
        let origin = CGPoint(x: left + (grid.cellWidth - grid.device.width * grid.scale) / 2,
                             y: top + style.labelBoldFont.lineHeight + 6)
        let figure = DeviceFigure(metrics: step.metrics, orientation: step.screen.interfaceOrientation, scale: grid.scale,
                                  origin: origin)
        let state = PanelState(kind: .moment(time: moment.time, progress: moment.progress), title: timeText, step: step,
                               geometry: moment.geometry, strategy: model.strategy, illustrativeKeyboards: [],
                               language: model.language)
        let n = DiagramText.n
        let values = [
            (model.language.text(.progressPercent, [String(format: "%.1f", moment.progress * 100)]), style.labelFont, style.ink),
            (model.language.text(.keyboardY, [n(moment.geometry.keyboardFrameInView.minY)]), style.labelFont,
             style.keyboardHeightColor),
            ("\(model.strategy.quantityName) = \(n(moment.geometry.value(for: model.strategy)))", style.labelBoldFont,
             style.valueColor),
        ]
        var y = figure.bodyRect.maxY + 6
        for (text, font, color) in values {
            for wrapped in TextWrap.lines(text, font: font, width: grid.cellWidth) {
                let line = TextBlock.line(wrapped, font: font, color: color, role: .timing, at: CGPoint(x: left, y: y))
                labels.append(line)
                y += line.frame.height + 1
            }
        }
        return Cell(panel: DevicePanel(state: state, figure: figure, style: style), labels: labels, bottom: y)
    }

    /// Draws each frame's device, and the end frame's top across its screen so each frame shows
    /// how far the keyboard still has to go; returns the rects of text drawn inside the keyboards.
    func drawPanels(_ panels: [DevicePanel], list: inout DisplayList, layout: inout LabelLayout) -> [CGRect] {
        var keyboardText: [CGRect] = []
        for panel in panels {
            let boxes = panel.draw(into: &list)
            layout.addProtectedText(boxes.text + panel.visibleToolbarText)
            layout.addProtectedAreas(boxes.keys)
            keyboardText += boxes.text
            layout.addKeyLines(panel.keyLines)
            let endTop = panel.canvasY(model.result.geometry.keyboardFrameInView.minY)
            let screen = panel.figure.screenRect
            if endTop > screen.minY, endTop < screen.maxY {
                list.line(LineSegment(x1: screen.minX, y1: endTop, x2: screen.maxX, y2: endTop),
                          style.keyboardHeightColor, width: 1, dash: [4, 3])
            }
        }
        return keyboardText
    }

    /// `notesSamples`: the legend says the dots are the frames drawn above (a filmstrip's), not
    /// the one moment an animation's frame shows beside it.
    func drawChart(plot: CGRect, animation: KeyboardAnimation, moments: [FilmstripFrame], notesSamples: Bool = true,
                   list: inout DisplayList, labels: inout DisplayList, layout: inout LabelLayout) throws {
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
        let notes: [(String, Font, Color)] = [(model.language.text(.plotProgress), style.labelBoldFont, style.tint)]
            + (notesSamples ? [(model.language.text(.plotSamples), style.labelFont, style.valueColor)] : [])
            + (animation.reportedDuration < duration - 1e-9
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
