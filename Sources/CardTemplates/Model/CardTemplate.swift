import CardRenderSupport
import Foundation
import PrintLayout
import SpecFiles

/// The kinds of layer a template draws.
public enum LayerType: String, Sendable, Equatable, CaseIterable {
    /// A rectangle, its corners optionally rounded.
    case rect
    /// The ellipse inscribed in the layer's box.
    case ellipse
    /// A closed polygon from `points`, or a regular one of `sides` sides.
    case polygon
    /// A straight line `from` one point `to` another.
    case line
    /// A PNG, JPEG, WebP or SVG file.
    case image
    /// Pango markup with inline icons.
    case text
    /// A whole card of the built-in deck, or its back.
    case playingCard = "playing-card"
    /// The middle of a built-in card: its pips, ace, court figure or joker.
    case pips
    /// The two corner indices of a built-in card.
    case corners
    /// One suit shape.
    case suit

    /// Keys every layer may have.
    static let commonKeys = ["type", "name", "layout", "x", "y", "width", "height", "opacity", "rotate", "visible"]
        + LayerAnchor.keys + ["gap"]

    /// Keys of this kind of layer besides the common ones.
    var ownKeys: [String] {
        switch self {
        case .rect: ["radius", "fill", "stroke", "stroke-width"]
        case .ellipse: ["fill", "stroke", "stroke-width"]
        case .polygon: ["points", "sides", "fill", "stroke", "stroke-width"]
        case .line: ["from", "to", "stroke", "stroke-width"]
        case .image: ["src", "fit", "clip", "radius", "crop", "src-rotate", "bleed"]
        case .text: ["text", "font", "color", "stroke", "align", "valign", "wrap", "line-spacing", "ellipsis", "fit"]
        case .playingCard, .pips, .corners: ["card", "theme"]
        case .suit: ["suit", "fill", "stroke", "stroke-width"]
        }
    }

    var keys: [String] { Self.commonKeys + ownKeys }
}

/// One layer as the template writes it, checked for its type and keys but not yet filled from a
/// row: `CardTemplate.cards(from:filters:allowingFilesIn:reservedStems:)` resolves it into a `ResolvedLayer` per card.
public struct LayerSpec: Sendable, Equatable {
    /// 0-based place in `layers`.
    public var index: Int
    /// What the layer draws.
    public var type: LayerType
    /// Where the layer's mapping starts.
    public var location: SpecLocation
    /// The layer's keys and values, `type` and `layout` included.
    public var entries: [LocatedNode.Entry]
    /// The box of the named layout it starts from.
    var layout: LayoutBox?
    /// The folder of the template file that wrote the layer: relative `src` paths start there.
    public var folder: URL
    /// Where the layer goes against the boxes other layers draw (`below: rules`), at most one per axis.
    public var anchors: [LayerAnchor] = []
    /// How messages name a layer that is an element of an SVG template (`element #title`);
    /// nil for a YAML layer, named by its number.
    public var elementLabel: String?

    /// `layer 3 (text)`, counting from 1, or `element #title`, for messages.
    public var label: String { elementLabel ?? "layer \(index + 1) (\(type.rawValue))" }
}

/// A named layout's box: any of the four may be left to the layer.
struct LayoutBox: Sendable, Equatable {
    var x, y, width, height: TemplateLength?

    subscript(key: String) -> TemplateLength? {
        get {
            switch key {
            case "x": x
            case "y": y
            case "width": width
            default: height
            }
        }
        set {
            switch key {
            case "x": x = newValue
            case "y": y = newValue
            case "width": width = newValue
            default: height = newValue
            }
        }
    }

    static let keys = ["x", "y", "width", "height"]
}

