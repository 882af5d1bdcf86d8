import CardRenderSupport
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import SpecFiles

/// An SVG file read into a small tree of elements and text, so that a card template can change
/// some of it per row and write it back for librsvg. Names keep their prefixes as written
/// (`sodipodi:namedview`, `xlink:href`); comments and processing instructions are dropped.
struct SVGDocument: Sendable, Equatable {
    /// One child of an element: another element (by its index in `elements`) or text.
    enum Child: Sendable, Equatable {
        case element(Int)
        case text(String)
    }

    struct Element: Sendable, Equatable {
        /// The qualified name as written (`svg`, `flowRoot`, `inkscape:grid`).
        var name: String
        /// Attributes sorted by name, so the document is written the same way every time.
        var attributes: [(name: String, value: String)]
        var children: [Child] = []
        var parent: Int?
        /// Where the parser was when the element started (1-based).
        var line: Int
        var column: Int

        /// The name without its prefix.
        var localName: String { XMLEvents.localName(name) }

        subscript(attribute: String) -> String? {
            get { attributes.first { $0.name == attribute }?.value }
            set {
                attributes.removeAll { $0.name == attribute }
                if let newValue {
                    attributes.append((attribute, newValue))
                    attributes.sort { $0.name < $1.name }
                }
            }
        }

        static func == (lhs: Element, rhs: Element) -> Bool {
            lhs.name == rhs.name && lhs.children == rhs.children && lhs.parent == rhs.parent
                && lhs.line == rhs.line && lhs.column == rhs.column
                && lhs.attributes.map(\.name) == rhs.attributes.map(\.name)
                && lhs.attributes.map(\.value) == rhs.attributes.map(\.value)
        }
    }

    /// The limits an SVG template is held to, checked before the parser allocates anything for
    /// what is over them: the file's size from the file system, an upper bound of its elements
    /// from a count of `<` followed by a name, and the nesting as the parser goes down.
    enum Limits {
        /// A card designed in a vector editor is tens of kilobytes; embedded pictures make it megabytes.
        static let maximumBytes = 16 << 20
        /// Far more than a card holds (an Inkscape card is some hundreds).
        static let maximumElements = 100_000
        /// Inkscape nests layers, groups and text a dozen deep.
        static let maximumNesting = 200
    }

    /// Every element, the root first, each parent before its children.
    var elements: [Element] = []

    /// The root element's index.
    var root: Int { 0 }

    /// The bytes of the SVG file at `url`, refused from its size before they are read.
    static func read(contentsOf url: URL, displayName: String) throws(SpecError) -> Data {
        let file = SpecLocation(file: displayName)
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.intValue
        guard let size else { throw SpecError("the template cannot be read", at: file) }
        guard size <= Limits.maximumBytes else {
            throw SpecError("the SVG template is \(size) bytes, more than the \(Limits.maximumBytes >> 20) MiB an SVG template may have",
                            at: file)
        }
        let data: Data
        do { data = try Data(contentsOf: url) } catch { throw SpecError("the template cannot be read", at: file) }
        return data
    }

    /// Parses `data`: refuses a document type (where entities, internal or external, are
    /// declared) and more elements than the limit before parsing, deeper nesting while parsing.
    static func parse(_ data: Data, displayName: String) throws(SpecError) -> SVGDocument {
        if let offset = documentTypeOffset(in: data) {
            let (line, column) = position(of: offset, in: data)
            throw SpecError("the SVG declares a document type or entities, which an SVG template may not; "
                            + "save it as Inkscape SVG or plain SVG", at: SpecLocation(file: displayName, line: line, column: column))
        }
        let bound = elementBound(in: data)
        guard bound <= Limits.maximumElements else {
            throw SpecError("the SVG has about \(bound) elements, more than the \(Limits.maximumElements) an SVG template may have",
                            at: SpecLocation(file: displayName))
        }
        let parser = XMLParser(data: data)
        parser.shouldProcessNamespaces = false
        parser.shouldReportNamespacePrefixes = false
        parser.shouldResolveExternalEntities = false
        let builder = Builder(parser: parser)
        parser.delegate = builder
        let finished = parser.parse()
        if let failure = builder.failure {
            throw SpecError(failure.message, at: SpecLocation(file: displayName, line: failure.line, column: failure.column))
        }
        guard finished, builder.depth == 0, !builder.document.elements.isEmpty else {
            throw SpecError("the SVG is not well-formed XML (it ends inside an element)",
                            at: SpecLocation(file: displayName, line: parser.lineNumber, column: parser.columnNumber))
        }
        let document = builder.document
        guard document.elements[0].localName == "svg" else {
            throw SpecError("the template's root element is <\(document.elements[0].name)>, not <svg>",
                            at: document.location(of: 0, in: displayName))
        }
        return document
    }

