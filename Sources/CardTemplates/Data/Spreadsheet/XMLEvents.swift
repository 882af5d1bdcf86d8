import Foundation

/// One XML part of a spreadsheet read as a stream of events through libxml2's SAX2 parser
/// (`SAXParser`): element names without their namespace prefix, attributes as written
/// (`table:name`), and text. Parts that declare a document type are refused before parsing
/// (neither format uses one, and entities are how an XML bomb grows), and so is nesting past
/// the limit.
/// What reads a part's events: called directly by the parser's delegate, each call a step
/// of the part's reading (a sheet has hundreds of thousands).
protocol XMLHandler {
    mutating func start(_ name: String, _ attributes: XMLAttributes) throws(XMLEvents.Failure)
    mutating func end(_ name: String) throws(XMLEvents.Failure)
    mutating func text(_ text: String) throws(XMLEvents.Failure)
}

struct XMLEvents {
    /// What a closure handler sees.
    enum Event {
        case start(name: String, attributes: [String: String])
        case end(name: String)
        case text(String)
    }

    /// A problem in the part, or one a handler raised, with the position of the parser then.
    struct Failure: Error {
        var message: String
        var line: Int
        var column: Int
    }

    /// A handler made of one closure, for the small parts.
    struct ClosureHandler: XMLHandler {
        let handle: (Event) throws(Failure) -> Void
        func start(_ name: String, _ attributes: XMLAttributes) throws(Failure) {
            try handle(.start(name: name, attributes: attributes.dictionary))
        }
        func end(_ name: String) throws(Failure) { try handle(.end(name: name)) }
        func text(_ text: String) throws(Failure) { try handle(.text(text)) }
    }

    /// Reads `data`, handing each event to `handler`, and returns it; a handler's thrown
    /// `Failure` stops the parse and is rethrown as is, any other problem becomes a `Failure`
    /// saying where.
    static func read<Handler: XMLHandler>(_ data: Data, nesting: Int, handler: Handler) throws(Failure) -> Handler {
        if declaresDocumentType(data) {
            throw Failure(message: "declares a document type or entities, which spreadsheet files never do", line: 0, column: 0)
        }
        let receiver = Receiver(nesting: nesting, handler: handler)
        let parser = SAXParser(events: receiver)
        receiver.parser = parser
        defer { receiver.parser = nil }
        let finished = parser.parse(data)
        if let failure = receiver.failure { throw failure }
        guard finished, receiver.depth == 0 else {
            let reason = receiver.depth > 0 ? "is not well-formed XML (it ends inside an element)" : "is not well-formed XML"
            throw Failure(message: reason, line: receiver.lastLine, column: receiver.lastColumn)
        }
        return receiver.handler
    }

    /// Whether `data` has `<!DOCTYPE` (inside which entities are declared) or `<!ENTITY` before
    /// its root element, the only place XML allows a document type; comments (`<!--`) pass.
    /// (An entity declared after a comment that holds `<a` is still met by the parser's delegate.)
    static func declaresDocumentType(_ data: Data) -> Bool {
        var afterAngle = false, afterBang = false
        for byte in data {
            if afterBang, byte == UInt8(ascii: "D") || byte == UInt8(ascii: "E") { return true }
            if afterAngle, isNameStart(byte) { return false }  // the root element
            afterBang = afterAngle && byte == UInt8(ascii: "!")
            afterAngle = byte == UInt8(ascii: "<")
        }
        return false
    }

    static func isNameStart(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":") || byte >= 0x80
    }

    /// `table:table-row` → `table-row`.
    static func localName(_ name: String) -> String {
        guard let colon = name.utf8.lastIndex(of: UInt8(ascii: ":")) else { return name }
        return String(name[name.utf8.index(after: colon)...])
    }

    /// Hands the parser's events to a handler, counting the nesting and keeping the first fault
    /// with the parser's position then.
    private final class Receiver<Handler: XMLHandler>: SAXEvents {
        let nesting: Int
        var handler: Handler
        var depth = 0
        var failure: Failure?
        /// Set while the parse runs (the parser holds this receiver only unretained).
        var parser: SAXParser?
        /// Where the parser was at the last event, for a part that ends too soon.
        var lastLine = 0, lastColumn = 0

        init(nesting: Int, handler: Handler) {
            self.nesting = nesting
            self.handler = handler
        }

        func stop(_ failure: Failure) {
            var located = failure
            if located.line == 0 { (located.line, located.column) = (parser?.line ?? 0, parser?.column ?? 0) }
            self.failure = located
            parser?.stop()
        }

        func failure(_ message: String) -> Failure {
            Failure(message: message, line: parser?.line ?? 0, column: parser?.column ?? 0)
        }

        func startElement(_ localName: String, attributes: XMLAttributes) {
            depth += 1
            guard failure == nil else { return }
            guard depth <= nesting else { return stop(failure("has elements nested more than \(nesting) deep")) }
            do { try handler.start(localName, attributes) } catch { stop(error) }
        }

        func endElement(_ localName: String) {
            depth -= 1
            guard failure == nil else { return }
            (lastLine, lastColumn) = (parser?.line ?? 0, parser?.column ?? 0)
            do { try handler.end(localName) } catch { stop(error) }
        }

        func characters(_ text: String) {
            guard failure == nil else { return }
            do { try handler.text(text) } catch { stop(error) }
        }

        func notWellFormed(code: Int) {
            guard failure == nil else { return }
            stop(failure("is not well-formed XML (error \(code))"))
        }

        func declaresEntity() {
            guard failure == nil else { return }
            stop(failure("declares entities, which spreadsheet files never do"))
        }
    }
}