/// A card template read from a YAML or JSON file, its `extends` chain applied: the card's size
/// and look, fonts and icons found on disk, named layouts resolved, and the layers checked but
/// still holding their `{column}` placeholders.
public struct CardTemplate: Sendable, Equatable {
    /// The template file that was loaded (the last of its `extends` chain).
    public var fileURL: URL
    /// Every template file read: the templates it extends, base first, then `fileURL`. What
    /// they hold decides the cards, so a batch re-renders when one of them changes.
    public var sourceFiles: [URL]
    /// The file's name as messages show it.
    public var displayName: String
    /// The trim size in points.
    public var size: CGSize
    /// Pixels per inch for `px` lengths and PNG output (default 300).
    public var dpi: Double
    /// The corner radius of the card's rounded clip in points (default 0.125 in = 9 pt).
    public var cornerRadius: CGFloat
    /// How far full-card art extends beyond the trim, in points (default 0).
    public var bleed: CGFloat
    /// `card.background` as written (a colour or gradient, may hold `{column}`); nil for white.
    public var background: LocatedNode?
    /// `card.name`, the file-name pattern; nil for the 3-digit row number.
    public var namePattern: String?
    var namePatternLocation: SpecLocation?
    /// Font files named by `fonts:` (all exist), base templates' first.
    public var fontFiles: [URL]
    /// Icons by name (all exist, `.png` or `.svg`).
    public var icons: [String: URL]
    /// The layers, bottom first (those of the last file in the `extends` chain that has `layers`).
    public var layers: [LayerSpec]
    /// Every layer's index, each after the layers it is placed against (``LayerSpec/anchors``):
    /// the order in which a card's boxes are settled.
    public var placementOrder: [Int]
    /// Rows written in the template's `data:`, if any.
    public var inlineData: CardData?
    /// The template's `where:` conditions.
    public var filters: [RowFilter]
    /// The drawing of a template made in a vector editor (an `.svg` file); nil for YAML and JSON.
    public var svg: SVGTemplate?

    /// The trim box: the card as cut, origin at its top-left.
    public var trimBox: CGRect { CGRect(origin: .zero, size: size) }
    /// The trim box grown by the bleed on every side: what a layer with no position covers.
    public var bleedBox: CGRect { trimBox.insetBy(dx: -bleed, dy: -bleed) }

