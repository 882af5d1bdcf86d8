internal import CCairo
internal import CPango
import BundledFonts
import Foundation
import Synchronization

/// A private FontConfig configuration holding only the bundled fonts and the files a
/// `FontLibrary` names: the system configuration is never loaded, so a family that is not
/// in these files cannot be found by accident. Built once per file list and shared by the
/// per-thread Pango font maps (FontConfig is thread-safe for lookups; Pango font maps are not).
final class FontConfigFonts: @unchecked Sendable {
    let config: OpaquePointer
    /// Every family name the files declare, sorted and without duplicates.
    let families: [String]

    private init(config: OpaquePointer, families: [String]) {
        self.config = config
        self.families = families
    }

    deinit { FcConfigDestroy(config) }

    /// Which font files a configuration holds besides the files a library names.
    struct Key {
        var extraFiles: [String]
        /// The bundled fallback files (CJK, Arabic, Hebrew, Thai, Devanagari, emoji) it holds
        /// besides DejaVu, in the order of `BundledFonts.fallbackFileNames`.
        var fallbackFiles: [String]
        /// Only this bundled file (no extra files, no fallback): for a `Font` of that file whose
        /// text the file covers, which the full list would draw with that file alone.
        var onlyBundledFile: String? = nil

        init(extraFiles: [String], fallbackFiles: [String], onlyBundledFile: String? = nil) {
            self.extraFiles = extraFiles
            self.fallbackFiles = fallbackFiles
            self.onlyBundledFile = onlyBundledFile
        }

        /// With every fallback file when `withFallback`, else none.
        init(extraFiles: [String], withFallback: Bool, onlyBundledFile: String? = nil) {
            self.init(extraFiles: extraFiles, fallbackFiles: withFallback ? BundledFonts.fallbackFileNames : [],
                      onlyBundledFile: onlyBundledFile)
        }

        /// Whether it holds every fallback file.
        var withFallback: Bool { fallbackFiles == BundledFonts.fallbackFileNames }

        /// The key of the process's dictionaries: a `String`, whose `Hashable` conformance Swift's
        /// runtime has found already. The first dictionary keyed by a type of our own has the
        /// runtime search every conformance in the binary, half a million instructions each.
        var id: String {
            if let onlyBundledFile { return "=" + onlyBundledFile }
            return extraFiles.map { $0 + "\u{0}" }.joined() + "+" + fallbackFiles.joined(separator: "+")
        }

        /// The key of a thread's font map or line cache for these fonts.
        func id(onThread thread: pthread_t) -> String { String(UInt(bitPattern: Int(bitPattern: UInt(thread)))) + "\u{0}" + id }
    }

    private static let cache = Mutex<[String: FontConfigFonts]>([:])

    /// Makes an empty configuration FontConfig's current one, before the first Pango font map.
    /// Each new Pango font map has FontConfig load its default configuration (`FcInit`: the
    /// machine's fonts.conf, its includes and font caches) and waits for that before its first
    /// match, although ours only use the configurations built here. With a current configuration
    /// in place `FcInit` does nothing: a one-card run costs about a sixth fewer instructions, and
    /// nothing of the machine's font set-up is read (a broken fonts.conf printed its errors).
    static func leaveSystemConfigurationUnread() { _ = emptyCurrentConfiguration }

    /// Kept for the process, as FontConfig keeps its current configuration.
    private static let emptyCurrentConfiguration: Void = {
        guard let empty = FcConfigCreate() else { return }
        FcConfigSetCurrent(empty)
    }()

    /// The configuration for the bundled DejaVu fonts, the fallback fonts when `withFallback`,
    /// plus `extraFiles` (absolute paths), built on first use. Scanning the fallback files (the
    /// CJK font's character map above all) costs start-up time, so a text that DejaVu and the
    /// named files cover never asks for them.
    static func fonts(extraFiles: [String], withFallback: Bool = false) throws(DrawingError) -> FontConfigFonts {
        try fonts(Key(extraFiles: extraFiles, withFallback: withFallback))
    }

