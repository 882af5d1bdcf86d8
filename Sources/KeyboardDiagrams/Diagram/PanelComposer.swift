import Drawing
import Foundation
import Geometry

/// Lays out before/after and mistake diagrams: title, device panels side by side with their
/// dimensions and labels, the computation with its numbers, and a legend.
struct PanelComposer {
    let model: KeyboardDiagramModel
    let variant: KeyboardDiagramVariant
    let style: DiagramStyle

    // Canvas measures, points.
    static let margin: CGFloat = 32
    static let panelGap: CGFloat = 44
    static let targetWidth: CGFloat = 1600
    static let maxDeviceHeight: CGFloat = 640
    static let laneInset: CGFloat = 16
    static let columnGap: CGFloat = 12
    /// Room under each device for a label such as "begin frame … below the screen".
    static let belowDeviceRow: CGFloat = 26

    /// A dimension before it is placed on the canvas: view coordinates.
    struct DimensionSpec {
        var top: CGFloat
        var bottom: CGFloat
        var text: String
        var color: Color
        var emphasised: Bool
        /// Measures the keyboard rather than the view: extension lines start at the keyboard's edge.
        var measuresKeyboard = false
    }

    /// An annotation inside or next to the device.
    struct AnnotationSpec {
        var text: String
        /// Tried when the full text fits nowhere near its anchor, and used in the gutter.
        var shortText: String?
        var color: Color
        var candidates: (CGSize) -> [CGRect]
        var anchor: CGPoint
        /// The label column is made wide enough for the full text, not only the short one: a frame
        /// without the words "end frame" says little at the end of a leader.
        var fullTextFitsGutter = false
    }

    /// A phrase in the model's language.
    func t(_ phrase: Phrase, _ arguments: [String] = []) -> String { model.language.text(phrase, arguments) }

    // MARK: states

    func states() throws -> [PanelState] {
        let steps = model.steps
        let illustrative = model.scenario?.illustrativeKeyboardFrames ?? []
        switch variant {
        case .beforeAfter:
            let first = steps[0]
            // Undocking starts from a docked keyboard: the layout guide follows it until the notification.
            let beganDocked = first.geometry.docking == .hardwareKeyboard ? KeyboardDocking.hardwareKeyboard : .docked
            let begin = first.geometry.moved(to: first.geometry.keyboardBeginFrameInView, reported: first.event.frameBegin,
                                             screen: first.screen, docking: beganDocked)
            let beforeTitle = t(begin.isKeyboardOnScreen ? .beforeKeyboardUp : .beforeKeyboardOffScreen)
            var states = [PanelState(kind: .before, title: beforeTitle, step: first, geometry: begin,
                                     strategy: model.strategy, illustrativeKeyboards: [], language: model.language)]
            for (index, step) in steps.enumerated() {
                let title = steps.count == 1
                    ? t(.afterNotification, [step.event.kind.notificationName])
                    : t(.stepNotification, ["\(index + 1)", step.event.kind.notificationName])
                states.append(PanelState(kind: .after, title: title, step: step, geometry: step.geometry,
                                         strategy: model.strategy,
                                         illustrativeKeyboards: index == steps.count - 1 ? illustrative : [],
                                         language: model.language))
            }
            return states
        case let .mistake(mistake):
            let step = model.result
            guard let outcome = step.geometry.outcome(of: mistake, strategy: model.strategy, language: model.language) else {
                throw KeyboardDiagramError.mistakeNotApplicable(mistake, model.strategy)
            }
            return [
                PanelState(kind: .after, title: t(.correctPanel, [step.strategy.quantityName, DiagramText.n(outcome.rightValue)]),
                           step: step, geometry: step.geometry, strategy: model.strategy, illustrativeKeyboards: illustrative,
                           language: model.language),
                PanelState(kind: .mistake(outcome),
                           title: t(outcome.differs ? .mistakePanel : .harmlessPanel, [mistake.title(in: model.language)]),
                           step: step, geometry: step.geometry,
                           strategy: model.strategy, illustrativeKeyboards: illustrative, language: model.language),
            ]
        case .filmstrip:
            return []
        }
    }

    // MARK: dimensions and annotations