    /// `box` with each side that reaches the trim's edge (or lies between it and the bleed's)
    /// moved out to the bleed's edge, as print services expect art that touches the trim to
    /// go on past the cut; the other sides as they are.
    public func grownIntoBleed(_ box: CGRect) -> CGRect {
        guard bleed > 0 else { return box }
        let tolerance: CGFloat = 0.01
        let trim = trimBox, outer = bleedBox
        let minX = box.minX <= trim.minX + tolerance ? min(box.minX, outer.minX) : box.minX
        let minY = box.minY <= trim.minY + tolerance ? min(box.minY, outer.minY) : box.minY
        let maxX = box.maxX >= trim.maxX - tolerance ? max(box.maxX, outer.maxX) : box.maxX
        let maxY = box.maxY >= trim.maxY - tolerance ? max(box.maxY, outer.maxY) : box.maxY
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    static let topKeys = ["extends", "card", "fonts", "icons", "layouts", "layers", "data", "where"]
    static let cardKeys = ["size", "dpi", "corner-radius", "bleed", "background", "name"]

    /// The longest side a card may have, in points (100 in).
    public static let maximumCardSide: CGFloat = 7200

    /// Named card sizes in points: every `NamedCardSize` (PrintLayout).
    public static let namedSizes: [(name: String, size: CGSize)] = NamedCardSize.all.map { ($0.name, $0.points) }

    /// Reads a template file and the templates it extends. Errors name files as `displayName`
    /// (default: the path as given), files it extends by their path joined to it.
    public static func load(contentsOf url: URL, displayName: String? = nil) throws(SpecError) -> CardTemplate {
        let name = displayName ?? url.relativePath
        if url.pathExtension.lowercased() == "svg" {
            return CardTemplate(svg: try SVGTemplate.load(contentsOf: url, displayName: name), url: url)
        }
        let raw = try RawTemplate.read(url: url, displayName: name)
        return try CardTemplate(raw: raw, url: url, displayName: name)
    }

    init(raw: RawTemplate, url: URL, displayName: String) throws(SpecError) {
        fileURL = url
        sourceFiles = raw.files
        self.displayName = displayName
        let card = raw.card
        dpi = 300
        if let node = card["dpi"] {
            let text = try node.text("dpi")
            guard let value = Double(text.trimmingSpaces), value.isFinite, (18...1200).contains(value) else {
                throw SpecError("`dpi` must be a number from 18 to 1200, got \"\(text)\"", at: node.location)
            }
            dpi = value
        }
        size = CGSize(width: 180, height: 252)
        if let node = card["size"] { size = try Self.parseSize(node, dpi: dpi) }
        cornerRadius = 9
        if let node = card["corner-radius"] { cornerRadius = try Self.cardLength(node, key: "corner-radius", dpi: dpi) }
        bleed = 0
        if let node = card["bleed"] { bleed = try Self.cardLength(node, key: "bleed", dpi: dpi) }
        background = card["background"]
        if let node = card["name"] {
            namePattern = try node.text("name")
            namePatternLocation = node.location
        }
        fontFiles = raw.fonts
        icons = raw.icons
        var resolver = LayoutResolver(raw: raw.layouts, dpi: dpi)
        let layouts = try resolver.resolveAll()
        layers = []
        if let list = raw.layers {
            guard case let .list(items) = list.node.content else {
                throw SpecError("`layers` must be a list of layers", at: list.node.location)
            }
            for (index, item) in items.enumerated() {
                layers.append(try Self.layer(item, index: index, layouts: layouts, folder: list.folder))
            }
        }
        let anchors = try LayerAnchors(layers: layers, dpi: dpi)
        for index in layers.indices { layers[index].anchors = anchors.anchors[index] }
        placementOrder = anchors.order
        if let data = raw.data {
            inlineData = try CardData.rows(of: data, file: data.location.file)
        }
        filters = []
        if let node = raw.filters {
            for item in node.items() {
                filters.append(try RowFilter(parsing: try item.text("where"), at: item.location))
            }
        }
    }

    /// A template drawn by an SVG file: its size, square corners, no bleed, white behind
    /// what the SVG leaves transparent, and a layer for each element rows may change.
    init(svg: SVGTemplate, url: URL) {
        fileURL = url
        sourceFiles = [url.standardizedFileURL] + svg.imageFiles
        displayName = svg.displayName
        size = svg.size
        dpi = 300
        cornerRadius = 0
        bleed = 0
        fontFiles = []
        icons = [:]
        filters = []
        let folder = url.deletingLastPathComponent()
        layers = svg.fillables.enumerated().map { order, fillable in
            let type: LayerType = switch fillable.kind {
            case .text: .text
            case .image: .image
            case .shape: .rect
            case .other: .image
            }
            return LayerSpec(index: order, type: type, location: svg.document.location(of: fillable.element, in: svg.displayName),
                             entries: [], layout: nil, folder: folder, elementLabel: "element #\(fillable.id)")
        }
        layers.append(LayerSpec(index: layers.count, type: .image, location: SpecLocation(file: svg.displayName), entries: [],
                                layout: nil, folder: folder, elementLabel: "the SVG"))
        // An SVG template's layers are never placed against each other.
        placementOrder = Array(layers.indices)
        self.svg = svg
    }

    static func layer(_ node: LocatedNode, index: Int, layouts: [String: LayoutBox], folder: URL) throws(SpecError) -> LayerSpec {
        let entries = try node.entries("layer \(index + 1)")
        guard let typeNode = entries["type"] else {
            throw SpecError("layer \(index + 1) has no `type`; use one of \(LayerType.allCases.map(\.rawValue).joined(separator: ", "))",
                            at: node.location)
        }
        let typeName = try typeNode.text("type").trimmingSpaces
        guard let type = LayerType(rawValue: typeName.lowercased()) else {
            throw SpecFile.unknown(typeName, at: typeNode.location, valid: LayerType.allCases.map(\.rawValue), what: "layer type")
        }
        for entry in entries where !type.keys.contains(entry.key) {
            let owners = LayerType.allCases.filter { $0.ownKeys.contains(entry.key) }.map(\.rawValue)
            if !owners.isEmpty {
                throw SpecError("`\(entry.key)` is not a key of a \(type.rawValue) layer (only of \(owners.joined(separator: ", ")))",
                                at: entry.keyLocation)
            }
            throw SpecFile.unknown(entry.key, at: entry.keyLocation, valid: type.keys)
        }
        var layout: LayoutBox?
        if let layoutNode = entries["layout"] {
            let name = try layoutNode.text("layout")
            guard let box = layouts[name] else {
                throw SpecFile.unknown(name, at: layoutNode.location, valid: layouts.keys.sorted(), what: "layout")
            }
            layout = box
        }
        return LayerSpec(index: index, type: type, location: node.location, entries: entries, layout: layout, folder: folder)
    }

    static func cardLength(_ node: LocatedNode, key: String, dpi: Double) throws(SpecError) -> CGFloat {
        let text = try node.text(key)
        switch TemplateLength.parse(text, dpi: dpi, allowPercent: false) {
        case let .success(length):
            guard length.points >= 0 else { throw SpecError("`\(key)` cannot be negative, got \"\(text)\"", at: node.location) }
            guard length.points <= maximumCardSide else {
                throw SpecError("`\(key)` must be at most \(Int(maximumCardSide))pt (the largest card side), got \"\(text)\"",
                                at: node.location)
            }
            return length.points
        case let .failure(problem): throw SpecError(problem.message(key, text), at: node.location)
        }
    }

    /// A named size (``namedSizes``: `poker`, `mini-euro`, `tarot` …), or `WxH` with units (`63x88mm`, `2.5inx3.5in`, `750x1050px`).
    static func parseSize(_ node: LocatedNode, dpi: Double) throws(SpecError) -> CGSize {
        let text = try node.text("size")
        let lowered = text.trimmingSpaces.lowercased()
        if let named = namedSizes.first(where: { $0.name == lowered }) { return named.size }
        let usage = "use \(namedSizes.map(\.name).joined(separator: ", ")) or WIDTHxHEIGHT with a unit, e.g. 63x88mm"
        guard let written = WrittenSize.sides(of: lowered) else {
            let hint = NearestName.hint(for: lowered, among: namedSizes.map(\.name))
            throw SpecError("unknown card size \"\(text)\"" + (hint.isEmpty ? "; \(usage)" : "\(hint) (\(usage))"), at: node.location)
        }
        if let problem = WrittenSize.missingUnit(in: written, text: text) { throw SpecError(problem, at: node.location) }
        var sides: [CGFloat] = []
        for side in [written.width, written.height] {
            guard case let .success(length) = TemplateLength.parse(side, dpi: dpi, allowPercent: false),
                  length.points > 0, length.points <= maximumCardSide else {
                throw SpecError("invalid card size \"\(text)\"; \(usage)", at: node.location)
            }
            sides.append(length.points)
        }
        return CGSize(width: sides[0], height: sides[1])
    }
}

/// Named layouts resolved through their `extends`, `+=` and `-=` applied.
struct LayoutResolver {
    /// How many layouts one `extends` chain may hold. A layout chain is a handful deep (a
    /// base box, a variant, its tweak); 64 leaves generated templates room while every chain is
    /// resolved in a loop (not a recursion that a chain of thousands would overflow) and a
    /// refusal stays readable.
    static let maximumDepth = 64

