import CardRenderSupport
import Foundation
import Images
import Synchronization

/// One file a plan writes, known before anything is drawn: where it goes, its format, its pixel
/// size (checked against the pixel budget first) and how it renders, with what that costs.
/// A picture (a card, a diagram, a sprite sheet), a document of pages (the print PDF) and a
/// sequence of frames (an animation) are all units: scheduled on one pool of workers, the
/// costliest first, so no kind of file waits behind the others or runs outside the count.
///
/// The unit knows no drawing: its closures do the work, so this module links no Cairo. The
/// render pipeline makes pictures (`FileToRender.unit`) and documents (`OutputUnit.document`)
/// into units; a frame sequence is frames that each return an `RGBAImage` and one closure that
/// assembles them in order into the file's bytes (an animated image, a sprite strip).
public struct OutputUnit: Sendable {
    /// Relative to the output folder.
    public var path: String
    /// The picture format; nil for a file that is not a picture (a JSON atlas).
    public var format: OutputFormat?
    /// The width and height of a raster file (of each frame, for frames), checked against the
    /// pixel budget before anything renders; nil for vector formats and other files.
    public var pixelSize: (width: Int, height: Int)?
    /// How the file's bytes are produced.
    public var content: Content

    /// How the file renders, and the cost of each task (pixels to draw, a proxy for time;
    /// vector output costs about as much as a 1x raster of the same size in points).
    public enum Content: Sendable {
        /// One task makes the file's bytes: a picture drawn and encoded, or bytes already known.
        case file(cost: Double, render: @Sendable () throws -> Data)
        /// Pages drawn one after the other into one file, in one task: a PDF's pages share one
        /// surface. The cost is the pages' together.
        case document(pageCosts: [Double], render: @Sendable () throws -> Data)
        /// Frames rendered each as its own task, in parallel, then assembled in order.
        case frames(Frames)
    }

    /// A sequence of frames: each renders on whichever worker is free, and the worker that
    /// finishes the last one assembles them, in frame order, into the file's bytes. The bytes
    /// therefore depend only on the frames, never on the number of workers or their timing.
    public struct Frames: Sendable {
        /// The frame renderers, in frame order.
        public var frames: [@Sendable () throws -> RGBAImage]
        /// What one frame costs to render.
        public var costPerFrame: Double
        /// Joins the rendered frames, in order, into the file's bytes.
        public var assemble: @Sendable ([RGBAImage]) throws -> Data

        /// Frames that each cost `costPerFrame` and are joined by `assemble`.
        public init(_ frames: [@Sendable () throws -> RGBAImage], costPerFrame: Double,
                    assemble: @escaping @Sendable ([RGBAImage]) throws -> Data) {
            self.frames = frames
            self.costPerFrame = costPerFrame
            self.assemble = assemble
        }
    }

    /// A file to write at `path` (relative to the output folder), made by `content`.
    public init(path: String, format: OutputFormat?, pixelSize: (width: Int, height: Int)? = nil, content: Content) {
        self.path = path
        self.format = format
        self.pixelSize = pixelSize
        self.content = content
    }

    /// A file whose bytes are known when it is planned (an atlas): nothing to draw.
    public static func known(_ path: String, _ data: Data) -> OutputUnit {
        OutputUnit(path: path, format: OutputFormat(path: path), content: .file(cost: 0) { data })
    }

    /// Everything the unit costs to render.
    public var estimatedCost: Double {
        switch content {
        case .file(let cost, _): cost
        case .document(let pageCosts, _): pageCosts.reduce(0, +)
        case .frames(let frames): frames.costPerFrame * Double(frames.frames.count)
        }
    }

    /// Refuses a raster over `maxPixels`, or wider or taller than its format holds, before
    /// anything renders.
    public func checkBudget(maxPixels: Int) throws(ImageError) {
        guard let pixels = pixelSize else { return }
        if let format, let side = format.maxPixelsPerSide, max(pixels.width, pixels.height) > side {
            throw .invalidSize("\(path) would be \(pixels.width)×\(pixels.height) px; "
                               + "\(format.name) holds at most \(side) px a side")
        }
        try RenderLimits.checkBudget(width: pixels.width, height: pixels.height, maxPixels: maxPixels, what: path)
        guard case .frames(let frames) = content, frames.frames.count > 1 else { return }
        // A sequence's frames are all held until it is assembled: together they may have
        // `heldFramesFactor` times the budget of one picture.
        let (height, overflow) = pixels.height.multipliedReportingOverflow(by: frames.frames.count)
        let (budget, tooLarge) = maxPixels.multipliedReportingOverflow(by: Self.heldFramesFactor)
        try RenderLimits.checkBudget(width: pixels.width, height: overflow ? Int.max : height,
                                     maxPixels: tooLarge ? Int.max : budget,
                                     what: "\(path)'s \(frames.frames.count) frames together")
    }

    /// How many pictures' budgets a frame sequence's frames may use together.
    public static let heldFramesFactor = 4
}