    func dimensionSpecs(_ state: PanelState) -> [DimensionSpec] {
        let g = state.geometry
        let bounds = g.view.bounds
        let safe = g.view.safeAreaInsets.bottom
        let n = DiagramText.n
        var specs: [DimensionSpec] = []
        if safe > 0 {
            specs.append(DimensionSpec(top: bounds.maxY - safe, bottom: bounds.maxY, text: t(.safeAreaBottom, [n(safe)]),
                                       color: style.safeAreaColor, emphasised: false))
        }
        let showsKeyboard: Bool
        switch state.kind {
        case .after, .mistake: showsKeyboard = true
        // A keyboard already up before the notification is measured too (a hide, an undock).
        case .before: showsKeyboard = g.isKeyboardOnScreen
        case .moment: showsKeyboard = false
        }
        if showsKeyboard, state.keyboardVisible {
            let keyboard = g.keyboardFrameInView
            if keyboard.height > 0 {
                specs.append(DimensionSpec(top: keyboard.minY, bottom: keyboard.maxY, text: t(.keyboardHeight, [n(keyboard.height)]),
                                           color: style.keyboardHeightColor, emphasised: false, measuresKeyboard: true))
            }
            if let intersection = g.intersection {
                specs.append(DimensionSpec(top: intersection.minY, bottom: bounds.maxY,
                                           text: t(.intersectionHeight, [n(bounds.maxY - intersection.minY)]),
                                           color: style.intersectionColor, emphasised: false))
            }
        }
        let value = state.appliedValue
        let color = state.isHarmfulMistake ? style.mistakeColor : style.valueColor
        let suffix = state.isHarmfulMistake ? " ✗" : ""
        switch state.strategy {
        case .bottomOffset where value > 0:
            specs.append(DimensionSpec(top: bounds.maxY - value, bottom: bounds.maxY, text: "bottomOffset = \(n(value))\(suffix)",
                                       color: color, emphasised: true))
        case .contentInset where value > 0:
            specs.append(DimensionSpec(top: bounds.maxY - safe - value, bottom: bounds.maxY - safe,
                                       text: "contentInset.bottom = \(n(value))\(suffix)", color: color, emphasised: true))
        case .toolbar where value > 0:
            let before = g.toolbarFrameBefore
            specs.append(DimensionSpec(top: before.minY - value, bottom: before.minY, text: t(.toolbarUp, [n(value)]) + suffix,
                                       color: color, emphasised: true))
        case .layoutGuide:
            specs.append(DimensionSpec(top: 0, bottom: value, text: "keyboardLayoutGuide.top = \(n(value))",
                                       color: color, emphasised: true))
        default:
            break
        }
        return specs
    }

    func annotations(_ panel: DevicePanel) -> [AnnotationSpec] {
        let state = panel.state
        let g = state.geometry
        var result: [AnnotationSpec] = []
        let figure = panel.figure
        if let visible = panel.visibleKeyboardRect, state.kind != .before || g.isKeyboardOnScreen {
            let isBegin = state.kind == .before
            let text = t(isBegin ? .beginFrame : .endFrame,
                         [DiagramText.frame(isBegin ? state.step.event.frameBegin : state.step.event.frameEnd)])
            // The frame as drawn: within the screen's width, its ghost below the screen included.
            let screen = figure.screenRect
            let whole = (panel.keyboardRect ?? visible)
                .intersection(CGRect(x: screen.minX, y: screen.minY, width: screen.width, height: .greatestFiniteMagnitude / 4))
            // At the frame's top-left corner first, where its origin is; then anywhere in the frame,
            // including the part below the screen.
            let short = DiagramText.frame(isBegin ? state.step.event.frameBegin : state.step.event.frameEnd)
            result.append(AnnotationSpec(text: text, shortText: short, color: style.frameColor, candidates: { size in
                LabelCandidates.grid(visible, size: size, inset: 4) + LabelCandidates.grid(whole, size: size, inset: 4)
            }, anchor: CGPoint(x: visible.minX + 2, y: visible.minY + 2), fullTextFitsGutter: true))
        }
        // An end frame entirely off screen, or the begin frame of a keyboard that slides in.
        let body = figure.bodyRect
        if state.kind == .before, panel.visibleKeyboardRect == nil {
            let frame = DiagramText.frame(state.step.event.frameBegin)
            result.append(belowDevice(t(.beginFrameBelowScreen, [frame]), short: frame, body))
        } else if state.kind != .before, panel.visibleKeyboardRect == nil {
            let frame = state.step.event.frameEnd
            let phrase: Phrase = frame.width <= 0 || frame.height <= 0 ? .endFrameEmpty : .endFrameOffScreen
            result.append(belowDevice(t(phrase, [DiagramText.frame(frame)]),
                                      short: DiagramText.frame(frame), body))
        }
        for piece in state.illustrativeKeyboards where piece.width > 0 && piece.height > 0 {
            let rect = figure.rect(piece)
            let isSplit = state.illustrativeKeyboards.count > 1
            let name = t(isSplit ? .splitKeyboardNoFrame : .floatingKeyboardNoFrame)
            let short = t(isSplit ? .splitKeyboard : .floatingKeyboard)
            result.append(AnnotationSpec(text: name, shortText: short, color: style.frameColor, candidates: { size in
                [CGRect(x: rect.minX, y: rect.minY - size.height - 4, width: size.width, height: size.height),
                 CGRect(x: rect.maxX - size.width, y: rect.minY - size.height - 4, width: size.width, height: size.height)]
                    + LabelCandidates.inside(rect, size: size)
            }, anchor: CGPoint(x: rect.midX, y: rect.minY)))
        }
        if let ghost = panel.layout.toolbarGhost,
           case let rect = panel.canvasRect(ghost).intersection(figure.screenRect), !rect.isNull, rect.height >= 6 {
            result.append(AnnotationSpec(text: t(.toolbarWasHere), color: style.valueColor, candidates: { size in
                LabelCandidates.inside(rect, size: size, inset: 3)
                    + [CGRect(x: rect.midX - size.width / 2, y: rect.minY - size.height - 4, width: size.width, height: size.height)]
            }, anchor: CGPoint(x: rect.midX, y: rect.midY)))
        }
        if state.strategy == .layoutGuide, state.kind == .after {
            let guide = panel.canvasRect(g.layoutGuideFrame).intersection(figure.screenRect)
            if !guide.isNull, guide.height > 0 {
                // Inside the guide (between the rows of a keyboard's text) before above it, where the
                // toolbar's buttons are.
                result.append(AnnotationSpec(text: "keyboardLayoutGuide", color: style.valueColor, candidates: { size in
                    [CGRect(x: guide.maxX - size.width - 6, y: guide.minY + 6, width: size.width, height: size.height)]
                        + LabelCandidates.grid(guide, size: size)
                        + [CGRect(x: guide.maxX - size.width - 6, y: guide.minY - size.height - 4, width: size.width,
                                  height: size.height)]
                }, anchor: CGPoint(x: guide.maxX - 4, y: guide.minY + 4)))
            }
        }
        if case let .mistake(outcome) = state.kind {
            if let zone = panel.errorZone,
               case let rect = panel.canvasRect(zone.rect).intersection(figure.screenRect), !rect.isNull, rect.height > 0 {
                let height = DiagramText.n(zone.rect.height)
                let text = t(zone.hidesContent ? .hiddenUnderKeyboard : .wastedGapPoints, [height])
                let color = zone.hidesContent ? style.mistakeColor : style.gapColor
                let short = t(zone.hidesContent ? .hiddenShort : .gapShort, [height])
                result.append(AnnotationSpec(text: text, shortText: short, color: color, candidates: { size in
                    LabelCandidates.inside(rect, size: size, inset: 4)
                        + [CGRect(x: rect.midX - size.width / 2, y: rect.minY - size.height - 4, width: size.width, height: size.height),
                           CGRect(x: rect.midX - size.width / 2, y: rect.maxY + 4, width: size.width, height: size.height)]
                }, anchor: CGPoint(x: rect.midX, y: rect.midY)))
            }
            let assumed = outcome.keyboardFrameAsUsed
            if assumed != g.keyboardFrameInView, assumed.width > 0, assumed.height > 0 {
                let rect = panel.canvasRect(assumed).intersection(figure.screenRect)
                if !rect.isNull, rect.width > 20, rect.height > 10 {
                    let text = t(.frameAsUsed, [DiagramText.frame(assumed)])
                    result.append(AnnotationSpec(text: text, shortText: t(.frameAsUsedShort, [DiagramText.frame(assumed)]),
                                                 color: style.mistakeColor,
                                                 candidates: { size in
                        LabelCandidates.inside(rect, size: size)
                            + [CGRect(x: rect.minX + 4, y: rect.minY - size.height - 4, width: size.width, height: size.height),
                               CGRect(x: rect.maxX - size.width - 4, y: rect.minY - size.height - 4, width: size.width,
                                      height: size.height)]
                    }, anchor: CGPoint(x: rect.minX + 4, y: rect.minY)))
                }
            }
        }
        return result
    }