    let raw: [String: LocatedNode.Entry]
    let dpi: Double
    var resolved: [String: LayoutBox] = [:]
    /// How many layouts each resolved layout's chain holds, itself included.
    var depths: [String: Int] = [:]

    init(raw: [String: LocatedNode.Entry], dpi: Double) {
        self.raw = raw
        self.dpi = dpi
    }

    mutating func resolveAll() throws(SpecError) -> [String: LayoutBox] {
        for name in raw.keys.sorted() { _ = try resolve(name) }
        return resolved
    }

    /// Follows `name`'s `extends` up to a layout already resolved or one that extends none, then
    /// applies the chain base first.
    mutating func resolve(_ name: String) throws(SpecError) -> LayoutBox {
        if let box = resolved[name] { return box }
        var chain: [(name: String, entries: [LocatedNode.Entry])] = []
        var current = name
        var base = (box: LayoutBox(), depth: 0)
        while let entry = raw[current] {
            if let box = resolved[current] {
                base = (box, depths[current] ?? 0)
                break
            }
            let entries = try entry.value.entries("layout \"\(current)\"")
            try entries.checkKeys(["extends"] + LayoutBox.keys)
            chain.append((current, entries))
            guard let parentNode = entries["extends"] else { break }
            let parent = try parentNode.text("extends")
            guard raw[parent] != nil else {
                throw SpecFile.unknown(parent, at: parentNode.location, valid: raw.keys.sorted(), what: "layout")
            }
            if let start = chain.firstIndex(where: { $0.name == parent }) {
                let cycle = chain[start...].map(\.name) + [parent]
                throw SpecError("layouts extend each other in a cycle: \(cycle.joined(separator: " → "))", at: parentNode.location)
            }
            if chain.count + (depths[parent] ?? 1) > Self.maximumDepth {
                throw SpecError("layout \"\(name)\" extends a chain of more than \(Self.maximumDepth) layouts",
                                at: parentNode.location)
            }
            current = parent
        }
        var box = base.box
        for (offset, link) in chain.enumerated().reversed() {
            box = try apply(link.entries, to: box, layout: link.name)
            resolved[link.name] = box
            depths[link.name] = base.depth + chain.count - offset
        }
        return box
    }

