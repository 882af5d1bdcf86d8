import CardRenderSupport
import Drawing
import Foundation
import Geometry
import SpecFiles

/// A card designed in a vector editor: an SVG file whose elements are filled from each row.
///
/// An element is filled when its `id` is the name of a column (as Inkscape's Object
/// Properties sets it): a `<text>` or `<flowRoot>` takes the value as its text, an `<image>`
/// the value as its file, a shape (`rect`, `circle`, `ellipse`, `path`, `polygon`,
/// `polyline`, `line`) the value as its fill colour, and any other element (a group, a layer,
/// a `use`) is shown unless the value is empty, `0`, `no`, `false` or `hide`. An empty value
/// hides the element whatever it is. A text element whose `id` is no column may hold
/// `{column}` placeholders, filled as in YAML templates.
///
/// Filled text is taken out of the SVG and laid out by the project's text box over the drawn
/// SVG, in the box of the element: a `flowRoot`'s `flowRegion` rectangle, the rectangle a
/// `<text>` names with `shape-inside:url(#id)`, or, for a text placed at a point, one line
/// from that point to the card's edge.
public struct SVGTemplate: Sendable, Equatable {
    /// An element the rows can change.
    struct Fillable: Sendable, Equatable {
        enum Kind: Sendable, Equatable {
            /// A `<text>` or `<flowRoot>`; its box and style are worked out when a row fills it
            /// (Inkscape gives every element an id, and most are never filled).
            case text
            case image
            case shape
            case other
        }

        var element: Int
        var id: String
        var kind: Kind
    }

    var document: SVGDocument
    /// How messages name the file.
    var displayName: String
    /// The template's folder: an image the data names must be inside it (or an allowed folder).
    var folder: URL
    /// The card's size in points, from the root's `width` and `height`.
    var size: CGSize
    /// Maps the root's user units to card points (the `viewBox`).
    var userToCard: CGAffineTransform
    var fillables: [Fillable]
    /// The index of the first element with each id (a text's `shape-inside` names its frame).
    var elementsByID: [String: Int]
    /// The image files the SVG itself names, embedded when it was read.
    var imageFiles: [URL]

    /// How many bytes the filled drawings of one run's cards may hold together: each card keeps
    /// its own SVG, with the images it embeds, until it is drawn.
    public static let maximumDrawingBytes = 1 << 30

    static let shapeNames: Set<String> = ["rect", "circle", "ellipse", "path", "polygon", "polyline", "line"]

    /// Reads an SVG template; every error is one line at the file, line and column.
    static func load(contentsOf url: URL, displayName: String) throws(SpecError) -> SVGTemplate {
        let data = try SVGDocument.read(contentsOf: url, displayName: displayName)
        var document = try SVGDocument.parse(data, displayName: displayName)
        let (size, userToCard) = try Self.cardSize(of: document, displayName: displayName)
        // What librsvg refuses in the file as written (a prefix never declared) is said at its
        // line and column, before any row changes it.
        // Embedded images are held to --max-pixels where it is known: TemplateRenderer checks each
        // card's drawing before drawing it.
        do { _ = try VectorImage(data: data, name: displayName, maxPixels: .max) } catch { throw SpecError(error.description, at: nil) }
        let folder = url.deletingLastPathComponent()
        var imageFiles: [URL] = []
        for index in document.elements.indices where document.elements[index].localName == "image" {
            guard let href = Self.href(of: document.elements[index]), !href.isEmpty, !href.hasPrefix("data:") else { continue }
            let location = document.location(of: index, in: displayName)
            let resolved = ImagePath.resolve(href, folder: folder, fromData: false, allowedFolders: [], key: "href")
            guard case let .success(file) = resolved else {
                if case let .failure(problem) = resolved { throw SpecError("<image>: \(problem.message)", at: location) }
                continue
            }
            Self.setHref(try Self.dataURL(of: file, at: location), of: &document.elements[index])
            imageFiles.append(file)
        }
        var template = SVGTemplate(document: document, displayName: displayName, folder: folder, size: size,
                                   userToCard: userToCard, fillables: [], elementsByID: [:], imageFiles: imageFiles)
        for (index, element) in document.elements.enumerated() {
            if let id = element["id"], template.elementsByID[id] == nil { template.elementsByID[id] = index }
        }
        template.fillables = template.findFillables()
        return template
    }

