internal import CPango
import BundledFonts
import Foundation
import Synchronization

/// FontConfig's patterns for the bundled font files (family, style, weight, languages, character
/// map, …), read from `FontPatterns.txt` instead of scanning the files: a scan has FreeType walk
/// every file's character map and FontConfig check it against its language table, which was most
/// of the start-up cost of a run that draws text. The file holds what a scan gives, written by
/// `encoded(fileNames:)` (`CARDRENDER_RECORD=all swift test --filter BundledFontPatternsTests`), and
/// a test checks each pattern read from it against a scan of the file. Each line is
/// `file<TAB>pattern<TAB>languages<TAB>character map`: the pattern as `FcNameUnparse` writes it
/// without file, languages and character map; the languages `|`-separated, or `=file` for an
/// earlier line's; the character map as hexadecimal ranges, or `=file` for an earlier line's
/// followed by the ranges added and, after `-`, removed (the DejaVu styles differ in a few hundred
/// characters of their five thousand). `!` is an element the pattern lacks.
enum BundledFontPatterns {
    /// The patterns for `fileNames` at `paths`, each a new pattern the caller owns (it hands
    /// them to a font set); nil if any is not in `FontPatterns.txt` or FontConfig cannot read it
    /// back, and the files are then scanned.
    static func patterns(for fileNames: [String], at paths: [String]) -> [OpaquePointer]? {
        guard let entries = entries, fileNames.count == paths.count else { return nil }
        return decoded.withLock { cache -> [OpaquePointer]? in
            var made: [OpaquePointer] = []
            for (name, path) in zip(fileNames, paths) {
                guard let pattern = decode(name, path: path, from: entries, cache: &cache),
                      let copy = FcPatternDuplicate(pattern.raw) else {
                    made.forEach { FcPatternDestroy($0) }
                    return nil
                }
                made.append(copy)
            }
            return made
        }
    }

    /// The characters the bundled file `name` has, read from its line of `FontPatterns.txt`
    /// without making a FontConfig pattern: what chooses the fallback files a text needs, so a
    /// file's character map is decoded only when the file is loaded. Nil if the file has no line.
    static func coverage(ofFile name: String) -> CharacterCoverage? {
        if let known = coverages.withLock({ $0[name] }) { return known }
        guard let entries, let entry = entries[name] else { return nil }
        var field = entry.characters
        var characters = CharacterCoverage(ranges: [])
        if field.first == absent {
            field = []
        } else if field.first == equals {
            let end = field.firstIndex(of: space) ?? field.endIndex
            guard let base = coverage(ofFile: String(decoding: field[(field.startIndex + 1)..<end], as: UTF8.self)) else {
                return nil
            }
            characters = base
            field = field[end...]
        }
        guard let (added, removed) = CharacterRanges.addedAndRemoved(in: field) else { return nil }
        characters = characters.adding(added).removing(removed)
        coverages.withLock { $0[name] = characters }
        return characters
    }

    private static let coverages = Mutex<[String: CharacterCoverage]>([:])

    /// Gives back a pattern from `patterns(for:at:)` that no font set took.
    static func release(_ pattern: OpaquePointer) { FcPatternDestroy(pattern) }

