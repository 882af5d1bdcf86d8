import CardRenderSupport
import Foundation
import Geometry
import Images

/// Pages, each with its own size, written as one PDF: a whole deck or a set of diagrams in one
/// file. Where a `Picture` is one page, a document is many; it is Cairo's PDF surface with a
/// page size set before each page (`cairo_pdf_surface_set_size`) and `cairo_show_page` after it.
///
/// A page is drawn by closures on a `Canvas` and by pictures placed with a transform, in the
/// order they were added:
///
///     var sheet = Document.Page(size: CGSize(width: 595.2756, height: 841.8898))  // A4 (see PrintLayout.Paper)
///     sheet.place(card, at: CGPoint(x: 36, y: 36))
///     sheet.place(card, transform: CGAffineTransform(translationX: 300, y: 36).rotated(by: .pi / 2))
///     sheet.draw { canvas in BezierPath(rect: canvas.bounds.insetBy(dx: 18, dy: 18)).stroke() }
///     try Document(title: "Deck", pages: [sheet]).write(to: URL(fileURLWithPath: "deck.pdf"))
///
/// A picture placed more than once in a document (copies of one `Picture` value, such as a card
/// back on every sheet) is drawn once and referred to from each place, so the file holds its
/// shapes, text and images once. Text stays text, in the bundled fonts, embedded.
///
/// The bytes depend only on the pages: the metadata is fixed as for `Picture.pdfData()`.
public struct Document: Sendable {
    /// The longest page side a document takes: 14,400 pt (200 in), the largest page the PDF
    /// reference (ISO 32000-1, Annex C) expects readers to open.
    public static let maxPageSide: CGFloat = 14_400

    /// The document's title in the PDF metadata.
    public var title: String?
    /// The pages in order, each with its own size.
    public var pages: [Page]

    /// A document of `pages`.
    public init(title: String? = nil, pages: [Page] = []) {
        self.title = title
        self.pages = pages
    }

    /// One page per picture, each the picture's size.
    public init(title: String? = nil, pictures: [Picture]) {
        self.init(title: title, pages: pictures.map(Page.init))
    }

    /// Adds a page at the end.
    public mutating func append(_ page: Page) { pages.append(page) }

    /// Refuses what a PDF cannot hold, before anything is drawn.
    public func validate() throws(DrawingError) {
        guard !pages.isEmpty else { throw .invalidDocument("it has no pages; add at least one") }
        for (index, page) in pages.enumerated() {
            let size = page.size
            let limit = Self.maxPageSide
            guard size.width.isFinite, size.height.isFinite, size.width > 0, size.height > 0,
                  size.width <= limit, size.height <= limit else {
                throw .invalidDocument("page \(index + 1) is \(size.width)×\(size.height) pt; each side must be "
                                       + "above 0 and at most \(Int(limit)) pt (200 in)")
            }
            for (number, placement) in page.placements.enumerated() {
                do { try placement.picture.validateSize() } catch {
                    throw .invalidDocument("page \(index + 1), picture \(number + 1): \(error.description)")
                }
                let t = placement.transform
                let determinant = t.a * t.d - t.b * t.c
                guard [t.a, t.b, t.c, t.d, t.tx, t.ty].allSatisfy(\.isFinite), determinant != 0, determinant.isFinite else {
                    throw .invalidDocument("page \(index + 1), picture \(number + 1): the transform must be finite "
                                           + "numbers that can be inverted (no zero scale)")
                }
            }
        }
    }

    /// The document as a PDF.
    public func pdfData() throws -> Data {
        try validate()
        let first = pages[0].size
        let surface = try CairoSurface.pdf(width: Double(first.width), height: Double(first.height), title: title)
        var recorder = Recorder(pictures: pages.flatMap(\.placements).map(\.picture))
        for (index, page) in pages.enumerated() {
            surface.setPDFPageSize(width: Double(page.size.width), height: Double(page.size.height))
            let context = try CairoContext(surface: surface)
            try page.render(with: context, recorder: &recorder)
            context.showPage()
            try context.checkStatus(while: "drawing page \(index + 1)")
        }
        return try surface.finishDocument(action: "writing PDF")
    }

    /// The document in `format`, which must be one that holds pages.
    public func data(format: OutputFormat) throws -> Data {
        // PDF is the one format with pages; every other format holds one picture.
        guard format.hasPages else {
            throw DrawingError.invalidDocument("\(format.fileExtension) holds one picture; write a document as "
                                               + OutputFormat.extensionList(Self.formats))
        }
        return try pdfData()
    }

    /// The formats a document can be written in: those with pages.
    public static var formats: [OutputFormat] { OutputFormat.allCases.filter(\.hasPages) }