    /// The card's size from the root's `width` and `height`, and the user-unit scale from its `viewBox`.
    static func cardSize(of document: SVGDocument, displayName: String) throws(SpecError) -> (CGSize, CGAffineTransform) {
        let root = document.elements[document.root]
        let location = document.location(of: document.root, in: displayName)
        var sides: [CGFloat] = []
        for key in ["width", "height"] {
            guard let text = root[key] else {
                throw SpecError("the <svg> element has no `\(key)`; give it a width and height with a unit (mm, in, px or pt): "
                                + "they are the card's size", at: location)
            }
            guard let points = SVGGeometry.points(text), points <= CardTemplate.maximumCardSide else {
                throw SpecError("the <svg> element's `\(key)` is \"\(text)\"; the card's size needs a length in mm, cm, in, px or pt "
                                + "up to \(Int(CardTemplate.maximumCardSide))pt, not a percentage", at: location)
            }
            sides.append(points)
        }
        let size = CGSize(width: sides[0], height: sides[1])
        let viewBox = root["viewBox"].map { SVGGeometry.numbers($0) } ?? []
        guard viewBox.count == 4, viewBox[2] > 0, viewBox[3] > 0 else {
            // Without a viewBox a user unit is a CSS pixel.
            return (size, CGAffineTransform(scaleX: 0.75, y: 0.75))
        }
        // preserveAspectRatio's default: scaled to fit, centred.
        let scale = min(size.width / viewBox[2], size.height / viewBox[3])
        let offset = CGPoint(x: (size.width - viewBox[2] * scale) / 2 - viewBox[0] * scale,
                             y: (size.height - viewBox[3] * scale) / 2 - viewBox[1] * scale)
        return (size, CGAffineTransform(a: scale, b: 0, c: 0, d: scale, tx: offset.x, ty: offset.y))
    }

    /// Every element with an `id`, with what a row can change in it.
    func findFillables() -> [Fillable] {
        var found: [Fillable] = []
        for (index, element) in document.elements.enumerated() {
            guard let id = element["id"], !id.isEmpty else { continue }
            let kind: Fillable.Kind
            switch element.localName {
            case "text", "flowRoot": kind = .text
            case "image": kind = .image
            case let name where Self.shapeNames.contains(name): kind = .shape
            default: kind = .other
            }
            found.append(Fillable(element: index, id: id, kind: kind))
        }
        return found
    }

    // MARK: filling a row