    /// The configuration `key` names, built on first use.
    static func fonts(_ fontsKey: Key) throws(DrawingError) -> FontConfigFonts {
        let key = fontsKey.id
        if let fonts = cache.withLock({ $0[key] }) { return fonts }
        let built = try build(fontsKey)
        return cache.withLock { cache in
            if let existing = cache[key] { return existing }
            cache[key] = built
            return built
        }
    }

    /// Whether the configuration for `extraFiles` (with the fallback fonts when `withFallback`)
    /// has been built in this process: what shows that a text did not load the fallback fonts.
    static func isBuilt(extraFiles: [String], withFallback: Bool) -> Bool {
        isBuilt(Key(extraFiles: extraFiles, withFallback: withFallback))
    }

    /// Whether the configuration `key` names has been built in this process.
    static func isBuilt(_ key: Key) -> Bool {
        cache.withLock { $0[key.id] != nil }
    }

    /// The fallback files of each configuration built so far for `extraFiles`, in no set order:
    /// which fallback fonts the texts laid out with that list have loaded.
    static func fallbackFilesBuilt(extraFiles: [String]) -> [[String]] {
        let prefix = extraFiles.map { $0 + "\u{0}" }.joined() + "+"
        return cache.withLock { cache in
            cache.keys.filter { $0.hasPrefix(prefix) && !$0.hasPrefix("=") }.map { key in
                key.dropFirst(prefix.count).split(separator: "+").map(String.init)
            }
        }
    }

    /// Whether every character of `text`, drawn or not, is in one of this configuration's fonts.
    func coversEveryCharacter(of text: String) -> Bool {
        let charsets = characterSets()
        return text.unicodeScalars.allSatisfy { scalar in charsets.contains { FcCharSetHasChar($0, scalar.value) != 0 } }
    }

    /// Whether every character of `text` that needs a glyph is in one of this configuration's
    /// fonts (FontConfig's character sets, read when the files were scanned).
    func covers(_ text: String) -> Bool {
        let charsets = characterSets()
        return text.unicodeScalars.allSatisfy { scalar in
            !FontConfigFonts.needsGlyph(scalar) || charsets.contains { FcCharSetHasChar($0, scalar.value) != 0 }
        }
    }

    /// The characters of `text` that need a glyph and are in none of this configuration's
    /// fonts, each once, in text order.
    func uncovered(_ text: String) -> [Unicode.Scalar] {
        let charsets = characterSets()
        var seen = Set<Unicode.Scalar>()
        return text.unicodeScalars.filter { scalar in
            FontConfigFonts.needsGlyph(scalar) && !charsets.contains { FcCharSetHasChar($0, scalar.value) != 0 }
                && seen.insert(scalar).inserted
        }
    }

    private func characterSets() -> [OpaquePointer] {
        fontPatterns.compactMap { pattern in
            var charset: OpaquePointer?
            guard FcPatternGetCharSet(pattern, FC_CHARSET, 0, &charset) == FcResultMatch else { return nil }
            return charset
        }
    }

