import CardRenderSupport
import Foundation
import SpecFiles

/// The back of every card: a back template filled from the card's own row, so a back can show
/// what its front is (`{element}`), and chosen by the row when its path holds a `{column}`
/// (`back: "backs/{element}.yaml"`). Backs that draw the same (the same template file and the
/// same values in the columns that template names) are one back, drawn and written once.
public struct CardBacks: Sendable {
    /// One distinct back.
    public struct Back: Sendable {
        /// The back's template.
        public var template: CardTemplate
        /// The back filled from the first row that uses it; its `count` is the copies of every
        /// front it backs, its `fileStem` the stem it is written under.
        public var card: TemplateCard
    }

    /// The distinct backs in the order the cards first use them.
    public var backs: [Back]
    /// For each card, in the cards' order, the index in ``backs`` of its back.
    public var backOfCard: [Int]

    /// Whether the cards do not all have the same back.
    public var differ: Bool { backOfCard.contains { $0 != backOfCard.first } }

    /// The back of the card at `index` of the cards the backs were made for.
    public func back(ofCard index: Int) -> Back { backs[backOfCard[index]] }

    /// Whether a back's path holds a `{column}`, so each row names its own back template.
    public static func isChosenByData(_ path: String) -> Bool { Placeholders.holdsPlaceholder(path) }

    /// The most distinct back templates one set of cards may name: each is read and kept while
    /// the cards are drawn.
    public static let maxTemplates = 64
}

extension CardTemplate {
    /// The back of each of `cards` (made by this template from `data`, nil for its own rows): the
    /// template at `path` filled from the card's row. A `path` holding a `{column}` is filled per
    /// row, read relative to this template's folder and must stay inside it (or one of
    /// `allowedFolders`); the error is the same whether an outside file exists. A plain `path` is
    /// used as given. One distinct back is written `stem`; several are `stem-1`, `stem-2` … in
    /// order of first use, unique against `reservedStems` and the cards' own stems. `load` reads
    /// a back template (once per file), given its file and the name errors call it by.
    public func backs(of cards: [TemplateCard], from data: CardData?, path: String, stem: String,
                      allowingFilesIn allowedFolders: [URL] = [], reservedStems: [String] = [],
                      load: (URL, String) throws -> CardTemplate) throws -> CardBacks {
        let source = data ?? inlineData
        let columns = source?.columns ?? []
        var rows: [Int: DataRow] = [:]
        for row in source?.rows ?? [] where rows[row.number] == nil { rows[row.number] = row }
        var templates: [String: (template: CardTemplate, columns: [String])] = [:]
        var indexOfKey: [[String]: Int] = [:]
        var result = CardBacks(backs: [], backOfCard: [])
        for card in cards {
            let row = source == nil ? nil : rows[card.rowNumber]
            let (url, shown) = try backURL(path, row: row, columns: columns, allowedFolders: allowedFolders)
            let entry: (template: CardTemplate, columns: [String])
            if let known = templates[url.path] {
                entry = known
            } else {
                guard templates.count < CardBacks.maxTemplates else {
                    throw SpecError("\(DataRow.label(number: card.rowNumber, location: row?.location)), back: more than "
                                    + "\(CardBacks.maxTemplates) back templates are named", at: nil)
                }
                let template = try load(url, shown)
                entry = (template, template.columnsNamed(among: columns))
                templates[url.path] = entry
            }
            let key = [url.path] + entry.columns.map { row?.values[$0] ?? "" }
            if let index = indexOfKey[key] {
                result.backOfCard.append(index)
                result.backs[index].card.count += card.count
                continue
            }
            var scratch = FileStems()
            var drawingBytes = 0
            let filledRow = row ?? DataRow(number: 1, location: SpecLocation(file: entry.template.displayName), values: [:])
            let back = try entry.template.card(row: filledRow, fromData: row != nil, columns: columns, count: card.count,
                                               allowingFilesIn: allowedFolders, stems: &scratch,
                                               drawingBytes: &drawingBytes)
            indexOfKey[key] = result.backs.count
            result.backOfCard.append(result.backs.count)
            result.backs.append(CardBacks.Back(template: entry.template, card: back))
        }
        var stems = FileStems(reserved: reservedStems + cards.map(\.fileStem))
        for index in result.backs.indices {
            result.backs[index].card.fileStem = result.backs.count == 1 ? stem : stems.unique("\(stem)-\(index + 1)")
        }
        return result
    }

    /// The back template's file for `row` and the name messages give it: `path` itself, or
    /// filled from the row and kept inside this template's folder (or an allowed one).
    func backURL(_ path: String, row: DataRow?, columns: [String],
                 allowedFolders: [URL]) throws(SpecError) -> (url: URL, shown: String) {
        guard CardBacks.isChosenByData(path) else { return (URL(fileURLWithPath: path).standardizedFileURL, path) }
        let context = RowContext(template: self, row: row, columns: columns, allowedFolders: allowedFolders)
        let nowhere = SpecLocation(file: "")
        let filled = try context.fill(path, at: nowhere, what: "back")
        let folder = fileURL.deletingLastPathComponent()
        let url = URL(fileURLWithPath: filled, relativeTo: folder).standardizedFileURL
        let what = "\(context.rowLabel), back \"\(filled)\" from the data"
        guard !filled.trimmingSpaces.isEmpty else {
            throw SpecError("\(context.rowLabel), back: \"\(path)\" gives an empty path", at: nowhere)
        }
        guard InputPaths.isInside(url.path, anyOf: ([folder] + allowedFolders).map(\.path)) else {
            throw SpecError("\(what) leads outside the template's folder; data may name only files inside it "
                            + "(or in a folder given with --allow-dir)", at: nowhere)
        }
        switch InputPaths.kind(at: url.path) {
        case .regularFile:
            let shown = ((displayName as NSString).deletingLastPathComponent as NSString).appendingPathComponent(filled)
            return (url, shown)
        case .special: throw SpecError("\(what) is not a regular file (a device, FIFO or socket)", at: nowhere)
        case .folder, nil: throw SpecError("\(what): no such template", at: nowhere)
        }
    }

    /// The data's columns that any value of this template names as a `{column}`: what a card of
    /// it depends on besides the template itself.
    func columnsNamed(among columns: [String]) -> [String] {
        var asked = Set<String>()
        // An SVG template asks for the columns its ids name and those its texts' placeholders name.
        asked.formUnion(svg?.fillables.map(\.id) ?? [])
        let scalars = layers.flatMap { $0.entries.flatMap(\.value.scalars) } + (background?.scalars ?? []) + [namePattern ?? ""]
            + (svg?.texts ?? [])
        for text in scalars where text.contains("{") {
            _ = try? Placeholders.fill(text, escape: false) { name in
                asked.insert(name)
                // `{column:markup}` asks for `column:markup` first.
                if let colon = name.lastIndex(of: ":") { asked.insert(String(name[..<colon]).trimmingSpaces) }
                return ""
            }
        }
        return columns.filter { asked.contains($0) }
    }
}
