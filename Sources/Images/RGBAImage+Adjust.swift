import FoundationEssentials

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

extension RGBAImage {
    /// The image grown by the given numbers of pixels on each side: the new pixels are the
    /// image reflected in its edges (`mirrored`: the first new pixel is the edge pixel, the next
    /// the one inside it, reflected again in the far edge when the margin is wider than the
    /// image), or its outermost row or column repeated. Nil when a margin is negative or the
    /// result would hold more than `maxPixels` pixels.
    public func extended(top: Int, left: Int, bottom: Int, right: Int, mirrored: Bool,
                         maxPixels: Int) -> RGBAImage? {
        guard width > 0, height > 0, top >= 0, left >= 0, bottom >= 0, right >= 0 else { return nil }
        let (newWidth, wideOverflow) = width.addingReportingOverflow(left + right)
        let (newHeight, highOverflow) = height.addingReportingOverflow(top + bottom)
        guard !wideOverflow, !highOverflow, newWidth <= maxPixels / newHeight else { return nil }
        func source(_ index: Int, _ count: Int) -> Int {
            guard mirrored else { return min(max(index, 0), count - 1) }
            let period = 2 * count
            let folded = (index % period + period) % period
            return folded < count ? folded : period - 1 - folded
        }
        let columns = (0..<newWidth).map { source($0 - left, width) * 4 }
        var result = [UInt8](repeating: 0, count: newWidth * newHeight * 4)
        for y in 0..<newHeight {
            let row = source(y - top, height) * width * 4, out = y * newWidth * 4
            for x in 0..<newWidth {
                let from = row + columns[x], to = out + x * 4
                result[to] = pixels[from]
                result[to + 1] = pixels[from + 1]
                result[to + 2] = pixels[from + 2]
                result[to + 3] = pixels[from + 3]
            }
        }
        return RGBAImage(width: newWidth, height: newHeight, pixels: result)
    }
}
