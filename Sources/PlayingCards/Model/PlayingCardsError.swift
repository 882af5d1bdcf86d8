import CardRenderSupport
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
            NearestName.unknown("theme", text, among: CardTheme.names)
        case .unknownBackDesign(let text):
            NearestName.unknown("back design", text, among: BackDesign.allCases.map(\.rawValue))
        case .invalidSize(let detail), .invalidResolution(let detail), .invalidColor(let detail),
             .faceImages(let detail), .tooLarge(let detail):
            detail
        case .missingRenderedFile(let path):
            "deck.json needs \(path), which was not rendered"
        }
    }

    public var errorDescription: String? { description }
}