    private func belowDevice(_ text: String, short: String, _ body: CGRect) -> AnnotationSpec {
        AnnotationSpec(text: text, shortText: short, color: style.frameColor, candidates: { size in
            [CGRect(x: body.midX - size.width / 2, y: body.maxY + 6, width: size.width, height: size.height),
             CGRect(x: body.minX, y: body.maxY + 6, width: size.width, height: size.height),
             CGRect(x: body.maxX - size.width, y: body.maxY + 6, width: size.width, height: size.height)]
        }, anchor: CGPoint(x: body.midX, y: body.maxY))
    }

    // MARK: composition

    private struct PanelPlan {
        var state: PanelState
        var bodySize: CGSize
        /// Device points the keyboard frame reaches below the body (partly visible keyboards).
        var belowBody: CGFloat
        var dimensions: [DimensionSpec]
        /// Everything right of the device: the dimension lanes and the label column.
        var fixedWidth: CGFloat
    }

    private typealias TextBox = TextBlock.Line

    /// The devices side by side, with their titles above and the row's extent.
    private struct PanelRow {
        var panels: [DevicePanel]
        var xs: [CGFloat]
        var widths: [CGFloat]
        var titleLines: [[String]]
        var titleTop: CGFloat
        var titleLineHeight: CGFloat
        var devicesTop: CGFloat
        /// Below the lowest device and the row under it for "below the screen" labels.
        var bottom: CGFloat
    }

    private struct PlacedLegend {
        var items: [(item: LegendItem, swatch: CGRect, text: CGRect)]
        var bottom: CGFloat
    }

