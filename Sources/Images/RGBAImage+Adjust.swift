import Foundation

extension RGBAImage {
    /// The pixels of columns `x..<x+width` and rows `y..<y+height`; nil unless that rectangle
    /// lies inside the image and is at least one pixel each way.
    public func cropped(x: Int, y: Int, width: Int, height: Int) -> RGBAImage? {
        guard x >= 0, y >= 0, width > 0, height > 0, x <= self.width - width, y <= self.height - height else { return nil }
        var result = [UInt8](repeating: 0, count: width * height * 4)
        let rowBytes = width * 4
        for row in 0..<height {
            let from = ((y + row) * self.width + x) * 4
            result.replaceSubrange(row * rowBytes..<(row + 1) * rowBytes, with: pixels[from..<from + rowBytes])
        }
        return RGBAImage(width: width, height: height, pixels: result)
    }

    /// The image turned clockwise by `quarterTurns` quarter turns (any whole number; 4 is a
    /// whole turn): a lossless reordering of the pixels.
    public func turnedClockwise(quarterTurns: Int) -> RGBAImage {
        let turns = ((quarterTurns % 4) + 4) % 4
        guard turns != 0 else { return self }
        let newWidth = turns == 2 ? width : height, newHeight = turns == 2 ? height : width
        var result = [UInt8](repeating: 0, count: pixels.count)
        for y in 0..<height {
            for x in 0..<width {
                // Where the pixel at (x, y) lands after the turn.
                let (u, v): (Int, Int) = switch turns {
                case 1: (height - 1 - y, x)
                case 2: (width - 1 - x, height - 1 - y)
                default: (y, width - 1 - x)
                }
                let from = (y * width + x) * 4, to = (v * newWidth + u) * 4
                result[to] = pixels[from]
                result[to + 1] = pixels[from + 1]
                result[to + 2] = pixels[from + 2]
                result[to + 3] = pixels[from + 3]
            }
        }
        return RGBAImage(width: newWidth, height: newHeight, pixels: result)
    }
}