    func location(of element: Int, in file: String) -> SpecLocation {
        SpecLocation(file: file, line: elements[element].line, column: elements[element].column)
    }

    /// The byte offset of `<!DOCTYPE` or `<!ENTITY`, if the data has either.
    static func documentTypeOffset(in data: Data) -> Int? {
        var afterAngle = false, afterBang = false
        for (offset, byte) in data.enumerated() {
            if afterBang, byte == UInt8(ascii: "D") || byte == UInt8(ascii: "E") { return offset - 2 }
            afterBang = afterAngle && byte == UInt8(ascii: "!")
            afterAngle = byte == UInt8(ascii: "<")
        }
        return nil
    }

    /// How many `<` begin a name: at least as many as there are elements.
    static func elementBound(in data: Data) -> Int {
        var count = 0, afterAngle = false
        for byte in data {
            if afterAngle, XMLEvents.isNameStart(byte) { count += 1 }
            afterAngle = byte == UInt8(ascii: "<")
        }
        return count
    }

    static func position(of offset: Int, in data: Data) -> (line: Int, column: Int) {
        var line = 1, column = 1
        for byte in data.prefix(offset) {
            if byte == UInt8(ascii: "\n") { line += 1; column = 1 } else { column += 1 }
        }
        return (line, column)
    }

    // MARK: reading the tree

    /// The text inside `element`, its descendants' included, lines of Inkscape's `tspan`
    /// (`sodipodi:role="line"`) and of `flowPara` joined by line breaks.
    func text(of element: Int) -> String {
        var lines: [String] = []
        var current = ""
        func visit(_ index: Int) {
            for child in elements[index].children {
                switch child {
                case let .text(text): current += text
                case let .element(childIndex):
                    let child = elements[childIndex]
                    guard child.localName != "flowRegion" else { continue }
                    let isLine = child.localName == "flowPara" || child["sodipodi:role"] == "line"
                    if isLine {
                        if !lines.isEmpty || !current.allSatisfy(\.isWhitespace) { lines.append(current) }
                        current = ""
                    }
                    visit(childIndex)
                }
            }
        }
        visit(element)
        lines.append(current)
        // The indentation an editor writes between a text's elements is not part of the text.
        return lines.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.joined(separator: "\n")
    }

    /// The element's descendants, depth first.
    func descendants(of element: Int) -> [Int] {
        var found: [Int] = []
        var stack = elements[element].children.reversed().compactMap { child -> Int? in
            if case let .element(index) = child { return index }
            return nil
        }
        while let next = stack.popLast() {
            found.append(next)
            stack += elements[next].children.reversed().compactMap { child -> Int? in
                if case let .element(index) = child { return index }
                return nil
            }
        }
        return found
    }

    /// The element and its ancestors, the root first.
    func chain(to element: Int) -> [Int] {
        var chain = [element]
        while let parent = elements[chain[0]].parent { chain.insert(parent, at: 0) }
        return chain
    }

    // MARK: writing

    /// The document as UTF-8 XML, leaving out the elements in `removed` (and what they hold).
    func xml(removing removed: Set<Int> = []) -> Data {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        write(root, removed: removed, into: &out)
        out += "\n"
        return Data(out.utf8)
    }