    /// Controls, separators, default-ignorable characters and the inline-icon placeholder U+FFFC
    /// are not drawn from a font.
    private static func needsGlyph(_ scalar: Unicode.Scalar) -> Bool {
        if scalar == "\u{FFFC}" || scalar.properties.isDefaultIgnorableCodePoint || scalar.properties.isWhitespace { return false }
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator: return false
        default: return true
        }
    }

    /// A configuration like `fonts(extraFiles:withFallback:)`'s that scans the bundled files
    /// instead of reading their stored patterns, not cached: what the stored patterns must equal.
    static func scanningBundledFiles(extraFiles: [String], withFallback: Bool) throws(DrawingError) -> FontConfigFonts {
        try build(Key(extraFiles: extraFiles, withFallback: withFallback), scanningBundledFiles: true)
    }

    private static func build(_ key: Key, scanningBundledFiles: Bool = false) throws(DrawingError) -> FontConfigFonts {
        leaveSystemConfigurationUnread()
        let extraFiles = key.onlyBundledFile == nil ? key.extraFiles : []
        let names = key.onlyBundledFile.map { [$0] }
            ?? BundledFonts.primaryFileNames + key.fallbackFiles
        var paths: [String] = []
        for name in names {
            do {
                paths.append(try BundledFonts.url(for: name).path)
            } catch {
                throw .fontMissing(error.description)
            }
        }
        guard let config = FcConfigCreate() else { throw .outOfMemory("creating a font configuration") }
        let fonts = FontConfigFonts(config: config, families: [])
        let loaded = syntheticStyles.withCString { xml in
            xml.withMemoryRebound(to: FcChar8.self, capacity: syntheticStyles.utf8.count + 1) {
                FcConfigParseAndLoadFromMemory(config, $0, 0)
            }
        }
        guard loaded != 0 else { throw .font("FontConfig rejected the synthetic style rules") }
        // The bundled fonts' patterns as stored go into the (otherwise empty) system set, which
        // Pango searches before the application set, so the order of the fonts is the files' order.
        var scanned = extraFiles
        if !scanningBundledFiles, let patterns = BundledFontPatterns.patterns(for: names, at: paths) {
            guard FcConfigBuildFonts(config) != 0, let system = FcConfigGetFonts(config, FcSetSystem) else {
                patterns.forEach { FcPatternDestroy($0) }
                throw .outOfMemory("making a font set")
            }
            for (index, pattern) in patterns.enumerated() where FcFontSetAdd(system, pattern) == 0 {
                patterns[index...].forEach { FcPatternDestroy($0) }
                throw .outOfMemory("adding a font to a font set")
            }
        } else {
            scanned = paths + extraFiles
        }
        for path in scanned {
            guard FileManager.default.fileExists(atPath: path) else { throw .fontMissing("font file \(path) not found") }
            let before = fonts.fontPatterns.count
            // A file FontConfig cannot scan adds no font, whatever the call returns.
            guard FcConfigAppFontAddFile(config, path) != 0, fonts.fontPatterns.count > before else {
                throw .font("\(path) is not a font file FontConfig can read")
            }
        }
        FcConfigReference(config)
        return FontConfigFonts(config: config, families: fonts.familyNames())
    }

    /// FontConfig's own rules from `90-synthetic.conf`, the only configuration loaded: a slanted
    /// roman for italic text in a family without an italic (DejaVu Serif), emboldening for bold
    /// text in a family without a bold. Then the colour emoji rules: a colour font keeps the size
    /// asked for (a bitmap font's scan says its strike's 109 px, which Pango would lay out and
    /// Cairo draw at, whatever the text's size) and its bitmaps, which emboldening would blank;
    /// and Pango's `emoji` family, asked for emoji runs, is Noto Color Emoji, then Symbola.
    private static let syntheticStyles = """
        <?xml version="1.0"?>
        <fontconfig>
          <match target="font">
            <test name="slant"><const>roman</const></test>
            <test target="pattern" name="slant" compare="not_eq"><const>roman</const></test>
            <edit name="matrix" mode="assign">
              <times><name>matrix</name><matrix><double>1</double><double>0.2</double><double>0</double><double>1</double></matrix></times>
            </edit>
            <edit name="slant" mode="assign"><const>oblique</const></edit>
            <edit name="embeddedbitmap" mode="assign"><bool>false</bool></edit>
          </match>
          <match target="font">
            <test name="weight" compare="less_eq"><const>medium</const></test>
            <test target="pattern" name="weight" compare="more_eq"><const>bold</const></test>
            <edit name="embolden" mode="assign"><bool>true</bool></edit>
            <edit name="weight" mode="assign"><const>bold</const></edit>
          </match>
          <match target="font">
            <test name="color"><bool>true</bool></test>
            <edit name="pixelsize" mode="assign"><name target="pattern">pixelsize</name></edit>
            <edit name="embeddedbitmap" mode="assign"><bool>true</bool></edit>
            <edit name="embolden" mode="assign"><bool>false</bool></edit>
          </match>
          <alias binding="same">
            <family>emoji</family>
            <prefer><family>Noto Color Emoji</family><family>Symbola</family></prefer>
          </alias>
        </fontconfig>
        """

    /// The file FontConfig picks to draw `character` in text asking for `family`: the first font
    /// of its sorted list for the family that has the character, as Pango takes fallback fonts.
    func fileDrawing(_ character: Unicode.Scalar, family: String) -> String? {
        guard let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        _ = FcPatternAddString(pattern, FC_FAMILY, family)
        _ = FcPatternAddString(pattern, FC_LANG, "en")
        _ = FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultMatch
        guard let sorted = FcFontSort(config, pattern, 0, nil, &result) else { return nil }
        defer { FcFontSetDestroy(sorted) }
        guard let fonts = sorted.pointee.fonts else { return nil }
        for index in 0..<Int(sorted.pointee.nfont) {
            var charset: OpaquePointer?
            var file: UnsafeMutablePointer<FcChar8>?
            guard let font = fonts[index], FcPatternGetCharSet(font, FC_CHARSET, 0, &charset) == FcResultMatch,
                  let charset, FcCharSetHasChar(charset, character.value) != 0,
                  FcPatternGetString(font, FC_FILE, 0, &file) == FcResultMatch, let file else { continue }
            return URL(fileURLWithPath: String(cString: UnsafeRawPointer(file).assumingMemoryBound(to: CChar.self)))
                .lastPathComponent
        }
        return nil
    }

    /// How many characters the character map of the font from the file named `name` holds.
    func characterCount(ofFile name: String) -> Int? {
        characterSet(ofFile: name).map { Int(FcCharSetCount($0)) }
    }

    /// Whether the character map of the font from the file named `name` has `character`.
    func file(_ name: String, has character: UInt32) -> Bool {
        characterSet(ofFile: name).map { FcCharSetHasChar($0, character) != 0 } ?? false
    }

    private func characterSet(ofFile name: String) -> OpaquePointer? {
        for pattern in fontPatterns {
            var file: UnsafeMutablePointer<FcChar8>?
            var charset: OpaquePointer?
            guard FcPatternGetString(pattern, FC_FILE, 0, &file) == FcResultMatch, let file,
                  URL(fileURLWithPath: String(cString: UnsafeRawPointer(file).assumingMemoryBound(to: CChar.self)))
                      .lastPathComponent == name,
                  FcPatternGetCharSet(pattern, FC_CHARSET, 0, &charset) == FcResultMatch else { continue }
            return charset
        }
        return nil
    }

    /// Whether the bundled fonts came from `BundledFontPatterns` (the system set) rather than a scan.
    var bundledFontsFromStoredPatterns: Bool {
        guard let set = FcConfigGetFonts(config, FcSetSystem) else { return false }
        return set.pointee.nfont > 0
    }

    /// The configuration's fonts: the system set (the bundled fonts) and the application set
    /// (scanned files), in the order Pango sees them.
    var fontPatterns: [OpaquePointer] {
        [FcSetSystem, FcSetApplication].flatMap { which -> [OpaquePointer] in
            guard let set = FcConfigGetFonts(config, which), let fonts = set.pointee.fonts else { return [] }
            return (0..<Int(set.pointee.nfont)).compactMap { fonts[$0] }
        }
    }

    private func familyNames() -> [String] {
        Array(Set(fontPatterns.flatMap(Self.familyNames(of:)))).sorted()
    }

    private static func familyNames(of pattern: OpaquePointer) -> [String] {
        var names: [String] = []
        var value: UnsafeMutablePointer<FcChar8>?
        while FcPatternGetString(pattern, FC_FAMILY, Int32(names.count), &value) == FcResultMatch, let value {
            names.append(String(cString: UnsafeRawPointer(value).assumingMemoryBound(to: CChar.self)))
        }
        return names
    }

    /// The character maps of each family's faces, one list per family of `families`.
    func familyCharacterSets() -> FamilyCharacterSets {
        let named = fontPatterns.map { (families: Self.familyNames(of: $0), pattern: $0) }
        return FamilyCharacterSets(sets: families.map { family in
            named.compactMap { face in
                var charset: OpaquePointer?
                guard face.families.contains(family),
                      FcPatternGetCharSet(face.pattern, FC_CHARSET, 0, &charset) == FcResultMatch else { return nil }
                return charset
            }
        })
    }

    /// The character maps of a configuration's families, valid while the configuration lives.
    struct FamilyCharacterSets {
        fileprivate let sets: [[OpaquePointer]]

        /// Whether a face of every family has `scalar`: then a text asking for any of these
        /// families takes it from a face of that family, which FontConfig ranks before every other font.
        func everyFamilyHas(_ scalar: Unicode.Scalar) -> Bool {
            sets.allSatisfy { charsets in charsets.contains { FcCharSetHasChar($0, scalar.value) != 0 } }
        }
    }
}

