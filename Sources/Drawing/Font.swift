import Foundation

/// A font loaded from a file in the project's `Fonts/` folder (never looked up by family name
/// on the machine), at a size in points.
public struct Font: Sendable, Hashable {
    public enum Weight: String, Sendable, CaseIterable {
        case regular, bold

        /// The file in `Fonts/` (copied there from Debian's fonts-dejavu-core by `make deps`).
        public var fileName: String {
            switch self {
            case .regular: return "DejaVuSans.ttf"
            case .bold: return "DejaVuSans-Bold.ttf"
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
        let url = try FontDirectory.locate(weight.fileName)
        try self.init(fileAt: url.path, size: size)
    }

    /// A font from any TrueType/OpenType file.
    public init(fileAt path: String, size: CGFloat) throws(DrawingError) {
        guard size.isFinite, size > 0 else { throw .font("font size must be a positive number, got \(size)") }
        guard FileManager.default.fileExists(atPath: path) else {
            throw .fontMissing(file: path, searched: [path])
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

/// Finds the project's `Fonts/` folder: `$CARDRENDER_FONTS`, then `./Fonts`, then a `Fonts/`
/// beside or above the running executable, then the source checkout this module was built from.
public enum FontDirectory {
    public static func candidates() -> [URL] {
        var result: [URL] = []
        if let env = ProcessInfo.processInfo.environment["CARDRENDER_FONTS"], !env.isEmpty {
            result.append(URL(fileURLWithPath: env, isDirectory: true))
        }
        result.append(URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("Fonts"))
        var dir = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath()
            .deletingLastPathComponent()
        for _ in 0..<6 {
            result.append(dir.appendingPathComponent("Fonts"))
            dir.deleteLastPathComponent()
        }
        // Sources/Drawing/Font.swift -> repository root.
        let sourceRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        result.append(sourceRoot.appendingPathComponent("Fonts"))
        var seen = Set<String>()
        return result.filter { seen.insert($0.standardizedFileURL.path).inserted }
    }

    public static func locate(_ fileName: String) throws(DrawingError) -> URL {
        let dirs = candidates()
        for dir in dirs {
            let url = dir.appendingPathComponent(fileName)
            if FileManager.default.fileExists(atPath: url.path) { return url }
        }
        throw .fontMissing(file: "Fonts/\(fileName)", searched: dirs.map { $0.standardizedFileURL.path })
    }
}
