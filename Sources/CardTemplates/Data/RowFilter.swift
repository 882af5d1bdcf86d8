import CardRenderSupport
import Foundation
import SpecFiles

/// A condition a row must meet to become a card: `col == v`, `col != v`, `col in [a, b]`, or
/// `col` alone (the value is not empty). Values may be quoted ('a b' or "a b"); values and cells
/// are compared as text after trimming spaces.
public struct RowFilter: Sendable, Equatable, CustomStringConvertible {
    /// What the column's value must be.
    public enum Condition: Sendable, Equatable {
        /// `col == value`: exactly this text.
        case equals(String)
        /// `col != value`: anything but this text.
        case notEquals(String)
        /// `col in [a, b]`: one of these texts.
        case isOneOf([String])
        /// `col` alone: any text but the empty one.
        case isNotEmpty
    }

    /// The column the filter reads.
    public var column: String
    /// What its value must be.
    public var condition: Condition
    /// The filter as written.
    public var text: String
    /// Where it was written (nil for one given on the command line).
    public var location: SpecLocation?

    /// The filter as written.
    public var description: String { text }

    static let usage = "use `col == value`, `col != value`, `col in [a, b]` or `col` (not empty)"

    /// Parses a filter; `location` is where it was written, for messages.
    public init(parsing text: String, at location: SpecLocation? = nil) throws(SpecError) {
        self.text = text
        self.location = location
        let trimmed = text.trimmingSpaces
        func fail() -> SpecError { SpecError("cannot read the filter \"\(text)\"; \(Self.usage)", at: location) }
        if let range = trimmed.range(of: "==") ?? trimmed.range(of: "!=") {
            let isEquals = trimmed[range] == "=="
            column = trimmed[..<range.lowerBound].trimmingSpaces
            let value = Self.unquote(String(trimmed[range.upperBound...]))
            condition = isEquals ? .equals(value) : .notEquals(value)
        } else if let range = trimmed.range(of: #"\s+in\s*\["#, options: .regularExpression), trimmed.hasSuffix("]") {
            column = trimmed[..<range.lowerBound].trimmingSpaces
            let inner = trimmed[range.upperBound..<trimmed.index(before: trimmed.endIndex)]
            condition = .isOneOf(inner.split(separator: ",").map { Self.unquote(String($0)) })
        } else {
            column = trimmed
            condition = .isNotEmpty
        }
        guard !column.isEmpty, !column.contains(where: { $0.isWhitespace || "=![]".contains($0) }) else { throw fail() }
    }

    static func unquote(_ text: String) -> String {
        let trimmed = text.trimmingSpaces
        for quote in ["\"", "'"] where trimmed.count >= 2 && trimmed.hasPrefix(quote) && trimmed.hasSuffix(quote) {
            return String(trimmed.dropFirst().dropLast())
        }
        return trimmed
    }

    /// Refuses a column the data does not have, with the nearest one.
    func check(columns: [String]) throws(SpecError) {
        guard !columns.contains(column) else { return }
        let hint = NearestName.hint(for: column, among: columns)
        let valid = hint.isEmpty && !columns.isEmpty ? " (columns: \(columns.joined(separator: ", ")))" : ""
        let prefix = location == nil ? "--where \"\(text)\": " : ""
        throw SpecError("\(prefix)the filter names the column \"\(column)\", which the data does not have\(hint)\(valid)", at: location)
    }

    /// Whether `row` meets the condition (a column the row leaves out is empty).
    public func matches(_ row: DataRow) -> Bool {
        let value = (row.values[column] ?? "").trimmingSpaces
        switch condition {
        case let .equals(expected): return value == expected
        case let .notEquals(expected): return value != expected
        case let .isOneOf(options): return options.contains(value)
        case .isNotEmpty: return !value.isEmpty
        }
    }
}
