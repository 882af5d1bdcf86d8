import Foundation

/// Everything that can be wrong with a print request, each with a one-line message for the user.
public enum PrintLayoutError: Error, Sendable, Equatable, CustomStringConvertible, LocalizedError {
    /// The text is not a number followed by a unit.
    case notALength(String)
    /// A number with a unit this module does not know (or none at all).
    case unknownUnit(String)
    /// A length below zero.
    case negativeLength(String)
    /// Infinity or NaN.
    case notFiniteLength(String)
    /// A length over ``Length/largestAccepted``: no paper, margin or bleed is that big.
    case absurdLength(String)
    /// Neither a named paper nor `WxH` with units.
    case unknownPaper(String)
    /// A card size that is zero, negative or not finite.
    case invalidCardSize(String)
    /// The card's trim does not fit on the paper in either orientation, even with no margins.
    case paperSmallerThanCard(String)
    /// Margins and bleed leave no room for a single card.
    case nothingFits(String)
    /// A gutter wider than the paper itself.
    case gutterTooLarge(String)

    public var description: String {
        switch self {
        case .notALength(let text):
            "invalid length \"\(text)\"; use a number and a unit, e.g. 3mm, 0.125in, 1/8in or 9pt"
        case .unknownUnit(let text):
            "unknown unit in \"\(text)\"; use one of: \(Length.Unit.allCases.map(\.rawValue).joined(separator: ", "))"
        case .negativeLength(let text):
            "length \"\(text)\" is negative; use zero or more"
        case .notFiniteLength(let text):
            "length \"\(text)\" is not a finite number"
        case .absurdLength(let text):
            "length \"\(text)\" is over the limit of \(Length.largestAccepted)"
        case .unknownPaper(let text):
            "unknown paper \"\(text)\"; use one of: \(Paper.named.map(\.name).joined(separator: ", ")) or WIDTHxHEIGHT with a unit, e.g. 210x297mm or 8.5x11in"
        case .invalidCardSize(let detail), .paperSmallerThanCard(let detail), .nothingFits(let detail),
             .gutterTooLarge(let detail):
            detail
        }
    }

    public var errorDescription: String? { description }
}