    /// `box` with a layout's own `x`, `y`, `width` and `height` applied.
    func apply(_ entries: [LocatedNode.Entry], to base: LayoutBox, layout name: String) throws(SpecError) -> LayoutBox {
        var box = base
        for key in LayoutBox.keys {
            guard let node = entries[key] else { continue }
            let text = try node.text(key)
            guard !text.contains("{") else {
                throw SpecError("a layout cannot hold a `{column}`; give `\(key)` on the layer instead", at: node.location)
            }
            switch RelativeLength.parse(text, dpi: dpi) {
            case let .success(value):
                guard let length = value.applied(to: box[key]) else {
                    throw SpecError("`\(key): \(text)` is relative, but layout \"\(name)\" extends no layout with a `\(key)`",
                                    at: node.location)
                }
                box[key] = length
            case let .failure(problem): throw SpecError(problem.message(key, text), at: node.location)
            }
        }
        return box
    }
}

/// A template file's keys with those of the files it extends merged in, before they are parsed.
struct RawTemplate {
    /// The files read, base templates first.
    var files: [URL] = []
    var card: [LocatedNode.Entry] = []
    var fonts: [URL] = []
    var icons: [String: URL] = [:]
    var layouts: [String: LocatedNode.Entry] = [:]
    var layers: (node: LocatedNode, folder: URL)?
    var data: LocatedNode?
    var filters: LocatedNode?

    /// How many files one `extends` chain may hold. A template extends a base or two (a game's
    /// common frame, a variant); 64 leaves generated chains room, while the chain is read in a
    /// loop (a recursion through the YAML reader overflowed the stack at some thousands of
    /// files) and each file is read once.
    static let maximumChain = 64

    /// One file of an `extends` chain, read but not yet merged.
    struct Link {
        var url: URL
        var path: String
        var displayName: String
        var entries: [LocatedNode.Entry]
    }

    /// Reads the template at `url` and the chain of templates it extends, then merges them base first.
    static func read(url: URL, displayName: String) throws(SpecError) -> RawTemplate {
        var links: [Link] = []
        var next: (url: URL, name: String)? = (url, displayName)
        while let (url, name) = next {
            let text = try SpecFile.text(of: url, displayName: name)
            let root = try SpecFile.compose(text, file: name)
            let entries = try root.entries("a template")
            try entries.checkKeys(CardTemplate.topKeys)
            links.append(Link(url: url, path: url.standardizedFileURL.path, displayName: name, entries: entries))
            next = try base(of: entries, url: url, displayName: name, links: links)
        }
        var merged = RawTemplate()
        for link in links.reversed() { try merged.merge(link) }
        return merged
    }

