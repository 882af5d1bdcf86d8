import Foundation

/// Checks on a spec's raw bytes and text made before the YAML parser sees them, so that every
/// refusal names a line and column: invalid UTF-8, characters YAML forbids, and nesting deeper
/// than `SpecFile.maximumDepth`.
enum SpecText {
    /// The text of `data`, or an error at the first byte that is not UTF-8.
    static func decode(_ data: Data, file: String) throws(SpecError) -> String {
        var line = 1, column = 1, offset = 0
        var parser = Unicode.UTF8.ForwardParser()
        var bytes = data.makeIterator()
        while true {
            switch parser.parseScalar(from: &bytes) {
            case let .valid(encoded):
                offset += encoded.count
                if encoded.count == 1, encoded.first == UInt8(ascii: "\n") { line += 1; column = 1 } else { column += 1 }
            case .emptyInput:
                return String(decoding: data, as: UTF8.self)
            case .error:
                let byte = data[data.index(data.startIndex, offsetBy: offset)]
                throw SpecError("the spec is not UTF-8 text (byte 0x\(String(byte, radix: 16, uppercase: true)))",
                                at: SpecLocation(file: file, line: line, column: column))
            }
        }
    }

    /// Where the UTF-8 byte at `offset` of `text` is, as a line and column (a reader error's place).
    static func location(ofByte offset: Int, in text: String, file: String) -> SpecLocation {
        var line = 1, column = 1, seen = 0
        for scalar in text.unicodeScalars {
            seen += UTF8.width(scalar)
            guard seen <= offset else { break }
            if scalar == "\n" { line += 1; column = 1 } else { column += 1 }
        }
        return SpecLocation(file: file, line: line, column: column)
    }

    /// YAML's printable characters (YAML 1.2, 5.1): tab, line breaks, and everything else but
    /// C0 and C1 controls, DEL, surrogates and U+FFFE/U+FFFF.
    static func isPrintable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D, 0x20...0x7E, 0x85, 0xA0...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }

    /// Refuses characters YAML does not allow and nesting deeper than `limit`, naming where.
    static func check(_ text: String, file: String, limit: Int) throws(SpecError) {
        var scanner = NestingScanner(limit: limit)
        var content: [Unicode.Scalar] = []
        var line = 1
        var previous: Unicode.Scalar?
        func endLine() throws(SpecError) {
            if let column = scanner.scan(content) {
                throw SpecError("the spec nests deeper than \(limit) levels", at: SpecLocation(file: file, line: line, column: column))
            }
            content.removeAll(keepingCapacity: true)
        }
        for scalar in text.unicodeScalars {
            defer { previous = scalar }
            guard isPrintable(scalar) else {
                let name = scalar.value == 0 ? "a NUL byte" : "the control character U+\(String(format: "%04X", scalar.value))"
                throw SpecError("the spec contains \(name), which YAML does not allow",
                                at: SpecLocation(file: file, line: line, column: content.count + 1))
            }
            switch scalar {
            case "\n" where previous == "\r":
                continue
            case "\n", "\r":
                try endLine()
                line += 1
            default:
                content.append(scalar)
            }
        }
        try endLine()
    }
}

/// Counts how deep YAML nests, line by line, the way libyaml's scanner sees it: a level for each
/// block collection (by indentation, `- ` and `? ` included) and each `[` or `{`, but none for
/// brackets in quoted or plain scalars, comments or block scalars (`|`, `>`). Where the two could
/// disagree, the input is invalid YAML before that point, or this counts more: a wrong guess
/// refuses a strange spec, never lets a deep one through.
struct NestingScanner {
    enum Kind { case mapping, sequence }

    let limit: Int
    /// Open block collections: the column of their entries and their kind.
    var blocks: [(column: Int, kind: Kind)] = []
    var flowDepth = 0
    /// The quote of a quoted scalar still open at the end of the last line.
    var quote: Unicode.Scalar?
    /// A block scalar's lines: at least `indent` spaces in, once known; before that, the
    /// collection's column and the most spaces seen on leading empty lines.
    var blockScalar: (base: Int, indent: Int?, blankSpaces: Int)?
    /// The last line ended inside a plain scalar, which the next, more indented line continues.
    var plainOpen = false
    /// In a flow collection, whether the next token starts a node (a quote there opens a scalar).
    var flowAtStart = true
    /// Anchored nodes not yet finished: the depth around each and the deepest level inside.
    var openAnchors: [Anchor] = []
    struct Anchor {
        var name: String
        var depth: Int
        var deepest: Int
        /// Its node is a collection, already entered.
        var isOpened = false
    }
    /// How many levels each finished anchor's node spans: an alias copies them where it stands.
    var anchorHeights: [String: Int] = [:]

    init(limit: Int) { self.limit = limit }