    /// Lays out the header, the panels, their captions, the computation and the legend, then
    /// draws the panels and places every label.
    func compose() throws -> ComposedDiagram {
        let plans = try panelPlans()
        let scale = try commonScale(plans)
        let panelWidths = plans.map { $0.bodySize.width * scale + $0.fixedWidth }
        let contentWidth = panelWidths.reduce(0, +) + Self.panelGap * CGFloat(plans.count - 1)
        let canvasWidth = max(contentWidth + 2 * Self.margin, style.minimumCanvasWidth).rounded(.up)
        let textWidth = canvasWidth - 2 * Self.margin

        let title = diagramTitle()
        let header = headerBlock(title: title, textWidth: textWidth)
        let row = panelRow(plans, widths: panelWidths, scale: scale, top: header.bottom + 14)
        let captions = captionBlock(row)
        let computation = computationBlock(top: captions.bottom + 16, textWidth: textWidth)
        let legend = legendLayout(legendItems(plans, panels: row.panels), top: computation.bottom + 12, canvasWidth: canvasWidth)
        let size = CGSize(width: canvasWidth, height: (legend.bottom + Self.margin).rounded(.up))

        var list = DisplayList()
        list.fill(CGRect(origin: .zero, size: size), style.background)
        var layout = LabelLayout(bounds: CGRect(origin: .zero, size: size))
        var labelList = DisplayList()
        try reserveText(header: header, row: row, captions: captions, computation: computation, legend: legend,
                        layout: &layout, labels: &labelList)
        // First every drawing and its key lines, so no panel's labels land on a later panel's lines.
        let (panelDimensions, keyboardText) = drawPanels(plans, row: row, list: &list, layout: &layout)
        try placeLabels(plans, row: row, dimensions: panelDimensions, layout: &layout, labels: &labelList)
        list.append(labelList)
        return ComposedDiagram(size: size, title: title, list: list, layout: layout, keyboardText: keyboardText,
                               panels: row.panels)
    }

    /// Each panel's state with its size, dimensions and the width of its label column.
    private func panelPlans() throws -> [PanelPlan] {
        try states().map { state in
            let orientation = state.step.screen.interfaceOrientation
            let bodySize = DeviceFigure.bodySize(state.metrics, orientation)
            let bezel = DeviceFigure.bezel(state.metrics, orientation)
            let keyboardInWindow = state.geometry.view.convertToWindow(state.geometry.keyboardFrameInView)
            var below: CGFloat = 0
            if state.keyboardVisible, state.kind != .before {
                below = max(0, keyboardInWindow.maxY - state.metrics.screenSize.height - bezel.bottom)
            }
            let dims = dimensionSpecs(state)
            let widths = dims.map { labelSize($0.text, font: $0.emphasised ? style.labelBoldFont : style.labelFont).width }
            // Annotations fall back to the gutter in their short form, so it must fit there too.
            let probe = DevicePanel(state: state, figure: DeviceFigure(metrics: state.metrics, orientation: orientation,
                                                                       scale: 1, origin: .zero), style: style)
            let frames = [state.step.event.frameBegin, state.step.event.frameEnd].map(DiagramText.frame)
            let fallbacks = (annotations(probe).map { $0.fullTextFitsGutter ? $0.text : $0.shortText ?? $0.text } + frames)
                .map { labelSize($0, font: style.labelFont).width }
            let columnWidth = max(widths.max() ?? 0, fallbacks.max() ?? 0, style.minimumLabelColumnWidth)
            let lanes = CGFloat(max(dims.count, 1)) * style.laneSpacing
            return PanelPlan(state: state, bodySize: bodySize, belowBody: below, dimensions: dims,
                             fixedWidth: Self.laneInset + lanes + Self.columnGap + columnWidth)
        }
    }

    /// One scale for every panel, so sizes compare: fit the width budget and the height budget.
    private func commonScale(_ plans: [PanelPlan]) throws -> CGFloat {
        let fixed = plans.reduce(0) { $0 + $1.fixedWidth } + 2 * Self.margin + Self.panelGap * CGFloat(plans.count - 1)
        let bodyWidths = plans.reduce(0) { $0 + $1.bodySize.width }
        let tallest = plans.map { $0.bodySize.height + $0.belowBody }.max() ?? 1
        let heightBudget = plans.count > 2 ? Self.maxDeviceHeight * 0.8 : Self.maxDeviceHeight
        let scale = min((Self.targetWidth - fixed) / bodyWidths, heightBudget / tallest, 1)
        guard scale > 0.05 else { throw KeyboardDiagramError.layout("too many panels for the canvas width") }
        return scale
    }

    private func diagramTitle() -> String {
        if let scenario = model.scenario {
            return "\(scenario.title) · \(DiagramText.strategyTitle(model.strategy, model.language))"
        }
        return "\(model.device.name) · \(DiagramText.orientationName(model.result.screen.interfaceOrientation, model.language)) · "
            + DiagramText.strategyTitle(model.strategy, model.language)
    }

    /// The title, what the strategy does (and the mistake), the device of a scenario and each
    /// notification's log line.
    private func headerBlock(title: String, textWidth: CGFloat) -> TextBlock {
        let orientation = model.result.screen.interfaceOrientation
        var subtitles: [String] = []
        if case let .mistake(mistake) = variant {
            let full = mistake.title(in: model.language)
            let title = full.prefix(1).lowercased() + full.dropFirst()
            subtitles.append(t(.classicMistake, [title, DiagramText.strategySummary(model.strategy, model.language)]))
        } else {
            subtitles.append(DiagramText.strategySummary(model.strategy, model.language))
        }
        if model.scenario != nil {
            subtitles.append(t(.deviceAndOrientation, [model.device.name, DiagramText.orientationName(orientation, model.language)]))
        }
        return TextBlock.header(title: title, subtitles: subtitles, steps: model.steps, language: model.language,
                                style: style, margin: Self.margin, textWidth: textWidth)
    }

