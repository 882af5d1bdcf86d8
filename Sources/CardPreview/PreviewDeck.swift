import CardRenderSupport
import CardTemplates
import Drawing
import Foundation
import RenderPipeline
import Synchronization

/// One card as the page lists it.
public struct PreviewCard: Sendable, Equatable, Encodable {
    /// The row's 1-based number in the data.
    public var row: Int
    /// The card's file name without extension (the template's `card.name`, else the row number).
    public var name: String
    /// The render that drew this card's image last; the page asks for the image again when it changes.
    public var version: Int
    /// Text that does not fit its box even at its smallest size, and the like: one line each.
    public var warnings: [String]
    /// The index of this card's back in the snapshot's `backVersions`, nil without backs.
    public var back: Int?
}

/// What the page shows: the last good render of every card, and the error that stops the
/// current files from rendering, if one does.
public struct PreviewSnapshot: Sendable, Equatable, Encodable {
    /// Counts every refresh that changed what the page shows.
    public var generation = 0
    /// The cards of the last render that succeeded, in data order.
    public var cards: [PreviewCard] = []
    /// The version of each distinct back (the cards' `back` indices), empty without backs.
    public var backVersions: [Int] = []
    /// The card's trim width in inches, for the zoom to print size.
    public var widthInches = 2.5
    /// The card's trim height in inches.
    public var heightInches = 3.5
    /// The one-line message of the error the current files give (the one `cardrender cards`
    /// prints), nil once they render again.
    public var error: String?
    /// Warnings about the deck as a whole (no cards, say).
    public var warnings: [String] = []
}

/// The cards of a preview, drawn incrementally: each refresh reads the files again, and only
/// the cards whose `CardsRequest.CardKey` (RenderPipeline) changed are drawn. A failed refresh keeps the last
/// good images and records its error.
public final class PreviewDeck: Sendable {
    /// Why a refresh drew what it drew: the rows drawn again (empty when none changed or it failed).
    public struct Refresh: Sendable, Equatable {
        /// The 1-based data rows drawn again; 0 stands for the backs.
        public var redrawnRows: [Int]
        /// The one-line message when the files did not render.
        public var error: String?
    }

    private struct Entry {
        var key: CardsRequest.CardKey
        var png: Data
        var card: PreviewCard
    }

    private struct State {
        var snapshot = PreviewSnapshot()
        var entries: [String: Entry] = [:]
        var order: [String] = []
        var backs: [Entry] = []
        /// The files the last successful load read.
        var inputs: [String] = []
    }

    /// The cards this deck draws.
    public let request: CardsRequest
    private let state = Mutex(State())
    /// One refresh at a time: two file events in a row must not draw the same card twice.
    private let refreshing = Mutex(())

    /// A deck for `request`'s cards (drawn at the first ``refresh()``).
    public init(request: CardsRequest) {
        self.request = request
    }

    /// What the page shows now.
    public var snapshot: PreviewSnapshot { state.withLock { $0.snapshot } }

