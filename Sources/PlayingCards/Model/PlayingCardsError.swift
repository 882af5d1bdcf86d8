import Drawing
import Foundation

/// Everything that can be wrong with a card request, each with a one-line message for the user.
public enum PlayingCardsError: Error, Sendable, Equatable, CustomStringConvertible, LocalizedError {
    case unknownCard(String)
    case unknownTheme(String)
    case unknownBackDesign(String)
    case invalidSize(String)
    case invalidResolution(String)
    case invalidColor(String)
    case faceImages(String)
    case tooLarge(String)
    case missingRenderedFile(String)

    public var description: String {
        switch self {
        case .unknownCard(let text):
            "unknown card \"\(text)\"; use \(CardName.acceptedForms)"
        case .unknownTheme(let text):
            "unknown theme \"\(text)\"\(Self.hint(text, CardTheme.names)); use one of: \(CardTheme.names.joined(separator: ", "))"
        case .unknownBackDesign(let text):
            "unknown back design \"\(text)\"\(Self.hint(text, BackDesign.allCases.map(\.rawValue))); "
                + "use one of: \(BackDesign.allCases.map(\.rawValue).joined(separator: ", "))"
        case .invalidSize(let detail), .invalidResolution(let detail), .invalidColor(let detail),
             .faceImages(let detail), .tooLarge(let detail):
            detail
        case .missingRenderedFile(let path):
            "deck.json needs \(path), which was not rendered"
        }
    }

    public var errorDescription: String? { description }

    static func hint(_ typed: String, _ candidates: [String]) -> String {
        NearestName.suggestion(for: typed, among: candidates).map { " (did you mean \($0)?)" } ?? ""
    }
}
