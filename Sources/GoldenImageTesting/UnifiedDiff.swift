/// A line diff of two texts in unified format (`@@ -3,7 +3,6 @@`, then ` `, `-` and `+` lines),
/// found with Myers' shortest edit script.
struct UnifiedDiff: Sendable, Hashable {
    /// One line of a hunk.
    enum Line: Sendable, Hashable {
        case context(String)
        case removed(String)
        case added(String)

        var rendered: String {
            switch self {
            case let .context(text): return " " + text
            case let .removed(text): return "-" + text
            case let .added(text): return "+" + text
            }
        }
    }

    /// Changed lines with their context; line numbers count from 1.
    struct Hunk: Sendable, Hashable {
        var expectedStart: Int
        var expectedCount: Int
        var actualStart: Int
        var actualCount: Int
        var lines: [Line]

        /// `@@ -3,7 +3,6 @@`; a count of 1 is left out, as diff(1) does.
        var header: String {
            func range(_ start: Int, _ count: Int) -> String { count == 1 ? "\(start)" : "\(start),\(count)" }
            return "@@ -\(range(expectedStart, expectedCount)) +\(range(actualStart, actualCount)) @@"
        }
    }

    /// How many diff lines a failure message shows; the artifact keeps them all.
    static let messageLineLimit = 60
    /// Beyond this many edits the changed middle is shown as removed whole, then added whole,
    /// which keeps time and memory bounded on texts that have little in common.
    static let editLimit = 2_000

    let hunks: [Hunk]
    let removedCount: Int
    let addedCount: Int

    /// Lines are split at "\n" only, so the diff is lossless: a missing final newline shows as a
    /// removed or added empty last line.
    init(expected: String, actual: String, contextLines: Int = 3) {
        let old = expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let new = actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let edits = Self.editScript(old, new)
        removedCount = edits.count { if case .removed = $0 { true } else { false } }
        addedCount = edits.count { if case .added = $0 { true } else { false } }
        hunks = Self.hunks(of: edits, contextLines: max(0, contextLines))
    }

    /// "2 lines removed, 1 added".
    var summary: String {
        func lines(_ count: Int) -> String { count == 1 ? "1 line" : "\(count) lines" }
        switch (removedCount, addedCount) {
        case (0, let added): return "\(lines(added)) added"
        case (let removed, 0): return "\(lines(removed)) removed"
        case let (removed, added): return "\(lines(removed)) removed, \(added) added"
        }
    }

    /// The hunks as text, after `--- expected` / `+++ actual` headers when given; past `lineLimit`
    /// lines the rest is counted in one last line.
    func text(headers: (expected: String, actual: String)? = nil, lineLimit: Int = .max) -> String {
        var output: [String] = []
        if let headers { output += ["--- " + headers.expected, "+++ " + headers.actual] }
        for hunk in hunks {
            output.append(hunk.header)
            output += hunk.lines.map(\.rendered)
        }
        if output.count > lineLimit {
            let hidden = output.count - lineLimit
            output = Array(output.prefix(lineLimit)) + ["… \(hidden) more diff line\(hidden == 1 ? "" : "s")"]
        }
        return output.joined(separator: "\n")
    }

    // MARK: - Edit script

    enum Edit: Hashable {
        case same(String)
        case removed(String)
        case added(String)
    }

    /// The common prefix and suffix are kept aside; Myers' greedy algorithm finds a shortest
    /// edit script for the middle.
    static func editScript(_ old: [String], _ new: [String], editLimit: Int = editLimit) -> [Edit] {
        var prefix = 0
        while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < new.count - prefix,
              old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
        let oldMiddle = Array(old[prefix..<(old.count - suffix)])
        let newMiddle = Array(new[prefix..<(new.count - suffix)])
        let middle = myers(oldMiddle, newMiddle, editLimit: editLimit)
            ?? oldMiddle.map(Edit.removed) + newMiddle.map(Edit.added)
        return old[..<prefix].map(Edit.same) + middle + old[(old.count - suffix)...].map(Edit.same)
    }

