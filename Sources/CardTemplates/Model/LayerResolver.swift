import CardRenderSupport
import Drawing
import Foundation
import PlayingCards
import SpecFiles

/// Resolves one layer for one row: visibility first, then the box, then what it draws.
struct LayerResolver {
    let context: RowContext
    let layer: LayerSpec
    let parser: ValueParser
    var filled: [String: LocatedNode] = [:]

    init(context: RowContext, layer: LayerSpec) {
        self.context = context
        self.layer = layer
        parser = ValueParser(what: "\(context.rowLabel), \(layer.label)", dpi: context.template.dpi)
    }

    var template: CardTemplate { context.template }

    /// The value of `key` with its placeholders filled (text layers' `text` escaped), or nil when not given.
    mutating func value(_ key: String) throws(SpecError) -> LocatedNode? {
        if let done = filled[key] { return done }
        guard let node = layer.entries[key] else { return nil }
        let result = try context.fill(node, what: layer.label, escape: layer.type == .text && key == "text")
        filled[key] = result
        return result
    }

    mutating func resolve() throws(SpecError) -> ResolvedLayer? {
        if let node = try value("visible") {
            let text = try parser.text(node, key: "visible").trimmingSpaces.lowercased()
            if ["false", "no", "0", "", "off"].contains(text) { return nil }
        }
        let positioned = layer.layout != nil || LayoutBox.keys.contains { layer.entries[$0] != nil }
        var box = positioned ? try placedBox() : template.bleedBox
        // Points, line ends and gradients inside a layer with no position are card coordinates.
        let frame = positioned ? box : template.trimBox
        let opacity = try value("opacity").map { (node) throws(SpecError) in try parser.number(node, key: "opacity", in: 0...1, percent: true) } ?? 1
        let degrees = try value("rotate").map { (node) throws(SpecError) in
            try parser.number(node, key: "rotate", in: -36_000...36_000)
        } ?? 0
        let content = try content(box: box, frame: frame)
        // Art extended into the bleed is drawn to the trim: without a position it covers the trim.
        if !positioned, case let .image(image) = content, image.bleed != nil { box = template.trimBox }
        // A layer placed against another is not grown: where it ends up is not known yet.
        let drawn = positioned && degrees == 0 && layer.anchors.isEmpty && Self.fillsToItsEdges(content)
            ? template.grownIntoBleed(box) : box
        return ResolvedLayer(index: layer.index, box: drawn, opacity: opacity, rotation: degrees * .pi / 180, content: content,
                             anchors: layer.anchors)
    }

    /// Layers that fill their whole box with square corners, so a box stopping at the trim
    /// leaves a sliver of background in the bleed, and growing it changes nothing inside the
    /// trim: a rect without an outline or rounded corners (those would move into the bleed) and
    /// an image that covers or is stretched over its box, unclipped or clipped to it (a
    /// `contain` image leaves room around it anyway, and growing its box would move it).
    static func fillsToItsEdges(_ content: LayerContent) -> Bool {
        switch content {
        case let .rect(radii, style): radii.isZero && style.stroke == nil
        case let .image(image): image.fit != .contain && [.none, .rect].contains(image.clip) && image.bleed == nil
        default: false
        }
    }

    /// The box from the layout and the layer's own `x`, `y`, `width`, `height` (which may be
    /// `+=`/`-=` the layout's); x and y default to 0, width and height to the rest of the card.
    mutating func placedBox() throws(SpecError) -> CGRect {
        let size = template.size
        var lengths: [String: CGFloat] = [:]
        for key in LayoutBox.keys {
            let base = layer.layout?[key]
            var length = base
            if let node = try value(key) {
                let relative = try parser.relativeLength(node, key: key)
                guard let applied = relative.applied(to: base) else {
                    throw parser.fail("`\(key)` is relative (+= or -=), but the layer has no layout with a `\(key)`", at: node.location)
                }
                length = applied
            }
            let reference = key == "x" || key == "width" ? size.width : size.height
            if let length {
                lengths[key] = try parser.bounded(length.resolved(against: reference), key: key,
                                                  at: layer.entries[key]?.location ?? layer.location)
            }
        }
        let x = lengths["x"] ?? 0, y = lengths["y"] ?? 0
        let width = lengths["width"] ?? size.width - x, height = lengths["height"] ?? size.height - y
        guard width >= 0, height >= 0 else {
            let key = width < 0 ? "width" : "height"
            throw parser.fail("the layer's \(key) is negative (\(ValueParser.format(Double(width < 0 ? width : height)))pt)",
                              at: layer.entries[key]?.location ?? layer.location)
        }
        return CGRect(x: x, y: y, width: width, height: height)
    }