    /// The template that `entries` extend, nil when none; refuses a cycle, a missing file and a chain too long.
    static func base(of entries: [LocatedNode.Entry], url: URL, displayName: String, links: [Link]) throws(SpecError)
        -> (url: URL, name: String)? {
        guard let node = entries["extends"] else { return nil }
        let relative = try node.text("extends")
        let baseURL = URL(fileURLWithPath: relative, relativeTo: url.deletingLastPathComponent()).standardizedFileURL
        let baseName = relative.hasPrefix("/") ? relative
            : ((displayName as NSString).deletingLastPathComponent as NSString).appendingPathComponent(relative)
        if let start = links.firstIndex(where: { $0.path == baseURL.path }) {
            let names = links[start...].map(\.displayName) + [baseName]
            throw SpecError("templates extend each other in a cycle: \(names.joined(separator: " → "))", at: node.location)
        }
        guard links.count < maximumChain else {
            throw SpecError("the template extends a chain of more than \(maximumChain) templates", at: node.location)
        }
        guard FileManager.default.fileExists(atPath: baseURL.path) else {
            throw SpecError("the template to extend, \(baseName), does not exist", at: node.location)
        }
        return (baseURL, baseName)
    }

    /// Merges one file's keys over those of the files it extends.
    mutating func merge(_ link: Link) throws(SpecError) {
        let url = link.url, entries = link.entries
        let folder = url.deletingLastPathComponent()
        var merged = self
        merged.files.append(url.standardizedFileURL)
        for entry in entries {
            let value = entry.value
            switch entry.key {
            case "card":
                for item in try value.entries("`card`") {
                    guard CardTemplate.cardKeys.contains(item.key) else {
                        throw SpecFile.unknown(item.key, at: item.keyLocation, valid: CardTemplate.cardKeys)
                    }
                    merged.card.removeAll { $0.key == item.key }
                    merged.card.append(item)
                }
            case "fonts":
                for item in value.items() {
                    let url = try Self.existingFile(item, key: "fonts", folder: folder, what: "font file")
                    if !merged.fonts.contains(url) { merged.fonts.append(url) }
                }
            case "icons":
                for item in try value.entries("`icons`") {
                    let url = try Self.existingFile(item.value, key: "icons", folder: folder, what: "icon")
                    guard ["png", "svg"].contains(url.pathExtension.lowercased()) else {
                        throw SpecError("icon \"\(item.key)\" must be a .png or .svg file", at: item.value.location)
                    }
                    merged.icons[item.key] = url
                }
            case "layouts":
                for item in try value.entries("`layouts`") { merged.layouts[item.key] = item }
            case "layers":
                merged.layers = (value, folder)
            case "data":
                merged.data = value
            case "where":
                merged.filters = value
            default:
                break
            }
        }
        self = merged
    }

    static func existingFile(_ node: LocatedNode, key: String, folder: URL, what: String) throws(SpecError) -> URL {
        let path = try node.text(key)
        // Read once for every card, before any row: a path from data never reaches here.
        guard !Placeholders.holdsPlaceholder(path) else {
            let advice = key == "icons" ? "name each icon in `icons` and choose one in the text with :name:"
                : "list every font file in `fonts` and choose a family with `font:`"
            throw SpecError("the \(what)'s path cannot hold a `{column}`: it is read once for all cards; \(advice)", at: node.location)
        }
        let url = URL(fileURLWithPath: path, relativeTo: folder).standardizedFileURL
        switch InputPaths.kind(at: url.path) {
        case .regularFile: return url
        case .special: throw SpecError("the \(what) \(path) is not a regular file (a device, FIFO or socket)", at: node.location)
        case .folder, nil: throw SpecError("the \(what) \(path) does not exist", at: node.location)
        }
    }
}