/// One Pango font map per thread and font list: Pango font maps are not thread-safe, and
/// layouts are made and drawn synchronously on the thread that asks. Maps are kept for the
/// process, keyed by the thread's `pthread_t`: a thread that starts after another has ended
/// usually gets its id and so its map, so there are about as many maps as threads alive at once.
/// They are never finalized, because finalizing a Pango font map leaves fontconfig patterns and
/// cairo font faces it cached behind, unreachable (LeakSanitizer reports them).
final class PangoFontMap: @unchecked Sendable {
    let raw: UnsafeMutablePointer<CPango.PangoFontMap>
    let fonts: FontConfigFonts

    private init(raw: UnsafeMutablePointer<CPango.PangoFontMap>, fonts: FontConfigFonts) {
        self.raw = raw
        self.fonts = fonts
    }

    private static let maps = Mutex<[String: PangoFontMap]>([:])

    /// This thread's font map for the bundled fonts (with the fallback fonts when `withFallback`)
    /// plus `extraFiles`, made the thread's default Pango font map so that anything laying text
    /// out with Pango's default map on this thread (SVG text drawn by librsvg) sees only these fonts.
    static func forCurrentThread(extraFiles: [String], withFallback: Bool = false) throws(DrawingError) -> PangoFontMap {
        try forCurrentThread(FontConfigFonts.Key(extraFiles: extraFiles, withFallback: withFallback))
    }

