import BundledFonts
import Foundation

/// A font loaded from a file: one the package ships (`BundledFonts`, found through its resource bundle)
/// or one a user names by path; never looked up by family name on the machine. Size in points.
public struct Font: Sendable, Hashable {
    public enum Weight: String, Sendable, CaseIterable {
        case regular, bold

        /// The shipped font file (`Fonts/` in the package, a SwiftPM resource).
        public var fileName: String {
            switch self {
            case .regular: return BundledFonts.regular
            case .bold: return BundledFonts.bold
            }
        }
    }

    /// The face loaded when the font was made; rendering threads use their own copy (`face`).
    private let loaded: LoadedFontFace
    public let size: CGFloat
    public var path: String { loaded.path }

    /// This thread's face for the file: Cairo serialises all drawing with one font face, so
    /// threads drawing text at the same time each get their own.
    var face: LoadedFontFace { FontLoader.threadFace(atPath: loaded.path) ?? loaded }

    public init(_ weight: Weight = .regular, size: CGFloat) throws(DrawingError) {
        let url: URL
        do {
            url = try BundledFonts.url(for: weight.fileName)
        } catch {
            throw .fontMissing(error.description)
        }
        try self.init(fileAt: url.path, size: size)
    }

    /// A font from any TrueType/OpenType file.
    public init(fileAt path: String, size: CGFloat) throws(DrawingError) {
        guard size.isFinite, size > 0 else { throw .font("font size must be a positive number, got \(size)") }
        guard FileManager.default.fileExists(atPath: path) else {
            throw .fontMissing("font file \(path) not found")
        }
        loaded = try FontLoader.face(atPath: path)
        self.size = size
    }

    private init(loaded: LoadedFontFace, size: CGFloat) {
        self.loaded = loaded
        self.size = size
    }

    public func withSize(_ size: CGFloat) -> Font { Font(loaded: loaded, size: size) }

    /// Distance from the baseline to the top of the line box.
    public var ascent: CGFloat { face.measure("", size: size).ascent }
    /// Distance from the baseline to the bottom of the line box.
    public var descent: CGFloat { face.measure("", size: size).descent }
    /// Height of one line.
    public var lineHeight: CGFloat { let m = face.measure("", size: size); return m.ascent + m.descent }

    /// Advance width of a single line of text.
    public func width(of text: String) -> CGFloat { face.measure(text, size: size).width }

    /// The ink bounds of one line of text relative to its baseline origin (y up is negative).
    public func inkBounds(of text: String) -> CGRect { face.inkBounds(text, size: size) }

    public static func == (lhs: Font, rhs: Font) -> Bool { lhs.path == rhs.path && lhs.size == rhs.size }
    public func hash(into hasher: inout Hasher) { hasher.combine(path); hasher.combine(size) }
}
