import CardRenderSupport
import Drawing
import Foundation
import PlayingCards
import SpecFiles

/// One card of a template, filled from one row of data and ready to draw.
public struct TemplateCard: Sendable, Equatable {
    /// The row's 1-based number in its data (before filtering), 1 when there is no data.
    public var rowNumber: Int
    /// Where the row was written (data file and line), nil when there is no data.
    public var rowLocation: SpecLocation?
    /// How many copies sheets, contact sheets and print layouts hold (at least 1; rows with
    /// `count` 0 give no card).
    public var count: Int
    /// A safe file name without extension, unique among the cards (case-insensitively): the
    /// template's `card.name` filled and cleaned, else the 3-digit row number (`001`).
    public var fileStem: String
    /// What fills the card and its bleed (white by default). Gradient points are card coordinates.
    public var background: Paint
    /// The visible layers, bottom first.
    public var layers: [ResolvedLayer]

    /// `row 4 (cards.csv:5)`, or `the card (no data)`: how every message names the card, before
    /// the layer (`row 4 (cards.csv:5), layer 7 (image): …`).
    public var rowLabel: String { DataRow.label(number: rowNumber, location: rowLocation) }

    /// A card with every value given.
    public init(rowNumber: Int, rowLocation: SpecLocation?, count: Int, fileStem: String, background: Paint,
                layers: [ResolvedLayer]) {
        self.rowNumber = rowNumber
        self.rowLocation = rowLocation
        self.count = count
        self.fileStem = fileStem
        self.background = background
        self.layers = layers
    }
}

extension CardTemplate {
    /// The cards of `data`'s rows (nil: the template's `data:` rows, or one card with no columns
    /// when it has none) that meet the template's `where:` and every filter in `filters`
    /// (command-line `--where` strings). Every `{column}` is filled and every value parsed: any
    /// error is one line naming the template location, the row and the layer. A file path made
    /// from data (an image `src` holding a `{column}`) must lead inside the folder of the template
    /// file that wrote it or one of `allowedFolders` (`--allow-dir`). `reservedStems` (the names of
    /// files written beside the cards) count as taken when file names are made unique.
    public func cards(from data: CardData?, filters extraFilters: [String] = [],
                      allowingFilesIn allowedFolders: [URL] = [],
                      reservedStems: [String] = []) throws(SpecError) -> [TemplateCard] {
        let source = data ?? inlineData
        let columns = source?.columns ?? []
        let rows = source?.rows ?? [DataRow(number: 1, location: SpecLocation(file: displayName), values: [:])]
        var allFilters = self.filters
        for text in extraFilters { allFilters.append(try RowFilter(parsing: text)) }
        for filter in allFilters { try filter.check(columns: columns) }
        var cards: [TemplateCard] = []
        var stems = FileStems(reserved: reservedStems)
        var drawingBytes = 0
        for row in rows where allFilters.allSatisfy({ $0.matches(row) }) {
            let count = try Self.count(of: row, hasColumn: columns.contains("count"))
            guard count > 0 else { continue }
            cards.append(try card(row: row, fromData: source != nil, columns: columns, count: count,
                                  allowingFilesIn: allowedFolders, stems: &stems, drawingBytes: &drawingBytes))
        }
        return cards
    }

    /// The card of one row (`fromData` false: the one card of a template without data), its
    /// file stem made unique in `stems`; `drawingBytes` counts what an SVG template's filled
    /// drawings hold so far, refused past ``SVGTemplate/maximumDrawingBytes``.
    func card(row: DataRow, fromData: Bool, columns: [String], count: Int, allowingFilesIn allowedFolders: [URL],
              stems: inout FileStems, drawingBytes: inout Int) throws(SpecError) -> TemplateCard {
        let context = RowContext(template: self, row: fromData ? row : nil, columns: columns, allowedFolders: allowedFolders)
        var layers: [ResolvedLayer] = []
        if let svg {
            let filled = try svg.layers(for: context)
            layers = filled.layers
            drawingBytes += filled.bytes
            guard drawingBytes <= SVGTemplate.maximumDrawingBytes else {
                throw SpecError("\(context.rowLabel): the cards' filled drawings hold more than "
                                + "\(SVGTemplate.maximumDrawingBytes >> 20) MiB by this row (each card keeps its own copy of the SVG "
                                + "and the images it embeds); render fewer rows at a time (--where) or embed smaller images",
                                at: SpecLocation(file: displayName))
            }
        }
        for layer in self.layers where svg == nil {
            var resolver = LayerResolver(context: context, layer: layer)
            if let resolved = try resolver.resolve() { layers.append(resolved) }
        }
        let background = try context.background()
        let stem = try context.fileStem(number: row.number)
        return TemplateCard(rowNumber: row.number, rowLocation: fromData ? row.location : nil, count: count,
                            fileStem: stems.unique(stem), background: background, layers: layers)
    }

