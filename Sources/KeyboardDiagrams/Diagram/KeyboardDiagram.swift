import Drawing
import Foundation
import Geometry

/// Which picture of a model to draw.
public enum KeyboardDiagramVariant: Sendable, Hashable {
    /// The begin state next to the end state of every notification.
    case beforeAfter
    /// The correct result next to the result of a classic mistake.
    case mistake(KeyboardMistake)
    /// `frames` moments across the keyboard animation.
    case filmstrip(frames: Int)
}

/// Requests a diagram cannot be drawn for.
public enum KeyboardDiagramError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The strategy cannot make the mistake (the layout guide does the conversion and checks itself).
    case mistakeNotApplicable(KeyboardMistake, AvoidanceStrategy)
    /// A filmstrip asking for more frames than it draws.
    case tooManyFilmstripFrames(Int, maximum: Int)
    /// An animation whose spring would need more frames than ``KeyboardAnimationFrames/maximumFrames``.
    case tooManyAnimationFrames(Int, maximum: Int)
    /// A label found no place clear of the others.
    case layout(String)

    public var description: String {
        switch self {
        case let .mistakeNotApplicable(mistake, strategy):
            "the \(strategy.rawValue) strategy cannot make the \(mistake.rawValue) mistake "
                + "(the layout guide converts, intersects and checks isLocal itself)"
        case let .tooManyFilmstripFrames(count, maximum):
            "a filmstrip draws at most \(maximum) frames, not \(count)"
        case let .tooManyAnimationFrames(count, maximum):
            "the keyboard animation would take \(count) frames; at most \(maximum) are drawn"
        case let .layout(detail): "cannot lay out the diagram: \(detail)"
        }
    }
}

/// A keyboard-overlap diagram laid out and ready to render: the drawing, the canvas size and
/// every label's box, so tests can check that no two labels overlap and none crosses a key line.
public struct KeyboardDiagram: Sendable {
    /// The numbers the diagram shows.
    public let model: KeyboardDiagramModel
    /// Which kind of diagram this is.
    public let variant: KeyboardDiagramVariant
    /// Canvas size in points.
    public let size: CGSize
    /// The heading at the top of the canvas.
    public let title: String
    /// Every text box of the diagram (titles, captions, legend and annotations).
    let labels: [PlacedLabel]
    /// The lines labels keep clear of: device and screen edges, the keyboard's top, dimension lines.
    let keyLines: [LineSegment]
    /// The boxes of the text drawn on the keyboards (suggestions, key caps), which labels keep clear of.
    public let keyboardText: [CGRect]
    /// The keys drawn on the keyboards, which labels keep off too.
    public let keyboardKeys: [CGRect]
    let list: DisplayList
    /// The device panels as placed on the canvas, left to right (row by row in a filmstrip).
    let panels: [DevicePanel]

    /// Lays out `model` as `variant` in the diagrams' one style; throws when a label finds no
    /// place clear of the others and of the key lines.
    public init(model: KeyboardDiagramModel, variant: KeyboardDiagramVariant = .beforeAfter) throws {
        try self.init(model: model, variant: variant, style: DiagramStyle())
    }

    init(model: KeyboardDiagramModel, variant: KeyboardDiagramVariant = .beforeAfter, style: DiagramStyle) throws {
        let composed: ComposedDiagram
        switch variant {
        case .beforeAfter, .mistake:
            composed = try PanelComposer(model: model, variant: variant, style: style).compose()
        case let .filmstrip(frames):
            composed = try FilmstripComposer(model: model, frames: frames, style: style).compose()
        }
        self.model = model
        self.variant = variant
        self.size = composed.size
        self.title = composed.title
        self.labels = composed.layout.placed
        self.keyLines = composed.layout.keyLines
        self.keyboardText = composed.keyboardText
        self.keyboardKeys = composed.layout.protectedAreas
        self.list = composed.list
        self.panels = composed.panels
    }

    /// The diagram as a picture (PNG, SVG, PDF).
    public var picture: Picture {
        let list = self.list
        return Picture(size: size, title: title) { canvas in list.draw(on: canvas) }
    }
}

/// What a composer produces.
struct ComposedDiagram {
    var size: CGSize
    var title: String
    var list: DisplayList
    var layout: LabelLayout
    var keyboardText: [CGRect]
    var panels: [DevicePanel]
}

// MARK: - text shared by the composers

