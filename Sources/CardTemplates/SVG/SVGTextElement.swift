import Drawing
import Foundation
import Geometry
import SpecFiles

/// A `<text>` or `<flowRoot>` of an SVG template read as a text layer: its box on the card and
/// its font, colour and alignment, from its `style` and presentation attributes (those of its
/// ancestors, then its own, then those of its first line's `tspan` or `flowPara`).
struct SVGTextElement: Sendable, Equatable {
    /// The box in card points.
    var box: CGRect
    /// A Pango font description, size in points.
    var font: String
    var color: Color
    var alignment: TextBoxAlignment
    var wrap: TextWrap
    var lineSpacing: Double

    /// The layer drawing `markup` as this element's text.
    func layer(markup: String) -> TextLayer {
        TextLayer(markup: markup, font: font, color: color, alignment: alignment, verticalAlignment: .top, wrap: wrap,
                  ellipsis: .none, lineSpacing: lineSpacing, minimumFontSize: nil)
    }
}

extension SVGTemplate {
    /// The text element at `index` with its box and style worked out.
    func textElement(_ index: Int, byID: [String: Int]) throws(SpecError) -> SVGTextElement {
        let location = document.location(of: index, in: displayName)
        let element = document.elements[index]
        let id = element["id"] ?? ""
        let transform = try userTransform(of: index, location: location, id: id)
        let style = textStyle(of: index)
        let scale = abs(transform.d)
        let fontSize = (style["font-size"].flatMap(SVGGeometry.userUnits) ?? 16) * scale
        guard fontSize > 0, fontSize <= CardTemplate.maximumCardSide else {
            throw SpecError("element #\(id): the font size is not a length from 0 to \(Int(CardTemplate.maximumCardSide))pt", at: location)
        }
        let family = (style["font-family"] ?? "DejaVu Sans").split(separator: ",").first
            .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "'\" ")) } ?? "DejaVu Sans"
        var words = [family.isEmpty ? "DejaVu Sans" : family]
        if let weight = style["font-weight"], ["bold", "bolder", "600", "700", "800", "900"].contains(weight) { words.append("Bold") }
        if let slant = style["font-style"], ["italic", "oblique"].contains(slant) { words.append("Italic") }
        words.append(String(format: "%g", Double((fontSize * 100).rounded() / 100)))
        let color = style["fill"].flatMap(TemplateColor.parse) ?? .black
        let alignment: TextBoxAlignment = switch style["text-align"] ?? style["text-anchor"] {
        case "center", "middle": .center
        case "end", "right": .right
        case "justify": .justify
        default: .left
        }
        var lineSpacing = 1.0
        if let height = style["line-height"], let value = Double(height), value > 0, value <= 10 { lineSpacing = value / 1.25 }
        let (box, wrap) = try textBox(of: index, transform: transform, fontSize: fontSize, alignment: alignment,
                                      location: location, id: id, byID: byID)
        return SVGTextElement(box: box, font: words.joined(separator: " "), color: color,
                              alignment: alignment, wrap: wrap, lineSpacing: lineSpacing)
    }

    /// The transforms from the element's user units to card points; refuses rotation and skew,
    /// which a text box cannot follow.
    func userTransform(of index: Int, location: SpecLocation, id: String) throws(SpecError) -> CGAffineTransform {
        var transform = userToCard
        for ancestor in document.chain(to: index).dropFirst() {
            guard let text = document.elements[ancestor]["transform"] else { continue }
            guard let step = SVGGeometry.transform(text) else {
                throw SpecError("element #\(id): the transform \"\(text)\" is not understood", at: location)
            }
            transform = step.concatenating(transform)
        }
        guard SVGGeometry.isAxisAligned(transform) else {
            throw SpecError("element #\(id) is rotated or skewed, and a text filled from data may only be moved and scaled", at: location)
        }
        return transform
    }

    /// The style properties that apply to the text: ancestors' first, then its own, then its
    /// first line's. A presentation attribute counts where the `style` does not say.
    func textStyle(of index: Int) -> [String: String] {
        let firstLine = document.descendants(of: index).first { ["tspan", "flowPara"].contains(document.elements[$0].localName) }
        var style: [String: String] = [:]
        for element in document.chain(to: index) + (firstLine.map { [$0] } ?? []) {
            let attributes = document.elements[element]
            for name in ["font-size", "font-family", "font-weight", "font-style", "fill", "text-anchor", "text-align", "line-height"] {
                if let value = attributes[name] { style[name] = value }
            }
            for property in SVGGeometry.style(attributes["style"]) { style[property.name] = property.value }
        }
        return style
    }

    /// The element's box in card points, and how its lines wrap: a flowed text's region
    /// (wrapped at words), or one line from a point text's position to the card's edge.
    func textBox(of index: Int, transform: CGAffineTransform, fontSize: CGFloat, alignment: TextBoxAlignment,
                 location: SpecLocation, id: String, byID: [String: Int]) throws(SpecError) -> (CGRect, TextWrap) {
        if let region = try regionRect(of: index, location: location, id: id, byID: byID) {
            return (SVGGeometry.apply(transform, to: region), .word)
        }
        let element = document.elements[index]
        let firstLine = document.descendants(of: index).first { document.elements[$0].localName == "tspan" }.map { document.elements[$0] }
        let x = (element["x"] ?? firstLine?["x"]).flatMap { SVGGeometry.numbers($0).first } ?? 0
        let y = (element["y"] ?? firstLine?["y"]).flatMap { SVGGeometry.numbers($0).first } ?? 0
        let anchor = CGPoint(x: x, y: y).applying(transform)
        // The line's top sits a font size above its baseline.
        let top = anchor.y - fontSize
        let height = max(size.height - top, fontSize)
        let box: CGRect = switch alignment {
        case .center:
            CGRect(x: anchor.x - min(anchor.x, size.width - anchor.x), y: top, width: 2 * min(anchor.x, size.width - anchor.x), height: height)
        case .right, .end: CGRect(x: 0, y: top, width: anchor.x, height: height)
        default: CGRect(x: anchor.x, y: top, width: size.width - anchor.x, height: height)
        }
        guard box.width > 0 else {
            throw SpecError("element #\(id) starts at the card's edge or outside it, so its text has no room", at: location)
        }
        return (box, .none)
    }

    /// A `flowRoot`'s `flowRegion` rectangle, or the rectangle a `<text>` flows into
    /// (`shape-inside:url(#id)`), in the element's user units; nil for a point text.
    func regionRect(of index: Int, location: SpecLocation, id: String, byID: [String: Int]) throws(SpecError) -> CGRect? {
        let element = document.elements[index]
        var rectIndex: Int?
        if element.localName == "flowRoot" {
            let region = document.descendants(of: index).first { document.elements[$0].localName == "flowRegion" }
            rectIndex = region.flatMap { region in document.descendants(of: region).first { document.elements[$0].localName == "rect" } }
            guard rectIndex != nil else {
                throw SpecError("element #\(id) is a flowed text without a <rect> in its <flowRegion>; "
                                + "draw its frame as a rectangle", at: location)
            }
        } else if let shape = SVGGeometry.style(element["style"]).first(where: { $0.name == "shape-inside" })?.value,
                  let match = shape.firstMatch(of: /url\(#([^)]+)\)/) {
            let target = String(match.1)
            rectIndex = byID[target]
            guard let found = rectIndex, document.elements[found].localName == "rect" else {
                throw SpecError("element #\(id) flows into #\(target), which is not a <rect> of the SVG", at: location)
            }
        }
        guard let rectIndex else { return nil }
        let rect = document.elements[rectIndex]
        let values = ["x", "y", "width", "height"].map { rect[$0].flatMap(SVGGeometry.userUnits) ?? 0 }
        var box = CGRect(x: values[0], y: values[1], width: values[2], height: values[3])
        if let text = rect["transform"] {
            guard let own = SVGGeometry.transform(text), SVGGeometry.isAxisAligned(own) else {
                throw SpecError("element #\(id): its frame's transform \"\(text)\" is not a move or a scale", at: location)
            }
            box = SVGGeometry.apply(own, to: box)
        }
        guard box.width > 0, box.height > 0 else {
            throw SpecError("element #\(id): its frame has no width or height", at: location)
        }
        return box
    }
}