    /// Panel titles wrapped to each panel's width, and the devices under them.
    private func panelRow(_ plans: [PanelPlan], widths: [CGFloat], scale: CGFloat, top: CGFloat) -> PanelRow {
        let titleLines = zip(plans, widths).map { plan, width in
            TextWrap.lines(plan.state.title, font: style.panelTitleFont, width: width)
        }
        let titleLineHeight = style.panelTitleFont.lineHeight + 2
        let titleBlock = CGFloat(titleLines.map(\.count).max() ?? 1) * titleLineHeight
        let devicesTop = top + titleBlock + 12

        var panels: [DevicePanel] = []
        var xs: [CGFloat] = []
        var x = Self.margin
        for (plan, width) in zip(plans, widths) {
            let figure = DeviceFigure(metrics: plan.state.metrics, orientation: plan.state.step.screen.interfaceOrientation,
                                      scale: scale, origin: CGPoint(x: x, y: devicesTop))
            panels.append(DevicePanel(state: plan.state, figure: figure, style: style))
            xs.append(x)
            x += width + Self.panelGap
        }
        let devicesBottom = zip(plans, panels).map { plan, panel in
            panel.figure.bodyRect.maxY + plan.belowBody * scale
        }.max() ?? devicesTop
        return PanelRow(panels: panels, xs: xs, widths: widths, titleLines: titleLines, titleTop: top,
                        titleLineHeight: titleLineHeight, devicesTop: devicesTop, bottom: devicesBottom + Self.belowDeviceRow)
    }

    /// Under each panel its badge (the value) and a caption of at most four lines.
    private func captionBlock(_ row: PanelRow) -> TextBlock {
        var block = TextBlock(bottom: row.bottom)
        for (index, panel) in row.panels.enumerated() {
            let state = panel.state
            let left = row.xs[index], width = row.widths[index]
            var cy = row.bottom + 6
            let badge = badgeText(state)
            let badgeSize = StyledText(badge.0, font: style.valueFont).size()
            block.boxes.append((badge.0, CGRect(x: left, y: cy, width: badgeSize.width, height: badgeSize.height),
                                StyledText(badge.0, font: style.valueFont, color: badge.1), .value))
            cy += badgeSize.height + 4
            for line in TextWrap.lines(caption(state), font: style.smallFont, width: width).prefix(4) {
                let size = StyledText(line, font: style.smallFont).size()
                block.boxes.append((line, CGRect(x: left, y: cy, width: size.width, height: size.height),
                                    StyledText(line, font: style.smallFont, color: style.secondaryInk), .caption))
                cy += size.height + 1
            }
            block.bottom = max(block.bottom, cy)
        }
        return block
    }

    /// The computation's lines: a mistake's outcome first, each step of a scenario, the formula,
    /// and what the scenario expects.
    private func computationLines() -> [String] {
        let n = DiagramText.n
        let step = model.result
        var lines: [String] = []
        switch variant {
        case let .mistake(mistake):
            if let outcome = step.geometry.outcome(of: mistake, strategy: model.strategy, language: model.language) {
                lines = [outcome.explanation]
                lines.append(outcome.differs
                    ? t(.rightAndMistaken, [outcome.quantity, n(outcome.rightValue), n(outcome.wrongValue)])
                    : t(.rightAndMistakenAgree, [outcome.quantity, n(outcome.rightValue), mistake.defaultScenarioID]))
            }
            lines += DiagramText.computation(step, strategy: model.strategy, model.language)
        default:
            if model.steps.count > 1 {
                for (index, step) in model.steps.enumerated() {
                    lines.append(t(.stepResult, ["\(index + 1)", step.note, step.strategy.quantityName, n(step.value)]))
                }
            }
            lines += DiagramText.computation(step, strategy: model.strategy, model.language)
            if let scenario = model.scenario { lines.append(scenario.expectedBehaviour) }
        }
        return lines
    }

    private func computationBlock(top: CGFloat, textWidth: CGFloat) -> TextBlock {
        var block = TextBlock(bottom: top)
        for (index, line) in computationLines().enumerated() {
            let font = index == 0 && variant != .beforeAfter ? style.labelBoldFont : style.labelFont
            for wrapped in TextWrap.lines(line, font: font, width: textWidth) {
                let size = StyledText(wrapped, font: font).size()
                block.boxes.append((wrapped, CGRect(x: Self.margin, y: block.bottom, width: size.width, height: size.height),
                                    StyledText(wrapped, font: font, color: style.ink), .computation))
                block.bottom += size.height + 3
            }
        }
        return block
    }

