import Drawing
import Foundation
import Geometry

/// The keyboard sliding in, as the frames of an animation: one picture per display refresh
/// (the catalog's `animation.frameRate`) from the notification until the spring is at rest, each
/// the device at that moment (keyboard, toolbar and content inset where the strategy has them),
/// its time and values, and the animation curve with the moment marked. Every frame has the same
/// size and is laid out and drawn on its own, so frames can be rendered in parallel.
public struct KeyboardAnimationFrames: Sendable {
    /// The model whose last notification is animated.
    public let model: KeyboardDiagramModel
    /// Seconds since the notification, one per frame.
    public let times: [Double]
    /// Canvas size of every frame, in points.
    public let size: CGSize
    /// The heading every frame shows.
    public let title: String
    let style: DiagramStyle
    let layout: Layout

    /// The most frames an animation draws (four seconds at 60 Hz).
    public static let maximumFrames = 240
    /// The fewest frames an animation draws, however short it is.
    public static let minimumFrames = 10
    /// How long the last frame (the keyboard at rest) stays before the animation starts again.
    public static let holdDuration = 1.0

    static let margin: CGFloat = 32
    static let canvasWidth: CGFloat = 1080
    static let maxDeviceSize = CGSize(width: 340, height: 520)
    static let plotSize = CGSize(width: 360, height: 240)

    /// Where a frame's parts go: the same for every frame.
    struct Layout: Sendable {
        var grid: FilmstripComposer.Grid
        var header: [TextBlock.Line]
        var cellTop: CGFloat
        var plot: CGRect
    }

    /// The frames of `model`'s last notification, at the catalog's frame rate; throws when the
    /// animation would need more than ``maximumFrames`` frames.
    public init(model: KeyboardDiagramModel) throws {
        try self.init(model: model, style: DiagramStyle())
    }

    init(model: KeyboardDiagramModel, style: DiagramStyle) throws {
        let step = model.result
        let times = step.animation.frameTimes(frameRate: step.timing.frameRate, minimumFrames: Self.minimumFrames)
        guard times.count <= Self.maximumFrames else {
            throw KeyboardDiagramError.tooManyAnimationFrames(times.count, maximum: Self.maximumFrames)
        }
        let composer = FilmstripComposer(model: model, frames: times.count, style: style)
        let body = DeviceFigure.bodySize(step.metrics, step.screen.interfaceOrientation)
        let scale = min(Self.maxDeviceSize.width / body.width, Self.maxDeviceSize.height / body.height, 0.75)
        let cellWidth = max(body.width * scale, style.filmstrip.minimumCellWidth)
        let grid = FilmstripComposer.Grid(columns: 1, rows: 1, device: body, scale: scale, cellWidth: cellWidth,
                                          canvasWidth: Self.canvasWidth)
        let title = composer.diagramTitle()
        let header = TextBlock.header(title: title, subtitles: [composer.curveDescription(step.animation)], steps: [step],
                                      language: model.language, style: style, margin: Self.margin,
                                      textWidth: grid.textWidth)
        let cellTop = header.bottom + 12
        let plotLeft = Self.margin + cellWidth + 48 + style.filmstrip.axisLabelWidth
        let plot = CGRect(x: plotLeft, y: cellTop + 40, width: Self.plotSize.width, height: Self.plotSize.height)
        // Every frame is as tall as the tallest: the values under the device wrap differently.
        let cellBottom = times.map { composer.frameCell(step.moment(at: $0), grid: grid, left: Self.margin, top: cellTop).bottom }
            .max() ?? cellTop
        self.model = model
        self.times = times
        self.style = style
        self.title = title
        self.layout = Layout(grid: grid, header: header.boxes, cellTop: cellTop, plot: plot)
        self.size = CGSize(width: Self.canvasWidth, height: (max(cellBottom, plot.maxY + 24) + Self.margin).rounded(.up))
    }

    /// How many frames the animation has.
    public var count: Int { times.count }

    /// How long each frame is on screen, in seconds: until the next frame, and `holdDuration`
    /// for the last. The delays before the last add up to the animation's duration.
    public var delays: [Double] {
        zip(times, times.dropFirst()).map { $1 - $0 } + [Self.holdDuration]
    }

    /// The animation's progress at each frame, 0 to 1.
    public var progress: [Double] { times.map(model.result.animation.progress(at:)) }

    /// Frame `index` laid out and ready to draw.
    public func picture(frame index: Int) throws -> Picture {
        let list = try displayList(frame: index)
        return Picture(size: size, title: title) { canvas in list.draw(on: canvas) }
    }

    /// The top edge of the keyboard in frame `index`, in canvas points (unclipped: below the
    /// screen while the keyboard is off it); nil when the step has no keyboard on screen at all.
    public func keyboardTop(frame index: Int) -> CGFloat? {
        panel(frame: index).keyboardRect?.minY
    }

    /// The device screen's rectangle on the canvas, the same in every frame.
    public var screenRect: CGRect { panel(frame: 0).figure.screenRect }

    private var composer: FilmstripComposer { FilmstripComposer(model: model, frames: times.count, style: style) }

    private func panel(frame index: Int) -> DevicePanel {
        composer.frameCell(model.result.moment(at: times[index]), grid: layout.grid, left: Self.margin, top: layout.cellTop).panel
    }

    private func displayList(frame index: Int) throws -> DisplayList {
        let composer = self.composer
        let moment = model.result.moment(at: times[index])
        let cell = composer.frameCell(moment, grid: layout.grid, left: Self.margin, top: layout.cellTop)
        var list = DisplayList()
        list.fill(CGRect(origin: .zero, size: size), style.background)
        var labels = LabelLayout(bounds: CGRect(origin: .zero, size: size))
        var labelList = DisplayList()
        for (text, rect, styled, role) in layout.header + cell.labels {
            do { try labels.reserve(text, frame: rect, role: role) } catch { throw KeyboardDiagramError.layout(error.description) }
            labelList.text(styled, in: rect)
        }
        _ = composer.drawPanels([cell.panel], list: &list, layout: &labels)
        try composer.drawChart(plot: layout.plot, animation: model.result.animation, moments: [moment], notesSamples: false, list: &list,
                               labels: &labelList, layout: &labels)
        list.append(labelList)
        return list
    }
}