    /// Why ``cards(from:filters:allowingFilesIn:reservedStems:)`` made no card, as one line at the data (or
    /// the template, for its own rows): the data has no rows, no row meets the filters, or every
    /// row kept has `count` 0. Not an error, since an empty selection can be meant; commands
    /// warn with it (and fail with `--strict`).
    public func whyNoCards(from data: CardData?, filters extraFilters: [String] = []) -> SpecError {
        let source = data ?? inlineData
        let location = SpecLocation(file: data?.file ?? displayName)
        guard let source, !source.rows.isEmpty else {
            let delimited = ["csv", "tsv", "tab"].contains((location.file as NSString).pathExtension.lowercased())
            let what = data == nil ? "the template's `data` has no rows" : delimited ? "the data has a header but no rows" : "the data has no rows"
            return SpecError("\(what), so no cards are made", at: location)
        }
        let written = filters.map { "where: \($0.text)" } + extraFilters.map { "--where \"\($0)\"" }
        let all = filters + extraFilters.compactMap { try? RowFilter(parsing: $0) }
        guard source.rows.contains(where: { row in all.allSatisfy { $0.matches(row) } }) else {
            let rows = source.rows.count == 1 ? "its one row does not meet" : "none of its \(source.rows.count) rows meets"
            return SpecError("\(rows) \(written.joined(separator: " and ")), so no cards are made", at: location)
        }
        return SpecError("every row kept has `count` 0, so no cards are made", at: location)
    }

    static func count(of row: DataRow, hasColumn: Bool) throws(SpecError) -> Int {
        guard hasColumn else { return 1 }
        let text = (row.values["count"] ?? "").trimmingSpaces
        if text.isEmpty { return 1 }
        guard let count = Int(text), count >= 0, count <= 10_000 else {
            throw SpecError("row \(row.number): `count` must be a whole number from 0 to 10000, got \"\(text)\"", at: row.location)
        }
        return count
    }
}

/// Makes file stems unique by suffixing `-2`, `-3` …, comparing without case (some file systems ignore it).
struct FileStems {
    var taken = Set<String>()

    /// The longest stem in UTF-8 bytes: with a suffix and an extension it stays far below the
    /// 255 bytes a file name may have, on any file system.
    static let maxBytes = 100

    init(reserved: [String] = []) {
        taken = Set(reserved.map { $0.lowercased() })
    }

    mutating func unique(_ stem: String) -> String {
        var candidate = stem
        var suffix = 2
        while taken.contains(candidate.lowercased()) {
            candidate = "\(stem)-\(suffix)"
            suffix += 1
        }
        taken.insert(candidate.lowercased())
        return candidate
    }

    /// Letters, digits, `-`, `_` and `.` kept; apostrophes dropped (`Duelist's` → `Duelists`);
    /// anything else becomes `-`; runs of `-` collapsed; no leading or trailing `-` or `.`; at
    /// most `maxBytes` UTF-8 bytes, cut between Unicode scalars (a letter with 300 combining
    /// accents is one character of 601 bytes), so the same text always gives the same stem.
    static func sanitize(_ text: String) -> String {
        var result = ""
        for character in text where !"'’".contains(character) {
            let keep = (character.isLetter || character.isNumber || "-_.".contains(character))
                && !character.unicodeScalars.contains { $0.properties.generalCategory == .control }
            let next: Character = keep ? character : "-"
            if next == "-", result.last == "-" { continue }
            result.append(next)
        }
        let trimmed = result.trimmingCharacters(in: CharacterSet(charactersIn: "-."))
        var bytes = 0
        let kept = trimmed.unicodeScalars.prefix { scalar in
            bytes += scalar.utf8.count
            return bytes <= maxBytes
        }
        return String(String.UnicodeScalarView(kept)).trimmingCharacters(in: CharacterSet(charactersIn: "-."))
    }
}

/// What every value of one card is filled from.
struct RowContext {
    let template: CardTemplate
    /// Nil when there is no data at all.
    let row: DataRow?
    let columns: [String]
    /// Folders besides the template's own that a file path made from data may lead into.
    var allowedFolders: [URL] = []

    var rowLabel: String { DataRow.label(number: row?.number ?? 1, location: row?.location) }

    func lookup(_ column: String) -> String? {
        guard columns.contains(column) else { return nil }
        return row?.values[column] ?? ""
    }

