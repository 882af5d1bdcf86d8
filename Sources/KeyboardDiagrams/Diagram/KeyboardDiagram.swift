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
    case mistakeNotApplicable(KeyboardMistake, AvoidanceStrategy)
    case tooManyFilmstripFrames(Int, maximum: Int)
    case layout(String)

    public var description: String {
        switch self {
        case let .mistakeNotApplicable(mistake, strategy):
            "the \(strategy.rawValue) strategy cannot make the \(mistake.rawValue) mistake "
                + "(the layout guide converts, intersects and checks isLocal itself)"
        case let .tooManyFilmstripFrames(count, maximum):
            "a filmstrip draws at most \(maximum) frames, not \(count)"
        case let .layout(detail): "cannot lay out the diagram: \(detail)"
        }
    }
}

/// A keyboard-overlap diagram laid out and ready to render: the drawing, the canvas size and
/// every label's box, so tests can check that no two labels overlap and none crosses a key line.
public struct KeyboardDiagram: Sendable {
    public let model: KeyboardDiagramModel
    public let variant: KeyboardDiagramVariant
    /// Canvas size in points.
    public let size: CGSize
    public let title: String
    /// Every text box of the diagram (titles, captions, legend and annotations).
    public let labels: [PlacedLabel]
    /// The lines labels keep clear of: device and screen edges, the keyboard's top, dimension lines.
    public let keyLines: [LineSegment]
    /// The boxes of the text drawn on the keyboards (suggestions, key caps), which labels keep clear of.
    public let keyboardText: [CGRect]
    let list: DisplayList
    /// The device panels as placed on the canvas, left to right (row by row in a filmstrip).
    let panels: [DevicePanel]

    public init(model: KeyboardDiagramModel, variant: KeyboardDiagramVariant = .beforeAfter,
                style: DiagramStyle? = nil) throws {
        let style = try style ?? DiagramStyle()
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
        self.list = composed.list
        self.panels = composed.panels
    }

    /// The diagram as a picture (PNG, SVG, PDF).
    public var picture: Picture {
        let list = self.list
        return Picture(size: size, title: title) { canvas in list.draw(on: canvas) }
    }

    /// Number of drawing operations (a size budget for tests).
    public var operationCount: Int { list.count }
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

    static func strategyTitle(_ strategy: AvoidanceStrategy) -> String {
        switch strategy {
        case .toolbar: "move the toolbar"
        case .bottomOffset: "bottom offset"
        case .contentInset: "content inset"
        case .layoutGuide: "keyboard layout guide"
        }
    }

    static func strategySummary(_ strategy: AvoidanceStrategy) -> String {
        switch strategy {
        case .toolbar:
            "The bottom toolbar moves up until it rests on the keyboard: by how much the keyboard covers it, not by the keyboard's height."
        case .bottomOffset:
            "Apple's keyboardFrameEndUserInfoKey sample: a bottom constraint set to view.bounds.maxY − intersection.minY."
        case .contentInset:
            "The text view keeps its frame; contentInset.bottom = overlap − safeAreaInsets.bottom, reset on hide."
        case .layoutGuide:
            "view.keyboardLayoutGuide (iOS 15): the toolbar is pinned to the guide's top, which follows docked keyboards only."
        }
    }

    static func orientationName(_ orientation: InterfaceOrientation) -> String {
        switch orientation {
        case .portrait: "portrait"
        case .portraitUpsideDown: "portrait upside down"
        case .landscapeLeft: "landscape left"
        case .landscapeRight: "landscape"
        }
    }

    /// `UIKeyboardWillShowNotification (0,667,375,258), (0,409,375,258) curve:7, duration:0.25`, as a keyboard notification's userInfo is commonly logged.
    static func logLine(_ step: KeyboardStep) -> String {
        var line = "\(step.event.kind.notificationName) \(step.event.logDescription)"
        if !step.event.isLocal { line += " isLocal:0" }
        if step.screen.convention == .fixedPortrait { line += " (iOS 7 screen coordinates)" }
        return line
    }

    /// The computation of a step, one line per stage, with its numbers.
    static func computation(_ step: KeyboardStep, strategy: AvoidanceStrategy) -> [String] {
        let g = step.geometry
        let bounds = g.view.bounds
        let safe = g.view.safeAreaInsets.bottom
        var lines: [String] = []
        lines.append("UIKeyboardFrameEndUserInfoKey = \(frame(step.event.frameEnd)) in screen coordinates")
        let converted = "view.convert(frame, from: nil) = \(frame(g.keyboardFrameInView))"
        if step.screen.convention == .fixedPortrait {
            lines.append(converted + " (undoes the un-rotated iOS 7 screen coordinates)")
        } else if g.view.frame.origin == .zero {
            lines.append(converted + " (the view's origin is the window's, so the numbers stay)")
        } else {
            lines.append(converted + " (view.frame \(frame(g.view.frame)) in the window)")
        }
        if let intersection = g.intersection {
            lines.append("view.bounds \(frame(bounds)) ∩ keyboard = \(frame(intersection)): overlap = "
                + "\(n(bounds.maxY)) − \(n(intersection.minY)) = \(n(g.overlapHeight))")
        } else {
            lines.append("view.bounds \(frame(bounds)) ∩ keyboard is empty: the keyboard covers none of the view")
        }
        if g.isIgnored {
            lines.append("isLocal == false: another app's keyboard, so the app ignores it and nothing moves")
        }
        let used = g.effectiveOverlap
        switch strategy {
        case .bottomOffset:
            lines.append(used > 0
                ? "bottomOffset = view.bounds.maxY − intersection.minY = \(n(bounds.maxY)) − \(n(bounds.maxY - used)) = \(n(g.bottomOffset))"
                : "bottomOffset = safeAreaInsets.bottom = \(n(g.bottomOffset)) (\(g.isIgnored ? "event ignored" : "no intersection"))")
        case .contentInset:
            lines.append(used > 0
                ? "contentInset.bottom = overlap − safeAreaInsets.bottom = \(n(used)) − \(n(safe)) = \(n(g.contentInsetBottom)); "
                    + "scrollIndicatorInsets.bottom = \(n(g.scrollIndicatorInsetBottom))"
                : "contentInset.bottom = 0 and scrollIndicatorInsets.bottom = 0 ("
                    + (g.eventKind.isHide ? "the reset on hide" : g.isIgnored ? "event ignored" : "the keyboard covers none of the view")
                    + ")")
        case .toolbar:
            lines.append(g.toolbarShift > 0
                ? "toolbar.frame \(frame(g.toolbarFrameBefore)) → \(frame(g.toolbarFrameAfter)): moved up \(n(g.toolbarShift)) "
                    + "to rest on the keyboard"
                : "toolbar.frame stays \(frame(g.toolbarFrameBefore)): the keyboard does not reach it")
        case .layoutGuide:
            lines.append(g.docking.isDocked
                ? "keyboardLayoutGuide.layoutFrame = \(frame(g.layoutGuideFrame)): top = \(n(g.layoutGuideTop)) "
                    + "(never below the safe area, \(n(bounds.maxY - safe)))"
                : "undocked (\(g.docking.rawValue)) keyboard: the guide stays at the safe-area bottom, top = \(n(g.layoutGuideTop))")
        }
        return lines
    }
}