    /// The legend's items in rows as wide as the canvas allows.
    private func legendLayout(_ items: [LegendItem], top: CGFloat, canvasWidth: CGFloat) -> PlacedLegend {
        let metrics = style.legend
        var placed = PlacedLegend(items: [], bottom: top)
        var lx = Self.margin
        let legendHeight = style.labelFont.lineHeight
        for item in items {
            let textSize = StyledText(item.text, font: style.labelFont).size()
            let itemWidth = metrics.textOffset + textSize.width
            if lx + itemWidth > canvasWidth - Self.margin {
                lx = Self.margin
                placed.bottom += legendHeight + metrics.rowGap
            }
            let swatch = CGRect(x: lx, y: placed.bottom + (legendHeight - metrics.swatchSize.height) / 2,
                                width: metrics.swatchSize.width, height: metrics.swatchSize.height)
            let textRect = CGRect(x: lx + metrics.textOffset, y: placed.bottom, width: textSize.width, height: textSize.height)
            placed.items.append((item, swatch, textRect))
            lx += itemWidth + metrics.itemGap
        }
        placed.bottom += legendHeight
        return placed
    }

    /// Reserves and draws the text laid out at fixed places: header, panel titles, captions,
    /// computation and legend.
    private func reserveText(header: TextBlock, row: PanelRow, captions: TextBlock, computation: TextBlock,
                             legend: PlacedLegend, layout: inout LabelLayout, labels: inout DisplayList) throws {
        func reserve(_ boxes: [TextBox]) throws {
            for (text, rect, styled, role) in boxes {
                try layout.reserve(text, frame: rect, role: role)
                labels.text(styled, in: rect)
            }
        }
        try reserve(header.boxes)
        for (index, lines) in row.titleLines.enumerated() {
            var ty = row.titleTop
            for line in lines {
                let size = StyledText(line, font: style.panelTitleFont).size()
                let rect = CGRect(x: row.xs[index], y: ty, width: size.width, height: size.height)
                try layout.reserve(line, frame: rect, role: .panelTitle)
                labels.text(StyledText(line, font: style.panelTitleFont, color: style.ink), in: rect)
                ty += row.titleLineHeight
            }
        }
        try reserve(captions.boxes)
        try reserve(computation.boxes)
        for (item, swatch, textRect) in legend.items {
            try layout.reserve(item.text, frame: textRect.union(swatch), role: .legend)
            item.draw(swatch, &labels, style)
            labels.text(StyledText(item.text, font: style.labelFont, color: style.ink), in: textRect)
        }
    }

    /// Draws each device, the ghost of a keyboard frame reaching below the screen and the
    /// dimensions in their lanes; returns each panel's dimensions with their lane and the
    /// rects of text drawn inside the keyboards.
    private func drawPanels(_ plans: [PanelPlan], row: PanelRow, list: inout DisplayList,
                            layout: inout LabelLayout) -> (dimensions: [[(Dimension, CGFloat)]], keyboardText: [CGRect]) {
        var panelDimensions: [[(Dimension, CGFloat)]] = []
        var keyboardText: [CGRect] = []
        for (plan, panel) in zip(plans, row.panels) {
            let boxes = panel.draw(into: &list)
            layout.addProtectedText(boxes.text + panel.visibleToolbarText)
            layout.addProtectedAreas(boxes.keys)
            keyboardText += boxes.text
            // Ghost of the keyboard frame's off-screen part.
            if let keyboard = panel.keyboardRect, keyboard.maxY > panel.figure.screenRect.maxY + 0.5, plan.state.kind != .before {
                let screen = panel.figure.screenRect
                let left = max(keyboard.minX, screen.minX), right = min(keyboard.maxX, screen.maxX)
                let below = CGRect(x: left, y: screen.maxY, width: max(0, right - left), height: keyboard.maxY - screen.maxY)
                list.fill(below, style.ghostKeyboard.withAlphaComponent(0.12))
                list.stroke(BezierPath(rect: below), style.ghostKeyboard, width: 1.2, dash: [5, 3])
                layout.addKeyLines(LineSegment.edges(of: below))
            }
            layout.addKeyLines(panel.keyLines)
            panelDimensions.append(drawDimensions(plan, panel: panel, list: &list, layout: &layout))
        }
        return (panelDimensions, keyboardText)
    }

    /// One panel's dimensions, each in its lane right of the device.
    private func drawDimensions(_ plan: PanelPlan, panel: DevicePanel, list: inout DisplayList,
                                layout: inout LabelLayout) -> [(Dimension, CGFloat)] {
        let laneStart = panel.figure.bodyRect.maxX + Self.laneInset
        let measuredEdge = min(panel.viewRect.maxX, panel.figure.screenRect.maxX)
        var dimensions: [(Dimension, CGFloat)] = []
        for (lane, spec) in plan.dimensions.enumerated() {
            let font = spec.emphasised ? style.labelBoldFont : style.labelFont
            let keyboardEdge = panel.keyboardRect.map { min($0.maxX, panel.figure.screenRect.maxX) }
            let edge = spec.measuresKeyboard ? (keyboardEdge ?? measuredEdge) : measuredEdge
            // Only what is on the screen (and the keyboard's ghost below it) is drawn, so spans of
            // views and frames reaching past the screen stop at its edges.
            let ghostBottom = plan.state.kind == .before ? 0 : (panel.keyboardRect?.maxY ?? 0)
            let lowest = max(panel.figure.screenRect.maxY, ghostBottom)
            let top = min(max(panel.canvasY(spec.top), panel.figure.screenRect.minY), lowest)
            let bottom = min(max(panel.canvasY(spec.bottom), panel.figure.screenRect.minY), lowest)
            guard bottom - top >= 0.5 else { continue }
            let dimension = Dimension(top: top, bottom: bottom,
                                      text: StyledText(spec.text, font: font, color: spec.color), color: spec.color,
                                      measuredEdgeX: edge)
            let laneX = laneStart + CGFloat(lane) * style.laneSpacing
            dimension.draw(laneX: laneX, into: &list, lineWidth: style.dimensionLineWidth)
            layout.addKeyLines(dimension.keyLines(laneX: laneX))
            dimensions.append((dimension, laneX))
        }
        return dimensions
    }

