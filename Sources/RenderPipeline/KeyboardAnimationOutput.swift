import BatchRendering
import Drawing
import Foundation
import KeyboardDiagrams

/// The files of a keyboard animation (`keyboard --animate`, `animate: true`): an animated PNG
/// and an animated SVG of the same frames, each one unit of the plan. The APNG is a frame
/// sequence: every frame is drawn as its own task, in parallel with the plan's other work, and
/// the frames are put together in order, so the bytes never depend on the thread count.
public struct KeyboardAnimationOutput: Sendable {
    /// The frames of the keyboard sliding in.
    public let frames: KeyboardAnimationFrames
    /// PNG pixels per point.
    public let resolution: Resolution

    /// The formats an animation is written in.
    public static let formats: [OutputFormat] = [.png, .svg]

    /// An animation of `frames` with PNG frames at `resolution`.
    public init(frames: KeyboardAnimationFrames, resolution: Resolution) {
        self.frames = frames
        self.resolution = resolution
    }

    /// The APNG as a frame sequence: frame 0 as the default image, then each frame's changed rectangle.
    public func apngUnit(_ path: String) throws -> OutputUnit {
        let delays = try frames.delays.map { seconds throws(PNGError) in try APNG.Delay(seconds: seconds) }
        return .frames(path, format: .png, try pictures(), resolution: resolution) { images in
            try APNG.encode(frames: images, delays: delays)
        }
    }

    /// An SVG that shows each frame for its delay (`AnimatedSVG`), drawn in one task: its frames
    /// are vector documents, not pixels.
    public func svgUnit(_ path: String) throws -> OutputUnit {
        let (pictures, delays) = (try pictures(), frames.delays)
        let cost = pictures.reduce(0) { $0 + Double($1.size.width * $1.size.height) }
        return OutputUnit(path: path, format: .svg, content: .file(cost: cost) {
            try AnimatedSVG.compose(frames: try pictures.map { try $0.svgData() }, delays: delays)
        })
    }

    /// The unit at `path` in `format` (PNG or SVG).
    public func unit(_ path: String, format: OutputFormat) throws -> OutputUnit {
        switch format {
        case .png: try apngUnit(path)
        case .svg: try svgUnit(path)
        default: throw RequestError("an animation is written as \(Self.formats.map(\.name).joined(separator: " or ")), not \(format.name)")
        }
    }

    /// One unit per format, named `base.<ext>`.
    public func units(base: String, formats: [OutputFormat]) throws -> [OutputUnit] {
        try formats.map { try unit(base + "." + $0.fileExtension, format: $0) }
    }

    /// The APNG's bytes, its frames drawn on `workers` threads.
    public func apngData(workers: Int) throws -> Data {
        try OutputUnit.render([apngUnit("animation.png")], workers: workers)[0].data
    }

    /// The animated SVG's bytes.
    public func svgData() throws -> Data {
        try OutputUnit.render([svgUnit("animation.svg")], workers: 1)[0].data
    }

    private func pictures() throws -> [Picture] {
        try (0..<frames.count).map { try frames.picture(frame: $0) }
    }
}