    mutating func content(box: CGRect, frame: CGRect) throws(SpecError) -> LayerContent {
        switch layer.type {
        case .rect:
            return .rect(cornerRadii: try cornerRadii(box: box), style: try style(frame: frame))
        case .ellipse:
            return .ellipse(style: try style(frame: frame))
        case .polygon:
            return .polygon(points: try polygonPoints(box: box, frame: frame), style: try style(frame: frame))
        case .line:
            guard let fromNode = try value("from"), let toNode = try value("to") else {
                throw parser.fail("a line needs `from` and `to`, each [x, y]", at: layer.location)
            }
            let from = try parser.point(fromNode, key: "from", frame: frame)
            let to = try parser.point(toNode, key: "to", frame: frame)
            return .line(from: from, to: to, stroke: try stroke(defaultColor: .black) ?? Stroke(color: .black, width: 1))
        case .image:
            return .image(try image(box: box))
        case .text:
            return .text(try text())
        case .playingCard, .pips, .corners:
            return .playingCard(try playingCard())
        case .suit:
            guard let node = try value("suit") else { throw parser.fail("a suit layer needs `suit`", at: layer.location) }
            let text = try parser.text(node, key: "suit")
            guard let suit = Self.suit(text) else {
                let unknown = SpecFile.unknown(text, at: node.location, valid: Suit.allCases.map(\.rawValue), what: "suit")
                throw parser.fail(unknown.message, at: node.location)
            }
            var style = try style(frame: frame)
            if layer.entries["fill"] == nil { style.fill = .color(CardTheme.classic.color(for: suit)) }
            return .suit(suit, style: style)
        }
    }

    static func suit(_ text: String) -> Suit? {
        let key = text.trimmingSpaces.lowercased().replacingOccurrences(of: "\u{FE0F}", with: "")
        return Suit.allCases.first {
            $0.rawValue == key || $0.singularName == key || String($0.letter).lowercased() == key || String($0.symbol) == key
        }
    }

    /// The names of a rect's corners in `radius: {top-left: …}`, in CSS order.
    static let cornerNames = ["top-left", "top-right", "bottom-right", "bottom-left"]

    /// A rect's `radius`: one length for every corner; 1 to 4 lengths in CSS's order, as a list
    /// (`[4mm, 0]`) or written with spaces (`"4mm 0"`), top-left first; or a mapping of
    /// `top-left`, `top-right`, `bottom-right`, `bottom-left` (corners not named are square).
    /// Percentages are of the box's shorter side.
    mutating func cornerRadii(box: CGRect) throws(SpecError) -> CornerRadii {
        guard let node = try value("radius") else { return .zero }
        let reference = min(box.width, box.height)
        if case .mapping = node.content {
            let entries = try parser.mapping(node, key: "radius", keys: Self.cornerNames)
            var radii: [CGFloat] = []
            for name in Self.cornerNames {
                radii.append(try entries[name].map { (corner) throws(SpecError) in
                    try cornerLength(corner, key: "radius: \(name)", reference: reference)
                } ?? 0)
            }
            return CornerRadii(topLeft: radii[0], topRight: radii[1], bottomRight: radii[2], bottomLeft: radii[3])
        }
        let written: [(text: String, location: SpecLocation)]
        if case let .list(items) = node.content {
            var texts: [(String, SpecLocation)] = []
            for item in items { texts.append((try parser.text(item, key: "radius"), item.location)) }
            written = texts
        } else {
            let text = try parser.text(node, key: "radius")
            let parts = text.split(whereSeparator: \.isWhitespace)
            let isOneLength = if case .success = TemplateLength.parse(text, dpi: template.dpi) { true } else { false }
            written = isOneLength || parts.isEmpty ? [(text, node.location)] : parts.map { (String($0), node.location) }
        }
        guard (1...4).contains(written.count) else {
            throw parser.fail("`radius` takes 1 to 4 lengths (top-left, top-right, bottom-right, bottom-left, as in CSS), "
                              + "got \(written.count)", at: node.location)
        }
        var lengths: [CGFloat] = []
        for (text, location) in written {
            lengths.append(try cornerLength(LocatedNode(scalar: text, at: location), key: "radius", reference: reference))
        }
        // CSS's shorthand: a missing bottom-left is the top-right, a missing bottom-right the top-left.
        let topLeft = lengths[0], topRight = lengths.count > 1 ? lengths[1] : topLeft
        let bottomRight = lengths.count > 2 ? lengths[2] : topLeft, bottomLeft = lengths.count > 3 ? lengths[3] : topRight
        return CornerRadii(topLeft: topLeft, topRight: topRight, bottomRight: bottomRight, bottomLeft: bottomLeft)
    }

