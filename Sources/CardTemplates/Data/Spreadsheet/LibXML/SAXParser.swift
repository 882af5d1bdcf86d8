internal import CLibXML2
import Foundation

/// What a SAX parse reports, one call per event, in document order.
protocol SAXEvents: AnyObject {
    /// An element opens: its name without a namespace prefix, its attributes as written
    /// (`table:name`), values with entities and character references resolved.
    func startElement(_ localName: String, attributes: XMLAttributes)
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
            let named = XMLAttributes(base: attributes, count: attributes == nil ? 0 : max(0, Int(attributeCount)))
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

/// An element's attributes, read in place from the parser's buffers while its start event is
/// handled: a lookup scans them (an element has a few) and makes a String only of the value
/// asked for. Keep `dictionary` to hold them past the event.
struct XMLAttributes {
    /// Five pointers an attribute: local name, prefix, URI, value start, value end.
    private let base: UnsafeMutablePointer<UnsafePointer<UInt8>?>?
    /// How many attributes.
    let count: Int

    fileprivate init(base: UnsafeMutablePointer<UnsafePointer<UInt8>?>?, count: Int) {
        self.base = base
        self.count = count
    }

    /// The value of the attribute named `name` as written (`table:name`, `r`), nil when absent.
    subscript(name: String) -> String? {
        var name = name
        return name.withUTF8 { wanted in
            (0..<count).first { matches(wanted, at: $0) }.map(value(at:))
        }
    }

    /// All of them by written name; a name written twice is not well-formed XML, so none is lost.
    var dictionary: [String: String] {
        var all: [String: String] = [:]
        for index in 0..<count { all[name(at: index)] = value(at: index) }
        return all
    }

    private func pointer(_ index: Int, _ field: Int) -> UnsafePointer<UInt8>? {
        base?[index * 5 + field]
    }

    private func name(at index: Int) -> String {
        let local = pointer(index, 0).map { String(cString: $0) } ?? ""
        return pointer(index, 1).map { String(cString: $0) + ":" + local } ?? local
    }

    private func value(at index: Int) -> String {
        guard let start = pointer(index, 3), let end = pointer(index, 4) else { return "" }
        return String(decoding: UnsafeBufferPointer(start: start, count: end - start), as: UTF8.self)
    }

    /// Whether attribute `index` is written `wanted` (`prefix:local`, or `local` without a prefix).
    private func matches(_ wanted: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        var rest = wanted[...]
        if let prefix = pointer(index, 1) {
            guard let afterPrefix = Self.consume(prefix, from: rest), afterPrefix.first == UInt8(ascii: ":") else { return false }
            rest = afterPrefix.dropFirst()
        }
        guard let local = pointer(index, 0), let afterLocal = Self.consume(local, from: rest) else { return false }
        return afterLocal.isEmpty
    }

    /// `text` after the NUL-terminated `cString` at its start, nil when it does not start so.
    private static func consume(_ cString: UnsafePointer<UInt8>, from text: Slice<UnsafeBufferPointer<UInt8>>)
        -> Slice<UnsafeBufferPointer<UInt8>>? {
        var position = text.startIndex
        var byte = cString
        while byte.pointee != 0 {
            guard position < text.endIndex, text[position] == byte.pointee else { return nil }
            position += 1
            byte += 1
        }
        return text[position...]
    }
}
