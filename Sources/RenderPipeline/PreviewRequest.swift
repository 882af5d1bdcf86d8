import CardRenderSupport
import Foundation

/// `cardrender preview`: a template's cards served to a browser on this machine, drawn again
/// when a file they are made from is saved. A value the command line fills; a program can
/// decode one from JSON or YAML as well.
public struct PreviewRequest: Sendable, Equatable, Codable {
    /// The card template, YAML or JSON.
    public var template: String
    /// CSV, TSV, JSON or YAML rows; nil for the template's own `data:`.
    public var data: String?
    /// A template drawn once as the back, shown by the page's front/back switch.
    public var back: String?
    /// Folders besides the template's that image paths made from data may lead into.
    public var allowedFolders: [String] = []
    /// The address to listen on: loopback unless another is asked for.
    public var host = PreviewRequest.loopback
    /// The port; 0 takes a free one (printed when the server is listening).
    public var port = 0
    /// Pixels per inch of the images the page shows.
    public var dpi = PreviewRequest.defaultDPI

    /// The executable that serves a preview, beside `cardrender`.
    public static let executableName = "cardrender-preview"

    /// The only address the server listens on unless `host` names another.
    public static let loopback = "127.0.0.1"
    /// The page's images are for the screen: half the 300 of print files draws them in about a
    /// quarter of the time, and the zoomed card is still sharp at print size on a 2x display.
    public static let defaultDPI = 150.0
    /// The resolutions the page's images may have.
    public static let dpiRange = 36.0...300.0

    /// A request for the cards of `template`.
    public init(template: String, data: String? = nil, back: String? = nil, allowedFolders: [String] = [],
                host: String = PreviewRequest.loopback, port: Int = 0, dpi: Double = PreviewRequest.defaultDPI) {
        self.template = template
        self.data = data
        self.back = back
        self.allowedFolders = allowedFolders
        self.host = host
        self.port = port
        self.dpi = dpi
    }

    // Encodable is synthesised from these keys: `cardrender preview` hands the request to the
    // `cardrender-preview` executable as JSON that `init(from:)` reads back.
    enum CodingKeys: String, CodingKey {
        case template, data, back, allowedFolders = "allow-dir", host, port, dpi
    }

    /// Reads a request from a spec's keys (`template`, `data`, `back`, `allow-dir`, `host`, `port`, `dpi`).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        template = try container.decode(String.self, forKey: .template)
        data = try container.decodeIfPresent(String.self, forKey: .data)
        back = try container.decodeIfPresent(String.self, forKey: .back)
        allowedFolders = try container.decodeIfPresent([String].self, forKey: .allowedFolders) ?? []
        host = try container.decodeIfPresent(String.self, forKey: .host) ?? Self.loopback
        port = try container.decodeIfPresent(Int.self, forKey: .port) ?? 0
        dpi = try container.decodeIfPresent(Double.self, forKey: .dpi) ?? Self.defaultDPI
    }

    /// The cards request the preview renders: PNG at the page's resolution.
    public var cards: CardsRequest {
        CardsRequest(template: template, data: data, formats: [.png], dpi: dpi, back: back, allowedFolders: allowedFolders)
    }

    /// Checks what can be checked before listening: one line naming the option at fault.
    public func validate() throws(PreviewError) {
        guard (0...65_535).contains(port) else { throw PreviewError("--port must be from 0 to 65535, got \(port)") }
        guard dpi.isFinite, Self.dpiRange.contains(dpi) else {
            throw PreviewError("--dpi must be from \(Int(Self.dpiRange.lowerBound)) to \(Int(Self.dpiRange.upperBound)), "
                               + "got \(String(format: "%g", dpi))")
        }
        guard Self.isIPv4Address(host) else {
            throw PreviewError("--host must be an IPv4 address such as 127.0.0.1 or 0.0.0.0, got \"\(host)\"")
        }
        do { try cards.validate(as: .commandLine) } catch { throw PreviewError(error.description) }
    }

    static func isIPv4Address(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy { part in
            !part.isEmpty && part.count <= 3 && part.allSatisfy(\.isASCII) && Int(part).map { (0...255).contains($0) } == true
        }
    }
}

/// What stops a preview from starting: one line.
public struct PreviewError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The message, one line.
    public var description: String
    /// An error with `description` as its message.
    public init(_ description: String) { self.description = description }
}