    /// The layers of one row's card: the SVG with the row's changes, drawn over the whole card,
    /// then its filled texts.
    func layers(for context: RowContext) throws(SpecError) -> (layers: [ResolvedLayer], bytes: Int) {
        let rowLabel = context.rowLabel
        var document = self.document
        var removed = Set<Int>()
        var texts: [ResolvedLayer] = []
        var files = imageFiles
        for (order, fillable) in fillables.enumerated() {
            let location = document.location(of: fillable.element, in: displayName)
            let what = "element #\(fillable.id)"
            let value = context.lookup(fillable.id)
            if let value, value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                removed.insert(fillable.element)
                continue
            }
            switch fillable.kind {
            case .text:
                let written = document.text(of: fillable.element)
                guard value != nil || Placeholders.holdsPlaceholder(written) else { continue }
                let text: SVGTextElement
                do { text = try textElement(fillable.element, byID: elementsByID) } catch {
                    throw SpecError("\(rowLabel), \(error.message)", at: error.location)
                }
                var markup = value?.markupEscaped ?? ""
                if value == nil { markup = try context.fill(written.markupEscaped, at: location, what: what, escape: true) }
                removed.insert(fillable.element)
                texts.append(ResolvedLayer(index: order, box: text.box, content: .text(text.layer(markup: markup))))
            case .image:
                guard let value else { continue }
                let resolved = ImagePath.resolve(value, folder: folder, fromData: true, allowedFolders: context.allowedFolders, key: "href")
                switch resolved {
                case let .success(file):
                    Self.setHref(try Self.dataURL(of: file, at: location, rowLabel: rowLabel), of: &document.elements[fillable.element])
                    if !files.contains(file) { files.append(file) }
                case let .failure(problem):
                    throw SpecError("\(rowLabel), \(what): \(problem.message)", at: location)
                }
            case .shape:
                guard let value else { continue }
                guard let color = TemplateColor.parse(value) else {
                    throw SpecError("\(rowLabel), \(what): \(TemplateColor.message("fill", value))", at: location)
                }
                Self.setFill(color, of: &document.elements[fillable.element])
            case .other:
                guard let value else { continue }
                if ["0", "no", "false", "hide"].contains(value.trimmingCharacters(in: .whitespaces).lowercased()) {
                    removed.insert(fillable.element)
                } else {
                    Self.show(&document.elements[fillable.element])
                }
            }
        }
        let drawing = document.xml(removing: removed)
        let image: VectorImage
        do { image = try VectorImage(data: drawing, name: displayName, maxPixels: .max) } catch {
            throw SpecError("\(rowLabel): \(error.description)", at: nil)
        }
        let whole = ResolvedLayer(index: fillables.count, box: CGRect(origin: .zero, size: size), content: .vector(image, files: files))
        return ([whole] + texts, drawing.count)
    }

    /// The text of every text element, placeholders and all.
    var texts: [String] {
        fillables.compactMap { fillable in
            if case .text = fillable.kind { return document.text(of: fillable.element) }
            return nil
        }
    }

    // MARK: editing elements

    static func href(of element: SVGDocument.Element) -> String? { element["xlink:href"] ?? element["href"] }

    /// Sets the link the element has (`xlink:href`, as Inkscape writes, or SVG 2's `href`), or
    /// `href` when it has none: `xlink:` needs a namespace the file may not declare.
    static func setHref(_ value: String, of element: inout SVGDocument.Element) {
        if element["xlink:href"] != nil { element["xlink:href"] = value }
        if element["href"] != nil || element["xlink:href"] == nil { element["href"] = value }
    }

    /// Sets the fill in the element's `style` (where Inkscape writes it) and as an attribute.
    static func setFill(_ color: Color, of element: inout SVGDocument.Element) {
        let rgb = Color(red: color.red, green: color.green, blue: color.blue).hexString
        var style = SVGGeometry.style(element["style"]).filter { $0.name != "fill" && $0.name != "fill-opacity" }
        style += [("fill", rgb), ("fill-opacity", String(format: "%g", color.alpha))]
        element["style"] = SVGGeometry.styleText(style)
        element["fill"] = nil
        element["fill-opacity"] = nil
    }

    /// Takes away what hides the element (Inkscape hides a layer with `display:none`).
    static func show(_ element: inout SVGDocument.Element) {
        let style = SVGGeometry.style(element["style"]).filter { !($0.name == "display" && $0.value == "none") }
        element["style"] = style.isEmpty ? nil : SVGGeometry.styleText(style)
        if element["display"] == "none" { element["display"] = nil }
    }

    /// The largest image an SVG template's `<image>` may name: as a base64 `data:` URL (4 bytes for
    /// 3, plus its header) it stays under the 10,000,000 bytes libxml2 parses of one attribute value
    /// for librsvg.
    static let maximumImageBytes = 7 << 20

    /// The file as a `data:` URL, so librsvg (which is given bytes, not a path) draws it;
    /// `rowLabel` names the row whose data named the file.
    static func dataURL(of file: URL, at location: SpecLocation, rowLabel: String? = nil) throws(SpecError) -> String {
        let size = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? NSNumber)?.intValue ?? 0
        guard size <= maximumImageBytes else {
            throw SpecError((rowLabel.map { "\($0), " } ?? "") + "the image \(file.lastPathComponent) is \(size) bytes, more than the "
                            + "\(maximumImageBytes >> 20) MiB an image in an SVG template may have", at: location)
        }
        guard let data = try? Data(contentsOf: file) else {
            throw SpecError("the image \(file.lastPathComponent) cannot be read", at: location)
        }
        let type = file.pathExtension.lowercased() == "svg" ? "image/svg+xml" : "image/png"
        return "data:\(type);base64," + data.base64EncodedString()
    }
}
