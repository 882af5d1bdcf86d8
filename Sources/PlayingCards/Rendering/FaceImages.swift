import CardRenderSupport
import Drawing
import Foundation

/// Court-card pictures loaded from a folder (`--faces DIR`): `JH.png`, `QS.png`, `KD.png` …
/// Every PNG in the folder is decoded up front, so a damaged file is reported before anything
/// is drawn; files not named after a court card are ignored.
public struct FaceImages: Sendable {
    /// The decoded pictures by court card.
    public private(set) var images: [Card: RGBAImage]

    /// Face images already decoded.
    public init(images: [Card: RGBAImage] = [:]) {
        self.images = images
    }

    /// Decodes every court-card PNG in `directory`; throws `faceImages` for a damaged file or a missing folder.
    public init(directory: URL) throws(PlayingCardsError) {
        switch Syscalls.kind(at: directory.path) {
        case nil: throw .faceImages("--faces folder \(directory.path) does not exist")
        case .directory: break
        case .some: throw .faceImages("--faces \(directory.path) is a file, not a folder")
        }
        let names: [String]
        do throws(Errno) {
            names = try Syscalls.entries(of: directory.path).map(\.name).sorted()
        } catch {
            throw .faceImages("cannot list --faces folder \(directory.path): \(error)")
        }
        var images: [Card: RGBAImage] = [:]
        for name in names where name.lowercased().hasSuffix(".png") {
            let url = directory.appendingPathComponent(name)
            let image: RGBAImage
            do {
                image = try PNG.read(contentsOf: url)
            } catch {
                throw .faceImages("cannot use face image \(url.path): \(error.description)")
            }
            let stem = String(name.dropLast(4))
            if let card = try? CardName.parseCard(stem), card.rank.isCourt { images[card] = image }
        }
        guard !images.isEmpty else {
            throw .faceImages("--faces folder \(directory.path) has no court images; name them like JH.png, QS.png, KD.png")
        }
        self.images = images
    }

    /// The picture of `card`, or nil to draw the built-in court design.
    public subscript(card: Card) -> RGBAImage? { images[card] }
}