    var depth: Int { blocks.count + flowDepth }
    /// libyaml's current indentation: the column of the innermost block collection.
    var blockColumn: Int { blocks.last?.column ?? -1 }

    static func isBlank(_ scalar: Unicode.Scalar) -> Bool { scalar == " " || scalar == "\t" }
    static func isFlowIndicator(_ scalar: Unicode.Scalar) -> Bool { "[]{},".unicodeScalars.contains(scalar) }
    static func isIndicator(_ line: [Unicode.Scalar], at index: Int) -> Bool {
        "-?:".unicodeScalars.contains(line[index]) && (index + 1 == line.count || isBlank(line[index + 1]))
    }

    /// Scans one line (without its line break); returns the 1-based column where the nesting
    /// first goes deeper than the limit, or nil.
    mutating func scan(_ line: [Unicode.Scalar]) -> Int? {
        let indent = line.prefix { $0 == " " }.count
        let isBlankLine = line.allSatisfy(Self.isBlank)
        if let scalar = blockScalar {
            if isBlankLine {
                if scalar.indent == nil { blockScalar?.blankSpaces = max(scalar.blankSpaces, indent) }
                return nil
            }
            let contentIndent = scalar.indent ?? max(indent, scalar.blankSpaces, scalar.base + 1, 1)
            if indent >= contentIndent {
                blockScalar?.indent = contentIndent
                return nil
            }
            blockScalar = nil
        }
        var index = 0
        var atStart = true
        var afterNode = false  // just after a quoted scalar or a flow collection: `"a":b` is a pair in a flow
        var keyColumn: Int?  // where a block mapping's key would start on this line
        if let open = quote {
            guard let end = Self.closingQuote(open, in: line, from: 0) else { return nil }
            quote = nil
            index = end + 1
            atStart = false
            afterNode = true
        } else if flowDepth > 0 {
            atStart = flowAtStart
        } else {
            if isBlankLine { return nil }
            if line[indent] == "#" {
                plainOpen = false  // a comment ends a plain scalar
                return nil
            }
            if indent == 0, Self.isDocumentMarker(line) {
                blocks.removeAll()
                left()
                plainOpen = false
                index = 3
            } else if indent == 0, line[0] == "%" {
                return nil
            } else if plainOpen, indent > blockColumn {
                // A plain scalar going on: quotes and brackets here are its text.
                atStart = false
                index = indent
            } else {
                plainOpen = false
                while let last = blocks.last,
                      last.column > indent || (last.column == indent && last.kind == .sequence && line[indent] != "-") {
                    blocks.removeLast()
                }
                left()
                index = indent
                // `- ` and `? ` open a collection at their column; several may follow each other.
                var isFirst = true
                while index < line.count, Self.isIndicator(line, at: index) {
                    if line[index] == "-" {
                        // A sequence may sit at its mapping key's column; it is still a level deeper.
                        let nextEntry = isFirst && blocks.last.map { $0.column == index && $0.kind == .sequence } ?? false
                        if !nextEntry, let column = push(index, .sequence) { return column }
                    } else if line[index] == "?", index > blockColumn, let column = push(index, .mapping) {
                        return column
                    }
                    isFirst = false
                    index += 1
                    while index < line.count, Self.isBlank(line[index]) { index += 1 }
                }
                keyColumn = index
            }
        }
        var plain = false
        while index < line.count {
            let scalar = line[index]
            let before: Unicode.Scalar? = index > 0 ? line[index - 1] : nil
            if Self.isBlank(scalar) {
                index += 1
                continue
            }
            if scalar == "#", atStart || (before.map(Self.isBlank) ?? true) {
                break  // a comment
            }
            if atStart, scalar == "\"" || scalar == "'" {
                guard let end = Self.closingQuote(scalar, in: line, from: index + 1) else {
                    quote = scalar
                    if flowDepth > 0 { finishScalar() }
                    plainOpen = false
                    flowAtStart = false
                    return nil
                }
                index = end + 1
                (atStart, afterNode, plain) = (false, true, false)
                if flowDepth > 0 { finishScalar() }
                continue
            }
            if scalar == "[" || scalar == "{", atStart || flowDepth > 0 {
                flowDepth += 1
                entered()
                if depth > limit { return index + 1 }
                index += 1
                (atStart, afterNode, plain) = (true, false, false)
                continue
            }
            if flowDepth > 0, scalar == "]" || scalar == "}" {
                flowDepth -= 1
                left()
                index += 1
                (atStart, afterNode, plain) = (false, true, false)
                continue
            }
            if flowDepth > 0, scalar == "," {
                index += 1
                (atStart, afterNode, plain) = (true, false, false)
                continue
            }
            if scalar == ":" {
                let next: Unicode.Scalar? = index + 1 < line.count ? line[index + 1] : nil
                let endsPlain = next.map { Self.isBlank($0) || (flowDepth > 0 && Self.isFlowIndicator($0)) } ?? true
                if endsPlain || (flowDepth > 0 && (atStart || afterNode)) {
                    // A mapping's value follows: the key on this line starts a block mapping there.
                    if flowDepth == 0, let column = keyColumn, column > blockColumn {
                        if let overflow = push(column, .mapping) { return overflow }
                    }
                    keyColumn = nil
                    index += 1
                    (atStart, afterNode, plain) = (true, false, false)
                    continue
                }
            }
            if atStart, scalar == "&" || scalar == "!" || scalar == "*" {
                // An anchor or a tag: the node follows it. An alias: a copy of the anchored node.
                let start = index + 1
                while index < line.count, !Self.isBlank(line[index]), !(flowDepth > 0 && Self.isFlowIndicator(line[index])) {
                    index += 1
                }
                let name = String(String.UnicodeScalarView(line[start..<index]))
                if scalar == "&" {
                    openAnchors.append(Anchor(name: name, depth: depth, deepest: depth))
                } else if scalar == "*" {
                    let open = openAnchors.last(where: { $0.name == name }).map { $0.deepest - $0.depth }
                    let reach = depth + (anchorHeights[name] ?? open ?? 0)
                    if reach > limit { return start }
                    finishScalar(reaching: reach)
                    (atStart, afterNode, plain) = (false, true, false)
                }
                continue
            }
            if atStart, flowDepth == 0, scalar == "|" || scalar == ">" {
                blockScalar = (blockColumn, Self.explicitIndent(line, from: index + 1).map { max(blockColumn, 0) + $0 }, 0)
                plainOpen = false
                return nil
            }
            if atStart, Self.isIndicator(line, at: index) {
                index += 1  // where YAML allows no indicator, the parser reports an error
                continue
            }
            // Anything else is plain text (or an alias), up to `: `, ` #` or, in a flow, an indicator.
            // In a block, a scalar may turn out to be a mapping's key at its `: `: the mapping is
            // then the anchored node, so anchors wait for the next collection or for their level to end.
            if atStart, flowDepth > 0 { finishScalar() }
            (atStart, afterNode, plain) = (false, false, true)
            index += 1
        }
        if flowDepth > 0 {
            flowAtStart = atStart
            plainOpen = false
        } else {
            plainOpen = plain
            flowAtStart = true
        }
        return nil
    }