    /// Nil when the texts need more than `editLimit` edits.
    private static func myers(_ old: [String], _ new: [String], editLimit: Int) -> [Edit]? {
        let n = old.count, m = new.count
        let maxEdits = min(n + m, editLimit)
        let offset = maxEdits + 1
        // frontier[k + offset]: the furthest x reached on diagonal k = x - y.
        var frontier = [Int](repeating: 0, count: 2 * maxEdits + 3)
        // history[d]: the frontier before step d, diagonals -d-1...d+1 (what backtracking reads).
        var history: [[Int]] = []
        for d in 0...maxEdits {
            history.append(Array(frontier[(offset - d - 1)...(offset + d + 1)]))
            for k in stride(from: -d, through: d, by: 2) {
                let down = k == -d || (k != d && frontier[offset + k - 1] < frontier[offset + k + 1])
                var x = down ? frontier[offset + k + 1] : frontier[offset + k - 1] + 1
                var y = x - k
                while x < n, y < m, old[x] == new[y] {
                    x += 1
                    y += 1
                }
                frontier[offset + k] = x
                if x >= n, y >= m { return backtrack(history, old, new) }
            }
        }
        return nil
    }

    private static func backtrack(_ history: [[Int]], _ old: [String], _ new: [String]) -> [Edit] {
        var edits: [Edit] = []
        var x = old.count, y = new.count
        for d in stride(from: history.count - 1, through: 0, by: -1) {
            let saved = history[d]
            func reached(_ k: Int) -> Int { saved[k + d + 1] }
            let k = x - y
            let down = k == -d || (k != d && reached(k - 1) < reached(k + 1))
            let previousK = down ? k + 1 : k - 1
            let previousX = reached(previousK)
            let previousY = previousX - previousK
            while x > previousX, y > previousY {
                edits.append(.same(old[x - 1]))
                x -= 1
                y -= 1
            }
            if d > 0 {
                edits.append(x == previousX ? .added(new[y - 1]) : .removed(old[x - 1]))
            }
            x = previousX
            y = previousY
        }
        return edits.reversed()
    }

    // MARK: - Hunks

    /// Groups changes with `contextLines` around them; changes closer than twice that share a hunk.
    static func hunks(of edits: [Edit], contextLines: Int) -> [Hunk] {
        let changes = edits.indices.filter { if case .same = edits[$0] { false } else { true } }
        guard let first = changes.first else { return [] }
        // Ranges of edit indices, each one hunk.
        var ranges: [ClosedRange<Int>] = []
        var start = max(0, first - contextLines), end = min(edits.count - 1, first + contextLines)
        for change in changes.dropFirst() {
            if change - contextLines <= end + 1 {
                end = min(edits.count - 1, change + contextLines)
            } else {
                ranges.append(start...end)
                start = change - contextLines
                end = min(edits.count - 1, change + contextLines)
            }
        }
        ranges.append(start...end)

        // Line positions before each edit index.
        var oldBefore = [Int](repeating: 0, count: edits.count + 1)
        var newBefore = [Int](repeating: 0, count: edits.count + 1)
        for (index, edit) in edits.enumerated() {
            oldBefore[index + 1] = oldBefore[index] + (edit.isAdded ? 0 : 1)
            newBefore[index + 1] = newBefore[index] + (edit.isRemoved ? 0 : 1)
        }
        return ranges.map { range in
            let oldCount = oldBefore[range.upperBound + 1] - oldBefore[range.lowerBound]
            let newCount = newBefore[range.upperBound + 1] - newBefore[range.lowerBound]
            // diff(1) numbers an empty side by the line before it.
            return Hunk(expectedStart: oldBefore[range.lowerBound] + (oldCount == 0 ? 0 : 1), expectedCount: oldCount,
                        actualStart: newBefore[range.lowerBound] + (newCount == 0 ? 0 : 1), actualCount: newCount,
                        lines: edits[range].map(\.line))
        }
    }
}

extension UnifiedDiff.Edit {
    var isAdded: Bool { if case .added = self { true } else { false } }
    var isRemoved: Bool { if case .removed = self { true } else { false } }

    var line: UnifiedDiff.Line {
        switch self {
        case let .same(text): return .context(text)
        case let .removed(text): return .removed(text)
        case let .added(text): return .added(text)
        }
    }
}
