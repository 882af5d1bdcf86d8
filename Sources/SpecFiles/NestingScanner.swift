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
    /// How many spaces start the line.
    static func indentation(of line: [Unicode.Scalar]) -> Int { line.prefix { $0 == " " }.count }
    static func isFlowIndicator(_ scalar: Unicode.Scalar) -> Bool { "[]{},".unicodeScalars.contains(scalar) }
    static func isIndicator(_ line: [Unicode.Scalar], at index: Int) -> Bool {
        "-?:".unicodeScalars.contains(line[index]) && (index + 1 == line.count || isBlank(line[index + 1]))
    }

    /// Where the scan of one line has got to, and what the tokens before allow next.
    struct Cursor {
        var index = 0
        /// The next token starts a node: a quote there opens a scalar, a bracket a flow collection.
        var atStart = true
        /// Just after a quoted scalar or a flow collection: `"a":b` is a pair in a flow.
        var afterNode = false
        /// Inside a plain scalar.
        var inPlain = false
        /// Where a block mapping's key would start on this line.
        var keyColumn: Int?

        /// A node ended: a quoted scalar, a flow collection or an alias.
        mutating func endNode() { (atStart, afterNode, inPlain) = (false, true, false) }
        /// A node may start: after `[`, `{`, `,` or a mapping's `:`.
        mutating func expectNode() { (atStart, afterNode, inPlain) = (true, false, false) }
        /// Plain text goes on.
        mutating func plainText() { (atStart, afterNode, inPlain) = (false, false, true) }
    }

    /// What one step of a line's scan decided.
    enum Step {
        /// Go on with the next token.
        case next
        /// The rest of the line is a comment.
        case comment
        /// The line is done: nil, or the 1-based column where the nesting went deeper than the limit.
        case stop(Int?)
    }

    /// Scans one line (without its line break); returns the 1-based column where the nesting
    /// first goes deeper than the limit, or nil.
    mutating func scan(_ line: [Unicode.Scalar]) -> Int? {
        guard !continuesBlockScalar(line) else { return nil }
        var cursor = Cursor()
        if case let .stop(column) = start(line, &cursor) { return column }
        tokens: while cursor.index < line.count {
            switch step(line, &cursor) {
            case .next: continue
            case .comment: break tokens
            case let .stop(column): return column
            }
        }
        endLine(cursor)
        return nil
    }

    /// Whether `line` belongs to the block scalar (`|`, `>`) a line before started; a line
    /// indented less than its content ends it.
    private mutating func continuesBlockScalar(_ line: [Unicode.Scalar]) -> Bool {
        guard let scalar = blockScalar else { return false }
        let indent = Self.indentation(of: line)
        if line.allSatisfy(Self.isBlank) {
            if scalar.indent == nil { blockScalar?.blankSpaces = max(scalar.blankSpaces, indent) }
            return true
        }
        let contentIndent = scalar.indent ?? max(indent, scalar.blankSpaces, scalar.base + 1, 1)
        if indent >= contentIndent {
            blockScalar?.indent = contentIndent
            return true
        }
        blockScalar = nil
        return false
    }

    /// Where the tokens of `line` start: after the end of a quoted scalar the line before left
    /// open, inside a flow collection, or after a block line's indentation and indicators.
    private mutating func start(_ line: [Unicode.Scalar], _ cursor: inout Cursor) -> Step {
        if let open = quote {
            guard let end = Self.closingQuote(open, in: line, from: 0) else { return .stop(nil) }
            quote = nil
            cursor.index = end + 1
            cursor.endNode()
        } else if flowDepth > 0 {
            cursor.atStart = flowAtStart
        } else {
            return startBlockLine(line, &cursor)
        }
        return .next
    }

    /// A line outside any flow collection: a comment, a document marker or directive, a plain
    /// scalar going on, or a line whose indentation closes block collections and whose `- ` and
    /// `? ` open new ones.
    private mutating func startBlockLine(_ line: [Unicode.Scalar], _ cursor: inout Cursor) -> Step {
        let indent = Self.indentation(of: line)
        if line.allSatisfy(Self.isBlank) { return .stop(nil) }
        if line[indent] == "#" {
            plainOpen = false  // a comment ends a plain scalar
            return .stop(nil)
        }
        if indent == 0, Self.isDocumentMarker(line) {
            blocks.removeAll()
            left()
            plainOpen = false
            cursor.index = 3
        } else if indent == 0, line[0] == "%" {
            return .stop(nil)
        } else if plainOpen, indent > blockColumn {
            // A plain scalar going on: quotes and brackets here are its text.
            cursor.atStart = false
            cursor.index = indent
        } else {
            plainOpen = false
            closeBlocks(at: indent, in: line)
            cursor.index = indent
            if let column = openIndicatedBlocks(line, from: &cursor.index) { return .stop(column) }
            cursor.keyColumn = cursor.index
        }
        return .next
    }

    /// Closes the block collections a line at `indent` leaves: those indented more, and a
    /// sequence at its column when the line is not its next `- ` entry.
    private mutating func closeBlocks(at indent: Int, in line: [Unicode.Scalar]) {
        while let last = blocks.last,
              last.column > indent || (last.column == indent && last.kind == .sequence && line[indent] != "-") {
            blocks.removeLast()
        }
        left()
    }

    /// `- ` and `? ` open a collection at their column; several may follow each other. Moves
    /// `index` past them; returns the column where the nesting goes deeper than the limit.
    private mutating func openIndicatedBlocks(_ line: [Unicode.Scalar], from index: inout Int) -> Int? {
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
        return nil
    }

    /// Scans the token at `cursor.index` and moves past it.
    private mutating func step(_ line: [Unicode.Scalar], _ cursor: inout Cursor) -> Step {
        let scalar = line[cursor.index]
        if Self.isBlank(scalar) {
            cursor.index += 1
            return .next
        }
        if scalar == "#", cursor.atStart || cursor.index == 0 || Self.isBlank(line[cursor.index - 1]) { return .comment }
        if cursor.atStart, scalar == "\"" || scalar == "'" { return quotedScalar(scalar, in: line, &cursor) }
        if scalar == "[" || scalar == "{", cursor.atStart || flowDepth > 0 { return openFlow(&cursor) }
        if flowDepth > 0, scalar == "]" || scalar == "}" {
            closeFlow(&cursor)
            return .next
        }
        if flowDepth > 0, scalar == "," {
            cursor.index += 1
            cursor.expectNode()
            return .next
        }
        if scalar == ":", let step = mappingValue(line, &cursor) { return step }
        if cursor.atStart, scalar == "&" || scalar == "!" || scalar == "*" { return nodeProperty(scalar, in: line, &cursor) }
        if cursor.atStart, flowDepth == 0, scalar == "|" || scalar == ">" {
            startBlockScalar(line, at: cursor.index)
            return .stop(nil)
        }
        if cursor.atStart, Self.isIndicator(line, at: cursor.index) {
            cursor.index += 1  // where YAML allows no indicator, the parser reports an error
            return .next
        }
        plainText(&cursor)
        return .next
    }

    /// A quoted scalar: to its closing quote, or on to a later line.
    private mutating func quotedScalar(_ open: Unicode.Scalar, in line: [Unicode.Scalar], _ cursor: inout Cursor) -> Step {
        guard let end = Self.closingQuote(open, in: line, from: cursor.index + 1) else {
            quote = open
            if flowDepth > 0 { finishScalar() }
            plainOpen = false
            flowAtStart = false
            return .stop(nil)
        }
        cursor.index = end + 1
        cursor.endNode()
        if flowDepth > 0 { finishScalar() }
        return .next
    }

    /// A `[` or `{`: a level deeper.
    private mutating func openFlow(_ cursor: inout Cursor) -> Step {
        flowDepth += 1
        entered()
        if depth > limit { return .stop(cursor.index + 1) }
        cursor.index += 1
        cursor.expectNode()
        return .next
    }

    /// A `]` or `}`.
    private mutating func closeFlow(_ cursor: inout Cursor) {
        flowDepth -= 1
        left()
        cursor.index += 1
        cursor.endNode()
    }

    /// A `:` where a mapping's value follows: in a block, the key on this line starts a block
    /// mapping at its column. Nil when the colon is plain text.
    private mutating func mappingValue(_ line: [Unicode.Scalar], _ cursor: inout Cursor) -> Step? {
        let next: Unicode.Scalar? = cursor.index + 1 < line.count ? line[cursor.index + 1] : nil
        let endsPlain = next.map { Self.isBlank($0) || (flowDepth > 0 && Self.isFlowIndicator($0)) } ?? true
        guard endsPlain || (flowDepth > 0 && (cursor.atStart || cursor.afterNode)) else { return nil }
        if flowDepth == 0, let column = cursor.keyColumn, column > blockColumn, let overflow = push(column, .mapping) {
            return .stop(overflow)
        }
        cursor.keyColumn = nil
        cursor.index += 1
        cursor.expectNode()
        return .next
    }

    /// An anchor or a tag: the node follows it. An alias: a copy of the anchored node, as many
    /// levels deep as it, where the alias stands.
    private mutating func nodeProperty(_ indicator: Unicode.Scalar, in line: [Unicode.Scalar], _ cursor: inout Cursor) -> Step {
        let start = cursor.index + 1
        while cursor.index < line.count, !Self.isBlank(line[cursor.index]),
              !(flowDepth > 0 && Self.isFlowIndicator(line[cursor.index])) {
            cursor.index += 1
        }
        let name = String(String.UnicodeScalarView(line[start..<cursor.index]))
        if indicator == "&" {
            openAnchors.append(Anchor(name: name, depth: depth, deepest: depth))
        } else if indicator == "*" {
            let open = openAnchors.last(where: { $0.name == name }).map { $0.deepest - $0.depth }
            let reach = depth + (anchorHeights[name] ?? open ?? 0)
            if reach > limit { return .stop(start) }
            finishScalar(reaching: reach)
            cursor.endNode()
        }
        return .next
    }

    /// A `|` or `>`: the lines after it, indented more, are text.
    private mutating func startBlockScalar(_ line: [Unicode.Scalar], at index: Int) {
        blockScalar = (blockColumn, Self.explicitIndent(line, from: index + 1).map { max(blockColumn, 0) + $0 }, 0)
        plainOpen = false
    }

    /// Anything else is plain text (or an alias), up to `: `, ` #` or, in a flow, an indicator.
    /// In a block, a scalar may turn out to be a mapping's key at its `: `: the mapping is then
    /// the anchored node, so anchors wait for the next collection or for their level to end.
    private mutating func plainText(_ cursor: inout Cursor) {
        if cursor.atStart, flowDepth > 0 { finishScalar() }
        cursor.plainText()
        cursor.index += 1
    }

    /// What the next line inherits: in a flow, whether a node starts; in a block, an open plain scalar.
    private mutating func endLine(_ cursor: Cursor) {
        if flowDepth > 0 {
            flowAtStart = cursor.atStart
            plainOpen = false
        } else {
            plainOpen = cursor.inPlain
            flowAtStart = true
        }
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
