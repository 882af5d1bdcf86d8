import CardRenderSupport
import Foundation
import ZIPFoundation

/// The parts of a spreadsheet's zip archive, read by name through ZIPFoundation. Names inside
/// the archive are only compared with the names the formats define, never used as paths on
/// disk. Every part read is bounded twice: by the size the archive declares, before inflating,
/// and by the bytes counted while inflating, since a declared size can lie.
struct SpreadsheetArchive {
    /// A structural fault: which part (or the archive itself, when nil) and what is wrong.
    struct Fault: Error {
        var part: String?
        var message: String
    }

    private let archive: Archive
    private let entries: [String: Entry]
    /// Where each named part's local header starts, from the central directory (the first
    /// record of a name, as `entries` keeps the first entry).
    private let localHeaders: [String: Int]
    /// The whole file (at most `limits.fileBytes`, checked before it is opened).
    private let bytes: Data
    let limits: SpreadsheetLimits

    /// Opens the archive in the file at `url` and lists its entries, refusing more than the
    /// limit. A file, not ZIPFoundation's in-memory archive: reading that one past its end (at an
    /// offset a damaged directory gives) traps, where a file read there just ends.
    init(url: URL, limits: SpreadsheetLimits) throws(Fault) {
        self.limits = limits
        do {
            archive = try Archive(url: url, accessMode: .read)
            bytes = try Syscalls.contents(of: url.path)
        } catch {
            throw Fault(part: nil, message: "is not a zip archive (an .xlsx or .ods file is one); was it saved as another format?")
        }
        var entries: [String: Entry] = [:]
        var count = 0
        for entry in archive {
            count += 1
            guard count <= limits.archiveEntries else {
                throw Fault(part: nil, message: "holds more than \(limits.archiveEntries) zip entries")
            }
            if entries[entry.path] == nil { entries[entry.path] = entry }
        }
        self.entries = entries
        localHeaders = ZipDirectory.localHeaderOffsets(in: bytes, maxEntries: limits.archiveEntries)
    }

    /// Whether the archive has a part named `path`.
    func contains(_ path: String) -> Bool { entries[path] != nil }

    /// The bytes of the part named `path`, or nil when there is no such part.
    func part(_ path: String) throws(Fault) -> Data? {
        guard let entry = entries[path] else { return nil }
        guard entry.type == .file else { throw Fault(part: path, message: "is not a file in the archive") }
        let limit = limits.partBytes
        guard entry.uncompressedSize <= UInt64(limit) else {
            throw Fault(part: path, message: "declares \(entry.uncompressedSize) bytes once inflated, more than the \(limit) allowed")
        }
        var inflated = Data()
        inflated.reserveCapacity(Int(entry.uncompressedSize))
        let collect = { (chunk: Data) throws in
            guard inflated.count + chunk.count <= limit else { throw Fault(part: path, message: "inflates past \(limit) bytes") }
            inflated.append(chunk)
        }
        do {
            if entry.isCompressed {
                try inflate(entry, named: path, into: collect)
            } else {
                _ = try archive.extract(entry, consumer: collect)
            }
        } catch let fault as Fault {
            throw fault
        } catch {
            throw Fault(part: path, message: "cannot be read from the archive (\(Self.describe(error)))")
        }
        return inflated
    }

    /// Inflates a deflated part from its own bytes only (see `PartInflater`): from its local
    /// header, for its compressed size, each checked against the file.
    private func inflate(_ entry: Entry, named path: String, into consumer: (Data) throws -> Void) throws {
        guard let header = localHeaders[path], let start = ZipDirectory.dataStart(in: bytes, localHeader: header),
              entry.compressedSize <= UInt64(bytes.count - start) else {
            throw Fault(part: path, message: "cannot be read from the archive (its data lies outside the file)")
        }
        let data = bytes[bytes.startIndex + start ..< bytes.startIndex + start + Int(entry.compressedSize)]
        let checksum: UInt32
        do {
            checksum = try PartInflater.inflate(data, into: consumer)
        } catch PartInflater.Failure.endsEarly {
            throw Fault(part: path, message: "cannot be read from the archive (its deflated data ends early)")
        } catch PartInflater.Failure.corrupt(let reason) {
            throw Fault(part: path, message: "cannot be read from the archive (\(reason))")
        }
        guard checksum == entry.checksum else {
            throw Fault(part: path, message: "cannot be read from the archive (invalidCRC32)")
        }
    }

    /// ZIPFoundation's error cases by name (`invalidCRC32`), without the module's prefix.
    static func describe(_ error: any Error) -> String {
        let text = String(describing: error)
        return text.split(separator: ".").last.map(String.init) ?? text
    }
}
