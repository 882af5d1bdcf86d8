import Drawing
import Foundation
import SpecFiles

extension LayerResolver {
    /// The file extensions an image layer's `src` may have.
    static let imageExtensions = ["png", "jpg", "jpeg", "webp", "svg"]

    /// `crop: {x, y, width, height}` in the image's own units: a number (or `px`) of its pixels
    /// (an SVG's points), or a percentage of its width or height. Whether it lies inside the
    /// image is checked when the image is loaded.
    mutating func crop() throws(SpecError) -> ImageCrop? {
        guard let node = try value("crop") else { return nil }
        let form = "`crop: {x: 10, y: 10%, width: 200, height: 50%}` (the image's pixels, or % of its size)"
        if let written = node.scalar {
            throw parser.fail("`crop` is written \(form), got \"\(written)\"", at: node.location)
        }
        let entries = try parser.mapping(node, key: "crop", keys: ["x", "y", "width", "height"])
        var lengths: [String: TemplateLength] = [:]
        for entry in entries {
            let text = try parser.text(entry.value, key: entry.key)
            let unit = text.lowercased().filter { $0.isLetter }
            guard unit.isEmpty || unit == "px",
                  // At 72 dpi a `px` is one point: one of the image's own units.
                  case let .success(length) = TemplateLength.parse(text, dpi: 72),
                  length.points >= 0, length.fraction >= 0, length.points <= 1_000_000, length.fraction <= 1 else {
                throw parser.fail("crop `\(entry.key)` must be a number of the image's pixels (or `px`) or a percentage "
                                  + "from 0% to 100%, got \"\(text)\"", at: entry.value.location)
            }
            guard !(["width", "height"].contains(entry.key) && length.points == 0 && length.fraction == 0) else {
                throw parser.fail("crop `\(entry.key)` must be more than 0, got \"\(text)\"", at: entry.value.location)
            }
            lengths[entry.key] = length
        }
        return ImageCrop(x: lengths["x"] ?? TemplateLength(), y: lengths["y"] ?? TemplateLength(),
                         width: lengths["width"], height: lengths["height"])
    }

    /// `src-rotate`: 0, 90, 180 or 270 degrees (or any of those plus whole turns, or negative),
    /// as clockwise quarter turns 0...3.
    mutating func sourceQuarterTurns() throws(SpecError) -> Int {
        guard let node = try value("src-rotate") else { return 0 }
        let degrees = try parser.number(node, key: "src-rotate", in: -36_000...36_000)
        guard degrees.truncatingRemainder(dividingBy: 90) == 0 else {
            throw parser.fail("`src-rotate` turns the image by quarter turns: 0, 90, 180 or 270, got \"\(ValueParser.format(degrees))\"; "
                              + "to turn the layer by any angle, use `rotate`", at: node.location)
        }
        return ((Int(degrees / 90) % 4) + 4) % 4
    }

    /// `bleed: mirror`, `stretch` or `none` (the default). An extended image is not clipped
    /// (the clip would hide what goes into the bleed) and its layer is not rotated (its sides
    /// would no longer lie along the trim's).
    mutating func imageBleed(clip: ImageLayer.Clip) throws(SpecError) -> EdgeExtension? {
        guard let node = try value("bleed") else { return nil }
        let names = [("none", EdgeExtension?.none)] + EdgeExtension.allCases.map { ($0.rawValue, Optional($0)) }
        guard let mode = try parser.choice(node, key: "bleed", among: names) else { return nil }
        guard clip == .none else {
            throw parser.fail("`bleed: \(mode.rawValue)` extends the image past its box, which `clip: \(clip.rawValue)` "
                              + "would hide; leave out `clip`", at: layer.entries["clip"]?.location ?? node.location)
        }
        if let rotate = layer.entries["rotate"] {
            let degrees = try parser.number(rotate, key: "rotate", in: -36_000...36_000)
            guard degrees.truncatingRemainder(dividingBy: 360) == 0 else {
                throw parser.fail("`bleed: \(mode.rawValue)` extends the image along the trim's edges, so the layer cannot be "
                                  + "rotated; turn the image with `src-rotate` instead", at: rotate.location)
            }
        }
        return mode
    }
}
