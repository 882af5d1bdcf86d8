import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// One XML part of a spreadsheet read as a stream of events through Foundation's `XMLParser`
/// (libxml2 on Linux): element names without their namespace prefix, attributes as written
/// (`table:name`), and text. Parts that declare a document type are refused before parsing
/// (neither format uses one, and entities are how an XML bomb grows), and so is nesting past
/// the limit.
/// What reads a part's events: called directly by the parser's delegate, each call a step
/// of the part's reading (a sheet has hundreds of thousands).
protocol XMLHandler {
    mutating func start(_ name: String, _ attributes: [String: String]) throws(XMLEvents.Failure)
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
        func start(_ name: String, _ attributes: [String: String]) throws(Failure) { try handle(.start(name: name, attributes: attributes)) }
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
        let parser = XMLParser(data: data)
        parser.shouldProcessNamespaces = false
        parser.shouldResolveExternalEntities = false
        let delegate = Delegate(parser: parser, nesting: nesting, handler: handler)
        parser.delegate = delegate
        let finished = parser.parse()
        if let failure = delegate.failure { throw failure }
        guard finished, delegate.depth == 0 else {
            let reason = (parser.parserError as NSError?).map { "error \($0.code)" } ?? "it ends inside an element"
            throw Failure(message: "is not well-formed XML (\(reason))", line: parser.lineNumber, column: parser.columnNumber)
        }
        return delegate.handler
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

    private final class Delegate<Handler: XMLHandler>: NSObject, XMLParserDelegate {
        let parser: XMLParser
        let nesting: Int
        var handler: Handler
        var depth = 0
        var failure: Failure?

        init(parser: XMLParser, nesting: Int, handler: Handler) {
            self.parser = parser
            self.nesting = nesting
            self.handler = handler
        }

        func stop(_ failure: Failure) {
            var located = failure
            if located.line == 0 { (located.line, located.column) = (parser.lineNumber, parser.columnNumber) }
            self.failure = located
            parser.abortParsing()
        }

        func failure(_ message: String) -> Failure {
            Failure(message: message, line: parser.lineNumber, column: parser.columnNumber)
        }

        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                    qualifiedName: String?, attributes: [String: String]) {
            depth += 1
            guard failure == nil else { return }
            guard depth <= nesting else { return stop(failure("has elements nested more than \(nesting) deep")) }
            do { try handler.start(XMLEvents.localName(elementName), attributes) } catch { stop(error) }
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
            depth -= 1
            guard failure == nil else { return }
            do { try handler.end(XMLEvents.localName(elementName)) } catch { stop(error) }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            guard failure == nil else { return }
            do { try handler.text(string) } catch { stop(error) }
        }

        func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
            guard failure == nil else { return }
            do { try handler.text(String(decoding: CDATABlock, as: UTF8.self)) } catch { stop(error) }
        }

        func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
            guard failure == nil else { return }
            stop(failure("is not well-formed XML (error \((parseError as NSError).code))"))
        }

        func parser(_ parser: XMLParser, foundInternalEntityDeclarationWithName name: String, value: String?) {
            stop(failure("declares entities, which spreadsheet files never do"))
        }
    }
}
