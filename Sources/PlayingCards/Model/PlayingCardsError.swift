import CardRenderSupport
import Drawing
import Foundation

/// Everything that can be wrong with a card request, each with a one-line message for the user.
public enum PlayingCardsError: Error, Sendable, Equatable, CustomStringConvertible, LocalizedError {
    /// Text that names no card.
    case unknownCard(String)
    /// A theme name that is not built in.
    case unknownTheme(String)
    /// A back design name that does not exist.
    case unknownBackDesign(String)
    /// A card size that cannot be read or is out of range.
    case invalidSize(String)
    /// A scale or dpi the card commands do not accept.
    case invalidResolution(String)
    /// A colour override that cannot be read.
    case invalidColor(String)
    /// A face-image folder or file that cannot be used.
    case faceImages(String)
    /// A picture over the pixel limits.
    case tooLarge(String)
    /// A planned file missing from the rendered files when the manifest is made.
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
