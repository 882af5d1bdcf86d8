// A program that imports only BatchRendering: it renders a sequence of frames on the workers.
// Tests/Outside/links.sh checks that it is built from no drawing module and links no Cairo,
// Pango or librsvg.
import BatchRendering
import Foundation
import Images

let frames: [@Sendable () throws -> RGBAImage] = (0..<4).map { index in
    { RGBAImage(width: 2, height: 2, fill: (UInt8(index * 60), 0, 0, 255)) }
}
let unit = OutputUnit(path: "frames.png", format: .png, pixelSize: (width: 2, height: 2),
                      content: .frames(OutputUnit.Frames(frames, costPerFrame: 4) { images in
                          try PNG.encode(images[images.count - 1])
                      }))
let files = try OutputUnit.render([unit], workers: 2)
print("\(files[0].path): \(files[0].facts.bytes) bytes")