    /// The text of `FontPatterns.txt` for `fileNames` (bundled file names), from a scan of each.
    static func encoded(fileNames: [String]) throws(DrawingError) -> String {
        var lines = header
        var earlier: [(name: String, languages: String, characters: [UInt32])] = []
        for name in fileNames {
            let path: String
            do { path = try BundledFonts.url(for: name).path } catch { throw .fontMissing(error.description) }
            for scanned in try scannedPatterns(ofFileAt: path) {
                defer { FcPatternDestroy(scanned) }
                let languages = unparsed(scanned, only: FC_LANG)
                let characters = unparsed(scanned, only: FC_CHARSET).map(CharacterRanges.characters(in:))
                guard let rest = FcPatternDuplicate(scanned) else { throw .outOfMemory("copying a font pattern") }
                defer { FcPatternDestroy(rest) }
                for object in [FC_FILE, FC_LANG, FC_CHARSET] { _ = FcPatternDel(rest, object) }
                let languagesField = languages.map { languages in
                    earlier.first { $0.languages == languages }.map { "=" + $0.name } ?? languages
                } ?? "!"
                let charactersField = characters.map { characters in
                    CharacterRanges.field(for: characters, bases: earlier.map { ($0.name, $0.characters) })
                } ?? "!"
                lines.append([name, unparsed(rest), languagesField, charactersField].joined(separator: "\t"))
                earlier.append((name, languages ?? "", characters ?? []))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The names of `fileNames` whose pattern from `FontPatterns.txt` differs from a scan of the file.
    static func differingFromScan(_ fileNames: [String]) throws(DrawingError) -> [String] {
        var paths: [String] = []
        for name in fileNames {
            do { paths.append(try BundledFonts.url(for: name).path) } catch { throw .fontMissing(error.description) }
        }
        guard let stored = patterns(for: fileNames, at: paths) else { return fileNames }
        defer { stored.forEach { FcPatternDestroy($0) } }
        var differing: [String] = []
        for (index, name) in fileNames.enumerated() {
            let scanned = try scannedPatterns(ofFileAt: paths[index])
            defer { scanned.forEach { FcPatternDestroy($0) } }
            if scanned.count != 1 || FcPatternEqual(scanned[0], stored[index]) == 0 { differing.append(name) }
        }
        return differing
    }

    private static let header = [
        "# FontConfig's patterns for the bundled fonts, as a scan of each file gives them; read instead of scanning.",
        "# Remade by `CARDRENDER_RECORD=all swift test --filter BundledFontPatternsTests`, which checks them against a scan.",
        "# file<TAB>pattern<TAB>languages (or =file)<TAB>character map (hex ranges, or =file then +ranges -ranges)",
    ]

    /// What a FontConfig scan of the file gives: one pattern per face, each owned by the caller.
    static func scannedPatterns(ofFileAt path: String) throws(DrawingError) -> [OpaquePointer] {
        FontConfigFonts.leaveSystemConfigurationUnread()
        guard let config = FcConfigCreate() else { throw .outOfMemory("creating a font configuration") }
        defer { FcConfigDestroy(config) }
        guard FcConfigAppFontAddFile(config, path) != 0, let set = FcConfigGetFonts(config, FcSetApplication),
              let fonts = set.pointee.fonts else { throw .font("\(path) is not a font file FontConfig can read") }
        return (0..<Int(set.pointee.nfont)).compactMap { fonts[$0].flatMap { FcPatternDuplicate($0) } }
    }

    /// One line of `FontPatterns.txt`, its fields as UTF-8 bytes (read as bytes: splitting a
    /// `String` of this size by characters costs more than the scan it replaces).
    private struct Entry {
        var pattern: ArraySlice<UInt8>
        var languages: ArraySlice<UInt8>
        var characters: ArraySlice<UInt8>
    }

    /// A pattern read from the file, kept for the process: every configuration copies it.
    private final class Decoded: @unchecked Sendable {
        let raw: OpaquePointer
        init(_ raw: OpaquePointer) { self.raw = raw }
    }

    private static let decoded = Mutex<[String: Decoded]>([:])

    private static let tab = UInt8(ascii: "\t"), space = UInt8(ascii: " "), minus = UInt8(ascii: "-"),
                       equals = UInt8(ascii: "="), absent = UInt8(ascii: "!")

    /// `FontPatterns.txt` by file name; nil if the file is missing or unreadable. Lines and
    /// fields are found with `memchr`: the file is 50 kB, most of it the CJK font's map.
    private static let entries: [String: Entry]? = {
        guard let url = try? BundledFonts.url(for: BundledFonts.patternsFileName),
              let data = try? Data(contentsOf: url) else { return nil }
        let bytes = data.withUnsafeBytes { Array($0.bindMemory(to: UInt8.self)) }
        return bytes.withUnsafeBufferPointer { buffer -> [String: Entry]? in
            guard let base = buffer.baseAddress else { return nil }
            func next(_ byte: UInt8, from start: Int, before end: Int) -> Int {
                guard start < end, let found = memchr(base + start, Int32(byte), end - start) else { return end }
                return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            }
            var entries: [String: Entry] = [:]
            var start = 0
            while start < buffer.count {
                let end = next(UInt8(ascii: "\n"), from: start, before: buffer.count)
                defer { start = end + 1 }
                if end == start || buffer[start] == UInt8(ascii: "#") { continue }
                var fields: [ArraySlice<UInt8>] = []
                var fieldStart = start
                while fields.count < 3 {
                    let tab = next(tab, from: fieldStart, before: end)
                    guard tab < end else { return nil }
                    fields.append(bytes[fieldStart..<tab])
                    fieldStart = tab + 1
                }
                guard next(tab, from: fieldStart, before: end) == end else { return nil }
                entries[String(decoding: fields[0], as: UTF8.self)] = Entry(pattern: fields[1], languages: fields[2],
                                                                            characters: bytes[fieldStart..<end])
            }
            return entries
        }
    }()

    private static func decode(_ name: String, path: String, from entries: [String: Entry],
                               cache: inout [String: Decoded]) -> Decoded? {
        if let done = cache[name] { return done }
        guard let entry = entries[name], let pattern = parse(entry.pattern) else { return nil }
        guard FcPatternAddString(pattern, FC_FILE, path) != 0,
              addLanguages(entry.languages, to: pattern, entries: entries, cache: &cache),
              addCharacters(entry.characters, to: pattern, entries: entries, cache: &cache) else {
            FcPatternDestroy(pattern)
            return nil
        }
        let made = Decoded(pattern)
        cache[name] = made
        return made
    }

    /// The base of a `=file` field: an earlier line, read with the same path scheme (its file
    /// sits beside this one in the bundle).
    private static func base(_ field: ArraySlice<UInt8>, entries: [String: Entry],
                             cache: inout [String: Decoded]) -> Decoded? {
        let name = String(decoding: field.dropFirst(), as: UTF8.self)
        if let done = cache[name] { return done }
        guard let path = try? BundledFonts.url(for: name).path else { return nil }
        return decode(name, path: path, from: entries, cache: &cache)
    }

    private static func addLanguages(_ field: ArraySlice<UInt8>, to pattern: OpaquePointer, entries: [String: Entry],
                                      cache: inout [String: Decoded]) -> Bool {
        if field.first == absent { return true }
        var holder: OpaquePointer?
        defer { if let holder { FcPatternDestroy(holder) } }
        if field.first == equals {
            guard let base = base(field, entries: entries, cache: &cache) else { return false }
            holder = FcPatternDuplicate(base.raw)
        } else {
            holder = parse(Array(":lang=".utf8)[...] + field)
        }
        var languages: OpaquePointer?
        guard let holder, FcPatternGetLangSet(holder, FC_LANG, 0, &languages) == FcResultMatch, let languages else { return false }
        return FcPatternAddLangSet(pattern, FC_LANG, languages) != 0
    }

    private static func addCharacters(_ field: ArraySlice<UInt8>, to pattern: OpaquePointer, entries: [String: Entry],
                                      cache: inout [String: Decoded]) -> Bool {
        if field.first == absent { return true }
        guard let kept = FcCharSetCreate(), let removed = FcCharSetCreate() else { return false }
        defer { FcCharSetDestroy(kept); FcCharSetDestroy(removed) }
        var rest = field
        if field.first == equals {
            let end = field.firstIndex(of: space) ?? field.endIndex
            var baseCharset: OpaquePointer?
            guard let base = base(field[..<end], entries: entries, cache: &cache),
                  FcPatternGetCharSet(base.raw, FC_CHARSET, 0, &baseCharset) == FcResultMatch, let baseCharset,
                  FcCharSetMerge(kept, baseCharset, nil) != 0 else { return false }
            rest = field[end...]
        }
        guard let (added, removedRanges) = CharacterRanges.addedAndRemoved(in: rest) else { return false }
        for range in added {
            for character in range where FcCharSetAddChar(kept, character) == 0 { return false }
        }
        for range in removedRanges {
            for character in range where FcCharSetAddChar(removed, character) == 0 { return false }
        }
        // Subtracting leaves out the pages it empties, as a scan's map has none (deleting
        // characters one by one would keep them, and the maps would not compare equal).
        guard let charset = FcCharSetSubtract(kept, removed) else { return false }
        defer { FcCharSetDestroy(charset) }
        return FcPatternAddCharSet(pattern, FC_CHARSET, charset) != 0
    }

    private static func parse(_ bytes: ArraySlice<UInt8>) -> OpaquePointer? {
        (bytes + [0]).withUnsafeBufferPointer { FcNameParse($0.baseAddress) }
    }

    /// `pattern` as `FcNameUnparse` writes it.
    private static func unparsed(_ pattern: OpaquePointer) -> String {
        guard let text = FcNameUnparse(pattern) else { return "" }
        defer { FcStrFree(text) }
        return String(cString: UnsafeRawPointer(text).assumingMemoryBound(to: CChar.self))
    }

    /// The value of `object` in `pattern` as `FcNameUnparse` writes it; nil if the pattern has none.
    private static func unparsed(_ pattern: OpaquePointer, only object: String) -> String? {
        guard let objects = FcObjectSetCreate() else { return nil }
        defer { FcObjectSetDestroy(objects) }
        guard FcObjectSetAdd(objects, object) != 0, let single = FcPatternFilter(pattern, objects) else { return nil }
        defer { FcPatternDestroy(single) }
        let text = unparsed(single)
        let prefix = ":" + object + "="
        return text.hasPrefix(prefix) ? String(text.dropFirst(prefix.count)) : nil
    }
}

/// Character maps as FontConfig writes them (`20-7e a0-2e9 …`, hexadecimal).
enum CharacterRanges {
    /// `20-7e` or `a0` as a range; nil if it is neither.
    static func range(_ token: ArraySlice<UInt8>) -> ClosedRange<UInt32>? {
        guard let dash = token.firstIndex(of: UInt8(ascii: "-")) else {
            return hexadecimal(token).map { $0...$0 }
        }
        guard let low = hexadecimal(token[..<dash]), let high = hexadecimal(token[(dash + 1)...]), low <= high else { return nil }
        return low...high
    }

    /// The ranges of a character-map field (`20-7e a0 -f000-f003`, no `=file`), those after `-`
    /// apart; nil if a token is not a range. Read byte by byte: the CJK font's field is 31 kB.
    static func addedAndRemoved(in field: ArraySlice<UInt8>)
        -> (added: [ClosedRange<UInt32>], removed: [ClosedRange<UInt32>])? {
        var added: [ClosedRange<UInt32>] = [], removed: [ClosedRange<UInt32>] = []
        let read = field.withUnsafeBufferPointer { bytes -> Bool in
            var index = 0
            func number() -> UInt32? {
                var value: UInt32 = 0, digits = 0
                while index < bytes.count, digits <= 8 {
                    let byte = bytes[index]
                    switch byte {
                    case UInt8(ascii: "0")...UInt8(ascii: "9"): value = value << 4 | UInt32(byte - UInt8(ascii: "0"))
                    case UInt8(ascii: "a")...UInt8(ascii: "f"): value = value << 4 | UInt32(byte - UInt8(ascii: "a") + 10)
                    default: return digits > 0 ? value : nil
                    }
                    digits += 1
                    index += 1
                }
                return digits > 0 && digits <= 8 ? value : nil
            }
            while index < bytes.count {
                if bytes[index] == UInt8(ascii: " ") { index += 1; continue }
                let removing = bytes[index] == UInt8(ascii: "-")
                if removing { index += 1 }
                guard let low = number() else { return false }
                var high = low
                if index < bytes.count, bytes[index] == UInt8(ascii: "-") {
                    index += 1
                    guard let end = number() else { return false }
                    high = end
                }
                guard low <= high, index == bytes.count || bytes[index] == UInt8(ascii: " ") else { return false }
                if removing { removed.append(low...high) } else { added.append(low...high) }
            }
            return true
        }
        return read ? (added, removed) : nil
    }

    private static func hexadecimal(_ digits: ArraySlice<UInt8>) -> UInt32? {
        guard !digits.isEmpty, digits.count <= 8 else { return nil }
        var value: UInt32 = 0
        for digit in digits {
            switch digit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = value << 4 | UInt32(digit - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): value = value << 4 | UInt32(digit - UInt8(ascii: "a") + 10)
            default: return nil
            }
        }
        return value
    }

    static func characters(in text: String) -> [UInt32] {
        Array(text.utf8).split(separator: UInt8(ascii: " ")).flatMap { range($0).map(Array.init) ?? [] }
    }

    static func text(for characters: [UInt32]) -> String {
        var ranges: [String] = []
        var index = 0
        while index < characters.count {
            var end = index
            while end + 1 < characters.count, characters[end + 1] == characters[end] + 1 { end += 1 }
            let low = String(characters[index], radix: 16)
            ranges.append(end == index ? low : low + "-" + String(characters[end], radix: 16))
            index = end + 1
        }
        return ranges.joined(separator: " ")
    }

    /// `characters` as its own ranges, or as the earlier map it differs least from with the
    /// ranges added and (each after `-`) removed, whichever lists fewer characters.
    static func field(for characters: [UInt32], bases: [(name: String, characters: [UInt32])]) -> String {
        let own = Set(characters)
        var best = (cost: characters.count, text: text(for: characters))
        for base in bases {
            let baseSet = Set(base.characters)
            let added = characters.filter { !baseSet.contains($0) }
            let removed = base.characters.filter { !own.contains($0) }
            guard added.count + removed.count < best.cost else { continue }
            let parts = ["=" + base.name, text(for: added), text(for: removed).split(separator: " ").map { "-" + $0 }
                .joined(separator: " ")]
            best = (added.count + removed.count, parts.filter { !$0.isEmpty }.joined(separator: " "))
        }
        return best.text
    }
}

/// A set of characters as sorted, disjoint, non-adjacent ranges, looked up by binary search.
struct CharacterCoverage: Sendable {
    private(set) var ranges: [ClosedRange<UInt32>]

    init(ranges: [ClosedRange<UInt32>]) {
        let sorted = zip(ranges, ranges.dropFirst()).allSatisfy { $0.lowerBound <= $1.lowerBound }
            ? ranges : ranges.sorted { $0.lowerBound < $1.lowerBound }
        var merged: [ClosedRange<UInt32>] = []
        merged.reserveCapacity(sorted.count)
        for range in sorted {
            if let last = merged.last, last.upperBound == .max || range.lowerBound <= last.upperBound + 1 {
                merged[merged.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        self.ranges = merged
    }

    func contains(_ character: UInt32) -> Bool {
        var low = 0, high = ranges.count
        while low < high {
            let middle = (low + high) / 2
            if ranges[middle].upperBound < character { low = middle + 1 } else { high = middle }
        }
        return low < ranges.count && ranges[low].contains(character)
    }

    func contains(_ scalar: Unicode.Scalar) -> Bool { contains(scalar.value) }

    func adding(_ more: [ClosedRange<UInt32>]) -> CharacterCoverage {
        more.isEmpty ? self : CharacterCoverage(ranges: ranges + more)
    }

    /// The characters without those of `gone`: one pass over both sorted lists.
    func removing(_ gone: [ClosedRange<UInt32>]) -> CharacterCoverage {
        guard !gone.isEmpty else { return self }
        let cuts = CharacterCoverage(ranges: gone).ranges
        var kept: [ClosedRange<UInt32>] = []
        var cutIndex = 0
        for range in ranges {
            var low = range.lowerBound
            var remaining = true
            while cutIndex < cuts.count, cuts[cutIndex].upperBound < low { cutIndex += 1 }
            var index = cutIndex
            while remaining, index < cuts.count, cuts[index].lowerBound <= range.upperBound {
                let cut = cuts[index]
                if cut.lowerBound > low { kept.append(low...(cut.lowerBound - 1)) }
                if cut.upperBound >= range.upperBound { remaining = false } else { low = cut.upperBound + 1 }
                index += 1
            }
            if remaining { kept.append(low...range.upperBound) }
        }
        return CharacterCoverage(ranges: kept)
    }
}
