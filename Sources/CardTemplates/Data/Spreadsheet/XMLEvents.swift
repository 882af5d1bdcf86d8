import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// One XML part of a spreadsheet read as a stream of events through Foundation's `XMLParser`
/// (libxml2 on Linux): element names without their namespace prefix, attributes as written
/// (`table:name`), and text. Parts that declare a document type are refused before parsing
/// (neither format uses one, and entities are how an XML bomb grows), and so is nesting past
/// the limit.
struct XMLEvents {
    /// What a handler sees.
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

    /// Reads `data`, handing each event to `handle`; a handler's thrown `Failure` stops the
    /// parse and is rethrown as is, any other problem becomes a `Failure` saying where.
    static func read(_ data: Data, nesting: Int, handle: @escaping (Event) throws(Failure) -> Void) throws(Failure) {
        if declaresDocumentType(data) {
            throw Failure(message: "declares a document type or entities, which spreadsheet files never do", line: 0, column: 0)
        }
        let parser = XMLParser(data: data)
        parser.shouldProcessNamespaces = false
        parser.shouldResolveExternalEntities = false
        let delegate = Delegate(parser: parser, nesting: nesting, handle: handle)
        parser.delegate = delegate
        let finished = parser.parse()
        if let failure = delegate.failure { throw failure }
        guard finished, delegate.depth == 0 else {
            let reason = (parser.parserError as NSError?).map { "error \($0.code)" } ?? "it ends inside an element"
            throw Failure(message: "is not well-formed XML (\(reason))", line: parser.lineNumber, column: parser.columnNumber)
        }
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

    private final class Delegate: NSObject, XMLParserDelegate {
        let parser: XMLParser
        let nesting: Int
        let handle: (Event) throws(Failure) -> Void
        var depth = 0
        var failure: Failure?

        init(parser: XMLParser, nesting: Int, handle: @escaping (Event) throws(Failure) -> Void) {
            self.parser = parser
            self.nesting = nesting
            self.handle = handle
        }

        func deliver(_ event: Event) {
            guard failure == nil else { return }
            do { try handle(event) } catch {
                var located = error
                if located.line == 0 { (located.line, located.column) = (parser.lineNumber, parser.columnNumber) }
                stop(located)
            }
        }

        func stop(_ failure: Failure) {
            self.failure = failure
            parser.abortParsing()
        }

        func failure(_ message: String) -> Failure {
            Failure(message: message, line: parser.lineNumber, column: parser.columnNumber)
        }

        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                    qualifiedName: String?, attributes: [String: String]) {
            depth += 1
            guard depth <= nesting else {
                return stop(failure("has elements nested more than \(nesting) deep"))
            }
            deliver(.start(name: XMLEvents.localName(elementName), attributes: attributes))
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
            depth -= 1
            deliver(.end(name: XMLEvents.localName(elementName)))
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            deliver(.text(string))
        }

        func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
            deliver(.text(String(decoding: CDATABlock, as: UTF8.self)))
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