    /// The labels, panel by panel: dimension labels, then annotations.
    private func placeLabels(_ plans: [PanelPlan], row: PanelRow, dimensions: [[(Dimension, CGFloat)]],
                             layout: inout LabelLayout, labels: inout DisplayList) throws {
        for (index, (plan, panel)) in zip(plans, row.panels).enumerated() {
            let laneStart = panel.figure.bodyRect.maxX + Self.laneInset
            let lastLane = laneStart + CGFloat(max(plan.dimensions.count - 1, 0)) * style.laneSpacing
            let columnX = lastLane + Self.columnGap
            let columnRight = row.xs[index] + row.widths[index]
            let gutter = LabelGutter(column: CGRect(x: columnX, y: row.devicesTop, width: columnRight - columnX,
                                                    height: row.bottom - row.devicesTop),
                                     alignment: .leading)
            // Dimension labels, shortest span first so the tight ones get the slots next to them.
            for (dimension, laneX) in dimensions[index].sorted(by: { $0.0.span < $1.0.span }) {
                let size = labelSize(dimension.text.string, font: dimension.text.font)
                let anchor = CGPoint(x: laneX, y: (dimension.top + dimension.bottom) / 2)
                let role: LabelRole = dimension.text.font == style.labelBoldFont ? .value : .dimension
                let label = try require(&layout, dimension.text.string, size: size, role: role,
                                        candidates: [], anchor: anchor, gutter: gutter)
                drawLabel(label, text: dimension.text, color: dimension.color, pill: false, anchor: anchor, into: &labels)
            }
            for annotation in annotations(panel) {
                placeAnnotation(annotation, gutter: gutter, layout: &layout, labels: &labels)
            }
        }
    }

    /// The full text near its anchor, else the short one near it, else the gutter (the full text
    /// when it fits there: bare numbers at the end of a leader say less).
    private func placeAnnotation(_ annotation: AnnotationSpec, gutter: LabelGutter, layout: inout LabelLayout,
                                 labels: inout DisplayList) {
        let texts = [annotation.text] + (annotation.shortText.map { [$0] } ?? [])
        var placed: (PlacedLabel, String)?
        for text in texts {
            let size = labelSize(text, font: style.labelFont)
            if let label = layout.place(text, size: size, role: .annotation, candidates: annotation.candidates(size)) {
                placed = (label, text)
                break
            }
        }
        // An annotation that fits nowhere (extreme frames given by hand) is left out rather
        // than failing the diagram: its numbers are in the computation below.
        for text in texts where placed == nil {
            placed = layout.place(text, size: labelSize(text, font: style.labelFont), role: .annotation,
                                  candidates: [], anchor: annotation.anchor, gutter: gutter).map { ($0, text) }
        }
        if let (label, text) = placed {
            drawLabel(label, text: StyledText(text, font: style.labelFont, color: annotation.color), color: annotation.color,
                      pill: true, anchor: annotation.anchor, into: &labels)
        }
    }

    private func require(_ layout: inout LabelLayout, _ text: String, size: CGSize, role: LabelRole, candidates: [CGRect],
                         anchor: CGPoint, gutter: LabelGutter) throws -> PlacedLabel {
        do {
            return try layout.require(text, size: size, role: role, candidates: candidates, anchor: anchor, gutter: gutter)
        } catch {
            throw KeyboardDiagramError.layout(error.description)
        }
    }

    /// A label's box: the text plus a little padding for its background.
    func labelSize(_ text: String, font: Font) -> CGSize {
        let size = StyledText(text, font: font).size()
        return CGSize(width: (size.width + 8).rounded(.up), height: (size.height + 3).rounded(.up))
    }

    func drawLabel(_ label: PlacedLabel, text: StyledText, color: Color, pill: Bool, anchor: CGPoint,
                   into list: inout DisplayList) {
        if let leader = label.leader {
            list.line(leader, color.withAlphaComponent(0.8), width: 0.9, dash: [2, 2])
            list.fill(BezierPath(ovalIn: CGRect(center: anchor, size: CGSize(width: 4, height: 4))), color)
        }
        if pill {
            list.fill(BezierPath(roundedRect: label.frame, cornerRadius: 4), Color(white: 1, alpha: 0.9))
            list.stroke(BezierPath(roundedRect: label.frame.insetBy(dx: 0.5, dy: 0.5), cornerRadius: 4), color.withAlphaComponent(0.6),
                        width: 0.8)
        }
        list.text(text, in: label.frame.insetBy(dx: 4, dy: 1.5))
    }

