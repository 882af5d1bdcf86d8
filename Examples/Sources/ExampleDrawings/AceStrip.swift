import BatchRendering
import Drawing
import Foundation
import PlayingCards

/// The four aces as the frames of one PNG, side by side at half size: each ace is drawn as its own
/// task on the workers, and the frames are put together in order, so the bytes are the same for
/// any number of workers.
public func aceStrip(workers: Int) throws -> RenderedFile {
    let renderer = try CardRenderer(size: .poker, theme: .classic)
    let size = Resolution.scale(0.5).pixelSize(for: renderer.size.points)
    let frames: [@Sendable () throws -> RGBAImage] = Suit.allCases.map { suit in
        { try renderer.picture(for: .card(.ace, of: suit)).rasterize(scale: 0.5) }
    }
    let strip = OutputUnit(path: "aces.png", format: .png, pixelSize: size,
                           content: .frames(OutputUnit.Frames(frames, costPerFrame: Double(size.width * size.height)) { images in
                               var strip = RGBAImage(width: size.width * images.count, height: size.height)
                               for (index, image) in images.enumerated() {
                                   for y in 0..<image.height {
                                       for x in 0..<image.width { strip[index * size.width + x, y] = image[x, y] }
                                   }
                               }
                               return try strip.pngData()
                           }))
    return try OutputUnit.render([strip], workers: workers)[0]
}