enum DiagramText {
    static func n(_ value: CGFloat) -> String { KeyboardFormat.number(value) }
    static func frame(_ rect: CGRect) -> String { KeyboardFormat.frame(rect) }

    static func strategyTitle(_ strategy: AvoidanceStrategy, _ language: DiagramLanguage) -> String {
        switch strategy {
        case .toolbar: language.text(.strategyToolbar)
        case .bottomOffset: language.text(.strategyBottomOffset)
        case .contentInset: language.text(.strategyContentInset)
        case .layoutGuide: language.text(.strategyLayoutGuide)
        }
    }

    static func strategySummary(_ strategy: AvoidanceStrategy, _ language: DiagramLanguage) -> String {
        switch strategy {
        case .toolbar: language.text(.summaryToolbar)
        case .bottomOffset: language.text(.summaryBottomOffset)
        case .contentInset: language.text(.summaryContentInset)
        case .layoutGuide: language.text(.summaryLayoutGuide)
        }
    }

    static func orientationName(_ orientation: InterfaceOrientation, _ language: DiagramLanguage) -> String {
        switch orientation {
        case .portrait: language.text(.orientationPortrait)
        case .portraitUpsideDown: language.text(.orientationUpsideDown)
        case .landscapeLeft: language.text(.orientationLandscapeLeft)
        case .landscapeRight: language.text(.orientationLandscape)
        }
    }

    /// `UIKeyboardWillShowNotification (0,667,375,258), (0,409,375,258) curve:7, duration:0.25`, as a keyboard notification's userInfo is commonly logged.
    static func logLine(_ step: KeyboardStep, _ language: DiagramLanguage) -> String {
        var line = "\(step.event.kind.notificationName) \(step.event.logDescription)"
        if !step.event.isLocal { line += " isLocal:0" }
        if step.screen.convention == .fixedPortrait { line += " " + language.text(.iOS7ScreenCoordinates) }
        return line
    }

    /// The computation of a step, one line per stage, with its numbers.
    static func computation(_ step: KeyboardStep, strategy: AvoidanceStrategy, _ language: DiagramLanguage) -> [String] {
        let t = language.text
        let g = step.geometry
        let bounds = g.view.bounds
        let safe = g.view.safeAreaInsets.bottom
        var lines: [String] = []
        lines.append(t(.endFrameInScreen, [frame(step.event.frameEnd)]))
        let converted = frame(g.keyboardFrameInView)
        if step.screen.convention == .fixedPortrait {
            lines.append(t(.convertedIOS7, [converted]))
        } else if g.view.frame.origin == .zero {
            lines.append(t(.convertedSameOrigin, [converted]))
        } else {
            lines.append(t(.convertedPlaced, [converted, frame(g.view.frame)]))
        }
        if let intersection = g.intersection {
            lines.append(t(.intersectionLine, [frame(bounds), frame(intersection), n(bounds.maxY), n(intersection.minY),
                                               n(g.overlapHeight)]))
        } else {
            lines.append(t(.noIntersectionLine, [frame(bounds)]))
        }
        if g.isIgnored { lines.append(t(.ignoredLine, [])) }
        let used = g.effectiveOverlap
        switch strategy {
        case .bottomOffset:
            lines.append(used > 0
                ? t(.bottomOffsetLine, [n(bounds.maxY), n(bounds.maxY - used), n(g.bottomOffset)])
                : t(.bottomOffsetRestLine, [n(g.bottomOffset), t(g.isIgnored ? .eventIgnored : .noIntersection, [])]))
        case .contentInset:
            lines.append(used > 0
                ? t(.contentInsetLine, [n(used), n(safe), n(g.contentInsetBottom), n(g.scrollIndicatorInsetBottom)])
                : t(.contentInsetZeroLine, [t(g.eventKind.isHide ? .resetOnHide : g.isIgnored ? .eventIgnored : .coversNone, [])]))
        case .toolbar:
            lines.append(g.toolbarShift > 0
                ? t(.toolbarMovedLine, [frame(g.toolbarFrameBefore), frame(g.toolbarFrameAfter), n(g.toolbarShift)])
                : t(.toolbarStaysLine, [frame(g.toolbarFrameBefore)]))
        case .layoutGuide:
            lines.append(g.docking.isDocked
                ? t(.layoutGuideLine, [frame(g.layoutGuideFrame), n(g.layoutGuideTop), n(bounds.maxY - safe)])
                : t(.layoutGuideUndockedLine, [g.docking.rawValue, n(g.layoutGuideTop)]))
        }
        return lines
    }
}