    /// A value with its placeholders filled; `what` names its owner in messages.
    func fill(_ text: String, at location: SpecLocation, what: String, escape: Bool = false) throws(SpecError) -> String {
        do throws(Placeholders.Problem) {
            return try Placeholders.fill(text, escape: escape, lookup: lookup)
        } catch {
            switch error {
            case let .missingColumn(name):
                let hint = NearestName.hint(for: name, among: columns)
                let known = columns.isEmpty ? " (there is no data)"
                    : hint.isEmpty ? " (columns: \(columns.joined(separator: ", ")))" : ""
                throw SpecError("\(rowLabel), \(what): no column \"\(name)\"\(hint)\(known)", at: location)
            case let .malformed(message):
                throw SpecError("\(what): \(message)", at: location)
            }
        }
    }

    func fill(_ node: LocatedNode, what: String, escape: Bool = false) throws(SpecError) -> LocatedNode {
        try node.mapScalars { (text, location) throws(SpecError) in try fill(text, at: location, what: what, escape: escape) }
    }

    func background() throws(SpecError) -> Paint {
        guard let node = template.background else { return .color(.white) }
        let what = "card.background"
        let filled = try fill(node, what: what)
        let parser = ValueParser(what: "\(rowLabel), \(what)", dpi: template.dpi)
        return try parser.paint(filled, key: "background", frame: template.trimBox) ?? .color(.clear)
    }

    func fileStem(number: Int) throws(SpecError) -> String {
        let fallback = number < 1000 ? String(format: "%03d", number) : String(number)
        guard let pattern = template.namePattern, let location = template.namePatternLocation else { return fallback }
        let stem = FileStems.sanitize(try fill(pattern, at: location, what: "card.name"))
        return stem.isEmpty ? fallback : stem
    }
}

/// Parses filled values into numbers, lengths, colours and paints; `what` prefixes messages.
struct ValueParser {
    let what: String
    let dpi: Double

    func fail(_ message: String, at location: SpecLocation) -> SpecError { SpecError("\(what): \(message)", at: location) }

    /// How far a layer's lengths (box, radius, points, stroke) may reach, in points: ten times
    /// the largest card, room for anything drawn around a card. Cairo flattens arcs into a
    /// number of segments that grows with their radius: at 10^18 pt one corner takes seconds,
    /// at 10^30 it never ends.
    static let maximumLength: CGFloat = 72_000

    /// `value` (in points) when it is within ±`maximumLength`, else an error naming `key`.
    func bounded(_ value: CGFloat, key: String, at location: SpecLocation) throws(SpecError) -> CGFloat {
        guard value.isFinite, abs(value) <= Self.maximumLength else {
            throw fail("`\(key)` is \(Self.format(Double(value)))pt, beyond the ±\(Self.format(Double(Self.maximumLength)))pt "
                       + "a layer may reach (10 times the largest card)", at: location)
        }
        return value
    }

    func text(_ node: LocatedNode, key: String) throws(SpecError) -> String {
        do { return try node.text(key) } catch { throw fail(error.message, at: node.location) }
    }

    func length(_ node: LocatedNode, key: String) throws(SpecError) -> TemplateLength {
        let text = try text(node, key: key)
        switch TemplateLength.parse(text, dpi: dpi) {
        case let .success(length): return length
        case let .failure(problem): throw fail(problem.message(key, text), at: node.location)
        }
    }

    func relativeLength(_ node: LocatedNode, key: String) throws(SpecError) -> RelativeLength {
        let text = try text(node, key: key)
        switch RelativeLength.parse(text, dpi: dpi) {
        case let .success(length): return length
        case let .failure(problem): throw fail(problem.message(key, text), at: node.location)
        }
    }

    func number(_ node: LocatedNode, key: String, in range: ClosedRange<Double>, percent: Bool = false) throws(SpecError) -> Double {
        let text = try text(node, key: key).trimmingSpaces
        var value = Double(text)
        if percent, value == nil, text.hasSuffix("%") { value = Double(text.dropLast()).map { $0 / 100 } }
        guard let value, value.isFinite, range.contains(value) else {
            let bounds = range.upperBound == .greatestFiniteMagnitude ? "at least \(Self.format(range.lowerBound))"
                : "from \(Self.format(range.lowerBound)) to \(Self.format(range.upperBound))"
            throw fail("`\(key)` must be a number \(bounds), got \"\(text)\"", at: node.location)
        }
        return value
    }

    static func format(_ value: Double) -> String { Int(exactly: value).map(String.init) ?? String(value) }

    func color(_ node: LocatedNode, key: String) throws(SpecError) -> Color {
        let text = try text(node, key: key)
        guard let color = TemplateColor.parse(text) else { throw fail(TemplateColor.message(key, text), at: node.location) }
        return color
    }