    /// This thread's font map for the configuration `fontsKey` names. A map of one bundled file
    /// is not made the default: SVG text must still find every bundled font.
    static func forCurrentThread(_ fontsKey: FontConfigFonts.Key) throws(DrawingError) -> PangoFontMap {
        LibraryLog.install()
        CairoGlyphCache.freezeForProcess()
        let key = fontsKey.id(onThread: pthread_self())
        let map: PangoFontMap
        if let existing = maps.withLock({ $0[key] }) {
            map = existing
        } else {
            FontConfigFonts.leaveSystemConfigurationUnread()
            let fonts = try FontConfigFonts.fonts(fontsKey)
            guard let raw = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT) else {
                throw .font("Pango cannot make a FreeType font map")
            }
            pango_fc_font_map_set_config(OpaquePointer(raw), fonts.config)
            map = PangoFontMap(raw: raw, fonts: fonts)
            maps.withLock { $0[key] = map }
        }
        if fontsKey.onlyBundledFile == nil { pango_cairo_font_map_set_default(OpaquePointer(map.raw)) }
        return map
    }
}

/// Entry points for other Drawing code that lays text out with Pango.
enum PangoFonts {
    /// Makes the bundled fonts' restricted font map this thread's default Pango font map. Call it
    /// before handing drawing to a library that uses Pango's default map (librsvg's SVG `<text>`),
    /// so it never sees a system font.
    static func prepareThread() throws(DrawingError) {
        _ = try PangoFontMap.forCurrentThread(extraFiles: [])
    }
}

extension PangoFonts {
    /// The families this thread's default Pango font map offers, sorted: what a library laying
    /// text out with the default map would find.
    static func defaultFontMapFamilies() -> [String] {
        FontConfigFonts.leaveSystemConfigurationUnread()
        guard let map = pango_cairo_font_map_get_default() else { return [] }
        var families: UnsafeMutablePointer<UnsafeMutablePointer<CPango.PangoFontFamily>?>?
        var count: Int32 = 0
        pango_font_map_list_families(map, &families, &count)
        defer { g_free(families) }
        guard let families else { return [] }
        return (0..<Int(count)).compactMap { index in
            families[index].flatMap { pango_font_family_get_name($0) }.map { String(cString: $0) }
        }.sorted()
    }
}
