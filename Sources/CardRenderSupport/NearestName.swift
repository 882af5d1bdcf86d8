import FoundationEssentials

/// "Did you mean …?" for ids, scenario names, strategies and spec keys.
public enum NearestName {
    /// Edit distance counting insertions, deletions, substitutions and swaps of two neighbouring
    /// characters (optimal string alignment), case-insensitive: "theem" is one edit from "theme".
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a.lowercased()), b = Array(b.lowercased())
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var beforePrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], beforePrevious[j - 2] + 1)
                }
            }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[b.count]
    }

    /// The candidate closest to `name`, or nil when none is close enough to be a typo: the only
    /// candidate that starts with what was typed, or else one at most half the typed length (and
    /// at least 2) edits away. Ties go to the shorter candidate, then alphabetical order, so the
    /// answer never depends on the input order.
    public static func suggestion(for name: String, among candidates: [String]) -> String? {
        let typed = name.trimmingSpaces()
        guard !typed.isEmpty else { return nil }
        let extensions = candidates.filter { $0.lowercased().hasPrefix(typed.lowercased()) && $0.count > typed.count }
        if extensions.count == 1 { return extensions[0] }
        let limit = max(2, (typed.count + 1) / 2)
        let ranked = candidates
            .map { (candidate: $0, distance: editDistance(typed, $0)) }
            .filter { $0.distance <= limit }
            .sorted {
                ($0.distance, $0.candidate.count, $0.candidate) < ($1.distance, $1.candidate.count, $1.candidate)
            }
        return ranked.first?.candidate
    }

    /// `; did you mean "theme"?` when a candidate is close to `name` (see `suggestion(for:among:)`),
    /// else "": the one wording every "unknown …" error appends.
    public static func hint(for name: String, among candidates: [String]) -> String {
        hint(suggesting: suggestion(for: name, among: candidates))
    }

    /// The same wording for a suggestion already found, "" for nil.
    public static func hint(suggesting suggestion: String?) -> String {
        suggestion.map { "; did you mean \"\($0)\"?" } ?? ""
    }

    /// `unknown theme "fourcolor"; did you mean "four-color"? (valid themes: classic, four-color)`, for
    /// names a user cannot guess: every valid one listed, after the nearest when it is close.
    public static func unknown(_ kind: String, _ name: String, suggestion: String?, valid: [String]) -> String {
        let list = "valid \(plural(kind)): \(valid.joined(separator: ", "))"
        guard suggestion != nil else { return "unknown \(kind) \"\(name)\"; \(list)" }
        return "unknown \(kind) \"\(name)\"\(hint(suggesting: suggestion)) (\(list))"
    }

    /// `strategies`, `devices`.
    static func plural(_ kind: String) -> String {
        guard kind.hasSuffix("y"), let before = kind.dropLast().last, !"aeiou".contains(before) else { return kind + "s" }
        return kind.dropLast() + "ies"
    }

    /// The same, finding the suggestion among `valid`.
    public static func unknown(_ kind: String, _ name: String, among valid: [String]) -> String {
        unknown(kind, name, suggestion: suggestion(for: name, among: valid), valid: valid)
    }
}
