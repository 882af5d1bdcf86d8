import BatchRendering
import Drawing
import Foundation
import KeyboardDiagrams

/// The files of a keyboard animation (`keyboard --animate`, `animate: true`): an animated PNG
/// and an animated SVG of the same frames. Each file is one unit of the plan; inside it the
/// frames are drawn on `workers` threads, a few at a time, and put together in frame order, so
/// the bytes never depend on the thread count.
public struct KeyboardAnimationOutput: Sendable {
    public let frames: KeyboardAnimationFrames
    /// PNG pixels per point.
    public let resolution: Resolution
    public let workers: Int

    /// The formats an animation is written in.
    public static let formats: [OutputFormat] = [.png, .svg]

    public init(frames: KeyboardAnimationFrames, resolution: Resolution, workers: Int) {
        self.frames = frames
        self.resolution = resolution
        self.workers = max(1, workers)
    }

    /// An APNG: frame 0 as the default image, then each frame's changed rectangle. Frames are
    /// drawn `workers` at a time, then encoded against the frame before them `workers` at a time,
    /// so only that many are held with the one before.
    public func apngData() throws -> Data {
        let delays = try frames.delays.map { seconds throws(PNGError) in try APNG.Delay(seconds: seconds) }
        var writer = try APNG.Writer(frameCount: frames.count)
        let (frames, resolution, workers) = (self.frames, self.resolution, self.workers)
        var previous: RGBAImage?
        var encoding: PNG.Encoding?
        for start in stride(from: 0, to: frames.count, by: workers) {
            let images = try WorkerPool.map(min(workers, frames.count - start), workers: workers) { offset in
                try frames.picture(frame: start + offset).rasterize(resolution: resolution)
            }
            let chosen = encoding ?? APNG.encoding(for: images[0])
            let before = previous
            let encoded = try WorkerPool.map(images.count, workers: workers) { offset in
                try APNG.encodeFrame(images[offset], after: offset == 0 ? before : images[offset - 1], encoding: chosen)
            }
            for (offset, frame) in encoded.enumerated() { try writer.add(frame, delay: delays[start + offset]) }
            (previous, encoding) = (images.last, chosen)
        }
        return try writer.finish()
    }

    /// An SVG that shows each frame for its delay (`AnimatedSVG`).
    public func svgData() throws -> Data {
        let frames = self.frames
        let documents = try WorkerPool.map(frames.count, workers: workers) { try frames.picture(frame: $0).svgData() }
        return try AnimatedSVG.compose(frames: documents, delays: frames.delays)
    }

    /// The file at `path` in `format` (PNG or SVG): the first frame stands for it in budget checks.
    public func file(_ path: String, format: OutputFormat) throws -> FileToRender {
        var file = FileToRender(path, try frames.picture(frame: 0), format: format, resolution: resolution)
        file.pictureCount = frames.count
        let output = self
        switch format {
        case .png: file.encoder = { try output.apngData() }
        case .svg: file.encoder = { try output.svgData() }
        default: throw RequestError("an animation is written as \(Self.formats.map(\.name).joined(separator: " or ")), not \(format.name)")
        }
        return file
    }

    /// One file per format, named `base.<ext>`.
    public func files(base: String, formats: [OutputFormat]) throws -> [FileToRender] {
        try formats.map { try file(base + "." + $0.fileExtension, format: $0) }
    }
}