    private mutating func push(_ column: Int, _ kind: Kind) -> Int? {
        blocks.append((column, kind))
        entered()
        return depth > limit ? column + 1 : nil
    }

    /// A collection opened: the node of an anchor just given, or a level inside an anchored node.
    private mutating func entered() {
        guard let last = openAnchors.indices.last else { return }
        openAnchors[last].isOpened = true
        openAnchors[last].deepest = max(openAnchors[last].deepest, depth)
    }

    /// Collections closed: anchored nodes they held are finished.
    private mutating func left() {
        while let last = openAnchors.last, depth <= last.depth { finish(openAnchors.removeLast()) }
    }

    /// A scalar, or an alias whose copy reaches `reach` levels: it finishes an anchor given just before it.
    private mutating func finishScalar(reaching reach: Int? = nil) {
        guard let last = openAnchors.indices.last else { return }
        openAnchors[last].deepest = max(openAnchors[last].deepest, reach ?? depth)
        if !openAnchors[last].isOpened { finish(openAnchors.removeLast()) }
    }

    private mutating func finish(_ anchor: Anchor) {
        anchorHeights[anchor.name] = anchor.deepest - anchor.depth
        if let last = openAnchors.indices.last { openAnchors[last].deepest = max(openAnchors[last].deepest, anchor.deepest) }
    }

    /// `|2` or `>-1`: the block scalar's indentation indicator.
    static func explicitIndent(_ line: [Unicode.Scalar], from start: Int) -> Int? {
        for scalar in line[min(start, line.count)...].prefix(2) {
            if let digit = Int(String(scalar)), digit > 0 { return digit }
        }
        return nil
    }

    static func isDocumentMarker(_ line: [Unicode.Scalar]) -> Bool {
        guard line.count >= 3, line[0] == line[1], line[1] == line[2], line[0] == "-" || line[0] == "." else { return false }
        return line.count == 3 || isBlank(line[3])
    }

    /// The index of the quote that closes a scalar opened by `quote`, or nil when it goes on.
    static func closingQuote(_ quote: Unicode.Scalar, in line: [Unicode.Scalar], from start: Int) -> Int? {
        var index = start
        while index < line.count {
            if quote == "\"", line[index] == "\\" {
                index += 2
                continue
            }
            if line[index] == quote {
                if quote == "'", index + 1 < line.count, line[index + 1] == "'" {
                    index += 2
                    continue
                }
                return index
            }
            index += 1
        }
        return nil
    }
}
