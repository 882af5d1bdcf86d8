import Drawing
import Foundation
import Geometry

/// Cards packed in a grid on one PNG, with an atlas of frame rectangles in TexturePacker's
/// "hash" JSON format, which Phaser (`load.atlas`) and PixiJS (`Assets.load`) read.
///
/// Frames sit on whole pixels with `padding` transparent pixels between them, so filtering in a
/// game engine never bleeds one card into the next.
public struct SpriteSheet: Sendable {
    /// One card on the sheet: its frame name and how it draws itself into a card-sized rect.
    public struct Item: Sendable {
        /// The frame's name in the atlas (`AS.png`).
        public var name: String
        /// Draws the card into a card-sized rect on the sheet.
        public var draw: @Sendable (_ bounds: CGRect, _ canvas: Canvas) throws -> Void

        /// Any card that can draw itself: a template card, say.
        public init(name: String, draw: @escaping @Sendable (_ bounds: CGRect, _ canvas: Canvas) throws -> Void) {
            self.name = name
            self.draw = draw
        }

        /// A card of the built-in deck.
        public init(name: String, side: CardSide, renderer: CardRenderer) {
            self.init(name: name) { bounds, canvas in try renderer.draw(side, in: bounds, on: canvas) }
        }
    }

    /// A frame in pixels.
    public struct Frame: Sendable, Hashable {
        /// The item's name, the atlas key.
        public var name: String
        /// Left edge in pixels from the sheet's left.
        public var x: Int
        /// Top edge in pixels from the sheet's top.
        public var y: Int
        /// Width in pixels (a card's).
        public var width: Int
        /// Height in pixels (a card's).
        public var height: Int
    }

    /// The cards on the sheet, row by row.
    public let rows: [[Item]]
    /// The resolution the cards are rasterised at.
    public let resolution: Resolution
    /// The size of every card on the sheet.
    public let cardSize: CardSize
    /// Transparent pixels between neighbouring frames.
    public let padding: Int
    /// A card's width in pixels.
    public let cellWidth: Int
    /// A card's height in pixels.
    public let cellHeight: Int
    /// The sheet's width in pixels.
    public let pixelWidth: Int
    /// The sheet's height in pixels.
    public let pixelHeight: Int

    /// A sheet of `rows`; throws when a card or the sheet would exceed the pixel limits.
    public init(rows: [[Item]], cardSize: CardSize, resolution: Resolution, padding: Int = 2) throws(PlayingCardsError) {
        try cardSize.validate(for: resolution)
        self.rows = rows
        self.cardSize = cardSize
        self.resolution = resolution
        self.padding = padding
        let pixels = resolution.pixelSize(for: cardSize.points)
        cellWidth = pixels.width
        cellHeight = pixels.height
        let columns = rows.map(\.count).max() ?? 0
        pixelWidth = columns * cellWidth + max(0, columns - 1) * padding
        pixelHeight = rows.count * cellHeight + max(0, rows.count - 1) * padding
        let limit = RenderLimits.maxPixelsPerSide
        guard pixelWidth <= limit, pixelHeight <= limit else {
            throw .tooLarge("the sprite sheet would be \(pixelWidth)×\(pixelHeight) px, over the limit of \(limit) px a side; "
                            + "use a smaller --scale, --dpi or --size")
        }
    }

    /// Every item's frame, row by row, as the atlas lists them.
    public var frames: [Frame] {
        rows.enumerated().flatMap { row, items in
            items.enumerated().map { column, item in
                Frame(name: item.name, x: column * (cellWidth + padding), y: row * (cellHeight + padding),
                      width: cellWidth, height: cellHeight)
            }
        }
    }

    /// The sheet as a picture whose pixel size at `resolution` is exactly `pixelWidth × pixelHeight`.
    public func picture() -> Picture {
        let perPoint = CGFloat(resolution.pixelsPerPoint)
        let size = CGSize(width: CGFloat(pixelWidth) / perPoint, height: CGFloat(pixelHeight) / perPoint)
        let rows = self.rows, frames = self.frames, cardSize = self.cardSize
        return Picture(size: size, title: "sprite sheet") { canvas in
            var index = 0
            for items in rows {
                for item in items {
                    let frame = frames[index]
                    let origin = CGPoint(x: CGFloat(frame.x) / perPoint, y: CGFloat(frame.y) / perPoint)
                    try item.draw(CGRect(origin: origin, size: cardSize.points), canvas)
                    index += 1
                }
            }
        }
    }

    /// TexturePacker "hash" JSON. `meta.scale` is the pixels per point of the sheet (PixiJS
    /// divides frame sizes by it to show 2x sheets at their point size).
    public func atlasJSON(imageName: String) -> Data {
        func rect(_ f: Frame) -> String { "{\"x\":\(f.x),\"y\":\(f.y),\"w\":\(f.width),\"h\":\(f.height)}" }
        let entries = frames.map { frame in
            "\t\(jsonString(frame.name)): {\n"
                + "\t\t\"frame\": \(rect(frame)),\n"
                + "\t\t\"rotated\": false,\n"
                + "\t\t\"trimmed\": false,\n"
                + "\t\t\"spriteSourceSize\": {\"x\":0,\"y\":0,\"w\":\(frame.width),\"h\":\(frame.height)},\n"
                + "\t\t\"sourceSize\": {\"w\":\(frame.width),\"h\":\(frame.height)}\n"
                + "\t}"
        }
        let scale = CardSize.format(CGFloat(resolution.pixelsPerPoint))
        let text = "{\"frames\": {\n" + entries.joined(separator: ",\n") + "\n},\n"
            + "\"meta\": {\n"
            + "\t\"app\": \"cardrender\",\n"
            + "\t\"version\": \"1.0\",\n"
            + "\t\"image\": \(jsonString(imageName)),\n"
            + "\t\"format\": \"RGBA8888\",\n"
            + "\t\"size\": {\"w\":\(pixelWidth),\"h\":\(pixelHeight)},\n"
            + "\t\"scale\": \"\(scale)\"\n"
            + "}\n}\n"
        return Data(text.utf8)
    }

    func jsonString(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case _ where scalar.value < 0x20: result += String(format: "\\u%04x", scalar.value)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