    /// One corner's radius in points, bounded and not negative.
    func cornerLength(_ node: LocatedNode, key: String, reference: CGFloat) throws(SpecError) -> CGFloat {
        let radius = try parser.bounded(try parser.length(node, key: key).resolved(against: reference), key: key, at: node.location)
        guard radius >= 0 else { throw parser.fail("`\(key)` cannot be negative", at: node.location) }
        return radius
    }

    mutating func radius(box: CGRect) throws(SpecError) -> CGFloat {
        guard let node = try value("radius") else { return 0 }
        let radius = try parser.bounded(try parser.length(node, key: "radius").resolved(against: min(box.width, box.height)),
                                        key: "radius", at: node.location)
        guard radius >= 0 else { throw parser.fail("`radius` cannot be negative", at: node.location) }
        return radius
    }

    /// Fill and stroke; with neither given a shape is filled black, with only a stroke it is not filled.
    mutating func style(frame: CGRect) throws(SpecError) -> ShapeStyle {
        let stroke = try stroke(defaultColor: nil)
        var fill: Paint? = stroke == nil ? .color(.black) : nil
        if let node = try value("fill") { fill = try parser.paint(node, key: "fill", frame: frame) }
        return ShapeStyle(fill: fill, stroke: stroke)
    }

    /// `stroke` and `stroke-width` (default 1pt; % of the card width); nil when neither is given
    /// and there is no `defaultColor`, or when `stroke: none`.
    mutating func stroke(defaultColor: Color?) throws(SpecError) -> Stroke? {
        let colorNode = try value("stroke"), widthNode = try value("stroke-width")
        var color = defaultColor ?? (widthNode != nil ? .black : nil)
        if let colorNode {
            let text = try parser.text(colorNode, key: "stroke")
            if text.trimmingSpaces.lowercased() == "none" { return nil }
            color = try parser.color(colorNode, key: "stroke")
        }
        guard let color else { return nil }
        var width: CGFloat = 1
        if let widthNode {
            width = try parser.bounded(try parser.length(widthNode, key: "stroke-width").resolved(against: template.size.width),
                                       key: "stroke-width", at: widthNode.location)
            guard width >= 0 else { throw parser.fail("`stroke-width` cannot be negative", at: widthNode.location) }
        }
        return Stroke(color: color, width: width)
    }

    mutating func polygonPoints(box: CGRect, frame: CGRect) throws(SpecError) -> [CGPoint] {
        switch (try value("points"), try value("sides")) {
        case let (points?, nil):
            guard case let .list(items) = points.content, items.count >= 3 else {
                throw parser.fail("`points` must be a list of at least three [x, y] pairs", at: points.location)
            }
            var result: [CGPoint] = []
            for item in items { result.append(try parser.point(item, key: "points", frame: frame)) }
            return result
        case let (nil, sides?):
            let count = try parser.number(sides, key: "sides", in: 3...100)
            guard count == count.rounded() else { throw parser.fail("`sides` must be a whole number", at: sides.location) }
            return (0..<Int(count)).map { index in
                let angle = -Double.pi / 2 + 2 * Double.pi * Double(index) / count
                return CGPoint(x: box.midX + box.width / 2 * CGFloat(cos(angle)), y: box.midY + box.height / 2 * CGFloat(sin(angle)))
            }
        default:
            throw parser.fail("a polygon needs either `points` or `sides`", at: layer.location)
        }
    }

    mutating func image(box: CGRect) throws(SpecError) -> ImageLayer {
        guard let node = try value("src") else { throw parser.fail("an image layer needs `src`", at: layer.location) }
        let path = try parser.text(node, key: "src")
        let fromData = layer.entries["src"].map { Placeholders.holdsPlaceholder($0) } ?? false
        let url: URL
        switch ImagePath.resolve(path, folder: layer.folder, fromData: fromData, allowedFolders: context.allowedFolders,
                                   extensions: Self.imageExtensions) {
        case let .success(file): url = file
        case let .failure(problem): throw parser.fail(problem.message, at: node.location)
        }
        let fit = try value("fit").map { (node) throws(SpecError) in try parser.choice(node, key: "fit", as: ImageFit.self) } ?? .contain
        let clip = try value("clip").map { (node) throws(SpecError) in try parser.choice(node, key: "clip", as: ImageLayer.Clip.self) } ?? .none
        return ImageLayer(url: url, fit: fit, clip: clip, cornerRadius: clip == .roundedRect ? try radius(box: box) : 0,
                          crop: try crop(), quarterTurns: try sourceQuarterTurns(), bleed: try imageBleed(clip: clip))
    }

