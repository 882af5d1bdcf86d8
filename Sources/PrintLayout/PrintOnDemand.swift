import Foundation

/// The upload size a print-on-demand service asks for one card: the trim, and the canvas (trim plus
/// bleed) at 300 dpi. Each figure names its source; the sources are listed in docs/sources.md under
/// "Print-on-demand card templates".
public struct PrintOnDemandSize: Sendable, Hashable, CustomStringConvertible {
    /// A short name for help text: `poker`, `bridge`, `poker-63x88mm`, `poker-mpc`.
    public var name: String
    /// The services whose templates give this size.
    public var services: [String]
    /// Where the card is cut, in points.
    public var trim: CGSize
    /// The whole image, trim and bleed, in points.
    public var canvas: CGSize
    /// The resolution the services ask for.
    public var dotsPerInch: CGFloat

    /// A size from its trim and canvas in points; 300 dpi unless the services ask for another.
    public init(name: String, services: [String], trim: CGSize, canvas: CGSize, dotsPerInch: CGFloat = 300) {
        self.name = name
        self.services = services
        self.trim = trim
        self.canvas = canvas
        self.dotsPerInch = dotsPerInch
    }

    /// A size given as trim and canvas lengths (width, height), at 300 dpi.
    init(_ name: String, _ services: [String], trim: (Length, Length), canvas: (Length, Length)) {
        self.init(name: name, services: services, trim: CGSize(width: trim.0.points, height: trim.1.points),
                  canvas: CGSize(width: canvas.0.points, height: canvas.1.points))
    }

    /// The bleed on the left and right (`width`) and top and bottom (`height`) of the trim, in points.
    public var bleed: CGSize {
        CGSize(width: (canvas.width - trim.width) / 2, height: (canvas.height - trim.height) / 2)
    }

    /// The canvas in whole pixels at ``dotsPerInch``.
    public var pixelSize: (width: Int, height: Int) {
        (Self.pixels(canvas.width, dotsPerInch), Self.pixels(canvas.height, dotsPerInch))
    }

    /// The trim in pixels at ``dotsPerInch``, not rounded (a 63 mm trim is 744.09 px).
    public var trimPixels: CGSize {
        CGSize(width: trim.width / 72 * dotsPerInch, height: trim.height / 72 * dotsPerInch)
    }

    static func pixels(_ points: CGFloat, _ dotsPerInch: CGFloat) -> Int {
        Int((points / 72 * dotsPerInch).rounded())
    }

    /// Poker, 2.5 × 3.5 in, with 1/8 in bleed: 2.75 × 3.75 in, 825 × 1125 px at 300 dpi
    /// (The Game Crafter's poker card; DriveThruCards' one-card-per-page poker PDF).
    public static let pokerWithBleed = PrintOnDemandSize(
        "poker", ["The Game Crafter", "DriveThruCards"],
        trim: (Length.inches(2.5), Length.inches(3.5)), canvas: (Length.inches(2.75), Length.inches(3.75))
    )

    /// Bridge, 2.25 × 3.5 in, with 1/8 in bleed: 2.5 × 3.75 in, 750 × 1125 px at 300 dpi
    /// (The Game Crafter's bridge card).
    public static let bridgeWithBleed = PrintOnDemandSize(
        "bridge", ["The Game Crafter"],
        trim: (Length.inches(2.25), Length.inches(3.5)), canvas: (Length.inches(2.5), Length.inches(3.75))
    )

    /// 63 × 88 mm (the size sold as "euro poker"), on the same 2.75 × 3.75 in, 825 × 1125 px canvas as
    /// poker: The Game Crafter's euro poker template, whose bleed is therefore uneven (about 0.135 in
    /// across, 0.145 in up and down).
    public static let poker63x88WithBleed = PrintOnDemandSize(
        "poker-63x88mm", ["The Game Crafter"],
        trim: (Length.millimetres(63), Length.millimetres(88)), canvas: (Length.inches(2.75), Length.inches(3.75))
    )

    /// Poker, 2.5 × 3.5 in, with MakePlayingCards' bleed of 36 px at 300 dpi (0.12 in) a side:
    /// 822 × 1122 px.
    public static let pokerMakePlayingCards = PrintOnDemandSize(
        "poker-mpc", ["MakePlayingCards"],
        trim: (Length.inches(2.5), Length.inches(3.5)), canvas: (Length.inches(2.5 + 2 * 0.12), Length.inches(3.5 + 2 * 0.12))
    )

    /// Every size `print --print-on-demand` knows, in the order its help lists them.
    public static let all: [PrintOnDemandSize] = [.pokerWithBleed, .bridgeWithBleed, .poker63x88WithBleed, .pokerMakePlayingCards]

    /// `poker: 825×1125 px at 300 dpi (The Game Crafter, DriveThruCards)`.
    public var description: String {
        let (width, height) = pixelSize
        return "\(name): \(width)×\(height) px at \(Length.format(dotsPerInch)) dpi (\(services.joined(separator: ", ")))"
    }
}

/// One page of a single-card-per-page print-on-demand PDF.
public struct PrintOnDemandPage: Sendable, Hashable {
    /// Which face of the card the page holds.
    public enum Side: String, Sendable, Hashable {
        /// The card's back.
        case back
        /// The card's face.
        case front
    }

    /// The card, counted from zero in deck order.
    public var card: Int
    /// Front or back: a duplex file alternates them.
    public var side: Side
}

extension PrintOnDemandPage {
    /// The page order DriveThruCards asks for in a one-card-per-page PDF: each card's back, then its
    /// front — back, front, back, front…
    public static func backThenFront(cardCount: Int) -> [PrintOnDemandPage] {
        (0..<max(cardCount, 0)).flatMap { card in
            [PrintOnDemandPage(card: card, side: .back), PrintOnDemandPage(card: card, side: .front)]
        }
    }
}