    /// Renders and writes atomically; the format comes from the file extension unless given.
    public func write(to url: URL, format: OutputFormat? = nil) throws {
        guard let format = format ?? OutputFormat(fileExtension: url.pathExtension), format.hasPages else {
            throw DrawingError.write(path: url.path, reason: "a document is written as "
                                     + OutputFormat.extensionList(Self.formats))
        }
        try AtomicFile.write(try data(format: format), to: url)
    }
}

extension Document {
    /// One page: a size in points and what is drawn on it, bottom layer first.
    public struct Page: Sendable {
        /// The page size in points.
        public var size: CGSize
        private var layers: [Layer] = []

        enum Layer: Sendable {
            case drawing(@Sendable (Canvas) throws -> Void)
            case picture(Placement)
        }

        /// A blank page.
        public init(size: CGSize) {
            self.size = size
        }

        /// A page drawn by `draw`, with `Canvas.current` set and the canvas the page's size.
        public init(size: CGSize, draw: @escaping @Sendable (Canvas) throws -> Void) {
            self.size = size
            self.draw(draw)
        }

        /// A page the size of `picture`, showing it.
        public init(_ picture: Picture) {
            self.size = picture.size
            place(picture)
        }

        /// Draws `body` over what the page has so far, in page coordinates (points, y down).
        public mutating func draw(_ body: @escaping @Sendable (Canvas) throws -> Void) {
            layers.append(.drawing(body))
        }

        /// Draws `picture` over what the page has so far: its origin and axes mapped by
        /// `transform` into page coordinates, clipped to its own bounds.
        public mutating func place(_ picture: Picture, transform: CGAffineTransform = .identity) {
            layers.append(.picture(Placement(picture: picture, transform: transform)))
        }

        /// Draws `picture` at its own size with its top-left corner at `origin`.
        public mutating func place(_ picture: Picture, at origin: CGPoint) {
            place(picture, transform: CGAffineTransform(translationX: origin.x, y: origin.y))
        }

        /// The page as one picture of its size, for raster output (a PNG of a sheet); placed
        /// pictures are drawn directly, each clipped to its bounds as in the PDF.
        public var picture: Picture {
            let layers = self.layers
            return Picture(size: size) { canvas in
                for layer in layers {
                    switch layer {
                    case let .drawing(body):
                        try canvas.withSavedState { try body(canvas) }
                    case let .picture(placement):
                        try canvas.withSavedState {
                            canvas.concatenate(placement.transform)
                            try placement.picture.draw(on: canvas)
                        }
                    }
                }
            }
        }

        /// The pictures placed on the page, in drawing order.
        public var placements: [Placement] {
            layers.compactMap { if case let .picture(placement) = $0 { placement } else { nil } }
        }

        func render(with context: CairoContext, recorder: inout Recorder) throws {
            let canvas = Canvas(context: context, size: size)
            for layer in layers {
                switch layer {
                case let .drawing(body):
                    try canvas.withSavedState { try Canvas.$current.withValue(canvas) { try body(canvas) } }
                case let .picture(placement):
                    let picture = placement.picture
                    let recording = try recorder.recording(of: picture)
                    try canvas.withSavedState {
                        context.newPath()
                        context.concatenate(placement.transform)
                        if let recording {
                            context.paint(recording)
                        } else {
                            context.rectangle(CGRect(origin: .zero, size: picture.size))
                            context.clip(preserve: false)
                            try picture.draw(with: context)
                        }
                    }
                }
            }
        }
    }

    /// A picture on a page: `transform` maps the picture's coordinates to the page's.
    public struct Placement: Sendable {
        /// The picture placed.
        public var picture: Picture
        /// Maps the picture's coordinates to the page's.
        public var transform: CGAffineTransform
    }

    /// Records each picture placed more than once, once, on first use; the others are drawn
    /// straight onto their page.
    struct Recorder {
        private var uses: [ObjectIdentifier: Int] = [:]
        private var recordings: [ObjectIdentifier: CairoSurface] = [:]

        init(pictures: [Picture]) {
            for picture in pictures { uses[ObjectIdentifier(picture.artwork), default: 0] += 1 }
        }

        /// The recording to paint for `picture`, or nil when it is drawn directly.
        mutating func recording(of picture: Picture) throws -> CairoSurface? {
            let key = ObjectIdentifier(picture.artwork)
            guard uses[key, default: 0] > 1 else { return nil }
            if let recording = recordings[key] { return recording }
            let surface = try CairoSurface.recording(width: Double(picture.size.width), height: Double(picture.size.height))
            try picture.run(on: surface, pixelsPerPoint: 1)
            recordings[key] = surface
            return surface
        }
    }
}