    mutating func text() throws(SpecError) -> TextLayer {
        let markup = try value("text").map { (node) throws(SpecError) in try parser.text(node, key: "text") } ?? ""
        let font = try value("font").map { (node) throws(SpecError) in try parser.text(node, key: "font") } ?? "DejaVu Sans 12"
        let color = try value("color").map { (node) throws(SpecError) in try parser.color(node, key: "color") } ?? .black
        let align = try value("align").map { (node) throws(SpecError) in try parser.choice(node, key: "align", as: TextBoxAlignment.self) } ?? .left
        let valign = try value("valign").map { (node) throws(SpecError) in
            try parser.choice(node, key: "valign", as: VerticalTextAlignment.self)
        } ?? .top
        let wrap = try value("wrap").map { (node) throws(SpecError) in try parser.choice(node, key: "wrap", among: TextWrap.templateNames) } ?? .word
        let ellipsis = try value("ellipsis").map { (node) throws(SpecError) in
            try parser.choice(node, key: "ellipsis", as: TextEllipsis.self)
        } ?? .none
        let spacing = try value("line-spacing").map { (node) throws(SpecError) in
            try parser.number(node, key: "line-spacing", in: 0.1...10)
        } ?? 1
        var minimum: Double?
        if let fit = try value("fit") {
            let form = "`fit: {min-size: 6}` (shrink the text until it fits, not below 6 pt)"
            if let written = fit.scalar {
                throw parser.fail("a text's `fit` is written \(form), got \"\(written)\"", at: fit.location)
            }
            let entries = try parser.mapping(fit, key: "fit", keys: ["min-size"])
            guard let sizeNode = entries["min-size"] else { throw parser.fail("`fit` needs `min-size`, as in \(form)", at: fit.location) }
            let sizeText = try parser.text(sizeNode, key: "min-size")
            guard case let .success(length) = TemplateLength.parse(sizeText, dpi: template.dpi, allowPercent: false),
                  length.points > 0, length.points <= 1000 else {
                throw parser.fail("`min-size` must be a font size in points greater than 0, got \"\(sizeText)\"", at: sizeNode.location)
            }
            minimum = Double(length.points)
        }
        return TextLayer(markup: markup, font: font, color: color, alignment: align, verticalAlignment: valign, wrap: wrap,
                         ellipsis: ellipsis, lineSpacing: spacing, minimumFontSize: minimum, outline: try textOutline())
    }

    /// A text's `stroke: {color: black, width: 1pt}` (both optional, these the defaults), or
    /// `stroke: none`; the width at most `TextBox.maximumOutlineWidth`.
    mutating func textOutline() throws(SpecError) -> Stroke? {
        guard let node = try value("stroke") else { return nil }
        let form = "`stroke: {color: black, width: 1pt}` (an outline around the glyphs)"
        if let written = node.scalar {
            if written.trimmingSpaces.lowercased() == "none" { return nil }
            throw parser.fail("a text's `stroke` is written \(form), got \"\(written)\"", at: node.location)
        }
        let entries = try parser.mapping(node, key: "stroke", keys: ["color", "width"])
        let color = try entries["color"].map { (node) throws(SpecError) in try parser.color(node, key: "color") } ?? .black
        var width: CGFloat = 1
        if let widthNode = entries["width"] {
            let text = try parser.text(widthNode, key: "width")
            guard case let .success(length) = TemplateLength.parse(text, dpi: template.dpi, allowPercent: false),
                  length.points >= 0, length.points <= TextBox.maximumOutlineWidth else {
                throw parser.fail("the text's stroke `width` must be a length from 0 to \(Int(TextBox.maximumOutlineWidth))pt, "
                                  + "got \"\(text)\"", at: widthNode.location)
            }
            width = length.points
        }
        return Stroke(color: color, width: width)
    }

    mutating func playingCard() throws(SpecError) -> PlayingCardLayer {
        let part = PlayingCardLayer.Part(rawValue: layer.type.rawValue) ?? .whole
        guard let node = try value("card") else { throw parser.fail("a \(layer.type.rawValue) layer needs `card`", at: layer.location) }
        let name = try parser.text(node, key: "card")
        let side: CardSide
        if name.trimmingSpaces.lowercased() == "back" {
            guard part == .whole else { throw parser.fail("a \(layer.type.rawValue) layer needs a card face, not the back", at: node.location) }
            side = .back
        } else {
            do { side = .front(try PlayingCard(parsing: name)) } catch { throw parser.fail(error.description, at: node.location) }
        }
        var theme = CardTheme.classic
        if let themeNode = try value("theme") {
            let themeName = try parser.text(themeNode, key: "theme")
            do { theme = try CardTheme.named(themeName) } catch {
                throw parser.fail(error.description, at: themeNode.location)
            }
        }
        return PlayingCardLayer(part: part, side: side, theme: theme)
    }
}

extension TextWrap {
    /// The words a template writes for each wrap: `char` is Drawing's `character`.
    static let templateNames: [(name: String, value: TextWrap)] = [("word", .word), ("char", .character), ("none", .none)]
}