    private func write(_ index: Int, removed: Set<Int>, into out: inout String) {
        let element = elements[index]
        out += "<" + element.name
        for attribute in element.attributes {
            out += " " + attribute.name + "=\"" + attribute.value.markupEscaped + "\""
        }
        guard !element.children.isEmpty else { out += "/>"; return }
        out += ">"
        for child in element.children {
            switch child {
            case let .text(text): out += text.markupEscaped
            case let .element(childIndex) where !removed.contains(childIndex): write(childIndex, removed: removed, into: &out)
            case .element: break
            }
        }
        out += "</" + element.name + ">"
    }

    // MARK: parsing

    /// libxml2's error codes (`xmlParserErrors`) for what goes wrong when a file is edited by hand.
    static let xmlProblems: [Int: String] = [
        4: "the document is empty", 5: "the document ends inside an element or has text after its root",
        9: "a character that XML does not allow", 23: "an entity reference without its `;`",
        26: "an entity that is not declared (write & as &amp;)", 38: "a `<` inside an attribute value",
        39: "an attribute value without quotes", 40: "an attribute value whose quote is not closed, or over 10,000,000 bytes long",
        41: "an attribute without a value", 42: "an attribute given twice", 68: "a name was expected",
        73: "a tag without its `>`", 76: "a closing tag that does not match the element it closes",
        77: "an element that is not closed", 201: "a prefix (such as xlink:) whose namespace the file does not declare",
    ]

    struct Failure: Error {
        var message: String
        var line: Int
        var column: Int
    }

    private final class Builder: NSObject, XMLParserDelegate {
        let parser: XMLParser
        var document = SVGDocument()
        var open: [Int] = []
        var depth = 0
        var failure: Failure?

        init(parser: XMLParser) { self.parser = parser }

        func stop(_ message: String) {
            guard failure == nil else { return }
            failure = Failure(message: message, line: parser.lineNumber, column: parser.columnNumber)
            parser.abortParsing()
        }

        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                    qualifiedName: String?, attributes: [String: String]) {
            depth += 1
            guard failure == nil else { return }
            guard depth <= Limits.maximumNesting else {
                return stop("the SVG has elements nested more than \(Limits.maximumNesting) deep")
            }
            guard document.elements.count < Limits.maximumElements else {
                return stop("the SVG has more than \(Limits.maximumElements) elements")
            }
            if open.isEmpty, !document.elements.isEmpty { return stop("the SVG has more than one root element") }
            let index = document.elements.count
            let sorted = attributes.map { (name: $0.key, value: $0.value) }.sorted { $0.name < $1.name }
            document.elements.append(Element(name: elementName, attributes: sorted, parent: open.last,
                                             line: parser.lineNumber, column: parser.columnNumber))
            if let parent = open.last { document.elements[parent].children.append(.element(index)) }
            open.append(index)
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
            depth -= 1
            guard failure == nil, !open.isEmpty else { return }
            open.removeLast()
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            guard failure == nil, let current = open.last else { return }
            if case let .text(previous)? = document.elements[current].children.last {
                document.elements[current].children[document.elements[current].children.count - 1] = .text(previous + string)
            } else {
                document.elements[current].children.append(.text(string))
            }
        }

        func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
            self.parser(parser, foundCharacters: String(decoding: CDATABlock, as: UTF8.self))
        }

        func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
            let code = (parseError as NSError).code
            stop("the SVG is not well-formed XML: " + (SVGDocument.xmlProblems[code] ?? "libxml2 error \(code)"))
        }

        func parser(_ parser: XMLParser, foundInternalEntityDeclarationWithName name: String, value: String?) {
            stop("the SVG declares entities, which an SVG template may not")
        }

        func parser(_ parser: XMLParser, foundExternalEntityDeclarationWithName name: String, publicID: String?, systemID: String?) {
            stop("the SVG declares entities, which an SVG template may not")
        }
    }
}