    private func badgeText(_ state: PanelState) -> (String, Color) {
        let n = DiagramText.n
        let quantity = state.strategy.quantityName
        switch state.kind {
        case let .mistake(outcome) where outcome.differs:
            return (t(.badgeShouldBe, [quantity, n(outcome.wrongValue), n(outcome.rightValue)]), style.mistakeColor)
        case let .mistake(outcome):
            return (t(.badgeRightHereToo, [quantity, n(outcome.wrongValue)]), style.valueColor)
        default:
            return ("\(quantity) = \(n(state.appliedValue))", style.valueColor)
        }
    }

    private func caption(_ state: PanelState) -> String {
        let g = state.geometry
        switch state.kind {
        case .before:
            return t(.captionBefore, [DiagramText.frame(g.view.bounds), DiagramText.n(g.view.safeAreaInsets.bottom)])
        case .after:
            return state.step.note
        case let .mistake(outcome):
            return outcome.explanation
        case .moment:
            return ""
        }
    }

    struct LegendItem {
        var text: String
        var draw: (CGRect, inout DisplayList, DiagramStyle) -> Void
    }

    /// What the panels draw, so the legend lists only that.
    struct DrawnKinds: Equatable {
        var unsafeMargins = false
        var keyboard = false
        var intersection = false
        var dimension = false
        var result = false
        var hiddenContent = false
        var wastedGap = false
    }

    private func drawnKinds(_ plans: [PanelPlan], panels: [DevicePanel]) -> DrawnKinds {
        var kinds = DrawnKinds()
        for (plan, panel) in zip(plans, panels) {
            let state = panel.state
            let insets = state.metrics.safeAreaInsets
            kinds.unsafeMargins = kinds.unsafeMargins || insets.top > 0 || insets.bottom > 0 || insets.left > 0 || insets.right > 0
            kinds.keyboard = kinds.keyboard || panel.visibleKeyboardRect != nil
                || state.illustrativeKeyboards.contains { $0.width > 0 && $0.height > 0 }
            if let intersection = state.geometry.intersection, state.keyboardVisible,
               case let rect = panel.canvasRect(intersection).intersection(panel.figure.screenRect), !rect.isNull, rect.height > 0 {
                kinds.intersection = true
            }
            kinds.dimension = kinds.dimension || !plan.dimensions.isEmpty
            kinds.result = kinds.result || plan.dimensions.contains { $0.emphasised && !state.isHarmfulMistake }
            if state.isMistake, let zone = panel.errorZone {
                if zone.hidesContent { kinds.hiddenContent = true } else { kinds.wastedGap = true }
            }
        }
        return kinds
    }

    private func legendItems(_ plans: [PanelPlan], panels: [DevicePanel]) -> [LegendItem] {
        let drawn = drawnKinds(plans, panels: panels)
        var items: [LegendItem] = []
        if drawn.unsafeMargins {
            items.append(LegendItem(text: t(.legendOutsideSafeArea)) { rect, list, style in
                list.fill(rect, style.unsafeFill)
                DeviceFigure.hatch(rect, into: &list, color: style.unsafeHatch, spacing: 5)
            })
        }
        if drawn.keyboard {
            items.append(LegendItem(text: t(.legendKeyboard)) { rect, list, style in
                list.fill(rect, style.keyboardFill)
                list.fill(BezierPath(roundedRect: rect.insetBy(dx: 4, dy: 3), cornerRadius: 2), style.keyFill)
            })
        }
        if drawn.intersection {
            items.append(LegendItem(text: t(.legendIntersection)) { rect, list, style in
                list.fill(rect, style.overlapFill)
                list.stroke(BezierPath(rect: rect.insetBy(dx: 0.5, dy: 0.5)), style.intersectionColor, width: 1.5, dash: [4, 2])
            })
        }
        if drawn.dimension {
            items.append(LegendItem(text: t(.legendDimension)) { rect, list, style in
                list.line(LineSegment(x1: rect.minX + 2, y1: rect.midY, x2: rect.maxX - 2, y2: rect.midY), style.ink, width: 1.2)
                list.fill(BezierPath(ovalIn: CGRect(center: CGPoint(x: rect.minX + 3, y: rect.midY), size: CGSize(width: 4, height: 4))), style.ink)
            })
        }
        if drawn.result {
            items.append(LegendItem(text: t(.legendResult, [model.strategy.quantityName])) { rect, list, style in
                list.fill(rect, style.valueColor)
            })
        }
        if drawn.hiddenContent {
            items.append(LegendItem(text: t(.legendHiddenContent)) { rect, list, style in
                list.fill(rect, style.mistakeColor.withAlphaComponent(0.3))
                DeviceFigure.hatch(rect, into: &list, color: style.mistakeColor, spacing: 5)
            })
        }
        if drawn.wastedGap {
            items.append(LegendItem(text: t(.legendWastedGap)) { rect, list, style in
                list.fill(rect, style.gapColor.withAlphaComponent(0.3))
                DeviceFigure.hatch(rect, into: &list, color: style.gapColor, spacing: 5)
            })
        }
        return items
    }
}
