internal import CLibXML2
import Foundation

/// What a SAX parse reports, one call per event, in document order.
protocol SAXEvents: AnyObject {
    /// An element opens: its name without a namespace prefix, its attributes as written
    /// (`table:name`), values with entities and character references resolved.
    func startElement(_ localName: String, attributes: [String: String])
    func endElement(_ localName: String)
    func characters(_ text: String)
    /// The part is not well-formed: libxml2's error number (`xmlParserErrors`).
    func notWellFormed(code: Int)
    /// The part declares an entity (parts of spreadsheet files never do).
    func declaresEntity()
}

/// One part parsed by libxml2's SAX2 push parser, called directly: no tree, no DTD, no network,
/// and errors kept for the caller instead of printed. Foundation's `XMLParser` wraps the same
/// parser but looks itself up in the thread's dictionary and bridges every name and attribute
/// through NSString on each event, which was most of a sheet's reading time.
final class SAXParser {
    private let events: any SAXEvents
    private var context: xmlParserCtxtPtr?

    init(events: any SAXEvents) {
        self.events = events
    }

    /// The parser's line, 1-based, while it runs; 0 outside a parse.
    var line: Int { context.map { Int(xmlSAX2GetLineNumber(UnsafeMutableRawPointer($0))) } ?? 0 }
    /// The parser's column, 1-based, while it runs; 0 outside a parse.
    var column: Int { context.map { Int(xmlSAX2GetColumnNumber(UnsafeMutableRawPointer($0))) } ?? 0 }

    /// Ends the parse after the current event (a handler found a fault).
    func stop() {
        if let context { xmlStopParser(context) }
    }

    /// Parses `data` whole; true when it was read to its end with no error and no stop.
    func parse(_ data: Data) -> Bool {
        Self.initializeOnce
        guard data.count <= Int(Int32.max) else { return false }
        var handler = Self.makeHandler()
        return data.withUnsafeBytes { bytes -> Bool in
            let receiver = Unmanaged.passUnretained(self).toOpaque()
            guard let context = xmlCreatePushParserCtxt(&handler, receiver, nil, 0, nil) else { return false }
            self.context = context
            defer {
                self.context = nil
                xmlFreeParserCtxt(context)
            }
            // No network, no external DTD, no entity substitution, libxml2's own size limits kept.
            _ = xmlCtxtUseOptions(context, Int32(XML_PARSE_NONET.rawValue))
            let start = bytes.baseAddress?.assumingMemoryBound(to: CChar.self)
            let status = xmlParseChunk(context, start, Int32(bytes.count), 1)
            return status == 0 && context.pointee.wellFormed != 0 && context.pointee.disableSAX == 0
        }
    }

    /// libxml2 sets up its globals once, before any thread parses.
    private static let initializeOnce: Void = xmlInitParser()

    private static func receiver(_ pointer: UnsafeMutableRawPointer?) -> SAXParser? {
        pointer.map { Unmanaged<SAXParser>.fromOpaque($0).takeUnretainedValue() }
    }

    private static func string(_ bytes: UnsafePointer<xmlChar>?) -> String {
        bytes.map { String(cString: $0) } ?? ""
    }

    /// The SAX2 handler: only the events the readers use, and a structured error callback so
    /// nothing is printed.
    private static func makeHandler() -> xmlSAXHandler {
        var handler = xmlSAXHandler()
        handler.initialized = UInt32(XML_SAX2_MAGIC)
        handler.startElementNs = { pointer, localName, _, _, _, _, attributeCount, _, attributes in
            guard let parser = SAXParser.receiver(pointer) else { return }
            var named: [String: String] = [:]
            if let attributes, attributeCount > 0 {
                named.reserveCapacity(Int(attributeCount))
                // Five pointers an attribute: local name, prefix, URI, value start, value end.
                for index in 0..<Int(attributeCount) {
                    let base = index * 5
                    let local = SAXParser.string(attributes[base])
                    let name = attributes[base + 1].map { SAXParser.string($0) + ":" + local } ?? local
                    guard let start = attributes[base + 3], let end = attributes[base + 4] else { continue }
                    named[name] = String(decoding: UnsafeBufferPointer(start: start, count: end - start), as: UTF8.self)
                }
            }
            parser.events.startElement(SAXParser.string(localName), attributes: named)
        }
        handler.endElementNs = { pointer, localName, _, _ in
            SAXParser.receiver(pointer)?.events.endElement(SAXParser.string(localName))
        }
        let characters: charactersSAXFunc = { pointer, bytes, count in
            guard let parser = SAXParser.receiver(pointer), let bytes, count > 0 else { return }
            parser.events.characters(String(decoding: UnsafeBufferPointer(start: bytes, count: Int(count)), as: UTF8.self))
        }
        handler.characters = characters
        // Whitespace between elements is text like any other (a cell of one space keeps it).
        handler.ignorableWhitespace = characters
        handler.cdataBlock = characters
        handler.entityDecl = { pointer, _, _, _, _, _ in
            SAXParser.receiver(pointer)?.events.declaresEntity()
        }
        handler.internalSubset = { pointer, _, _, _ in
            SAXParser.receiver(pointer)?.events.declaresEntity()
        }
        handler.serror = { pointer, error in
            guard let error, error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
            SAXParser.receiver(pointer)?.events.notWellFormed(code: Int(error.pointee.code))
        }
        return handler
    }
}