    /// One of a type's cases, written as its raw value.
    func choice<T: RawRepresentable & CaseIterable>(_ node: LocatedNode, key: String, as type: T.Type) throws(SpecError) -> T
    where T.RawValue == String {
        try choice(node, key: key, among: T.allCases.map { ($0.rawValue, $0) })
    }

    /// One of `names`' values, written as its name (case does not matter).
    func choice<T>(_ node: LocatedNode, key: String, among names: [(name: String, value: T)]) throws(SpecError) -> T {
        let text = try text(node, key: key).trimmingSpaces
        if let match = names.first(where: { $0.name == text.lowercased() }) { return match.value }
        let unknown = SpecFile.unknown(text, at: node.location, valid: names.map(\.name), what: "`\(key)` value")
        throw fail(unknown.message, at: node.location)
    }

    /// A `[x, y]` pair placed in `frame`: % of its size, lengths from its top-left.
    func point(_ node: LocatedNode, key: String, frame: CGRect) throws(SpecError) -> CGPoint {
        let pair: (LocatedNode, LocatedNode)
        do { pair = try node.pair(key) } catch { throw fail(error.message, at: error.location ?? node.location) }
        let x = try length(pair.0, key: key), y = try length(pair.1, key: key)
        return CGPoint(x: try bounded(frame.minX + x.resolved(against: frame.width), key: key, at: pair.0.location),
                       y: try bounded(frame.minY + y.resolved(against: frame.height), key: key, at: pair.1.location))
    }

    /// A colour, `none` (nil), or a gradient mapping placed in `frame`.
    func paint(_ node: LocatedNode, key: String, frame: CGRect) throws(SpecError) -> Paint? {
        guard case let .mapping(entries) = node.content else {
            let text = try text(node, key: key)
            if text.trimmingSpaces.lowercased() == "none" { return nil }
            return .color(try color(node, key: key))
        }
        do { try entries.checkKeys(["linear", "radial", "stops"]) } catch { throw fail(error.message, at: error.location ?? node.location) }
        let shape: Gradient.Shape
        switch (entries["linear"], entries["radial"]) {
        case let (linear?, nil):
            let parts = try mapping(linear, key: "linear", keys: ["from", "to"])
            let from = try parts["from"].map { (node) throws(SpecError) in try point(node, key: "from", frame: frame) }
                ?? CGPoint(x: frame.minX, y: frame.minY)
            let to = try parts["to"].map { (node) throws(SpecError) in try point(node, key: "to", frame: frame) }
                ?? CGPoint(x: frame.minX, y: frame.maxY)
            shape = .linear(from: from, to: to)
        case let (nil, radial?):
            let parts = try mapping(radial, key: "radial", keys: ["center", "radius"])
            let center = try parts["center"].map { (node) throws(SpecError) in try point(node, key: "center", frame: frame) }
                ?? CGPoint(x: frame.midX, y: frame.midY)
            let radius = try parts["radius"].map { (node) throws(SpecError) in
                try bounded(try length(node, key: "radius").resolved(against: min(frame.width, frame.height)), key: "radius",
                            at: node.location)
            } ?? min(frame.width, frame.height) / 2
            shape = .radial(center: center, radius: radius)
        default:
            throw fail("a gradient `\(key)` needs exactly one of `linear` or `radial`", at: node.location)
        }
        guard let stopsNode = entries["stops"], case let .list(items) = stopsNode.content, items.count >= 2 else {
            throw fail("a gradient needs `stops`: a list of at least two colours or [offset, colour] pairs",
                       at: entries["stops"]?.location ?? node.location)
        }
        var stops: [Gradient.Stop] = []
        for (index, item) in items.enumerated() {
            let evenly = Double(index) / Double(items.count - 1)
            if case let .list(pair) = item.content {
                guard pair.count == 2 else { throw fail("a gradient stop must be a colour or [offset, colour]", at: item.location) }
                let offset = try number(pair[0], key: "stops", in: 0...1, percent: true)
                stops.append(Gradient.Stop(location: offset, color: try color(pair[1], key: "stops")))
            } else {
                stops.append(Gradient.Stop(location: evenly, color: try color(item, key: "stops")))
            }
            if stops.count > 1, stops[stops.count - 1].location < stops[stops.count - 2].location {
                throw fail("gradient stop offsets must not decrease", at: item.location)
            }
        }
        return .gradient(Gradient(shape, stops: stops))
    }

    func mapping(_ node: LocatedNode, key: String, keys: [String]) throws(SpecError) -> [LocatedNode.Entry] {
        do {
            let entries = try node.entries("`\(key)`")
            try entries.checkKeys(keys)
            return entries
        } catch { throw fail(error.message, at: error.location ?? node.location) }
    }
}