    /// The snapshot as the page reads it (`cards.json`).
    func snapshotJSON() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(snapshot)
    }

    /// Every file the cards are made from: the templates (and those they extend), the data and
    /// every image, icon and font drawn, as the last good load found them, and always the files
    /// the request names (so a deck that never loaded still redraws when they are fixed).
    public var inputFiles: [String] {
        let named = [request.template, request.data, request.back].compactMap { $0 }
        var seen = Set<String>()
        return (named + state.withLock { $0.inputs }).map { URL(fileURLWithPath: $0).standardizedFileURL.path }
            .filter { seen.insert($0).inserted }
    }

    /// The PNG of the card at `index` in the snapshot's order.
    public func image(at index: Int) -> Data? {
        state.withLock { state in
            guard state.order.indices.contains(index) else { return nil }
            return state.entries[state.order[index]]?.png
        }
    }

    /// The PNG of the distinct back at `index` in the snapshot's `backVersions`.
    public func backImage(at index: Int) -> Data? {
        state.withLock { state in state.backs.indices.contains(index) ? state.backs[index].png : nil }
    }

    /// Reads the files again and draws the cards whose key changed.
    @discardableResult
    public func refresh() -> Refresh {
        refreshing.withLock { _ in
            do {
                return try redraw()
            } catch {
                let message = ErrorLine.of(error)
                state.withLock { state in
                    if state.snapshot.error != message {
                        state.snapshot.error = message
                        state.snapshot.generation += 1
                    }
                }
                return Refresh(redrawnRows: [], error: message)
            }
        }
    }

    private func redraw() throws -> Refresh {
        let loaded = try request.load(checkingText: false)
        let keys = request.cardKeys(of: loaded)
        let (previous, previousBacks, generation) = state.withLock { ($0.entries, $0.backs, $0.snapshot.generation + 1) }
        let changed = loaded.cards.indices.filter { previous[loaded.cards[$0].fileStem]?.key != keys[$0] }
        let resolution = Resolution.dpi(request.dpi ?? loaded.template.dpi)
        var entries = try draw(changed, of: loaded, keys: keys, resolution: resolution, version: generation)
        for card in loaded.cards where entries[card.fileStem] == nil {
            guard var kept = previous[card.fileStem] else { continue }
            kept.card.row = card.rowNumber
            entries[card.fileStem] = kept
        }
        for (index, card) in loaded.cards.enumerated() {
            entries[card.fileStem]?.card.back = loaded.backs?.backOfCard[index]
        }
        let backs = try drawBacks(of: loaded, keys: Array(keys.dropFirst(loaded.cards.count)), previous: previousBacks,
                                  resolution: resolution, version: generation)
        let redrawn = changed.map { loaded.cards[$0].rowNumber } + (backs.contains { $0.card.version == generation } ? [0] : [])
        publish(loaded, entries: entries, backs: backs, generation: generation, redrawn: !redrawn.isEmpty)
        return Refresh(redrawnRows: redrawn, error: nil)
    }

    /// The cards at `indices` drawn, with their overflow and missing-glyph warnings (only the
    /// cards drawn again are laid out for them; the others keep theirs).
    private func draw(_ indices: [Int], of loaded: CardsRequest.Loaded, keys: [CardsRequest.CardKey],
                      resolution: Resolution, version: Int) throws -> [String: Entry] {
        let cards = indices.map { loaded.cards[$0] }
        let warnings = try cards.map { try loaded.renderer.checkText(of: [$0]) }
        let pngs = try Self.encode(cards.map { loaded.renderer.picture(for: $0) }, resolution: resolution)
        var entries: [String: Entry] = [:]
        for (slot, index) in indices.enumerated() {
            let card = cards[slot]
            let shown = PreviewCard(row: card.rowNumber, name: card.fileStem, version: version, warnings: warnings[slot])
            entries[card.fileStem] = Entry(key: keys[index], png: pngs[slot], card: shown)
        }
        return entries
    }

    /// Each distinct back: the previous image where its key is unchanged, else drawn again.
    private func drawBacks(of loaded: CardsRequest.Loaded, keys: [CardsRequest.CardKey], previous: [Entry],
                           resolution: Resolution, version: Int) throws -> [Entry] {
        let backs = loaded.backs?.backs ?? []
        let changed = backs.indices.filter { !previous.indices.contains($0) || previous[$0].key != keys[$0] }
        let pngs = try Self.encode(changed.map { loaded.backRenderers[$0].picture(for: backs[$0].card) }, resolution: resolution)
        let drawn = Dictionary(uniqueKeysWithValues: zip(changed, pngs))
        return backs.indices.map { index in
            guard let png = drawn[index] else { return previous[index] }
            let shown = PreviewCard(row: 0, name: backs[index].card.fileStem, version: version, warnings: [])
            return Entry(key: keys[index], png: png, card: shown)
        }
    }

    /// Makes the new cards what the page shows, unless nothing the page shows changed (so the
    /// pages are not told of a save that changed nothing drawn).
    private func publish(_ loaded: CardsRequest.Loaded, entries: [String: Entry], backs: [Entry], generation: Int, redrawn: Bool) {
        let order = loaded.cards.map(\.fileStem)
        let cards = order.compactMap { entries[$0]?.card }
        let snapshot = PreviewSnapshot(generation: generation, cards: cards, backVersions: backs.map(\.card.version),
                                       widthInches: loaded.template.size.width / 72,
                                       heightInches: loaded.template.size.height / 72,
                                       error: nil, warnings: loaded.warnings)
        let inputs = Self.inputFiles(of: loaded)
        state.withLock { state in
            state.inputs = inputs
            var unchanged = state.snapshot
            unchanged.generation = generation
            guard redrawn || unchanged != snapshot || state.order != order else { return }
            state.entries = entries
            state.order = order
            state.backs = backs
            state.snapshot = snapshot
        }
    }

    /// The files a load read: the templates (and those they extend) and every image, icon and font.
    static func inputFiles(of loaded: CardsRequest.Loaded) -> [String] {
        var files = loaded.template.sourceFiles + loaded.renderer.files
        for renderer in loaded.backRenderers { files += renderer.template.sourceFiles + renderer.files }
        return files.map(\.path)
    }

    /// PNGs of `pictures`, drawn on every core when there are several. The package's own joined
    /// threads, not dispatch: nothing a refresh started outlives it.
    static func encode(_ pictures: [Picture], resolution: Resolution) throws -> [Data] {
        let results = Mutex([Result<Data, any Error>?](repeating: nil, count: pictures.count))
        try WorkerPool.forEach(pictures.count, workers: ProcessInfo.processInfo.activeProcessorCount) { index in
            let result = Result { try pictures[index].pngData(resolution: resolution) }
            results.withLock { $0[index] = result }
        }
        return try results.withLock { $0 }.map { try ($0 ?? .failure(PreviewError("a card was not drawn"))).get() }
    }
}
